"""The table speaks the controller's answers: cues in order, and undo online refused."""

from __future__ import annotations

from collections.abc import Callable

import pytest

from audiospades import i18n
from audiospades.app.harness import Harness
from audiospades.app.hint_ahead import HintAhead
from audiospades.app.screen import Push
from audiospades.app.table import TableScreen
from audiospades.controller import GameSession
from audiospades.presenter import answer
from audiospades.presenter.replies import reply_utterances
from audiospades.replies import UndoUnavailable
from audiospades.rules import Phase, Rules
from audiospades.seating import Seating
from audiospades.sound import Cue
from audiospades.storage import Settings
from audiospades.table_control import TableController

UNDO_ONLINE = {
    "en": "Undo is not available in an online game.",
    "fr": "L'annulation n'est pas possible dans une partie en ligne.",
    "es": "Deshacer no está disponible en una partida en línea.",
    "de": "Rückgängig ist in einem Online-Spiel nicht möglich.",
    "pt": "Desfazer não está disponível em um jogo online.",
    "it": "Annullare non è possibile in una partita online.",
}


def _at_first_card(make_harness: Callable[..., Harness]) -> Harness:
    h = make_harness(seed=7)
    h.press("return")
    h.settle()
    h.press("3", "return")
    h.settle()
    assert h.table.session.game.phase is Phase.PLAYING
    assert h.table.session.is_human_turn
    return h


def _cues_of(h: Harness, mark: int) -> list[Cue]:
    return [cue for cue, _pan in h.sound.played[mark:]]


def test_the_edge_of_the_hand_sounds_and_says_the_same_card_again(
    make_harness: Callable[..., Harness],
) -> None:
    h = _at_first_card(make_harness)
    mark = len(h.sound.played)
    h.press("home")
    first = h.last
    assert _cues_of(h, mark) == [Cue.CARD_FOCUS]
    mark = len(h.sound.played)
    h.press("left")
    assert _cues_of(h, mark) == [Cue.EDGE]  # The edge, not a move.
    assert h.last == first
    mark = len(h.sound.played)
    h.press("right")
    assert _cues_of(h, mark) == [Cue.CARD_FOCUS]
    assert h.last != first


def test_tab_round_the_end_of_the_hand_sounds_the_edge_then_the_card(
    make_harness: Callable[..., Harness],
) -> None:
    h = _at_first_card(make_harness)
    h.press("end")
    mark = len(h.sound.played)
    h.press("tab")
    assert _cues_of(h, mark) == [Cue.EDGE, Cue.CARD_FOCUS]
    assert h.table.focus in h.table.view.legal_plays


class _OnlineSeat:
    """A seat of a game without undo (as online), over a local game's table."""

    supports_undo = False

    def __init__(self, session: GameSession) -> None:
        self._session = session

    def __getattr__(self, name: str) -> object:
        return getattr(self._session, name)

    def undo(self) -> bool:
        raise AssertionError("undo must not be asked of a game without it")


@pytest.mark.parametrize("language", sorted(UNDO_ONLINE))
def test_ctrl_z_in_an_online_game_says_undo_is_not_available(
    make_harness: Callable[..., Harness], language: str
) -> None:
    h = make_harness(settings=Settings(language=language, pace="fast"))
    rules = Rules.pagat()
    session = GameSession.new(
        rules,
        seed=3,
        seating=Seating.chosen(rules, ["random"] * 3),
        persist=False,
        now_ms=h.clock.now_ms(),
    )
    h.app.stack.apply(Push(TableScreen(_OnlineSeat(session))))  # type: ignore[arg-type]
    h.settle()
    before = len(session.game.actions)
    h.press("ctrl+z")
    assert h.last == UNDO_ONLINE[language]
    assert len(session.game.actions) == before


def test_the_undo_online_reply_is_worded_by_the_presenter() -> None:
    i18n.set_language("en")
    rules = Rules.pagat()
    session = GameSession.new(rules, seed=1, persist=False)
    view = TableController(session, HintAhead(background=False)).view
    said = reply_utterances(UndoUnavailable(), view, session.names)
    assert said == [answer(UNDO_ONLINE["en"])]
