"""The words of online play: every refusal, seat change and link state has its own
sentence, tables fit in one line, and typed characters are named."""

from __future__ import annotations

from collections.abc import Callable

import pytest
from msgspec.structs import replace

from audiospades import i18n, storage
from audiospades.app.harness import Harness
from audiospades.net.client import FailReason, LinkState
from audiospades.net.protocol import (
    ErrorCode,
    SeatChange,
    SeatInfo,
    SeatKind,
    TableInfo,
    TableState,
)
from audiospades.net.remote import NewsKind, OnlineNews
from audiospades.presenter.online import (
    char_text,
    chat_text,
    link_text,
    news_utterance,
    refused_text,
    seat_change_text,
    table_line,
)
from audiospades.sound import Cue


def _info(**changes: object) -> TableInfo:
    seats = [
        SeatInfo(seat=0, kind=SeatKind.HUMAN, name="Ann"),
        SeatInfo(seat=1, kind=SeatKind.COMPUTER, name="Milly", character="milly"),
        SeatInfo(seat=2, kind=SeatKind.HUMAN, name="Bob", connected=False),
        SeatInfo(seat=3, kind=SeatKind.EMPTY),
    ]
    fields: dict[str, object] = {
        "id": "t1",
        "name": "Evening game",
        "players": 4,
        "partnerships": True,
        "target": 500,
        "hand_limit": None,
        "preset": "pagat",
        "rules": {"preset": "pagat"},
        "private": False,
        "state": TableState.WAITING,
        "host": "p1",
        "seats": seats,
        "free_seats": [3],
        "spectators": 0,
    }
    fields.update(changes)
    return TableInfo(**fields)  # type: ignore[arg-type]


def test_every_server_refusal_has_a_sentence_of_its_own() -> None:
    sentences = [refused_text(code) for code in ErrorCode]
    assert refused_text(None) not in sentences
    assert len(set(sentences)) == len(sentences)
    assert all(s.endswith(".") and "_" not in s for s in sentences)


@pytest.mark.parametrize("change", list(SeatChange))
def test_every_seat_change_is_said(change: SeatChange) -> None:
    news = OnlineNews(
        NewsKind.SEAT, change=change, real_seat=2, name="Bob", previous="Bob"
    )
    text = seat_change_text(news, own_seat=0)
    assert text.endswith(".")
    if change is not SeatChange.GAME_STARTED:
        assert "Bob" in text


def test_seat_changes_name_the_right_person_and_seat() -> None:
    left = OnlineNews(
        NewsKind.SEAT, change=SeatChange.LEFT, real_seat=2, name="Hazel", previous="Bob"
    )
    # In a game under way a computer player takes the seat: introduced.
    assert seat_change_text(left, 0) == (
        "Bob left the table; Hazel, a computer player, plays in their place."
    )
    # Once the game is over, the computer only sits there (for a next game).
    assert seat_change_text(left, 0, game_over=True) == (
        "Bob left the table; Hazel, a computer player, takes the seat."
    )
    gone = OnlineNews(
        NewsKind.SEAT, change=SeatChange.LEFT, real_seat=2, previous="Bob"
    )
    assert seat_change_text(gone, 0) == "Bob left the table."
    removed = OnlineNews(NewsKind.SEAT, change=SeatChange.BOT_REMOVED, real_seat=1)
    assert seat_change_text(removed, 0) == "The computer player leaves seat 2."
    host = OnlineNews(
        NewsKind.SEAT, change=SeatChange.HOST_CHANGED, real_seat=0, name="Ann"
    )
    assert seat_change_text(host, 0) == "You are now the host."
    assert seat_change_text(host, 1) == "Ann is now the host."


@pytest.mark.parametrize("change", list(SeatChange))
def test_people_coming_and_going_at_a_game_are_not_what_a_repeats(
    change: SeatChange,
) -> None:
    """At a game's table, "Bob is back.", "Bob is watching." and the like leave A
    on the line before (the player's turn); the game starting or a new host is a
    line like any."""
    news = OnlineNews(NewsKind.SEAT, change=change, real_seat=2, name="Bob")
    address = "ws://127.0.0.1:8475"
    at_game = news_utterance(news, address, 0, in_game=True)
    elsewhere = news_utterance(news, address, 0)
    assert at_game is not None and elsewhere is not None
    assert elsewhere.remember
    comings_and_goings = {
        SeatChange.JOINED,
        SeatChange.LEFT,
        SeatChange.DISCONNECTED,
        SeatChange.RECONNECTED,
        SeatChange.TAKEN_OVER,
        SeatChange.RETURNED,
        SeatChange.WATCHING,
        SeatChange.STOPPED_WATCHING,
    }
    assert at_game.remember is (change not in comings_and_goings)


def test_the_link_is_said_in_the_issues_words() -> None:
    address = "ws://127.0.0.1:8475"
    assert link_text(LinkState.LOST, address) == "Connection lost, reconnecting."
    assert link_text(LinkState.RECONNECTED, address) == "Reconnected."
    assert link_text(LinkState.CONNECTED, address) == f"Connected to {address}."
    assert link_text(LinkState.FAILED, address, "Connection refused.") == (
        f"Could not connect to {address}: Connection refused."
    )
    assert link_text(LinkState.FAILED, address, FailReason.SECURE_FAILED) == (
        f"Could not connect to {address}: "
        "the secure connection (wss) could not be set up."
    )
    assert link_text(LinkState.CLOSED, address) == "Disconnected from the server."
    lost = news_utterance(OnlineNews(NewsKind.LINK, link=LinkState.LOST), address, 0)
    assert lost is not None and lost.interrupt


def test_a_table_is_one_line() -> None:
    """Who is seated comes last, parted by semicolons: the commas within a seat's
    words ("Milly, computer") never run into the next name."""
    assert table_line(_info()) == (
        "Evening game, 4 players in partnerships, to 500 points, pagat's rules, "
        "1 seat free, seated: Ann; Milly, computer; Bob, away"
    )
    playing = _info(
        players=3,
        partnerships=False,
        target=None,
        hand_limit=8,
        preset="custom",
        state=TableState.PLAYING,
        seats=[
            SeatInfo(seat=0, kind=SeatKind.HUMAN, name="Ann"),
            SeatInfo(
                seat=1,
                kind=SeatKind.COMPUTER,
                name="Hazel",  # Bob left for good: Hazel plays until someone sits
                character="hazel",
                stand_in=True,
                stands_in_for="Bob",
            ),
            SeatInfo(seat=2, kind=SeatKind.HUMAN, name="Cid"),
        ],
        free_seats=[1],
    )
    # The QA tester heard "seated: Hazel, computer, standing in, cat, bob ...":
    # standing in for whom? Now the stand-in says whose seat it plays.
    assert table_line(playing) == (
        "Evening game, 3 players, each for themselves, 8 hands, custom rules, "
        "game under way, 1 seat free, "
        "seated: Ann; Hazel, a computer standing in for Bob; Cid"
    )
    # From a version 2 server (no stands_in_for), as before, in the new order.
    older = replace(playing.seats[1], stands_in_for=None)
    assert table_line(replace(playing, seats=[playing.seats[0], older])) == (
        "Evening game, 3 players, each for themselves, 8 hands, custom rules, "
        "game under way, 1 seat free, seated: Ann; Hazel, computer, standing in"
    )


def test_chat_comes_with_its_cue_and_the_senders_name() -> None:
    news = OnlineNews(NewsKind.CHAT, sender="Dee", text="hi all")
    said = news_utterance(news, "ws://x", 0)
    assert said is not None
    assert (said.text, said.cue) == ("Dee: hi all", Cue.CHAT)
    try:
        i18n.set_language("fr")
        assert chat_text("Dee", "salut") == "Dee\xa0: salut"
        assert refused_text(ErrorCode.SEAT_TAKEN) == "Cette place est prise."
    finally:
        i18n.set_language("en")


def test_typed_characters_are_named() -> None:
    assert [char_text(c) for c in "aA .:/'é"] == [
        "a",
        "capital A",
        "space",
        "dot",
        "colon",
        "slash",
        "apostrophe",
        "é",
    ]


def test_characters_heard_as_nothing_are_named() -> None:
    """QA: Backspace over a pasted no-break space or right-to-left mark said the
    character itself, which a speech engine reads as silence."""
    assert [char_text(c) for c in "\u00a0\t\u200f\u200b"] == [
        "special space",
        "special space",
        "invisible character",
        "invisible character",
    ]


def test_chat_speech_is_an_option(make_harness: Callable[..., Harness]) -> None:
    h = make_harness()
    h.press("o", "return", "s", "s")
    assert h.last == "Speak chat from other players, on, 7 of 15"
    h.press("right")
    assert h.last == "Speak chat from other players, off, 7 of 15"
    saved, _ = storage.load_settings()
    assert saved.chat_speech is False


def test_the_default_address_is_where_audiospades_serve_listens() -> None:
    from audiospades.app.online import DEFAULT_PORT, normalize_address
    from audiospades.net.server import DEFAULT_PORT as SERVER_PORT
    from audiospades.storage import Settings

    assert DEFAULT_PORT == SERVER_PORT
    assert Settings().server_address == f"ws://127.0.0.1:{SERVER_PORT}"
    assert normalize_address("127.0.0.1") == Settings().server_address
