"""The game session: one human at seat 0, computer players at the other seats.

The session owns the :class:`~audiospades.rules.Game`, asks the bots when it is their
turn (paced by an injected clock: :meth:`GameSession.advance` takes the time in
milliseconds, so tests run instantly), and turns everything that happens into
*notices* for the presenter: the engine's events as seat 0 may see them, plus the
session's own (:class:`YourTurn`, :class:`Question`, :class:`Refused`, ...). Screens
drain them with :meth:`GameSession.drain`.

Decisions documented here:

* **Blind nil** is offered to the human at the start of a hand, before the hand is
  spoken, whenever seat 0 is eligible; the hand then stays hidden until the blind nil
  is bid (the session bids it when seat 0's turn comes).
* **Redeal** (misdeal rule) is offered, after the hand is spoken, when the hand is
  deficient and no one has bid.
* **Undo** (seed 001: "take back as many moves as you want ... when it is your own
  turn") replays the action list up to the human's previous decision, so bots'
  moves after it are taken back too. It is available when seat 0 must act or the
  table waits for a key to gather a trick. **Undo stops at a blind nil**: blind nil
  is declared before looking, and the hand is shown as soon as it is bid, so undo
  never takes back seat 0's blind nil bid (it refuses with
  :attr:`UndoRefusal.BLIND_NIL_SEEN`); moves after it (the pass, cards played) may
  still be taken back. **Undo is free for statistics**: a game in
  which undo was used still counts once, as a normal result; the finished game's
  ``meta["undo_count"]`` keeps how many times it was used, so a later statistics
  screen can mark such games.
* **Saving**: every action marks the session dirty; the app calls
  :meth:`GameSession.save_if_dirty` once per frame, after speaking, so the saved meta
  holds the last thing the player heard. At game over the session, in this order,
  saves the finished game, records the statistics and clears the game in progress;
  every step is idempotent, so a crash in between is repaired on the next resume.
* **Determinism**: deal number ``k`` is shuffled by ``Random(f"{seed}/deal/{k}")``,
  so a resumed game deals the same cards it would have dealt.
"""

from __future__ import annotations

import logging
import random
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from datetime import UTC, datetime
from functools import partial
from typing import Any, Final

from audiospades import storage
from audiospades.bots import Bot
from audiospades.notices import (
    HUMAN,
    FileKind,
    GameFinished,
    HandHidden,
    HandShown,
    Notice,
    Question,
    QuestionKind,
    Refused,
    StorageTrouble,
    TrickWaiting,
    Undone,
    UndoRefusal,
    UndoRefused,
    YourTurn,
)
from audiospades.record import game_from_record, game_to_record
from audiospades.rules import (
    Bid,
    BidAction,
    Card,
    Event,
    Game,
    IllegalAction,
    PassAction,
    Phase,
    PlayAction,
    RedealAction,
    Rules,
    SeatView,
    TrickWon,
    seat_view,
    shuffled_deal,
    visible_events,
)
from audiospades.rules.seats import side_of
from audiospades.seating import DEFAULT_NAMES, Seating, make_bot
from audiospades.storage import Outcome, RecordReport
from audiospades.thinking import Decision, Thinker

log = logging.getLogger(__name__)


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


class GameSession:
    """One game at the table, from the first deal to the recorded result."""

    def __init__(
        self,
        game: Game,
        *,
        seed: int,
        seating: Seating,
        game_id: str | None = None,
        pace: str = "normal",
        wait_after_trick: bool = False,
        persist: bool = True,
        now_ms: int = 0,
        undo_count: int = 0,
        think_in_background: bool = False,
    ) -> None:
        """Take over ``game`` (new or resumed); nothing happens until advance().

        With ``think_in_background`` a computer player's choice is worked out on a
        worker thread from its (immutable) seat view while the pacing delay runs, so
        the window loop keeps speaking, drawing and reading keys during a search;
        without it (tests, headless runs) choices are made at once, deterministically:
        the searching levels then ignore their time budget, so a busy machine
        does not change their choices.
        """
        self.game = game
        self.rules = game.rules
        self.seed = seed
        self.seating = seating
        self.names = seating.names
        self.game_id = game_id or storage.new_game_id()
        self.delays = PACES.get(pace, PACES["normal"])
        self.wait_after_trick = wait_after_trick
        self.persist = persist
        self.undo_count = undo_count
        self.bots: dict[int, Bot] = {
            seat: make_bot(
                seating.characters[seat],
                random.Random(f"{seed}/bot/{seat}"),
                timed=think_in_background,
            )
            for seat in range(1, self.rules.player_count)
        }
        self.question: Question | None = None
        self.awaiting_trick_clear = False
        self.shown_trick: TrickWon | None = None
        """A complete trick still on the table (until gathered)."""
        self._outbox: list[Notice] = []
        self._now = now_ms
        self._due = now_ms
        self._hold_until = now_ms
        self._blind_intent: set[int] = set()
        self._asked_blind_for = -1
        self._asked_redeal_for = -1
        self._hand_hidden = False
        self._announced_at = -1
        self._dirty = True
        self._finished = False
        self._save_problem: storage.SaveProblem | None = None
        """The last save's problem, said once: again only if it changes."""
        self._thinker = Thinker(self.bots, think_in_background)

    # --- construction ---
    @classmethod
    def new(
        cls,
        rules: Rules,
        *,
        seed: int,
        seating: Seating | None = None,
        **options: Any,
    ) -> GameSession:
        """A fresh game: a seeded first dealer and seating; the first deal is due."""
        rng = random.Random(f"{seed}/table")
        first_dealer = rng.randrange(rules.player_count)
        seating = seating or Seating.default(rules, rng)
        return cls(
            Game(rules, first_dealer=first_dealer),
            seed=seed,
            seating=seating,
            **options,
        )

    @classmethod
    def resume(cls, saved: storage.SavedGame, **options: Any) -> GameSession:
        """Rebuild a saved game in progress.

        Raises:
            RecordError: if the record cannot be replayed.
        """
        game = game_from_record(saved.record)
        meta = saved.meta
        n = game.rules.player_count
        chars = meta.get("characters")
        names = meta.get("names") or saved.record.get("names")
        characters: tuple[str | None, ...] = (
            tuple(c if isinstance(c, str) else None for c in chars)
            if isinstance(chars, list) and len(chars) == n
            else (None,) * n
        )
        seat_names = (
            tuple(str(x) for x in names)
            if isinstance(names, list) and len(names) == n
            else DEFAULT_NAMES[n]
        )
        seed = meta.get("seed")
        undo = meta.get("undo_count")
        session = cls(
            game,
            seed=seed if isinstance(seed, int) else 0,
            seating=Seating(characters, seat_names),
            game_id=str(meta.get("game_id") or storage.new_game_id()),
            undo_count=undo if isinstance(undo, int) else 0,
            **options,
        )
        # Resuming mid-hand: the player has already looked (and decided blind nil).
        session._asked_blind_for = game.deal_count
        session._asked_redeal_for = game.deal_count
        if game.phase is Phase.BIDDING and game.to_act == HUMAN:
            bid_before = any(isinstance(a, BidAction) for a in _this_hand(game))
            if game.is_blind_nil_eligible(HUMAN) and not bid_before:
                session._asked_blind_for = -1
        return session

    # --- queries ---
    @property
    def now_ms(self) -> int:
        """The session's clock."""
        return self._now

    @property
    def is_over(self) -> bool:
        """Whether the game has ended."""
        return self.game.is_over

    @property
    def hand_hidden(self) -> bool:
        """Whether seat 0's cards are hidden (blind nil decision or intent)."""
        return self._hand_hidden

    def view(self) -> SeatView:
        """What seat 0 may know now."""
        return seat_view(self.game, HUMAN, hide_hand=self._hand_hidden)

    @property
    def is_human_turn(self) -> bool:
        """Whether the game waits for seat 0 to bid, pass or play."""
        return (
            self.game.to_act == HUMAN
            and self.question is None
            and not self.awaiting_trick_clear
            and self._now >= self._hold_until
            and HUMAN not in self._blind_intent
        )

    @property
    def is_waiting_for_human(self) -> bool:
        """Whether nothing will happen until seat 0 acts or answers."""
        return (
            self.question is not None
            or self.awaiting_trick_clear
            or (self.game.to_act == HUMAN and HUMAN not in self._blind_intent)
            or self.is_over
        )

    @property
    def is_idle(self) -> bool:
        """Whether advancing the clock would change nothing (waiting or over)."""
        return (
            self.question is not None
            or self.awaiting_trick_clear
            or self.is_over
            or self.is_human_turn
        )

    def drain_pending(self) -> bool:
        """Whether notices wait to be drained."""
        return bool(self._outbox)

    def drain(self) -> list[Notice]:
        """Take the notices produced since the last call, oldest first."""
        out, self._outbox = self._outbox, []
        return out

    # --- the human's actions ---
    def human_bid(self, bid: Bid) -> bool:
        """Bid for seat 0; a refusal becomes a :class:`Refused` notice."""
        return self._human(lambda: self.game.bid(HUMAN, bid))

    def human_play(self, card: Card) -> bool:
        """Play a card for seat 0."""
        if self.awaiting_trick_clear:
            self.clear_trick()
        return self._human(lambda: self.game.play(HUMAN, card))

    def human_pass(self, cards: Sequence[Card]) -> bool:
        """Pass cards for seat 0."""
        return self._human(lambda: self.game.pass_cards(HUMAN, tuple(cards)))

    def answer(self, yes: bool) -> None:
        """Answer the pending :class:`Question` (nothing happens without one)."""
        question = self.question
        if question is None:
            return
        self.question = None
        if question.kind is QuestionKind.BLIND_NIL:
            if yes:
                self._blind_intent.add(HUMAN)
                self._outbox.append(HandHidden())
            else:
                self._show_hand()
        elif yes:
            self._apply(lambda: self.game.request_redeal(HUMAN))
        self._due = self._now + self.delays.bot
        self._pre_bidding()

    def clear_trick(self) -> bool:
        """Gather the trick on the table (the continue key); False if none waits."""
        if not self.awaiting_trick_clear:
            return False
        self.awaiting_trick_clear = False
        self.shown_trick = None
        self._hold_until = self._now
        self._due = self._now + self.delays.bot // 2
        return True

    def undo(self) -> bool:
        """Take back moves up to seat 0's previous decision (see the module doc)."""
        if not (self.game.to_act == HUMAN or self.awaiting_trick_clear) or (
            self.question is not None
        ):
            self._outbox.append(UndoRefused(UndoRefusal.NOT_YOUR_TURN))
            return False
        actions = self.game.actions
        mine = (BidAction, PassAction, PlayAction, RedealAction)
        index = next(
            (
                i
                for i in range(len(actions) - 1, -1, -1)
                if isinstance(actions[i], mine) and actions[i].seat == HUMAN  # type: ignore[union-attr]
            ),
            None,
        )
        if index is None:
            self._outbox.append(UndoRefused(UndoRefusal.NOTHING_TO_UNDO))
            return False
        target = actions[index]
        if isinstance(target, BidAction) and target.bid.blind:
            # The hand was shown when the blind nil was bid: no bidding again.
            self._outbox.append(UndoRefused(UndoRefusal.BLIND_NIL_SEEN))
            return False
        removed = len(actions) - index
        self.game = Game.replay(
            self.rules, actions[:index], first_dealer=self.game.first_dealer
        )
        self.undo_count += 1
        self._blind_intent.discard(HUMAN)
        self._hand_hidden = False
        self.awaiting_trick_clear = False
        self.shown_trick = None
        self._hold_until = self._now
        self._announced_at = -1
        self._dirty = True
        self._outbox.append(Undone(removed))
        self._announce_turn()
        return True

    # --- the clock ---
    def advance(self, now_ms: int) -> None:
        """Move the clock to ``now_ms`` and let every action due by then happen."""
        self._now = max(self._now, now_ms)
        for _ in range(10_000):  # a bound, not a limit a real game reaches
            if not self._step():
                break
        self._announce_turn()

    def run_until_idle(self, limit_ms: int = 10_000_000) -> None:
        """Advance as far as needed for the game to wait for seat 0 (tests, tools)."""
        end = self._now + limit_ms
        while not self.is_idle and self._now < end:
            self.advance(min(end, max(self._due, self._hold_until, self._now + 1)))

    def _step(self) -> bool:
        game = self.game
        if self.question is not None or self.awaiting_trick_clear or game.is_over:
            return False
        if self._now < self._hold_until:
            return False
        if self.shown_trick is not None:
            self.shown_trick = None
        if game.phase is Phase.DEALING:
            if self._now < self._due:
                return False
            rng = random.Random(f"{self.seed}/deal/{game.deal_count}")
            self._apply(lambda: game.deal(shuffled_deal(self.rules, rng)))
            self._due = self._now + self.delays.bot
            self._pre_bidding()
            return True
        seat = game.to_act
        if seat is None:
            return False
        if seat == HUMAN:
            if HUMAN in self._blind_intent and game.phase is Phase.BIDDING:
                if self._now < self._due:
                    return False
                self._blind_intent.discard(HUMAN)
                if game.can_bid(HUMAN, Bid.blind_nil()):
                    self._apply(lambda: game.bid(HUMAN, Bid.blind_nil()))
                else:  # e.g. the partner's nil since forbids a double nil
                    self._outbox.append(Refused(_blind_refusal(game)))
                self._show_hand()
                return True
            return False
        if not self._thinker.background and self._now < self._due:
            return False  # Decide at the due time, not before: nothing runs ahead.
        decision = self._thinker.poll(game, seat)
        if decision is None or self._now < self._due:
            return False
        self._bot_acts(seat, decision)
        return True

    def close(self) -> None:
        """Stop the thinking thread, if any (the app calls this when a game ends)."""
        self._thinker.close()

    def _bot_acts(self, seat: int, decision: Decision) -> None:
        game = self.game
        if game.phase is Phase.BIDDING:
            if seat in self._blind_intent and game.can_bid(seat, Bid.blind_nil()):
                self._blind_intent.discard(seat)
                choice = Bid.blind_nil()
            else:
                self._blind_intent.discard(seat)
                choice = decision if isinstance(decision, Bid) else Bid(1)
                if not game.can_bid(seat, choice):
                    log.warning("bot at seat %d bid illegally: %r", seat, choice)
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
                log.warning("bot at seat %d played illegally: %s", seat, card)
                card = min(game.legal_plays(seat))
            self._apply(lambda: game.play(seat, card))
        self._due = self._now + self.delays.bot

    def _pre_bidding(self) -> None:
        """Blind nil and redeal questions at the start of a hand (see module doc)."""
        game = self.game
        if game.phase is not Phase.BIDDING or self.question is not None:
            return
        deal = game.deal_count
        if self._asked_blind_for != deal:
            self._asked_blind_for = deal
            self._blind_intent.clear()
            for seat, bot in self.bots.items():
                if game.is_blind_nil_eligible(seat) and bot.choose_blind_nil(
                    seat_view(game, seat, hide_hand=True)
                ):
                    self._blind_intent.add(seat)
            if game.is_blind_nil_eligible(HUMAN):
                self._hand_hidden = True
                self.question = Question(
                    QuestionKind.BLIND_NIL, self.rules.blind_nil_behind
                )
                self._outbox.append(self.question)
                return
            self._show_hand()
        if self._asked_redeal_for != deal and self.rules.misdeal_redeal:
            self._asked_redeal_for = deal
            for seat, bot in self.bots.items():
                if (
                    seat not in self._blind_intent
                    and game.can_request_redeal(seat)
                    and bot.choose_redeal(seat_view(game, seat))
                ):
                    self._apply(partial(game.request_redeal, seat))
                    self._due = self._now + self.delays.hand
                    return
            if HUMAN not in self._blind_intent and game.can_request_redeal(HUMAN):
                self.question = Question(QuestionKind.REDEAL)
                self._outbox.append(self.question)

    def _show_hand(self) -> None:
        self._hand_hidden = False
        self._outbox.append(HandShown(self.game.hand(HUMAN)))

    def _announce_turn(self) -> None:
        if self.is_human_turn and self._announced_at != self.game.action_count:
            self._announced_at = self.game.action_count
            self._outbox.append(YourTurn(self.view()))
            # Save again once it is spoken: the turn often comes a frame after the
            # last action (a finished trick is shown first), and a resumed game
            # should repeat this line, the last one the player heard.
            self._dirty = True

    # --- applying actions ---
    def _human(self, action: Callable[[], tuple[Event, ...]]) -> bool:
        if not self.is_human_turn:
            if self.game.to_act == HUMAN and self._now < self._hold_until:
                # Acting while a finished trick is still shown gathers it at once.
                self._hold_until = self._now
                self.shown_trick = None
            else:
                self._outbox.append(Refused(_not_now(self.game)))
                return False
        try:
            self._apply(action)
        except IllegalAction as error:
            self._outbox.append(Refused(error))
            return False
        self._due = self._now + self.delays.bot
        self.advance(self._now)
        return True

    def _apply(self, action: Callable[[], tuple[Event, ...]]) -> None:
        events = action()
        self._dirty = True
        self._outbox.extend(visible_events(events, HUMAN))
        for event in events:
            if isinstance(event, TrickWon):
                self.shown_trick = event
                if self.wait_after_trick:
                    self.awaiting_trick_clear = True
                    self._outbox.append(TrickWaiting())
                else:
                    self._hold_until = self._now + self.delays.trick
        if self.game.phase is Phase.DEALING and not self.game.is_over:
            self._due = max(self._due, self._now + self.delays.hand)
            self._hold_until = max(self._hold_until, self._now + self.delays.trick)

    # --- saving and the result ---
    def record(self) -> dict[str, object]:
        """The game record (``spec/game-record.md``)."""
        return game_to_record(self.game, [str(n) for n in self.names])

    def meta(self, last_spoken: str = "") -> dict[str, object]:
        """The app's notes saved beside the record."""
        return {
            "game_id": self.game_id,
            "seed": self.seed,
            "characters": list(self.seating.characters),
            "names": list(self.names),
            "last_spoken": last_spoken,
            "undo_count": self.undo_count,
        }

    def save_if_dirty(self, last_spoken: str = "") -> None:
        """Save the game in progress if anything happened; finish it at game over.

        A failed save is said once, and again only when the problem changes (or
        after a save succeeded in between); play goes on, and every later action
        tries again quietly.
        """
        if not self._dirty:
            return
        self._dirty = False
        if self.persist:
            problem = storage.save_current(self.record(), self.meta(last_spoken))
            if problem is not None and problem != self._save_problem:
                self._outbox.append(StorageTrouble(FileKind.SAVED_GAME, problem))
            self._save_problem = problem
        if self.game.is_over and not self._finished:
            self.finish(last_spoken)

    def outcome(self) -> Outcome:
        """How the finished game went for seat 0's side."""
        if self.game.is_draw or self.game.winner is None:
            return Outcome.DRAW
        mine = side_of(HUMAN, self.rules.player_count, self.rules.partnerships)
        return Outcome.WIN if self.game.winner == mine else Outcome.LOSS

    def finish(self, last_spoken: str = "") -> None:
        """Save the finished game, count it in the statistics, clear the save."""
        self._finished = True
        outcome = self.outcome()
        report: RecordReport | None = None
        if self.persist:
            problem = storage.save_finished(
                self.game_id, self.record(), self.meta(last_spoken)
            )
            if problem is not None:
                self._outbox.append(StorageTrouble(FileKind.FINISHED_GAME, problem))
            result = self.seating.game_result(
                self.game_id,
                self.rules,
                outcome,
                datetime.now(UTC).isoformat(timespec="seconds"),
            )
            report = storage.record_game(result)
            if report.load_problem is not None:
                self._outbox.append(
                    StorageTrouble(FileKind.STATISTICS, report.load_problem)
                )
            if report.save_problem is not None:
                self._outbox.append(
                    StorageTrouble(FileKind.STATISTICS, report.save_problem)
                )
            cleared = storage.clear_current()
            if cleared is not None:
                self._outbox.append(StorageTrouble(FileKind.SAVED_GAME, cleared))
        self._outbox.append(GameFinished(outcome, report))


def _this_hand(game: Game) -> list[object]:
    from audiospades.rules import DealAction

    out: list[object] = []
    for action in game.actions:
        if isinstance(action, DealAction):
            out = []
        else:
            out.append(action)
    return out


def _not_now(game: Game) -> IllegalAction:
    from audiospades.rules import Reason

    if game.is_over:
        return IllegalAction(Reason.GAME_OVER)
    return IllegalAction(Reason.NOT_YOUR_TURN, to_act=game.to_act)


def _blind_refusal(game: Game) -> IllegalAction:
    try:
        game.verify_bid(HUMAN, Bid.blind_nil())
    except IllegalAction as error:
        return error
    return _not_now(game)  # pragma: no cover - only called when refused
