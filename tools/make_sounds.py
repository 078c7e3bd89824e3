"""Synthesise audiospades' sound cues into ``sounds/``, deterministically.

Run ``python tools/make_sounds.py`` (or ``--out DIR``) to write one 16-bit mono
44.1 kHz WAV per cue. Everything is made here from sine partials and seeded noise
with the standard library only, so the cues are the project's own work under its
MIT licence (see ``sounds/LICENSE.md``) and the script is the source of truth.

The output is byte-for-byte reproducible: every cue draws its noise from its own
``random.Random(stem)`` and only plain float arithmetic, ``math.sin`` and
``math.exp`` touch the samples. (Two machines whose C maths libraries round
``sin`` differently could differ by one least significant bit; the committed
WAVs were made on the project's Debian reference set-up.)

The palette, so that families sound related and cues stay apart:

* card handling (shuffle, deal, pass, play, focus, edge) is noise and thuds,
  never pitched, so it cannot be mistaken for a result;
* prompts (your turn, menus) are short clean pips and a bell;
* results are melodic: rising and major is good for you, falling and minor is
  good for the opponents, and the bigger the moment the longer the phrase.
"""

from __future__ import annotations

import argparse
import logging
import math
import random
import sys
import wave
from array import array
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import Final

logger = logging.getLogger(__name__)

RATE: Final = 44_100
SAMPLE_WIDTH: Final = 2
FULL_SCALE: Final = 32_767
EDGE_FADE_SECONDS: Final = 0.002
PEAK_CEILING: Final = 0.89  # -1 dBFS: headroom for the mixer and for resampling
DEFAULT_OUT: Final = Path(__file__).resolve().parent.parent / "sounds"

Signal = list[float]
# A timbre is a list of partials: (frequency ratio, amplitude, decay factor).
# The decay factor scales the note's decay time, so upper partials can fade first
# and the attack sounds bright while the tail stays round.
Timbre = Sequence[tuple[float, float, float]]

SOFT: Final[Timbre] = ((1.0, 1.0, 1.0), (2.0, 0.12, 0.6))
MARIMBA: Final[Timbre] = ((1.0, 1.0, 1.0), (3.93, 0.22, 0.25), (9.2, 0.04, 0.1))
BELL: Final[Timbre] = (
    (1.0, 1.0, 1.0),
    (2.0, 0.45, 0.7),
    (3.0, 0.2, 0.5),
    (4.16, 0.1, 0.35),
    (5.43, 0.05, 0.25),
)
GLOCK: Final[Timbre] = ((1.0, 1.0, 1.0), (2.76, 0.3, 0.4), (5.4, 0.1, 0.2))
COIN: Final[Timbre] = ((1.0, 1.0, 1.0), (2.4, 0.3, 0.4))
MUTED: Final[Timbre] = ((1.0, 1.0, 1.0), (2.0, 0.25, 0.6), (3.0, 0.08, 0.4))
WARM: Final[Timbre] = (
    (1.0, 1.0, 1.0),
    (2.0, 0.35, 0.9),
    (3.0, 0.16, 0.8),
    (4.0, 0.07, 0.7),
)
# Soft sawtooth-like (1/n^1.4 falls faster than a real saw, so it is mellow).
HORN: Final[Timbre] = tuple((float(n), n**-1.4, 1.0) for n in range(1, 9))
# Odd harmonics only: a hollow, reedy square. Detuned pairs make it buzz.
REED: Final[Timbre] = tuple((float(n), 1.0 / n, 1.0) for n in (1, 3, 5, 7, 9, 11))


def note(name: str) -> float:
    """Return the equal-tempered frequency of a note such as ``"A4"`` or ``"Eb3"``."""
    offsets = {"C": -9, "D": -7, "E": -5, "F": -4, "G": -2, "A": 0, "B": 2}
    semitone = offsets[name[0]]
    rest = name[1:]
    if rest.startswith("#"):
        semitone += 1
        rest = rest[1:]
    elif rest.startswith("b"):
        semitone -= 1
        rest = rest[1:]
    semitone += 12 * (int(rest) - 4)
    return 440.0 * math.pow(2.0, semitone / 12.0)


def samples(seconds: float) -> int:
    return round(seconds * RATE)


def silence(seconds: float) -> Signal:
    return [0.0] * samples(seconds)


def mix(into: Signal, sig: Signal, at: float = 0.0, gain: float = 1.0) -> Signal:
    """Add ``sig`` into ``into`` from ``at`` seconds, growing ``into`` if needed."""
    start = samples(at)
    end = start + len(sig)
    if end > len(into):
        into.extend([0.0] * (end - len(into)))
    for i, value in enumerate(sig):
        into[start + i] += gain * value
    return into


def fade(sig: Signal, attack: float, release: float) -> Signal:
    """Raised-cosine fade in and out: the envelope that keeps every edge click-free."""
    n = len(sig)
    attack_n = min(samples(attack), n // 2)
    release_n = min(samples(release), n - attack_n)
    for i in range(attack_n):
        sig[i] *= 0.5 - 0.5 * math.cos(math.pi * i / attack_n)
    for i in range(release_n):
        sig[n - 1 - i] *= 0.5 - 0.5 * math.cos(math.pi * i / release_n)
    return sig


def tone(
    freq: float,
    seconds: float,
    timbre: Timbre = SOFT,
    *,
    decay: float = 0.3,
    attack: float = 0.004,
    release: float = 0.03,
    glide_to: float | None = None,
) -> Signal:
    """One note: decaying partials, optionally gliding linearly to ``glide_to`` Hz."""
    n = samples(seconds)
    out = [0.0] * n
    end_freq = freq if glide_to is None else glide_to
    for ratio, amp, decay_factor in timbre:
        if max(freq, end_freq) * ratio >= RATE * 0.4:
            continue  # keep well below Nyquist: aliasing sounds harsh
        step = 2.0 * math.pi * freq * ratio / RATE
        step_delta = 2.0 * math.pi * (end_freq - freq) * ratio / RATE / n
        shrink = math.exp(-1.0 / (decay * decay_factor * RATE))
        level = amp
        phase = 0.0
        sin = math.sin
        for i in range(n):
            out[i] += level * sin(phase)
            phase += step
            step += step_delta
            level *= shrink
    return fade(out, attack, release)


def chord(
    names: Sequence[str],
    seconds: float,
    timbre: Timbre = WARM,
    *,
    strum: float = 0.0,
    decay: float = 0.6,
    attack: float = 0.01,
    release: float = 0.1,
) -> Signal:
    """Several notes together, each ``strum`` seconds after the last."""
    out: Signal = []
    for index, name in enumerate(names):
        start = index * strum
        voice = tone(
            note(name),
            seconds - start,
            timbre,
            decay=decay,
            attack=attack,
            release=release,
        )
        mix(out, voice, start, 1.0 / len(names))
    return out


def noise(rng: random.Random, seconds: float) -> Signal:
    # rng.random() alone: its sequence is fixed across Python versions.
    return [2.0 * rng.random() - 1.0 for _ in range(samples(seconds))]


def lowpass(sig: Signal, cutoff: float, passes: int = 1) -> Signal:
    """One-pole low-pass filter, applied ``passes`` times for a steeper slope."""
    alpha = 1.0 - math.exp(-2.0 * math.pi * cutoff / RATE)
    out = sig
    for _ in range(passes):
        state = 0.0
        filtered = []
        for value in out:
            state += alpha * (value - state)
            filtered.append(state)
        out = filtered
    return out


def highpass(sig: Signal, cutoff: float) -> Signal:
    low = lowpass(sig, cutoff)
    return [value - low_value for value, low_value in zip(sig, low, strict=True)]


def envelope(sig: Signal, attack: float, decay: float) -> Signal:
    """Shape a sound with a raised-cosine attack then an exponential decay."""
    attack_n = max(1, samples(attack))
    shrink = math.exp(-1.0 / (decay * RATE))
    level = 1.0
    out = []
    for i, value in enumerate(sig):
        if i < attack_n:
            out.append(value * (0.5 - 0.5 * math.cos(math.pi * i / attack_n)))
        else:
            level *= shrink
            out.append(value * level)
    return out


def burst(
    rng: random.Random,
    seconds: float,
    *,
    low: float,
    high: float,
    attack: float = 0.001,
    decay: float = 0.01,
) -> Signal:
    """A band of noise with a percussive envelope: the raw stuff of card sounds."""
    band = lowpass(highpass(noise(rng, seconds), low), high, passes=2)
    return fade(envelope(band, attack, decay), 0.0, min(0.004, seconds / 4))


def thud(freq: float, seconds: float, *, drop: float = 0.6) -> Signal:
    """A soft low knock whose pitch sags, like a card or a deck landing on felt."""
    return tone(
        freq,
        seconds,
        SOFT,
        decay=seconds / 4,
        attack=0.002,
        release=seconds / 3,
        glide_to=freq * drop,
    )


# --- the cues ---------------------------------------------------------------


def make_shuffle(rng: random.Random) -> Signal:
    """A riffle: dozens of tiny paper flicks that speed up, then the deck squares."""
    out = silence(0.6)
    flick_count = 30
    at = 0.01
    for index in range(flick_count):
        # Spacing shrinks then grows again, as the two halves interleave.
        middle = abs(index - flick_count / 2) / (flick_count / 2)
        at += 0.009 + 0.012 * middle + 0.003 * rng.random()
        gain = 0.5 + 0.5 * rng.random()
        flick = burst(rng, 0.012, low=1800.0, high=6500.0, decay=0.003)
        mix(out, flick, at, gain)
    mix(out, burst(rng, 0.07, low=150.0, high=1400.0, decay=0.018), 0.5, 1.2)
    mix(out, thud(140.0, 0.08), 0.5, 0.5)
    return out


def make_deal(rng: random.Random) -> Signal:
    """Four cards skimmed onto the table, one per beat."""
    out = silence(0.45)
    for index in range(4):
        skim = burst(rng, 0.05, low=900.0, high=4200.0, attack=0.006, decay=0.014)
        mix(out, skim, 0.02 + index * 0.1, 1.0 - 0.08 * index)
    return out


def make_cards_passed(rng: random.Random) -> Signal:
    """A whoosh across the table: noise that swells and ebbs, then lands softly."""
    seconds = 0.36
    air = lowpass(highpass(noise(rng, seconds), 400.0), 2600.0, passes=2)
    n = len(air)
    for i in range(n):
        air[i] *= math.sin(math.pi * i / n) ** 2
    out = mix(silence(seconds), air, 0.0, 1.0)
    mix(out, thud(170.0, 0.07), 0.27, 0.35)
    return out


def make_card_focus(rng: random.Random) -> Signal:
    """The tiniest tick, heard on every arrow press while browsing the hand."""
    out = tone(2400.0, 0.035, SOFT, decay=0.004, attack=0.0005, release=0.01)
    mix(out, burst(rng, 0.012, low=3000.0, high=9000.0, decay=0.002), 0.0, 0.4)
    return out


def make_edge(rng: random.Random) -> Signal:
    """A dull bump: you are at the end of the hand (or a list) and cannot go on."""
    out = thud(150.0, 0.12, drop=0.7)
    mix(out, burst(rng, 0.03, low=80.0, high=700.0, decay=0.01), 0.0, 0.5)
    return out


def make_nothing_here(rng: random.Random) -> Signal:
    """Two soft, low, muffled knocks: this key does nothing on this screen.

    Duller than the menu pips and lighter than the edge bump, so that trying
    keys is answered without sounding like a move or a mistake.
    """
    out = thud(220.0, 0.07, drop=0.5)
    mix(out, thud(220.0, 0.07, drop=0.5), 0.09, 0.8)
    return lowpass(out, 1200.0)


def make_card_played(rng: random.Random) -> Signal:
    """A soft snap of a card on the table, with a little body under it."""
    out = burst(rng, 0.05, low=700.0, high=3800.0, attack=0.0008, decay=0.009)
    mix(out, thud(190.0, 0.12, drop=0.8), 0.002, 0.6)
    return out


def make_card_played_across(rng: random.Random) -> Signal:
    """The card snap from across the table: duller and deeper, with a double tap.

    With four or six players the seat across sits in the centre as you do; this
    timbre tells its cards (your partner's, in partnerships) from your own.
    """
    out = burst(rng, 0.04, low=300.0, high=1600.0, attack=0.0015, decay=0.012)
    mix(out, thud(120.0, 0.16, drop=0.7), 0.002, 0.8)
    mix(out, burst(rng, 0.03, low=300.0, high=1400.0, decay=0.01), 0.07, 0.5)
    return out


def make_your_turn(rng: random.Random) -> Signal:
    """A gentle two-note bell, a rising fourth: a polite "over to you"."""
    out = tone(note("G5"), 0.5, BELL, decay=0.22, release=0.12)
    mix(out, tone(note("C6"), 0.38, BELL, decay=0.22, release=0.12), 0.12, 1.0)
    return out


def make_bid_placed(rng: random.Random) -> Signal:
    """A neutral wood-block tap when anyone names a bid."""
    out = tone(note("D5"), 0.16, MARIMBA, decay=0.035, attack=0.001, release=0.05)
    mix(out, burst(rng, 0.01, low=1500.0, high=5000.0, decay=0.002), 0.0, 0.15)
    return out


def make_illegal_move(rng: random.Random) -> Signal:
    """A short low buzz: two detuned reedy tones beat against each other."""
    seconds = 0.22
    out = tone(110.0, seconds, REED, decay=0.5, attack=0.008, release=0.05)
    mix(out, tone(116.0, seconds, REED, decay=0.5, attack=0.008, release=0.05))
    return lowpass(out, 1800.0)


def make_undo(rng: random.Random) -> Signal:
    """Two quick swells that glide down, like a tape wound back: "vwip-vwip"."""
    out = silence(0.26)
    for index in range(2):
        swoop = tone(
            note("A5"),
            0.11,
            MUTED,
            decay=1.0,
            attack=0.07,
            release=0.03,
            glide_to=note("D5"),
        )
        mix(out, swoop, index * 0.12, 1.0)
    return out


def make_trick_won_you(rng: random.Random) -> Signal:
    """Your trick: a bright rising C major arpeggio on the marimba."""
    out = silence(0.55)
    for index, name in enumerate(("C5", "E5", "G5", "C6")):
        last = index == 3
        voice = tone(
            note(name),
            0.35 if last else 0.2,
            MARIMBA,
            decay=0.14 if last else 0.07,
            attack=0.002,
            release=0.08,
        )
        mix(out, voice, index * 0.065, 0.8)
    return out


def make_trick_won_partner(rng: random.Random) -> Signal:
    """Your partner's trick: the same marimba, lower and softer, a rising pair."""
    out = tone(note("G4"), 0.2, MARIMBA, decay=0.07, attack=0.003, release=0.06)
    second = tone(note("B4"), 0.3, MARIMBA, decay=0.11, attack=0.003, release=0.1)
    mix(out, second, 0.09)
    return out


def make_trick_won_opponent(rng: random.Random) -> Signal:
    """The opponents' trick: a muted falling minor third, low and short."""
    out = tone(note("Eb4"), 0.22, MUTED, decay=0.08, attack=0.006, release=0.06)
    mix(out, tone(note("C4"), 0.3, MUTED, decay=0.1, attack=0.006, release=0.1), 0.12)
    return out


def make_spades_broken(rng: random.Random) -> Signal:
    """Spades are broken: a timpani hit under a swelling low C minor chord."""
    seconds = 1.0
    pad = chord(
        ("C3", "G3", "C4", "Eb4", "G4"),
        seconds,
        WARM,
        decay=1.2,
        attack=0.28,
        release=0.35,
    )
    out = mix(silence(seconds), pad, 0.0, 1.0)
    # The drum's upper partials let laptop speakers, which lose C2, still sound it.
    drum = tone(note("C3"), 0.6, MUTED, decay=0.16, attack=0.003, glide_to=note("G2"))
    mix(out, drum, 0.0, 0.55)
    mix(out, burst(rng, 0.06, low=60.0, high=500.0, decay=0.02), 0.0, 0.35)
    return out


def make_contract_made(rng: random.Random) -> Signal:
    """The contract is made: a bell cadence, G major resolving to C major."""
    out = chord(("G4", "B4", "D5"), 0.3, BELL, strum=0.015, decay=0.2, release=0.08)
    mix(out, chord(("C5", "E5", "G5"), 0.45, BELL, strum=0.015, decay=0.3), 0.18)
    return out


def make_contract_set(rng: random.Random) -> Signal:
    """The contract is set: two sagging horn notes, a semitone apart."""
    out = tone(note("G3"), 0.3, HORN, decay=0.6, attack=0.03, release=0.08)
    second = tone(
        note("F#3"),
        0.42,
        HORN,
        decay=0.5,
        attack=0.03,
        release=0.2,
        glide_to=note("F3"),
    )
    mix(out, second, 0.26)
    return lowpass(out, 1500.0)


def make_nil_made(rng: random.Random) -> Signal:
    """A nil is made: a quick sparkle high on the glockenspiel."""
    out = silence(0.6)
    for index, name in enumerate(("E6", "G6", "C7", "E7")):
        voice = tone(note(name), 0.5 - index * 0.06, GLOCK, decay=0.12, attack=0.001)
        mix(out, voice, index * 0.05, 0.6)
    return out


def make_nil_failed(rng: random.Random) -> Signal:
    """A nil fails: a round tone that deflates, sliding down an octave."""
    return tone(
        note("A4"),
        0.55,
        MUTED,
        decay=0.35,
        attack=0.01,
        release=0.15,
        glide_to=note("A3"),
    )


def make_bag_penalty(rng: random.Random) -> Signal:
    """Too many bags: a heavy sack dropped, its coins rattling out."""
    out = thud(95.0, 0.25, drop=0.75)
    for index in range(14):
        at = 0.05 + index * 0.028 + 0.01 * rng.random()
        pitch = 1800.0 + 1200.0 * rng.random()
        coin = tone(pitch, 0.05, COIN, decay=0.012, attack=0.0005, release=0.01)
        mix(out, coin, at, 0.35 * (1.0 - index / 16))
    return out


def make_hand_over(rng: random.Random) -> Signal:
    """The hand is over: a soft "amen" on a warm pad, F major settling to C major.

    Warm, not bell-like, so it never blurs with the contract result that follows.
    """
    out = chord(("F3", "A3", "C4", "F4"), 0.4, WARM, decay=0.6, attack=0.03)
    final = chord(("E3", "G3", "C4", "E4"), 0.55, WARM, decay=0.5, release=0.3)
    mix(out, final, 0.32)
    return out


def make_game_won(rng: random.Random) -> Signal:
    """Game won: a marimba run up to a ringing major chord."""
    out = silence(1.4)
    for index, name in enumerate(("C5", "E5", "G5")):
        voice = tone(note(name), 0.2, MARIMBA, decay=0.08, attack=0.002)
        mix(out, voice, index * 0.1, 0.7)
    final = chord(
        ("C4", "G4", "C5", "E5", "G5", "C6"),
        1.1,
        BELL,
        strum=0.01,
        decay=0.5,
        release=0.35,
    )
    mix(out, final, 0.3, 1.4)
    return out


def make_game_lost(rng: random.Random) -> Signal:
    """Game lost: a slow falling line into a soft A minor chord. Sad, not harsh."""
    out = silence(1.4)
    for index, name in enumerate(("E4", "D4", "C4")):
        voice = tone(note(name), 0.3, MUTED, decay=0.16, attack=0.01, release=0.08)
        mix(out, voice, index * 0.18, 0.8)
    final = chord(
        ("A2", "E3", "A3", "C4"), 0.86, WARM, decay=0.5, attack=0.03, release=0.35
    )
    mix(out, final, 0.54, 1.3)
    return out


def make_menu_move(rng: random.Random) -> Signal:
    """A short clean pip when the menu focus moves."""
    return tone(note("A5"), 0.05, SOFT, decay=0.03, attack=0.002, release=0.02)


def make_menu_select(rng: random.Random) -> Signal:
    """Two quick rising pips: chosen."""
    out = tone(note("E5"), 0.06, SOFT, decay=0.04, attack=0.002, release=0.02)
    mix(out, tone(note("B5"), 0.07, SOFT, decay=0.04, attack=0.002, release=0.03), 0.05)
    return out


def make_menu_back(rng: random.Random) -> Signal:
    """Two quick falling pips: back out."""
    out = tone(note("B5"), 0.06, SOFT, decay=0.04, attack=0.002, release=0.02)
    mix(out, tone(note("E5"), 0.07, SOFT, decay=0.04, attack=0.002, release=0.03), 0.05)
    return out


def make_speech_changed(rng: random.Random) -> Signal:
    """Speech moved to another output: a rising swoop that lands on a bell.

    Heard rarely and at any moment, so it asks for attention without sounding
    like a result: the words that follow say where speech went.
    """
    out = tone(
        note("E4"),
        0.16,
        WARM,
        decay=1.0,
        attack=0.03,
        release=0.04,
        glide_to=note("B4"),
    )
    mix(out, tone(note("E5"), 0.4, BELL, decay=0.18, release=0.14), 0.14, 0.9)
    return out


def make_chat(rng: random.Random) -> Signal:
    """A chat line came in: a quick upward chirp, then two light glockenspiel taps.

    A voice, not a result: it glides like an inflection, so it stands apart from
    the pips of the menus, the bell of your turn and the tap of a bid.
    """
    out = tone(
        note("C5"),
        0.09,
        SOFT,
        decay=0.06,
        attack=0.004,
        release=0.03,
        glide_to=note("G5"),
    )
    mix(out, tone(note("E6"), 0.14, GLOCK, decay=0.05, attack=0.001), 0.09, 0.55)
    mix(out, tone(note("E6"), 0.2, GLOCK, decay=0.07, attack=0.001), 0.17, 0.4)
    return out


# File stem -> (builder, loudness in dBFS). Stems match audiospades.sound.Cue, and
# tests/test_sound.py checks that the two lists agree. Loudness is the RMS of the
# loudest 50 ms, so a tick and a chord can be balanced by ear: the ticks heard dozens
# of times a hand sit low, the big moments high. Low sounds get a few dB extra
# because the ear is less sensitive down there; noise gets less because it is more.
CUES: Final[dict[str, tuple[Callable[[random.Random], Signal], float]]] = {
    "shuffle": (make_shuffle, -18.0),
    "deal": (make_deal, -19.0),
    "cards_passed": (make_cards_passed, -17.0),
    "card_focus": (make_card_focus, -26.0),
    "edge": (make_edge, -16.0),
    "card_played": (make_card_played, -17.0),
    "card_played_across": (make_card_played_across, -16.0),
    "your_turn": (make_your_turn, -14.0),
    "bid_placed": (make_bid_placed, -17.0),
    "illegal_move": (make_illegal_move, -15.0),
    "undo": (make_undo, -16.0),
    "trick_won_you": (make_trick_won_you, -12.0),
    "trick_won_partner": (make_trick_won_partner, -14.0),
    "trick_won_opponent": (make_trick_won_opponent, -14.0),
    "spades_broken": (make_spades_broken, -11.0),
    "contract_made": (make_contract_made, -12.0),
    "contract_set": (make_contract_set, -13.0),
    "nil_made": (make_nil_made, -13.0),
    "nil_failed": (make_nil_failed, -13.0),
    "bag_penalty": (make_bag_penalty, -12.0),
    "hand_over": (make_hand_over, -13.0),
    "game_won": (make_game_won, -10.0),
    "game_lost": (make_game_lost, -11.0),
    "menu_move": (make_menu_move, -22.0),
    "menu_select": (make_menu_select, -17.0),
    "menu_back": (make_menu_back, -17.0),
    "speech_changed": (make_speech_changed, -14.0),
    "chat": (make_chat, -17.0),
    "nothing_here": (make_nothing_here, -20.0),
}


def loudness(sig: Signal) -> float:
    """Return the RMS of the loudest 50 ms window (10 ms hop), in full scale."""
    window = min(samples(0.05), len(sig))
    hop = samples(0.01)
    running = [0.0]
    for value in sig:
        running.append(running[-1] + value * value)
    loudest = 0.0
    for start in range(0, len(sig) - window + 1, hop):
        loudest = max(loudest, running[start + window] - running[start])
    return math.sqrt(loudest / window)


def render(stem: str) -> bytes:
    """Return the 16-bit little-endian PCM frames of one cue at its loudness."""
    builder, level_db = CUES[stem]
    sig = builder(random.Random(stem))
    fade(sig, EDGE_FADE_SECONDS, EDGE_FADE_SECONDS)
    gain = 10.0 ** (level_db / 20.0) / loudness(sig)
    gain = min(gain, PEAK_CEILING / max(abs(value) for value in sig))
    pcm = array("h", (round(value * gain * FULL_SCALE) for value in sig))
    if sys.byteorder == "big":
        pcm.byteswap()  # WAV data is little-endian
    return pcm.tobytes()


def write_wav(path: Path, frames: bytes) -> None:
    with wave.open(str(path), "wb") as out:
        out.setnchannels(1)
        out.setsampwidth(SAMPLE_WIDTH)
        out.setframerate(RATE)
        out.writeframes(frames)


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--out", type=Path, default=DEFAULT_OUT, help="folder")
    args = parser.parse_args(argv)
    out_dir: Path = args.out
    out_dir.mkdir(parents=True, exist_ok=True)
    for stem in CUES:
        write_wav(out_dir / f"{stem}.wav", render(stem))
    logger.info("wrote %d cues to %s", len(CUES), out_dir)
    return 0


if __name__ == "__main__":
    logging.basicConfig(level=logging.INFO, format="%(message)s")
    raise SystemExit(main())
