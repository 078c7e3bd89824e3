"""The pure Spades engine: standard library only, no screen, speech, files or clock.

The public API in one import::

    from audiospades.rules import Game, Rules, Bid, Card, shuffled_deal, seat_view
"""

from audiospades.rules.actions import (
    Action,
    BidAction,
    DealAction,
    PassAction,
    PlayAction,
    RedealAction,
)
from audiospades.rules.bidding import Bid
from audiospades.rules.cards import Card, CardParseError, Rank, Suit, parse_cards
from audiospades.rules.deck import build_deck, card_table, shuffled_deal, trump_order
from audiospades.rules.errors import (
    IllegalAction,
    Reason,
    RulesError,
    RulesProblem,
    RulesProblemKind,
)
from audiospades.rules.events import (
    BiddingComplete,
    BidMade,
    CardPlayed,
    CardsPassed,
    Event,
    GameOver,
    HandDealt,
    HandScored,
    PlayStarted,
    RedealRequested,
    SpadesBroken,
    TrickWon,
)
from audiospades.rules.game import Game, Phase, is_the_end
from audiospades.rules.options import (
    BiddingStyle,
    BidOrder,
    MoonRule,
    NilTricks,
    Rules,
    ScoringStyle,
    TieRule,
    TrumpMode,
)
from audiospades.rules.scoring import HandScore, NilResult, SideScore, score_hand
from audiospades.rules.view import (
    SeatView,
    own_fields,
    public_events,
    public_fields,
    public_view,
    seat_view,
    seat_views,
    visible_events,
)

__all__ = [
    "Action",
    "Bid",
    "BidAction",
    "BidMade",
    "BidOrder",
    "BiddingComplete",
    "BiddingStyle",
    "Card",
    "CardParseError",
    "CardPlayed",
    "CardsPassed",
    "DealAction",
    "Event",
    "Game",
    "GameOver",
    "HandDealt",
    "HandScore",
    "HandScored",
    "IllegalAction",
    "MoonRule",
    "NilResult",
    "NilTricks",
    "PassAction",
    "Phase",
    "PlayAction",
    "PlayStarted",
    "Rank",
    "Reason",
    "RedealAction",
    "RedealRequested",
    "Rules",
    "RulesError",
    "RulesProblem",
    "RulesProblemKind",
    "ScoringStyle",
    "SeatView",
    "SideScore",
    "SpadesBroken",
    "Suit",
    "TieRule",
    "TrickWon",
    "TrumpMode",
    "build_deck",
    "card_table",
    "is_the_end",
    "own_fields",
    "parse_cards",
    "public_events",
    "public_fields",
    "public_view",
    "score_hand",
    "seat_view",
    "seat_views",
    "shuffled_deal",
    "trump_order",
    "visible_events",
]
