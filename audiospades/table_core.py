"""One game at one table: the engine, who sits where, pacing, questions and notices.

The core is shared by a local game (one person at seat 0, computer players at the
others: :class:`audiospades.controller.GameSession`) and a networked one (people at
any seats, computer players in the rest, a computer player taking a seat whose
person dropped). It knows no screen, speaker, file, socket, wall clock or words:

* time comes in through :meth:`TableCore.advance` (milliseconds, any origin), and
  :meth:`TableCore.next_wake_ms` says when the core next has work of its own;
* people act through :meth:`bid`, :meth:`play`, :meth:`pass_cards`, :meth:`answer`
  and :meth:`clear_trick`, each naming its seat;
* what happens comes out as *notices* per seat (:meth:`drain`): the engine's events
  as that seat may see them (:func:`~audiospades.rules.visible_events`) and the
  table's own (:class:`~audiospades.notices.YourTurn`, a
  :class:`~audiospades.notices.Question`, a :class:`~audiospades.notices.Refused`
  action, ...). ``drain(None)`` is the public stream, for spectators.

Decisions documented here:

* **Blind nil** is offered to every person at the table who may bid it, at the start
  of a hand and before the hand is shown; the hand stays hidden until the blind nil
  is bid (the core bids it when that seat's turn comes). Nothing else happens until
  every such question is answered. Computer players are asked too, unseen; one that
  says yes keeps its hand unseen and decides again at its turn, still unseen, having
  heard the bids and the blind nils said at the deal (a partner's nil, bid or said,
  means no blind nil: someone must cover it).
* **Redeal** (misdeal rule) is offered, after the hands are shown, to every person
  with a deficient hand when no one has bid; computer players are asked first.
* **Computer players' randomness** is drawn afresh for every decision from
  ``(table seed, seat, action count)`` (:func:`rng_key`), so nothing about a bot
  needs saving: a game rebuilt from its record continues exactly as it would have,
  and a decision can be worked out in another process from the seat view alone.
* **Questions survive a save**: :meth:`TableCore.question_state` and
  :meth:`TableCore.restore_questions` carry the open questions, the hidden hands
  and the blind nil intentions, so a resumed table is in exactly its saved state.
* **Determinism**: deal number ``k`` is shuffled by ``Random(f"{seed}/deal/{k}")``.
"""

from __future__ import annotations

import logging
import random
from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass, replace
from functools import partial
from typing import Any, Final, Protocol

from audiospades.bots import Bot
from audiospades.notices import (
    HandHidden,
    HandShown,
    Notice,
    Question,
    QuestionKind,
    Refused,
    TrickWaiting,
    YourTurn,
)
from audiospades.rules import (
    Bid,
    BidAction,
    BidMade,
    Card,
    DealAction,
    Event,
    Game,
    IllegalAction,
    Phase,
    Reason,
    RedealAction,
    SeatView,
    TrickWon,
    own_fields,
    public_fields,
    public_view,
    seat_view,
    shuffled_deal,
    visible_events,
)
from audiospades.seating import Seating, make_bot
from audiospades.thinking import Decision, Thinker, rng_key

log = logging.getLogger(__name__)

PUBLIC: Final = -1
"""The notice stream of no seat: what a spectator may see (no passed cards)."""

TAKEOVER_CHARACTER: Final = "hazel"
"""The computer player who keeps a seat warm when its person has left (level 3)."""

_NO_MOVES: Final[Mapping[str, Any]] = {"legal_bids": (), "legal_plays": frozenset()}
"""A seat's own fields when it has no move to make now (read only: spread it)."""


@dataclass(frozen=True, slots=True)
class Delays:
    """Milliseconds the table waits, for one pace setting."""

    bot: int
    """Between one player's action and a computer player's next one."""
    trick: int
    """A complete trick stays on the table this long before it is gathered."""
    hand: int
    """After a hand is scored, before the next deal."""


PACES: Final[dict[str, Delays]] = {
    "slow": Delays(bot=1600, trick=2500, hand=3000),
    "normal": Delays(bot=900, trick=1500, hand=2000),
    "fast": Delays(bot=300, trick=600, hand=800),
}


class Thinking(Protocol):
    """Where computer players' decisions are worked out (see :mod:`thinking`)."""

    def poll(
        self, game: Game, seat: int, view: SeatView | None = None
    ) -> Decision | None:
        """``seat``'s decision now, or None while it is still being worked out.

        ``view``: the view to decide from (None: ``seat``'s view of ``game``).
        """
        ...

    def close(self) -> None:
        """Stop any work under way."""
        ...


class TableCore:
    """One game at a table, from the first deal to the last hand."""

    def __init__(
        self,
        game: Game,
        *,
        seed: int,
        seating: Seating,
        humans: Iterable[int],
        delays: Delays = PACES["normal"],
        wait_after_trick: bool = False,
        now_ms: int = 0,
        timed: bool = False,
        thinking: Callable[[dict[int, Bot], int], Thinking] | None = None,
        turn_views: bool = True,
        watched: Iterable[int] = (),
    ) -> None:
        """Take over ``game`` (new or resumed); nothing happens until advance().

        Args:
            game: the game, new or rebuilt from a record.
            seed: the table's seed (deals and computer players' randomness).
            seating: characters and names by seat.
            humans: the seats people play; computer players play the rest.
            delays: the pacing.
            wait_after_trick: a finished trick stays until a person gathers it.
            now_ms: the clock's reading now.
            timed: computer players may stop searching at their time budget
                (real time); without it they stop only at their sample limits.
            thinking: builds the place decisions are worked out, from the bots and
                the seed; by default at once, in this thread.
            turn_views: a turn's notice carries the seat's view; without, its
                view is None (an online table sends the view beside it, built
                from :meth:`view_parts`, and builds no view for the notice),
                unless the game moves on before it is drained: it then gets the
                view of its moment.
            watched: seats computer players play whose people still follow
                the table (see :attr:`watched`).
        """
        self.game = game
        self.rules = game.rules
        self.seed = seed
        self._turn_views = turn_views
        self._bare_turns: set[int] = set()
        """Seats told of their turn without its view, not yet drained: the view
        of that moment goes with the next frame, unless the game moves on first
        (:meth:`_give_turn_views`)."""
        self.seating = seating
        self.names = seating.names
        self.delays = delays
        self.wait_after_trick = wait_after_trick
        self._timed = timed
        n = self.rules.player_count
        self.humans: frozenset[int] = frozenset(s for s in humans if 0 <= s < n)
        self.bots: dict[int, Bot] = {
            seat: self._new_bot(seat) for seat in range(n) if seat not in self.humans
        }
        self.watched: frozenset[int] = frozenset()
        """Seats a computer player plays for a person who still follows the table
        (online: away at their turn, still connected). Their notices are kept as
        a person's are, the engine's events as that seat sees them and its hand
        at the deal, so the person hears the game go on and the seat's view can
        go to them; but never a question, their turn or a refusal: the computer
        player acts, and the seat's view offers no bid or card of its own (see
        :meth:`view_parts`)."""
        self.awaiting_trick_clear = False
        self.shown_trick: TrickWon | None = None
        """A complete trick still on the table (until gathered)."""
        self._questions: dict[int, Question] = {}
        self._hidden: set[int] = set()
        self._blind_intent: set[int] = set()
        self._asked_blind_for = -1
        self._asked_redeal_for = -1
        self._seen_through = -1
        """The last deal whose cards the people saw before an undo took the game
        back behind it: dealt again, they are shown, not offered blind."""
        self._ask_again = False
        """An undo took back a hand thrown in: its questions are asked again."""
        self._announced_at: dict[int, int] = {}
        self._views_of: (
            tuple[
                Game,
                int,
                frozenset[int],
                frozenset[tuple[int, Question]],
                frozenset[int],
            ]
            | None
        ) = None
        self.views_changed = False
        """The seats' views changed with no notice to tell it (a question was
        answered or dropped, a finished trick gathered after its pause): an online
        table sends them again (the owner clears it)."""
        self._views_now: dict[int, SeatView] = {}
        """The seats' views built at the moment ``_views_of`` names (game, action
        count, hidden hands, open questions, seats watched): a turn's notice and
        the frames after it share them."""
        self._parts_now: tuple[dict[str, Any] | None, dict[int, dict[str, Any]]] = (
            None,
            {},
        )
        """The same moment's views in parts (:meth:`view_parts`): the public part
        once built, and each seat's own."""
        self._owns_kept: dict[int, tuple[tuple[Any, ...], dict[str, Any]]] = {}
        """Each seat's own part as last built while not its turn, with what it was
        built from (:meth:`_own_part`): kept, the same object, while that holds."""
        self._outboxes: dict[int, list[Notice]] = {PUBLIC: []}
        for seat in self.humans:
            self._outboxes[seat] = []
        for seat in watched:
            self.watch(seat, True)
        self._now = now_ms
        self._due = now_ms
        self._hold_until = now_ms
        self.dirty = True
        """Something changed since the owner last saved (the owner clears it)."""
        self.deals: Sequence[Sequence[Sequence[Card]]] = ()
        """Hands dealt first, deal by deal (a tutorial's hand-picked deals); the
        deals after them are shuffled."""
        build = thinking or (lambda bots, seed: Thinker(bots, False, seed=seed))
        self._thinker = build(self.bots, seed)

    def _new_bot(self, seat: int, character: str | None = None) -> Bot:
        return make_bot(
            character or self.seating.characters[seat],
            random.Random(rng_key(self.seed, seat, 0)),
            timed=self._timed,
        )

    # --- who sits where ---
    def set_human(
        self,
        seat: int,
        human: bool,
        character: str | None = None,
        *,
        watched: bool = False,
    ) -> None:
        """A person takes ``seat`` (True) or a computer player takes it over (False).

        A computer player who takes over a person's seat is ``character`` if given
        (the seating then names it for the seat), else the one the seating names,
        else :data:`TAKEOVER_CHARACTER`. A person who takes a seat back gets the
        turn announced again. ``watched``: the seat's person, though a computer
        player now plays for them, still follows the table (see :attr:`watched`);
        for a seat a computer player already plays, only that changes.
        """
        if human == (seat in self.humans):
            if not human:
                self.watch(seat, watched)
            return
        if human:
            self.humans = self.humans | {seat}
            self.watched = self.watched - {seat}
            self.bots.pop(seat, None)
            # The computer player's blind nil in mind is not the person's: they see
            # their cards and bid for themselves.
            self._blind_intent.discard(seat)
            self._outboxes.setdefault(seat, [])
            self._announced_at.pop(seat, None)
            self._announce_turns()
            return
        self.humans = self.humans - {seat}
        if character is not None:
            chars = list(self.seating.characters)
            chars[seat] = character
            self.seating = replace(self.seating, characters=tuple(chars))
        self.bots[seat] = self._new_bot(
            seat, self.seating.characters[seat] or TAKEOVER_CHARACTER
        )
        untold = self._outboxes.pop(seat, None) or []
        self._bare_turns.discard(seat)
        self._hidden.discard(seat)
        # An open question is dropped: a computer player never bids blind nil or
        # asks for a redeal on behalf of a person who has left.
        if self._questions.pop(seat, None) is not None:
            self.views_changed = True
        self.watch(seat, watched)
        if watched:
            # What the person has not been told yet is still theirs to hear, but
            # their turn or a question: the computer player acts now. Their view
            # goes again at once: it no longer offers them the move.
            self._outboxes[seat] = [
                n for n in untold if not isinstance(n, YourTurn | Question)
            ]
            self.views_changed = True
        self._due = min(self._due, self._now + self.delays.bot)
        if not self._questions:
            self._pre_bidding()

    def watch(self, seat: int, watched: bool) -> None:
        """Whether the person of ``seat``, played by a computer, follows the table.

        Followed (see :attr:`watched`), the seat's notices are kept from now on
        (:meth:`set_human` keeps those its person was not told yet); no longer,
        they are dropped (a person whose connection is lost is sent nothing, and
        told what was done for them when back). A person's own seat is always
        followed: nothing changes for it.
        """
        if seat in self.humans or not 0 <= seat < self.rules.player_count:
            return
        if watched and seat not in self.watched:
            self.watched = self.watched | {seat}
            self._outboxes[seat] = []
        elif not watched and seat in self.watched:
            self.watched = self.watched - {seat}
            self._outboxes.pop(seat, None)

    # --- queries ---
    @property
    def now_ms(self) -> int:
        """The table's clock."""
        return self._now

    @property
    def is_over(self) -> bool:
        """Whether the game has ended."""
        return self.game.is_over

    def question(self, seat: int) -> Question | None:
        """The yes/no question waiting for ``seat``'s answer, if any."""
        return self._questions.get(seat)

    def people_awaited(self) -> frozenset[int]:
        """The people's seats the table waits for.

        To bid, pass or play (the pauses aside), or to answer a question.
        """
        if self.game.is_over:
            return frozenset()
        if self._questions:
            return frozenset(self._questions)
        to_act = self.game.to_act
        if to_act is None or to_act not in self.humans:
            return frozenset()
        return frozenset((to_act,))

    def is_hand_hidden(self, seat: int) -> bool:
        """Whether ``seat``'s cards are hidden (blind nil decision or intent)."""
        return seat in self._hidden

    def view(self, seat: int) -> SeatView:
        """What ``seat`` may know now (no one is to act while a question is open)."""
        return self.views((seat,))[0]

    def public_view(self, chair: int) -> SeatView:
        """What a spectator watching from ``chair`` may know now."""
        return self._asking(public_view(self.game, chair))

    def _asking(self, view: SeatView) -> SeatView:
        """``view`` while questions are open: the table waits on their answers.

        Nobody is to act (the first bidder is not told it is their turn, and the
        picture marks no one); the seats asked about blind nil are named, not
        one asked about a redeal (it would tell of a weak hand).
        """
        if not self._questions:
            return view
        public, own = self._asked_fields()
        return replace(view, **public, **own)

    def _asked_fields(self) -> tuple[dict[str, Any], Mapping[str, Any]]:
        """What open questions change in a view: its public fields, a seat's own."""
        named = tuple(
            seat
            for seat, question in sorted(self._questions.items())
            if question.kind is QuestionKind.BLIND_NIL
        )
        return (
            {"to_act": None, "question_open": True, "answering": named},
            _NO_MOVES,
        )

    def views(self, seats: Iterable[int]) -> list[SeatView]:
        """What each of ``seats`` may know now (one public part, built once).

        A view already built at this moment (a turn's notice) is not built again.
        """
        wanted = list(seats)
        built = self._built_views()
        missing = [seat for seat in wanted if seat not in built]
        if missing:
            public, owns = self.view_parts(missing)
            built.update(
                (seat, SeatView(**own, **public))
                for seat, own in zip(missing, owns, strict=True)
            )
        return [built[seat] for seat in wanted]

    def view_parts(
        self, seats: Iterable[int]
    ) -> tuple[dict[str, Any], list[dict[str, Any]]]:
        """This moment's views of ``seats`` in parts, the questions applied.

        The fields all of them share (:func:`~audiospades.rules.public_fields`),
        then each seat's own (:func:`~audiospades.rules.own_fields`): with them a
        server encodes every person's view without building it. A
        :class:`SeatView` of ``seats`` (:meth:`views`) holds exactly these fields.
        """
        self._built_views()
        public, owns = self._parts_now
        asked = self._asked_fields() if self._questions else None
        if public is None:
            public = public_fields(self.game)
            if asked is not None:
                public = {**public, **asked[0]}
            self._parts_now = (public, owns)
        out: list[dict[str, Any]] = []
        for seat in seats:
            own = owns.get(seat)
            if own is None:
                if asked is not None:
                    own = own_fields(self.game, seat, hide_hand=seat in self._hidden)
                    own = {**own, **asked[1]}
                else:
                    own = self._own_part(seat)
                    if seat in self.watched and self.game.to_act == seat:
                        # The computer player's move: none is offered the
                        # person who follows the seat (nor told "your turn").
                        own = {**own, **_NO_MOVES}
                owns[seat] = own
            out.append(own)
        return public, out

    def _own_part(self, seat: int) -> dict[str, Any]:
        """``seat``'s own part now (:func:`~audiospades.rules.own_fields`).

        The same object as last time while what it is built from is unchanged:
        a seat not to act, outside the bidding (where a redeal may be asked for),
        holding the same cards in the same phase of the same hand and game, its
        passes and the scores (whether it may bid blind nil) as they were. Most
        actions change one seat's part, and a server sends a client only the
        parts that changed.
        """
        game = self.game
        hide = seat in self._hidden
        if game.to_act == seat or game.phase is Phase.BIDDING:
            return own_fields(game, seat, hide_hand=hide)
        key = (
            game,
            hide,
            game.hand(seat),
            game.phase,
            game.deal_count,
            game.hands_played,
            len(game.passes),
        )
        kept = self._owns_kept.get(seat)
        if kept is not None and kept[0] == key:  # (items compared by identity first)
            return kept[1]
        own = own_fields(game, seat, hide_hand=hide)
        self._owns_kept[seat] = (key, own)
        return own

    def _built_views(self) -> dict[int, SeatView]:
        """The views built at this moment; empty once the game has moved on.

        A game only grows (undo replaces it), so the game, its action count, the
        hidden hands and the open questions name a moment; and the seats watched,
        whose views offer no move (a person stood in for at their turn).
        """
        game, count, hidden = self.game, self.game.action_count, self._hidden
        asked = frozenset(self._questions.items())
        now = self._views_of
        if (
            now is None
            or now[0] is not game
            or now[1] != count
            or now[2] != hidden
            or now[3] != asked
            or now[4] is not self.watched
        ):
            self._views_of = (game, count, frozenset(hidden), asked, self.watched)
            self._views_now = {}
            self._parts_now = (None, {})
        return self._views_now

    def is_turn(self, seat: int) -> bool:
        """Whether the table waits for the person at ``seat`` to bid, pass or play."""
        return (
            seat in self.humans
            and self.game.to_act == seat
            and not self._questions
            and not self.awaiting_trick_clear
            and self._now >= self._hold_until
            and seat not in self._blind_intent
        )

    @property
    def is_waiting_for_person(self) -> bool:
        """Whether nothing will happen until a person acts or answers."""
        to_act = self.game.to_act
        return (
            bool(self._questions)
            or self.awaiting_trick_clear
            or (to_act in self.humans and to_act not in self._blind_intent)
            or self.is_over
        )

    @property
    def is_idle(self) -> bool:
        """Whether advancing the clock would change nothing (waiting or over)."""
        to_act = self.game.to_act
        return (
            bool(self._questions)
            or self.awaiting_trick_clear
            or self.is_over
            or (to_act is not None and self.is_turn(to_act))
        )

    def next_wake_ms(self) -> int | None:
        """When :meth:`advance` next has work of its own; None while it waits.

        It waits for a person (a turn, a question, a trick to gather) or for
        nothing (the game is over). A computer player's decision worked out
        elsewhere may be ready before this time: poll again when it is.
        """
        if self.is_idle:
            return None
        return max(self._due, self._hold_until, self._now)

    def drain(self, seat: int = PUBLIC) -> list[Notice]:
        """Take ``seat``'s notices since the last call, oldest first."""
        box = self._outboxes.get(seat)
        self._bare_turns.discard(seat)
        if not box:
            return []
        self._outboxes[seat] = []
        return box

    def has_notices(self, seat: int = PUBLIC) -> bool:
        """Whether notices wait for ``seat``."""
        return bool(self._outboxes.get(seat))

    # --- people's actions ---
    def bid(self, seat: int, bid: Bid) -> bool:
        """Bid for the person at ``seat``; a refusal becomes a Refused notice."""
        return self._person(seat, lambda: self.game.bid(seat, bid))

    def play(self, seat: int, card: Card) -> bool:
        """Play a card for the person at ``seat``."""
        if self.awaiting_trick_clear and self.game.to_act == seat:
            self.clear_trick()
        return self._person(seat, lambda: self.game.play(seat, card))

    def pass_cards(self, seat: int, cards: Sequence[Card]) -> bool:
        """Pass cards for the person at ``seat``."""
        return self._person(seat, lambda: self.game.pass_cards(seat, tuple(cards)))

    def answer(self, seat: int, yes: bool) -> bool:
        """Answer ``seat``'s open question; False if none waits for it."""
        question = self._questions.pop(seat, None)
        if question is None:
            return False
        self.views_changed = True
        self.dirty = True
        if question.kind is QuestionKind.BLIND_NIL:
            if yes:
                self._blind_intent.add(seat)
                self._emit(seat, HandHidden())
            else:
                self._show_hand(seat)
        elif yes:
            # One redeal is enough: the others' redeal questions are withdrawn.
            for other, asked in list(self._questions.items()):
                if asked.kind is QuestionKind.REDEAL:
                    del self._questions[other]
            self._apply(partial(self.game.request_redeal, seat))
        self._due = self._now + self.delays.bot
        if not self._questions:
            self._pre_bidding()
        self._announce_turns()
        return True

    def clear_trick(self) -> bool:
        """Gather the trick on the table (the continue key); False if none waits."""
        if not self.awaiting_trick_clear:
            return False
        self.awaiting_trick_clear = False
        self.shown_trick = None
        self._hold_until = self._now
        self._due = self._now + self.delays.bot // 2
        self.dirty = True  # a save made now no longer waits on the trick
        return True

    def hurry(self) -> None:
        """Gather a finished trick shown on a timer now (a person acts at once)."""
        if self._now < self._hold_until:
            self._hold_until = self._now
            self.shown_trick = None
            self.views_changed = True  # the others see it gathered too

    # --- the clock ---
    def advance(self, now_ms: int) -> None:
        """Move the clock to ``now_ms`` and let every action due by then happen."""
        self._now = max(self._now, now_ms)
        for _ in range(10_000):  # a bound, not a limit a real game reaches
            if not self._step():
                break
        self._announce_turns()

    def run_until_idle(self, limit_ms: int = 10_000_000) -> None:
        """Advance as far as needed for the table to wait for a person (tests)."""
        end = self._now + limit_ms
        while not self.is_idle and self._now < end:
            self.advance(min(end, max(self._due, self._hold_until, self._now + 1)))

    def _step(self) -> bool:
        game = self.game
        if self._questions or self.awaiting_trick_clear or game.is_over:
            return False
        if self._now < self._hold_until:
            return False
        if self._ask_again:
            self._ask_again = False
            self._pre_bidding()
            return True
        if self.shown_trick is not None:
            # The pause after the trick is over: it is gathered. No notice says
            # so; an online table sends the views again, and every seat's picture
            # drops the trick now, as a local game's does.
            self.shown_trick = None
            self.views_changed = True
        if game.phase is Phase.DEALING:
            if self._now < self._due:
                return False
            k = game.deal_count
            hands = (
                self.deals[k]
                if k < len(self.deals)
                else shuffled_deal(self.rules, random.Random(f"{self.seed}/deal/{k}"))
            )
            self._apply(lambda: game.deal(hands))
            self._due = self._now + self.delays.bot
            self._pre_bidding()
            return True
        seat = game.to_act
        if seat is None:
            return False
        if seat in self.humans:
            if seat in self._blind_intent and game.phase is Phase.BIDDING:
                if self._now < self._due:
                    return False
                self._blind_intent.discard(seat)
                box = self._outboxes.get(seat)
                told = len(box) if box is not None else 0
                if game.can_bid(seat, Bid.blind_nil()):
                    self._apply(lambda: game.bid(seat, Bid.blind_nil()))
                else:  # e.g. the partner's nil since forbids a double nil
                    self._emit(seat, Refused(_blind_refusal(game, seat)))
                self._show_hand(seat, after_own_bid_from=told)
                return True
            return False
        if seat in self._blind_intent and game.phase is Phase.BIDDING:
            # The blind nil said at the deal is bid now, unless the partner's nil
            # has been bid or said since: the bot decides again, still unseen.
            if self._now < self._due:
                return False
            self._blind_intent.discard(seat)
            if game.can_bid(seat, Bid.blind_nil()) and self._seeded_bot(
                seat, "blind"
            ).choose_blind_nil(
                replace(
                    seat_view(game, seat, hide_hand=True),
                    blind_nil_declared=self._declared(seat),
                )
            ):
                self._apply(lambda: game.bid(seat, Bid.blind_nil()))
                self._due = self._now + self.delays.bot
                return True
        if not self._thinker_is_background() and self._now < self._due:
            return False  # Decide at the due time, not before: nothing runs ahead.
        declared = self._declared(seat)
        heard = (
            replace(seat_view(game, seat), blind_nil_declared=declared)
            if declared
            else None  # the seat's own view, built by the thinker when it starts
        )
        decision = self._thinker.poll(game, seat, heard)
        if decision is None or self._now < self._due:
            return False
        self._bot_acts(seat, decision)
        return True

    def _declared(self, seat: int) -> tuple[int, ...]:
        """The blind nils said at the deal and not bid yet, as ``seat`` heard them.

        A computer player deciding its bid has heard them (its partner's among
        them), as a later bidder at a real table would.
        """
        if self.game.phase is not Phase.BIDDING:
            return ()
        return tuple(sorted(s for s in self._blind_intent if s != seat))

    def _thinker_is_background(self) -> bool:
        return bool(getattr(self._thinker, "background", False))

    def close(self) -> None:
        """Stop any decision being worked out."""
        self._thinker.close()

    def _bot_acts(self, seat: int, decision: Decision) -> None:
        game = self.game
        if game.phase is Phase.BIDDING:
            choice = decision if isinstance(decision, Bid) else Bid(1)
            if not game.can_bid(seat, choice):
                # Seats in the log as players count them, from 1.
                log.warning("bot at seat %d bid illegally: %r", seat + 1, choice)
                choice = game.legal_bids(seat)[-1]
            self._apply(lambda: game.bid(seat, choice))
        elif game.phase is Phase.PASSING:
            cards = decision if isinstance(decision, tuple) else ()
            if not game.can_pass(seat, cards):
                cards = game.hand(seat)[: self.rules.blind_nil_pass]
            self._apply(lambda: game.pass_cards(seat, cards))
        elif game.phase is Phase.PLAYING:
            card = decision if isinstance(decision, Card) else game.hand(seat)[0]
            if not game.can_play(seat, card):
                log.warning("bot at seat %d played illegally: %s", seat + 1, card)
                card = min(game.legal_plays(seat))
            self._apply(lambda: game.play(seat, card))
        self._due = self._now + self.delays.bot

    def _seeded_bot(self, seat: int, purpose: str) -> Bot:
        """``seat``'s bot with its randomness drawn afresh for one decision."""
        bot = self.bots[seat]
        rng = getattr(bot, "rng", None)
        if isinstance(rng, random.Random):
            rng.seed(f"{self.seed}/{purpose}/{seat}/{self.game.deal_count}")
        return bot

    def _pre_bidding(self) -> None:
        """Blind nil and redeal questions at the start of a hand (see module doc)."""
        game = self.game
        if game.phase is not Phase.BIDDING or self._questions:
            return
        deal = game.deal_count
        if self._asked_blind_for != deal:
            self._asked_blind_for = deal
            self._blind_intent.clear()
            for seat in sorted(self.bots):
                if game.is_blind_nil_eligible(seat) and self._seeded_bot(
                    seat, "blind"
                ).choose_blind_nil(seat_view(game, seat, hide_hand=True)):
                    self._blind_intent.add(seat)
            for seat in sorted(self.watched):
                # The person following the seat sees its new cards, as a person
                # playing would (the computer player's blind nil in mind aside:
                # it decides unseen, the person looks).
                self._show_hand(seat)
            for seat in sorted(self.humans):
                if game.is_blind_nil_eligible(seat) and deal > self._seen_through:
                    self._hidden.add(seat)
                    self._ask(
                        seat,
                        Question(QuestionKind.BLIND_NIL, self.rules.blind_nil_behind),
                    )
                else:
                    self._show_hand(seat)
            if self._questions:
                return
        if self._asked_redeal_for != deal and self.rules.misdeal_redeal:
            self._asked_redeal_for = deal
            for seat in sorted(self.bots):
                if (
                    seat not in self._blind_intent
                    and game.can_request_redeal(seat)
                    and self._seeded_bot(seat, "redeal").choose_redeal(
                        seat_view(game, seat)
                    )
                ):
                    self._apply(partial(game.request_redeal, seat))
                    self._due = self._now + self.delays.hand
                    return
            for seat in sorted(self.humans):
                if seat not in self._blind_intent and game.can_request_redeal(seat):
                    self._ask(seat, Question(QuestionKind.REDEAL))

    def _ask(self, seat: int, question: Question) -> None:
        self._questions[seat] = question
        self._emit(seat, question)
        self.dirty = True

    def _show_hand(self, seat: int, after_own_bid_from: int | None = None) -> None:
        """Show ``seat`` its cards.

        ``after_own_bid_from``: where in the seat's notices its blind nil's events
        begin; the cards come right after its own bid, before the end of the
        bidding and the first lead that the same bid may have brought.
        """
        self._hidden.discard(seat)
        shown = HandShown(self.game.hand(seat))
        box = self._outboxes.get(seat)
        if box is not None and after_own_bid_from is not None:
            for index in range(after_own_bid_from, len(box)):
                notice = box[index]
                if isinstance(notice, BidMade) and notice.seat == seat:
                    box.insert(index + 1, shown)
                    return
        self._emit(seat, shown)

    def _announce_turns(self) -> None:
        for seat in self.humans:
            if self.is_turn(seat) and self._announced_at.get(seat) != (
                self.game.action_count
            ):
                self._announced_at[seat] = self.game.action_count
                if self._turn_views:
                    self._emit(seat, YourTurn(self.view(seat)))
                else:
                    self._emit(seat, YourTurn(None))
                    self._bare_turns.add(seat)
                # Save again once it is announced: the turn often comes a frame
                # after the last action (a finished trick is shown first), and a
                # resumed game should repeat this line, the last one heard.
                self.dirty = True

    def _give_turn_views(self) -> None:
        """Give a turn told without its view, not yet drained, its moment's view.

        The game is about to move on, and the next frame's view would be a later
        one (a card played at once after a trick's pause: "Your turn" with the
        card already led).
        """
        for seat in self._bare_turns:
            box = self._outboxes.get(seat, [])
            for index, notice in enumerate(box):
                if isinstance(notice, YourTurn) and notice.view is None:
                    box[index] = YourTurn(self.view(seat))
        self._bare_turns.clear()

    def _emit(self, seat: int, notice: Notice) -> None:
        box = self._outboxes.get(seat)
        if box is not None:
            box.append(notice)

    # --- applying actions ---
    def _person(self, seat: int, action: Callable[[], tuple[Event, ...]]) -> bool:
        if seat not in self.humans:
            # A seat a computer player plays (the person followed it, and acted
            # before taking it back): nothing done, and no refusal naming them
            # as the one to act.
            return False
        if not self.is_turn(seat):
            if (
                self.game.to_act == seat
                and self._now < self._hold_until
                and not self._questions
            ):
                # Acting while a finished trick is shown gathers it, and the turn
                # that ends the pause is told first, as when it runs out: "Your
                # lead." before the card (a browser page takes keys at once).
                self.hurry()
                self._announce_turns()
            else:
                # While a question is open, no one is to act: name no one.
                waiting = IllegalAction(Reason.NOT_YOUR_TURN)
                self._emit(
                    seat, Refused(waiting if self._questions else _not_now(self.game))
                )
                return False
        try:
            self._apply(action)
        except IllegalAction as error:
            self._emit(seat, Refused(error))
            return False
        self._due = self._now + self.delays.bot
        self.advance(self._now)
        return True

    def _apply(self, action: Callable[[], tuple[Event, ...]]) -> None:
        if self._bare_turns:
            self._give_turn_views()
        events = action()
        self.dirty = True
        for seat, box in self._outboxes.items():
            box.extend(visible_events(events, seat))
        for event in events:
            if isinstance(event, TrickWon):
                self.shown_trick = event
                # The trick that ends a hand (or the game) is not waited on: the
                # hand's summary came with it, and "Press N to gather the trick"
                # after the scores would be backwards (QA). Every hand's last
                # trick goes as the game's last one does.
                if (
                    self.wait_after_trick
                    and self.humans
                    and self.game.phase is Phase.PLAYING
                ):
                    self.awaiting_trick_clear = True
                    for seat in self.humans:
                        self._emit(seat, TrickWaiting())
                else:
                    self._hold_until = self._now + self.delays.trick
        if self.game.phase is Phase.DEALING and not self.game.is_over:
            self._due = max(self._due, self._now + self.delays.hand)
            self._hold_until = max(self._hold_until, self._now + self.delays.trick)

    # --- rebuilding ---
    def rewind(self, actions_kept: int) -> None:
        """Replay the game up to its first ``actions_kept`` actions (undo).

        Questions are closed and hands shown: undo is only offered at a person's
        own decision, after the start of the hand's questions.
        """
        actions, deal = self.game.actions, self.game.deal_count
        self.game = Game.replay(
            self.rules, actions[:actions_kept], first_dealer=self.game.first_dealer
        )
        if self.game.deal_count < deal:
            # Taken back behind a deal (QA: its cards went unsaid when dealt
            # again): its questions are asked afresh, a blind nil aside, since
            # the same cards come again and were seen (undo waits for answers).
            self._seen_through = max(self._seen_through, deal)
            self._asked_blind_for = self._asked_redeal_for = self.game.deal_count
            if isinstance(actions[actions_kept], RedealAction):
                # The hand thrown in is the decision taken back (QA: the old
                # cards came back unsaid and the question was never asked
                # again): the deal's questions run again once the undo is said,
                # so its cards are said (seen, so not offered blind) and the
                # redeal is asked anew.
                self._asked_blind_for = self._asked_redeal_for = -1
                self._ask_again = True
        self._blind_intent -= self.humans
        self._hidden.clear()
        self.awaiting_trick_clear = False
        self.shown_trick = None
        self._hold_until = self._now
        self._announced_at.clear()
        self.dirty = True

    def question_state(self) -> dict[str, object]:
        """The open questions and hidden hands, as plain data for a save."""
        return {
            "asked_blind_for": self._asked_blind_for,
            "asked_redeal_for": self._asked_redeal_for,
            "seen_through": self._seen_through,
            "questions": {
                str(seat): [q.kind.value, q.behind]
                for seat, q in sorted(self._questions.items())
            },
            "blind_intent": sorted(self._blind_intent),
            "hidden": sorted(self._hidden),
            "trick_waiting": self.awaiting_trick_clear,
        }

    def restore_questions(self, state: Mapping[str, object] | None) -> None:
        """Put back what :meth:`question_state` saved; without it, guess safely.

        Without a saved state (an older save) a person who has not bid yet and may
        bid blind nil is asked again with the hand hidden; otherwise the hand is
        taken as seen. Anything malformed is ignored piece by piece.
        """
        deal = self.game.deal_count
        self._asked_blind_for = deal
        self._asked_redeal_for = deal
        seen = state.get("seen_through") if isinstance(state, Mapping) else None
        if type(seen) is int:
            self._seen_through = seen
        if not isinstance(state, Mapping) or state.get("asked_blind_for") != deal:
            if self.game.phase is Phase.BIDDING:
                bid_before = any(
                    isinstance(a, BidAction) for a in _this_hand(self.game)
                )
                for seat in sorted(self.humans):
                    if self.game.is_blind_nil_eligible(seat) and not bid_before:
                        self._asked_blind_for = -1
            return
        redeal = state.get("asked_redeal_for")
        if redeal != deal:
            self._asked_redeal_for = -1
        n = self.rules.player_count
        questions = state.get("questions")
        if isinstance(questions, Mapping):
            for key, value in questions.items():
                # ASCII digits only, and few: "²" is a digit int() refuses, and
                # 5,000 digits exceed int()'s limit; both raised from a saved file.
                is_seat = isinstance(key, str) and key.isascii() and key.isdigit()
                seat = int(key) if is_seat and len(key) <= 3 else -1
                if seat not in self.humans or not isinstance(value, list):
                    continue
                try:
                    kind = QuestionKind(value[0])
                except (ValueError, IndexError):
                    continue
                if (
                    kind is QuestionKind.BLIND_NIL
                    and not self.game.is_blind_nil_eligible(seat)
                ):
                    continue
                if kind is QuestionKind.REDEAL and not self.game.can_request_redeal(
                    seat
                ):
                    continue
                behind = value[1] if len(value) > 1 and type(value[1]) is int else 0
                self._questions[seat] = Question(kind, behind)
        for name, target in (
            ("blind_intent", self._blind_intent),
            ("hidden", self._hidden),
        ):
            seats = state.get(name)
            if isinstance(seats, list):
                target.update(s for s in seats if type(s) is int and 0 <= s < n)
        # A blind nil already bid is no longer an intention; a shown hand stays shown.
        bids = self.game.bids if self.game.phase is Phase.BIDDING else ()
        for seat in list(self._blind_intent):
            if seat < len(bids) and bids[seat] is not None:
                self._blind_intent.discard(seat)
        if self.game.phase is not Phase.BIDDING:
            self._blind_intent.clear()
            self._hidden.clear()
        game = self.game
        if (
            state.get("trick_waiting") is True
            and self.wait_after_trick
            and self.humans
            and game.phase is Phase.PLAYING
            and not game.trick
            and game.completed_tricks
        ):
            # Saved while a finished trick waited to be gathered: it waits again.
            self.awaiting_trick_clear = True
            self.shown_trick = game.completed_tricks[-1]

    def restate(self, seat: int, *, trick: bool = False) -> list[Notice]:
        """The notices that put a person back in the picture: an open question.

        ``trick``: also a trick just won, still on the table for its pause, told
        as it was won (its winner leads when the pause ends, "Your lead." then).
        Someone back at an online table then has its cards on the table, where
        the view already shows the winner to lead (QA: T said "Your turn to
        play." and C "No cards on the table.").
        """
        out: list[Notice] = []
        shown = self.shown_trick
        if (
            trick
            and shown is not None
            and self.game.phase is Phase.PLAYING
            and not self.game.trick
        ):
            out.append(shown)
        question = self._questions.get(seat)
        if question is not None:
            out.append(question)
        return out


def _this_hand(game: Game) -> list[object]:
    out: list[object] = []
    for action in game.actions:
        if isinstance(action, DealAction):
            out = []
        else:
            out.append(action)
    return out


def _not_now(game: Game) -> IllegalAction:
    if game.is_over:
        return IllegalAction(Reason.GAME_OVER)
    return IllegalAction(Reason.NOT_YOUR_TURN, to_act=game.to_act)


def _blind_refusal(game: Game, seat: int) -> IllegalAction:
    """Why the blind nil said yes to at the deal cannot be bid at the turn.

    Marked ``blind_nil=1`` (a refusal's detail is plain data, also on the wire):
    the reason alone ("Your side must bid at least 2.") does not say that it is
    the blind nil, not some bid of the player's, that was refused (QA).
    """
    try:
        game.verify_bid(seat, Bid.blind_nil())
    except IllegalAction as error:
        return IllegalAction(error.reason, **error.detail, blind_nil=1)
    return _not_now(game)  # pragma: no cover - only called when refused


__all__ = [
    "PACES",
    "PUBLIC",
    "TAKEOVER_CHARACTER",
    "Delays",
    "TableCore",
    "Thinking",
    "rng_key",
]
