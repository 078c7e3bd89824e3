"""The browser page in a real headless Chromium, against a real server on loopback.

One person opens the page, joins with a name, creates a short table, seats three
computer players and plays the whole game with keyboard events only, listening to
the live regions as a screen reader would: their turn (assertive), every play and
trick (polite), and the scores on S. axe-core audits the lobby and the table
(WCAG 2.1 A and AA: no violation), and screenshots of the lobby and of a trick in
progress are saved at 100% and 200% zoom in out/web/ for review.
"""

from __future__ import annotations

import itertools
import json
import re
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any

import pytest
from web_helpers import (
    AXE,
    OUT,
    RECORDER,
    chromium,
    cues,
    heard,
    running_server,
    skip_without_browser,
    wait_for,
)

pytestmark = pytest.mark.browser

AXE_TAGS = ["wcag2a", "wcag2aa", "wcag21a", "wcag21aa"]


def _by_id(driver: Any, element_id: str) -> Any:
    from selenium.webdriver.common.by import By

    return driver.find_element(By.ID, element_id)


def _visible(driver: Any, element_id: str) -> bool:
    return bool(_by_id(driver, element_id).is_displayed())


def open_join_form(driver: Any, url: str, script: str = RECORDER) -> None:
    """Open the page at its join form, its words come, and run ``script`` there
    (by default the recorder of its live regions)."""
    driver.get(url)
    wait_for(lambda: _by_id(driver, "connect").text == "Connect", what="page words")
    driver.execute_script(script)


def open_page(driver: Any, url: str, name: str, script: str = RECORDER) -> None:
    """Open the page, listen to its live regions, and join with ``name``.

    ``script``: run on the join form (by default the recorder of its live
    regions).
    """
    open_join_form(driver, url, script)
    _by_id(driver, "name").send_keys(name)
    _by_id(driver, "connect").click()
    wait_for(lambda: _visible(driver, "lobby"), what="the lobby")


def host_short_table(
    driver: Any,
    table: str,
    *,
    before_start: Callable[[], None] | None = None,
    bots: int = 3,
) -> None:
    """Create a one-hand table, seat ``bots`` computers, start.

    ``before_start`` runs once the table is open (another person sits down).
    """
    from selenium.webdriver.common.by import By

    _by_id(driver, "table-name").send_keys(table)
    _by_id(driver, "short-game").click()
    _by_id(driver, "create-form").find_element(By.CSS_SELECTOR, "[type=submit]").click()
    wait_for(lambda: _visible(driver, "waiting"), what="the waiting room")
    if before_start is not None:
        before_start()

    def add_buttons() -> list[Any]:
        script = "return [...document.querySelectorAll('#seats button[id^=add-]')]"
        return list(driver.execute_script(script))

    from selenium.webdriver.support.select import Select

    for left in range(bots - 1, -1, -1):
        # A different character in each seat (Bert, Poppy, ...), as a host would.
        menu = _by_id(driver, "seats").find_element(By.TAG_NAME, "select")
        Select(menu).select_by_index(bots - left)
        seat = menu.get_attribute("id").removeprefix("character-")
        _by_id(driver, f"add-{seat}").click()
        wait_for(lambda left=left: len(add_buttons()) == left, what="a computer seated")
    _by_id(driver, "start").click()
    wait_for(lambda: _visible(driver, "table"), what="the table")


def tab_to(driver: Any, selector: str, limit: int = 60) -> None:
    """Press Tab until the element ``selector`` has the focus (it must get it)."""
    from selenium.webdriver.common.keys import Keys

    script = "return !!document.activeElement?.matches(arguments[0])"
    for _ in range(limit):
        if driver.execute_script(script, selector):
            return
        press(driver, Keys.TAB)
    raise AssertionError(f"Tab never reaches {selector}")


def create_table_by_keys(driver: Any, name: str) -> None:
    """Type a table's name in the lobby's form, Tab to its button, Enter, and wait
    for the waiting room."""
    from selenium.webdriver.common.keys import Keys

    _by_id(driver, "table-name").send_keys(name)
    tab_to(driver, "#create-form [type=submit]")
    press(driver, Keys.ENTER)
    wait_for(lambda: _visible(driver, "waiting"), what="the waiting room")


def wait_for_element(driver: Any, selector: str, what: str) -> None:
    """Wait until an element matches ``selector`` (a list the server redraws)."""
    script = "return !!document.querySelector(arguments[0])"
    wait_for(lambda: driver.execute_script(script, selector), what=what)


def open_page_by_keys(driver: Any, url: str, name: str) -> None:
    """Open the page and join with ``name``, by Tab, typing and Enter alone."""
    from selenium.webdriver.common.keys import Keys

    open_join_form(driver, url)
    tab_to(driver, "#name")
    press(driver, name)
    tab_to(driver, "#connect")
    press(driver, Keys.ENTER)
    wait_for(lambda: _visible(driver, "lobby"), what="the lobby")


def robin_in_anns_waiting_room(
    driver: Any,
    url: str,
    ann: Any,
    rules: dict[str, object],
    opener: Callable[[Any, str, str], None],
) -> None:
    """Ann (a started ``Connection``) makes table "Alpha" under ``rules`` with
    Milly and Bert; Robin's page, opened by ``opener``, joins its free seat by
    keys and is shown the waiting room."""
    from selenium.webdriver.common.keys import Keys

    from audiospades.net import protocol as p

    ann.send(p.CreateTable(name="Alpha", rules=rules))
    for seat, character in enumerate(("milly", "bert"), start=1):
        ann.send(p.AddBot(seat=seat, character=character))
    opener(driver, url, "Robin")
    wait_for_element(driver, "#tables li", "Ann's table")
    table = driver.execute_script(
        "return document.querySelector('#tables li').dataset.id"
    )
    tab_to(driver, f"#join-{table}")
    press(driver, Keys.ENTER)
    wait_for(lambda: _visible(driver, "waiting"), what="the waiting room")


def seats_to_fill(driver: Any) -> int:
    """How many seats of the waiting room still offer a computer player."""
    script = "return document.querySelectorAll('#seats button[id^=add-]').length"
    return int(driver.execute_script(script))


def host_short_table_by_keys(driver: Any, table: str, bots: int = 3) -> None:
    """Create a one-hand table, seat ``bots`` computers and start, by keys alone.

    Every control is reached with Tab and used with Space, the arrows or Enter,
    as a player without a mouse does.
    """
    from selenium.webdriver.common.keys import Keys

    tab_to(driver, "#table-name")
    press(driver, table)
    tab_to(driver, "#short-game")
    press(driver, Keys.SPACE)
    assert _by_id(driver, "short-game").is_selected()
    tab_to(driver, "#create-form [type=submit]")
    press(driver, Keys.ENTER)
    wait_for(lambda: _visible(driver, "waiting"), what="the waiting room")
    for left in range(bots - 1, -1, -1):
        # A different character in each seat (Down arrow in its list), then Add.
        tab_to(driver, "#seats select")
        for _ in range(bots - left):
            press(driver, Keys.ARROW_DOWN)
        tab_to(driver, "#seats button[id^=add-]")
        press(driver, Keys.ENTER)
        wait_for(
            lambda left=left: seats_to_fill(driver) == left, what="a computer seated"
        )
    tab_to(driver, "#start")
    press(driver, Keys.ENTER)
    wait_for(lambda: _visible(driver, "table"), what="the table")


def board_is_focused(driver: Any) -> bool:
    return bool(driver.execute_script("return document.activeElement.id === 'board'"))


def press(driver: Any, *keys: str) -> None:
    """Key presses on whatever has the focus (the table region)."""
    from selenium.webdriver.common.action_chains import ActionChains

    ActionChains(driver).send_keys(*keys).perform()


ASKED = "Press Y for yes or N for no."
"""How a question put to me ends (blind nil, a redeal), said politely."""


def urgent_count(driver: Any) -> int:
    """Lines that may mean my turn: every assertive one, a turn said politely
    after the play it follows, and a question put to me."""
    return sum(
        1
        for kind, text in heard(driver)
        if kind == "assertive"
        or text.startswith(("Your turn", "Your lead"))
        or text.endswith(ASKED)
    )


def asked_me(driver: Any) -> bool:
    """The latest line that may mean my turn is a question put to me."""
    lines = [
        text
        for kind, text in heard(driver)
        if kind == "assertive"
        or text.startswith(("Your turn", "Your lead"))
        or text.endswith(ASKED)
    ]
    return bool(lines) and lines[-1].endswith(ASKED)


def is_over(driver: Any) -> bool:
    return _by_id(driver, "board").get_attribute("data-over") == "true"


def is_playing(driver: Any) -> bool:
    """A card of the hand is drawn as playable: the play, not the bidding."""
    return bool(
        driver.execute_script(
            "return document.querySelectorAll('#hand button:not(.dim)').length > 0"
        )
    )


def trick_on_table(driver: Any) -> int:
    script = "return document.querySelectorAll('#places .card').length"
    return int(driver.execute_script(script))


def audit(driver: Any, what: str) -> None:
    """axe-core inside the page: no WCAG 2.1 A or AA violation."""
    driver.execute_script(AXE.read_text(encoding="utf-8"))
    result = driver.execute_async_script(
        "const done = arguments[arguments.length - 1];"
        "axe.run(document, {runOnly: {type: 'tag', values: arguments[0]}})"
        ".then(r => done(r.violations.map(v => ({id: v.id, help: v.help,"
        " nodes: v.nodes.map(n => n.target.join(' '))}))))"
        ".catch(e => done([{id: 'axe-error', help: String(e), nodes: []}]));",
        AXE_TAGS,
    )
    assert result == [], f"axe on the {what}: " + json.dumps(result, indent=1)


def looks(driver: Any) -> tuple[str, str | None]:
    """The page's background colour, and how long a card of the hand takes to move.

    The duration is None away from the table (no hand drawn).
    """
    return tuple(  # type: ignore[return-value]
        driver.execute_script(
            "const b = document.querySelector('#hand button');"
            "return [getComputedStyle(document.body).backgroundColor,"
            " b ? getComputedStyle(b).transitionDuration : null];"
        )
    )


@contextmanager
def dark(driver: Any) -> Iterator[None]:
    """The system asks for dark colours (and reduced motion) for the block."""
    features = [
        {"name": "prefers-color-scheme", "value": "dark"},
        {"name": "prefers-reduced-motion", "value": "reduce"},
    ]
    light, moving = looks(driver)
    assert light == "rgb(255, 255, 255)", light
    assert moving in (None, "0.12s"), moving
    driver.execute_cdp_cmd("Emulation.setEmulatedMedia", {"features": features})
    try:
        # The page follows both: dark colours, and cards that do not move.
        background, still = looks(driver)
        assert background == "rgb(17, 17, 17)", background
        assert still in (None, "0s"), still
        yield
    finally:
        driver.execute_cdp_cmd("Emulation.setEmulatedMedia", {"features": []})


def screenshot(driver: Any, name: str, *, doubled: bool = False) -> Path:
    """Save the page as it looks; ``doubled``: as at 200% zoom (half the CSS width).

    At the table the picture is scrolled into view first.
    """
    OUT.mkdir(parents=True, exist_ok=True)
    scroll = "const b = document.getElementById('board');"
    scroll += "if (b.offsetParent) b.scrollIntoView({block: 'start'});"
    path = OUT / f"{name}-{'200' if doubled else '100'}.png"
    if doubled:
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
            driver.execute_script(scroll)
            # Nothing is lost at 200%: the page reflows, it never scrolls sideways.
            overflow = driver.execute_script(
                "return document.documentElement.scrollWidth"
                " - document.documentElement.clientWidth"
            )
            assert overflow <= 0, f"{name} at 200% scrolls sideways by {overflow}px"
            driver.save_screenshot(str(path))
        finally:
            driver.execute_cdp_cmd("Emulation.clearDeviceMetricsOverride", {})
    else:
        driver.execute_script(scroll)
        driver.save_screenshot(str(path))
    return path


def my_turn(driver: Any) -> bool:
    """The picture shows it is my turn (my place is highlighted)."""
    script = "return !!document.querySelector('#places .place[data-seat=\"0\"].turn')"
    return bool(driver.execute_script(script))


def play_to_the_end(
    driver: Any, *, pictures: bool = False, turns: int | None = None
) -> None:
    """Bid 3 and play the card the table offers, by keys alone, at each turn.

    At each new urgent announcement that is my turn (the picture shows it);
    ``turns``: stop after that many of my turns.
    """
    handled = 0
    shot = not pictures
    while not is_over(driver) and turns != 0:
        try:
            wait_for(
                lambda seen=handled: urgent_count(driver) > seen or is_over(driver),
                what="my turn or the end",
            )
        except AssertionError as error:
            # What the page last said and where its focus is: a stall (seen once
            # in a full run, never alone) is read from this.
            raise AssertionError(
                f"{error}; last heard {heard(driver)[-10:]}; focus on "
                f"{driver.execute_script('return document.activeElement.id')!r}"
            ) from None
        if is_over(driver):
            break
        handled = urgent_count(driver)
        if asked_me(driver):
            # Blind nil offered (100 behind, as after a tied hand played on), or
            # a redeal: no, then the turn comes as ever.
            press(driver, "n")
            continue
        if not my_turn(driver):
            continue  # an error or the link, not my turn
        if turns is not None:
            turns -= 1
        if is_playing(driver):
            if not shot and trick_on_table(driver) >= 2:
                shot = True
                screenshot(driver, "trick")
                screenshot(driver, "trick", doubled=True)
                audit(driver, "table")
                with dark(driver):
                    screenshot(driver, "trick-dark")
                    audit(driver, "table in dark mode")
                assert board_is_focused(driver)
            # Tab: the next card that may be played; Enter plays it.
            press(driver, "\ue004", "\ue007")
        else:
            press(driver, "3", "\ue007")
    assert shot, "no trick in progress was seen to take its picture"


def test_a_whole_game_by_keys_in_the_browser(tmp_path: Path) -> None:
    """Join, host a one-hand table with three computers, play it: keys only.

    No click anywhere: every control is reached with Tab and used by key.
    """
    skip_without_browser()
    from selenium.webdriver.common.keys import Keys

    if not AXE.exists():
        pytest.fail(f"axe-core is missing at {AXE}: run bash tools/dev.sh")
    with running_server(tmp_path / "server.db") as url, chromium() as driver:
        open_page_by_keys(driver, url, "Robin")
        screenshot(driver, "lobby")
        screenshot(driver, "lobby", doubled=True)
        audit(driver, "lobby")
        with dark(driver):
            screenshot(driver, "lobby-dark")
            audit(driver, "lobby in dark mode")
        # "$&" would be a replacement pattern to String.replace: shown as typed.
        host_short_table_by_keys(driver, "Browser $& table")
        wait_for(lambda: board_is_focused(driver), what="the table region's focus")
        heading = _by_id(driver, "table-heading").text
        assert heading.startswith("Card table: Browser $& table"), heading
        play_to_the_end(driver, pictures=True)
        before = len(heard(driver))
        press(driver, "s")
        wait_for(lambda: len(heard(driver)) > before, what="the scores on S")
        lines = heard(driver)
        scores = lines[-1]
        header = [
            li.text for li in _by_id(driver, "header").find_elements("tag name", "li")
        ]
        # F1: the table's keys, from the game's key map, in the live region.
        press(driver, "\ue031")
        wait_for(
            lambda: any(t == "Keys at the card table:" for _k, t in heard(driver)),
            what="F1's help",
        )
        helped = [t for _k, t in heard(driver)]
        assert "S: the scores." in helped, helped[-30:]
        assert "Apostrophe: chat: type a line for the others to hear." in helped
        assert "Page Up: earlier messages." in helped
        assert helped[-1].startswith("O: sound cues on or off."), helped[-3:]
        # Sound cues are off at first: a whole game played, and not one sound.
        toggle = _by_id(driver, "sound-toggle")
        assert toggle.get_attribute("aria-pressed") == "false"
        assert cues(driver) == []
        # O: the page's sound cues come on, and say so.
        press(driver, "o")
        wait_for(lambda: heard(driver)[-1][1] == "Sound cues on.", what="O")
        assert toggle.get_attribute("aria-pressed") == "true"
        # Escape leaves the table region for the page's buttons.
        press(driver, Keys.ESCAPE)
        assert not board_is_focused(driver)
        # The host may start the next game at the same table: asked first, as
        # in the game, and answered on the card table; then a fresh hand.
        assert _by_id(driver, "again").is_displayed()
        tab_to(driver, "#again")
        press(driver, Keys.ENTER)
        question = (
            "Start another game at this table with the same players? Y starts, N stays."
        )
        wait_for(lambda: heard(driver)[-1][1] == question, what="the question")
        assert board_is_focused(driver)
        press(driver, "y")
        wait_for(lambda: not is_over(driver), what="the next game")
        tab_to(driver, "#board")
        play_to_the_end(driver, turns=2)  # its bid and first card, by keys
        assert not is_over(driver)
        # Now the cues sound: the game's own WAVs, served by the page's server.
        played = cues(driver)
        assert played, "no sound cue once they are on"
        for src in played:
            assert re.fullmatch(r"/sounds/[a-z_]+\.wav", src), src
            status = driver.execute_async_script(
                "const done = arguments[arguments.length - 1];"
                "fetch(arguments[0]).then(r => done(r.status), () => done(0));",
                src,
            )
            assert status == 200, src
    polite = [text for kind, text in lines if kind == "polite"]
    urgent = [text for kind, text in lines if kind == "assertive"]
    turns = [t for t in polite + urgent if t.startswith(("Your turn", "Your lead"))]
    # Assertive only for "your turn" said on its own (errors too, and there
    # were none); the play-by-play is polite, and so is a turn said right after
    # a play: assertive, it let screen readers that interrupt cut the play off.
    assert turns.count("Your turn to bid. Type a number and press Enter; 0 is nil.")
    assert all(t.startswith(("Your turn", "Your lead")) for t in urgent), urgent
    # One hand, and one more for each tie (a tied game plays on).
    hands = sum(1 for t in polite if "The hand is over." in t)
    assert hands >= 1
    assert sum(1 for t in turns if not t.startswith("Your turn to bid")) == 13 * hands
    after_a_play = [
        (before, turn)
        for before, turn in itertools.pairwise(lines)
        if turn[1].startswith("Your turn") and " plays the " in before[1]
    ]
    assert after_a_play
    assert all(turn[0] == "polite" for _before, turn in after_a_play), after_a_play
    assert sum(1 for t in polite if re.match(r"You play the ", t)) == 13 * hands
    assert sum(1 for t in polite if re.search(r" plays the ", t)) == 39 * hands
    assert sum(1 for t in polite if "the trick with" in t) == 13 * hands
    assert any(t.startswith("You bid 3") for t in polite)
    # The end names what the page offers, not the game's Escape menu.
    assert (
        "The game is over. Start the game plays again with the same players; "
        "Leave the table goes back to the lobby." in polite
    )
    assert not [t for t in polite if "for the menu" in t]
    # S answers with each side's score, as the picture's header shows it.
    assert scores[0] == "polite"
    for item in header[:2]:
        side, total = item.rsplit(": ", 1)
        assert f"{side}: {total}," in scores[1], (item, scores)
