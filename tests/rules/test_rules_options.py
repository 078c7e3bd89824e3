"""Rule options: presets, documented fields, and mixes that cannot be played."""

from __future__ import annotations

import ast
import dataclasses
import inspect
import itertools
from typing import Any

import pytest

from audiospades.rules import (
    BiddingStyle,
    BidOrder,
    NilTricks,
    Rules,
    RulesError,
    TieRule,
)
from audiospades.rules import options as options_module


def rules_field_docstrings() -> dict[str, str]:
    """Each ``Rules`` field's attribute docstring, read from the source."""
    tree = ast.parse(inspect.getsource(options_module))
    cls = next(
        n for n in tree.body if isinstance(n, ast.ClassDef) and n.name == "Rules"
    )
    docs: dict[str, str] = {}
    body = cls.body
    for node, after in itertools.pairwise(body):
        if (
            isinstance(node, ast.AnnAssign)
            and isinstance(node.target, ast.Name)
            and isinstance(after, ast.Expr)
            and isinstance(after.value, ast.Constant)
            and isinstance(after.value.value, str)
        ):
            docs[node.target.id] = after.value.value
    return docs


def test_every_rules_field_has_a_docstring() -> None:
    """STYLE.md rule 5: "Each Rules field has an attribute docstring"."""
    docs = rules_field_docstrings()
    names = [f.name for f in dataclasses.fields(Rules)]
    assert [n for n in names if n not in docs] == []


def test_contested_fields_cite_their_seed_documents() -> None:
    """STYLE.md rule 5: where the documents disagree, each reading is cited."""
    docs = rules_field_docstrings()
    for name in (
        "target_score",
        "hand_limit",
        "mercy_score",
        "tie_rule",
        "bag_penalty",
        "overtrick_points",
        "nil_tricks",
        "blind_nil_behind",
        "blind_nil_pass",
        "trump_mode",
        "bid_order",
        "misdeal_redeal",
        "no_hell",
        "exact_bid_bonus",
        "big_bid_from",
    ):
        assert "seed" in docs[name].lower(), name


def test_pagat_is_the_default() -> None:
    """Seed 000 is the reference: ``Rules()`` is pagat's game."""
    assert Rules() == Rules.pagat()
    rules = Rules.pagat()
    assert rules.target_score == 500
    assert rules.bag_penalty == 100 and rules.bags_per_penalty == 10
    assert rules.nil_value == 100 and rules.blind_nil_value == 200
    assert rules.blind_nil_behind == 100 and rules.blind_nil_pass == 2
    assert rules.bid_order is BidOrder.DEALERS_LEFT
    assert rules.nil_tricks is NilTricks.BAGS


def test_seed_001_preset_bids_from_the_dealers_right_and_keeps_draws() -> None:
    """Seed 001 "Bidding": "Starting with the player to the right of the dealer"."""
    rules = Rules.seed_001()
    assert rules.bid_order is BidOrder.DEALERS_RIGHT
    assert rules.nil_tricks is NilTricks.IGNORED
    assert rules.tie_rule is TieRule.DRAW


def test_open_spades_preset_has_mercy_and_misdeal() -> None:
    """Seed 002: "pushes the opposing team to a score of -200 or lower"; "Misdeal"."""
    rules = Rules.open_spades()
    assert rules.mercy_score == -200
    assert rules.misdeal_redeal
    assert rules.blind_nil_pass == 2


@pytest.mark.parametrize(
    ("players", "exact", "big_from"), [(3, 20, 10), (4, 20, 7), (5, 0, 6), (6, 0, 5)]
)
def test_seed_004_bonuses_depend_on_the_player_count(
    players: int, exact: int, big_from: int
) -> None:
    """Seed 004 "Bidding and winning exactly 1 or 2 tricks": "When playing with 3 or 4
    players ... 20 bonus points"; "Bonus for difficult contract": "beyond the tenth,
    the seventh, the sixth and the fifth respectively"."""
    rules = Rules.seed_004(players=players)
    assert rules.exact_bid_bonus == exact
    assert rules.big_bid_bonus == 10
    assert rules.big_bid_from == big_from
    assert not rules.blind_nil_allowed


@pytest.mark.parametrize("name", Rules.preset_names())
@pytest.mark.parametrize(
    ("players", "teams"),
    [(3, None), (4, None), (4, False), (5, None), (6, None), (6, False)],
)
def test_every_preset_is_valid_for_every_table(
    name: str, players: int, teams: bool | None
) -> None:
    """Seed 004: "can also be played with 3, 5 or 6 players individually"."""
    rules = Rules.from_preset(name, players=players, partnerships=teams)
    assert rules.player_count == players
    assert rules.partnerships == (players in (4, 6) if teams is None else teams)
    again = Rules.from_dict(
        rules.to_dict(), players=players, partnerships=rules.partnerships
    )
    assert again == rules


@pytest.mark.parametrize(("players", "hand_size"), [(3, 17), (4, 13), (5, 10), (6, 8)])
def test_hand_size_and_tricks_follow_the_player_count(
    players: int, hand_size: int
) -> None:
    """Seed 004: "everyone gets 17 cards ... 10 cards each ... 8 cards each"."""
    rules = Rules.pagat(players=players)
    assert rules.hand_size == rules.trick_count == hand_size


def test_six_players_make_three_partnerships() -> None:
    """Seed 004 offers 6 players; in partnerships they form three sides of two."""
    assert Rules.pagat(players=6).side_count == 3
    assert Rules.pagat(players=6, partnerships=False).side_count == 6
    assert Rules.pagat(players=5).side_count == 5


#: Impossible mixes and a word each error message must contain (the option's name).
IMPOSSIBLE: list[tuple[dict[str, Any], str]] = [
    ({"player_count": 5, "partnerships": True}, "partnerships"),
    ({"player_count": 3, "partnerships": True}, "partnerships"),
    ({"player_count": 2, "partnerships": False}, "player_count"),
    ({"player_count": 7, "partnerships": False}, "player_count"),
    ({"player_count": 5, "partnerships": False, "blind_nil_pass": 2}, "blind_nil_pass"),
    ({"partnerships": False, "blind_nil_pass": 1}, "blind_nil_pass"),
    ({"target_score": None, "hand_limit": None}, "hand_limit"),
    ({"target_score": 0}, "target_score"),
    ({"hand_limit": 0}, "hand_limit"),
    ({"mercy_score": 500}, "mercy_score"),
    ({"bags_per_penalty": 0}, "bags_per_penalty"),
    ({"bag_penalty": -100}, "bag_penalty"),
    ({"overtrick_points": 2}, "overtrick_points"),
    ({"blind_nil_pass": 3}, "blind_nil_pass"),
    ({"nil_allowed": False}, "nil_allowed"),  # blind nil is on by default
    ({"nil_value": -100}, "nil_value"),
    ({"blind_nil_behind": -1}, "blind_nil_behind"),
    (
        {"partnerships": False, "blind_nil_pass": 0, "bidding_style": "suicide"},
        "suicide",
    ),
    (
        {"nil_allowed": False, "blind_nil_allowed": False, "bidding_style": "suicide"},
        "nil_allowed",
    ),
    ({"bidding_style": "mirror", "minimum_side_bid": 4}, "minimum_side_bid"),
    ({"bidding_style": "whiz", "minimum_side_bid": 4}, "minimum_side_bid"),
    (
        {"nil_allowed": False, "blind_nil_allowed": False, "bidding_style": "mirror"},
        "nil_allowed",
    ),
    (
        {"nil_allowed": False, "blind_nil_allowed": False, "bidding_style": "whiz"},
        "nil_allowed",
    ),
    ({"minimum_side_bid": 14}, "minimum_side_bid"),
    ({"exact_bid_bonus": -20}, "bonus"),
    ({"big_bid_from": 0}, "big_bid_from"),
    ({"exact_bid_bonus_max": 0}, "exact_bid_bonus_max"),
]


@pytest.mark.parametrize(("options", "named"), IMPOSSIBLE)
def test_impossible_option_combinations_raise_rules_error(
    options: dict[str, Any], named: str
) -> None:
    """STYLE.md rule 4: "__post_init__ rejects impossible combinations", naming the
    options involved."""
    options = {
        k: BiddingStyle(v) if k == "bidding_style" else v for k, v in options.items()
    }
    with pytest.raises(RulesError) as caught:
        Rules(**options)
    assert any(named in problem for problem in caught.value.problems)
    assert isinstance(caught.value, ValueError)


def test_rules_error_lists_every_problem() -> None:
    """All the problems are named at once, not only the first."""
    with pytest.raises(RulesError) as caught:
        Rules(player_count=5, partnerships=True, overtrick_points=5)
    assert len(caught.value.problems) >= 2


@pytest.mark.parametrize("style", [BiddingStyle.MIRROR, BiddingStyle.WHIZ])
def test_mirror_and_whiz_need_double_nil_in_partnerships(style: BiddingStyle) -> None:
    """Mirror and whiz force a player without a spade to bid nil; if both partners
    hold none and double nil were barred, the second could make no bid at all
    (the property test ``test_every_bidding_turn_has_a_legal_bid`` found this)."""
    with pytest.raises(RulesError) as caught:
        Rules(bidding_style=style, double_nil_allowed=False)
    assert any("double_nil_allowed" in p for p in caught.value.problems)
    # Without partners there is no double nil to bar.
    Rules(
        bidding_style=style,
        double_nil_allowed=False,
        player_count=5,
        partnerships=False,
        blind_nil_pass=0,
    )


@pytest.mark.parametrize("double_nil", [True, False])
def test_suicide_conflicts_with_a_minimum_side_bid_above_four(double_nil: bool) -> None:
    """Seed 004 "Suicide": "a player must bid at least 4 tricks while the other must
    go nil". A first partner who bids 4 forces the second to bid nil, so a minimum
    side bid of 5 would leave the second no bid, whether or not double nil is
    allowed (the engine used to reject the mix only when double nil was barred)."""
    with pytest.raises(RulesError) as caught:
        Rules(
            bidding_style=BiddingStyle.SUICIDE,
            minimum_side_bid=5,
            double_nil_allowed=double_nil,
        )
    assert any("minimum_side_bid" in p for p in caught.value.problems)
    Rules(bidding_style=BiddingStyle.SUICIDE, minimum_side_bid=4)


def test_from_dict_rejects_unknown_options_and_bad_values() -> None:
    """The game record names options by field; anything else is refused."""
    with pytest.raises(RulesError):
        Rules.from_dict({"no_such_option": 1})
    with pytest.raises(RulesError):
        Rules.from_dict({"trump_mode": "pinochle"})
    with pytest.raises(RulesError):
        Rules.from_dict({"no_hell": "yes"})
    with pytest.raises(RulesError):
        Rules.from_preset("bridge")


def test_rules_error_keeps_its_problems_through_pickle() -> None:
    """A refusal can cross a process pool whole: kinds and option names too."""
    import pickle

    with pytest.raises(RulesError) as caught:
        Rules(player_count=5, partnerships=True, overtrick_points=5)
    again = pickle.loads(pickle.dumps(caught.value))
    assert again.details == caught.value.details
    assert again.problems == caught.value.problems
    assert again.options == caught.value.options
