"""Grammar where card and player names meet the translated words (issue 12, item 16).

The play-test heard French "Jouez le valet de trèfle : elle remporte le pli" (the
jack is masculine), "Le nil aveugle de Omar" (elision: d'Omar), Portuguese "Você e
Omar: apostou 3" (plural) and Italian "Vince: Tu". Each language is checked here
with names that start with a vowel and with a consonant, and with you.
"""

from __future__ import annotations

import dataclasses
import re
from collections.abc import Callable, Iterator
from pathlib import Path

import pytest
from babel.messages.pofile import read_po

from audiospades import i18n
from audiospades.app.harness import Harness
from audiospades.bots import Hint, HintKind, HintReason
from audiospades.presenter import Utterance
from audiospades.presenter.events import describe
from audiospades.presenter.scoring import hand_summary_lines
from audiospades.presenter.system import _REASONS, hint_text
from audiospades.presenter.table import last_trick_text
from audiospades.presenter.words import the_card
from audiospades.rules import Bid, Card, Game, Rules, score_hand, seat_view
from audiospades.rules.events import BiddingComplete
from audiospades.storage import Settings

LANGUAGES = ("fr", "es", "de", "pt", "it")
LOCALE = Path(__file__).resolve().parents[2] / "locale"

#: Seat 0 is you; Omar (a vowel) is on your left, Bert your partner, Ana on your right.
NAMES = ("South", "Omar", "Bert", "Ana")


@pytest.fixture
def speak() -> Iterator[Callable[[str], None]]:
    yield i18n.set_language
    i18n.set_language("en")


def _view(players: int = 4, partnerships: bool = True) -> object:
    rules = Rules.pagat(players=players, partnerships=partnerships)
    return seat_view(Game(rules, first_dealer=players - 1), 0)


# --- French elision ------------------------------------------------------------


@pytest.mark.parametrize(
    ("bids", "expected"),
    [
        (
            [Bid(4), Bid.blind_nil(), Bid(4), Bid(4)],
            "Le nil aveugle d'Omar a chuté",
        ),
        ([Bid(4), Bid(4), Bid(4), Bid.nil()], "Le nil d'Ana a chuté"),
        ([Bid(4), Bid(4), Bid.nil(), Bid(4)], "Le nil de Bert a chuté"),
    ],
)
def test_french_elides_de_before_a_name_that_starts_with_a_vowel(
    speak: Callable[[str], None], bids: list[Bid], expected: str
) -> None:
    rules = Rules.pagat()
    tricks = [4, 1, 4, 4] if bids[1].is_nil else [4, 4, 1, 4]
    if bids[3].is_nil:
        tricks = [4, 4, 4, 1]
    score = score_hand(rules, bids, tricks, [0, 0], [0, 0])
    speak("fr")
    lines = hand_summary_lines(score, _view(), NAMES)  # type: ignore[arg-type]
    said = " ".join(Utterance(line).text for line in lines)  # as it is spoken
    assert expected in said
    assert "de Omar" not in said and "de Ana" not in said


def test_french_elision_reaches_every_utterance(speak: Callable[[str], None]) -> None:
    speak("fr")
    label = i18n._("Sit in seat {number}, partner of {name}").format(
        number=2, name="Omar"
    )
    assert label.endswith("partenaire de Omar")  # the catalogue cannot know
    assert Utterance(label).text.endswith("partenaire d'Omar")
    table = i18n._("{name}'s table").format(name="Ève")
    assert Utterance(table).text == "Table d'Ève"


def test_french_default_table_name_is_elided_where_it_is_shown(
    speak: Callable[[str], None],
) -> None:
    """A new table's name, "Table de Ann", was spoken "Table d'Ann" but shown
    and offered to edit as "Table de Ann" (the waiting room's heading, the
    create screen's name), where no sentence's polish reaches it."""
    from audiospades.presenter.online import (
        default_table_name,
        heard_table_name,
        is_default_table_name,
    )

    speak("fr")
    assert default_table_name("Ann") == "Table d'Ann"
    assert default_table_name("Bert") == "Table de Bert"
    assert heard_table_name("Ann's table 2", default=True) == "Table d'Ann 2"
    # Still a default name, which stands alone in a sentence ("Retour à ...").
    assert is_default_table_name("Table d'Ann 2")
    assert is_default_table_name("Table de Bert")
    assert not is_default_table_name("Vendredi")


# --- card gender ---------------------------------------------------------------

#: Pronouns that agree with a gender: a reason must not use one for "the card",
#: whose name may be masculine or feminine (German "es ist" is impersonal).
_PRONOUNS = {
    "fr": re.compile(r"^(il|elle) "),
    "de": re.compile(r"^(er|sie|es (?!ist)) ?"),
    "pt": re.compile(r"^(ele|ela) "),
    "es": re.compile(r"^(él|ella) "),
    "it": re.compile(r"^(esso|essa|lui|lei) "),
}


@pytest.mark.parametrize("lang", LANGUAGES)
def test_no_hint_reason_uses_a_gendered_pronoun_for_the_card(
    speak: Callable[[str], None], lang: str
) -> None:
    speak(lang)
    for reason in _REASONS:
        text = i18n._(_REASONS[reason])
        assert not _PRONOUNS[lang].match(text), (reason, text)


@pytest.mark.parametrize(
    ("lang", "expected"),
    [
        ("fr", "Jouez le valet de trèfle : cette carte remporte le pli."),
        ("de", "Kreuz Bube spielen: diese Karte gewinnt den Stich."),
        ("pt", "Jogue o valete de paus: esta carta ganha a vaza."),
        ("es", "Juega la jota de tréboles: gana la baza."),
        ("it", "Gioca il fante di fiori: vince la presa."),
    ],
)
def test_the_hint_for_a_masculine_card_reads_right(
    speak: Callable[[str], None], lang: str, expected: str
) -> None:
    found = Hint(HintKind.PLAY, card=Card.parse("JC"), reason=HintReason.WINS_TRICK)
    speak(lang)
    assert hint_text(found).replace("\xa0", " ") == expected


@pytest.mark.parametrize("lang", ["fr", "es", "pt", "it"])
def test_a_chosen_card_agrees_with_any_rank(
    speak: Callable[[str], None], lang: str
) -> None:
    """ "{card}, chosen to pass": "roi de cœur, choisie" put a feminine on a king."""
    from audiospades.presenter.table import focus_text

    speak(lang)
    view = _view()
    for card in ("KH", "QH"):
        text = focus_text(Card.parse(card), view, (), False, True)  # type: ignore[arg-type]
        assert not re.search(r"(choisie|elegida|escolhida|scelta)\b", text), text


# --- subjects: you, you and your partner, one or two others ----------------------


@pytest.mark.parametrize(
    ("lang", "ours", "theirs"),
    [
        ("en", "You and Bert bid 6.", "Omar and Ana bid 7."),
        ("fr", "Vous et Bert avez annoncé 6.", "Omar et Ana ont annoncé 7."),
        ("es", "Tú y Bert apostasteis 6.", "Omar y Ana apostaron 7."),
        ("de", "Du und Bert habt 6 angesagt.", "Omar und Ana haben 7 angesagt."),
        ("pt", "Você e Bert apostaram 6.", "Omar e Ana apostaram 7."),
        ("it", "Tu e Bert avete dichiarato 6.", "Omar e Ana hanno dichiarato 7."),
    ],
)
def test_a_partnerships_bid_takes_a_plural_verb(
    speak: Callable[[str], None], lang: str, ours: str, theirs: str
) -> None:
    speak(lang)
    bids = BiddingComplete((Bid(3), Bid(4), Bid(3), Bid(3)))
    text = describe(bids, _view(), NAMES)[0].text  # type: ignore[arg-type]
    assert ours in text
    assert theirs in text


@pytest.mark.parametrize(
    ("lang", "you", "omar"),
    [
        ("en", "You bid 3.", "Omar bid 4."),
        ("pt", "Você apostou 3.", "Omar apostou 4."),
        ("fr", "Vous avez annoncé 3.", "Omar a annoncé 4."),
        ("it", "Hai dichiarato 3.", "Omar ha dichiarato 4."),
    ],
)
def test_each_for_themselves_takes_a_singular_verb(
    speak: Callable[[str], None], lang: str, you: str, omar: str
) -> None:
    speak(lang)
    bids = BiddingComplete((Bid(3), Bid(4), Bid(5)))
    names = ("South", "Omar", "Ana")
    text = describe(bids, _view(3, False), names)[0].text  # type: ignore[arg-type]
    assert you in text
    assert omar in text


@pytest.mark.parametrize(
    ("lang", "expected"),
    [
        ("en", "You and Bert bid 6 and took 6 tricks."),
        ("fr", "Vous et Bert avez annoncé 6 et fait 6 plis."),
        ("pt", "Você e Bert apostaram 6 e fizeram 6 vazas."),
        ("de", "Du und Bert habt 6 angesagt und 6 Stiche gemacht."),
        ("it", "Tu e Bert avete dichiarato 6 e fatto 6 prese."),
        ("es", "Tú y Bert apostasteis 6 y ganasteis 6 bazas."),
    ],
)
def test_the_hand_summary_conjugates_for_you_and_your_partner(
    speak: Callable[[str], None], lang: str, expected: str
) -> None:
    rules = Rules.pagat()
    score = score_hand(
        rules, [Bid(3), Bid(4), Bid(3), Bid(3)], [3, 4, 3, 3], [0, 0], [0, 0]
    )
    speak(lang)
    said = " ".join(hand_summary_lines(score, _view(), NAMES))  # type: ignore[arg-type]
    assert expected in said


# --- the human as the winner of a trick -------------------------------------------


@pytest.mark.parametrize(
    ("lang", "ending"),
    [
        ("en", "You won it."),
        ("it", "L'hai vinta tu."),
        ("fr", "Vous l'avez remporté."),
        ("es", "La has ganado tú."),
        ("de", "Du hast ihn gewonnen."),
        ("pt", "Você ganhou."),
    ],
)
def test_a_trick_you_won_is_said_in_the_second_person(
    speak: Callable[[str], None], lang: str, ending: str
) -> None:
    rules = dataclasses.replace(Rules.pagat(), spades_must_break=False)
    game = Game(rules, first_dealer=3)
    from audiospades.rules import parse_cards

    hands = [parse_cards(" ".join(f"{r}{s}" for r in "AKQJT98765432")) for s in "SHDC"]
    game.deal(tuple(tuple(h) for h in hands))
    for seat in range(4):
        game.bid(seat, Bid(3))
    for card in ("AS", "AH", "AD", "AC"):
        seat = game.to_act
        assert seat is not None
        game.play(seat, Card.parse(card))
    speak(lang)
    text = last_trick_text(seat_view(game, 0), NAMES)
    assert text.endswith(ending), text
    assert "Tu." not in text and "Vous." not in text


# --- every catalogue ---------------------------------------------------------------


@pytest.mark.parametrize("lang", ["fr", "es", "pt", "it"])
def test_no_catalogue_puts_a_card_with_its_article_after_a_preposition(
    lang: str,
) -> None:
    """ "de {card}" would say "de le valet" (du valet), "di il fante" (del fante):
    a card with its article may only follow a verb, or "con"/"com"/"avec"."""
    with open(LOCALE / lang / "LC_MESSAGES" / "audiospades.po", "rb") as handle:
        catalog = read_po(handle)
    bad = re.compile(r"\b(de|di|à|a|em|da|del|al|su|in|par|por|per)\s+\{cards?\}")
    for message in catalog:
        strings = (
            message.string if isinstance(message.string, tuple) else (message.string,)
        )
        for text in strings:
            assert not bad.search(text or ""), (message.id, text)


def test_the_card_with_article_is_whole_in_every_language(
    speak: Callable[[str], None],
) -> None:
    expected = {
        "fr": ("le valet de trèfle", "la dame de cœur", "l'as de pique"),
        "es": ("la jota de tréboles", "la reina de corazones", "el as de picas"),
        "pt": ("o valete de paus", "a dama de copas", "o ás de espadas"),
        "it": ("il fante di fiori", "la donna di cuori", "l'asso di picche"),
        "de": ("Kreuz Bube", "Herz Dame", "Pik Ass"),
    }
    for lang, names in expected.items():
        speak(lang)
        said = tuple(the_card(Card.parse(c)) for c in ("JC", "QH", "AS"))
        assert said == names, lang


# --- key-driven ------------------------------------------------------------------


def test_portuguese_bidding_summary_says_you_and_your_partner_bid_in_the_plural(
    make_harness: Callable[..., Harness],
) -> None:
    settings = Settings(
        language="pt",
        pace="fast",
        last_rules={"preset": "pagat", "target_score": None, "hand_limit": 1},
    )
    h = make_harness(seed=7, settings=settings)
    h.press("return")
    for _ in range(5):
        if h.table.control.key_contexts()[0].value == "bidding":
            break
        h.press("n")
    h.press("3", "return")
    h.settle()
    summary = next(line for line in h.transcript if "Você e " in line)
    assert re.search(r"Você e \w+ apostaram \d+\.", summary), summary
    assert "apostou" not in summary.split("Você e ")[1].split(".")[0]


def test_spanish_trick_count_agrees_with_one_trick(
    speak: Callable[[str], None],
) -> None:
    """ "ganadas 1 baza" put a plural participle on one trick."""
    from audiospades.presenter.table import trick_info_text

    rules = Rules.pagat()
    game = Game(rules, first_dealer=3)
    import random

    from audiospades.rules import shuffled_deal

    game.deal(shuffled_deal(rules, random.Random(1)))
    for seat in range(4):
        game.bid(seat, Bid(3))
    speak("es")
    text = trick_info_text(seat_view(game, 0), NAMES)
    assert "ganadas" not in text
    assert "Apostaste 3 y llevas 0 bazas." in text
    assert "Omar apostó 3 y lleva 0 bazas." in text


@pytest.mark.parametrize("lang", LANGUAGES)
def test_sentences_about_a_person_do_not_assume_their_gender(
    speak: Callable[[str], None], lang: str
) -> None:
    """A player's name says nothing of their gender: "Ana è tornato", "Estás
    sentado" and "Ana es ahora el anfitrión" assumed a man."""
    gendered = re.compile(
        r"\b(tornato|seduto|sentado|assis|anfitrión|anfitrião|organizzatore|"
        r"Gastgeber|absent)\b"
    )
    speak(lang)
    for message in (
        "{name} is back.",
        "{name} is back and plays again.",
        "{name} is now the host.",
        "You sit in seat {number} at table {name}.",
        "{name}, away",
        # Said to you, whoever you are: "Ahora eres el anfitrión" assumed a man.
        "You are now the host.",
        "You are now the host: put computer players in free seats, then start "
        "the game.",
        "You are the host: put computer players in free seats, then start the game.",
    ):
        text = i18n._(message).format(name="Ana", number=2)
        assert not gendered.search(text), text


@pytest.mark.parametrize("lang", LANGUAGES)
def test_tags_on_a_players_label_do_not_assume_their_gender(
    speak: Callable[[str], None], lang: str
) -> None:
    """The picture's tags on a player's label: French "absent" and "parti",
    Italian "uscito", and the partner's "compañero", "compagno", "parceiro" and
    "Partner" assumed a man."""
    gendered = re.compile(
        r"\b(absente?|partie?|uscit[oa]|compañer[oa]|compagn[oa]|parceir[oa]|"
        r"Partner(in)?)\b"
    )
    speak(lang)
    for tag in ("partner", "away", "left", "computer plays"):
        text = i18n.pgettext("table tag", tag)
        assert text != tag, (lang, tag)
        assert not gendered.search(text), (lang, text)
