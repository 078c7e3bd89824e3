"""The card table: the game session's screen.

Keys (see :mod:`audiospades.keymap`): seed 004's B, C, F, V or I, S, T; Left and
Right through the hand (each card spoken with whether it is playable now), Up and
Down between suits, Home and End, Tab and Shift+Tab to the next or previous card
you may play, J to the card the hint suggests, Enter or Space to play (or, while
passing, to choose a card); digits and Enter to bid; N gathers a trick when the
table waits (and Enter or Space do too); Ctrl+Z undo; H hint; Escape the game menu.
"""

from __future__ import annotations

import logging
from typing import TYPE_CHECKING

from audiospades import bots
from audiospades.app.hint_ahead import HintAhead
from audiospades.app.screen import KeyPress, Push, Screen, Transition
from audiospades.app.services import Services
from audiospades.commands import DIGITS, Command
from audiospades.controller import GameSession
from audiospades.keymap import Context
from audiospades.notices import GameFinished, HandShown, YourTurn
from audiospades.presenter import Utterance, answer, describe
from audiospades.presenter import scoring as score_words
from audiospades.presenter import system as system_words
from audiospades.presenter import table as table_words
from audiospades.rules import Bid, Card, Phase, SeatView
from audiospades.sound import Cue

if TYPE_CHECKING:
    import pygame

    from audiospades.app.render import TableLayout

log = logging.getLogger(__name__)


class TableScreen(Screen):
    """Plays one game with the player."""

    title = "Table"

    def __init__(
        self, session: GameSession, *, resumed_line: str | None = None
    ) -> None:
        self.session = session
        self.focus: Card | None = None
        self.bid_entry = ""
        self.pass_choice: list[Card] = []
        self.finished = False
        self.resumed_line = resumed_line
        """The last line heard before the game was saved (None: a new game)."""
        self._skip_once = ""
        self._view: SeatView = session.view()
        self.focus_rect: tuple[int, int, int, int] | None = None
        """Where the focused card's frame was last drawn (for tests of the picture)."""
        self.layout: TableLayout | None = None
        """The rectangles of the last picture (for tests of the picture)."""
        self._hints = HintAhead(background=False)

    # --- the framework ---
    def key_contexts(self) -> tuple[Context, ...]:
        if self.session.question is not None:
            return (Context.QUESTION, Context.TABLE)
        if self._my_bid_turn():
            return (Context.BIDDING, Context.TABLE)
        return (Context.TABLE,)

    def on_enter(self, services: Services) -> None:
        from audiospades.app.menus import thinks_in_background

        self._hints = HintAhead(background=thinks_in_background(services))
        if self.resumed_line is not None:
            view = self.session.view()
            text = table_words.resumed_text(view, self.session.names)
            services.say(Utterance(text, interrupt=True))
            if self.resumed_line:
                services.say(Utterance(self.resumed_line))
            # The turn notice that follows often repeats the last line: say it once.
            self._skip_once = self.resumed_line
        self._sync(services)

    def on_resume(self, services: Services) -> None:
        services.say(answer(self._turn_text(self.view)))

    def _turn_text(self, view: SeatView) -> str:
        """Key T: who acts now; while a question waits, the question again."""
        session = self.session
        if session.question is not None and not view.is_over:
            return table_words.question_text(session.question)
        return table_words.whose_turn_text(
            view, session.names, session.awaiting_trick_clear
        )

    def is_busy(self) -> bool:
        return not self.session.is_idle

    def update(self, services: Services, now_ms: int) -> Transition | None:
        self.session.advance(now_ms)
        self._sync(services)
        if services.settings.hints_enabled and not self.finished:
            self._hints.prepare(self.session)
        elif self.finished:
            self._hints.close()
        return None

    @property
    def view(self) -> SeatView:
        """Seat 0's view, refreshed every frame."""
        return self._view

    def _sync(self, services: Services) -> None:
        """Keep the focus valid, save, then say what happened.

        The game is saved before its news is spoken, with the last line about to be
        spoken, so what the player heard is always on disk.
        """
        notices = self.session.drain()
        self._view = self.session.view()
        verbosity = services.settings.verbosity
        said: list[Utterance] = []
        for notice in notices:
            if isinstance(notice, YourTurn | HandShown):
                self._fix_focus(notice)
            if isinstance(notice, GameFinished):
                self.finished = True
            for utterance in describe(
                notice, self._view, self.session.names, verbosity
            ):
                repeat = utterance.text == self._skip_once
                self._skip_once = ""
                if not repeat:
                    said.append(utterance)
        if self.focus not in self._view.hand:
            self.focus = self._view.hand[0] if self._view.hand else None
        self.session.save_if_dirty(said[-1].text if said else services.last_line)
        for utterance in said:
            services.say(utterance)
        if self.session.drain_pending():
            self._sync(services)

    def _fix_focus(self, notice: YourTurn | HandShown) -> None:
        view = self.session.view()
        if (
            isinstance(notice, YourTurn)
            and view.phase is Phase.PLAYING
            and self.focus not in view.legal_plays
            and view.legal_plays
        ):
            self.focus = min(view.legal_plays)
        if isinstance(notice, YourTurn) and view.phase is Phase.BIDDING:
            self.bid_entry = ""
        if isinstance(notice, YourTurn) and view.phase is Phase.PASSING:
            self.pass_choice = []

    def _my_bid_turn(self) -> bool:
        return self.session.is_human_turn and self.session.game.phase is Phase.BIDDING

    # --- keys ---
    def handle(
        self, command: Command | None, key: KeyPress, services: Services
    ) -> Transition | None:
        self._skip_once = ""
        session = self.session
        view = self.session.view()
        self._view = view
        names = session.names
        brief = services.settings.verbosity == "brief"
        say = services.say
        if session.question is not None and (
            command in (Command.WHOSE_TURN, Command.BID, Command.PLAY_CARD)
            or (command is None and key.char.isdigit())
        ):
            # The table waits for Y or N: say so rather than talk of bidding.
            say(answer(table_words.question_text(session.question)))
            return None
        if command is None:
            if key.char.isdigit():
                say(answer(table_words.bid_not_now_text(view, names)))
            elif key.char and key.char.isprintable() and not key.char.isspace():
                say(answer(system_words.unbound_key_text(key.chord)))
            return None
        if command is Command.MENU:
            from audiospades.app.menus import GameMenu

            return Push(GameMenu(self))
        if self.finished and command in (Command.PLAY_CARD, Command.CONTINUE):
            # Enter after the game must not start anything: Escape leads away.
            say(answer(score_words.game_over_text(view, names)))
            return None
        match command:
            case Command.YES | Command.NO:
                session.answer(command is Command.YES)
            case Command.CARDS_ON_TABLE:
                say(
                    answer(
                        table_words.cards_on_table_text(
                            view, names, session.shown_trick
                        )
                    )
                )
            case Command.SUIT_LED:
                say(answer(table_words.suit_led_text(view, names)))
            case Command.TRICK_INFO:
                say(answer(table_words.trick_info_text(view, names)))
            case Command.SCORES:
                say(answer(score_words.scores_text(view, names)))
            case Command.WHOSE_TURN:
                say(answer(self._turn_text(view)))
            case Command.READ_HAND:
                if session.hand_hidden:
                    say(answer(table_words.hidden_hand_text()))
                else:
                    say(answer(table_words.hand_text(view.hand, view.rules)))
            case Command.LAST_TRICK:
                say(answer(table_words.last_trick_text(view, names)))
            case Command.LAST_HAND:
                say(answer(score_words.last_hand_text(view, names)))
            case Command.RULES_IN_FORCE:
                say(answer(score_words.rules_text(view.rules)))
            case Command.MATCH_STANDING:
                say(answer(score_words.match_standing_text(view, names)))
            case Command.HINT:
                say(answer(self._hint_text(services)))
            case Command.NEXT_PLAYABLE | Command.PREV_PLAYABLE:
                step = 1 if command is Command.NEXT_PLAYABLE else -1
                self._jump_playable(step, services, brief)
            case Command.HINTED_CARD:
                self._jump_hinted(services, brief)
            case Command.UNDO:
                session.undo()
                self.bid_entry = ""
                self.pass_choice = []
            case Command.BID:
                if self._my_bid_turn() and self.bid_entry:
                    self._submit_bid(services)
                else:
                    say(answer(table_words.bid_prompt_text(view)))
            case Command.BID_UP | Command.BID_DOWN:
                self._step_bid(services, 1 if command is Command.BID_UP else -1)
            case Command.ERASE:
                self.bid_entry = self.bid_entry[:-1]
                say(answer(table_words.bid_entry_text(self.bid_entry, view)))
            case Command.BID_NIL:
                self.bid_entry = "0"
                say(answer(table_words.bid_entry_text("0", view)))
            case c if c in DIGITS:
                digit = DIGITS.index(c)
                entry = (self.bid_entry + str(digit)).lstrip("0") or "0"
                if int(entry) > view.rules.trick_count:
                    # Refuse the digit: "5 0" must not silently become nil.
                    text = table_words.bid_too_many_text(entry, self.bid_entry, view)
                    say(Utterance(text, Cue.ILLEGAL_MOVE, interrupt=True))
                else:
                    self.bid_entry = entry
                    say(answer(table_words.bid_entry_text(entry, view)))
            case Command.CONTINUE:
                if not session.clear_trick():
                    say(answer(table_words.whose_turn_text(view, names)))
            case Command.PLAY_CARD:
                self._play_or_choose(services)
            case (
                Command.NEXT_CARD
                | Command.PREV_CARD
                | Command.NEXT_SUIT
                | Command.PREV_SUIT
                | Command.FIRST_CARD
                | Command.LAST_CARD
            ):
                self._navigate(command, services, brief)
        self._sync(services)
        return None

    def _submit_bid(self, services: Services) -> None:
        bid = Bid(int(self.bid_entry))
        self.bid_entry = ""
        self.session.human_bid(bid)

    def _step_bid(self, services: Services, step: int) -> None:
        legal = [b.tricks for b in self.view.legal_bids if not b.blind]
        if not legal:
            services.say(answer(table_words.bid_prompt_text(self.view)))
            return
        current = int(self.bid_entry) if self.bid_entry else None
        if current is None:
            value = legal[0] if step > 0 else legal[-1]
        else:
            options = [b for b in legal if (b > current if step > 0 else b < current)]
            value = (min(options) if step > 0 else max(options)) if options else current
        self.bid_entry = str(value)
        services.say(answer(table_words.bid_entry_text(self.bid_entry, self.view)))

    def _play_or_choose(self, services: Services) -> None:
        session = self.session
        if session.awaiting_trick_clear:
            session.clear_trick()
            return
        if self._my_bid_turn():
            if self.bid_entry:
                self._submit_bid(services)
            else:
                services.say(answer(table_words.bid_prompt_text(self.view)))
            return
        card = self.focus
        if card is None:
            services.say(answer(table_words.whose_turn_text(self.view, session.names)))
            return
        if session.game.phase is Phase.PASSING and session.game.to_act == 0:
            needed = self.view.rules.blind_nil_pass
            if card in self.pass_choice:
                self.pass_choice.remove(card)
                left = needed - len(self.pass_choice)
                services.say(answer(table_words.pass_choice_text(card, False, left)))
                return
            self.pass_choice.append(card)
            if len(self.pass_choice) < needed:
                left = needed - len(self.pass_choice)
                services.say(answer(table_words.pass_choice_text(card, True, left)))
                return
            choice, self.pass_choice = self.pass_choice, []
            session.human_pass(choice)
            return
        session.human_play(card)

    def _navigate(self, command: Command, services: Services, brief: bool) -> None:
        view = self.view
        hand = list(view.hand)
        if not hand:
            text = (
                table_words.hidden_hand_text()
                if self.session.hand_hidden
                else table_words.empty_hand_text()
            )
            services.say(answer(text))
            return
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
            services.sound.play(Cue.EDGE)
            target = max(0, min(len(hand) - 1, target))
            self.focus = hand[target]
            services.say(
                answer(
                    table_words.focus_text(
                        self.focus, view, brief, self.focus in self.pass_choice
                    )
                )
            )
            return
        self.focus = hand[target]
        services.say(
            Utterance(
                table_words.focus_text(
                    self.focus, view, brief, self.focus in self.pass_choice
                ),
                Cue.CARD_FOCUS,
                interrupt=True,
            )
        )

    def _hint(self, services: Services) -> bots.Hint | str:
        """The hint for this moment (the same H gives), or why there is none."""
        if not services.settings.hints_enabled:
            return system_words.hints_off_text()
        session = self.session
        if not (session.is_human_turn or session.question is not None):
            return system_words.no_hint_text()
        try:
            return self._hints.get(session)
        except ValueError:
            return system_words.no_hint_text()

    def _hint_text(self, services: Services) -> str:
        found = self._hint(services)
        return found if isinstance(found, str) else system_words.hint_text(found)

    def _focus_on(self, card: Card, services: Services, brief: bool) -> None:
        self.focus = card
        text = table_words.focus_text(card, self.view, brief, card in self.pass_choice)
        services.say(Utterance(text, Cue.CARD_FOCUS, interrupt=True))

    def _jump_playable(self, step: int, services: Services, brief: bool) -> None:
        """Tab, Shift+Tab: the next (or previous) card that may be played, wrapping."""
        view = self.view
        if not (view.phase is Phase.PLAYING and self.session.is_human_turn):
            services.say(answer(system_words.no_playable_text()))
            return
        hand = list(view.hand)
        playable = [i for i, c in enumerate(hand) if c in view.legal_plays]
        if not playable:
            services.say(answer(system_words.no_playable_text()))
            return
        here = hand.index(self.focus) if self.focus in hand else -1
        if step > 0:
            ahead = [i for i in playable if i > here]
            target = ahead[0] if ahead else playable[0]
        else:
            behind = [i for i in playable if i < here] if here >= 0 else []
            target = behind[-1] if behind else playable[-1]
        if (step > 0 and target <= here) or (step < 0 and here >= 0 and target >= here):
            services.sound.play(Cue.EDGE)  # wrapped round the hand
        self._focus_on(hand[target], services, brief)

    def _jump_hinted(self, services: Services, brief: bool) -> None:
        """J: the card the hint suggests (the first not yet chosen, when passing)."""
        found = self._hint(services)
        if isinstance(found, str):
            services.say(answer(found))
            return
        cards = [found.card] if found.card is not None else list(found.cards)
        cards = [c for c in cards if c in self.view.hand and c not in self.pass_choice]
        if not cards:
            services.say(
                answer(
                    " ".join(
                        [
                            system_words.no_hinted_card_text(),
                            system_words.hint_text(found),
                        ]
                    )
                )
            )
            return
        self._focus_on(cards[0], services, brief)

    # --- picture ---
    def draw(self, surface: pygame.Surface, services: Services) -> None:
        from audiospades.app.render import draw_table

        self.layout = draw_table(surface, services, self)
        frame = self.layout.focus_frame
        self.focus_rect = (
            None if frame is None else (frame.x, frame.y, frame.w, frame.h)
        )
