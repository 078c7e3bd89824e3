"""Random rules and random games for the online play tests."""

from __future__ import annotations

import dataclasses
import random
import sqlite3
from collections.abc import Iterator
from pathlib import Path
from typing import Any

from audiospades.net.store import SCHEMA_VERSION, Store
from audiospades.rules import (
    Bid,
    BiddingStyle,
    Card,
    Event,
    Game,
    IllegalAction,
    Phase,
    Rules,
    RulesError,
    TrumpMode,
    build_deck,
    shuffled_deal,
)


def random_rules(
    rng: random.Random, *, players: int | None = None, hand_limit: int | None = None
) -> Rules:
    """Random but playable rules: any preset, 3-6 players, many variant options."""
    chosen = players
    while True:
        players = chosen or rng.choice((3, 4, 5, 6))
        teams = players in (4, 6) and rng.random() < 0.7
        base = Rules.from_preset(
            rng.choice(Rules.preset_names()), players=players, partnerships=teams
        )
        changes: dict[str, Any] = {
            "trump_mode": rng.choice(list(TrumpMode)),
            "bidding_style": rng.choice([BiddingStyle.NORMAL] * 3 + list(BiddingStyle)),
            "no_hell": rng.random() < 0.3,
            "minimum_side_bid": rng.choice((0, 0, 0, 4)),
            "misdeal_redeal": rng.random() < 0.4,
            "blind_nil_behind": rng.choice((0, 100)),
            "spade_may_lead_first_trick": rng.random() < 0.2,
            "spades_must_break": rng.random() < 0.8,
            "nil_allowed": rng.random() < 0.9,
        }
        if teams:
            changes["blind_nil_pass"] = rng.choice((0, 1, 2))
        changes["blind_nil_allowed"] = changes["nil_allowed"] and rng.random() < 0.8
        if hand_limit is not None:
            changes["hand_limit"] = hand_limit
        try:
            return dataclasses.replace(base, **changes)
        except RulesError:
            continue


def random_game(
    rng: random.Random, rules: Rules, *, max_hands: int = 2
) -> Iterator[tuple[Game, tuple[Event, ...]]]:
    """Play random legal actions; yield the game and the events after each one."""
    game = Game(rules, first_dealer=rng.randrange(rules.player_count))
    redeals = 0
    while not game.is_over and game.hands_played < max_hands:
        seat = game.to_act
        if game.phase is Phase.DEALING:
            events = game.deal(shuffled_deal(rules, rng))
        elif game.phase is Phase.BIDDING:
            assert seat is not None
            if redeals < 3 and game.can_request_redeal(seat) and rng.random() < 0.3:
                redeals += 1
                events = game.request_redeal(seat)
            else:
                bids = game.legal_bids(seat)
                blind = [b for b in bids if b.blind]
                bid = blind[0] if blind and rng.random() < 0.3 else rng.choice(bids)
                events = game.bid(seat, bid)
        elif game.phase is Phase.PASSING:
            assert seat is not None
            cards = rng.sample(game.hand(seat), rules.blind_nil_pass)
            events = game.pass_cards(seat, tuple(cards))
        else:
            assert seat is not None
            events = game.play(seat, rng.choice(sorted(game.legal_plays(seat))))
        yield game, events


def refusals(game: Game, rng: random.Random) -> list[IllegalAction]:
    """Errors the engine gives for a few random actions now (refused ones only)."""
    out: list[IllegalAction] = []
    deck: list[Card] = sorted(build_deck(game.rules))
    for seat in range(game.player_count):
        for action, args in (
            (game.verify_play, (seat, rng.choice(deck))),
            (game.verify_bid, (seat, Bid(rng.randrange(0, 14)))),
            (game.verify_bid, (seat, Bid.blind_nil())),
            (game.verify_pass, (seat, tuple(rng.sample(deck, 2)))),
            (game.verify_redeal, (seat,)),
        ):
            try:
                action(*args)  # type: ignore[operator]
            except IllegalAction as error:
                out.append(error)
    return out


class CommitFails:
    """A store's SQLite connection whose COMMIT fails (put in place of
    ``Store._db`` for the commits that should fail); everything else is the
    connection's own."""

    def __init__(self, db: sqlite3.Connection) -> None:
        self.db = db

    def __getattr__(self, name: str) -> Any:
        return getattr(self.db, name)

    def execute(self, sql: str, *args: Any) -> Any:
        if sql == "COMMIT":
            raise sqlite3.OperationalError("disk I/O error")
        return self.db.execute(sql, *args)


NEWER_REFUSED = (
    "was made by a newer version of audiospades (database schema {version}; this "
    f"server knows schemas up to {SCHEMA_VERSION}); update audiospades on this "
    "server to use it (it is left as it is), or give another --db"
)
"""The refusal of a database a later version made (``{version}`` its schema)."""

LATER_SCHEMAS = {
    "a column added": "ALTER TABLE players ADD COLUMN country TEXT",
    "a table added": "CREATE TABLE tournaments (id TEXT PRIMARY KEY, name TEXT)",
    "a table dropped": "DROP TABLE hand_actions",
    "a column dropped": "ALTER TABLE tables DROP COLUMN default_name",
    "no change": "SELECT 1",
}
"""What a later schema may change, as SQL on a database of this one."""


def later_database(path: Path, change: str, version: int = SCHEMA_VERSION + 1) -> None:
    """A database as a later version of audiospades, of schema ``version``, made
    it: one a store of this version made, with a player, and ``change``."""
    store = Store(path)
    store.register_player("Ann")
    store.close()
    db = sqlite3.connect(path)
    db.execute(change)
    db.execute(f"PRAGMA user_version={version}")
    db.commit()
    db.close()
