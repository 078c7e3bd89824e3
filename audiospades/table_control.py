"""The table's decisions, free of pygame and of words: commands in, replies out.

:class:`TableController` is what a key press means at the card table: bid entry
(digits, up and down, erase, nil), the focus in the hand and its edges, Tab and
Shift+Tab to a card that may be played, J to the hinted card, choosing cards to
pass, play or choose on Enter, the question keys (W, who is here, from the port's
:meth:`~TablePort.company`), yes and no, gathering a trick and undo. It acts on
the game at the player's seat through a :class:`TablePort` (a local
:class:`~audiospades.controller.GameSession`, or a networked client's seat) and
answers with a :data:`~audiospades.replies.Reply` for the presenter to word.
The game's own news (bids, cards, tricks) comes from the port as notices, which
:meth:`TableController.drain` hands on after updating the focus.

The pygame :class:`~audiospades.app.table.TableScreen` maps keys to commands, asks
the controller, speaks what the presenter makes of the answer, and draws.
"""

from __future__ import annotations

from collections.abc import Collection, Mapping, Sequence
from dataclasses import replace
from enum import Enum, auto
from typing import Final, Protocol

from audiospades.bots import Hint, HintKind
from audiospades.bots.heuristic import pass_reason
from audiospades.commands import DIGITS, HAND_MOVES, Command
from audiospades.keymap import Chord, Context
from audiospades.notices import (
    GameFinished,
    Notice,
    Question,
    QuestionKind,
    Refused,
    TrickWaiting,
    YourTurn,
)
from audiospades.replies import (
    AwaitingServer,
    BidEntryChanged,
    BidEntryHeld,
    BidErased,
    BidRefused,
    CardsOnTable,
    Company,
    FocusMove,
    FocusMoved,
    HintedCardMissing,
    HintGiven,
    Info,
    InfoKind,
    NilRefused,
    NoHint,
    NoHintReason,
    NothingToGather,
    PassChoiceChanged,
    PassingInfo,
    QuestionAgain,
    RemindUnavailable,
    Reply,
    SuitLed,
    TrickGathered,
    UnboundKey,
    UndoUnavailable,
    WaitingTrickInfo,
    WhoIsHere,
    WhoseTurn,
)
from audiospades.rules import Bid, Card, HandScored, Phase, SeatView, TrickWon

_INFO_KEYS = {
    Command.TRICK_INFO: InfoKind.TRICK_INFO,
    Command.SCORES: InfoKind.SCORES,
    Command.LAST_TRICK: InfoKind.LAST_TRICK,
    Command.LAST_HAND: InfoKind.LAST_HAND,
    Command.RULES_IN_FORCE: InfoKind.RULES,
    Command.MATCH_STANDING: InfoKind.MATCH_STANDING,
}
"""The question keys answered from the view alone."""


_BID_KEYS = frozenset(
    {
        Command.BID,
        Command.BID_OPEN,
        Command.BID_UP,
        Command.BID_DOWN,
        Command.BID_NIL,
        Command.ERASE,
        *DIGITS,
    }
)
"""The keys of the bid entry: once the game is over they say so, not the last bid."""

_NO_TURN_AFTER_THE_GAME: Final = frozenset(
    {Command.HINT, Command.HINTED_CARD, Command.UNDO}
)
"""Keys that wait for the player's turn: after the game, none is coming."""

AFTER_THE_GAME: Final = frozenset({Command.PLAY_CARD, Command.CONTINUE})
"""The keys whose meaning the end of the game changes: no card to play or trick to
gather, they tell the result again (at a networked table, how another game
starts there). F1 says so (:meth:`TableController.after_game_keys`)."""

NOTHING_AFTER_THE_GAME: Final = frozenset(
    {
        Command.BID,
        Command.BID_OPEN,
        Command.BID_UP,
        Command.BID_DOWN,
        Command.BID_NIL,
        Command.HINT,
        Command.HINTED_CARD,
        Command.REMIND,
        Command.NEXT_PLAYABLE,
        Command.PREV_PLAYABLE,
    }
)
"""Keys with nothing to do once the game is over: F1 leaves them out then (QA:
it listed B, H, J, G and Tab on the finished game's table). None of them is in
:data:`AFTER_THE_GAME`, whose keys F1 words anew."""

QUERY_KEYS: Final = frozenset(
    {
        *_INFO_KEYS,
        *HAND_MOVES,
        Command.CARDS_ON_TABLE,
        Command.SUIT_LED,
        Command.READ_HAND,
        Command.WHO_IS_HERE,
        Command.SCORE_SHEET,
    }
)
"""The table's keys that only ask (S, M, P, C, L, R, W, K, the arrows...).

A yes/no question asked over the table (play again? leave? abandon?) lets them
answer as at the table and stays open, as the game's own questions (blind nil, a
redeal) do; every other table key asks the question again (see
:func:`under_question`). T is not among them: while a question waits, whose turn
it is is the question (:meth:`turn_reply`).
"""

OWN_QUESTION_KEYS: Final = frozenset({Command.HINT})
"""The keys answered as ever under the game's own questions (blind nil, a redeal),
beside :data:`QUERY_KEYS`: H, whose hint is on the question itself (bid blind nil
or not, keep the hand or not). Every other key asks it again, as under the
questions over the table (:func:`under_question`): QA heard Tab say "You cannot
play a card now." and Backspace "does nothing here" under the blind nil question.
"""


GATHERING_KEYS: Final = frozenset({Command.CONTINUE, Command.PLAY_CARD})
"""What the keys that gather a finished trick waiting mean at the table (N; Enter
and Space): pressed by habit right after a hand's last trick, which is not held,
they gather nothing and bid or answer nothing either (see
:attr:`TableController.after_last_trick`)."""

ASKING_KEYS: Final = frozenset(
    {
        *QUERY_KEYS,
        Command.WHOSE_TURN,
        Command.HINT,
        Command.NEXT_PLAYABLE,
        Command.PREV_PLAYABLE,
        Command.HINTED_CARD,
    }
)
"""The table's keys that act on nothing: they ask, or move the focus in the hand
(Tab and J too: the focus is always on some card, and Enter plays whichever).
Pressed with the key that opened the table, only these are answered (see
:meth:`TableController.only_asks`)."""

SEAT_ONLY: Final = frozenset(
    {
        *HAND_MOVES,
        Command.BID,
        Command.BID_OPEN,
        *DIGITS,
        Command.NEXT_PLAYABLE,
        Command.PREV_PLAYABLE,
        Command.HINTED_CARD,
        Command.HINT,
        Command.READ_HAND,
        Command.REMIND,
    }
)
"""The keys only a seated player has a use for: a spectator's answer to each is
"You are watching: ..." (no hand, no bid, no hint, no one to remind: QA heard G
listed to a spectator, who is refused it), so their F1 leaves them out."""


class UnderQuestion(Enum):
    """What a key does while a yes/no question is open over the table."""

    YES = auto()
    """Y: the answer yes."""
    NO = auto()
    """N (Escape): the answer no."""
    ASKS = auto()
    """One of :data:`QUERY_KEYS`: answered as at the table; the question stays
    open."""
    OWN = auto()
    """A key the client answers itself wherever the player is (help, speech,
    the messages): answered as anywhere."""
    AGAIN = auto()
    """Any other key (a table key that would act, a key with no meaning): the
    question is asked again."""


def under_question(
    command: Command | None, own_keys: Collection[Command]
) -> UnderQuestion:
    """What ``command`` does under a yes/no question asked over the table.

    The one rule for every question over a table: the local game's ("Abandon
    the game?", "Leave the table?", its ``Confirm`` screen over the table) and
    the page's ("Start another game at this table?"). ``own_keys``: the keys the
    client answers itself, wherever the player is (the game's F1, F5, speech
    keys...; the page's F1, its messages and chat box).

    >>> under_question(Command.SCORES, ()).name
    'ASKS'
    >>> under_question(Command.PLAY_CARD, {Command.HELP}).name
    'AGAIN'
    >>> under_question(Command.HELP, {Command.HELP}).name
    'OWN'
    """
    if command is Command.YES:
        return UnderQuestion.YES
    if command is Command.NO:
        return UnderQuestion.NO
    if command in QUERY_KEYS:
        return UnderQuestion.ASKS
    if command in own_keys:
        return UnderQuestion.OWN
    return UnderQuestion.AGAIN


def under_question_meanings(
    table: Mapping[Command, str | None],
    own_keys: Collection[Command],
    again: str,
    hidden: Collection[Command] = frozenset(),
) -> dict[Command, str | None]:
    """F1's own words for the table's keys while a yes/no question is open over it.

    Each key that asks the question again (:func:`under_question`) is worded
    ``again`` (the presenter's "hear the question again"), but those F1 leaves
    out at the table now: ``hidden``, or worded None in ``table`` (the table's
    own words for its keys). The keys that only ask keep the table's words; the
    answers and the client's ``own_keys`` have none here.

    >>> words = under_question_meanings(
    ...     {Command.SCORES: "the scores", Command.UNDO: None}, (), "again"
    ... )
    >>> words[Command.SCORES], words[Command.PLAY_CARD], Command.UNDO in words
    ('the scores', 'again', False)
    """
    meanings: dict[Command, str | None] = {
        command: again
        for command in Command
        if under_question(command, own_keys) is UnderQuestion.AGAIN
        and command not in hidden
        and (command not in table or table[command] is not None)
    }
    meanings.update(
        (command, words)
        for command, words in table.items()
        if under_question(command, own_keys) is UnderQuestion.ASKS
    )
    return meanings


def watching_unavailable(is_over: bool) -> frozenset[Command]:
    """The keys a spectator's F1 leaves out.

    Those of a seat, and, while the game goes on, Enter, Space and N (they say
    whose turn it is; after the game, how another starts, which F1 says).
    """
    return SEAT_ONLY if is_over else SEAT_ONLY | AFTER_THE_GAME


class TablePort(Protocol):
    """The game at the player's seat, as the table needs it.

    A local game (:class:`~audiospades.controller.GameSession`) and a networked
    client's seat both provide it. Actions that the table refuses come back as
    notices from :meth:`drain`, never as exceptions.
    """

    @property
    def names(self) -> Sequence[str]:
        """Each seat's name, by seat."""
        ...

    @property
    def question(self) -> Question | None:
        """The yes/no question waiting for the player's answer, if any."""
        ...

    @property
    def awaiting_trick_clear(self) -> bool:
        """Whether a finished trick waits for the player to gather it."""
        ...

    @property
    def shown_trick(self) -> TrickWon | None:
        """A complete trick still on the table (until gathered)."""
        ...

    @property
    def hand_hidden(self) -> bool:
        """Whether the player's cards are hidden (a blind nil decision)."""
        ...

    @property
    def is_human_turn(self) -> bool:
        """Whether the table waits for the player to bid, pass or play."""
        ...

    @property
    def awaiting_reply(self) -> bool:
        """Whether an intent was sent and not answered yet (never, locally)."""
        ...

    @property
    def playing_for_me(self) -> str:
        """Who plays one's seat while one is away (online): a computer, by name.

        "" when one plays it oneself (always, locally).
        """
        ...

    @property
    def is_idle(self) -> bool:
        """Whether advancing the clock would change nothing (waiting or over)."""
        ...

    @property
    def is_over(self) -> bool:
        """Whether the game has ended."""
        ...

    @property
    def action_count(self) -> int:
        """How many actions the game has taken (public: it seeds the hint)."""
        ...

    @property
    def supports_undo(self) -> bool:
        """Whether this game has undo at all (a local game does, an online one not)."""
        ...

    @property
    def can_remind(self) -> bool:
        """Whether other people may keep this table waiting (online only)."""
        ...

    def remind(self) -> None:
        """Remind whoever the table waits for that it is their turn (online)."""
        ...

    def view(self) -> SeatView:
        """What the player's seat may know now."""
        ...

    def company(self) -> Company:
        """Who holds each seat (from the player's chair), and who watches."""
        ...

    def advance(self, now_ms: int) -> None:
        """Move the clock to ``now_ms``; whatever is due by then happens."""
        ...

    def drain(self) -> list[Notice]:
        """Take the notices produced since the last call, oldest first."""
        ...

    def drain_pending(self) -> bool:
        """Whether notices wait to be drained."""
        ...

    def human_bid(self, bid: Bid) -> bool:
        """Bid for the player (a refusal comes back as a notice)."""
        ...

    def human_play(self, card: Card) -> bool:
        """Play a card for the player."""
        ...

    def human_pass(self, cards: Sequence[Card]) -> bool:
        """Pass cards for the player."""
        ...

    def answer(self, yes: bool) -> bool:
        """Answer the pending question (nothing happens without one).

        True if the answer took effect at once; False if none was open, or if
        it went to a server, whose notices or news tell its outcome (online,
        another player's answer may have closed the question first).
        """
        ...

    def clear_trick(self) -> bool:
        """Gather the trick on the table; False if none waits."""
        ...

    def undo(self) -> bool:
        """Take back moves up to the player's previous decision (if supported)."""
        ...

    def save_if_dirty(self, last_spoken: str = "") -> None:
        """Keep what happened (with the line about to be spoken), if anything did."""
        ...

    @property
    def kept_pass_choice(self) -> tuple[Card, ...]:
        """The cards chosen to pass that a resumed game brought back (else none)."""
        ...

    def keep_pass_choice(self, cards: Sequence[Card]) -> None:
        """Keep the cards chosen so far to pass with the game, before they are said.

        A local game saves them, so a game resumed finds them chosen; the choice
        ends with the pass or an undo.
        """
        ...

    def close(self) -> None:
        """Release what the game holds (threads, connections)."""
        ...


class HintSource(Protocol):
    """Where the hint comes from (worked out ahead, or when asked)."""

    def prepare(self, port: TablePort) -> None:
        """Start working out the hint for now, if that is done ahead."""
        ...

    def get(self, port: TablePort) -> Hint:
        """The hint for now (ValueError: there is none)."""
        ...

    def close(self) -> None:
        """Stop any work under way."""
        ...


class TableController:
    """What each key means at the table, for the player at one seat.

    Attributes:
        port: The game at the player's seat.
        hints: Where H and J get the hint.
        focus: The card the player is on, or None with no cards.
        bid_entry: The bid being typed (digits), empty for none.
        bid_stepped: Whether the entry shows a bid stepped to with Up or Down: a
            digit typed next starts a new number ("Up, Up, 3" is 3, not 13).
        bid_open: Whether a bid entry is open (B, a digit or N opened it): only
            then do Up and Down step through the bids; otherwise they move through
            the hand by suit, as in play, so a stray arrow never chooses a bid.
        pass_choice: The cards chosen so far to pass.
        finished: Whether the game-over notice has come.
        view: The seat's view as of the last key or notices.
        after_last_trick: A hand has just ended at a table whose tricks wait
            to be gathered, and no key was pressed since. Its last trick was not
            held (its summary came with it, and the next hand is dealt at the
            table's pace): the player who pressed N after every trick presses it
            again (QA: N said "The next hand is being dealt." over the summary,
            or, the player's bid come meanwhile, opened a nil entry over it).
            That key is taken as the habit (:meth:`is_gathering_habit`).
    """

    def __init__(self, port: TablePort, hints: HintSource) -> None:
        """Serve the player at ``port``; H and J ask ``hints``."""
        self.port = port
        self.hints = hints
        self.focus: Card | None = None
        self.bid_entry = ""
        self.bid_stepped = False
        self.bid_open = False
        self.pass_choice: list[Card] = list(port.kept_pass_choice)
        self._carried = tuple(self.pass_choice)
        """The choice a resumed game brought back: kept at its first passing turn."""
        self._submitted_bid = ""
        """The entry last placed with Enter, until the bid is taken or refused: a
        refusal opens the entry again on it."""
        self.finished = False
        self.view: SeatView = port.view()
        self._focus_unheard = False
        """The focus sits where the turn put it, unspoken: the first Tab says it."""
        self.after_last_trick = False
        self._tricks_waited = False
        """A trick has waited for the player to gather it: at this table the
        player gathers tricks with a key (never online: the server paces them)."""
        self._focus_spoken = False
        """The card under the focus was last put there by a key that said it
        (not moved since by a card played, a deal or a new turn)."""

    # --- state ---
    def key_contexts(self) -> tuple[Context, ...]:
        """Which key contexts apply now, most specific first."""
        if self.port.question is not None:
            return (Context.QUESTION, Context.TABLE)
        if self._is_my_bid_turn(self.port.view()):
            return (Context.BIDDING, Context.TABLE)
        return (Context.TABLE,)

    @property
    def is_bid_entry_open(self) -> bool:
        """Whether a bid is being entered (typed, stepped to, or B pressed)."""
        return (self.bid_open or bool(self.bid_entry)) and self._is_my_bid_turn(
            self.view
        )

    @staticmethod
    def help_order(contexts: tuple[Context, ...]) -> tuple[Context, ...]:
        """The order F1 lists ``contexts`` in (the table's :meth:`key_contexts`).

        While bidding, the information keys (B C F V S T...) come before the
        digits; a key still means what ``contexts`` makes it mean.
        """
        if contexts[:2] == (Context.BIDDING, Context.TABLE):
            return (Context.TABLE, Context.BIDDING, *contexts[2:])
        return contexts

    def _is_my_bid_turn(self, view: SeatView) -> bool:
        return self.port.is_human_turn and view.phase is Phase.BIDDING

    def drain(self) -> list[Notice]:
        """Take the port's notices, keeping the focus, entry and choice valid."""
        notices = self.port.drain()
        view = self.port.view()
        self.view = view
        refused = False
        for notice in notices:
            if isinstance(notice, YourTurn):
                self._fix_focus(view)
            if isinstance(notice, GameFinished):
                self.finished = True
            if isinstance(notice, TrickWaiting):
                self._tricks_waited = True
            elif isinstance(notice, HandScored):
                self.after_last_trick = self._tricks_waited
            refused = refused or isinstance(notice, Refused)
        if not self._is_my_bid_turn(view):
            self._submitted_bid = ""  # placed (or the turn moved on)
        elif refused and self._submitted_bid:
            # QA: after "The bids may not add up to 13." the entry had closed, and
            # Up and Down moved in the hand. It stays open on the refused number,
            # so the arrows step to the nearest allowed bid and a digit replaces it.
            self.bid_entry, self._submitted_bid = self._submitted_bid, ""
            self.bid_stepped = True
            self.bid_open = True
        if self.focus not in view.hand:
            self.focus = view.hand[0] if view.hand else None
            self._focus_spoken = False
        return notices

    def _fix_focus(self, view: SeatView) -> None:
        """A new turn: onto a card that may be played, a fresh entry or choice."""
        if (
            view.phase is Phase.PLAYING
            and self.focus not in view.legal_plays
            and view.legal_plays
        ):
            self.focus = min(view.legal_plays)
            self._focus_spoken = False
        # The turn left the focus on a card no key has said: Tab starts there
        # rather than skipping it (QA: Tab said the 8, the 6 was playable). Not
        # on one the player moved to while waiting for the turn, which the turn
        # left there: Tab goes on from it, as during the turn (QA, on the page:
        # End said the queen before the lead came, and Tab said it again).
        self._focus_unheard = (
            view.phase in (Phase.PLAYING, Phase.PASSING) and not self._focus_spoken
        )
        if view.phase is Phase.BIDDING:
            self.bid_entry = ""
            self.bid_open = False
        if view.phase is Phase.PASSING:
            self.pass_choice = [c for c in self._carried if c in view.hand]
        self._carried = ()

    def is_gathering_habit(self, table_meaning: Command | None) -> bool:
        """Whether a key is the gathering key pressed by habit after a hand's end.

        ``table_meaning``: what the key means at the table, under the bid and the
        question (N gathers; at the player's bid N bids nil, at a question it
        answers no). It is the habit while :attr:`after_last_trick` holds and no
        trick waits.
        """
        return (
            self.after_last_trick
            and table_meaning in GATHERING_KEYS
            and not self.port.awaiting_trick_clear
        )

    def turn_reply(self) -> Reply:
        """Key T (and back at the table): who acts now, or the question again.

        At one's bid turn with the entry open, the entry, as B says it: what
        Enter would place ("Your bid so far: 3. Press Enter to place it."), or
        how to bid. (QA: back from the game menu, "Your turn to bid." hid a 3
        typed before it, and the Enter meant to open the entry bid 3.)
        """
        question = self.port.question
        if question is not None and not self.view.is_over:
            return QuestionAgain(question)
        if self.is_bid_entry_open and not self.port.playing_for_me:
            return self._held_bid() if self.bid_entry else Info(InfoKind.BID_PROMPT)
        return self._whose_turn(self.port.awaiting_trick_clear)

    def _whose_turn(self, trick_waiting: bool = False) -> WhoseTurn:
        """Who acts now (or that the trick waits to be gathered).

        The seat's turn, while a computer plays it for the player, is the
        computer's (it said "Your turn to bid.").
        """
        port = self.port
        return WhoseTurn(trick_waiting, port.shown_trick, port.playing_for_me)

    def unavailable_keys(self) -> frozenset[Command]:
        """The keys F1 leaves out now.

        N (bid nil) when the rules allow no nil; G (remind) where no person can
        keep the table waiting (a local game); once the game is over, the keys
        of bidding, hints and the cards one may play: told its end or not (a
        spectator is not, nor someone who sat down after it; QA heard B, Tab and
        G listed to them at a finished game).
        """
        view = self.port.view()
        hidden = set() if self.port.can_remind else {Command.REMIND}
        if not view.rules.nil_allowed:
            hidden.add(Command.BID_NIL)
        if self.finished or view.is_over:
            hidden |= NOTHING_AFTER_THE_GAME
        return frozenset(hidden)

    def only_asks(self, command: Command | None) -> bool:
        """Whether ``command`` acts on nothing: no card, bid, answer or entry.

        A key pressed with the one that opened the table was meant for the
        screen before: only such a key is answered (QA: a second Enter on
        "Continue" played a card the player had not heard of). A key with no
        command here is answered as ever ("does nothing here"); Up and Down
        review the hand unless a bid entry is open, where they step the bid.
        """
        if command is None:
            return True
        if command in (Command.BID_UP, Command.BID_DOWN):
            return not self.bid_open
        return command in ASKING_KEYS

    def after_game_keys(self) -> frozenset[Command]:
        """The keys that mean something else now the game is over (none before)."""
        return AFTER_THE_GAME if self.finished else frozenset()

    def think_ahead(self, hints_enabled: bool) -> None:
        """Once a frame: let the hint be worked out ahead; stop at game over."""
        if hints_enabled and not self.finished:
            self.hints.prepare(self.port)
        elif self.finished:
            self.hints.close()

    # --- keys ---
    def handle(
        self,
        command: Command | None,
        char: str = "",
        chord: Chord | None = None,
        *,
        hints_enabled: bool = True,
        table_meaning: Command | None = None,
    ) -> Reply | None:
        """Act on one key: ``command`` (None: unbound), the character it typed.

        Args:
            command: What the key means here, or None for a key with no command.
            char: The character the key typed, if any (digits, unbound keys).
            chord: The key itself, to name an unbound key.
            hints_enabled: Whether the player wants hints (H and J).
            table_meaning: What the key means at the table, under the bid and
                the question (None: as ``command``), to know the gathering key
                pressed by habit (:meth:`is_gathering_habit`).

        Returns:
            What to tell the player, or None when the answer is the game's news
            (drained as notices) or nothing at all.
        """
        port = self.port
        view = port.view()
        self.view = view
        habit = self.is_gathering_habit(
            command if table_meaning is None else table_meaning
        )
        self.after_last_trick = False  # any key: the player has moved on
        if habit:
            # Where things stand, after the summary: not a nil bid, nor an
            # answer to a question, that the player did not ask for.
            return NothingToGather(self.turn_reply())
        question = port.question
        if (
            question is not None
            and under_question(command, OWN_QUESTION_KEYS) is UnderQuestion.AGAIN
        ):
            # The table waits for Y or N: say so rather than talk of bidding or
            # playing, or of a key that does nothing (the rule of every question
            # over the table, see OWN_QUESTION_KEYS).
            return QuestionAgain(question)
        if view.is_over and (
            command in _BID_KEYS or (command is None and char.isdigit())
        ):
            # Not the last hand's bid: there is nothing to bid any more.
            return Info(InfoKind.GAME_OVER_NO_BID)
        if view.is_over and command in _NO_TURN_AFTER_THE_GAME:
            # QA: "it is not your decision", "only when it is your turn" spoke as
            # if a turn would come.
            return Info(InfoKind.GAME_OVER_NO_BID)
        if command is None:
            if char.isdigit():
                return Info(InfoKind.BID_NOT_NOW)
            if char and char.isprintable() and not char.isspace():
                return UnboundKey(chord if chord is not None else Chord(char))
            return None
        if command in self.after_game_keys():
            return Info(InfoKind.GAME_OVER)
        if command is Command.TRICK_INFO and view.phase is Phase.PASSING:
            # No trick is under way: the pass is, with the cards chosen so far.
            return PassingInfo(tuple(self.pass_choice))
        if (
            command is Command.TRICK_INFO
            and port.awaiting_trick_clear
            and port.shown_trick is not None
        ):
            # The trick waiting for N is the one under way, not the next.
            return WaitingTrickInfo(port.shown_trick)
        if command in _INFO_KEYS:
            return Info(_INFO_KEYS[command])
        if command in HAND_MOVES:
            return self._navigate(command)
        if command in DIGITS:
            return self._type_digit(DIGITS.index(command))
        match command:
            case Command.YES | Command.NO:
                taken = port.answer(command is Command.YES)
                if (
                    taken
                    and command is Command.NO
                    and question is not None
                    and question.kind is QuestionKind.REDEAL
                ):
                    # Kept: nothing else says so (a yes is told as the redeal).
                    # Online the server may refuse it (the question closed):
                    # the news says "kept" once the server has taken it.
                    return Info(InfoKind.HAND_KEPT)
            case Command.CARDS_ON_TABLE:
                return CardsOnTable(port.shown_trick)
            case Command.SUIT_LED:
                # Of the complete trick still on the table, as C says it (F
                # spoke of the next trick while its cards were still shown).
                return SuitLed(port.shown_trick)
            case Command.WHOSE_TURN:
                return self.turn_reply()
            case Command.WHO_IS_HERE:
                return WhoIsHere(port.company())
            case Command.READ_HAND:
                return Info(InfoKind.HIDDEN_HAND if port.hand_hidden else InfoKind.HAND)
            case Command.HINT:
                found = self._hint(hints_enabled)
                return found if isinstance(found, NoHint) else HintGiven(found)
            case Command.NEXT_PLAYABLE | Command.PREV_PLAYABLE:
                step = 1 if command is Command.NEXT_PLAYABLE else -1
                return self._jump_playable(step)
            case Command.HINTED_CARD:
                return self._jump_hinted(hints_enabled)
            case Command.REMIND:
                if not port.can_remind:
                    return RemindUnavailable(chord)
                port.remind()  # the server's answer is said when it comes
                return None
            case Command.UNDO:
                if not port.supports_undo:
                    return UndoUnavailable()
                # Only a taken-back move clears the entry and the pass choice:
                # refused, nothing changed, so a bid typed or cards chosen to
                # pass stay as they were (the refusal names the cards).
                if port.undo():
                    self.bid_entry = ""
                    self.bid_open = False
                    self.pass_choice = []
            case Command.BID:
                if self._is_my_bid_turn(view) and self.bid_entry:
                    self._submit_bid()
                else:
                    self.bid_open = self._is_my_bid_turn(view)
                    return Info(InfoKind.BID_PROMPT)
            case Command.BID_OPEN:
                # B never places a bid: with a bid typed it says what Enter will
                # place; otherwise it opens the entry and says how to bid.
                if self._is_my_bid_turn(view) and self.bid_entry:
                    return self._held_bid()
                self.bid_open = self._is_my_bid_turn(view)
                return Info(InfoKind.BID_PROMPT)
            case Command.BID_UP | Command.BID_DOWN:
                if not self.bid_open:
                    # No entry open: the arrows review the hand, as in play.
                    up = command is Command.BID_UP
                    return self._navigate(
                        Command.PREV_SUIT if up else Command.NEXT_SUIT
                    )
                return self._step_bid(1 if command is Command.BID_UP else -1)
            case Command.ERASE:
                erased = self.bid_entry
                self.bid_entry = erased[:-1]
                self.bid_stepped = False  # erasing edits the number shown
                if not erased:
                    return BidEntryChanged("")
                return BidErased(erased, self.bid_entry)
            case Command.BID_NIL:
                if self._nil_refused(view):
                    # Said at once, not only when Enter is refused.
                    return NilRefused()
                self.bid_entry = "0"
                self.bid_open = True
                return BidEntryChanged("0")
            case Command.CONTINUE:
                if not port.clear_trick():
                    return self._whose_turn()
                return TrickGathered()
            case Command.PLAY_CARD:
                return self._play_or_choose()
        return None

    # --- bidding ---
    def _type_digit(self, digit: int) -> Reply:
        typed = "" if self.bid_stepped else self.bid_entry
        entry = (typed + str(digit)).lstrip("0") or "0"
        if int(entry) > self.view.rules.trick_count:
            # Refuse the digit and erase the entry: "5 0" must not silently become
            # nil, nor "1 4" then Enter a bid of 1 that the player never meant.
            erased = self.bid_entry
            self.bid_entry = ""
            self.bid_stepped = False
            self.bid_open = True
            return BidRefused(entry, erased)
        if entry == "0" and self._nil_refused(self.view):
            # 0 is nil: refused at once, as N is, and nothing is left to place.
            self.bid_entry = ""
            self.bid_stepped = False
            self.bid_open = True
            return NilRefused()
        self.bid_entry = entry
        self.bid_stepped = False
        self.bid_open = True
        return BidEntryChanged(entry)

    def _nil_refused(self, view: SeatView) -> bool:
        """Whether nil may not be bid now (the rules, or a double nil)."""
        return self._is_my_bid_turn(view) and not any(
            b.is_nil and not b.blind for b in view.legal_bids
        )

    def _held_bid(self) -> BidEntryHeld:
        """What Enter would do with the bid typed: place it, or be refused.

        (QA: "Press Enter to place it" was said of a bid the rules forbid.)
        """
        entry = self.bid_entry
        return BidEntryHeld(entry, self.view.bid_refusal(Bid(int(entry))))

    def _submit_bid(self) -> None:
        bid = Bid(int(self.bid_entry))
        self._submitted_bid = self.bid_entry
        self.bid_entry = ""
        self.bid_open = False
        self.port.human_bid(bid)

    def _step_bid(self, step: int) -> Reply:
        legal = [b.tricks for b in self.view.legal_bids if not b.blind]
        if not legal:
            return Info(InfoKind.BID_PROMPT)
        current = int(self.bid_entry) if self.bid_entry else None
        if current is None:
            # From nothing typed, either arrow starts at the lowest bid above nil
            # allowed: Down went round to the highest, so Enter, Down, Enter bid
            # 13, and nil would cost as much by a stray key.
            value = next((b for b in legal if b > 0), legal[0])
        else:
            options = [b for b in legal if (b > current if step > 0 else b < current)]
            if options:
                value = min(options) if step > 0 else max(options)
            elif current in legal:
                value = current  # the edge of the allowed bids: it stays there
            else:
                # A refused number past the edge (Down from a refused 2 when 3 is
                # the lowest allowed): the nearest allowed bid, not the refused
                # number said again as if it could be placed.
                value = max(legal) if step > 0 else min(legal)
        self.bid_entry = str(value)
        self.bid_stepped = True
        return BidEntryChanged(self.bid_entry)

    # --- playing and passing ---
    def _play_or_choose(self) -> Reply | None:
        port = self.port
        view = self.view
        if port.awaiting_trick_clear:
            port.clear_trick()
            return TrickGathered()
        if port.awaiting_reply:
            # Online, a bid or card on its way: the view still shows the turn,
            # and another Enter would go out as a card (QA: a card called "not
            # playable" was played as the next lead).
            return AwaitingServer()
        if self._is_my_bid_turn(view):
            if self.bid_entry:
                # Only Enter places a bid: Space (which plays a card) says what
                # Enter would place, so a stray Space never commits one.
                return self._held_bid()
            return Info(InfoKind.BID_PROMPT)
        card = self.focus
        if card is None:
            return self._whose_turn()
        if view.phase is Phase.PASSING and view.is_my_turn:
            needed = view.rules.blind_nil_pass
            if card in self.pass_choice:
                self.pass_choice.remove(card)
                port.keep_pass_choice(self.pass_choice)
                return PassChoiceChanged(card, False, needed - len(self.pass_choice))
            self.pass_choice.append(card)
            if len(self.pass_choice) < needed:
                port.keep_pass_choice(self.pass_choice)
                return PassChoiceChanged(card, True, needed - len(self.pass_choice))
            choice, self.pass_choice = self.pass_choice, []
            port.human_pass(choice)
            return None
        port.human_play(card)
        return None

    # --- the focus ---
    def _focus_on(self, card: Card, move: FocusMove = FocusMove.STEP) -> FocusMoved:
        self.focus = card
        self._focus_unheard = False
        self._focus_spoken = True
        return FocusMoved(card, card in self.pass_choice, move)

    def _navigate(self, command: Command) -> Reply:
        view = self.view
        hand = list(view.hand)
        if not hand:
            hidden = self.port.hand_hidden
            return Info(InfoKind.HIDDEN_HAND if hidden else InfoKind.EMPTY_HAND)
        index = hand.index(self.focus) if self.focus in hand else 0
        suit_of = view.suit_of
        target = index
        match command:
            case Command.NEXT_CARD:
                target = index + 1
            case Command.PREV_CARD:
                target = index - 1
            case Command.FIRST_CARD:
                target = 0
            case Command.LAST_CARD:
                target = len(hand) - 1
            case Command.NEXT_SUIT:
                suit = suit_of(hand[index])
                target = next(
                    (
                        i
                        for i in range(index + 1, len(hand))
                        if suit_of(hand[i]) != suit
                    ),
                    len(hand),
                )
            case Command.PREV_SUIT:
                suit = suit_of(hand[index])
                start = next(
                    (i for i in range(index, -1, -1) if suit_of(hand[i]) != suit), -1
                )
                if start < 0:
                    target = -1
                else:
                    prev_suit = suit_of(hand[start])
                    target = start
                    while target > 0 and suit_of(hand[target - 1]) == prev_suit:
                        target -= 1
        if not 0 <= target < len(hand):
            target = max(0, min(len(hand) - 1, target))
            return self._focus_on(hand[target], FocusMove.EDGE)
        return self._focus_on(hand[target])

    def _jump_playable(self, step: int) -> Reply:
        """Tab, Shift+Tab: the next (or previous) card that may be played, wrapping.

        While choosing cards to pass, it is the next card not yet chosen.
        """
        view = self.view
        hand = list(view.hand)
        if self.port.awaiting_trick_clear:
            # QA: "You cannot play a card now." did not say why, even when the
            # next lead is the player's: the table waits for the trick to be
            # gathered, and Tab says so.
            return WhoseTurn(trick_waiting=True)
        if view.phase is Phase.PASSING and view.is_my_turn:
            playable = [i for i, c in enumerate(hand) if c not in self.pass_choice]
        elif view.phase is Phase.PLAYING and self.port.is_human_turn:
            playable = [i for i, c in enumerate(hand) if c in view.legal_plays]
        else:
            return Info(InfoKind.NO_PLAYABLE)
        if not playable:
            return Info(InfoKind.NO_PLAYABLE)
        if len(playable) == 1:
            # Not "the end of a list" (a wrap), then the card: there is no other.
            return self._focus_on(hand[playable[0]], FocusMove.ONLY)
        here = hand.index(self.focus) if self.focus in hand else -1
        if self._focus_unheard and here in playable:
            return self._focus_on(hand[here])
        if step > 0:
            ahead = [i for i in playable if i > here]
            target = ahead[0] if ahead else playable[0]
        else:
            behind = [i for i in playable if i < here] if here >= 0 else []
            target = behind[-1] if behind else playable[-1]
        wrapped = (step > 0 and target <= here) or (
            step < 0 and here >= 0 and target >= here
        )
        return self._focus_on(
            hand[target], FocusMove.WRAPPED if wrapped else FocusMove.STEP
        )

    # --- hints ---
    def _hint(self, hints_enabled: bool) -> Hint | NoHint:
        """The hint for this moment (the same H gives), or why there is none."""
        if not hints_enabled:
            return NoHint(NoHintReason.HINTS_OFF)
        port = self.port
        if not (port.is_human_turn or port.question is not None):
            return NoHint(NoHintReason.NONE_NOW)
        try:
            found = self.hints.get(port)
        except ValueError:
            return NoHint(NoHintReason.NONE_NOW)
        if found.kind is HintKind.PASS and self.pass_choice:
            # Only the cards still to choose, best first (the hint ranks them): not
            # the whole pass again, whatever the player chose already.
            needed = self.view.rules.blind_nil_pass - len(self.pass_choice)
            rest = tuple(c for c in found.cards if c not in self.pass_choice)
            cards = rest[: max(needed, 0)]
            found = replace(found, cards=cards, reason=pass_reason(self.view, cards))
        return found

    def _jump_hinted(self, hints_enabled: bool) -> Reply:
        """J: the card the hint suggests (the first not yet chosen, when passing)."""
        found = self._hint(hints_enabled)
        if isinstance(found, NoHint):
            return found
        cards = [found.card] if found.card is not None else list(found.cards)
        cards = [c for c in cards if c in self.view.hand and c not in self.pass_choice]
        if not cards:
            return HintedCardMissing(found)
        return self._focus_on(cards[0])
