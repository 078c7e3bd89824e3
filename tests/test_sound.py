"""Sound cues: the files are sound, the script remakes them, the players behave."""

from __future__ import annotations

import importlib.util
import itertools
import logging
import math
import re
import shutil
import subprocess
import sys
import wave
from array import array
from collections.abc import Iterator
from pathlib import Path
from types import ModuleType
from typing import Any, ClassVar

import pygame
import pytest

from audiospades.sound import (
    FIRST_CUE_CHANNEL,
    SOUNDS_DIR,
    Cue,
    NullSoundPlayer,
    PygameSoundPlayer,
    RecordingSoundPlayer,
    SoundPlayer,
    card_cue,
    create_sound_player,
    learnable_cues,
    pan_gains,
    seat_pan,
)

SCRIPT = Path(__file__).resolve().parent.parent / "tools" / "make_sounds.py"
FULL_SCALE = 32768


def _load_script() -> ModuleType:
    spec = importlib.util.spec_from_file_location("make_sounds", SCRIPT)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def _read(cue: Cue) -> tuple[tuple[int, int, int], array[int]]:
    """Return (channels, sample width, rate) and the samples of a cue's WAV."""
    with wave.open(str(SOUNDS_DIR / f"{cue}.wav"), "rb") as wav:
        shape = (wav.getnchannels(), wav.getsampwidth(), wav.getframerate())
        frames = array("h", wav.readframes(wav.getnframes()))
    if sys.byteorder == "big":
        frames.byteswap()
    return shape, frames


def _pitch_at(frames: array[int], start: float, width: float = 0.05) -> float:
    """Estimate the pitch (Hz) of a window by counting zero crossings."""
    window = frames[round(start * 44100) : round((start + width) * 44100)]
    pairs = itertools.pairwise(window)
    crossings = sum(1 for before, after in pairs if (before < 0) != (after < 0))
    return crossings / 2 / width


# --- the files ---------------------------------------------------------------


def test_every_cue_has_a_wav_file() -> None:
    missing = [cue for cue in Cue if not (SOUNDS_DIR / f"{cue}.wav").is_file()]
    assert missing == []


def test_script_makes_exactly_the_cues() -> None:
    assert set(_load_script().CUES) == {cue.value for cue in Cue}
    on_disk = {path.stem for path in SOUNDS_DIR.glob("*.wav")}
    assert on_disk == {cue.value for cue in Cue}


def test_sounds_folder_has_a_licence() -> None:
    text = (SOUNDS_DIR / "LICENSE.md").read_text(encoding="utf-8")
    assert "tools/make_sounds.py" in text
    assert "MIT" in text


def test_sounds_folder_stays_small() -> None:
    total = sum(path.stat().st_size for path in SOUNDS_DIR.iterdir())
    assert total < 1_500_000


@pytest.mark.parametrize("cue", list(Cue))
def test_cue_is_a_short_clean_audible_wav(cue: Cue) -> None:
    shape, frames = _read(cue)
    assert shape == (1, 2, 44100)
    seconds = len(frames) / 44100
    assert 0.03 <= seconds <= 1.5
    peak = max(abs(sample) for sample in frames) / FULL_SCALE
    assert peak > 0.15, "too quiet to hear"
    assert peak < 0.95, "no headroom: it would clip in the mixer"
    # Starting and ending at silence is what keeps a cue from clicking.
    assert abs(frames[0]) < 50
    assert abs(frames[-1]) < 50


def test_the_three_trick_won_sounds_differ() -> None:
    """You, your partner and the opponents must be told apart by ear alone."""
    you = _read(Cue.TRICK_WON_YOU)[1]
    partner = _read(Cue.TRICK_WON_PARTNER)[1]
    opponent = _read(Cue.TRICK_WON_OPPONENT)[1]
    assert len({you.tobytes(), partner.tobytes(), opponent.tobytes()}) == 3

    def movement(frames: array[int]) -> float:
        seconds = len(frames) / 44100
        return _pitch_at(frames, 0.6 * seconds) / _pitch_at(frames, 0.005)

    assert movement(you) > 1.8  # a rising arpeggio: up an octave
    assert 1.1 < movement(partner) < 1.4  # a rising pair: up a third
    assert movement(opponent) < 0.9  # a falling pair: down a minor third


def test_script_reproduces_the_committed_files_byte_for_byte(tmp_path: Path) -> None:
    """The script is the source of the sounds: running it must remake them exactly.

    (Byte-exact on the project's reference set-up; a C maths library that rounds
    sin() differently could move a sample by one step.)
    """
    subprocess.run(
        [sys.executable, str(SCRIPT), "--out", str(tmp_path)],
        check=True,
        capture_output=True,
    )
    for cue in Cue:
        made = (tmp_path / f"{cue}.wav").read_bytes()
        committed = (SOUNDS_DIR / f"{cue}.wav").read_bytes()
        assert made == committed, f"{cue}.wav differs: rerun tools/make_sounds.py"


@pytest.mark.skipif(shutil.which("sox") is None, reason="sox is not installed")
def test_sox_hears_the_your_turn_cue() -> None:
    """Check with an independent tool, as a person would, that the cue has sound."""
    result = subprocess.run(
        ["sox", str(SOUNDS_DIR / f"{Cue.YOUR_TURN}.wav"), "-n", "stat"],
        check=True,
        capture_output=True,
        text=True,
    )
    match = re.search(r"RMS\s+amplitude:\s+([0-9.]+)", result.stderr)
    assert match is not None, result.stderr
    assert float(match.group(1)) > 0.01
    length = re.search(r"Length \(seconds\):\s+([0-9.]+)", result.stderr)
    assert length is not None
    assert 0.2 < float(length.group(1)) < 1.0


# --- teaching order and seat panning ----------------------------------------


def test_learnable_cues_teach_every_cue_once() -> None:
    cues = learnable_cues()
    assert len(cues) == len(set(cues)) == len(Cue)
    assert set(cues) == set(Cue)


def test_cue_values_are_file_stems() -> None:
    for cue in Cue:
        assert re.fullmatch(r"[a-z]+(_[a-z]+)*", cue.value)
        assert cue.value == cue.name.lower()


@pytest.mark.parametrize(
    ("player_count", "pans"),
    [
        (3, [0.0, -0.8, 0.8]),
        (4, [0.0, -0.8, 0.0, 0.8]),
        (5, [0.0, -0.8, -0.267, 0.267, 0.8]),
        (6, [0.0, -0.8, -0.4, 0.0, 0.4, 0.8]),
    ],
)
def test_seat_pan_spreads_the_table_clockwise_from_left_to_right(
    player_count: int, pans: list[float]
) -> None:
    assert [seat_pan(offset, player_count) for offset in range(player_count)] == pans


@pytest.mark.parametrize("player_count", [3, 4, 5, 6])
def test_seat_pan_is_symmetric_and_keeps_you_in_the_centre(player_count: int) -> None:
    assert seat_pan(0, player_count) == 0.0
    for offset in range(1, player_count):
        mirror = player_count - offset
        assert seat_pan(offset, player_count) == -seat_pan(mirror, player_count)


@pytest.mark.parametrize(("offset", "count"), [(4, 4), (-1, 4), (0, 1), (0, 0)])
def test_seat_pan_rejects_impossible_seats(offset: int, count: int) -> None:
    with pytest.raises(ValueError):
        seat_pan(offset, count)


@pytest.mark.parametrize("pan", [-1.0, -0.8, -0.3, 0.0, 0.4, 1.0])
def test_pan_gains_keep_equal_power(pan: float) -> None:
    left, right = pan_gains(pan, volume=0.6)
    assert math.isclose(left**2 + right**2, 0.36, abs_tol=1e-5)
    assert (left > right) == (pan < 0)


# --- the fakes ---------------------------------------------------------------


def test_recording_player_records_cue_and_pan() -> None:
    player: SoundPlayer = RecordingSoundPlayer()
    player.play(Cue.CARD_PLAYED, pan=-0.8)
    player.play(Cue.TRICK_WON_YOU)
    assert isinstance(player, RecordingSoundPlayer)
    assert player.played == [(Cue.CARD_PLAYED, -0.8), (Cue.TRICK_WON_YOU, 0.0)]
    assert player.cues == [Cue.CARD_PLAYED, Cue.TRICK_WON_YOU]
    player.set_volume(140)
    assert player.volume == 100
    player.stop_all()
    player.close()
    assert player.stop_count == 1
    assert player.is_closed


def test_null_player_accepts_everything_without_touching_the_mixer(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """It stands in when there is no audio device, so it must never reach the mixer:
    every call returns, raises nothing and asks pygame for nothing, even after close.
    """
    asked: list[str] = []

    def no_device(name: str) -> Any:
        def refuse(*args: object, **kwargs: object) -> None:
            asked.append(name)
            raise pygame.error("No available audio device")

        return refuse

    for name in ("init", "get_init", "Sound", "Channel", "find_channel", "stop"):
        monkeypatch.setattr(pygame.mixer, name, no_device(name))
    monkeypatch.setattr(pygame.mixer, "get_num_channels", no_device("channels"))
    player: SoundPlayer = NullSoundPlayer()
    calls = [
        lambda: player.play(Cue.GAME_WON, pan=0.5),
        lambda: player.play(Cue.CARD_PLAYED),
        lambda: player.set_volume(50),
        lambda: player.set_volume(-20),
        lambda: player.stop_all(),
        lambda: player.close(),
        lambda: player.play(Cue.YOUR_TURN),  # after close too
        lambda: player.close(),
    ]
    assert [call() for call in calls] == [None] * len(calls)
    assert asked == []


# --- the pygame mixer back end (SDL dummy audio) -----------------------------


@pytest.fixture
def mixer() -> Iterator[None]:
    """An initialised mixer on the dummy driver, shut again if we opened it."""
    opened_here = not pygame.mixer.get_init()
    if opened_here:
        pygame.mixer.init(frequency=44100, size=-16, channels=2, buffer=512)
    yield
    if opened_here:
        pygame.mixer.quit()


class _FakeChannel:
    """Stands in for pygame.mixer.Channel and logs calls in order."""

    calls: ClassVar[list[tuple[Any, ...]]] = []
    busy: ClassVar[set[int]] = set()

    def __init__(self, index: int) -> None:
        self.index = index

    def play(self, sound: pygame.mixer.Sound) -> None:
        self.calls.append(("play", self.index))
        self.busy.add(self.index)

    def set_volume(self, left: float, right: float | None = None) -> None:
        self.calls.append(("set_volume", self.index, left, right))

    def get_busy(self) -> bool:
        return self.index in self.busy

    def stop(self) -> None:
        self.calls.append(("stop", self.index))
        self.busy.discard(self.index)


@pytest.fixture
def fake_channels(monkeypatch: pytest.MonkeyPatch) -> type[_FakeChannel]:
    _FakeChannel.calls = []
    _FakeChannel.busy = set()
    monkeypatch.setattr(pygame.mixer, "Channel", _FakeChannel)
    return _FakeChannel


@pytest.mark.usefixtures("mixer")
def test_pygame_player_plays_a_cue_on_a_cue_channel() -> None:
    player = PygameSoundPlayer()
    assert player.loaded_cues == frozenset(Cue)
    player.play(Cue.CARD_PLAYED)
    busy = [
        index
        for index in range(pygame.mixer.get_num_channels())
        if pygame.mixer.Channel(index).get_busy()
    ]
    assert busy, "nothing is playing"
    assert min(busy) >= FIRST_CUE_CHANNEL, "channel 0 belongs to speech"
    player.stop_all()
    assert not any(pygame.mixer.Channel(index).get_busy() for index in busy)
    player.close()


@pytest.mark.usefixtures("mixer")
def test_pygame_player_pans_after_play(fake_channels: type[_FakeChannel]) -> None:
    player = PygameSoundPlayer(volume=100)
    player.play(Cue.CARD_PLAYED, pan=seat_pan(1, 4))  # the seat on your left
    assert [call[0] for call in fake_channels.calls] == ["play", "set_volume"]
    _, index, left, right = fake_channels.calls[1]
    assert index >= FIRST_CUE_CHANNEL
    assert left > right
    assert (left, right) == pan_gains(-0.8, 1.0)


@pytest.mark.usefixtures("mixer")
def test_pygame_player_scales_the_pan_by_the_volume(
    fake_channels: type[_FakeChannel],
) -> None:
    player = PygameSoundPlayer(volume=50)
    player.play(Cue.TRICK_WON_OPPONENT, pan=0.8)
    _, _, left, right = fake_channels.calls[-1]
    assert (left, right) == pan_gains(0.8, 0.5)
    assert right > left
    # A cue still sounding follows a volume change and keeps its pan.
    player.set_volume(100)
    assert fake_channels.calls[-1][2:] == pan_gains(0.8, 1.0)


@pytest.mark.usefixtures("mixer")
def test_pygame_player_at_zero_volume_plays_nothing(
    fake_channels: type[_FakeChannel],
) -> None:
    player = PygameSoundPlayer(volume=0)
    player.play(Cue.YOUR_TURN)
    assert fake_channels.calls == []


@pytest.mark.usefixtures("mixer")
def test_pygame_player_cuts_the_oldest_cue_when_all_channels_are_busy(
    fake_channels: type[_FakeChannel],
) -> None:
    player = PygameSoundPlayer()
    channel_count = pygame.mixer.get_num_channels() - FIRST_CUE_CHANNEL
    for _ in range(channel_count):
        player.play(Cue.CARD_FOCUS)
    first = fake_channels.calls[0][1]
    player.play(Cue.SPADES_BROKEN)
    assert fake_channels.calls[-2] == ("play", first)


@pytest.mark.usefixtures("mixer")
def test_a_missing_or_corrupt_cue_is_silent_with_a_warning(
    tmp_path: Path, caplog: pytest.LogCaptureFixture
) -> None:
    for path in SOUNDS_DIR.glob("*.wav"):
        shutil.copy(path, tmp_path / path.name)
    (tmp_path / f"{Cue.GAME_WON}.wav").unlink()
    (tmp_path / f"{Cue.NIL_MADE}.wav").write_bytes(b"RIFF\x00\x00not a wav")
    with caplog.at_level(logging.WARNING, logger="audiospades.sound"):
        player = PygameSoundPlayer(sounds_dir=tmp_path)
    warned = " ".join(r.getMessage() for r in caplog.records)
    assert all(r.levelno == logging.WARNING for r in caplog.records)
    assert "game_won" in warned
    assert "nil_made" in warned
    assert player.loaded_cues == frozenset(Cue) - {Cue.GAME_WON, Cue.NIL_MADE}
    player.play(Cue.GAME_WON)  # silent, and no exception
    player.play(Cue.TRICK_WON_YOU)  # the others still work
    player.close()


@pytest.mark.usefixtures("mixer")
def test_a_closed_player_plays_nothing(fake_channels: type[_FakeChannel]) -> None:
    player = PygameSoundPlayer()
    player.close()
    player.close()
    player.play(Cue.MENU_MOVE)
    assert [call for call in fake_channels.calls if call[0] == "play"] == []


def test_create_sound_player_uses_the_mixer_when_there_is_one(mixer: None) -> None:
    player, is_audible = create_sound_player(80)
    assert is_audible
    assert isinstance(player, PygameSoundPlayer)
    player.close()


def test_create_sound_player_without_an_audio_device_goes_on_silently(
    monkeypatch: pytest.MonkeyPatch, caplog: pytest.LogCaptureFixture
) -> None:
    def no_device(*args: object, **kwargs: object) -> None:
        raise pygame.error("No available audio device")

    monkeypatch.setattr(pygame.mixer, "get_init", lambda: None)
    monkeypatch.setattr(pygame.mixer, "init", no_device)
    with caplog.at_level(logging.WARNING, logger="audiospades.sound"):
        player, is_audible = create_sound_player(80)
    assert isinstance(player, NullSoundPlayer)
    assert not is_audible
    assert [r.levelno for r in caplog.records] == [logging.WARNING]
    player.play(Cue.YOUR_TURN)


# --- you and the seat across (issue 12, item 15) ------------------------------

_SHAPES = [(3, False), (4, True), (4, False), (5, False), (6, True), (6, False)]


@pytest.mark.parametrize(("player_count", "partnerships"), _SHAPES)
def test_every_seats_cards_are_heard_apart_from_yours(
    player_count: int, partnerships: bool
) -> None:
    """You and your partner were both panned to the centre with one card sound, so
    your cards and your partner's sounded alike. Pan and timbre together now tell
    every seat apart, at every table shape."""
    from audiospades.rules.seats import partner_of

    heard = [
        (card_cue(offset, player_count), seat_pan(offset, player_count))
        for offset in range(player_count)
    ]
    assert len(set(heard)) == player_count
    assert heard[0] == (Cue.CARD_PLAYED, 0.0)
    partner = partner_of(0, player_count, partnerships)
    if partner is not None:
        assert heard[partner] == (Cue.CARD_PLAYED_ACROSS, 0.0)


def test_the_card_from_across_sounds_unlike_your_card() -> None:
    mine = _read(Cue.CARD_PLAYED)[1]
    across = _read(Cue.CARD_PLAYED_ACROSS)[1]
    assert mine.tobytes() != across.tobytes()
    # Deeper: fewer zero crossings in the snap; and a second tap after 60 ms.
    assert _pitch_at(across, 0.0, 0.03) < 0.6 * _pitch_at(mine, 0.0, 0.03)
    tail = [abs(x) for x in across[round(0.07 * 44100) : round(0.09 * 44100)]]
    assert max(tail) > 0.1 * FULL_SCALE


@pytest.mark.parametrize(("player_count", "partnerships"), _SHAPES)
def test_the_presenter_plays_each_seats_card_with_its_cue_and_pan(
    player_count: int, partnerships: bool
) -> None:
    from audiospades.presenter.events import describe
    from audiospades.rules import Card, Game, Rules, seat_view
    from audiospades.rules.events import CardPlayed

    rules = Rules.pagat(players=player_count, partnerships=partnerships)
    view = seat_view(Game(rules), 0)
    names = [f"P{s}" for s in range(player_count)]
    heard = set()
    for seat in range(player_count):
        said = describe(CardPlayed(seat, Card.parse("2C"), 0), view, names)
        assert said[0].cue in (Cue.CARD_PLAYED, Cue.CARD_PLAYED_ACROSS)
        heard.add((said[0].cue, said[0].pan))
    assert len(heard) == player_count
