"""Play-test: Continue says where the game stands, and the last line only once."""

from __future__ import annotations

import json
from collections.abc import Callable

import pytest
from app_helpers import play_until

from audiospades import storage
from audiospades.app.harness import Harness
from audiospades.notices import QuestionKind
from audiospades.rules import Card, Phase
from audiospades.storage import Settings, paths


def _mid_trick(h: Harness) -> bool:
    t = h.table
    return (
        t is not None
        and t.session.is_human_turn
        and t.session.game.phase is Phase.PLAYING
        and bool(t.session.view().trick)
    )


def _saved_mid_trick(make_harness: Callable[..., Harness]) -> Harness:
    """A game played (and saved) up to the player's turn in a trick under way."""
    h = make_harness(seed=3)
    h.press("return")
    play_until(h, _mid_trick)
    assert h.last.startswith("Your turn.")
    return h


def test_continue_names_the_hand_and_the_cards_on_the_table(
    make_harness: Callable[..., Harness],
) -> None:
    h = _saved_mid_trick(make_harness)
    heard = h.last
    h.press("c")
    on_table = h.last
    h2 = make_harness(seed=1)
    h2.press("down")
    mark = h2.mark()
    h2.press("return")
    h2.settle()
    said = h2.said_since(mark)
    assert said[0] == f"Game resumed. Hand 1. {on_table}"
    assert said.count(heard) == 1, said
    h2.press("t")
    assert h2.last == "Your turn to play."


def _rules_settings(**rules: object) -> Settings:
    return Settings(
        language="en",
        pace="fast",
        last_rules={"preset": "pagat", "target_score": None, "hand_limit": 1, **rules},
    )


def test_every_line_heard_is_already_saved(
    make_harness: Callable[..., Harness], monkeypatch: pytest.MonkeyPatch
) -> None:
    """Issue 13, item 2: the save comes before the speech, so a kill at any moment
    never leaves the player having heard more than the disk holds."""
    saved_at: list[int] = []
    checked: list[tuple[str, int, int]] = []
    h: Harness | None = None
    real_save = storage.save_current

    def spy(record: dict[str, object], meta: dict[str, object]) -> object:
        table = h.table if h is not None else None
        saved_at.append(table.session.game.action_count if table else -1)
        return real_save(record, meta)

    def heard(text: str) -> None:
        table = h.table if h is not None else None
        if table is not None and not table.session.is_over and saved_at:
            checked.append((text, table.session.game.action_count, saved_at[-1]))

    monkeypatch.setattr(storage, "save_current", spy)
    h = make_harness(seed=4, on_utterance=heard)
    h.press("return")
    play_until(h, lambda h: h.table is not None and h.table.session.is_over)
    assert len(checked) > 50
    behind = [(text, live, disk) for text, live, disk in checked if disk != live]
    assert behind == []


def test_a_blind_nil_question_open_at_quitting_is_open_after_continue(
    make_harness: Callable[..., Harness],
) -> None:
    """Issue 13, item 3: quit while the question waits, continue: the question is
    asked again, nobody bids meanwhile, and Y answers it."""
    settings = _rules_settings(blind_nil_behind=0)
    h = make_harness(seed=2, settings=settings)
    h.press("return")
    h.settle()
    assert h.table.session.question is not None
    assert "blind nil" in h.last.lower()
    h.stop()

    h2 = make_harness(seed=9, settings=settings)
    h2.press("down")
    mark = h2.mark()
    h2.press("return")
    h2.settle()
    said = " ".join(h2.said_since(mark)).lower()
    session = h2.table.session
    assert session.question is not None and session.hand_hidden
    assert "blind nil" in said
    h2.wait(60_000)
    assert all(bid is None for bid in session.game.bids)
    h2.press("y")
    h2.settle()
    assert "does nothing" not in h2.last
    assert session.game.bids[0] is not None and session.game.bids[0].blind


def test_a_redeal_offer_open_at_quitting_is_open_after_continue(
    make_harness: Callable[..., Harness],
) -> None:
    """Issue 13, item 3, the redeal offer: the same, answered with N."""
    settings = _rules_settings(misdeal_redeal=True, blind_nil_allowed=False)
    for seed in range(1, 200):
        h = make_harness(seed=seed, settings=settings)
        h.press("return")
        h.settle()
        question = h.table.session.question
        if question is not None and question.kind is QuestionKind.REDEAL:
            break
        h.stop()
    else:
        raise AssertionError("no seed gave seat 0 a redeal offer")
    deals = h.table.session.game.deal_count
    h.stop()

    h2 = make_harness(seed=9, settings=settings)
    h2.press("down", "return")
    h2.settle()
    session = h2.table.session
    assert session.question is not None and session.question.kind is (
        QuestionKind.REDEAL
    )
    assert session.game.deal_count == deals
    assert all(bid is None for bid in session.game.bids)
    h2.press("n")
    h2.settle()
    assert session.question is None
    assert "does nothing" not in h2.last


def test_new_game_over_a_saved_one_asks_first_and_n_keeps_it(
    make_harness: Callable[..., Harness],
) -> None:
    _saved_mid_trick(make_harness)
    saved = storage.load_current()[0]
    assert saved is not None
    h2 = make_harness(seed=1)
    h2.press("return")  # New game, with a game in progress saved
    assert h2.last.startswith("A game in progress is saved. Start a new game in its")
    assert h2.table is None
    h2.press("x")  # any other key asks again
    assert h2.last.startswith("A game in progress is saved.")
    h2.press("n")
    assert h2.last.startswith("New game, 1 of")
    still = storage.load_current()[0]
    assert still is not None and still.record == saved.record
    h2.press("down", "return")
    h2.settle()
    assert any(line.startswith("Game resumed.") for line in h2.transcript)


def test_new_game_over_a_saved_one_does_not_sound_like_a_failure(
    make_harness: Callable[..., Harness],
) -> None:
    """The question says what Y would do to the saved game; heard alone, "the saved
    game could not be continued" sounds as if the save had failed to load."""
    _saved_mid_trick(make_harness)
    h2 = make_harness(seed=1)
    h2.press("return")  # New game, with a game in progress saved
    assert h2.last.startswith("A game in progress is saved.")
    assert "saved game could not be continued" not in h2.last
    assert "could then no longer be continued" in h2.last


def test_new_game_over_a_saved_one_deals_on_y(
    make_harness: Callable[..., Harness],
) -> None:
    _saved_mid_trick(make_harness)
    h2 = make_harness(seed=1)
    h2.press("return", "y")
    h2.settle()
    assert h2.table is not None
    assert not any(line.startswith("Game resumed.") for line in h2.transcript)
    h2.press("escape")  # the game menu over the new table, as ever
    assert h2.table is not None


def test_continue_in_another_language_does_not_repeat_the_saved_line(
    make_harness: Callable[..., Harness],
) -> None:
    english = _saved_mid_trick(make_harness).last
    h2 = make_harness(seed=1, settings=Settings(language="fr", pace="fast"))
    h2.press("down")
    mark = h2.mark()
    h2.press("return")
    h2.settle()
    said = h2.said_since(mark)
    assert said[0].startswith("Partie reprise. Donne 1."), said
    assert english not in said, said
    assert not any(line.startswith("Your ") for line in said), said


def test_continue_in_the_bidding_says_the_bids_so_far(
    make_harness: Callable[..., Harness],
) -> None:
    settings = _rules_settings()
    h = make_harness(seed=2, settings=settings)
    h.press("return")
    h.settle()
    game = h.table.session.game
    assert game.phase is Phase.BIDDING and game.bids[0] is None
    made = [b for b in game.bids if b is not None]
    assert made
    again = make_harness(seed=1, settings=settings)
    again.press("down")
    mark = again.mark()
    again.press("return")
    again.settle()
    first = again.said_since(mark)[0]
    assert first.startswith("Game resumed. Hand 1. So far: "), first
    assert first.count(" bid ") == len(made), first


def _one_card_chosen_to_pass(
    make_harness: Callable[..., Harness], *then: str
) -> Harness:
    """A blind nil bid, then one of its two cards to pass chosen (then the keys
    ``then``); the game quit."""
    settings = _rules_settings(blind_nil_behind=0)
    h = make_harness(seed=11, settings=settings)
    h.press("return", "y")  # a new game; blind nil
    h.settle()
    assert h.table.session.game.phase is Phase.PASSING
    assert h.last == "Choose 2 cards to pass to Lena: press Enter on each."
    h.press("return")  # the first card
    assert h.last == "4 of clubs chosen; choose 1 more."
    h.press(*then, "alt+f4")
    assert not h.app.running
    return h


def _continue(make_harness: Callable[..., Harness]) -> tuple[Harness, list[str]]:
    """Start again and choose Continue: the harness and what it said."""
    h2 = make_harness(seed=9, settings=_rules_settings(blind_nil_behind=0))
    h2.press("down")
    mark = h2.mark()
    h2.press("return")
    h2.settle()
    return h2, h2.said_since(mark)


def test_a_card_chosen_to_pass_is_still_chosen_after_continue(
    make_harness: Callable[..., Harness],
) -> None:
    """Quit with one of two cards chosen to pass: Continue says it is chosen, and
    choosing a second passes both. Before, the choice was lost (saved only with
    the game's actions): Continue asked for two cards again."""
    _one_card_chosen_to_pass(make_harness)
    h2, said = _continue(make_harness)
    # (Before, the turn's "Choose 2 cards to pass to Lena: press Enter on
    # each." came next, which no longer held.)
    assert said == [
        "Game resumed. Hand 1. You have chosen the 4 of clubs to pass to Lena; "
        "choose 1 more: press Enter on it."
    ]
    assert h2.table.pass_choice == [Card.parse("4C")]
    h2.press("right")
    assert h2.last.startswith("5 of clubs")
    mark = h2.mark()
    h2.press("return")
    h2.settle()
    assert "You pass the 4 of clubs and the 5 of clubs to Lena." in h2.said_since(mark)
    session = h2.table.session
    assert session.game.phase is not Phase.PASSING
    assert storage.load_current()[0].meta["pass_choice"] == []  # type: ignore[union-attr]


def test_a_card_put_back_is_not_chosen_after_continue(
    make_harness: Callable[..., Harness],
) -> None:
    """Chosen, then put back: the save holds no choice, and Continue has none."""
    h = _one_card_chosen_to_pass(make_harness, "return")  # the same, put back
    assert "4 of clubs put back; choose 2 more." in h.transcript
    saved = storage.load_current()[0]
    assert saved is not None and saved.meta["pass_choice"] == []
    h2, said = _continue(make_harness)
    assert said == [
        "Game resumed. Hand 1.",
        "Choose 2 cards to pass to Lena: press Enter on each.",
    ]
    assert h2.table.pass_choice == []


@pytest.mark.parametrize(
    "saved",
    [
        None,  # a save from before choices were kept
        [],
        ["AS"],  # not in the hand
        ["4C", "4C"],
        ["4C", "5C"],  # a whole pass: it would have been made
        ["ZZ"],
        "4C",
        [4],
        ["4C"] * 1000,
    ],
)
def test_a_saved_choice_that_does_not_fit_is_ignored(
    make_harness: Callable[..., Harness], saved: object
) -> None:
    """An older save, or a choice that makes no sense: the game resumes with no
    card chosen, as it did before choices were saved."""
    _one_card_chosen_to_pass(make_harness)
    path = paths.current_game_path()
    data = json.loads(path.read_text())
    assert data["meta"]["pass_choice"] == ["4C"]  # the save holds the choice
    if saved is None:
        del data["meta"]["pass_choice"]
    else:
        data["meta"]["pass_choice"] = saved
    path.write_text(json.dumps(data))
    h2, said = _continue(make_harness)
    assert said[0] == "Game resumed. Hand 1.", said
    assert h2.table.pass_choice == []
    h2.press("return")
    assert h2.last.endswith(" chosen; choose 1 more.")


def test_save_and_go_to_the_main_menu_says_the_game_is_saved(
    make_harness: Callable[..., Harness],
) -> None:
    """QA: the item answered only "New game, 1 of 12", and nothing said it was kept."""
    h = _saved_mid_trick(make_harness)
    h.press("escape", "end", "up", "return")  # Save and go to the main menu
    assert h.table is None
    assert h.transcript[-2:] == [
        "Game saved. Continue in the main menu resumes it.",
        "New game, 1 of 12",
    ]
    assert storage.has_game_in_progress()


def test_a_game_the_disk_refused_is_not_said_saved(
    make_harness: Callable[..., Harness], monkeypatch: pytest.MonkeyPatch
) -> None:
    """The file of an earlier move is there, but the last save failed: no claim."""
    h = _saved_mid_trick(make_harness)

    def refuse(record: object, meta: object) -> storage.SaveProblem:
        return storage.SaveProblem(
            storage.SaveProblemKind.UNWRITABLE, paths.current_game_path()
        )

    monkeypatch.setattr(storage, "save_current", refuse)
    h.press("return")  # play the card: the save after it fails
    h.settle()
    assert "Your saved game could not be saved: the disk refused it." in h.transcript
    h.press("escape", "end", "up", "return")
    assert h.table is None
    assert h.last == "New game, 1 of 12"
    assert not any(line.startswith("Game saved.") for line in h.transcript)
    assert storage.has_game_in_progress()  # the earlier move's file is kept
