"""The game's client tries again soon enough after a lost link to be back well
before the server's default takeover hands its seat to a computer stand-in."""

from __future__ import annotations

from audiospades.net.client import BACKOFF_SECONDS, JITTER, reconnect_delay
from audiospades.net.server import ServerConfig


def test_pauses_grow_then_stop_at_five_seconds() -> None:
    pauses = [reconnect_delay(failures, draw=lambda: 0.0) for failures in range(12)]
    assert pauses[:5] == [0.5, 1.0, 2.0, 4.0, 5.0]
    assert pauses[5:] == [5.0] * 7


def test_a_player_whose_server_restarted_tries_many_times_within_the_takeover() -> None:
    takeover = ServerConfig().takeover_seconds
    waited, tries = 0.0, 0
    while True:
        waited += reconnect_delay(tries, draw=lambda: 0.0)
        if waited > takeover:
            break
        tries += 1
    assert max(BACKOFF_SECONDS) <= takeover / 6
    assert tries >= 8  # back within 5 seconds of the server's return


def test_each_pause_is_shortened_at_random_never_lengthened() -> None:
    for failures in range(8):
        longest = reconnect_delay(failures, draw=lambda: 0.0)
        shortest = reconnect_delay(failures, draw=lambda: 1.0)
        assert shortest == longest * (1.0 - JITTER)
        assert shortest < reconnect_delay(failures, draw=lambda: 0.5) < longest


def test_a_connection_s_own_pauses_are_followed_and_stay_at_their_last() -> None:
    assert reconnect_delay(0, (0.1,), draw=lambda: 0.0) == 0.1
    assert reconnect_delay(9, (0.1, 2.0), draw=lambda: 0.0) == 2.0
