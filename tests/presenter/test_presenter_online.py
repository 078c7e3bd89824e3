"""The words of online play: every seat is a chair to watch from, named by who
sits there, a free seat by its number alone; spectators coming and going are told;
a computer standing in says for whom, and leaves when a person takes its seat."""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import replace

import msgspec
import pytest

from audiospades import i18n
from audiospades.net.protocol import (
    PersonOnline,
    SeatChange,
    SeatInfo,
    SeatKind,
    TableInfo,
    TableState,
    Whereabouts,
    wire_default_parts,
    wire_default_table_name,
)
from audiospades.net.remote import NewsKind, OnlineNews
from audiospades.notices import DoneWhileAway, Notice
from audiospades.presenter.online import (
    away_text,
    default_table_name,
    done_while_away_text,
    is_default_table_name,
    lobby_changes,
    news_utterance,
    occupant_text,
    people_online_text,
    private_line_text,
    seat_change_text,
    seated_list,
    taken_over_text,
    waiting_room_intro,
    watch_from_seat_label,
    watching_text,
    where_things_stand,
)
from audiospades.presenter.scoring import last_hand_text, scores_text
from audiospades.presenter.words import the_card
from audiospades.rules import (
    Bid,
    BidMade,
    Card,
    CardPlayed,
    CardsPassed,
    Game,
    Phase,
    Rules,
    SeatView,
    seat_view,
    shuffled_deal,
)


@pytest.fixture(autouse=True)
def _english() -> Iterator[None]:
    i18n.set_language("en")
    yield
    i18n.set_language("en")


def _info() -> TableInfo:
    return TableInfo(
        id="t1",
        name="Friday",
        players=4,
        partnerships=True,
        target=500,
        hand_limit=None,
        preset="pagat",
        rules={"preset": "pagat"},
        private=False,
        state=TableState.PLAYING,
        host="p1",
        seats=[
            SeatInfo(seat=0, kind=SeatKind.HUMAN, name="Ann"),
            SeatInfo(seat=1, kind=SeatKind.COMPUTER, name="Milly", character="milly"),
            SeatInfo(seat=2, kind=SeatKind.HUMAN, name="Bob", connected=False),
            SeatInfo(seat=3, kind=SeatKind.EMPTY),
        ],
        free_seats=[3],
        spectators=0,
    )


def test_each_chair_to_watch_from_is_named_by_who_sits_there() -> None:
    info = _info()
    assert [watch_from_seat_label(seat, info) for seat in range(4)] == [
        "Watch from seat 1, Ann",
        "Watch from seat 2, Milly",
        "Watch from seat 3, Bob",
        "Watch from seat 4",
    ]


def test_the_players_hear_who_sits_down_to_watch_and_who_stops() -> None:
    """The QA tester's Dan watched unannounced, then chatted "dan: hi" to players
    who did not know he was listening."""
    came = OnlineNews(NewsKind.SEAT, change=SeatChange.WATCHING, name="dan")
    went = OnlineNews(NewsKind.SEAT, change=SeatChange.STOPPED_WATCHING, name="dan")
    assert seat_change_text(came, own_seat=0) == "dan is watching."
    assert seat_change_text(went, own_seat=0) == "dan stopped watching."
    said = news_utterance(came, "ws://x", 0)
    assert said is not None and said.text == "dan is watching."


def test_a_spectator_sitting_down_is_one_sentence_in_every_case() -> None:
    """QA: "Cid stopped watching." then "Cid sits in seat 3.": the first alone
    sounded as if Cid had left. Version 14 tells it in one change."""
    info = _info()
    sat = OnlineNews(
        NewsKind.SEAT,
        change=SeatChange.JOINED,
        real_seat=3,
        name="Cid",
        watched_as="Cid",
        table=info,
    )
    assert seat_change_text(sat, own_seat=0) == (
        "Cid stops watching and sits in seat 4."
    )
    assert seat_change_text(sat, own_seat=1) == (
        "Cid stops watching and sits in seat 4, as your partner."
    )
    hazel = replace(sat, previous="Hazel", previous_is_computer=True)
    assert seat_change_text(hazel, own_seat=0) == (
        "Cid stops watching and sits in seat 4; Hazel leaves."
    )
    # Watched as "Ann 2" (another Ann connected), "Ann" at the table.
    renamed = replace(sat, name="Ann", watched_as="Ann 2")
    assert seat_change_text(renamed, own_seat=0) == (
        "Ann 2 stops watching and sits in seat 4 as Ann."
    )


def test_a_person_taking_a_computers_seat_is_heard_to_send_it_away() -> None:
    """Cat left, Hazel played her seat, cat sat down again: the others heard only
    "cat sits in seat 2.", as if she were new and the computer still there."""
    back = OnlineNews(
        NewsKind.SEAT,
        change=SeatChange.RETURNED,
        real_seat=1,
        name="cat",
        previous="Hazel",
        previous_is_computer=True,
    )
    assert seat_change_text(back, own_seat=0) == "cat is back in seat 2; Hazel leaves."
    newcomer = replace(back, change=SeatChange.JOINED, name="dan")
    assert seat_change_text(newcomer, own_seat=0) == (
        "dan sits in seat 2; Hazel leaves."
    )
    # Back on a new connection after a takeover: the seat was still the person's.
    reconnected = replace(back, previous="cat", previous_is_computer=False)
    assert seat_change_text(reconnected, own_seat=0) == "cat is back and plays again."
    # A free seat taken before the game: no one leaves it.
    sits = replace(newcomer, previous="", previous_is_computer=False)
    assert seat_change_text(sits, own_seat=0) == "dan sits in seat 2."


def test_a_stand_in_says_whose_seat_it_plays() -> None:
    stand_in = SeatInfo(
        seat=0,
        kind=SeatKind.COMPUTER,
        name="Hazel",
        character="hazel",
        stand_in=True,
        stands_in_for="ann",
    )
    assert occupant_text(stand_in) == "Hazel, a computer standing in for ann"
    assert seated_list(["Hazel, a computer standing in for ann", "cat", "bob"]) == (
        "Hazel, a computer standing in for ann; cat; bob"
    )
    assert seated_list(["cat"]) == "cat"
    assert seated_list([]) == ""


# --- a table named in a sentence ------------------------------------------------------


def _view_of_a_new_game() -> SeatView:
    """Seat 0's view of a game whose first hand is dealt (no one has bid)."""
    import random

    rules = Rules.pagat()
    game = Game(rules, first_dealer=0)
    game.deal(shuffled_deal(rules, random.Random(1)))
    return seat_view(game, 0)


@pytest.mark.parametrize(
    ("name", "back"),
    [
        ("Ann's table", "Back at Ann's table."),
        ("Friday", "Back at table Friday."),
        ("3", "Back at table 3."),
    ],
)
def test_back_at_a_table_says_table_once(name: str, back: str) -> None:
    """A table's default name says "table" itself ("Ann's table"): "Back at table
    Ann's table." said it twice. A name of the host's own, or a number, follows
    the word."""
    text = where_things_stand(
        _view_of_a_new_game(),
        ["Ann", "Bob", "Cid", "Dee"],
        restated=True,
        table_name=name,
    )
    assert text.startswith(back + " Hand 1.")


def test_a_default_name_is_known_whoever_the_host_and_whatever_the_language() -> None:
    """The lobby's own default name (:func:`default_table_name`), in English or in
    the language of the one who reads it, is the name that says "table"."""
    assert is_default_table_name(default_table_name("Zoë"))
    assert not is_default_table_name("Table for four")
    i18n.set_language("de")
    assert is_default_table_name(default_table_name("Ann"))  # "Tisch von Ann"
    assert is_default_table_name("Ann's table")  # a host who plays in English
    assert not is_default_table_name("Freitag")


def test_sitting_and_watching_name_a_default_table_once() -> None:
    """The waiting room's and the spectator's words name the table as the return
    does: "at Ann's table", "at table Friday"."""
    info = msgspec.structs.replace(_info(), name="Ann's table")
    assert waiting_room_intro(info, 1, False, None).startswith(
        "You sit in seat 2 at Ann's table."
    )
    assert waiting_room_intro(info, None, False, None).startswith(
        "You are watching Ann's table."
    )
    assert (
        watching_text(info, 0) == "You are watching Ann's table from the chair of Ann."
    )
    assert watching_text(info, 3) == "You are watching Ann's table from seat 4."
    assert watching_text(_info(), 3) == "You are watching table Friday from seat 4."


NAMES = ["Ann", "Bob", "Cid", "Dee"]


def _played(*cards: str) -> list[CardPlayed]:
    return [CardPlayed(0, Card.parse(c), i) for i, c in enumerate(cards)]


def test_back_after_a_stand_in_hears_what_it_did_before_the_hand() -> None:
    """Back in a seat a computer player stood in for, "You bid 3" alone would not
    say whose bid it was: what it did for the player comes first, right after
    "Back at the table."."""
    done = (BidMade(0, Bid(3)), *_played("KH", "4C"))
    text = where_things_stand(
        _view_of_a_new_game(), NAMES, restated=True, away=DoneWhileAway(done=done)
    )
    assert text.startswith(
        "Back at the table. While you were away, a computer player played for you."
        " It bid 3. It played the king of hearts and the 4 of clubs. Hand 1."
    ), text


def test_back_one_hears_who_is_away_each_to_be_back_later() -> None:
    """QA: after a server restart the first one back heard "Bob is back." of each
    later one, never told Bob was gone. Each person away is said, as their seat
    is listed, before the hand: "Bob is away." (then "Bob is back."), "A computer
    player plays for Cid." (then "Cid is back and plays again."); not the
    listener, and never a computer player of the table's own."""
    seats = [
        SeatInfo(seat=0, kind=SeatKind.HUMAN, name="Ann", connected=False),
        SeatInfo(seat=1, kind=SeatKind.HUMAN, name="Bob", connected=False),
        SeatInfo(seat=2, kind=SeatKind.HUMAN, name="Cid", stand_in=True),
        SeatInfo(seat=3, kind=SeatKind.HUMAN, name="Dee", connected=False),
        SeatInfo(
            seat=4,
            kind=SeatKind.COMPUTER,
            name="Hazel",
            character="hazel",
            stand_in=True,
        ),
        SeatInfo(
            seat=5, kind=SeatKind.HUMAN, name="Eve", connected=False, stand_in=True
        ),
    ]
    assert away_text(seats, 0) == (
        "Bob and Dee are away. Computer players play for Cid and Eve."
    )
    assert away_text(seats[:3], None) == (
        "Ann and Bob are away. A computer player plays for Cid."
    )
    assert away_text(seats[:2], 0) == "Bob is away."
    assert away_text(seats[4:5], 0) == ""
    text = where_things_stand(
        _view_of_a_new_game(), NAMES, restated=True, people_away="Bob is away."
    )
    assert text.startswith("Back at the table. Bob is away. Hand 1."), text


def test_back_while_a_computer_still_plays_for_one_it_is_said_last() -> None:
    """Back (a server restart) while a computer still plays one's seat, one
    having been away at one's turn: how to take it back is said last, and not
    "Your turn", when the turn is the computer's."""
    import random

    game = Game(Rules.pagat(), first_dealer=3)
    game.deal(shuffled_deal(game.rules, random.Random(1)))
    view = seat_view(game, 0)
    assert view.to_act == 0
    text = where_things_stand(view, NAMES, restated=False, played_for=True)
    assert text.endswith(
        "The table waited too long for you: a computer player now plays for you."
        " Press any key at the table to play again."
    ), text
    assert "Your turn" not in text
    assert "Your turn to bid." in where_things_stand(view, NAMES, restated=False)


def test_back_while_a_computer_plays_ones_turn_the_summary_names_it() -> None:
    """Back while a computer plays one's seat at its turn: whose turn it is is
    said as T says it at that moment, "To bid: Hazel, for you.", before the
    scores and how to take the seat back. Before, the summary left it out.
    Without a name for the computer (one this game does not know), no turn is
    said rather than "Your turn"."""
    import random

    game = Game(Rules.pagat(), first_dealer=3)
    game.deal(shuffled_deal(game.rules, random.Random(1)))
    view = seat_view(game, 0)
    assert view.to_act == 0
    text = where_things_stand(
        view, NAMES, restated=False, played_for=True, stand_in="Hazel"
    )
    before, turn, after = text.partition(" To bid: Hazel, for you. ")
    assert turn, text
    assert before.startswith("Back at the table. Hand 1. "), text
    assert after.startswith(scores_text(view, NAMES)), text
    assert after.endswith(taken_over_text()), text
    assert "Your turn" not in text
    # Sat down again with a computer still in the seat (no "taken over" said).
    seated = where_things_stand(view, NAMES, restated=False, stand_in="Hazel")
    assert " To bid: Hazel, for you. " in seated, seated
    assert "Your turn" not in seated
    unnamed = where_things_stand(view, NAMES, restated=False, played_for=True)
    assert "To bid" not in unnamed and "Your turn" not in unnamed


def test_many_cards_played_for_one_away_are_counted_and_the_last_three_named() -> None:
    """Not every card of a long absence: how many, and the last three."""
    done = tuple(_played("KH", "4C", "2D", "AS", "9H"))
    assert done_while_away_text(DoneWhileAway(done=done), NAMES) == (
        "While you were away, a computer player played for you. It played 5 cards;"
        " the last three were the 2 of diamonds, the ace of spades and the 9 of"
        " hearts."
    )


def test_hands_scored_a_pass_and_a_blind_nil_made_for_one_away() -> None:
    """Hands scored meanwhile are counted; the cards it passed are the player's
    own, named with the partner they went to."""
    done = (
        BidMade(0, Bid.blind_nil()),
        CardsPassed(0, 2, (Card.parse("9C"), Card.parse("JC"))),
    )
    assert done_while_away_text(DoneWhileAway(2, done), NAMES) == (
        "While you were away, a computer player played for you. 2 hands were"
        " scored meanwhile. It bid blind nil. It passed the 9 of clubs and the jack"
        " of clubs to Cid."
    )
    one = done_while_away_text(DoneWhileAway(hands=1), NAMES)
    assert one.endswith(" 1 hand was scored meanwhile.")


def test_nothing_done_while_away_adds_no_words() -> None:
    """Back with nothing done for the player: the summary as before."""
    assert done_while_away_text(DoneWhileAway(), NAMES) == ""
    view = _view_of_a_new_game()
    plain = where_things_stand(view, NAMES, restated=True)
    nothing = DoneWhileAway(name="Hazel")
    assert where_things_stand(view, NAMES, restated=True, away=nothing) == plain
    assert plain.startswith("Back at the table. Hand 1.")


def test_the_stand_in_is_named_when_the_server_says_who_it_was() -> None:
    """Back after Hazel stood in: "Hazel, a computer player, played for you", as
    the table says "Milly, a computer player, sits in seat 3." Before, it was
    always "a computer player", with the server knowing which."""
    away = DoneWhileAway(done=(BidMade(0, Bid(4)),), name="Hazel")
    assert done_while_away_text(away, NAMES) == (
        "While you were away, Hazel, a computer player, played for you. It bid 4."
    )


def test_a_redeal_the_stand_in_asked_for_is_told() -> None:
    """A stand-in that threw in the player's hand (the redeal rule) says so: no
    bid or card shows it, and the hand the player finds is another one."""
    once = DoneWhileAway(done=(BidMade(0, Bid(2)),), name="Hazel", redeals=1)
    assert done_while_away_text(once, NAMES) == (
        "While you were away, Hazel, a computer player, played for you. It threw"
        " in your hand once; the cards were dealt again. It bid 2."
    )
    twice = DoneWhileAway(redeals=2)
    assert done_while_away_text(twice, NAMES) == (
        "While you were away, a computer player played for you. It threw in your"
        " hand 2 times; the cards were dealt again."
    )


def test_the_lobby_tells_a_table_filling_up_and_its_game_starting() -> None:
    """Sitting in the lobby, one hears a table's last seat taken and its game
    begun, as one hears tables open and close; not each seat that fills, nor a
    game's end. Before, only opening and closing were told."""
    waiting = msgspec.structs.replace(
        _info(), state=TableState.WAITING, free_seats=[2, 3]
    )
    one_seat = msgspec.structs.replace(waiting, free_seats=[3])
    full = msgspec.structs.replace(waiting, free_seats=[])
    playing = msgspec.structs.replace(full, state=TableState.PLAYING)
    assert lobby_changes([waiting], [one_seat]) == []
    assert lobby_changes([one_seat], [full]) == ["Friday is full."]
    assert lobby_changes([full], [playing]) == ["Friday has started playing."]
    assert lobby_changes([one_seat], [playing]) == ["Friday has started playing."]
    over = msgspec.structs.replace(playing, state=TableState.FINISHED)
    assert lobby_changes([playing], [over]) == []
    assert lobby_changes([over], [playing]) == ["Friday has started playing."]
    assert lobby_changes([], [waiting]) == ["New table: Friday."]
    assert lobby_changes([waiting], []) == ["Friday has closed."]


def test_who_is_online_words_each_place_and_the_rest_counted() -> None:
    def person(name: str, place: Whereabouts, **more: object) -> PersonOnline:
        return PersonOnline(name=name, player=name, place=place, **more)  # type: ignore[arg-type]

    people = [
        person("Ann 2", Whereabouts.LOBBY),
        person("Bo", Whereabouts.WATCHING, table="Friday"),
        person("Cy", Whereabouts.WATCHING, private=True),
        person("Di", Whereabouts.PLAYING, table="Friday"),
        person("Ed", Whereabouts.PLAYING, private=True),
        person("Flo", Whereabouts.WAITING, table="Ann's table"),
        person("Gus", Whereabouts.WAITING, private=True),
    ]
    assert people_online_text(people, more=3) == (
        "10 other people online: Ann 2, in the lobby; Bo, watching table Friday; "
        "Cy, watching at a private table; Di, playing at table Friday; Ed, playing "
        "at a private table; Flo, waiting at Ann's table; Gus, waiting at a "
        "private table; and 3 more."
    )
    assert (
        people_online_text(people[:1]) == "1 other person online: Ann 2, in the lobby."
    )
    assert people_online_text([]) == "No one else is online."
    i18n.set_language("fr")
    assert people_online_text(people[:2]) == (
        "2 autres personnes en ligne\xa0: Ann 2, au salon\xa0; Bo, regarde la table "
        "Friday."
    )
    news = OnlineNews(NewsKind.PEOPLE, people=tuple(people[:1]))
    said = news_utterance(news, "", None)
    assert said is not None
    assert said.text == "1 autre personne en ligne\xa0: Ann 2, au salon."


def test_a_private_line_is_worded_as_to_you_or_from_you() -> None:
    to_me = OnlineNews(NewsKind.CHAT, sender="Ann", text="hi", scope="private")
    mine = replace(to_me, is_own=True, name="Bob 2")
    assert private_line_text(to_me) == "Ann, to you: hi"
    assert private_line_text(mine) == "You, to Bob 2: hi"
    said = news_utterance(to_me, "", None)
    assert said is not None and said.text == "Ann, to you: hi"
    i18n.set_language("de")
    assert private_line_text(mine) == "Du an Bob 2: hi"


@pytest.mark.parametrize("lang", ["en", "fr", "de", "es", "it", "pt"])
def test_a_default_table_name_sent_in_english_is_heard_in_each_language(
    lang: str,
) -> None:
    """The default name is listed in English ("Ann's table"); each player hears
    it in their own language, numbered if it is, in every sentence that names
    it. Before, it was made in the host's language and heard so by everyone
    ("Vous occupez la place 2 de la Ann's table."). A name the host typed is said
    as typed."""
    from audiospades.presenter.online import (
        heard_table_name,
        person_online_text,
        seated_text,
        table_line,
    )

    sent = wire_default_table_name("Ann")
    assert sent == "Ann's table"
    with i18n.speaking(lang):
        own = default_table_name("Ann")
        assert heard_table_name(sent, default=True) == own
        assert heard_table_name(f"{sent} 2", default=True) == f"{own} 2"
        assert heard_table_name("Friday", default=False) == "Friday"
        info = msgspec.structs.replace(
            _info(), name=sent, state=TableState.WAITING, default_name=True
        )
        assert table_line(info).startswith(own)
        assert own in seated_text(info, 1)
        assert is_default_table_name(heard_table_name(sent, default=True))
        playing = PersonOnline(
            name="Bob",
            player="p2",
            place=Whereabouts.PLAYING,
            table=sent,
            default_name=True,
        )
        for sentence in (
            table_line(info),
            seated_text(info, 1),
            waiting_room_intro(info, 1, False, None),
            " ".join(lobby_changes([], [info])),
            person_online_text(playing),
            watching_text(info, 0),
        ):
            assert own in sentence, sentence
            if lang != "en":
                assert sent not in sentence, sentence


@pytest.mark.parametrize("lang", ["en", "fr", "de", "es", "it", "pt"])
@pytest.mark.parametrize("typed", ["Bob's table", "Ann's table", "Ann's table 2"])
def test_a_typed_name_of_the_defaults_shape_is_heard_as_typed(
    lang: str, typed: str
) -> None:
    """QA: a name the host typed that looked like a default ("Bob's table", typed
    by Ann, or her own "Ann's table" typed in English by a host playing in
    French) was taken for one: said "Table de Bob" in French, as if Bob's. Only
    a table made with no name given (its listing's ``default_name``) is said in
    each listener's language; a typed one, in every sentence, as typed."""
    from audiospades.presenter.online import (
        person_online_text,
        seated_text,
        table_line,
    )

    info = msgspec.structs.replace(_info(), name=typed, state=TableState.WAITING)
    playing = PersonOnline(
        name="Cid", player="p3", place=Whereabouts.PLAYING, table=typed
    )
    with i18n.speaking(lang):
        parts = wire_default_parts(typed)
        assert parts is not None
        translated = default_table_name(parts[0])  # "Table de Bob"
        for sentence in (
            table_line(info),
            seated_text(info, 1),
            waiting_room_intro(info, 1, False, None),
            " ".join(lobby_changes([], [info])),
            person_online_text(playing),
            watching_text(info, 0),
        ):
            assert typed in sentence, sentence
            if lang != "en":
                assert translated not in sentence, sentence


def test_who_is_online_says_table_before_a_name_that_does_not_say_it() -> None:
    """ "Bob, playing at table Friday", not "at Friday" (read as a place); a
    default name says "table" itself: "Bob, playing at Ann's table" (review)."""
    from audiospades.presenter.online import person_online_text

    def at(table: str) -> str:
        person = PersonOnline(
            name="Bob", player="p2", place=Whereabouts.PLAYING, table=table
        )
        return person_online_text(person)

    assert at("Friday") == "Bob, playing at table Friday"
    assert at("Ann's table") == "Bob, playing at Ann's table"
    assert at("Ann's table 2") == "Bob, playing at Ann's table 2"


def _a_game_one_hand_in(*, dealt: bool = True) -> Game:
    """A game of two hands, its first hand scored; the second dealt, or not yet
    (``dealt``: between hands)."""
    import random

    rules = replace(Rules.pagat(), hand_limit=2)
    game = Game(rules, first_dealer=0)
    rng = random.Random(5)
    game.deal(shuffled_deal(rules, rng))
    while game.phase is not Phase.DEALING:
        seat = game.to_act
        assert seat is not None
        if game.phase is Phase.BIDDING:
            game.bid(seat, Bid(3))
        else:
            game.play(seat, sorted(game.legal_plays(seat), key=str)[0])
    if dealt:
        game.deal(shuffled_deal(rules, rng))
    return game


def test_back_as_a_hand_begins_hears_the_hand_just_scored() -> None:
    """QA: the link dropped with the hand's last card, and back at the next hand
    the player never heard how the hand went. Back before a bid of the new hand,
    the hand just scored is told first (P's words); later in the hand it is not."""
    game = _a_game_one_hand_in()
    view = seat_view(game, 0)
    text = where_things_stand(view, NAMES, restated=True)
    last = last_hand_text(view, NAMES)
    assert last.startswith("Hand 1. ")
    assert text.startswith(f"Back at the table. {last} Hand 2. "), text
    # Sitting down to watch (not returning), or once bidding has begun: not told.
    assert last not in where_things_stand(view, NAMES, restated=True, returning=False)
    seat = game.to_act
    assert seat is not None
    game.bid(seat, Bid(3))
    later = where_things_stand(seat_view(game, 0), NAMES, restated=True)
    assert "Hand 1. " not in later


def test_a_move_made_for_one_away_names_the_computer_that_made_it() -> None:
    """QA: while Hazel stood in, "You bid 6." and "You play the ace of diamonds."
    were taken for the player's own by one back at the keys."""
    from audiospades.presenter import describe

    view = _view_of_a_new_game()

    def said(notice: Notice) -> str:
        return describe(notice, view, NAMES, stand_in="Hazel")[0].text

    assert said(BidMade(0, Bid(6))) == "Hazel bids 6 for you."
    assert said(_played("AD")[0]) == "Hazel plays the ace of diamonds for you."
    passed = CardsPassed(0, 2, (Card.parse("JS"), Card.parse("TS")))
    assert said(passed) == (
        "Hazel passes the jack of spades and the 10 of spades to Cid for you."
    )
    # Another seat's move: the usual words.
    assert said(BidMade(1, Bid(6))) == "Bob bids 6."
    assert said(CardsPassed(2, 0, passed.cards)) == (
        "Cid passes you the jack of spades and the 10 of spades."
    )


def test_back_between_hands_hears_the_hand_scored_and_the_deal_once() -> None:
    """QA: back while the next hand was being dealt (a server restarted at a
    hand's end): "Hand 2. The next hand is being dealt. Last trick: ... The next
    hand is being dealt.", and not how the hand went. Now the hand just scored,
    then the deal, once."""
    view = seat_view(_a_game_one_hand_in(dealt=False), 0)
    text = where_things_stand(view, NAMES, restated=False)
    last = last_hand_text(view, NAMES)
    assert text.startswith(f"Back at the table. {last} The next hand is being dealt.")
    assert text.count("The next hand is being dealt.") == 1
    assert "Hand 2." not in text and "Last trick" not in text


def test_back_while_passing_hears_which_cards_the_partner_passed() -> None:
    """Back at the table after the partner's blind nil pass (the link dropped as
    "Cid passes you ..." was said): the hand read out names the two cards, as R
    does, before the player chooses two to pass back."""
    import random

    rules = Rules.from_dict({"preset": "pagat", "blind_nil_behind": 0})
    game = Game(rules, first_dealer=0)
    game.deal(shuffled_deal(rules, random.Random(3)))
    while game.phase is Phase.BIDDING:
        seat = game.to_act
        assert seat is not None
        game.bid(seat, Bid.blind_nil() if seat == 2 else Bid(3))
    game.pass_cards(2, game.hand(2)[:2])
    view = seat_view(game, 0)
    text = where_things_stand(view, NAMES, restated=True)
    cards = " and ".join(
        the_card(c) for c in sorted(view.passed_in, key=lambda c: -int(c.rank))
    )
    assert f"Spades: ace. From Cid: {cards}. " in text, text


def test_a_game_not_dealt_yet_is_told_as_starting() -> None:
    """QA: someone who came to watch in the moment between the game's start and
    its first deal heard "Hand 1. The next hand is being dealt." and the scores,
    all 0, and never that the game starts. Now its start and who plays, as those
    at the table heard them (the deal is told next); "The next hand is being
    dealt." is only said between hands."""
    view = seat_view(Game(Rules.pagat(), first_dealer=0), 0)
    watching = where_things_stand(
        view, NAMES, restated=False, returning=False, seated=False
    )
    assert watching == (
        "The game starts. New game: Ann, Bob, Cid and Dee, in playing order; "
        "Ann and Cid play against Bob and Dee."
    )
    seated = where_things_stand(view, NAMES, restated=False, returning=False)
    assert seated == (
        "The game starts. New game with Bob, Cid and Dee, in playing order. "
        "Cid is your partner."
    )
    back = where_things_stand(view, NAMES, restated=False)
    assert back == f"Back at the table. {seated}"


def test_back_as_a_game_starts_while_a_computer_plays_for_one_it_is_said_last() -> None:
    """Away at the last game's end, one is still played for in the next (until a
    key): back between its start and its first deal, the start, who plays, and
    how to take the seat back, which was left out."""
    view = seat_view(Game(Rules.pagat(), first_dealer=0), 0)
    text = where_things_stand(view, NAMES, restated=False, played_for=True)
    assert text == (
        "Back at the table. The game starts. New game with Bob, Cid and Dee, in "
        "playing order. Cid is your partner. The table waited too long for you: a "
        "computer player now plays for you. Press any key at the table to play "
        "again."
    )


def _thrown_in_game(hands_before: int) -> tuple[Game, int]:
    """A game (misdeal rule, seed 002) whose hand ``hands_before + 1`` was just
    thrown in, and the seat that threw it in."""
    import random

    rules = replace(Rules.open_spades(), hand_limit=hands_before + 1)
    rng = random.Random(5)
    game = Game(rules, first_dealer=0)
    while True:
        game.deal(shuffled_deal(rules, rng))
        asking = [s for s in range(4) if game.can_request_redeal(s)]
        if asking and game.hands_played == hands_before:
            game.request_redeal(asking[0])
            return game, asking[0]
        while game.phase is not Phase.DEALING:
            seat = game.to_act
            assert seat is not None
            if game.phase is Phase.BIDDING:
                game.bid(seat, max(game.legal_bids(seat), key=lambda b: b.tricks))
            elif game.phase is Phase.PASSING:
                game.pass_cards(seat, game.hand(seat)[: rules.blind_nil_pass])
            else:
                game.play(seat, min(game.legal_plays(seat)))


def test_a_hand_thrown_in_is_told_as_dealt_again_not_as_the_next_hand() -> None:
    """QA: back at the table (or come to watch) while hand 1, thrown in, was dealt
    again: "Hand 1.", the cards thrown in, "The next hand is being dealt.". Now
    the hand and the words said at the redeal, "The cards are dealt again.", and
    no card of a hand that is no one's now."""
    game, _seat = _thrown_in_game(0)
    view = seat_view(game, 0)
    scores = scores_text(view, NAMES)
    back = where_things_stand(view, NAMES, restated=False)
    assert back == f"Back at the table. Hand 1. The cards are dealt again. {scores}"
    watching = where_things_stand(
        seat_view(game, 1), NAMES, restated=False, returning=False, seated=False
    )
    assert watching.startswith("Hand 1. The cards are dealt again. ")


def test_a_later_hand_thrown_in_is_told_after_the_hand_scored() -> None:
    """Hand 2 thrown in: back, the hand just scored (as a hand begins), then
    "Hand 2. The cards are dealt again.", never "The next hand is being dealt."."""
    game, _seat = _thrown_in_game(1)
    view = seat_view(game, 0)
    text = where_things_stand(view, NAMES, restated=False)
    last = last_hand_text(view, NAMES)
    assert text.startswith(
        f"Back at the table. {last} Hand 2. The cards are dealt again. "
    ), text
    assert "The next hand is being dealt." not in text
    assert "Your cards" not in text


_AGREEING: dict[str, str] = {
    # Words that agree with a player's gender, each language's own.
    "fr": r"\b(absente?s?|(est|sont) partie?s?|passée?s?|assise?s?)\b",
    "es": r"\b(compañer[oa]s?|sentad[oa]s?)\b",
    "it": r"\b(compagn[oa]|andat[oaie]|spostat[oa]|sedut[oaie])\b",
    "pt": r"\b(parceir[oa]s?|sentad[oa]s?)\b",
    "de": r"\b(Partner|Partnerin)\b",
}

_ABOUT_A_PLAYER: tuple[str | tuple[str, str], ...] = (
    ("{names} is away", "{names} are away"),
    ("{names} is away.", "{names} are away."),
    (
        "Start another game at this table? {names} left, so a seat is free: "
        "{yes} takes you to the waiting room to fill it, {no} stays.",
        "Start another game at this table? {names} left, so {count} seats are "
        "free: {yes} takes you to the waiting room to fill them, {no} stays.",
    ),
    "Sit in seat {number}, partner of {name}",
    "Your partner is {partner}.",
    "{name} sits in seat {number} and is your partner.",
    "{name} moved to seat {number} and is now your partner.",
    "You moved to seat {number}.",
    "You moved to seat {number}; your partner is {partner}.",
    "{seat}: {player}, partner of seat {number}.",
    "{seat}: {player}, partner of {partner}.",
    "seated: {names}",
    "With {name} as partner:",
    "{name} stops watching and sits in seat {number}, as your partner.",
)


@pytest.mark.parametrize("lang", sorted(_AGREEING))
def test_sentences_about_a_player_need_no_gender_in_any_language(lang: str) -> None:
    """QA: French said "Ann est absent", masculine for everyone; Spanish "tu
    compañero es Ann", Italian "il tuo compagno", Portuguese "seu parceiro" and
    German "dein Partner" likewise. Each is now said in a way that is right for
    any player ("Ann n'est pas là", "juegas en pareja con Ann")."""
    import re

    from audiospades.i18n import _ as gettext
    from audiospades.i18n import ngettext

    agreeing = re.compile(_AGREEING[lang])
    with i18n.speaking(lang):
        for message in _ABOUT_A_PLAYER:
            if isinstance(message, tuple):
                said = [ngettext(*message, count) for count in (1, 2)]
            else:
                said = [gettext(message)]
            for text in said:
                assert text != message or lang == "en", (lang, message)
                assert not agreeing.search(text), (lang, text)


def test_french_says_who_is_away_without_gender() -> None:
    seats = [
        SeatInfo(seat=0, kind=SeatKind.HUMAN, name="Ann"),
        SeatInfo(seat=1, kind=SeatKind.HUMAN, name="Bob", connected=False),
        SeatInfo(seat=2, kind=SeatKind.HUMAN, name="Cat", connected=False),
    ]
    with i18n.speaking("fr"):
        assert away_text(seats[:2], 0) == "Bob n'est pas là."
        assert away_text(seats, 0) == "Bob et Cat ne sont pas là."
