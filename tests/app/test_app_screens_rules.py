"""The rule settings and player selection screens, driven by keys through the loop."""

from __future__ import annotations

import dataclasses
from collections.abc import Callable

import pytest

from audiospades.app.harness import Harness
from audiospades.app.players_screen import fit_players, table_difficulty
from audiospades.app.rules_screen import STEPS, next_value
from audiospades.presenter.rule_words import (
    rule_explanation,
    rule_label,
    rule_option_names,
    rule_value_text,
    rules_refused_text,
)
from audiospades.rules import Rules, RulesError
from audiospades.rules.options import TrumpMode
from audiospades.sound import Cue
from audiospades.storage import Settings


def _open_rules(h: Harness) -> None:
    h.press("r")
    assert h.last == "Rules, 4 of 12"
    h.press("return")


def _focus(h: Harness, label: str, limit: int = 40) -> None:
    """Down until the focused item starts with ``label``."""
    for _ in range(limit):
        if h.app.stack.top.item_text().startswith(label + ","):  # type: ignore[attr-defined]
            return
        h.press("down")
    raise AssertionError(f"no item {label!r}")


def test_every_rules_field_has_a_label_an_explanation_and_values() -> None:
    names = [f.name for f in dataclasses.fields(Rules)]
    assert list(rule_option_names()) == names
    for name in names:
        assert rule_label(name) != name
        assert rule_explanation(name)
        for preset in Rules.preset_names():
            for players in (3, 4, 5, 6):
                value = getattr(Rules.from_preset(preset, players=players), name)
                assert rule_value_text(name, value)


@pytest.mark.parametrize("name", [f.name for f in dataclasses.fields(Rules)])
def test_every_option_can_change(name: str) -> None:
    """Left and Right give each option another value (the table fields included)."""
    if name in ("preset", "player_count", "partnerships"):
        return
    rules = Rules.pagat()
    assert next_value(rules, name, 1) != getattr(rules, name)
    if name in STEPS:
        assert getattr(rules, name) in STEPS[name]


def test_seed_001_settings_are_offered() -> None:
    """Seed 001: "play to 300 or 500 points or to a limit of 8 or 16 hands"; bag
    penalty 100 or none; overtrick points 1, 0 or -1; nil bonus choices."""
    assert {300, 500} <= set(STEPS["target_score"])
    assert {8, 16} <= set(STEPS["hand_limit"])
    assert set(STEPS["bag_penalty"]) == {0, 100}
    assert set(STEPS["overtrick_points"]) == {-1, 0, 1}
    assert {0, 100, 200} <= set(STEPS["blind_nil_behind"])


def test_changed_options_are_the_rules_of_the_next_game(
    make_harness: Callable[..., Harness],
) -> None:
    h = make_harness()
    _open_rules(h)
    assert h.last.startswith("Rule settings. ")
    # The conftest's rules (one hand, no target) differ from pagat's.
    assert "Rule set, custom rules, based on pagat's rules, 1 of 35" in h.last
    # Full verbosity: the explanation follows once the focus rests on the item.
    h.press("wait:1500")
    assert h.last.startswith("A starting set of rules")
    _focus(h, "Play to")
    h.press("right")  # the conftest plays one hand, to no score: the first value
    assert h.last == "Play to, 100 points, 4 of 35"
    h.press("right")
    assert h.last == "Play to, 200 points, 4 of 35"
    h.press("t")
    assert h.last == "Trumps, normal, spades only, 19 of 35"
    h.press("right")
    assert h.last == "Trumps, jokers above the spades, 19 of 35"
    h.press("return")
    assert h.last == (
        "Which cards are trumps besides the spades. Big joker, then little joker, "
        "then the spades. The 2 of clubs and 2 of hearts are left out of the deck."
    )
    assert h.services.settings.last_rules["trump_mode"] == "jokers"
    h.press("escape", "home", "return")
    rules = h.table.session.rules
    assert rules.target_score == 200
    assert rules.hand_limit == 1
    assert rules.trump_mode is TrumpMode.JOKERS


def test_preset_and_player_count_reach_the_game(
    make_harness: Callable[..., Harness],
) -> None:
    h = make_harness()
    _open_rules(h)
    h.press("right")
    assert h.last == "Rule set, the commercial app's rules, 1 of 35"
    h.press("down", "right", "right")
    assert h.last == "Players, 6 players, 2 of 35"
    h.press("down")
    assert h.last == "Partnerships, on, 3 of 35"
    h.press("wait:1500")
    assert h.last.startswith("Partners sit across")
    assert "Partnerships, on, 3 of 35" in h.transcript
    h.press("end", "return")
    rules = h.table.session.rules
    assert (rules.preset, rules.player_count, rules.partnerships) == (
        "seed_001",
        6,
        True,
    )
    assert len(h.table.session.names) == 6


def test_impossible_combination_is_refused_with_its_reason(
    make_harness: Callable[..., Harness],
) -> None:
    """README: "An impossible combination is refused with an error that names the
    options involved"; blind nil needs nil."""
    h = make_harness()
    _open_rules(h)
    before = dict(h.services.settings.last_rules)
    h.press("n")
    assert h.last == "Nil allowed, on, 12 of 35"
    h.press("right")
    # QA: it named the conflict but not the way out.
    assert h.last == (
        "Not allowed: Nil allowed cannot be off while Blind nil allowed is on; "
        "turn Blind nil allowed off first. Nothing was changed."
    )
    assert h.services.settings.last_rules == before
    # Partnerships with five players.
    h.press("home", "down", "right")
    assert h.last == "Players, 5 players, 2 of 35"
    h.press("down", "right")
    assert h.last == (
        "Not allowed: Partnerships, on, conflicts with Players. Nothing was changed."
    )
    # No target and no hand limit.
    h.press("down")
    assert h.last == "Play to, none, play to the hand limit, 4 of 35"
    h.press("down", "left")  # from the conftest's one hand
    assert h.last == (
        "Not allowed: Hand limit, no limit, conflicts with Play to. "
        "Nothing was changed."
    )


def test_turning_blind_nil_off_first_lets_nil_off_and_back_needs_nil_on(
    make_harness: Callable[..., Harness],
) -> None:
    """The way out the refusal names works, and the reverse refusal names its own."""
    h = make_harness()
    _open_rules(h)
    _focus(h, "Blind nil allowed")
    h.press("right")
    assert h.last.startswith("Blind nil allowed, off, ")
    _focus(h, "Nil allowed")
    h.press("right")
    assert h.last.startswith("Nil allowed, off, ")
    assert h.services.settings.last_rules["nil_allowed"] is False
    _focus(h, "Blind nil allowed")
    h.press("right")
    assert h.last == (
        "Not allowed: Blind nil allowed cannot be on while Nil allowed is off; "
        "turn Nil allowed on first. Nothing was changed."
    )
    assert h.services.settings.last_rules["blind_nil_allowed"] is False


@pytest.mark.parametrize(
    ("players", "words"),
    [
        (
            4,
            "Not allowed: Cards passed after a blind nil cannot be 2 while "
            "Partnerships is off; turn Partnerships on first. Nothing was changed.",
        ),
        (
            # Three players cannot play in partnerships: no advice that would only
            # be refused in turn.
            3,
            "Not allowed: Cards passed after a blind nil, 2, conflicts with "
            "Partnerships. Nothing was changed.",
        ),
    ],
)
def test_a_refusal_advises_a_switch_only_when_that_switch_is_allowed(
    players: int, words: str
) -> None:
    rules = Rules.pagat(players=players, partnerships=False)
    with pytest.raises(RulesError) as refused:
        dataclasses.replace(rules, blind_nil_pass=2)
    assert (
        rules_refused_text("blind_nil_pass", 2, refused.value.options, rules) == words
    )


def test_a_game_of_one_hand_or_four_can_be_chosen(
    make_harness: Callable[..., Harness],
) -> None:
    """A short game, as the browser page's "short game" makes (one hand): the
    game's own rules offered no limit under 8 hands."""
    h = make_harness(
        settings=Settings(language="en", pace="fast", last_rules={"preset": "pagat"})
    )
    _open_rules(h)
    _focus(h, "Hand limit")
    heard = []
    for _ in range(5):
        h.press("right")
        heard.append(h.app.stack.top.item_text())  # type: ignore[attr-defined]
    assert [text.split(", ")[1] for text in heard] == [
        "1 hand",
        "4 hands",
        "8 hands",
        "16 hands",
        "no limit",
    ]


def test_brief_verbosity_explains_only_on_enter(
    make_harness: Callable[..., Harness],
) -> None:
    h = make_harness(
        settings=Settings(
            language="en",
            pace="fast",
            verbosity="brief",
            last_rules={"preset": "pagat"},
        )
    )
    _open_rules(h)
    assert h.last.endswith("Rule set, pagat's rules, 1 of 35")
    h.press("down")
    assert h.last == "Players, 4 players, 2 of 35"
    h.press("space")
    assert h.last.startswith("3 to 6 players")


def _choose(h: Harness, name: str) -> None:
    """Right until the focused seat holds ``name``."""
    for _ in range(20):
        if f", {name}, " in h.app.stack.top.item_text():  # type: ignore[attr-defined]
            return
        h.press("right")
    raise AssertionError(name)


def test_player_selection_seats_the_characters_and_speaks_the_difficulty(
    make_harness: Callable[..., Harness],
) -> None:
    """Seed 001: "The hardest difficulty is to have both opponents on 5 stars and
    your partner on 1 star, giving a 14 stars maximum difficulty level"."""
    h = make_harness()
    _open_rules(h)
    h.press("end", "up")
    assert h.last == "Choose the players, 34 of 35"
    h.press("return")
    opening = h.last
    assert opening.startswith("Player selection. ")
    assert "Match difficulty " in opening and "Left opponent, West, " in opening
    _choose(h, "Victor")
    assert "Left opponent, West, Victor, 5 stars, 1 of 5" in h.transcript[-3:]
    assert "The club champion: precise bids, no wasted trumps." in h.transcript[-3:]
    h.press("down")
    assert h.last.startswith("Partner, North, ")
    _choose(h, "Milly")
    h.press("down")
    _choose(h, "Greta")
    said = h.transcript
    assert "Match difficulty 14 of 14 stars." in said
    assert h.last == "Match difficulty 14 of 14 stars."
    assert h.services.settings.last_players == ["victor", "milly", "greta"]
    h.press("down")
    assert h.last == "Match difficulty, 14 of 14 stars, 4 of 5"
    h.press("down", "return")
    session = h.table.session
    assert session.seating.characters == (None, "victor", "milly", "greta")
    assert any(
        s.startswith("New game with Victor, Milly and Greta") for s in h.transcript
    )
    # Leaving the game goes to the main menu, not back to the selection.
    h.press("escape")
    h.press("end", "up", "return")  # save and go to the main menu
    assert h.app.stack.top.__class__.__name__ == "MainMenu"


def test_seats_are_distinct_and_fitted_to_the_table() -> None:
    assert fit_players(["milly", "milly", "ghost"], 3)[0] == "milly"
    assert len(set(fit_players(["milly", "milly"], 5))) == 5
    four = Rules.pagat()
    assert table_difficulty(four, ["victor", "milly", "greta"]) == 14
    assert table_difficulty(four, ["milly", "victor", "bert"]) == 2
    five = Rules.pagat(players=5)
    assert 2 <= table_difficulty(five, fit_players([], 4)) <= 14


def test_changing_the_player_count_refits_the_players(
    make_harness: Callable[..., Harness],
) -> None:
    h = make_harness()
    _open_rules(h)
    h.press("down", "right")
    assert h.services.settings.last_players == fit_players([], 4)
    h.press("end", "up", "return")
    assert "Left opponent, Southwest, Hazel, 3 stars, 1 of 6" in h.last
    h.press("down")
    assert h.last.startswith("Opponent, Northwest, ")


def test_arrows_speak_only_the_option_and_the_explanation_waits_for_a_pause(
    make_harness: Callable[..., Harness],
) -> None:
    """Issue 12, item 15: the long explanation was spoken on every arrow press,
    although the title says Enter explains."""
    h = make_harness()
    _open_rules(h)
    mark = h.mark()
    h.press("down", "down", "down")
    assert h.said_since(mark) == [
        "Players, 4 players, 2 of 35",
        "Partnerships, on, 3 of 35",
        "Play to, none, play to the hand limit, 4 of 35",
    ]
    h.press("wait:1000")
    assert h.last == "Play to, none, play to the hand limit, 4 of 35"  # not yet
    h.press("wait:500")
    assert h.last == rule_explanation("target_score")
    h.press("wait:5000")
    assert h.said_since(mark).count(rule_explanation("target_score")) == 1
    # Moving on before the pause is over: that option is never explained.
    mark = h.mark()
    h.press("down", "wait:700", "down", "wait:1500")
    assert rule_explanation("hand_limit") not in h.said_since(mark)
    assert h.last == rule_explanation(_option_after(h))
    # Enter explains at once, and only once.
    mark = h.mark()
    h.press("up", "return", "wait:3000")
    said = h.said_since(mark)
    assert said[1] == said[-1]
    assert said.count(said[1]) == 1


def _option_after(h: Harness) -> str:
    data = h.app.stack.top.items[h.app.stack.top.index].data  # type: ignore[attr-defined]
    assert isinstance(data, str)
    return data


def test_brief_verbosity_never_explains_by_itself(
    make_harness: Callable[..., Harness],
) -> None:
    h = make_harness(settings=Settings(language="en", pace="fast", verbosity="brief"))
    _open_rules(h)
    mark = h.mark()
    h.press("down", "wait:5000")
    assert h.said_since(mark) == ["Players, 4 players, 2 of 35"]


def test_player_selection_speaks_the_personality_after_a_pause_or_on_enter(
    make_harness: Callable[..., Harness],
) -> None:
    h = make_harness()
    _open_rules(h)
    h.press("end", "up", "return")
    assert h.last.startswith(
        "Player selection. Left arrow and Right arrow change the player; "
        "Enter describes them."
    )
    mark = h.mark()
    h.press("down")
    assert len(h.said_since(mark)) == 1
    assert h.last.startswith("Partner, North, ")
    h.press("wait:1500")
    personality = h.last
    assert not personality.startswith("Partner, North")
    h.press("down")
    assert h.last.startswith("Right opponent, East, ")
    h.press("up", "return")
    assert h.last == personality


def test_partnership_options_say_they_are_unused_when_each_plays_alone(
    make_harness: Callable[..., Harness],
) -> None:
    h = make_harness()
    _open_rules(h)
    _focus(h, "Double nil allowed")
    assert h.last.startswith("Double nil allowed, on,")
    h.press("home", "down", "left")  # 3 players, each for themselves
    assert h.last.startswith("Players, 3 players,")
    for label in ("Double nil allowed", "Cards passed after a blind nil"):
        _focus(h, label)
        assert h.last.startswith(f"{label}, not used: each plays for themselves,")
    _focus(h, "Redeal a hand with one spade or none")


def test_a_failed_nils_tricks_helping_no_partner_say_they_are_not_counted(
    make_harness: Callable[..., Harness],
) -> None:
    """QA: each for themselves, "help the partner's bid" was offered as if it
    counted, though the scoring (and U) count those tricks nowhere, as "not
    counted": the screen says so, as it says the bag options do nothing under
    quicksand. The value stays, for a table of partnerships."""
    rules = {"preset": "pagat", "nil_tricks": "partner_contract"}
    h = make_harness(
        settings=Settings(
            language="en", pace="fast", verbosity="brief", last_rules=rules
        )
    )
    _open_rules(h)
    label = "A failed nil's tricks"
    _focus(h, label)
    assert h.last.startswith(f"{label}, help the partner's bid, ")
    h.press("home", "down", "left")  # 3 players, each for themselves
    assert h.last.startswith("Players, 3 players,")
    _focus(h, label)
    assert h.last.startswith(
        f"{label}, help the partner's bid; each plays for themselves, so they "
        "are not counted, "
    )
    h.press("return")
    assert h.last == (
        "How tricks taken by a player whose nil failed count for the side. Each "
        "plays for themselves, so there is no partner's bid to help: a failed "
        "nil's tricks are not counted."
    )
    h.press("left")  # "not counted" itself: nothing to add
    assert h.last.startswith(f"{label}, not counted, ")
    h.press("right")
    assert "each plays for themselves" in h.last
    h.press("home", "down", "right")  # 4 players, in partnerships again
    assert h.last.startswith("Players, 4 players,")
    _focus(h, label)
    assert h.last.startswith(f"{label}, help the partner's bid, ")
    h.press("return")
    assert h.last == (
        "How tricks taken by a player whose nil failed count for the side."
    )


def test_bag_options_say_they_have_no_effect_under_quicksand(
    make_harness: Callable[..., Harness],
) -> None:
    """Seed 004, quicksand: "no bags"; the bag options stay, found where they were."""
    h = _brief(make_harness)
    _open_rules(h)
    _focus(h, "Bag penalty")
    assert h.last == "Bag penalty, 100 points, 8 of 35"
    _focus(h, "Scoring style")
    h.press("right")
    assert h.last.startswith("Scoring style, quicksand,")
    for label, value in (
        ("Bag penalty", "100 points"),
        ("Bags per penalty", "10"),
        ("Overtrick points", "1"),
        ("Ten for two hundred", "off"),
    ):
        h.press("home")
        _focus(h, label)
        assert h.last.startswith(
            f"{label}, {value}; no effect under quicksand scoring, "
        )
    h.press("right")  # still changes, and says so with the same warning
    assert h.last.startswith("Ten for two hundred, on; no effect under quicksand")
    h.press("return")
    assert h.last == (
        "Whether a made contract of 10 or more tricks scores double. "
        "This option has no effect under quicksand scoring."
    )
    h.press("home")
    # Not an option quicksand ignores: "help the partner's bid" still counts. Its
    # value "bags" counts for nothing there, and says so (test below).
    _focus(h, "A failed nil's tricks")
    assert "no effect" not in h.last
    _focus(h, "Scoring style")
    h.press("left")
    _focus(h, "Bag penalty")
    assert h.last == "Bag penalty, 100 points, 8 of 35"


def test_a_failed_nils_tricks_as_bags_say_they_count_for_nothing_under_quicksand(
    make_harness: Callable[..., Harness],
) -> None:
    """Quicksand has no bags: a failed nil's tricks set to "bags" (or "bags worth
    no points") count nowhere, as "not counted" does, and the value says so, as
    the bag options do. "help the partner's bid" still counts: no note (above)."""
    h = _brief(make_harness)
    _open_rules(h)
    _focus(h, "Scoring style")
    h.press("right")
    assert h.last.startswith("Scoring style, quicksand,")
    h.press("home")
    _focus(h, "A failed nil's tricks")
    note = "quicksand scoring has no bags, so they are not counted"
    values = {}
    for _ in range(4):
        h.press("right")
        value = h.last.removeprefix("A failed nil's tricks, ").rsplit(", ", 1)[0]
        values[value.split(";")[0]] = value
    assert values["bags"] == f"bags; {note}"
    assert values["bags worth no points"] == f"bags worth no points; {note}"
    assert values["not counted"] == "not counted"
    assert values["help the partner's bid"] == "help the partner's bid"
    while not h.last.startswith("A failed nil's tricks, bags;"):
        h.press("right")
    h.press("return")
    assert h.last.endswith(
        " Quicksand scoring has no bags: a failed nil's tricks are not counted."
    )
    _focus(h, "Scoring style")
    h.press("left")
    _focus(h, "A failed nil's tricks")
    assert h.last.startswith("A failed nil's tricks, bags, "), h.last


def test_going_round_a_list_of_values_is_said_with_the_edge_cue(
    make_harness: Callable[..., Harness],
) -> None:
    """QA: Left on "Blind nil when behind by" went from "always" to 300 with the
    usual cue, so nothing said the list had gone round."""
    h = make_harness()
    _open_rules(h)
    _focus(h, "Trumps")
    h.press("right")
    assert h.sound.cues[-1] is Cue.MENU_MOVE
    h.press("left", "left")  # back to the first value, then round to the last
    assert h.sound.cues[-1] is Cue.EDGE
    h.press("right")  # round again, to the first
    assert h.sound.cues[-1] is Cue.EDGE
    h.press("right")
    assert h.sound.cues[-1] is Cue.MENU_MOVE


def _brief(make_harness: Callable[..., Harness]) -> Harness:
    return make_harness(
        settings=Settings(
            language="en",
            pace="fast",
            verbosity="brief",
            last_rules={"preset": "pagat"},
        )
    )


def test_rule_set_says_custom_rules_once_an_option_differs(
    make_harness: Callable[..., Harness],
) -> None:
    """QA: "Rule set, pagat's rules" after a change; the lobby says "custom rules"."""
    h = _brief(make_harness)
    _open_rules(h)
    assert h.last.endswith("Rule set, pagat's rules, 1 of 35")
    _focus(h, "Trumps")
    h.press("right", "home")
    assert h.last == "Rule set, custom rules, based on pagat's rules, 1 of 35"
    _focus(h, "Trumps")
    h.press("left", "home")
    assert h.last == "Rule set, pagat's rules, 1 of 35"


def test_enter_explains_the_value_now_chosen(
    make_harness: Callable[..., Harness],
) -> None:
    """QA: Enter gave only a generic line ("Which cards are trumps ...")."""
    h = _brief(make_harness)
    _open_rules(h)
    h.press("down", "right", "right")
    assert h.last == "Players, 6 players, 2 of 35"
    h.press("return")
    assert h.last.endswith(
        "The 2 of clubs, 2 of diamonds, 2 of hearts and 2 of spades are left out "
        "of the deck."
    )
    _focus(h, "Trumps")
    h.press("right", "right")
    assert h.last == "Trumps, deuces above the spades, 19 of 35"
    h.press("return")
    assert h.last == (
        "Which cards are trumps besides the spades. Deuces on top: 2 of spades, "
        "2 of diamonds, 2 of clubs, 2 of hearts, then the spades. The 3 of clubs, "
        "3 of diamonds, 3 of hearts and 3 of spades are left out of the deck."
    )
    _focus(h, "Bidding style")
    h.press("right")
    assert h.last.startswith("Bidding style, suicide")
    h.press("return")
    assert h.last == (
        "Limits on what each player may bid. Suicide: one partner bids nil, the "
        "other at least 4, or both bid nil."
    )
    _focus(h, "Scoring style")
    h.press("right", "return")
    assert h.last.startswith("How a contract is scored. Quicksand scoring: ")


def test_the_first_opening_of_player_selection_says_new_games_now_seat_these(
    make_harness: Callable[..., Harness],
) -> None:
    """QA: New game drew its players at random until the screen was first opened,
    then seated the ones it showed, and nothing said so."""
    h = make_harness()
    _open_rules(h)
    kept = "Until now each new game drew its computer players at random"
    h.press("end", "up", "return")
    assert kept in h.last
    h.press("escape")
    h.press("return")  # opened again: nothing has changed, nothing to say
    assert h.last.startswith("Player selection. ")
    assert kept not in h.last
