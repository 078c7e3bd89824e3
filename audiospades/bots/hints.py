"""The hint for a human player: the strongest bot's choice, with the reason why.

In play the hint keeps to the player's contract first: a player whose nil is still
unbroken is told how to lose the trick, and the partner of such a player how to
cover it (:func:`contract_play`); otherwise it gives level 5's card.

The presenter words a :class:`Hint` ("Play the king of hearts: it wins the trick");
this module only decides, and names the reason with a
:class:`~audiospades.bots.reasons.HintReason`.
"""

from __future__ import annotations

import math
import random
from dataclasses import dataclass, field
from typing import Any

from audiospades.bots.base import Bot
from audiospades.bots.characters import NEUTRAL
from audiospades.bots.heuristic import (
    HeuristicBot,
    choose_pass_cards,
    should_redeal,
    wants_blind_nil,
)
from audiospades.bots.policy import contract_card
from audiospades.bots.reasons import HintKind, HintReason
from audiospades.bots.sim import sim_from_view
from audiospades.rules import Bid, Card, Phase, SeatView


@dataclass(frozen=True, slots=True)
class Hint:
    """A suggested action and its reason.

    Attributes:
        kind: which decision it is about.
        bid: the bid to make (``BID``), or the blind nil (``BLIND_NIL``, when advised).
        card: the card to play (``PLAY``).
        cards: the cards to pass (``PASS``).
        reason: why, for the presenter to word.
        detail: numbers the wording may use, e.g. ``{"tricks": 4}`` or
            ``{"yes": True}`` for a blind nil or redeal question.
    """

    kind: HintKind
    bid: Bid | None = None
    card: Card | None = None
    cards: tuple[Card, ...] = ()
    reason: HintReason = HintReason.ONLY_CARD
    detail: dict[str, Any] = field(default_factory=dict)


def hint(
    view: SeatView, rng: random.Random, *, level: int = 5, timed: bool = True
) -> Hint:
    """The hint for the seat of ``view`` at this moment.

    The blind nil and redeal questions are answered first when they are open, as the
    controller asks them in that order (see :mod:`audiospades.bots.base`).

    Args:
        view: the human seat's view; it must be that seat's decision.
        rng: randomness for the look-ahead.
        level: the level whose judgement to give (5: the strongest).
        timed: let the search stop at its time budget (see ``make_level_bot``).

    Raises:
        ValueError: when the seat has nothing to decide.
    """
    from audiospades.bots import make_level_bot

    if view.hand_hidden:
        yes, reason = wants_blind_nil(view, NEUTRAL)
        return Hint(
            HintKind.BLIND_NIL,
            bid=Bid.blind_nil() if yes else None,
            reason=reason,
            detail={"yes": yes},
        )
    if view.can_request_redeal and view.phase is Phase.BIDDING:
        yes = should_redeal(view)
        reason = HintReason.WEAK_HAND if yes else HintReason.KEEP_HAND
        return Hint(HintKind.REDEAL, reason=reason, detail={"yes": yes})
    if not view.is_my_turn:
        raise ValueError("not this seat's turn")
    if view.phase is Phase.BIDDING:
        bot = make_level_bot(level, rng, timed=timed)
        bid, reason, tricks = explain_bid(bot, view)
        detail: dict[str, Any] = {"tricks": round(tricks, 1)}
        count = trick_count_of(detail["tricks"])
        if (
            reason is HintReason.COUNT_SURE_TRICKS
            and not bid.is_nil
            and Bid(count) not in view.legal_bids
        ):
            # "That is how many tricks your hand should take" would be untrue:
            # the rules forbid the count itself, so say so.
            reason = HintReason.COUNT_NOT_ALLOWED
            detail["count"] = count
        return Hint(HintKind.BID, bid=bid, reason=reason, detail=detail)
    if view.phase is Phase.PASSING:
        cards, reason = choose_pass_cards(view)
        return Hint(HintKind.PASS, cards=cards, reason=reason)
    if view.phase is Phase.PLAYING:
        contract = contract_play(view)
        if contract is not None:
            card, reason = contract
        else:
            bot = make_level_bot(level, rng, timed=timed)
            card, reason = explain_play(bot, view)
        return Hint(HintKind.PLAY, card=card, reason=reason)
    raise ValueError(f"nothing to decide in phase {view.phase.value}")


def trick_count_of(tricks: float) -> int:
    """The whole number of tricks a hand counted at ``tricks`` should take.

    Halves round up, and a number bid is at least 1 (as the bots bid).

    >>> trick_count_of(2.5), trick_count_of(3.4), trick_count_of(0.2)
    (3, 3, 1)
    """
    return max(1, math.floor(tricks + 0.5))


def contract_play(view: SeatView) -> tuple[Card, HintReason] | None:
    """The card the player's nil, or the partner's, calls for (None: free choice).

    A look-ahead weighs the average score, and may give up a nil that looks
    hopeless; but the player chose the nil, so the hint plays for it: a live nil
    ducks, and its partner covers it (see
    :func:`~audiospades.bots.policy.contract_card`).
    """
    legal = sorted(view.legal_plays, key=lambda c: c.index)
    if not legal:
        return None
    return contract_card(sim_from_view(view), view.seat, legal)


def explain_bid(bot: Bot, view: SeatView) -> tuple[Bid, HintReason, float]:
    """A bot's bid with a reason: its own, or the heuristic's for the same bid."""
    explainer = HeuristicBot(3, random.Random(0))
    _, reason, tricks = explainer.bid_with_reason(view)
    bid_with = getattr(bot, "bid_with_reason", None)
    if bid_with is not None:
        bid, reason, tricks = bid_with(view)
        return bid, reason, tricks
    choose = bot.choose_bid
    bid = choose(view)
    if bid.is_nil:
        reason = HintReason.NIL_HAND
    return bid, reason, tricks


def explain_play(bot: Bot, view: SeatView) -> tuple[Card, HintReason]:
    """A bot's card with a reason: its own, or the heuristic's if it agrees."""
    play_with = getattr(bot, "play_with_reason", None)
    if play_with is not None:
        card, reason = play_with(view)
        return card, reason
    card = bot.choose_play(view)
    return card, HintReason.BEST_OUTCOME
