"""The search's race: the clearly worse candidates are dropped, close ones kept."""

from __future__ import annotations

import random

from audiospades.bots.search import RACE_FROM, Race


def _run(race: Race[str], values: dict[str, list[float]], deals: int) -> None:
    for i in range(deals):
        race.add([values[c][i] for c in race.live])


def test_a_candidate_far_behind_on_the_same_deals_is_dropped_at_first_look() -> None:
    rng = random.Random(1)
    luck = [rng.gauss(0, 60) for _ in range(40)]  # The deal's luck, shared by both.
    values = {
        "good": [x + 30 for x in luck],
        "bad": [x - 30 + rng.gauss(0, 5) for x in luck],
    }
    race = Race(["good", "bad"], preferred="bad")
    _run(race, values, RACE_FROM)
    assert race.live == ["good"] and race.decided
    assert race.choice(0.5) == "good"


def test_equal_candidates_seldom_end_the_race_early() -> None:
    # Looking every few deals raises the chance of a false drop above one look's
    # 1.2%; between equal candidates a drop costs nothing, but it should stay rare.
    rng = random.Random(5)
    ended = 0
    for _ in range(300):
        values = {c: [rng.gauss(0, 50) for _ in range(40)] for c in ("a", "b")}
        race = Race(["a", "b"], preferred="b")
        for i in range(40):
            race.add([values[c][i] for c in race.live])
            if race.decided:
                break
        ended += race.decided
    assert ended < 0.12 * 300


def test_a_candidate_identical_to_the_leader_is_dropped_unless_preferred() -> None:
    same = [float(v) for v in range(RACE_FROM)]
    race = Race(["x", "y", "z"], preferred="z")
    _run(race, {"x": same, "y": same, "z": same}, RACE_FROM)
    assert "z" in race.live
    assert race.choice(0.5) == "z"  # Ties go to the preferred candidate.


def test_the_preferred_candidate_keeps_the_choice_unless_clearly_beaten() -> None:
    race = Race(["mine", "other"], preferred="mine")
    race.add([10.0, 10.3])
    assert race.choice(0.5) == "mine"  # 0.3 points a deal is within the margin.
    race.add([10.0, 12.0])
    assert race.choice(0.5) == "other"  # Now 1.15 points a deal ahead.
