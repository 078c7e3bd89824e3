"""A networked table: the local table's screen and keys over the server's game.

:class:`OnlineTableScreen` is the :class:`~audiospades.app.table.TableScreen` with a
:class:`~audiospades.net.remote.RemoteTable` as its game, so every key works as at
home and other people's moves are told in the same words and cues; undo is not
offered (the controller says so). On top of that:

* a spectator hears the watched player named, never "you" ("Ann plays the 7 of
  hearts"), as the browser page does;
* when a game starts, a seated player hears who plays after them and who
  partners whom, in the words a local game's start uses;
* the chat key (the apostrophe) opens the chat entry; chat, seat changes, the
  link and the server's refusals are spoken as they come;
* after "Connection lost, reconnecting" and "Reconnected", the server's fresh
  snapshot is summed up: the hand, the trick, whose turn, the scores;
* Escape opens the online game menu (:class:`OnlineGameMenu`): back to the
  table, Options, the keys, the score sheet, and leaving, asked first (Y leaves
  for the lobby, a computer player taking the seat in a game under way; N or
  Escape stays). The game goes on under it (see :meth:`update_covered`);
* after a fresh start of the game (the server put the player back at the table
  when it greeted them), "Back at table ..." with its name, then where things
  stand;
* when the game is over, the host is told that Enter starts another game at the
  same table with the same players (after Y to "Play again?"), and the others that
  they wait for the host;
  when it starts, everyone hears so and plays on at this screen (a fresh
  controller: the finished game's would refuse every card);
* if someone has left the finished game's table, its seat is empty and the game
  cannot start as it is: the host hears so, and "Play again?" names who left, its
  Y opening the table's waiting room over this screen (a computer player for the
  seat, or a person from the lobby, then "Start the game"). The others hear the
  seat filled and the game start, as in any waiting room; Escape in that room goes
  back to the finished table, and the next game is played here.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from contextlib import AbstractContextManager
from functools import partial
from typing import TYPE_CHECKING

from audiospades.app.confirm import Confirm
from audiospades.app.games import thinks_in_background
from audiospades.app.hint_ahead import HintAhead
from audiospades.app.menus import (
    BACK_TO_TABLE,
    GAME_MENU_TITLE,
    KEYS,
    OPTIONS,
    HelpScreen,
    OptionsMenu,
)
from audiospades.app.online import OnlineSession, chat_entry, say_news
from audiospades.app.screen import (
    KeyPress,
    MenuItem,
    MenuScreen,
    Pop,
    Push,
    Replace,
    Screen,
    Transition,
)
from audiospades.app.services import Services
from audiospades.app.table import TableScreen
from audiospades.commands import Command
from audiospades.keymap import Context
from audiospades.net import protocol as p
from audiospades.net.client import LinkState
from audiospades.net.remote import NewsKind, OnlineNews, RemoteTable
from audiospades.notices import GameFinished, Notice, Question, YourTurn
from audiospades.presenter import Utterance, describe
from audiospades.presenter.online import (
    LEAVE_TABLE,
    PLAY_AGAIN,
    coming_back_text,
    covered_turn_text,
    leave_question_text,
    left_table_text,
    play_again_action_text,
    play_again_question_text,
    play_again_text,
    play_again_told_again,
    remind_after_game_text,
    seat_coming_back_text,
    seated_text,
    shown_chat_lines,
    sit_in_seat_label,
    stayed_after_game_text,
    table_summary,
)
from audiospades.presenter.sheet import SCORE_SHEET_ITEM
from audiospades.presenter.system import who_plays_text
from audiospades.presenter.words import watching
from audiospades.sound import Cue
from audiospades.table_control import (
    AFTER_THE_GAME,
    TableController,
    watching_unavailable,
)

if TYPE_CHECKING:
    import pygame


class OnlineTableScreen(TableScreen):
    """The table of an online game (see the module docstring)."""

    def __init__(
        self,
        online: OnlineSession,
        table: RemoteTable,
        *,
        waiting_room: Callable[[OnlineTableScreen], Screen],
        fresh: bool = False,
        rejoined: bool = False,
    ) -> None:
        """Sit at ``table``; ``fresh``: the game starts now (else it is under way).

        ``waiting_room``: the table's waiting room, opened over this screen when
        the host fills a seat left empty after the game (the lobby's screen).
        ``rejoined``: the server put the player back at it, unasked, when it
        greeted them (the game was started again while they sat at it).
        """
        super().__init__(table)
        self.online = online
        self.remote = table
        self._waiting_room = waiting_room
        self._fresh = fresh
        self._rejoined = rejoined
        self._sum_up = False
        """A reconnection happened: sum up when the server's snapshot comes."""
        self._came_back = False
        """Back after a computer stood in (a key while away): what it did for the
        player and where things stand, when the server's snapshot comes."""
        self._told_over: tuple[bool, int] | None = None
        """How to play again was told after the end of this game, for the host
        or not, with so many seats empty (None: not yet)."""
        self._starting = False
        """The host said Y to "Play again?", or the next game started in the
        waiting room over this screen: what comes is said as it comes, not
        the turn on coming back."""
        self._in_room = False
        """The waiting room is over this screen: it tells what the server says."""
        self._stayed = False
        """N (or Escape) to "Play again?" or "Leave the table?": once the game is
        over, where they are and what they can do now is said on coming back."""
        self._covered = False
        """Another screen is over the table (see update_covered)."""
        self._called_back = False
        """The table waits on us, and we were told (or knew when it was covered)."""
        self._told_turn = False
        """The notices said last included the player's turn or a question."""
        self._ask_to_leave = False
        """Leaving the waiting room came after the game's start (the server kept
        the seat): the game's own "Leave the table?" is asked at once."""
        self._stand_after_asking = False
        """Staying after that question: where things stand is said then."""
        self._room_told_start = False
        """The next game started in the waiting room over this screen, which
        said so: who plays is said when the game's notices come here."""
        self._taking_seat = False
        """The game menu asked the server for a free seat (a spectator)."""
        self._watching = not table.is_seated
        """Opened to watch: once the spectator takes a free seat (the game
        menu's "Sit in seat ..."), a seated table's screen takes this one's
        place (see :meth:`_sat_down`)."""
        log = online.client.chat_log
        self._chat_before = log[-1] if log else None
        """The last chat line before this table's screen (the picture shows
        the lines after it)."""

    # --- the framework ---
    def key_contexts(self) -> tuple[Context, ...]:
        return (*super().key_contexts(), Context.ONLINE)

    def help_meanings(self) -> Mapping[Command, str | None]:
        # No undo online (pressed, it says so); once the game is over, Enter is
        # about the next game.
        with self._words():
            meanings = self.moment_meanings()
            meanings[Command.UNDO] = None
            if self._is_over_here():
                words = play_again_action_text(self.remote.is_host)
                meanings.update(dict.fromkeys(AFTER_THE_GAME, words))
            return meanings

    def unavailable_keys(self) -> frozenset[Command]:
        hidden = super().unavailable_keys()
        if self.remote.is_seated:
            return hidden
        # A spectator's F1 lists no key that only says "You are watching: ...".
        return hidden | watching_unavailable(self._is_over_here())

    def _is_over_here(self) -> bool:
        """Whether the game is over for this screen's keys.

        Seated, only once the end is told: an Enter meant for the last card never
        asks to play again. (A spectator is not told the end as a player is.)
        """
        table = self.remote
        return table.is_over and (self.finished or not table.is_seated)

    def _words(self) -> AbstractContextManager[None]:
        """Words for a spectator when watching: the watched chair is named."""
        return watching(not self.remote.is_seated)

    def on_enter(self, services: Services) -> None:
        if self.remote.leave_refused:
            # "The game had already started: you are still in your seat." was
            # just said: the game's question to leave follows (see update), and
            # where things stand once the player stays.
            self.remote.leave_refused = False
            self._ask_to_leave = self._stand_after_asking = True
            self.control.hints = HintAhead(background=thinks_in_background(services))
            return
        with self._words():
            if self._fresh:
                self._say_who_plays(services)
            elif self.remote.start_untold:
                pass  # the news says the start and who plays (see _tell)
            else:
                # Back after a fresh start, a player hears which table (a
                # spectator has just heard it, with the chair watched from).
                rejoined = self._rejoined
                named = rejoined and self.remote.is_seated
                self._say_where_things_stand(
                    services, returning=rejoined, named=named, arriving=True
                )
            super().on_enter(services)

    def _say_who_plays(self, services: Services) -> None:
        """At the start of a game, who plays after you and who partners whom.

        As a local game's start says it: a sighted player sees the seats around
        the table; online, one heard "The game starts." and no more (with three
        partnerships, not which two others play together). A spectator, who has
        no partner and no place in the order, hears every player and who with whom.
        """
        table = self.remote
        rules = table.view().rules
        text = who_plays_text(table.names, rules, seated=table.is_seated)
        services.say(Utterance(text))

    def draw_with_field(
        self,
        surface: pygame.Surface,
        services: Services,
        field: tuple[str, str] | None,
    ) -> None:
        with self._words():
            super().draw_with_field(surface, services, field)

    def chat_lines(self) -> Sequence[str]:
        """The last chat lines said since the player came to this table.

        A low-vision player who looked away missed what was said: the picture
        showed a chat line only as the latest spoken line, which the next move
        replaced (QA). They stay in sight until newer ones come.
        """
        log = self.online.client.chat_log
        start = 0
        for index in range(len(log) - 1, -1, -1):
            if log[index] is self._chat_before:
                start = index + 1
                break
        return shown_chat_lines(log[start:])

    def is_busy(self) -> bool:
        table = self.remote
        if self.online.client.table is not table:
            return False
        if table.awaiting_reply:
            # An intent is on its way (a bid, a card, the host's "play again"):
            # the server's answer comes next, even once the game is over.
            return True
        if self._next_game_due():
            # The finished game's controller: the next game's fresh one (and who
            # plays) comes at the next update.
            return True
        if table.is_over or self.finished:
            return False
        if table.is_stood_in:
            # A computer plays the seat, the game going on: nothing is waited
            # on but the player's key, which gives the seat back; then the
            # server's answer (the seat, and where things stand).
            return self._came_back
        if table.question is not None:
            return False
        if table.shown_trick is not None:
            # The server's pause after a trick: the view already has the winner
            # to lead, but "Your lead." comes when the pause ends (the trick is
            # gathered then, by that notice or the views sent again). A key
            # pressed before would play over it, and it was never said.
            return True
        return not table.is_human_turn

    def _next_game_due(self) -> bool:
        """Whether the next game began here while the controller is the last's."""
        table = self.remote
        return self.control.finished and table.has_started and not table.is_over

    def waits_on_server(self) -> bool:
        return self.is_busy()

    def awaits_reply(self) -> bool:
        return self.remote.awaiting_reply

    def update(self, services: Services, now_ms: int) -> Transition | None:
        online, table = self.online, self.remote
        online.pump()
        if online.client.table is not table:
            return Pop()  # the table closed under us
        if self._ask_to_leave:
            self._ask_to_leave = False
            return Push(LeaveQuestion(self, again=True))
        if self._has_sat_down():
            return self._sat_down(services)
        with self._words():
            return super().update(services, now_ms)

    def _has_sat_down(self) -> bool:
        """Whether the spectator has taken a seat at this table (in a game)."""
        return self._watching and self.remote.is_seated

    def _sat_down(self, services: Services) -> Transition:
        """The spectator took a free seat: a seated table's screen in this one's place.

        As the lobby seats someone in a game under way: where one sits ("You sit
        in seat 2 at Ann's table. Your partner is Ann."), then where things
        stand, then the turn the seat's snapshot restates (with the hand). What
        came before the seat is said first, in the spectator's words; the
        game's moves not said yet before it are left to the summary (they were
        seen from the chair watched, the seat's own picture replacing it).
        """
        table = self.remote
        before = table.news_before_own_seat()
        with watching(True):
            for item in before:
                self._tell(item, services)
        assert table.seat is not None
        services.say(Utterance(seated_text(table.info, table.seat)))
        return Replace(
            OnlineTableScreen(self.online, table, waiting_room=self._waiting_room)
        )

    def _sync(self, services: Services) -> None:
        """Say the table's notices and the online news, in the order they came."""
        table = self.remote
        if self._has_sat_down():
            return  # a seated screen takes this one's place (see update)
        if self._next_game_due():
            # The host started the next game at this table: a fresh controller
            # (the finished game's refuses every card), as net/render.py does.
            background = thinks_in_background(services)
            self.control = TableController(table, HintAhead(background=background))
            self._told_over = None
            if self._room_told_start:
                # The room over this screen said "The game starts.".
                self._room_told_start = False
                self._say_who_plays(services)
        notices = self.control.drain()
        news = table.drain_news()
        first = table.notice_serial - len(notices)
        stream: list[tuple[int, int, Notice | OnlineNews]] = [
            (item.after, 0, item) for item in news
        ]
        stream += [(first + i, 1, notice) for i, notice in enumerate(notices)]
        view = self.control.view
        verbosity = services.settings.verbosity
        for serial, _, item in sorted(stream, key=lambda entry: entry[:2]):
            if isinstance(item, OnlineNews):
                self._tell(item, services)
                continue
            if isinstance(item, GameFinished):
                # Not the local "Press Escape for the menu": how another game
                # starts here (or how to leave) follows, below.
                continue
            if isinstance(item, (YourTurn, Question)):
                self._told_turn = True
            # In the names of when it came (a seat may have changed hands since),
            # and the computer's move for one's seat as its own, even if the seat
            # is back (or the game over) by now.
            told = describe(
                item,
                view,
                table.names_at(serial),
                verbosity,
                stand_in=table.playing_for_me_at(serial),
            )
            self.hold_summary(item, told)
            for utterance in told:
                services.say(utterance)
        if table.is_over:
            self._tell_how_to_play_again(services)
        if table.drain_pending():
            self._sync(services)

    def _tell_how_to_play_again(self, services: Services) -> None:
        """After the end: how another game starts; again if that has changed.

        Told again to the host when a seat empties (someone left: the seat is
        filled first) or when the player becomes the host.
        """
        table = self.remote
        now = (table.is_host, len(table.vacated()))
        told = self._told_over
        if told == now:
            return
        self._told_over = now
        if told is None or play_again_told_again(told, now):
            services.say(Utterance(play_again_text(*now)))

    def _tell(self, news: OnlineNews, services: Services) -> None:
        if news.kind is NewsKind.LINK and news.link is LinkState.LOST:
            self._sum_up = True
        if news.kind is NewsKind.TABLE:
            if self._sum_up:
                self._sum_up = self._came_back = False
                self._say_where_things_stand(services)
            elif self._came_back:
                # "You take your seat back." was said at the key: no "Back at
                # the table." before what the computer did meanwhile.
                self._came_back = False
                self._say_where_things_stand(services, returning=False)
            return
        say_news(
            services,
            self.online,
            [news],
            self.remote.seat,
            in_game=True,
            game_over=self.remote.is_over,
        )
        if news.change is p.SeatChange.GAME_STARTED:
            self._say_who_plays(services)

    def _say_where_things_stand(
        self,
        services: Services,
        *,
        returning: bool = True,
        named: bool = False,
        arriving: bool = False,
    ) -> None:
        """The summary; ``named``: with the table's name ("Back at table ...").

        ``arriving``: sat down at the game under way (who is away is said, as
        when ``returning``).
        """
        table = self.remote
        text = table_summary(table, returning=returning, named=named, arriving=arriving)
        services.say(Utterance(text))

    def handle(
        self, command: Command | None, key: KeyPress, services: Services
    ) -> Transition | None:
        with self._words():
            return self._handle(command, key, services)

    def _handle(
        self, command: Command | None, key: KeyPress, services: Services
    ) -> Transition | None:
        if self._next_game_due():
            # The next game began, not yet told here: its start first (who
            # plays, the deal), then the key's answer, which came before them.
            self._sync(services)
        # Any key moves on from a hand's summary held over the next deal, as at
        # a local table: the chat key and Escape too, which the table's own
        # handling never sees (the summary stayed drawn over the chat line, the
        # game menu and its questions, the new hand hidden under it).
        self.summary_moved_on()
        if command is Command.CHAT:
            # The field is drawn on this table's picture, in the status lines'
            # place: the cards and the trick stay in sight while typing.
            return chat_entry(self.online, at_table=True, backdrop=self)
        if command is Command.MENU:
            return Push(OnlineGameMenu(self))
        table = self.remote
        if table.is_stood_in and self._came_back:
            # Asked already, the seat not back yet (QA: each key said "You take
            # your seat back." again and did nothing else).
            services.say(Utterance(seat_coming_back_text(), interrupt=True))
            return None
        if table.is_stood_in:
            # Away at one's turn, a computer took over: any key at the table
            # gives the seat back (where things stand comes with it).
            table.come_back()
            self._came_back = True
            services.say(Utterance(coming_back_text(), interrupt=True))
            return None
        if command in AFTER_THE_GAME and self._is_over_here():
            if table.is_host:
                return Push(PlayAgainQuestion(self))
            services.say(Utterance(play_again_text(False)))
            return None
        if command is Command.REMIND and table.is_over and table.is_seated:
            # No one to remind once the game is over: said so, with how to play
            # again or leave (QA: the server's answer was "The game has not
            # started yet.").
            free = len(table.vacated())
            text = remind_after_game_text(free, is_host=table.is_host)
            services.say(Utterance(text))
            return None
        return super().handle(command, key, services)

    def only_asks(self, command: Command | None) -> bool:
        # Away, a computer playing the seat: any key at the table takes it back
        # (see _handle), the questions too.
        return not self.remote.is_stood_in and super().only_asks(command)

    def answer_query(
        self, command: Command, key: KeyPress, services: Services
    ) -> Transition | None:
        with self._words():
            return super().answer_query(command, key, services)

    def update_covered(self, services: Services, now_ms: int) -> None:
        """Another screen is over the table (help, the game menu, Options...).

        The game goes on meanwhile: the server's messages are taken in (and said
        on return), and the player is called back when it is their turn or they
        are asked something. A chat line is said as it comes, as the lobby and
        the waiting room say it: someone speaks to the player now. Before, only
        its cue came under "Leave the table?" or the game menu, and every line at
        once after the answer. It waits behind the words being said (the
        question's), and the screen over the table stays as it was.
        """
        if self._in_room:
            return  # the waiting room over the table tells all
        online, table = self.online, self.remote
        online.pump()
        if online.client.table is not table:
            return  # the table closed: said when it is on top again
        waits = (
            table.has_started
            and not table.is_over
            and (table.is_human_turn or table.question is not None)
        )
        if not self._covered:  # just covered: what it waits on, the player knows
            self._covered = True
        elif waits and not self._called_back:
            with self._words():
                services.say(Utterance(covered_turn_text(), Cue.YOUR_TURN))
        self._called_back = waits
        with self._words():
            for chat in table.take_news(lambda news: news.kind is NewsKind.CHAT):
                self._tell(chat, services)  # (muted: its cue, and kept)

    def on_resume(self, services: Services) -> None:
        # Back from "Play again?" or "Leave the table?" with N, or from the
        # waiting room the first one's Y opened: after the game, where the player
        # is and what they can do now, not only "The game is over." (QA).
        stayed = (self._stayed or self._in_room) and not self._starting
        left_room = self._in_room
        self._covered = self._called_back = self._in_room = self._stayed = False
        if self._has_sat_down():
            return  # a seated screen takes this one's place (see update)
        if self._starting:
            # Back from "Play again?" with Y, or from the waiting room where the
            # game started: the server's news is what to say.
            self._starting = False
            return
        taking_seat, self._taking_seat = self._taking_seat, False
        with self._words():
            if self._stand_after_asking:
                # Staying after all (N to the game's question, asked when the
                # waiting room was left too late): the game as it stands.
                self._stand_after_asking = False
                self._say_where_things_stand(services, returning=False)
            # What happened meanwhile first, then whose turn it is now (before,
            # the turn was said from the picture of before the cover), unless
            # what happened ended with it.
            self._told_turn = False
            self._sync(services)
            if stayed and self._is_over_here():
                free = len(self.remote.vacated())
                text = stayed_after_game_text(
                    free, is_host=self.remote.is_host, left_room=left_room
                )
                # After what the sync said, if anything (not over it).
                fresh = not services.spoke_this_frame()
                services.say(Utterance(text, interrupt=fresh))
            elif not self._told_turn and not taking_seat:
                # (Taking a seat, the seat's own turn comes with it.)
                super().on_resume(services)

    def seats_to_take(self) -> list[int]:
        """The seats a spectator may take now (none for a player).

        Those a computer plays for someone who left the game under way; none
        once it is over.
        """
        table = self.remote
        if table.is_seated or not table.has_started or table.is_over:
            return []
        return list(table.info.free_seats)

    def take_seat(self, seat: int) -> None:
        """Ask the server for the free seat ``seat`` (a spectator's choice)."""
        table = self.remote
        table.client.send(p.JoinSeat(table=table.info.id, seat=seat))
        table.awaiting_reply = True
        self._taking_seat = True

    def start_again(self) -> None:
        """Ask the server for another game at this table (the host's Y)."""
        # As the waiting room's "Start the game": the server answers with
        # "The game starts." for everyone, or says why not.
        self.remote.client.send(p.StartGame())
        self.remote.awaiting_reply = True
        self._starting = True

    def play_again_question(self) -> str:
        """The "Play again?" question as asked now (naming who left, if anyone)."""
        with self._words():
            return play_again_question_text(self.remote.vacated())

    def stay_after_game(self) -> None:
        """N to "Play again?" or "Leave the table?": told on coming back.

        Once the game is over, where the player is and what they can do now (see
        on_resume).
        """
        self._stayed = True

    def open_waiting_room(self) -> Transition:
        """The host's Y with seats empty: the table's waiting room, over this screen.

        (In place of the question, whose Y it is.)
        """
        self._in_room = True
        return Replace(self._waiting_room(self))

    def next_game_started(self) -> None:
        """The next game started in the waiting room over this screen.

        The room said so; coming back, who plays and the game's own notices
        follow.
        """
        self._starting = True
        self._room_told_start = True


class OnlineGameMenu(MenuScreen):
    """Escape at a networked table: the game menu, online.

    Back to the table, Options (without those only a local game uses), the keys,
    the score sheet, and leaving the table. Each of them takes this menu's place,
    so that closing it is being back at the table: the game goes on meanwhile,
    and "press Escape to go back to it" (the player's turn came) holds from any
    of them. Leaving is asked first: N or Escape stays at the table.
    """

    def __init__(self, table: OnlineTableScreen) -> None:
        self.table = table

        def keys(services: Services) -> Transition:
            return Replace(HelpScreen.of(table))

        # A spectator may take a seat a computer plays for someone who left,
        # as someone from the lobby may: "Sit in seat 2, partner of Ann".
        seats = [
            MenuItem(
                partial(_seat_label, table, seat),
                action=partial(self._sit, seat=seat),
                data=seat,
            )
            for seat in table.seats_to_take()
        ]
        items = [
            MenuItem(BACK_TO_TABLE, action=self._back),
            *seats,
            MenuItem(OPTIONS, action=lambda s: Replace(OptionsMenu(online=True))),
            MenuItem(KEYS, action=keys),
            # In the menu's place: its title's "returns to the table" holds.
            MenuItem(SCORE_SHEET_ITEM, action=lambda s: Replace(table.score_sheet())),
            MenuItem(LEAVE_TABLE, action=lambda s: Replace(LeaveQuestion(table))),
        ]
        super().__init__(GAME_MENU_TITLE, items)

    def _sit(self, services: Services, *, seat: int) -> Transition:
        """Take the free seat ``seat`` (a spectator): back to the table meanwhile.

        The server's answer is the seat's snapshot (a seated screen then takes
        the table's place), or why not ("That seat is taken."), said there.
        """
        self.table.take_seat(seat)
        return Pop()

    def _back(self, services: Services) -> Transition:
        """Back to the table (the item, or Escape).

        Once the game is over, where the player is and what they can do now is
        said there (before, only "The game is over."), as after N to "Leave the
        table?".
        """
        self.table.stay_after_game()
        return Pop()

    def handle(
        self, command: Command | None, key: KeyPress, services: Services
    ) -> Transition | None:
        if command is Command.BACK:
            services.sound.play(Cue.MENU_BACK)
            return self._back(services)
        return super().handle(command, key, services)


def _seat_label(table: OnlineTableScreen, seat: int) -> str:
    """The game menu's item for a free seat, in the table's words now."""
    return sit_in_seat_label(seat, table.remote.info)


class LeaveQuestion(Confirm):
    """The online game menu's "Leave the table": Y leaves, N or Escape stays.

    ``again``: asked unasked, after leaving the waiting room came too late (the
    game had started): it follows the sentence that says so, not over it.
    """

    def __init__(self, table: OnlineTableScreen, *, again: bool = False) -> None:
        self._again = again

        def leave(services: Services) -> Transition:
            table.online.client.leave_table()
            services.sound.play(Cue.MENU_BACK)
            services.say_text(left_table_text())
            return Pop(2)

        super().__init__(
            LEAVE_TABLE,
            # A spectator gives up no seat: no computer player takes it.
            lambda: leave_question_text(
                table.remote.is_seated and not table.finished,
                last=table.remote.is_last_person,
            ),
            leave,
            over=table,
        )
        self.table = table

    def on_no(self, services: Services) -> Transition | None:
        # Staying after the game: where the player is and what they can do now
        # is said back at the table (before, only "The game is over.").
        self.table.stay_after_game()
        return super().on_no(services)

    def on_enter(self, services: Services) -> None:
        if self._again:
            services.say(Utterance(self._question(), interrupt=False))
            return
        super().on_enter(services)


class PlayAgainQuestion(Confirm):
    """Enter at a networked table whose game is over, for the host: play again?

    Y starts another game with the same players; N or Escape stays (and hears
    where they are and what they can do now). Asked so that a stray Enter never
    starts a game; the table's keys that only ask (S, P, K...) are answered
    meanwhile. With a seat empty (its person left), the question names who left,
    and Y opens the table's waiting room to fill it.
    """

    def __init__(self, table: OnlineTableScreen) -> None:
        def start(services: Services) -> Transition:
            if table.remote.vacated():  # looked at again: someone may have left
                return table.open_waiting_room()
            table.start_again()
            return Pop()

        super().__init__(PLAY_AGAIN, table.play_again_question, start, over=table)
        self.table = table

    def on_no(self, services: Services) -> Transition | None:
        self.table.stay_after_game()
        return super().on_no(services)

    def awaits_reply(self) -> bool:
        # Y asked the server for the game: its answer ("The game starts.") is
        # the key's answer, not "Y does nothing here".
        return self.table.remote.awaiting_reply
