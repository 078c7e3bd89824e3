"""The card table: the game at the player's seat, spoken and drawn.

Keys (see :mod:`audiospades.keymap`): seed 004's B, C, F, V or I, S, T; Left and
Right through the hand (each card spoken with whether it is playable now), Up and
Down between suits, Home and End, Tab and Shift+Tab to the next or previous card
you may play, K the score sheet, W who sits where (and online, who watches), J to
the card the hint suggests, Enter or Space to play (or, while passing, to choose a
card); digits and Enter to bid; N gathers a trick when the table waits (and Enter
or Space do too); Ctrl+Z undo; H hint; Escape the game menu.

What each key means is decided by the pygame-free
:class:`~audiospades.table_control.TableController`; this screen maps keys to
commands, asks it, speaks what the presenter makes of its answers and of the game's
notices, and draws the table.
"""

from __future__ import annotations

import logging
from collections.abc import Callable, Mapping
from typing import TYPE_CHECKING, Final

from audiospades import storage
from audiospades.app.confirm import OWN_KEYS, Confirm
from audiospades.app.games import (
    new_game_session,
    saved_game_session,
    thinks_in_background,
)
from audiospades.app.hint_ahead import HintAhead
from audiospades.app.menus import GameMenu
from audiospades.app.screen import KeyPress, Push, Replace, Screen, Transition
from audiospades.app.services import Services
from audiospades.app.sheet_screen import ScoreSheetScreen, SheetOver
from audiospades.commands import Command
from audiospades.keymap import Context
from audiospades.notices import Notice
from audiospades.presenter import Utterance, describe
from audiospades.presenter import table as table_words
from audiospades.presenter.replies import reply_utterances
from audiospades.presenter.system import (
    NEW_GAME_TITLE,
    game_over_key_text,
    question_again_key_text,
    replace_saved_game_question_text,
    stray_key_text,
    table_key_meanings,
)
from audiospades.replies import Reply, UnboundKey
from audiospades.rules import Card, HandDealt, HandScored, SeatView
from audiospades.sound import Cue
from audiospades.table_control import (
    OWN_QUESTION_KEYS,
    TableController,
    TablePort,
    under_question_meanings,
)

if TYPE_CHECKING:
    from collections.abc import Sequence

    import pygame

    from audiospades.app.render import TableLayout

log = logging.getLogger(__name__)

_ANSWERED_UNDER_OWN_QUESTION: Final = OWN_KEYS | {Command.CHAT} | OWN_QUESTION_KEYS
"""The keys answered as ever under the game's own question (blind nil, a redeal):
those of every screen, the chat key online, and H (see
:data:`~audiospades.table_control.OWN_QUESTION_KEYS`)."""


class TableScreen(Screen):
    """Plays one game with the player."""

    title = "Table"

    def __init__(
        self,
        session: TablePort,
        *,
        resumed_line: str | None = None,
        saved: Callable[[], bool] | None = None,
    ) -> None:
        self.saved = saved
        """Whether the game is on disk as it stands (a local game), for the menu."""
        self.control = TableController(session, HintAhead(background=False))
        """The table's decisions: focus, bid entry, pass choice, what keys mean."""
        self.resumed_line = resumed_line
        """The last line heard before the game was saved (None: a new game)."""
        self._skip_once = ""
        self.focus_rect: tuple[int, int, int, int] | None = None
        """Where the focused card's frame was last drawn (for tests of the picture)."""
        self.layout: TableLayout | None = None
        """The rectangles of the last picture (for tests of the picture)."""
        self.summary = ""
        """The last hand's summary, as said: drawn above the latest line (not over
        the game's end), so that it can be read while the last trick or the empty
        table waits (a hand's last trick is not held for N). It stays until the
        next deal and until the player has pressed a key since it was shown: a
        table that does not wait after a trick deals on at its pace, and the
        summary stays over the new hand (drawn in the hand's room) until the
        player moves on; the game goes on meanwhile, and waits at their turn
        as ever (see :meth:`hold_summary`)."""
        self._summary_read = True
        """A key was pressed since the summary was shown (the player moved on)."""
        self._summary_over_deal = False
        """The next hand is dealt and the summary still stays (its cards are not
        drawn until the player presses a key)."""

    # --- what the controller holds ---
    @property
    def session(self) -> TablePort:
        """The game at the player's seat."""
        return self.control.port

    @property
    def view(self) -> SeatView:
        """The player's view, refreshed every frame."""
        return self.control.view

    @property
    def focus(self) -> Card | None:
        """The card the player is on."""
        return self.control.focus

    @property
    def pass_choice(self) -> list[Card]:
        """The cards chosen so far to pass."""
        return self.control.pass_choice

    @property
    def finished(self) -> bool:
        """Whether the game is over."""
        return self.control.finished

    # --- the framework ---
    def key_contexts(self) -> tuple[Context, ...]:
        return self.control.key_contexts()

    def help_contexts(self) -> tuple[Context, ...]:
        return self.control.help_order(self.key_contexts())

    def unavailable_keys(self) -> frozenset[Command]:
        return self.control.unavailable_keys()

    def help_meanings(self) -> Mapping[Command, str | None]:
        # Once the game is over, Enter plays no card: it tells the result again.
        meanings = self.moment_meanings()
        meanings.update(
            dict.fromkeys(self.control.after_game_keys(), game_over_key_text())
        )
        return meanings

    def moment_meanings(self) -> dict[Command, str | None]:
        """The table keys' words for this table and this moment.

        No passing where no cards are passed; Space at one's bid turn; a question
        waiting; a hand hidden for a blind nil.
        """
        port = self.control.port
        meanings: dict[Command, str | None] = dict(
            table_key_meanings(
                port.view().rules, self.key_contexts(), hand_hidden=port.hand_hidden
            )
        )
        if port.question is not None:
            # The keys that would act ask the question again, as they do (QA: F1
            # said Tab moved to a card one may play, under the blind nil question).
            return under_question_meanings(
                meanings,
                _ANSWERED_UNDER_OWN_QUESTION,
                question_again_key_text(),
                self.unavailable_keys(),
            )
        return meanings

    def on_enter(self, services: Services) -> None:
        self.control.hints = HintAhead(background=thinks_in_background(services))
        if self.resumed_line is not None:
            view = self.session.view()
            text = table_words.resumed_text(
                view,
                self.session.names,
                self.control.port.shown_trick,
                self.control.pass_choice,
            )
            services.say(Utterance(text, interrupt=True))
            if self.resumed_line and not self.control.pass_choice:
                # (With cards chosen to pass, the words above say how many more:
                # the turn's last line, "Choose 2 cards", no longer holds.)
                services.say(Utterance(self.resumed_line))
            # The turn notice that follows often repeats the last line: say it once.
            self._skip_once = self.resumed_line
        self._sync(services)

    def on_resume(self, services: Services) -> None:
        # Back from a screen opened over the table: the player has moved on since
        # the hand's end, and N means what it says again.
        self.control.after_last_trick = False
        self._say(self.control.turn_reply(), services)

    def is_busy(self) -> bool:
        return not self.session.is_idle

    def update(self, services: Services, now_ms: int) -> Transition | None:
        self.session.advance(now_ms)
        self._sync(services)
        self.control.think_ahead(self.hints_enabled(services))
        return None

    def hints_enabled(self, services: Services) -> bool:
        """Whether H and J answer at this table (the player's setting)."""
        return services.settings.hints_enabled

    def _sync(self, services: Services) -> None:
        """Keep the focus valid, save, then say what happened.

        The game is saved before its news is spoken, with the last line about to be
        spoken, so what the player heard is always on disk.
        """
        notices = self.control.drain()
        view = self.control.view
        verbosity = services.settings.verbosity
        said: list[Utterance] = []
        for notice in notices:
            told = self.tell(notice, view, verbosity)
            self.hold_summary(notice, told)
            for utterance in told:
                repeat = utterance.text == self._skip_once
                self._skip_once = ""
                if not repeat:
                    said.append(utterance)
        self.session.save_if_dirty(said[-1].text if said else services.last_line)
        for utterance in said:
            services.say(utterance)
        if self.session.drain_pending():
            self._sync(services)

    def tell(self, notice: Notice, view: SeatView, verbosity: str) -> list[Utterance]:
        """What the player hears of ``notice`` at this table (the presenter's words)."""
        return describe(notice, view, self.session.names, verbosity)

    def hold_summary(self, notice: Notice, told: list[Utterance]) -> None:
        """Keep a hand's summary on the table until the player moves on (see draw).

        The player moves on with a key (not the gathering key pressed by habit
        right after the hand's last trick, which is not held: see
        :meth:`~audiospades.table_control.TableController.is_gathering_habit`).
        The next deal comes at the pace's delay (some two seconds) and the
        summary stays over it until a key. The game is not held: the computer
        players bid meanwhile (their labels show it); at the player's turn, the
        first thing of the new hand they must notice, the game waits for them
        anyway, and the header and the prompt under the summary tell them; their
        key then does what it does and shows the new hand.
        """
        if isinstance(notice, HandScored):
            self.summary = " ".join(utterance.text for utterance in told)
            self._summary_read = not self.summary
            self._summary_over_deal = False
        elif isinstance(notice, HandDealt):
            if self._summary_read:
                self.summary = ""
            self._summary_over_deal = bool(self.summary)

    def summary_moved_on(self) -> None:
        """A key was pressed: the summary gives way at the deal, or now if dealt."""
        self._summary_read = True
        if self._summary_over_deal:
            self.summary = ""
            self._summary_over_deal = False

    def _say(self, reply: Reply | None, services: Services) -> None:
        """Speak the controller's answer, worded by the presenter.

        (A key pressed with the one that opened the table is answered after
        its opening lines: see ``App.key_down``.)
        """
        if reply is None or isinstance(reply, UnboundKey):
            # A key that does nothing here is left unanswered, for the loop to
            # answer as on every screen: in words the first time, then the knock
            # alone (QA: the table said the sentence at every press).
            return
        names = self.session.names
        verbosity = services.settings.verbosity
        for utterance in reply_utterances(reply, self.view, names, verbosity):
            services.say(utterance)

    # --- keys ---
    def handle(
        self, command: Command | None, key: KeyPress, services: Services
    ) -> Transition | None:
        self._skip_once = ""
        if not self.is_gathering_habit(key, services):
            # (The habit is no move on: the summary stays until the next key.)
            self.summary_moved_on()
        if command is Command.MENU:
            return Push(
                GameMenu(
                    finished=self.finished,
                    # Over the menu: its Escape goes back to it, as its title says.
                    score_sheet=lambda: self.score_sheet(over="menu"),
                    saved=self.saved,
                    table=self,
                )
            )
        if command is Command.SCORE_SHEET:
            return Push(self.score_sheet())
        reply = self.control.handle(
            command,
            key.char,
            key.chord,
            hints_enabled=self.hints_enabled(services),
            table_meaning=self.table_meaning(key, services),
        )
        self._say(reply, services)
        self._sync(services)
        return None

    @staticmethod
    def table_meaning(key: KeyPress, services: Services) -> Command | None:
        """What ``key`` means at the table itself, under the bid and the question.

        (At one's bid N bids nil, at a question it answers no; at the table it
        gathers the trick.)
        """
        return services.keymap.lookup(key.chord, (Context.TABLE,))

    def is_gathering_habit(self, key: KeyPress, services: Services) -> bool:
        """Whether ``key`` is N (Enter, Space) pressed by habit after a hand's end.

        Known by what it means at the table (:meth:`table_meaning`), whatever it
        means under the bid or a question: see
        :meth:`~audiospades.table_control.TableController.is_gathering_habit`.
        """
        return self.control.is_gathering_habit(self.table_meaning(key, services))

    def stray_key(
        self, command: Command | None, key: KeyPress, services: Services
    ) -> bool:
        """A key pressed with the one that opened the table (or brought it back).

        Meant for the screen before, it must not act on a game the player has
        not heard yet (QA: a second Enter on "Continue" played a card; with
        "New game", a digit would have opened a bid the next Enter placed): a
        key that only asks is answered, after the opening lines; any other
        does nothing, and says so (then, pressed again, it acts).
        """
        if self.only_asks(command):
            return False
        services.say(Utterance(stray_key_text(key.chord), Cue.NOTHING_HERE))
        return True

    def only_asks(self, command: Command | None) -> bool:
        """Whether ``command`` acts on nothing at this table now (see stray_key)."""
        return self.control.only_asks(command)

    def answer_query(
        self, command: Command, key: KeyPress, services: Services
    ) -> Transition | None:
        """A key that only asks (S, P, K...), pressed under a question over the table.

        Answered as here (:data:`~audiospades.table_control.QUERY_KEYS`); the
        question stays open, as the game's own (blind nil) does.
        """
        if command is Command.SCORE_SHEET:
            # Its Escape goes back to the question, and its title says so.
            return Push(self.score_sheet(over="question"))
        reply = self.control.handle(command, key.char, key.chord, hints_enabled=False)
        self._say(reply, services)
        return None

    def score_sheet(self, *, over: SheetOver = "table") -> ScoreSheetScreen:
        """The score sheet of this game as it stands.

        ``over``: what it is opened over, to which its Escape goes back (a
        question over the table, see :meth:`answer_query`; the game menu).
        """
        return ScoreSheetScreen(self.view, self.session.names, over=over)

    # --- picture ---
    def draw(self, surface: pygame.Surface, services: Services) -> None:
        self.draw_with_field(surface, services, None)

    def chat_lines(self) -> Sequence[str]:
        """The last chat lines the picture keeps in sight (none at a local table)."""
        return ()

    def draw_with_field(
        self,
        surface: pygame.Surface,
        services: Services,
        field: tuple[str, str] | None,
    ) -> None:
        """The table, with a line being typed in the status lines' place.

        ``field`` is its label and text (a chat line); there it hides nothing of
        the table. None: the latest spoken line, as ever.
        """
        from audiospades.app.render import draw_table

        # Over the game's end the last trick keeps its room: "Game over" and the
        # score sheet (K) tell the result.
        summary = "" if self.finished else self.summary
        self.layout = draw_table(
            surface,
            services,
            self.control,
            self.layout,
            summary=summary,
            field=field,
            hand_shown=not (summary and self._summary_over_deal),
            chat=self.chat_lines(),
        )
        frame = self.layout.focus_frame
        self.focus_rect = (
            None if frame is None else (frame.x, frame.y, frame.w, frame.h)
        )


def new_game_table(services: Services) -> TableScreen:
    """A new game dealt from the settings (and announced), at its table."""
    session = new_game_session(services)
    return TableScreen(session, saved=session.is_saved)


def start_new_game(
    services: Services,
    place: Callable[[Screen], Transition],
    on_start: Callable[[], None] | None = None,
) -> Transition:
    """Deal a new game (``place`` opens its table: Push or Replace).

    While a game in progress is saved, ask first: the new game takes its place,
    and one Enter on "New game" must not lose it. Y deals (the question gives way
    to the table), N or Escape keeps it. ``on_start`` is called when it is dealt.
    """

    def deal(services: Services) -> Transition:
        table = new_game_table(services)
        if on_start is not None:
            on_start()
        return Replace(table) if asked else place(table)

    asked = storage.has_game_in_progress()
    if not asked:
        return deal(services)
    return Push(Confirm(NEW_GAME_TITLE, replace_saved_game_question_text, deal))


def saved_game_table(services: Services) -> TableScreen | None:
    """The saved game in progress at its table; None (said why) if there is none."""
    saved = saved_game_session(services)
    if saved is None:
        return None
    return TableScreen(
        saved.session, resumed_line=saved.last_spoken, saved=saved.session.is_saved
    )
