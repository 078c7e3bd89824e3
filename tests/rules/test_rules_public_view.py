"""A spectator's view (``public_view``) and events (``public_events``) hide every card
that has not been played: no hand, no card passed or received."""

from __future__ import annotations

import dataclasses
import random

import pytest

from audiospades.rules import (
    Card,
    CardsPassed,
    Game,
    Phase,
    Rules,
    build_deck,
    public_events,
    public_view,
    seat_view,
    seat_views,
    shuffled_deal,
)


def _cards_in(value: object, found: set[Card]) -> None:
    if isinstance(value, Card):
        found.add(value)
    elif isinstance(value, tuple | list | frozenset | set):
        for item in value:
            _cards_in(item, found)
    elif dataclasses.is_dataclass(value) and not isinstance(value, type | Rules):
        for field in dataclasses.fields(value):
            _cards_in(getattr(value, field.name), found)


def _random_games(count: int) -> list[Game]:
    """Snapshots of random games with passes (blind nil) and all table sizes."""
    snapshots: list[Game] = []
    for index in range(count):
        rng = random.Random(index)
        players = (3, 4, 5, 6)[index % 4]
        teams = players in (4, 6)
        rules = dataclasses.replace(
            Rules.pagat(players=players, partnerships=teams),
            blind_nil_behind=0,
            blind_nil_pass=2 if teams else 0,
            hand_limit=1,
        )
        game = Game(rules, first_dealer=rng.randrange(players))
        while not game.is_over:
            seat = game.to_act
            if game.phase is Phase.DEALING:  # a tie plays on
                game.deal(shuffled_deal(rules, rng))
                continue
            assert seat is not None
            if game.phase is Phase.BIDDING:
                bids = game.legal_bids(seat)
                blind = [b for b in bids if b.blind]
                game.bid(seat, blind[0] if blind and rng.random() < 0.4 else bids[-1])
            elif game.phase is Phase.PASSING:
                game.pass_cards(seat, game.hand(seat)[:2])
            else:
                game.play(seat, rng.choice(sorted(game.legal_plays(seat))))
            snapshots.append(game.copy())
    return snapshots


GAMES = _random_games(24)


def test_some_games_pass_cards() -> None:
    """The games below include passes, so the check on them means something."""
    assert any(game.passes for game in GAMES)


def test_the_public_view_shows_only_played_cards() -> None:
    for index, game in enumerate(GAMES):
        chair = index % game.player_count
        played = {c for t in game.completed_tricks for _, c in t.cards}
        played |= {c for _, c in game.trick}
        view = public_view(game, chair)
        found: set[Card] = set()
        _cards_in(view, found)
        assert found <= played, f"a spectator sees {found - played}"
        assert view.hand == () and view.passed_in == () and view.passed_out == ()
        assert view.legal_plays == frozenset() and view.legal_bids == ()
        assert not view.can_request_redeal


def test_the_public_view_keeps_every_public_fact() -> None:
    public_fields = {
        f.name
        for f in dataclasses.fields(public_view(GAMES[0]))
        if f.name
        not in {
            "hand",
            "passed_in",
            "passed_out",
            "legal_plays",
            "legal_bids",
            "can_request_redeal",
            "hand_hidden",
        }
    }
    for game in GAMES[::7]:
        for seat in range(game.player_count):
            mine, public = seat_view(game, seat), public_view(game, seat)
            for name in public_fields:
                assert getattr(public, name) == getattr(mine, name), name


def test_public_events_hide_every_pass() -> None:
    for game in GAMES:
        for event in public_events(game.events):
            if isinstance(event, CardsPassed):
                assert event.cards == ()
    assert any(isinstance(e, CardsPassed) and e.cards for g in GAMES for e in g.events)


def test_a_chair_outside_the_table_is_refused() -> None:
    game = GAMES[0]
    with pytest.raises(ValueError, match="no seat"):
        public_view(game, game.player_count)


def test_every_card_is_hidden_right_after_the_deal() -> None:
    rules = Rules.pagat()
    game = Game(rules)
    game.deal(shuffled_deal(rules, random.Random(5)))
    found: set[Card] = set()
    _cards_in(public_view(game), found)
    assert found == set()
    assert len(build_deck(rules)) == 52


@pytest.mark.parametrize(
    "game", GAMES[:: len(GAMES) // 20], ids=lambda g: f"{g.player_count}p"
)
def test_views_built_together_are_each_seats_view_alone(game: Game) -> None:
    n = game.player_count
    seats = list(range(n))[::-1]
    hidden = {seats[0]}
    together = seat_views(game, seats, hidden=hidden)
    assert together == [seat_view(game, s, hide_hand=s in hidden) for s in seats]
    # Each has its own hand and passes; the public part is one set of objects.
    assert [v.seat for v in together] == seats
    assert together[0].hand == () and together[1].hand == game.hand(seats[1])
    assert all(v.history is together[0].history for v in together)


BLIND_NIL_TURNS = [
    g
    for g in GAMES
    if g.phase is Phase.BIDDING
    and g.to_act is not None
    and g.is_blind_nil_eligible(g.to_act)
][:6]


@pytest.mark.parametrize("game", BLIND_NIL_TURNS, ids=lambda g: f"{g.player_count}p")
def test_a_seat_deciding_on_blind_nil_sees_no_card_among_views_built_together(
    game: Game,
) -> None:
    seat = game.to_act
    assert seat is not None
    views = seat_views(game, range(game.player_count), hidden={seat})
    mine = views[seat]
    assert mine.hand == () and mine.hand_hidden and not mine.legal_plays
    assert mine.legal_bids and all(b.blind for b in mine.legal_bids)
    # The others keep their own hands, and only the seat to act has bids.
    for view in views:
        if view.seat != seat:
            assert view.hand == game.hand(view.seat) and not view.hand_hidden
            assert view.legal_bids == ()
