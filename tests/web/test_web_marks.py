"""The marks the game's picture draws, on the browser page: cards passed to you
tagged "new" until the first trick is complete, cards chosen to pass raised and
ringed, the first card of a trick tagged "led", your partner's seat tagged
"partner", and with three partnerships each other side lettered on its seats and
in the header.

Before: the page drew none of them (a chosen card had only a green border, no
higher than the focus), though the pygame table draws them all but "led".
Screenshots of the pass and of a six-player table are saved in out/web/.
"""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any

import pytest
from test_web_browser import (
    _by_id,
    host_short_table,
    open_page,
    press,
    screenshot,
)
from test_web_keys import at_a_blind_nil_question
from web_helpers import (
    chromium,
    heard,
    running_server,
    skip_without_browser,
    wait_for,
)

pytestmark = pytest.mark.browser

_HAND = """
return [...document.querySelectorAll('#hand button')].map((b) => {
  const tag = b.querySelector('.tag');
  const shift = new DOMMatrixReadOnly(getComputedStyle(b).transform).m42;
  return {id: b.id, pressed: b.getAttribute('aria-pressed'),
    chosen: b.classList.contains('chosen'), focus: b.classList.contains('focus'),
    shift, ring: getComputedStyle(b.querySelector('.card')).boxShadow,
    tag: tag ? tag.textContent : null,
    described: b.getAttribute('aria-describedby')};
});
"""
"""Each card of the hand: its id, aria-pressed, whether chosen or the keys' focus,
how far it is raised (px, negative is up), the ring on its face, its tag, and the
id its description comes from."""

_PLACES = """
return [...document.querySelectorAll('#places .place')].map((p) => {
  const card = p.querySelector('.card');
  const tag = card && card.querySelector('.tag');
  return {seat: Number(p.dataset.seat), who: p.querySelector('.who').textContent,
    marks: [...p.querySelectorAll('.mark')].map((m) => m.textContent),
    card: card ? card.getAttribute('aria-label') : null,
    tag: tag ? tag.textContent : null,
    described: card ? card.getAttribute('aria-describedby') : null};
});
"""
"""Each place on the picture: seat, label, tags, its card's name and the card's
tag."""

_OVERLAPS = """
const cards = [...document.querySelectorAll('#hand .card')];
const rects = cards.map((c) => c.getBoundingClientRect());
const found = [];
rects.forEach((a, i) => rects.forEach((b, j) => {
  if (i < j && a.left < b.right - 0.5 && b.left < a.right - 0.5
      && a.top < b.bottom - 0.5 && b.top < a.bottom - 0.5) {
    found.push(['cards', cards[i].parentElement.id, cards[j].parentElement.id]);
  }
}));
for (const tag of document.querySelectorAll('#hand .tag, #places .tag')) {
  const t = tag.getBoundingClientRect();
  const parent = tag.parentElement;
  const face = parent.matches('.card') ? parent : parent.querySelector('.card');
  const c = face.getBoundingClientRect();
  if (t.left < c.left || t.right > c.right || t.top < c.top || t.bottom > c.bottom) {
    found.push(['tag outside its card', tag.id]);
  }
}
const heading = document.getElementById('hand-heading').getBoundingClientRect();
rects.forEach((r, i) => {
  if (r.top < heading.bottom - 0.5) found.push(['heading', cards[i].parentElement.id]);
});
return found;
"""
"""Whatever hides part of a card of the hand: two cards of the hand overlapping
(a raised one over the row above), a tag spilling out of its card, a card raised
into the hand's heading."""


def _hand(driver: Any) -> list[dict[str, Any]]:
    return list(driver.execute_script(_HAND))


def _places(driver: Any) -> list[dict[str, Any]]:
    return list(driver.execute_script(_PLACES))


def _description(driver: Any, selector: str) -> str:
    """The accessible description Chromium computes for the element ``selector``
    (as a screen reader reads it after the name)."""
    root = driver.execute_cdp_cmd("DOM.getDocument", {})["root"]["nodeId"]
    node = driver.execute_cdp_cmd(
        "DOM.querySelector", {"nodeId": root, "selector": selector}
    )["nodeId"]
    tree = driver.execute_cdp_cmd(
        "Accessibility.getPartialAXTree", {"nodeId": node, "fetchRelatives": False}
    )
    for ax in tree["nodes"]:
        if ax.get("description"):
            return str(ax["description"]["value"])
    return ""


def _nothing_hides_a_card(driver: Any, what: str) -> None:
    """At 100% and at 200% (the page's largest text: half the CSS width, doubled
    pixels), no mark and no raised card hides any part of a card of the hand."""
    assert driver.execute_script(_OVERLAPS) == [], what
    size = driver.get_window_size()
    driver.execute_cdp_cmd(
        "Emulation.setDeviceMetricsOverride",
        {
            "width": size["width"] // 2,
            "height": size["height"] // 2,
            "deviceScaleFactor": 2,
            "mobile": False,
        },
    )
    try:
        assert driver.execute_script(_OVERLAPS) == [], f"{what} at 200%"
    finally:
        driver.execute_cdp_cmd("Emulation.clearDeviceMetricsOverride", {})


_PLAY = re.compile(r"(You play|\w+ plays) the .+\.$")
"""A play announced: "Milly plays the 4 of hearts.", "You play the ace of spades."."""


def _my_turn_to_play(driver: Any) -> bool:
    """My place is framed as to act, and the hand has cards to play."""
    return bool(
        driver.execute_script(
            "return !!document.querySelector('#places .place[data-seat=\"0\"].turn')"
            " && !!document.querySelector('#hand button:not(.dim)')"
        )
    )


def _emulate(driver: Any, features: list[dict[str, str]]) -> None:
    """The system's media features for the page (none: back to the real ones)."""
    driver.execute_cdp_cmd("Emulation.setEmulatedMedia", {"features": features})


def _tricks_taken(driver: Any) -> int:
    return sum(
        int(n) for p in _places(driver) for n in re.findall(r"took (\d+)", p["who"])
    )


def test_passed_cards_are_tagged_new_and_chosen_ones_raised_and_ringed(
    tmp_path: Path,
) -> None:
    """Bid blind nil, choose two cards to pass, get two back, play the first trick.

    A chosen card is pressed, raised higher than the focus and ringed; the two
    cards passed to you are tagged "new" (said as each card's description) until
    the first trick is complete; that trick's first card is tagged "led".
    """
    skip_without_browser()
    from selenium.webdriver.common.keys import Keys

    with at_a_blind_nil_question(tmp_path) as driver:
        # The partner's seat is tagged on the picture (across, seat 2).
        partner = [pl for pl in _places(driver) if "partner" in pl["marks"]]
        assert [pl["seat"] for pl in partner] == [2], _places(driver)
        press(driver, "y")

        def offered() -> bool:
            hand = _hand(driver)
            return bool(hand) and all(c["pressed"] == "false" for c in hand)

        wait_for(offered, what="the cards to pass")
        # Choose the focused card, then move the keys' focus off it.
        press(driver, Keys.ENTER)
        wait_for(
            lambda: [c["pressed"] for c in _hand(driver)].count("true") == 1,
            what="a card chosen",
        )
        press(driver, Keys.ARROW_RIGHT)
        wait_for(
            lambda: any(c["focus"] and not c["chosen"] for c in _hand(driver)),
            what="the focus on the next card",
        )
        cards = _hand(driver)
        chosen = next(c for c in cards if c["chosen"])
        focus = next(c for c in cards if c["focus"])
        # Raised, higher than the focus is; ringed; said to be pressed.
        assert chosen["pressed"] == "true", chosen
        assert chosen["shift"] < focus["shift"] < 0, (chosen, focus)
        assert "inset" in chosen["ring"], chosen
        assert focus["ring"] == "none", focus
        _nothing_hides_a_card(driver, "a card chosen to pass")
        screenshot(driver, "pass-chosen")
        # Windows' high contrast drops shadows: the ring is then an outline.
        _emulate(driver, [{"name": "forced-colors", "value": "active"}])
        try:
            outline = driver.execute_script(
                "return getComputedStyle(document.querySelector("
                "'#hand button.chosen .card')).outlineStyle"
            )
            assert outline == "solid", outline
            screenshot(driver, "pass-chosen-forced")
        finally:
            _emulate(driver, [])
        press(driver, Keys.ENTER)  # the second card: the two are passed

        def new_cards() -> list[dict[str, Any]]:
            return [c for c in _hand(driver) if c["tag"] == "new"]

        received = wait_for(
            lambda: len(new_cards()) == 2 and new_cards(), what="two cards back"
        )
        # Each is described as new (the partner may pass back one you passed).
        for card in received:
            assert card["described"], card
            assert _description(driver, f"#{card['id']}") == "new", card
        assert all(c["tag"] is None for c in _hand(driver) if c not in received)
        _nothing_hides_a_card(driver, "the cards passed to you")
        screenshot(driver, "pass-received")
        screenshot(driver, "pass-received", doubled=True)
        _emulate(driver, [{"name": "prefers-color-scheme", "value": "dark"}])
        try:
            screenshot(driver, "pass-received-dark")
        finally:
            _emulate(driver, [])
        # Play the card the table offers at each turn. At a turn with cards on
        # the table, the first of them (by the plays announced) is tagged
        # "led"; the "new" tags stay until the first trick is complete.
        checked_led = False
        while not checked_led or not _tricks_taken(driver):
            wait_for(lambda: _my_turn_to_play(driver), what="my turn to play")
            places = _places(driver)
            on_table = [pl for pl in places if pl["card"]]
            led = [pl for pl in places if pl["tag"] == "led"]
            if on_table:
                assert len(led) == 1, places
                plays = [t for _k, t in heard(driver) if _PLAY.match(t)]
                first = plays[-len(on_table)]
                name = led[0]["card"].removesuffix(", won the trick")
                assert first.endswith(f" the {name}."), (plays[-4:], led)
                selector = f'#places .place[data-seat="{led[0]["seat"]}"] .card'
                assert _description(driver, selector) == "led", led
                if not checked_led:
                    screenshot(driver, "trick-led")
                checked_led = True
            else:
                assert led == [], places
            assert len(new_cards()) == (0 if _tricks_taken(driver) else 2)
            before = len(_hand(driver))
            press(driver, "\ue004", "\ue007")  # Tab, Enter: play it
            wait_for(
                lambda before=before: len(_hand(driver)) < before,
                what="my card played",
            )
        wait_for(lambda: not new_cards(), what="the new tags gone")


def test_a_six_player_table_letters_the_other_sides(tmp_path: Path) -> None:
    """Six players in three partnerships: your partner's seat is tagged "partner",
    each other side's two seats "side A" or "side B", and the header's scores
    carry the same letters; a computer player's seat is tagged "computer" too."""
    skip_without_browser()
    from selenium.webdriver.support.select import Select

    with running_server(tmp_path / "server.db") as url, chromium() as driver:
        open_page(driver, url, "Robin")
        Select(_by_id(driver, "players")).select_by_value("6-partners")
        host_short_table(driver, "Six", bots=5)
        wait_for(lambda: len(_places(driver)) == 6, what="six places")
        places = {pl["seat"]: pl for pl in _places(driver)}
        sides = {
            seat: [m for m in pl["marks"] if m != "dealer"]
            for seat, pl in places.items()
        }
        # Partners sit across: seat 3 from your chair; the sides alternate.
        # (The five others are computer players, and tagged so.)
        assert sides == {
            0: [],
            1: ["side A", "computer"],
            2: ["side B", "computer"],
            3: ["partner", "computer"],
            4: ["side A", "computer"],
            5: ["side B", "computer"],
        }, places
        assert sum(pl["marks"].count("dealer") for pl in places.values()) == 1
        header = [
            li.text for li in _by_id(driver, "header").find_elements("tag name", "li")
        ]
        lettered = [h for h in header if re.search(r"\(side [AB]\): ", h)]
        assert len(lettered) == 2, header
        assert "(side A)" in lettered[0] and "(side B)" in lettered[1], header
        # Side A is the seat to your left and its partner across from it.
        assert places[1]["who"].split("  ")[0] in lettered[0], (places, header)
        _nothing_hides_a_card(driver, "the six-player table")
        screenshot(driver, "six-sides")
        screenshot(driver, "six-sides", doubled=True)


def test_a_tag_whose_words_hold_two_spaces_stays_one_mark(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A translation may part a tag's words with two spaces ("le  donneur"): the
    page draws it as one mark. Before, the presenter joined the tags with two
    spaces and the server split them again, so it came as two marks."""
    skip_without_browser()
    from audiospades.presenter import table as table_words

    monkeypatch.setattr(table_words, "dealer_mark_text", lambda: "le  donneur")
    with running_server(tmp_path / "server.db") as url, chromium() as driver:
        open_page(driver, url, "Robin")
        host_short_table(driver, "Tags")
        wait_for(lambda: len(_places(driver)) == 4, what="four places")
        marks = [pl["marks"] for pl in _places(driver)]
    assert sorted(mark for marked in marks for mark in marked) == [
        *["computer"] * 3,  # (the three computer players)
        "le  donneur",
        "partner",
    ], marks
