"""A local game: the player at seat 0, computer players at the other seats.

The table itself (the engine, pacing, computer players, the blind nil and redeal
questions, the notices) is :class:`~audiospades.table_core.TableCore`, shared with
the online server. What is local lives here: undo, saving the game in progress
after every action, and the finished game's record and statistics. Screens drain
seat 0's notices with :meth:`GameSession.drain`; a session is the
:class:`~audiospades.table_control.TablePort` of the local table screen.

Decisions documented here:

* **Undo** (seed 001: "take back as many moves as you want ... when it is your own
  turn") replays the action list up to the human's previous decision, so bots'
  moves after it are taken back too. It is available when seat 0 must act, the
  table waits for a key to gather a trick, or the table is held (a lesson waiting
  for a wrong choice to be taken back, see :attr:`GameSession.held`). **Undo
  stops at a blind nil**: blind nil is declared before looking, and the hand is
  shown as soon as it is bid, so undo never takes back seat 0's blind nil bid (it
  refuses with :attr:`UndoRefusal.BLIND_NIL_SEEN`); moves after it (the pass,
  cards played) may still be taken back. **Undo is free for statistics**: a game in
  which undo was used still counts once, as a normal result; the finished game's
  ``meta["undo_count"]`` keeps how many times it was used, so a later statistics
  screen can mark such games.
* **Saving**: every action marks the table dirty; the screen calls
  :meth:`GameSession.save_if_dirty` *before* it speaks what happened, so what the
  player heard is always on disk. The save holds the table's open questions and
  hidden hands too (:meth:`TableCore.question_state`) and the cards chosen so far
  to pass (saved at each choice, before it is said), and computer players draw
  their randomness per decision, so a resumed game goes on exactly as it would
  have. At game over the session, in this order, saves the finished game, records
  the statistics and clears the game in progress; every step is idempotent, so a
  crash in between is repaired on the next resume.
"""

from __future__ import annotations

import logging
import random
from collections.abc import Sequence
from datetime import UTC, datetime
from typing import Any

from audiospades import storage
from audiospades.bots import Bot
from audiospades.i18n import current_language
from audiospades.notices import (
    HUMAN,
    FileKind,
    GameFinished,
    Notice,
    Question,
    StorageTrouble,
    Undone,
    UndoRefusal,
    UndoRefused,
)
from audiospades.record import game_from_record, game_to_record
from audiospades.replies import Company, HolderKind, Occupant
from audiospades.rules import (
    Bid,
    BidAction,
    Card,
    Game,
    PassAction,
    Phase,
    PlayAction,
    RedealAction,
    Rules,
    SeatView,
    TrickWon,
)
from audiospades.rules.seats import side_of
from audiospades.seating import DEFAULT_NAMES, Seating
from audiospades.storage import Outcome, RecordReport
from audiospades.table_core import PACES, TableCore
from audiospades.thinking import Thinker

log = logging.getLogger(__name__)


class GameSession:
    """One local game, from the first deal to the recorded result."""

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
        self.table = TableCore(
            game,
            seed=seed,
            seating=seating,
            humans=(HUMAN,),
            delays=PACES.get(pace, PACES["normal"]),
            wait_after_trick=wait_after_trick,
            now_ms=now_ms,
            timed=think_in_background,
            thinking=lambda bots, seed: Thinker(bots, think_in_background, seed=seed),
        )
        self.rules = game.rules
        self.seed = seed
        self.seating = seating
        self.names = seating.names
        self.game_id = game_id or storage.new_game_id()
        self.persist = persist
        self.undo_count = undo_count
        self._outbox: list[Notice] = []
        self._finished = False
        self._save_problem: storage.SaveProblem | None = None
        """The last save's problem, said once: again only if it changes."""
        self.pass_choice: tuple[Card, ...] = ()
        """The cards seat 0 has chosen so far to pass (saved with the game)."""
        self._last_spoken = ""
        """The line saved with the last action (a choice saved alone keeps it)."""
        self.held = False
        """Whether the table holds still: the clock moves nothing, and undo works
        though it is not seat 0's turn. A lesson holds it while a wrong choice
        waits to be taken back, so the others do not play on past it (QA: they
        did, and "Your turn" was followed by "First take it back")."""

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
        """Rebuild a saved game in progress, questions included.

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
            seed=seed if type(seed) is int else 0,
            seating=Seating(characters, seat_names),
            game_id=str(meta.get("game_id") or storage.new_game_id()),
            undo_count=undo if type(undo) is int else 0,
            **options,
        )
        questions = meta.get("table")
        session.table.restore_questions(
            questions if isinstance(questions, dict) else None
        )
        session._outbox.extend(session.table.restate(HUMAN))
        session.pass_choice = _saved_pass_choice(meta.get("pass_choice"), session)
        spoken_in = meta.get("last_spoken_language")
        if spoken_in in (None, current_language()):
            session._last_spoken = str(meta.get("last_spoken") or "")
        return session

    # --- queries ---
    @property
    def game(self) -> Game:
        """The game (replaced by undo)."""
        return self.table.game

    @property
    def bots(self) -> dict[int, Bot]:
        """The computer players, by seat."""
        return self.table.bots

    @property
    def question(self) -> Question | None:
        """The question waiting for the player's answer, if any."""
        return self.table.question(HUMAN)

    @property
    def awaiting_trick_clear(self) -> bool:
        """Whether a finished trick waits for the player to gather it."""
        return self.table.awaiting_trick_clear

    @property
    def shown_trick(self) -> TrickWon | None:
        """A complete trick still on the table (until gathered)."""
        return self.table.shown_trick

    @property
    def now_ms(self) -> int:
        """The session's clock."""
        return self.table.now_ms

    @property
    def is_over(self) -> bool:
        """Whether the game has ended."""
        return self.table.is_over

    @property
    def hand_hidden(self) -> bool:
        """Whether seat 0's cards are hidden (blind nil decision or intent)."""
        return self.table.is_hand_hidden(HUMAN)

    def view(self) -> SeatView:
        """What seat 0 may know now."""
        return self.table.view(HUMAN)

    def company(self) -> Company:
        """The player at seat 0 and a computer at every other, with its character."""
        return Company(
            tuple(
                Occupant(
                    HolderKind.PERSON if seat == HUMAN else HolderKind.COMPUTER,
                    name=self.names[seat],
                    character=character,
                )
                for seat, character in enumerate(self.seating.characters)
            )
        )

    @property
    def action_count(self) -> int:
        """How many actions the game has taken (it seeds the hint's randomness)."""
        return len(self.game.actions)

    @property
    def supports_undo(self) -> bool:
        """A local game has undo (see the module doc)."""
        return True

    @property
    def can_remind(self) -> bool:
        """No one to remind: the computer players never keep the table waiting."""
        return False

    def remind(self) -> None:
        """Nothing to do in a local game (see :attr:`can_remind`)."""

    @property
    def is_human_turn(self) -> bool:
        """Whether the game waits for seat 0 to bid, pass or play."""
        return self.table.is_turn(HUMAN)

    awaiting_reply = False
    """A local game answers every action at once."""
    playing_for_me = ""
    """No one plays for the player at a local table."""

    @property
    def is_waiting_for_human(self) -> bool:
        """Whether nothing will happen until seat 0 acts or answers."""
        return self.table.is_waiting_for_person

    @property
    def is_idle(self) -> bool:
        """Whether advancing the clock would change nothing (waiting, held or over)."""
        return self.held or self.table.is_idle

    def drain_pending(self) -> bool:
        """Whether notices wait to be drained."""
        return bool(self._outbox) or self.table.has_notices(HUMAN)

    def drain(self) -> list[Notice]:
        """Take the notices produced since the last call, oldest first."""
        out = self._outbox + self.table.drain(HUMAN)
        self._outbox = []
        return out

    # --- the human's actions ---
    def human_bid(self, bid: Bid) -> bool:
        """Bid for seat 0; a refusal becomes a :class:`Refused` notice."""
        return self.table.bid(HUMAN, bid)

    def human_play(self, card: Card) -> bool:
        """Play a card for seat 0."""
        return self.table.play(HUMAN, card)

    def human_pass(self, cards: Sequence[Card]) -> bool:
        """Pass cards for seat 0 (the choice kept so far ends here)."""
        self.pass_choice = ()
        return self.table.pass_cards(HUMAN, cards)

    @property
    def kept_pass_choice(self) -> tuple[Card, ...]:
        """The cards chosen to pass that the saved game brought back."""
        return self.pass_choice

    def keep_pass_choice(self, cards: Sequence[Card]) -> None:
        """Save the cards chosen so far to pass at once, before they are said.

        The line saved with the game stays the last action's: the choice is said
        on resuming with where the game stands.
        """
        chosen = tuple(cards)
        if chosen != self.pass_choice:
            self.pass_choice = chosen
            self._write(self._last_spoken)

    def answer(self, yes: bool) -> bool:
        """Answer the pending :class:`Question` (False: none was open)."""
        return self.table.answer(HUMAN, yes)

    def clear_trick(self) -> bool:
        """Gather the trick on the table (the continue key); False if none waits."""
        return self.table.clear_trick()

    def undo(self) -> bool:
        """Take back moves up to seat 0's previous decision (see the module doc)."""
        table = self.table
        if self.question is not None:
            self._refuse_undo(UndoRefusal.QUESTION_OPEN)
            return False
        if not (self.held or self.game.to_act == HUMAN or table.awaiting_trick_clear):
            self._refuse_undo(UndoRefusal.NOT_YOUR_TURN)
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
            self._refuse_undo(UndoRefusal.NOTHING_TO_UNDO)
            return False
        target = actions[index]
        if isinstance(target, BidAction) and target.bid.blind:
            # The hand was shown when the blind nil was bid: no bidding again.
            self._refuse_undo(UndoRefusal.BLIND_NIL_SEEN)
            return False
        removed = len(actions) - index
        self.pass_choice = ()
        table.rewind(index)
        self.undo_count += 1
        self._outbox.extend(table.drain(HUMAN))
        self._outbox.append(Undone(removed))
        table.advance(table.now_ms)
        return True

    def _refuse_undo(self, reason: UndoRefusal) -> None:
        """Say why undo did nothing; any cards chosen to pass stay chosen."""
        self._outbox.append(UndoRefused(reason, self.pass_choice))

    # --- the clock ---
    def advance(self, now_ms: int) -> None:
        """Move the clock to ``now_ms`` and let every action due by then happen.

        Nothing happens while the table is :attr:`held`.
        """
        if not self.held:
            self.table.advance(now_ms)

    def run_until_idle(self, limit_ms: int = 10_000_000) -> None:
        """Advance as far as needed for the game to wait for seat 0 (tests, tools)."""
        if not self.held:
            self.table.run_until_idle(limit_ms)

    def close(self) -> None:
        """Stop the thinking thread, if any (the app calls this when a game ends)."""
        self.table.close()

    # --- saving and the result ---
    def record(self) -> dict[str, object]:
        """The game record (``spec/game-record.md``)."""
        return game_to_record(self.game, [str(n) for n in self.names])

    def meta(self, last_spoken: str = "") -> dict[str, object]:
        """The app's notes saved beside the record (the table's questions too)."""
        return {
            "game_id": self.game_id,
            "seed": self.seed,
            "characters": list(self.seating.characters),
            "names": list(self.names),
            "last_spoken": last_spoken,
            # Its language: Continue in another language does not repeat it.
            "last_spoken_language": current_language(),
            "undo_count": self.undo_count,
            "table": self.table.question_state(),
            "pass_choice": [str(card) for card in self.pass_choice],
        }

    def save_if_dirty(self, last_spoken: str = "") -> None:
        """Save the game in progress if anything happened; finish it at game over.

        A failed save is said once, and again only when the problem changes (or
        after a save succeeded in between); play goes on, and every later action
        tries again quietly.
        """
        if not self.table.dirty:
            return
        self.table.dirty = False
        self._last_spoken = last_spoken
        self._write(last_spoken)
        if self.game.is_over and not self._finished:
            self.finish(last_spoken)

    def is_saved(self) -> bool:
        """Whether the game in progress is on disk as it stands (the last save held)."""
        return (
            self.persist
            and self._save_problem is None
            and storage.has_game_in_progress()
        )

    def _write(self, last_spoken: str) -> None:
        """Save the game in progress (a problem is said once, see save_if_dirty)."""
        if self.persist:
            problem = storage.save_current(self.record(), self.meta(last_spoken))
            if problem is not None and problem != self._save_problem:
                self._outbox.append(StorageTrouble(FileKind.SAVED_GAME, problem))
            self._save_problem = problem

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
                self.game,
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


def _saved_pass_choice(raw: object, session: GameSession) -> tuple[Card, ...]:
    """The cards a save says seat 0 had chosen to pass, if they still make sense.

    They must be seat 0's own, each once, fewer than a pass, at seat 0's turn to
    pass; anything else (an older save has none) is ignored: the choice starts
    afresh, as it did before choices were saved.
    """
    if raw is None or raw == []:
        return ()
    view = session.view()
    try:
        if not isinstance(raw, list):
            raise ValueError("not a list")
        cards = tuple(Card.parse(text) for text in raw)
    except ValueError as error:
        log.warning("saved pass choice %r unusable (%s); not used", raw, error)
        return ()
    if (
        view.phase is Phase.PASSING
        and view.is_my_turn
        and not session.hand_hidden
        and len(set(cards)) == len(cards) < view.rules.blind_nil_pass
        and all(card in view.hand for card in cards)
    ):
        return cards
    log.warning("saved pass choice %s does not fit the game; not used", raw)
    return ()
