"""Learn to play (issue 15): the offer, the tour of the keys, the guided hands.

Every lesson is walked by keys through the real loop; each lesson's hand must
play out exactly as its script says, every point must be heard, and every key a
sentence names must be the key that does what the sentence says.
"""

from __future__ import annotations

import itertools
import json
import os
import random
import subprocess
import sys
from pathlib import Path

import pytest
from app_helpers import assert_still_answers, help_items
from tutorial_walk import (
    RecordingHarness,
    assert_no_doubles,
    bid_keys,
    card_keys,
    chord_named,
    play_lesson,
    top,
    walk_tour,
)

from audiospades.app.harness import Harness
from audiospades.app.tutorial import (
    LessonScreen,
    TourScreen,
    TutorialMenu,
    hint_choice,
    offer_on_first_start,
    same,
)
from audiospades.keymap import Context
from audiospades.presenter import tutorial as words
from audiospades.presenter.keynames import key_for
from audiospades.presenter.words import the_card
from audiospades.rules import BidAction, Card, Game, Phase, PlayAction
from audiospades.storage import Settings, load_settings
from audiospades.storage.tutorial import load_progress, tutorial_path
from audiospades.tutorial.lessons import (
    BASICS,
    BLIND_NIL,
    FIRST_HAND,
    LESSONS,
    NIL,
    SIX,
    TOUR,
)
from audiospades.tutorial.model import Point
from audiospades.tutorial.script import lesson_rules

ROOT = Path(__file__).resolve().parents[2]
LANGUAGES = ("en", "fr", "es", "de", "pt", "it")
MENU_ITEMS = len(LESSONS) + 1
"""The tutorial's menu: the tour, then every lesson."""


def _first_start(lang: str = "en", **changes: object) -> RecordingHarness:
    """A harness as the headless mode starts it for a newcomer: the offer on top."""
    settings = Settings(language=lang, **changes)  # type: ignore[arg-type]
    h = RecordingHarness(seed=7, settings=settings)
    offer_on_first_start(h.app.stack)
    return h


def _open_tutorial() -> Harness:
    h = _first_start()
    h.press("y")
    assert isinstance(top(h), TutorialMenu)
    return h


def _open_lesson(h: Harness, index: int) -> LessonScreen:
    menu = top(h)
    assert isinstance(menu, TutorialMenu)
    h.press("home", *["down"] * (index + 1), "return")
    screen = top(h)
    assert isinstance(screen, LessonScreen)
    return screen


# --- the first start ---
def test_the_first_start_offers_the_tutorial_and_y_opens_it() -> None:
    h = _first_start()
    h.settle()
    assert h.last == words.offer_text()
    assert "Press Y to start, or N to go to the main menu." in h.last
    h.press("b")
    assert h.last == "Press Y to learn to play, or N for the main menu."
    h.press("y")
    assert isinstance(top(h), TutorialMenu)
    assert h.last == f"Learn to play. Tour of the keys, 1 of {MENU_ITEMS}"
    assert load_settings()[0].tutorial_offered is True


def test_no_skips_the_offer_for_good() -> None:
    h = _first_start()
    h.press("n")
    assert h.last == "New game, 1 of 12"
    assert load_settings()[0].tutorial_offered is True
    again = Harness(seed=7, settings=load_settings()[0])
    offer_on_first_start(again.app.stack)
    again.settle()
    assert again.last == "Audio Spades. Main menu. New game, 1 of 12"


def test_the_offer_is_made_again_after_help() -> None:
    """F1 then Escape at the offer: the question is in front of the player again."""
    h = _first_start()
    h.press("f1")
    mark = h.mark()
    h.press("escape")
    assert h.said_since(mark)[-1] == words.offer_again_text()
    h.press("y")
    assert isinstance(top(h), TutorialMenu)


def test_learn_to_play_is_in_the_main_menu() -> None:
    h = Harness(seed=7, settings=Settings(language="en", tutorial_offered=True))
    h.press("up", "up", "up")
    assert h.last == "Learn to play, 10 of 12"
    h.press("return")
    assert isinstance(top(h), TutorialMenu)


def test_the_headless_mode_offers_it_on_a_first_start(tmp_path: Path) -> None:
    env = dict(os.environ, AUDIOSPADES_HOME=str(tmp_path))
    done = subprocess.run(
        [sys.executable, "-m", "audiospades", "--headless", "--keys", "-"],
        input="n\n",
        capture_output=True,
        text=True,
        cwd=ROOT,
        env=env,
        timeout=120,
        check=False,
    )
    lines = done.stdout.splitlines()
    assert lines[1].startswith("Welcome to Audio Spades. Would you like to learn")
    assert lines[2] == "New game, 1 of 12"
    saved = json.loads((tmp_path / "settings.json").read_text(encoding="utf-8"))
    assert saved["tutorial_offered"] is True


# --- the tour ---
def test_the_tour_asks_for_each_key_and_the_key_it_names_does_that() -> None:
    h = _open_tutorial()
    start = h.mark()
    walk_tour(h)
    said = h.said_since(start)
    assert said[0] == words.tour_intro_text()
    # QA: the tour said again what the game had just said (the turn, the trick
    # to gather).
    assert_no_doubles(said)
    for step in TOUR:
        assert any(line == words.explain_text(step.point, _key(step)) for line in said)
    # The real table answered each question key (a sample of its own words).
    assert "You and North: 0, 0 bags. West and East: 0, 0 bags. Playing 1 hand." in said
    assert any(line.startswith("On the table: West, 7 of hearts") for line in said)
    assert any(line.startswith("Last trick: West, 7 of hearts") for line in said)
    assert words.tour_done_text() in said
    assert isinstance(top(h), TutorialMenu)
    assert load_progress()[0].tour_done is True
    assert h.last == f"A first hand, 2 of {MENU_ITEMS}"


def test_the_tours_explanations_say_what_just_happened() -> None:
    """QA, played in three languages: the card step promised "whether you may play
    it" while bidding, where no card is said so; after the bid the tour said "When
    everyone has bid, the play begins" with the first cards already down (its
    dealer, the player, bids last). Each now says what the player heard."""
    h = _open_tutorial()
    start = h.mark()
    walk_tour(h)
    said = h.said_since(start)
    steps = {step.point: step for step in TOUR}
    card = words.explain_text(Point.TOUR_NEXT_CARD, _key(steps[Point.TOUR_NEXT_CARD]))
    at = said.index(card)
    assert not said[at - 1].endswith("playable"), said[at - 2 : at + 1]
    assert "once the play begins" in card
    bid = words.explain_text(Point.TOUR_BID_ENTER, _key(steps[Point.TOUR_BID_ENTER]))
    at = said.index(bid)
    assert any(line.startswith("Bidding is over.") for line in said[:at]), said[:at]
    assert bid.startswith("The dealer bids last, so your bid ended the bidding")
    assert any(line.endswith("You deal.") for line in said[:at])


def _key(step: object) -> str:
    from audiospades.tutorial.model import TourStep

    assert isinstance(step, TourStep)
    chain = (Context.BIDDING, Context.TABLE) if step.context is Context.BIDDING else ()
    return key_for(step.command, *chain, step.context)


def test_the_tour_leaves_the_screen_readers_keys_alone() -> None:
    """Insert and Caps Lock belong to the screen reader: neither is "Not that
    key" (QA)."""
    h = _open_tutorial()
    h.press("return")
    h.settle()
    assert h.last == "Press R to hear your whole hand."
    before = h.services.output_count
    h.press("insert", "capslock")
    assert h.services.output_count == before


def test_the_tour_takes_only_the_key_it_asks_for() -> None:
    h = _open_tutorial()
    h.press("return")
    screen = top(h)
    assert isinstance(screen, TourScreen)
    h.settle()
    assert h.last == "Press R to hear your whole hand."
    h.press("s")  # the scores: a real key, but not the one asked for
    assert h.last == "Not that key. Press R to hear your whole hand."
    assert screen.step_index == 0
    h.press("r")
    assert screen.step_index == 1


def test_escape_leaves_the_tour_and_it_resumes_where_it_stopped() -> None:
    h = _open_tutorial()
    h.press("return", "r", "right", "s")
    h.press("escape")
    assert h.said_since(0)[-2] == words.left_text()
    assert isinstance(top(h), TutorialMenu)
    assert h.last == f"Tour of the keys, step 4 of {len(TOUR)}, 1 of {MENU_ITEMS}"
    assert load_progress()[0].tour_step == 3
    mark = h.mark()
    h.press("return")
    h.settle()
    said = h.said_since(mark)
    assert said[0] == f"Welcome back to the tour of the keys: step 4 of {len(TOUR)}."
    assert said[-1] == "Press T to hear whose turn it is."
    h.press("t")
    assert top(h).step_index == 4  # type: ignore[attr-defined]


def test_the_tour_plays_the_card_its_hint_named() -> None:
    """H then Enter used to play the card Tab landed on, not the one H named."""
    h = _open_tutorial()
    h.press("return", "r", "right", "s", "t", "3", "return", "c", "down", "f")
    mark = h.mark()
    h.press("tab", "h")
    hints = [line for line in h.said_since(mark) if line.startswith("Play the ")]
    assert hints and hints[0].startswith("Play the ace of hearts"), hints
    h.press("j", "return")
    h.settle()
    assert "You play the ace of hearts." in h.transcript


def test_the_tour_resumes_after_a_trick_at_the_same_moment() -> None:
    h = _open_tutorial()
    h.press("return", "r", "right", "s", "t", "3", "return", "c", "down", "f")
    h.press("tab", "h", "j", "return", "n")
    h.settle()
    assert h.last == "Press L to hear the last trick again."
    table_before = top(h).session.view()  # type: ignore[attr-defined]
    h.press("escape", "return")
    h.settle()
    assert h.last == "Press L to hear the last trick again."
    assert top(h).session.view() == table_before  # type: ignore[attr-defined]
    h.press("l")
    assert any(
        line.startswith("Last trick: West, 7 of hearts") for line in h.transcript
    )


def test_help_in_the_middle_of_the_tour_comes_back_to_its_request() -> None:
    h = _open_tutorial()
    h.press("return", "r")
    h.press("f1", "escape")
    assert h.last == "Press Right arrow to move to the next card in your hand."


def test_a_moved_key_is_the_one_the_tour_asks_for() -> None:
    h = Harness(
        seed=7,
        settings=Settings(
            language="en",
            tutorial_offered=True,
            key_overrides={"table:x": "scores", "table:s": "hint"},
        ),
    )
    h.press("up", "up", "up", "return", "return", "r", "right")
    h.settle()
    assert h.last == "Press X to hear the scores."
    h.press("s")
    assert h.last.startswith("Not that key.")
    h.press("x")
    assert "You and North: 0, 0 bags. West and East: 0, 0 bags. Playing 1 hand." in (
        h.transcript
    )


def test_a_damaged_progress_file_starts_the_tutorial_afresh() -> None:
    path = tutorial_path()
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text("{not json", encoding="utf-8")
    h = _open_tutorial()
    assert h.last == f"Learn to play. Tour of the keys, 1 of {MENU_ITEMS}"
    said = h.transcript[-2]
    assert said.startswith("Your progress in Learn to play could not be read.")
    assert "tutorial.json.broken-" in said
    assert not path.exists()
    assert list(path.parent.glob("tutorial.json.broken-*"))


def test_a_progress_file_partly_unusable_is_said_and_kept() -> None:
    """A lesson list of the wrong type: the rest is used (the tour's place), the
    player hears that part was left out and where the file was kept."""
    path = tutorial_path()
    path.parent.mkdir(parents=True, exist_ok=True)
    text = json.dumps({"version": 1, "tour_step": 3, "lessons_done": "basics"})
    path.write_text(text, encoding="utf-8")
    h = _open_tutorial()
    said = h.transcript[-2]
    assert said.startswith(
        "Part of your progress in Learn to play could not be used and is left out. "
        "The file was kept as "
    ), said
    kept = list(path.parent.glob("tutorial.json.broken-*"))
    assert [k.read_text(encoding="utf-8") for k in kept] == [text]


def test_a_progress_file_that_cannot_be_written_is_said_once(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    h = _open_tutorial()

    def disk_full(path: Path, text: str) -> None:
        raise OSError(28, "No space left on device")

    monkeypatch.setattr("audiospades.storage.atomic.atomic_write_text", disk_full)
    h.press("return", "r", "right")
    said = h.transcript
    assert said.count(words.progress_unsaved_text()) == 1
    assert isinstance(top(h), TourScreen)  # the tour goes on


# --- the lessons ---
@pytest.mark.parametrize("lesson", LESSONS, ids=[x.id for x in LESSONS])
def test_each_lesson_plays_out_as_written_with_every_point_made(lesson) -> None:  # type: ignore[no-untyped-def]
    h = _open_tutorial()
    start = h.mark()
    screen = _open_lesson(h, LESSONS.index(lesson))
    play_lesson(h, lesson)
    said = h.said_since(start)
    game = screen.session.game
    played = [(a.seat, a.card) for a in game.actions if isinstance(a, PlayAction)]
    assert played == [pair for trick in lesson.plays for pair in trick]
    bids = [(a.seat, a.bid) for a in game.actions if isinstance(a, BidAction)]
    assert sorted(bids) == [(s, lesson.bid_of(s)) for s in range(len(lesson.bids))]
    assert words.lesson_intro_text(lesson.id) in said
    for teach in lesson.teach:
        assert words.before_text(teach.point) in said, teach.point
        assert any(
            line.startswith(words.after_text(teach.point, None)) for line in said
        )
    assert not any(line.startswith("That is not the choice") for line in said)
    # QA: after the blind nil lesson's "press Y", "A strong player: Do not bid
    # blind nil" contradicted it: said without it. Elsewhere (the player chose)
    # the strong player's choice is told after the player's, as the lessons say.
    for teach in lesson.teach:
        after = words.after_text(teach.point, None)
        if teach.point is Point.BLIND_QUESTION:
            assert after in said, [s for s in said if s.startswith(after)]
        elif lesson.id in ("bags", "cover", "individual"):
            assert after not in said, teach.point
    # QA: the lesson's words at a bid said the game's "Your turn to bid." again.
    turn = "Your turn to bid."
    for line, after in itertools.pairwise(said):
        assert not (line.startswith(turn) and after.startswith(turn)), (line, after)
    assert_no_doubles(said)
    assert said[-1] == words.lesson_done_text()
    # One line says where Escape goes: the game's "Press Escape for the menu" is
    # not said before it (QA: two "press Escape" lines, to two places).
    assert not any(line.endswith("for the menu.") for line in said), said[-3:]
    assert lesson.id in load_progress()[0].lessons_done


def test_the_cards_passed_back_are_told_by_the_table_before_the_lesson_names_them() -> (
    None
):
    # QA: "Your partner passed you two low cards in return: the 3 of clubs..."
    # came before the table said North passed them.
    h = _open_tutorial()
    start = h.mark()
    _open_lesson(h, LESSONS.index(BLIND_NIL))
    play_lesson(h, BLIND_NIL)
    said = h.said_since(start)
    after = words.after_text(Point.BLIND_PASS, None)
    (comment,) = [i for i, line in enumerate(said) if line.startswith(after)]
    told = said.index("North passes you the 3 of clubs and the 4 of diamonds.")
    mine = said.index("You pass the king of spades and the jack of spades to North.")
    assert mine < told < comment


def test_the_help_once_a_lesson_is_complete_says_what_enter_does() -> None:
    """Enter at the end of a lesson says the lesson is complete; F1 and F2 say so
    (not "play the card", nor the game's result, which a lesson does not give)."""
    h = _open_tutorial()
    screen = _open_lesson(h, LESSONS.index(NIL))
    play_lesson(h, NIL)
    assert screen.done and h.last == words.lesson_done_text()
    h.press("return")
    assert h.last == words.lesson_done_text()
    line = "Enter: nothing more to play: the lesson is complete."
    h.press("f2", "return")
    assert h.last == line
    h.press("f2", "f1")
    heard = [h.last]
    for _ in range(45):
        h.press("down")
        heard.append(h.last)
    assert not [s for s in heard if "play the card" in s], heard
    assert any(s.startswith(line[:-1] + ", ") for s in heard), heard


class _GatheringHabit(RecordingHarness):
    """A player who presses N after every trick: after the lesson's last one too,
    while its summary is being told (that trick is not held)."""

    after_last_card = -1
    """Where the transcript stood as the last card was played (-1: not yet)."""

    def press(self, *tokens: str) -> None:
        for token in tokens:
            screen = top(self)
            last = (
                token == "return"
                and isinstance(screen, LessonScreen)
                and screen.session.is_human_turn
                and screen.session.view().phase is Phase.PLAYING
                and len(screen.session.view().hand) == 1
            )
            if last:
                self.settle()
                self.after_last_card = self.mark()
            super().press(token)
            if last:
                self._n_once_the_summary_is_told()

    def _n_once_the_summary_is_told(self) -> None:
        import pygame

        from audiospades.app.harness import key_event, text_event

        for _ in range(2000):
            said = self.said_since(self.after_last_card)
            if any(line.startswith("The hand is over.") for line in said):
                break
            self.clock.advance(50)
            self.frame()
        event = key_event("n")
        pygame.event.post(event)
        pygame.event.post(text_event(event))
        self.frame()


def test_n_by_habit_after_a_lessons_last_trick_cuts_nothing() -> None:
    """The lessons teach N to gather each trick; pressed after the last one, it
    said "Lesson complete." over the hand's summary and the lesson's end."""
    h = _GatheringHabit(seed=7, settings=Settings(language="en"))
    offer_on_first_start(h.app.stack)
    h.press("y")
    screen = _open_lesson(h, LESSONS.index(FIRST_HAND))
    play_lesson(h, FIRST_HAND)
    h.settle()
    assert screen.done and h.after_last_card >= 0
    spoken = h.speaker.spoken[h.after_last_card :]
    assert [s.text for s in spoken if s.interrupt] == []
    said = [s.text for s in spoken]
    assert any(line.startswith("The hand is over.") for line in said)
    assert said[-1] == words.lesson_done_text()


@pytest.mark.parametrize("lesson", LESSONS, ids=[x.id for x in LESSONS])
def test_every_strict_point_is_the_strong_players_choice(lesson) -> None:  # type: ignore[no-untyped-def]
    """What the lesson asks for is what the hint (level 5) says, so the two agree."""
    h = _open_tutorial()
    screen = _open_lesson(h, LESSONS.index(lesson))
    play_lesson(h, lesson)
    for decision, teach in screen.taught.items():
        found = screen.hints[decision]
        assert found is not None
        expected = screen._expected(decision, teach)
        if teach.strict:
            assert expected is not None
            assert same(hint_choice(found), expected)  # type: ignore[arg-type]


@pytest.mark.parametrize("lesson", LESSONS, ids=[x.id for x in LESSONS])
def test_every_scripted_decision_before_free_play_is_taught_or_forced(lesson) -> None:  # type: ignore[no-untyped-def]
    """No silent step: the player hears a point at each choice the script needs."""
    game = Game(lesson_rules(lesson), first_dealer=lesson.dealer)
    game.deal(lesson.hands())
    plays = iter(pair for trick in lesson.plays for pair in trick)
    decision = 0
    while not game.is_over and game.phase is not Phase.DEALING:
        seat = game.to_act
        assert seat is not None
        if seat == 0 and not lesson.is_free(decision):
            choices = len(game.legal_plays(0)) if game.phase is Phase.PLAYING else 2
            assert lesson.teach_at(decision) is not None or choices == 1, decision
        if game.phase is Phase.BIDDING:
            game.bid(seat, lesson.bid_of(seat))
        elif game.phase is Phase.PASSING:
            game.pass_cards(seat, lesson.passes_of(seat))
        else:
            played_seat, card = next(plays)
            assert played_seat == seat
            game.play(seat, card)
        decision += seat == 0


def test_the_comment_on_a_decision_comes_before_the_others_play_on() -> None:
    """The bid's comment used to come after the first trick and "Your turn"."""
    h = _open_tutorial()
    _open_lesson(h, 0)
    mark = h.mark()
    h.press("3", "return")
    h.settle()
    said = h.said_since(mark)
    after = words.after_text(Point.FIRST_BID, None)
    comment = next(i for i, line in enumerate(said) if line.startswith(after))
    first_play = next(i for i, line in enumerate(said) if " plays the " in line)
    assert comment < first_play, said


@pytest.mark.parametrize("index", range(len(LESSONS)))
def test_a_comment_on_a_card_comes_after_its_trick_is_won(index: int) -> None:
    """A comment may say who took the trick: it waits until the trick is complete.

    Said at once, "East took the trick with the ace of diamonds." came before
    East had played (review of the tutorial's timing).
    """
    lesson = LESSONS[index]
    h = _open_tutorial()
    screen = _open_lesson(h, index)
    mark = h.mark()
    play_lesson(h, lesson)
    said = h.said_since(mark)
    checked = 0
    made = screen.decisions()
    for decision, teach in screen.taught.items():
        action = made[decision]
        if not isinstance(action, PlayAction):
            continue
        card = action.card
        after = words.after_text(teach.point, None)
        comment = next(i for i, line in enumerate(said) if line.startswith(after))
        played = max(
            i for i in range(comment) if said[i] == f"You play {the_card(card)}."
        )
        won = [i for i in range(played, comment) if " the trick with " in said[i]]
        assert won, said[played : comment + 1]
        checked += 1
    assert checked, "the lesson teaches no card"


def test_a_mistake_is_explained_and_taken_back() -> None:
    h = _open_tutorial()
    _open_lesson(h, 0)
    h.press("3", "return")
    h.settle()
    assert h.last == words.before_text(Point.FIRST_FOLLOW)
    h.press(*card_keys(h, Card.parse("2H")))  # it loses to the king
    h.settle()
    assert h.last == (
        "That is not the choice this lesson teaches. A strong player: Play the "
        "ace of hearts: it is the lowest card sure to win the trick. Press "
        "Control+Z to take it back and try again."
    )
    h.press("n")  # gathering is not the way on
    assert h.last == "First press Control+Z to take back your choice, then try again."
    mark = h.mark()
    h.press("ctrl+z")
    h.settle()
    said = h.said_since(mark)
    assert said[0].startswith("Undone: 1 move taken back.")
    assert said[-2:] == [words.try_again_text(), words.before_text(Point.FIRST_FOLLOW)]
    h.press(*card_keys(h, Card.parse("AH")))
    h.settle()
    assert h.last.startswith(words.after_text(Point.FIRST_FOLLOW, None))


def test_escape_leaves_a_lesson_for_the_list() -> None:
    h = _open_tutorial()
    _open_lesson(h, 1)
    h.press("escape")
    assert isinstance(top(h), TutorialMenu)
    assert h.said_since(0)[-2] == words.lesson_left_text()


def _nil_lesson_left_part_way() -> tuple[Harness, LessonScreen]:
    """The QA report's keys from the main menu: the nil lesson, its bid, Escape."""
    h = Harness(seed=7)
    h.press("end", "up", "up", "return", "down", "down", "return", "n", "return")
    h.settle()
    screen = top(h)
    assert isinstance(screen, LessonScreen)
    assert screen.lesson.id == "nil"
    h.press("escape")
    return h, screen


def test_a_lesson_left_part_way_keeps_the_focus_on_it() -> None:
    """It said "goes on where you stopped", then put the focus on the tour."""
    h, _ = _nil_lesson_left_part_way()
    assert isinstance(top(h), TutorialMenu)
    assert h.said_since(0)[-2] == words.lesson_left_text()
    assert h.last == f"Nil, under way, 3 of {MENU_ITEMS}"


def test_a_lesson_chosen_again_goes_on_where_it_stopped() -> None:
    h, screen = _nil_lesson_left_part_way()
    before = screen.session.game.actions
    mark = h.mark()
    h.press("return")
    h.settle()
    assert top(h) is screen
    assert screen.session.game.actions == before  # not dealt again
    said = h.said_since(mark)
    assert said[0] == "Welcome back to the lesson: Nil."
    assert words.lesson_intro_text("nil") not in said
    assert said[-1] == words.before_text(screen.taught[1].point)
    play_lesson(h, NIL)  # to its end, as written
    assert h.last == words.lesson_done_text()


def test_a_lesson_left_is_kept_when_learn_to_play_is_left_too() -> None:
    h, screen = _nil_lesson_left_part_way()
    h.press("escape")  # the main menu
    h.press("home", "up", "up", "up", "return")  # Learn to play again
    assert isinstance(top(h), TutorialMenu)
    h.press("home", "down", "down")
    assert h.last == f"Nil, under way, 3 of {MENU_ITEMS}"
    h.press("return")
    assert top(h) is screen


def test_a_lesson_left_with_a_mistake_asks_for_the_undo_again() -> None:
    h = _open_tutorial()
    screen = _open_lesson(h, 0)
    h.press("3", "return")
    h.settle()
    h.press(*card_keys(h, Card.parse("2H")))  # not the lesson's card
    h.settle()
    h.press("escape")
    mark = h.mark()
    h.press("return")
    h.settle()
    assert h.said_since(mark)[-1] == words.mistake_again_text(
        screen.hints[screen.judged - 1]
    )
    h.press("ctrl+z")
    h.settle()
    assert h.last == words.before_text(Point.FIRST_FOLLOW)


def test_a_finished_lesson_chosen_again_starts_from_its_deal() -> None:
    h = _open_tutorial()
    screen = _open_lesson(h, 1)
    play_lesson(h, NIL)
    h.press("escape")
    assert isinstance(top(h), TutorialMenu)
    # On to the next thing to learn: the next lesson down not finished.
    assert h.last == f"{words.lesson_title(LESSONS[2].id)}, 4 of {MENU_ITEMS}"
    mark = h.mark()
    again = _open_lesson(h, 1)
    assert again is not screen
    assert not again.decisions()
    assert words.lesson_intro_text("nil") in h.said_since(mark)


def test_after_the_last_lesson_the_focus_goes_round_to_what_is_left() -> None:
    """Past the menu's end, the next thing to learn is the first not finished
    from the top: here the tour, never taken in this home."""
    h = _open_tutorial()
    _open_lesson(h, len(LESSONS) - 1)
    play_lesson(h, LESSONS[-1])
    h.press("escape")
    assert isinstance(top(h), TutorialMenu)
    assert h.last == f"Tour of the keys, 1 of {MENU_ITEMS}"


def test_help_over_the_tutorials_menu_keeps_its_focus() -> None:
    h = _open_tutorial()
    h.press("down", "down", "down")
    focused = h.last
    h.press("f1", "escape")
    assert h.last == focused


def test_every_key_the_words_name_does_what_they_say() -> None:
    """Each key placeholder names the command's key in the table's contexts."""
    h = _open_tutorial()
    for name, (command, context) in words.KEY_NAMES.items():
        chain = (
            (Context.BIDDING, Context.TABLE)
            if context is Context.BIDDING
            else (context,)
        )
        label = key_for(command, *chain)
        chord = chord_named(h, label, chain)
        assert h.services.keymap.lookup(chord, (*chain, Context.GLOBAL)) is command, (
            name
        )
    texts = [t for pair in words.point_texts().values() for t in pair]
    for text in texts:
        allowed = {"key", *words.KEY_NAMES, *words.SEAT_WORDS}
        assert words.placeholders(text) <= allowed, text


@pytest.mark.parametrize("lang", LANGUAGES)
def test_a_newcomer_reaches_the_end_of_the_basics_by_keys(lang: str) -> None:
    """From the first start's offer, the tour and every basic lesson, by keys."""
    h = _first_start(lang)
    h.press("y")
    walk_tour(h)
    for lesson in BASICS:
        menu = top(h)
        assert isinstance(menu, TutorialMenu)
        h.press("return")  # the menu stands on the first part not finished
        play_lesson(h, lesson, as_written=False)
        h.press("escape")
    said = h.transcript
    assert said.count(words.lesson_done_text()) == len(BASICS)
    assert words.tour_done_text() in said
    # Each idea of the basics is heard, before the decision and after it, on
    # the newcomer's own path (here the free part is played with Tab and Enter,
    # not as the script plays it): the bags lesson teaches losing a trick on
    # purpose even when the hand has gone another way.
    for lesson in BASICS:
        for teach in lesson.teach:
            assert words.before_text(teach.point) in said, (lesson.id, teach.point)
            after = words.after_text(teach.point, None)
            assert any(line.startswith(after) for line in said), teach.point
    if lang != "en":  # every word of it in the player's language
        english = ("Press ", "Not that key", "Lesson complete", "Your turn to bid.")
        assert not [line for line in said if line.startswith(english)]
    progress = load_progress()[0]
    assert progress.tour_done
    assert set(progress.lessons_done) == {x.id for x in BASICS}
    assert isinstance(top(h), TutorialMenu)
    if lang == "en":
        _replay_in_the_headless_mode(h.pressed, len(BASICS))


def _replay_in_the_headless_mode(keys: list[str], lessons: int) -> None:
    """The same keys, as a key script, through ``audiospades --headless``."""
    home = Path(os.environ["AUDIOSPADES_HOME"]) / "replay"
    home.mkdir()
    script = home / "basics.keys"
    script.write_text(" ".join(keys) + "\n", encoding="utf-8")
    env = dict(os.environ, AUDIOSPADES_HOME=str(home))
    done = subprocess.run(
        [sys.executable, "-m", "audiospades", "--headless", "--keys", str(script)],
        capture_output=True,
        text=True,
        cwd=ROOT,
        env=env,
        timeout=600,
        check=False,
    )
    assert done.returncode == 0, done.stderr
    lines = done.stdout.splitlines()
    assert lines[1].startswith("Welcome to Audio Spades. Would you like to learn")
    assert lines.count(words.lesson_done_text()) == lessons
    progress = json.loads((home / "tutorial.json").read_text(encoding="utf-8"))
    assert progress["tour_done"] is True
    assert set(progress["lessons_done"]) == {x.id for x in BASICS}


@pytest.mark.parametrize("lesson", [FIRST_HAND, SIX], ids=["four", "six"])
def test_a_lesson_draws_the_low_vision_table_as_usual(lesson) -> None:  # type: ignore[no-untyped-def]
    """The lesson's table is the game's picture: every seat, the trick, the focus."""
    import pygame

    from audiospades.app.themes import THEMES

    settings = Settings(language="en", tutorial_offered=True, text_scale=2.0)
    h = Harness(seed=7, settings=settings, draw=True, size=(1280, 800))
    h.press("up", "up", "up", "return")  # Learn to play, from the main menu
    screen = _open_lesson(h, LESSONS.index(lesson))
    h.press(*bid_keys(lesson.bid_of(0)))
    h.settle()
    view = screen.session.view()
    assert view.phase is Phase.PLAYING and screen.session.is_human_turn
    h.press("right")
    layout = h.table.layout
    assert layout is not None and layout.size == (1280, 800)
    assert len(layout.places) == lesson.rules().player_count
    assert len(view.trick) == 3
    surface = pygame.display.get_surface()
    colours = THEMES[settings.theme]
    # The focused card is framed in the highlight colour, as in any game.
    x, y, w, _height = h.table.focus_rect
    assert tuple(surface.get_at((x + w // 2, y + 1)))[:3] == colours.highlight
    # Each seat's label and each card of the trick are drawn.
    for seat, place in enumerate(layout.places):
        areas = [place.label] + (
            [place.card] if any(s == seat for s, _ in view.trick) else []
        )
        for area in areas:
            drawn = pygame.mask.from_threshold(
                surface.subsurface(area), colours.background, (1, 1, 1, 255)
            )
            assert drawn.count() < area.w * area.h, (seat, area)


# Not F2: it turns every later key into a description, and the fuzz would test
# nothing else.
FUZZ_KEYS = [
    "up",
    "down",
    "left",
    "right",
    "home",
    "end",
    "return",
    "space",
    "escape",
    "backspace",
    "tab",
    "shift+tab",
    "a",
    "b",
    "c",
    "f",
    "h",
    "i",
    "j",
    "l",
    "m",
    "n",
    "p",
    "r",
    "s",
    "t",
    "u",
    "v",
    "y",
    "0",
    "3",
    "5",
    "ctrl+z",
    "f1",
    "f5",
    "page_up",
]


@pytest.mark.parametrize("seed", [1, 2, 3])
def test_random_keys_in_the_tutorial_never_break_it(seed: int) -> None:
    """Seeded random keys over the tutorial's screens: every key is answered."""
    from audiospades.app.main_menu import MainMenu

    rng = random.Random(seed)
    h = _open_tutorial()
    inside = 0
    for _ in range(400):
        screen = top(h)
        if isinstance(screen, MainMenu):
            h.press("home", "up", "up", "up", "return")  # Learn to play again
        elif not isinstance(screen, TutorialMenu | TourScreen | LessonScreen):
            h.press("escape")  # help or another screen: back to the tutorial
        else:
            inside += isinstance(screen, TourScreen | LessonScreen)
            h.press(rng.choice(FUZZ_KEYS))
    assert inside > 100  # most keys reached the tour or a lesson
    assert_still_answers(h)


def test_the_five_player_lesson_makes_its_points_at_the_cards_they_name() -> None:
    """'Only your ace beats the queen of clubs' was said at the 4 of hearts lead."""
    from audiospades.tutorial.lessons import FIVE

    at = {teach.point: teach.decision for teach in FIVE.teach}
    assert FIVE.expected(at[Point.FIVE_LEAD_LOW]) == Card.parse("4H")
    assert FIVE.expected(at[Point.FIVE_OWN_BID]) == Card.parse("AC")
    assert "4 of hearts" in words.before_text(Point.FIVE_LEAD_LOW)
    assert "queen of clubs" in words.before_text(Point.FIVE_OWN_BID)


def test_the_tour_teaches_the_hint_keys_with_hints_turned_off() -> None:
    """With hints off, H said so, J went nowhere, and Enter played the 2 of hearts."""
    h = _first_start(hints_enabled=False)
    h.press("y")
    h.press("return", "r", "right", "s", "t", "3", "return", "c", "down", "f")
    mark = h.mark()
    h.press("tab", "h", "j", "return")
    h.settle()
    said = h.said_since(mark)
    assert any(line.startswith("Play the ace of hearts") for line in said), said
    assert "You play the ace of hearts." in said


def test_the_help_at_the_blind_nil_question_says_what_the_lesson_does() -> None:
    """QA: at the blind nil lesson's question F1 said "J: hear the question again",
    "N: no" and "Escape: no", while J gives the lesson's hint, N tells why the
    lesson asks for Y, and Escape leaves the lesson."""
    h = _open_tutorial()
    screen = _open_lesson(h, LESSONS.index(BLIND_NIL))
    for _ in range(20):
        h.settle()
        if screen.session.question is not None:
            break
    assert screen.session.question is not None
    lines = [line.rsplit(", ", 1)[0] for line in help_items(h)]
    for line in (
        "J: the lesson's hint; it is not about a card",
        "N: the question again, and why this lesson asks for Y",
        "Escape: leave the lesson; choose it again to go on where you stopped",
        "H: a hint",
        "Y: yes",
    ):
        assert line in lines, lines
    # As the keys do.
    h.press("j")
    assert h.last.startswith("The hint is not about a card. In this lesson, bid")
    h.press("n")
    assert h.last.endswith("so press Y.")
    h.press("f2", "escape")
    assert h.last == (
        "Escape: leave the lesson; choose it again to go on where you stopped."
    )
    mark = h.mark()
    h.press("f2", "escape")
    assert words.lesson_left_text() in h.said_since(mark)
    assert isinstance(top(h), TutorialMenu)
