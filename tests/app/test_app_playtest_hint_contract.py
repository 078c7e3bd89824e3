"""Play-test: H keeps to the player's contract (issue 12, item 10).

After a blind nil, H said "Play the king of spades: you have none of the suit led,
so trump it", and following it broke the nil on the third trick. Here the player
presses H, then J (the hinted card) and Enter, at every turn.
"""

from __future__ import annotations

from collections.abc import Callable

from audiospades.app.harness import Harness
from audiospades.storage import Settings

_NIL_WORDS = (
    "it is the lead most likely to lose the trick",
    "it cannot win the trick",
    "your lowest gives a later player the best chance to beat it",
    "your nil fails on this trick whatever you play",
    "it is your only choice",
)


def _settings(**rules: object) -> Settings:
    return Settings(
        language="en",
        pace="fast",
        last_rules={"preset": "pagat", "target_score": None, "hand_limit": 1, **rules},
    )


def _follow_hints(h: Harness, tricks: int = 13) -> list[str]:
    """Press H, J and Enter at each turn; return the hints spoken."""
    start = h.mark()
    for _ in range(tricks):
        h.press("h", "j", "return")
    return [line for line in h.said_since(start) if line.startswith("Play the ")]


def test_following_the_hint_after_a_blind_nil_ducks_every_trick_it_can(
    make_harness: Callable[..., Harness],
) -> None:
    h = make_harness(seed=3, settings=_settings(blind_nil_behind=0))
    h.press("return", "y", "return", "right", "return")
    assert "You bid blind nil." in h.transcript
    hints = _follow_hints(h)
    said = h.transcript
    failed = said.index("Your blind nil has failed.")
    live = [line for line in hints if said.index(line) < failed]
    assert len(live) >= 6  # before, the third hint trumped and broke the nil
    for line in live:
        assert any(words in line for words in _NIL_WORDS), line
        assert "trump it" not in line
        assert "wins the trick" not in line
    # (The partner passes back its own low cards, not those just passed to it.)
    assert live[0] == (
        "Play the 2 of hearts: it is the lead most likely to lose the trick."
    )
    # Both hearts lose under the ace: shed the 7, not the 6.
    assert live[1] == (
        "Play the 7 of hearts: it cannot win the trick, and it is the highest card "
        "you can safely get rid of."
    )


def test_following_the_hint_as_partner_of_a_nil_covers_it(
    make_harness: Callable[..., Harness],
) -> None:
    h = make_harness(seed=58, settings=_settings())
    h.press("return", "n", "3", "return")
    assert "Lena is your partner." in h.transcript[1]
    assert "Lena bids nil." in h.transcript
    hints = _follow_hints(h)
    # Lena has not played yet: take the trick over her head.
    assert hints[5] == (
        "Play the queen of hearts: winning the trick keeps your partner's nil safe."
    )
    # On lead: high, so that Lena can play under it.
    assert hints[6] == (
        "Play the king of hearts: a high lead lets your partner play under it "
        "and keep the nil."
    )
    assert "Nil failed for Lena." not in h.transcript
