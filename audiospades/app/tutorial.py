"""Learn to play: the offer on the first start, the tour of the keys, the lessons.

The tour and the lessons are the ordinary card table (:class:`TableScreen`, its
controller and presenter) with a teacher in front of it:

* :class:`TourScreen` asks for one key at a time ("Press S to hear the scores"),
  lets the table answer it as in any game, then explains what was heard. Only
  that key is taken; another gets a gentle reminder; the leave key (the table's
  Escape) leaves at any time, and the tour goes on at that step next time
  (``tutorial.json``, see :mod:`audiospades.storage.tutorial`).
* :class:`LessonScreen` plays a lesson's scripted hand
  (:mod:`audiospades.tutorial.lessons`). Before each taught decision it says what
  to look at; after it, what happened and what the strongest computer player
  would do (the hint). A choice other than the lesson's is explained, and the
  player takes it back with undo and tries again; meanwhile the table is held
  (the others do not play on), and every key that would act, or ask whose turn
  it is or for a hint, is answered with the undo to press first. A lesson left
  part way is kept: for the rest of the run (``Services.lessons_under_way``),
  and from one run to the next in ``lesson-ID.json``, saved after every change
  as a game in progress is (so quitting or closing the window loses nothing; see
  :mod:`audiospades.tutorial.kept`). Chosen again, it goes on where it stopped;
  a finished one starts again from its deal, and its file is removed.

Keys named in the tutorial's sentences come from the key map, and the key the
tour asks for is recognised by the command the key map gives it, so the tutorial
cannot name a key that does something else.
"""

from __future__ import annotations

import logging
from collections.abc import Mapping

from audiospades.app.games import thinks_in_background
from audiospades.app.hint_ahead import HintAhead
from audiospades.app.screen import (
    KeyPress,
    MenuItem,
    MenuScreen,
    Pop,
    Push,
    Replace,
    Screen,
    ScreenStack,
    Transition,
)
from audiospades.app.services import Services
from audiospades.app.table import TableScreen
from audiospades.bots import Hint
from audiospades.commands import DIGITS, Command
from audiospades.controller import GameSession
from audiospades.keymap import Chord, Context, KeyMap
from audiospades.notices import GameFinished, Notice, TrickWaiting, YourTurn
from audiospades.presenter import Utterance
from audiospades.presenter import tutorial as words
from audiospades.presenter.keynames import key_for
from audiospades.presenter.system import kept_name, no_hinted_card_text
from audiospades.rules import (
    Bid,
    BidAction,
    Card,
    PassAction,
    Phase,
    PlayAction,
    PlayStarted,
    SeatView,
)
from audiospades.sound import Cue
from audiospades.storage import ProblemKind, SaveProblem
from audiospades.storage.tutorial import (
    TutorialProgress,
    clear_lesson,
    load_lesson,
    load_progress,
    save_lesson,
    save_progress,
    set_aside_lesson,
)
from audiospades.table_control import AFTER_THE_GAME
from audiospades.tutorial.kept import (
    LessonPlace,
    StaleLessonError,
    hint_at_decision,
    is_decision,
    lesson_state,
    resume_lesson,
)
from audiospades.tutorial.lessons import FIRST_HAND, LESSONS, TOUR
from audiospades.tutorial.model import Lesson, Teach, TourStep, When
from audiospades.tutorial.script import lesson_session

log = logging.getLogger(__name__)

_DECISION_KEYS = frozenset(
    {
        Command.PLAY_CARD,
        Command.CONTINUE,
        Command.BID,
        Command.BID_OPEN,
        Command.BID_NIL,
        Command.YES,
        Command.NO,
        *DIGITS,
    }
)
"""Keys that act at the table (rather than ask about it)."""

_QUESTION_KEYS = frozenset(
    {
        Command.READ_HAND,
        Command.SCORES,
        Command.WHOSE_TURN,
        Command.CARDS_ON_TABLE,
        Command.SUIT_LED,
        Command.HINT,
        Command.LAST_TRICK,
        Command.TRICK_INFO,
        Command.LAST_HAND,
        Command.RULES_IN_FORCE,
        Command.MATCH_STANDING,
    }
)
"""Keys that only ask: not repeated when the tour is taken up again."""

_MOVING_ON = (PlayStarted, YourTurn, TrickWaiting)
"""Notices of the play moving on to a next turn: a lead, the player's turn, a
trick to gather. Not said while a wrong choice holds the table."""


def _load(services: Services) -> TutorialProgress:
    progress, problem = load_progress()
    if problem is not None:
        backup = kept_name(problem.backup)
        if problem.kind is ProblemKind.PARTLY_USED:
            services.say_text(words.progress_partly_used_text(backup))
        else:
            services.say_text(words.progress_unreadable_text(backup))
    return progress


_unsaved: dict[str, SaveProblem | None] = {}
"""The last save problem said, by file, so that it is said once, not at every step."""


def _report(services: Services, file: str, problem: SaveProblem | None) -> None:
    """Say a save problem of ``file`` once (again only after it changed)."""
    if problem is not None and problem != _unsaved.get(file):
        log.warning("tutorial progress not saved: %s", problem)
        services.say(Utterance(words.progress_unsaved_text()))
    _unsaved[file] = problem


def _save(services: Services, progress: TutorialProgress) -> None:
    if services.persist:
        _report(services, "progress", save_progress(progress))


def _kept_lesson(
    lesson: Lesson, services: Services
) -> tuple[LessonScreen | None, str | None]:
    """The lesson as a past run left it part way, if it did; or why it cannot be.

    A file that cannot be read, or that no longer fits the lesson, is kept under
    another name (never deleted), and the lesson starts from its deal.
    """
    saved, problem = load_lesson(lesson.id)
    if problem is not None:
        backup = kept_name(problem.backup)
        return None, words.lesson_unreadable_text(lesson.id, backup)
    if saved is None:
        return None, None
    try:
        session, place = resume_lesson(
            lesson, saved.record, saved.state, now_ms=services.clock.now_ms()
        )
    except StaleLessonError as error:
        moved = set_aside_lesson(lesson.id, str(error))
        return None, words.lesson_outdated_text(lesson.id, kept_name(moved))
    return LessonScreen(lesson, session, place), None


Choice = Bid | Card | tuple[Card, ...]
"""A decision's choice: a bid, a card, or the cards passed."""


def choice_of(action: BidAction | PassAction | PlayAction) -> Choice:
    """What the player chose in ``action``."""
    if isinstance(action, BidAction):
        return action.bid
    if isinstance(action, PassAction):
        return action.cards
    return action.card


def hint_choice(found: Hint) -> Choice | None:
    """What the hint chooses: its card, its bid, or the cards it would pass."""
    return found.card or found.bid or (found.cards or None)


def same(a: Choice, b: Choice) -> bool:
    """Whether two choices are the same (passed cards in any order)."""
    if isinstance(a, tuple) and isinstance(b, tuple):
        return set(a) == set(b)
    return a == b


# --- the first start ---
class OfferScreen(Screen):
    """Asked once, on the very first start: learn to play, or the main menu?"""

    title = words.LEARN_TO_PLAY

    def __init__(self, first: str = "") -> None:
        self.first = first
        """Said before the question, in the same breath (a start-up problem):
        the question is the last thing heard, and nothing cuts the other off."""

    def key_contexts(self) -> tuple[Context, ...]:
        return (Context.QUESTION,)

    def on_enter(self, services: Services) -> None:
        text = words.offer_text()
        if self.first:
            text = f"{self.first} {text}"
        services.say(Utterance(text, Cue.MENU_SELECT, interrupt=True))

    def on_resume(self, services: Services) -> None:
        # Back from help (F1): the question is in front of the player again.
        interrupt = not services.spoke_this_frame()
        services.say(Utterance(words.offer_again_text(), interrupt=interrupt))

    def handle(
        self, command: Command | None, key: KeyPress, services: Services
    ) -> Transition | None:
        if command is Command.YES:
            services.update_settings(tutorial_offered=True)
            return Replace(TutorialMenu())
        if command is Command.NO:
            services.update_settings(tutorial_offered=True)
            services.sound.play(Cue.MENU_BACK)
            return Pop()
        services.say(Utterance(words.offer_again_text(), interrupt=True))
        return None

    def lines(self) -> list[str]:
        return [words.offer_text()]


def offer_on_first_start(stack: ScreenStack, first: str = "") -> bool:
    """Put the offer over the main menu if it was never made; whether it was.

    ``first``: said before the offer's question (a start-up problem).
    """
    if stack.services.settings.tutorial_offered:
        return False
    stack.apply(Push(OfferScreen(first)))
    return True


# --- the tutorial's menu ---
class TutorialMenu(MenuScreen):
    """The tour, then each lesson, with how far the player got."""

    def __init__(self) -> None:
        self.progress = TutorialProgress()
        self.under_way: dict[str, object] = {}
        """The run's lessons left part way (``Services.lessons_under_way``)."""
        self.opened: Screen | None = None
        """The tour or lesson opened from here, until the menu is back on top."""
        items = [MenuItem(words.TOUR_ITEM, action=self._tour, value=self._tour_value)]
        items += [self._lesson_item(lesson) for lesson in LESSONS]
        super().__init__(words.TUTORIAL_TITLE, items)

    def _lesson_item(self, lesson: Lesson) -> MenuItem:
        def title() -> str:
            return words.lesson_title(lesson.id)

        def start(services: Services) -> Transition:
            screen = self._kept(lesson) or LessonScreen(lesson)
            self.under_way[lesson.id] = screen
            self.opened = screen
            return Push(screen)

        def value() -> str:
            return self._lesson_value(lesson)

        return MenuItem(title, action=start, value=value)

    def _kept(self, lesson: Lesson) -> LessonScreen | None:
        """The lesson as it was left part way in this run, if it was."""
        kept = self.under_way.get(lesson.id)
        if isinstance(kept, LessonScreen) and not kept.done:
            return kept
        return None

    def _tour(self, services: Services) -> Transition:
        self.opened = TourScreen(self.progress)
        return Push(self.opened)

    def _tour_value(self) -> str:
        if self.progress.tour_done:
            return words.finished_value()
        if self.progress.tour_step:
            return words.step_value(self.progress.tour_step + 1, len(TOUR))
        return ""

    def _lesson_value(self, lesson: Lesson) -> str:
        if self._kept(lesson) is not None:
            return words.under_way_value()
        return words.finished_value() if lesson.id in self.progress.lessons_done else ""

    def _first_unfinished(self) -> int:
        if not self.progress.tour_done:
            return 0
        for i, lesson in enumerate(LESSONS, start=1):
            if lesson.id not in self.progress.lessons_done:
                return i
        return 0

    def _is_finished(self, index: int) -> bool:
        if index == 0:
            return self.progress.tour_done
        return LESSONS[index - 1].id in self.progress.lessons_done

    def _next_unfinished(self, after: int) -> int:
        """The first item after ``after`` not finished, in the menu's order.

        From the top again past the end; ``after`` itself if all are finished.
        """
        count = len(LESSONS) + 1
        for step in range(1, count):
            index = (after + step) % count
            if not self._is_finished(index):
                return index
        return after

    def _first_under_way(self) -> int | None:
        for i, lesson in enumerate(LESSONS, start=1):
            if self._kept(lesson) is not None:
                return i
        return None

    def _take_up_kept(self, services: Services) -> list[str]:
        """Put the lessons a past run left part way under way; say what failed."""
        problems = []
        for lesson in LESSONS:
            if lesson.id in self.under_way:
                continue  # opened in this run: as it is now, not as saved
            screen, problem = _kept_lesson(lesson, services)
            if screen is not None:
                self.under_way[lesson.id] = screen
            if problem is not None:
                problems.append(problem)
        return problems

    def on_enter(self, services: Services) -> None:
        self.under_way = services.lessons_under_way
        self.progress = _load(services)
        problems = self._take_up_kept(services)
        # A lesson left part way first: the player came back to go on with it.
        self.index = self._first_under_way() or self._first_unfinished()
        super().on_enter(services)
        for text in problems:
            services.say(Utterance(text))

    def on_resume(self, services: Services) -> None:
        # Back from the tour or a lesson finished: on to the next thing to learn,
        # the next one down not finished yet (QA: after the first lesson the
        # focus went back up to a tour the player had chosen to skip). Left part
        # way (or back from help): the focus stays where the player was, on what
        # they left, to go on with it.
        self.progress = _load(services)
        opened, self.opened = self.opened, None
        if _is_complete(opened):
            self.index = self._next_unfinished(self.index)
        super().on_resume(services)


def _is_complete(screen: Screen | None) -> bool:
    """Whether ``screen``, opened from the tutorial's menu, was seen to the end."""
    if isinstance(screen, LessonScreen):
        return screen.done
    if isinstance(screen, TourScreen):
        return screen.step_index >= len(TOUR)
    return False


# --- the tour of the keys ---
def _has_contract(view: SeatView) -> bool:
    """Whether the player's side has taken the tricks it bid (nil bids apart)."""
    bid = taken = 0
    counted = False
    for seat in range(view.player_count):
        seat_bid = view.bids[seat]
        if view.side_of(seat) != view.side or seat_bid is None or seat_bid.is_nil:
            continue
        counted = True
        bid += seat_bid.tricks
        taken += view.tricks_won[seat]
    return counted and taken >= bid


def _is_moment(screen: TableScreen, when: When) -> bool:
    """Whether the table is at the moment a tour step waits for."""
    session = screen.session
    if when is When.TRICK_WAITS:
        return session.awaiting_trick_clear
    phase = session.view().phase
    wanted = Phase.BIDDING if when is When.BID_TURN else Phase.PLAYING
    return session.is_human_turn and phase is wanted


class TourScreen(TableScreen):
    """The tour of the keys, at a real table."""

    def __init__(self, progress: TutorialProgress) -> None:
        self.game_session = lesson_session(FIRST_HAND)
        """The tour's game (the table's port, typed as what it is)."""
        super().__init__(self.game_session)
        self.progress = progress
        self.step_index = min(progress.tour_step, len(TOUR) - 1)
        if progress.tour_done:
            self.step_index = 0
        self.asked = False

    @property
    def step(self) -> TourStep:
        """The step under way."""
        return TOUR[self.step_index]

    def _key_name(self, step: TourStep) -> str:
        return key_for(step.command, *self.key_contexts(), step.context)

    def ask(self) -> str:
        """The step's request, naming the key from the key map."""
        return words.ask_text(self.step.point, self._key_name(self.step))

    def on_enter(self, services: Services) -> None:
        if self.step_index:
            self._fast_forward()
            services.say(
                Utterance(
                    words.tour_resumed_text(self.step_index + 1, len(TOUR)),
                    interrupt=True,
                )
            )
        else:
            services.say(Utterance(words.tour_intro_text(), interrupt=True))
        super().on_enter(services)
        # The request comes from update(), after what the table says on entering.

    def _fast_forward(self) -> None:
        """Replay the steps already done, silently, to reach the same moment."""
        for step in TOUR[: self.step_index]:
            self.game_session.run_until_idle()
            self.control.drain()
            if step.command not in _QUESTION_KEYS:
                # Hints on: J must land where it did, so Enter replays that card.
                self.control.handle(step.command, hints_enabled=True)
        self.game_session.run_until_idle()
        self.control.drain()

    def on_resume(self, services: Services) -> None:
        # Back from help (F1) or another screen: where the tour stands.
        super().on_resume(services)
        if self.asked:
            services.say(Utterance(self.ask()))

    def update(self, services: Services, now_ms: int) -> Transition | None:
        super().update(services, now_ms)
        self._maybe_ask(services)
        return None

    def _maybe_ask(self, services: Services) -> None:
        if self.asked or not self.game_session.is_waiting_for_human:
            return
        if _is_moment(self, self.step.when):
            self.asked = True
            services.say(Utterance(self.ask()))

    def handle(
        self, command: Command | None, key: KeyPress, services: Services
    ) -> Transition | None:
        if command is Command.MENU:
            _save(services, self._progress(self.step_index))
            services.say(Utterance(words.left_text(), Cue.MENU_BACK, interrupt=True))
            return Pop()
        if not self.asked:
            self._say(self.control.turn_reply(), services)
            return None
        step = self.step
        if command is not step.command:
            services.say(
                Utterance(words.wrong_key_text(self.ask()), Cue.EDGE, interrupt=True)
            )
            return None
        key_name = self._key_name(step)
        super().handle(command, key, services)
        services.say(Utterance(words.explain_text(step.point, key_name)))
        self.step_index += 1
        self.asked = False
        if self.step_index == len(TOUR):
            _save(services, self._progress(len(TOUR), done=True))
            services.say(Utterance(words.tour_done_text(), Cue.MENU_SELECT))
            return Pop()
        _save(services, self._progress(self.step_index))
        # The next request waits for update(): what the key set off at the table
        # (a trick gathered, "Your lead") is said first, the request after it.
        return None

    def hints_enabled(self, services: Services) -> bool:
        """Always: the tour teaches H and J, whatever the options say."""
        return True

    def _progress(self, step: int, *, done: bool = False) -> TutorialProgress:
        return TutorialProgress(
            tour_step=step,
            tour_done=done or self.progress.tour_done,
            lessons_done=self.progress.lessons_done,
        )


# --- the guided hands ---
class LessonScreen(TableScreen):
    """One lesson's hand, with the teacher's words around the player's decisions."""

    def __init__(
        self,
        lesson: Lesson,
        session: GameSession | None = None,
        place: LessonPlace | None = None,
    ) -> None:
        """Deal ``lesson``; or go on with it as a past run left it.

        ``session`` and ``place`` come from its file (see
        :mod:`audiospades.tutorial.kept`).
        """
        self.game_session = session if session is not None else lesson_session(lesson)
        """The lesson's game (the table's port, typed as what it is)."""
        super().__init__(self.game_session)
        self.lesson = lesson
        place = place or LessonPlace()
        self.judged = place.judged
        """How many of the player's decisions were commented on."""
        self.before_said: tuple[int, int] | None = None
        """(decision, action count) whose "before" words were said."""
        self.hints: dict[int, Hint | None] = {}
        """The hint at each taught decision, worked out when it came."""
        self.taught: dict[int, Teach] = dict(place.taught)
        """The point made at each decision so far."""
        self._needs_undo = False
        self.needs_undo = place.needs_undo
        self.free_said = place.free_said
        self.done = False
        self.taken_up = session is not None
        """Whether it goes on from a past run (not yet opened in this one)."""
        self.entered = self.taken_up
        """Whether the lesson was opened before (left part way, chosen again)."""
        self._kept_at: tuple[object, ...] | None = None
        """The moment last saved (see :meth:`_keep`)."""

    @property
    def needs_undo(self) -> bool:
        """Whether a choice other than the lesson's waits to be taken back.

        Meanwhile the table is held (:attr:`GameSession.held`): the others do not
        play on, so the request to take it back stays the last thing heard, and
        no "Your turn" invites a key the lesson would then refuse (QA).
        """
        return self._needs_undo

    @needs_undo.setter
    def needs_undo(self, value: bool) -> None:
        self._needs_undo = value
        self.game_session.held = value

    def tell(self, notice: Notice, view: SeatView, verbosity: str) -> list[Utterance]:
        """The game's words, without its end's "Press Escape for the menu".

        The lesson's own last line says where Escape goes: back to the lessons.
        Nor, after a choice the lesson is about to call wrong, anything of the
        play moving on: the table is held until it is taken back. The wrong
        move's notices come in one drain with the next turn's (the bid that
        ends the bidding brings "West leads.", a card that ends its trick
        "Press N to gather the trick"), worded before the lesson judges the
        move; said, they came between the move and the request to take it
        back (QA). The choice made again after the undo brings them again.
        """
        if isinstance(notice, GameFinished):
            return []
        if isinstance(notice, _MOVING_ON) and self._wrong_choice_stands():
            return []
        return super().tell(notice, view, verbosity)

    def decisions(self) -> list[BidAction | PassAction | PlayAction]:
        """The player's decisions so far, in order."""
        return [a for a in self.game_session.game.actions if is_decision(a)]

    def on_enter(self, services: Services) -> None:
        if self.taken_up:
            self._take_up(services)
        if self.entered:
            self._come_back(services)
            return
        self.entered = True
        services.say(Utterance(words.lesson_intro_text(self.lesson.id), interrupt=True))
        super().on_enter(services)
        self._teach(services)

    def _take_up(self, services: Services) -> None:
        """Opened for the first time in this run, left part way in a past one.

        The table is set as it was when left: its turn was announced then, so it
        is not announced again (the words of :meth:`_come_back` say where the
        hand stands, as within a run). The hint quoted after a decision whose
        trick is still being played is worked out again.
        """
        self.taken_up = False
        self.control.hints = HintAhead(background=thinks_in_background(services))
        session = self.game_session
        if session.is_waiting_for_human:
            session.advance(services.clock.now_ms())
            self.control.drain()
        # The hint quoted after the decision still being played, or (a mistake
        # waiting) in the words that ask again to take it back.
        pending = self.judged - 1 if self.needs_undo else self.judged
        if pending < len(self.decisions()) and pending in self.taught:
            self.hints[pending] = hint_at_decision(
                session.game, pending, timed=thinks_in_background(services)
            )

    def _come_back(self, services: Services) -> None:
        """Chosen again after leaving: where the hand stands, and the point again."""
        services.say(
            Utterance(words.lesson_resumed_text(self.lesson.id), interrupt=True)
        )
        if self.needs_undo:
            # The table is held at the wrong choice: not whose turn it would be
            # (an invitation the lesson would refuse), but what to do first.
            found = self.hints.get(self.judged - 1)
            services.say(Utterance(words.mistake_again_text(found), Cue.EDGE))
            return
        self._say(self.control.turn_reply(), services)
        # What to look at is said again, a point made when the hint gives its
        # reason too: the decision not yet made is taught afresh.
        self.before_said = None
        self._forget_from(len(self.decisions()))
        self._teach(services)

    def on_resume(self, services: Services) -> None:
        # Back from help (F1): what to do first, while a mistake waits.
        if self.needs_undo:
            services.say(Utterance(words.undo_first_text()))
            return
        super().on_resume(services)

    def update(self, services: Services, now_ms: int) -> Transition | None:
        # The choice a key made is judged before the clock moves on: a wrong one
        # holds the table before the next computer player's move is due.
        self._review(services)
        super().update(services, now_ms)
        self._teach(services)
        self._keep(services)
        return None

    def _moment(self) -> tuple[object, ...]:
        session = self.game_session
        return (
            session.action_count,
            self.judged,
            self.needs_undo,
            self.free_said,
            session.question is not None,
            session.awaiting_trick_clear,
        )

    def _keep(self, services: Services) -> None:
        """Save where the lesson stands, when that changed, for the next run.

        Saved after every change, as a game in progress is: quitting the game or
        closing its window in the middle of a lesson loses nothing.
        """
        session = self.game_session
        if self.done or session.is_over or not services.persist:
            return
        moment = self._moment()
        if moment == self._kept_at:
            return
        self._kept_at = moment
        place = LessonPlace(self.judged, self.taught, self.needs_undo, self.free_said)
        record, state = lesson_state(session, place)
        _report(services, "lesson", save_lesson(self.lesson.id, record, state))

    def handle(
        self, command: Command | None, key: KeyPress, services: Services
    ) -> Transition | None:
        leave = self.table_meaning(key, services) is Command.MENU
        if command is Command.MENU or leave:
            if not self.done:
                self._keep(services)
                services.say(
                    Utterance(words.lesson_left_text(), Cue.MENU_BACK, interrupt=True)
                )
            return Pop()
        if self.done and command in _DECISION_KEYS:
            # N pressed by habit after the lesson's last trick (not held, as at
            # any table) is answered after the hand's summary and the lesson's
            # end, not over them.
            habit = self.is_gathering_habit(key, services)
            self.control.after_last_trick = False
            text = words.lesson_done_text()
            services.say(Utterance(text, interrupt=not habit))
            return None
        if self.needs_undo and command in _DECISION_KEYS:
            services.say(Utterance(words.undo_first_text(), Cue.EDGE, interrupt=True))
            return None
        if self.needs_undo and command in (
            Command.WHOSE_TURN,
            Command.NEXT_PLAYABLE,
            Command.PREV_PLAYABLE,
        ):
            # The table is held: the move is the player's, and it is the undo
            # (Tab said "You cannot play a card now.", true but no way on).
            services.say(Utterance(words.undo_first_text(), interrupt=True))
            return None
        if self.needs_undo and command in (Command.HINT, Command.HINTED_CARD):
            # Not "No hint now: it is not your decision": the strong player's
            # choice again, and the undo that comes first.
            found = self.hints.get(self.judged - 1)
            services.say(Utterance(words.mistake_again_text(found), interrupt=True))
            return None
        if command in (Command.HINT, Command.HINTED_CARD) and self._must_say_yes():
            # The lesson asks for the blind nil that a strong player would not
            # bid at 0 to 0: the hint says the lesson's choice, not the opposite.
            text = words.blind_hint_text()
            if command is Command.HINTED_CARD:
                text = f"{no_hinted_card_text()} {text}"
            services.say(Utterance(text, interrupt=True))
            return None
        if command is Command.NO and self._must_say_yes():
            # The lesson is about the blind nil: it cannot be taken back once the
            # cards are seen, so the other answer is not offered.
            teach = self.lesson.teach_at(0)
            if teach is not None:
                services.say(Utterance(words.before_text(teach.point), Cue.EDGE))
            return None
        super().handle(command, key, services)
        # The teacher speaks from update(), after the table has said what the key
        # set off ("You play the ace of hearts.", "You win the trick ...").
        return None

    def hints_enabled(self, services: Services) -> bool:
        """Always: a lesson says H gives a hint at any time, whatever the options."""
        return True

    def help_meanings(self) -> Mapping[Command, str | None]:
        # Once the lesson is complete, Enter says so (not the game's result).
        if self.done:
            return dict.fromkeys(AFTER_THE_GAME, words.lesson_done_key_text())
        meanings = super().help_meanings()
        if self._must_say_yes():
            # As handle() answers them: not "hear the question again" for J,
            # nor "no" for N (QA).
            return {
                **meanings,
                Command.HINTED_CARD: words.blind_hinted_card_key_text(),
                Command.NO: words.blind_no_key_text(),
            }
        return meanings

    def help_key_meanings(self, keymap: KeyMap) -> Mapping[Chord, str]:
        # Escape leaves the lesson wherever it stands (handle()), also under the
        # blind nil question, where it answers no at a table.
        leave = words.lesson_leave_key_text(done=self.done)
        return {
            chord: leave
            for chord, command in keymap.bindings(Context.TABLE)
            if command is Command.MENU
        }

    def _must_say_yes(self) -> bool:
        expected = self.lesson.expected(0)
        return (
            self.session.question is not None
            and not self.decisions()
            and isinstance(expected, Bid)
            and expected.blind
        )

    def _hint(self, services: Services) -> Hint | bool | None:
        """The hint for now; False while it is still being worked out."""
        hints = self.control.hints
        if (
            isinstance(hints, HintAhead)
            and thinks_in_background(services)
            and not hints.is_ready(self.session)
        ):
            hints.prepare(self.session)
            return False
        try:
            return hints.get(self.session)
        except ValueError:
            return None

    def _forget_from(self, count: int) -> None:
        """The points made at decision ``count`` and after are to be made again."""
        for decision in [d for d in self.taught if d >= count]:
            del self.taught[decision]

    def _review(self, services: Services) -> None:
        """Take note of a decision taken back, and judge one that has played out."""
        made = self.decisions()
        count = len(made)
        if count < self.judged:  # taken back
            self.judged = count
            self.needs_undo = False
            self.before_said = None
            self._forget_from(count)
            services.say(Utterance(words.try_again_text()))
        if count > self.judged and not self._playing_out(made[count - 1]):
            # Said once the decision has played out: a bid at once, a pass when
            # the cards passed back are told (the comment may name them), a card
            # when its trick is complete (it may say who took it), not after the
            # others' moves up to the player's next turn.
            self._judge(count - 1, made[count - 1], services)

    def _wrong_choice_stands(self) -> bool:
        """Whether the last decision is a wrong one, judged or about to be.

        Not once it is taken back: the undo's own notices ("Your turn to bid.")
        are worded before :meth:`_review` takes note of it.
        """
        if self.needs_undo:
            return len(self.decisions()) >= self.judged
        return self._wrong_choice_pending()

    def _wrong_choice_pending(self) -> bool:
        """Whether the last decision, not yet judged, is not the lesson's choice."""
        made = self.decisions()
        decision = len(made) - 1
        return decision >= self.judged and self._is_wrong(decision, made[-1])

    def _is_wrong(
        self, decision: int, action: BidAction | PassAction | PlayAction
    ) -> bool:
        """Whether ``action`` is not the choice a strict point asks for."""
        teach = self.taught.get(decision)
        if teach is None or not teach.strict:
            return False
        expected = self._expected(decision, teach)
        return expected is not None and not same(choice_of(action), expected)

    def _teach(self, services: Services) -> None:
        """Say what the moment calls for, once: after a decision, before the next."""
        session = self.game_session
        self._review(services)
        made = self.decisions()
        count = len(made)
        if not session.is_waiting_for_human:
            return
        if session.is_over:
            self._finish(services)
            return
        deciding = session.is_human_turn or session.question is not None
        if self.needs_undo or not deciding or count != self.judged:
            return
        moment = (count, session.action_count)
        if self.before_said == moment:
            return
        teach = self._point_for(count, services)
        if teach is False:
            return  # the hint is still being worked out: next frame
        self.before_said = moment
        if self.lesson.is_free(count) and not self.free_said:
            self.free_said = True
            services.say(Utterance(words.free_play_text()))
        if isinstance(teach, Teach):
            services.say(Utterance(words.before_text(teach.point)))

    def _playing_out(self, action: BidAction | PassAction | PlayAction) -> bool:
        """Whether ``action`` has yet to play out.

        A card in the trick still being played, or a pass whose cards in return
        are still to come.
        """
        view = self.session.view()
        if isinstance(action, PassAction):
            return view.phase is Phase.PASSING and not view.passed_in
        if not isinstance(action, PlayAction):
            return False
        return any(card == action.card for _seat, card in view.trick)

    def _point_for(self, decision: int, services: Services) -> Teach | bool | None:
        """The point to make at ``decision`` (False: wait for the hint)."""
        lesson = self.lesson
        teach = lesson.teach_at(decision)
        pending = [
            t
            for t in lesson.reason_points
            if t not in self.taught.values() and lesson.is_free(decision)
        ]
        if teach is None and not pending:
            return None
        found = self._hint(services)
        if found is False:
            return False
        hint = found if isinstance(found, Hint) else None
        if teach is not None:
            expected = lesson.expected(decision)
            if teach.strict and not self._may_choose(expected):
                return None  # the hand has left the script: nothing to teach here
            self.hints[decision] = hint
            self.taught[decision] = teach
            return teach
        for reason_teach in pending:
            if hint is None or hint.reason not in reason_teach.reasons:
                continue
            if reason_teach.once_contract_made and not _has_contract(
                self.session.view()
            ):
                continue
            self.hints[decision] = hint
            self.taught[decision] = reason_teach
            return reason_teach
        return None

    def _may_choose(self, choice: Choice) -> bool:
        view = self.session.view()
        if isinstance(choice, Card):
            return choice in view.legal_plays
        if isinstance(choice, tuple):
            return set(choice) <= set(view.hand)
        return view.hand_hidden or choice in view.legal_bids

    def _expected(self, decision: int, teach: Teach) -> Choice | None:
        if teach.decision is not None:
            return self.lesson.expected(decision)
        found = self.hints.get(decision)
        return None if found is None else hint_choice(found)

    def _judge(
        self,
        decision: int,
        action: BidAction | PassAction | PlayAction,
        services: Services,
    ) -> None:
        self.judged = decision + 1
        teach = self.taught.get(decision)
        if teach is None:
            return
        found = self.hints.get(decision)
        expected = self._expected(decision, teach)
        if self._is_wrong(decision, action):
            self.needs_undo = True
            services.say(Utterance(words.mistake_text(found), Cue.EDGE))
            return
        if isinstance(expected, Bid) and expected.blind and found is not None:
            advised = hint_choice(found)
            if advised is None or not same(advised, expected):
                # The one step whose words say what to press ("press Y": this
                # lesson is about the blind nil): a strong player's other choice
                # would contradict it ("Do not bid blind nil"). Elsewhere the
                # player chose, and the strong player's choice is the lesson.
                found = None
        services.say(Utterance(words.after_text(teach.point, found)))

    def _finish(self, services: Services) -> None:
        if self.done:
            return
        self.done = True
        progress = _load(services)
        if self.lesson.id not in progress.lessons_done:
            _save(
                services,
                TutorialProgress(
                    tour_step=progress.tour_step,
                    tour_done=progress.tour_done,
                    lessons_done=(*progress.lessons_done, self.lesson.id),
                ),
            )
        if services.persist:
            _report(services, "lesson", clear_lesson(self.lesson.id))
        services.say(Utterance(words.lesson_done_text(), Cue.MENU_SELECT))


__all__ = [
    "LessonScreen",
    "OfferScreen",
    "TourScreen",
    "TutorialMenu",
    "offer_on_first_start",
]
