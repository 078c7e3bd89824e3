"""The words for the table controller's answers to keys.

:func:`reply_utterances` turns a :data:`~audiospades.replies.Reply` from the
:class:`~audiospades.table_control.TableController` into what the player hears,
with the sentences of :mod:`.table`, :mod:`.scoring` and :mod:`.system`. Every
answer to a key interrupts what is being said, but for the gathering key pressed
out of habit after a hand's last trick (:class:`~audiospades.replies.NothingToGather`):
its answer comes after the hand's summary, not over it.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Callable, Sequence
from typing import Final, assert_never

from audiospades.presenter import scoring as score_words
from audiospades.presenter import system as system_words
from audiospades.presenter import table as table_words
from audiospades.presenter.utterance import Utterance, answer, is_brief
from audiospades.presenter.who import who_is_here_text
from audiospades.replies import (
    AwaitingServer,
    BidEntryChanged,
    BidEntryHeld,
    BidErased,
    BidRefused,
    CardsOnTable,
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
from audiospades.rules import IllegalAction, Reason, ScoringStyle, SeatView
from audiospades.rules.seats import partner_of
from audiospades.sound import Cue

_Words = Callable[[SeatView, Sequence[str]], str]

_INFO: Final[dict[InfoKind, _Words]] = {
    InfoKind.TRICK_INFO: table_words.trick_info_text,
    InfoKind.SCORES: score_words.scores_text,
    InfoKind.HAND: table_words.your_hand_text,
    InfoKind.HIDDEN_HAND: lambda view, names: table_words.hidden_hand_text(view),
    InfoKind.EMPTY_HAND: lambda view, names: table_words.empty_hand_text(),
    InfoKind.HAND_KEPT: lambda view, names: table_words.hand_kept_text(),
    InfoKind.LAST_TRICK: table_words.last_trick_text,
    InfoKind.LAST_HAND: score_words.last_hand_text,
    InfoKind.RULES: lambda view, names: score_words.rules_text(view.rules),
    InfoKind.MATCH_STANDING: score_words.match_standing_text,
    InfoKind.GAME_OVER: score_words.game_over_text,
    InfoKind.GAME_OVER_NO_BID: table_words.game_over_no_bid_text,
    InfoKind.BID_PROMPT: table_words.bid_prompt_text,
    InfoKind.BID_NOT_NOW: table_words.bid_not_now_text,
    InfoKind.NO_PLAYABLE: lambda view, names: system_words.no_playable_text(),
}
"""Each kind of answer read from the view, as words."""


def reply_utterances(
    reply: Reply, view: SeatView, names: Sequence[str], verbosity: str = "full"
) -> list[Utterance]:
    """What the player hears for one answer of the table controller.

    Args:
        reply: The controller's answer to a key.
        view: The player's view when the key was pressed.
        names: Each seat's name.
        verbosity: "full" or "brief" (the card under the focus).

    Returns:
        The utterances in order: a cue on its own (an edge) comes first.
    """
    quicksand = view.rules.scoring_style is ScoringStyle.QUICKSAND  # no bags
    match reply:
        case Info(kind=kind):
            return [answer(_INFO[kind](view, names))]
        case CardsOnTable(shown_trick=shown):
            return [answer(table_words.cards_on_table_text(view, names, shown))]
        case SuitLed(shown_trick=shown):
            return [answer(table_words.suit_led_text(view, names, shown))]
        case WhoseTurn(trick_waiting=waiting, shown_trick=shown, played_for=played):
            text = table_words.whose_turn_text(
                view, names, waiting, shown, stand_in=played
            )
            return [answer(text)]
        case QuestionAgain(question=question):
            rules = view.rules
            text = table_words.question_text(
                question, rules.partnerships, rules.side_count
            )
            return [answer(text)]
        case FocusMoved(card=card, chosen=chosen, move=move):
            text = table_words.focus_text(
                card, view, names, is_brief(verbosity), chosen
            )
            if move is FocusMove.ONLY:
                text = table_words.only_card_text(card, view, names, chosen)
            if move is FocusMove.EDGE:
                # The edge's cue replaces the focus cue: the card did not change.
                return [Utterance("", Cue.EDGE), answer(text)]
            focus = Utterance(text, Cue.CARD_FOCUS, interrupt=True)
            if move is FocusMove.WRAPPED:
                return [Utterance("", Cue.EDGE), focus]
            return [focus]
        case BidEntryChanged(entry=entry):
            return [answer(table_words.bid_entry_text(entry, view))]
        case BidEntryHeld(entry=entry, refusal=refusal):
            if refusal is None:
                return [answer(table_words.bid_entry_held_text(entry, view))]
            why = system_words.illegal_text(refusal, view, names)
            text = table_words.bid_entry_refused_text(entry, why, view)
            return [Utterance(text, Cue.ILLEGAL_MOVE, interrupt=True)]
        case BidRefused(typed=typed, erased=erased):
            text = table_words.bid_too_many_text(typed, erased, view)
            return [Utterance(text, Cue.ILLEGAL_MOVE, interrupt=True)]
        case BidErased(erased=erased, entry=entry):
            return [answer(table_words.bid_erased_text(erased, entry, view))]
        case NilRefused():
            text = _nil_refused_text(view, names)
            return [Utterance(text, Cue.ILLEGAL_MOVE, interrupt=True)]
        case PassChoiceChanged(card=card, chosen=chosen, remaining=remaining):
            return [answer(table_words.pass_choice_text(card, chosen, remaining))]
        case PassingInfo(chosen=chosen):
            return [answer(table_words.trick_info_text(view, names, chosen))]
        case WaitingTrickInfo(trick=trick):
            text = table_words.trick_info_text(view, names, waiting=trick)
            return [answer(text)]
        case HintGiven(hint=hint):
            alone = not view.rules.partnerships
            return [answer(system_words.hint_text(hint, alone, quicksand=quicksand))]
        case NoHint(reason=reason):
            if reason is NoHintReason.HINTS_OFF:
                return [answer(system_words.hints_off_text())]
            return [answer(system_words.no_hint_text())]
        case HintedCardMissing(hint=hint):
            return [
                answer(
                    " ".join(
                        [
                            system_words.no_hinted_card_text(),
                            system_words.hint_text(
                                hint,
                                not view.rules.partnerships,
                                quicksand=quicksand,
                            ),
                        ]
                    )
                )
            ]
        case UnboundKey(chord=chord):
            return [answer(system_words.unbound_key_text(chord))]
        case TrickGathered():
            return [answer(table_words.trick_gathered_text())]
        case NothingToGather(answer=inner):
            return [
                dataclasses.replace(utterance, interrupt=False)
                for utterance in reply_utterances(inner, view, names, verbosity)
            ]
        case UndoUnavailable():
            return [answer(system_words.undo_unavailable_text())]
        case AwaitingServer():
            return [answer(system_words.awaiting_server_text())]
        case RemindUnavailable(chord=chord):
            return [answer(system_words.remind_unavailable_text(chord))]
        case WhoIsHere(company=company):
            return [answer(who_is_here_text(company, view.rules))]
        case _:
            assert_never(reply)


def _nil_refused_text(view: SeatView, names: Sequence[str]) -> str:
    """N when nil may not be bid now: why (the rules, a double nil), else the bids."""
    rules = view.rules
    if not rules.nil_allowed:
        return system_words.illegal_text(
            IllegalAction(Reason.NIL_NOT_ALLOWED), view, names
        )
    partner = partner_of(view.seat, rules.player_count, rules.partnerships)
    partner_bid = view.bids[partner] if partner is not None else None
    if partner_bid is not None and partner_bid.is_nil and not rules.double_nil_allowed:
        return system_words.illegal_text(
            IllegalAction(Reason.DOUBLE_NIL_NOT_ALLOWED), view, names
        )
    return table_words.bid_prompt_text(view, names)
