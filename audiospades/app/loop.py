"""The pygame loop: the only code that reads pygame's event queue.

Each frame: key presses become :class:`~audiospades.app.screen.KeyPress` objects and,
through the key map, commands; the global keys are handled here; the rest go to the
top screen. Then speech ticks, the top screen updates with the clock's time, and the
picture is drawn.
"""

from __future__ import annotations

import logging
from contextlib import nullcontext

import pygame

from audiospades.app.answer import QUIET_KEYS, KeyAnswers
from audiospades.app.screen import (
    KeyPress,
    Push,
    Quit,
    Screen,
    ScreenStack,
    Transition,
)
from audiospades.app.services import Services
from audiospades.commands import Command
from audiospades.keymap import Context, chord_from_key
from audiospades.presenter import Utterance
from audiospades.presenter.access import cue_volume_text, fullscreen_text
from audiospades.presenter.system import (
    history_end_text,
    key_help_text,
    own_help_text,
    rate_text,
    unavailable_key_text,
    what_key_text,
)
from audiospades.sound import Cue

log = logging.getLogger(__name__)

RATE_STEP = 10
"""Percent per press of a speech rate key."""

CUE_STEP = 10
"""Percent per press of a cue volume key."""


def key_press_from_event(event: pygame.event.Event) -> KeyPress:
    """Name a KEYDOWN event by the character it typed, else by its key."""
    mods = event.mod
    chord = chord_from_key(
        pygame.key.name(event.key),
        getattr(event, "unicode", ""),
        ctrl=bool(mods & pygame.KMOD_CTRL),
        alt=bool(mods & pygame.KMOD_ALT),
        shift=bool(mods & pygame.KMOD_SHIFT),
    )
    char = getattr(event, "unicode", "")
    return KeyPress(chord, char if char.isprintable() else "")


class App:
    """The screen stack and the frame loop around it."""

    def __init__(self, services: Services, first: Screen, *, draw: bool = True):
        self.services = services
        self.stack = ScreenStack(first, services)
        self.running = True
        self.draw_enabled = draw
        self.frame_count = 0
        self._spent_char = ""
        """The character of the last key press that was a command, not typing."""
        self.answers = KeyAnswers()
        """Key presses nothing answered yet; answered at the end of their frame."""
        self._came_up: Screen | None = None
        """The screen that came to the top in this frame (opened, or back on top
        as the one over it closed), if one did."""

    @property
    def top(self) -> Screen | None:
        """The screen receiving keys (None once every screen is closed)."""
        return None if self.stack.is_empty else self.stack.top

    # --- keys ---
    def key_down(self, key: KeyPress) -> None:
        """Handle one key press: global keys here, the rest by the top screen.

        A press that nothing answers (no speech, no cue) by the end of its frame
        is answered there (see :mod:`audiospades.app.answer`).

        The loop takes every key waiting when a frame begins: a key pressed with
        the one that brought the top screen up (a second Enter with Enter on
        "New game" or "Continue") is handled in the frame that screen came up
        in, its opening words queued a moment ago and still unheard. Whatever
        it sets off waits after them: spoken with interrupt, the answer, or a
        refusal the game gives ("It is not your turn."), cut them off (QA).
        And the screen may refuse such a key (:meth:`Screen.stray_key`): the
        table takes no card, bid or answer from it.
        """
        self._spent_char = ""
        if not self.running or self.stack.is_empty:
            return
        mark = self.services.output_count
        screen = self.stack.top
        was_waiting = screen.awaits_reply()
        if screen is self._came_up:
            with self.services.queued():
                self._key_down(key, stray=True)
        else:
            self._key_down(key)
        sent = not was_waiting and screen.awaits_reply()  # the server will answer
        if self.services.output_count == mark and not sent:
            self.answers.unanswered(screen, key.chord, mark)

    def _key_down(self, key: KeyPress, *, stray: bool = False) -> None:
        """``stray``: pressed with the key that brought the screen up."""
        services = self.services
        screen = self.stack.top
        chain = (*screen.key_contexts(), Context.GLOBAL)
        command = services.keymap.lookup(key.chord, chain)
        if services.what_key_mode:
            if command is Command.WHAT_KEY:
                services.what_key_mode = False
                services.say(Utterance(what_key_text(False), interrupt=True))
            else:
                # In the screen's own words where F1 has them (Enter after the
                # game, Escape at a networked table).
                # A key the screen answers itself, whatever its command (Escape
                # in a lesson), first.
                own = screen.help_key_meanings(services.keymap).get(key.chord)
                words = screen.help_meanings().get(command) if command else None
                if own is not None:
                    text = own_help_text(key.chord, own)
                elif command is not None and command in screen.unavailable_keys():
                    # N without nil: why it does nothing, as pressing it says.
                    text = unavailable_key_text(key.chord, command)
                elif words is None:
                    text = key_help_text(key.chord, command)
                else:
                    text = own_help_text(key.chord, words)
                services.say(Utterance(text, interrupt=True))
            return
        if screen.accepts_text and _types(key):
            return  # the TEXTINPUT event that follows carries the character
        # The key was a command: the TEXTINPUT that follows it is not typing (the
        # chat key must not type an apostrophe into the line it opens).
        self._spent_char = key.char
        if self._global(command, screen):
            return
        if command is None and key.chord.key in QUIET_KEYS:
            # A modifier on its way to a chord, or a screen reader's own key: no
            # screen takes it as "any key" (QA: Insert answered the tour's "Not
            # that key" and asked the abandon question again).
            return
        if stray and screen.stray_key(command, key, services):
            return
        self._apply(screen.handle(command, key, services))

    def text_input(self, text: str) -> None:
        """Text typed (a TEXTINPUT event), for a screen that takes text."""
        spent, self._spent_char = self._spent_char, ""
        if not self.running or self.stack.is_empty or self.services.what_key_mode:
            return
        if text == spent:
            return
        screen = self.stack.top
        if screen.accepts_text:
            screen.on_text(text, self.services)

    def _global(self, command: Command | None, screen: Screen) -> bool:
        services = self.services
        speech = services.speech
        match command:
            case Command.HELP:
                from audiospades.app.menus import HelpScreen

                if isinstance(screen, HelpScreen):
                    screen.on_enter_again(services)  # F1 in help: where you are
                else:
                    self._apply(Push(HelpScreen.of(screen)))
                return True
            case Command.WHAT_KEY:
                services.what_key_mode = True
                services.say(Utterance(what_key_text(True), interrupt=True))
                return True
            case Command.REPEAT:
                text = speech.repeat_last()
                if text:
                    services.show_braille(text)
                if text and services.on_utterance is not None:
                    services.on_utterance(text)
                return True
            case Command.HISTORY_BACK | Command.HISTORY_FORWARD:
                text = (
                    speech.history_back()
                    if command is Command.HISTORY_BACK
                    else speech.history_forward()
                )
                if text is None:
                    services.sound.play(Cue.EDGE)
                    text = history_end_text()
                    speech.say_aside(text)
                services.show_braille(text)
                if services.on_utterance is not None:
                    services.on_utterance(text)
                return True
            case Command.SILENCE:
                speech.silence()
                return True
            case Command.SPEECH_FASTER | Command.SPEECH_SLOWER:
                step = RATE_STEP if command is Command.SPEECH_FASTER else -RATE_STEP
                rate = max(50, min(300, services.settings.speech_rate + step))
                services.update_settings(speech_rate=rate)
                applied = speech.set_rate(rate)
                services.say(Utterance(rate_text(rate, applied), interrupt=True))
                return True
            case Command.FULLSCREEN:
                services.update_settings(fullscreen=not services.settings.fullscreen)
                services.fullscreen_requested = True
                services.say(
                    Utterance(fullscreen_text(services.settings.fullscreen), None, True)
                )
                return True
            case Command.CUE_LOUDER | Command.CUE_QUIETER:
                step = CUE_STEP if command is Command.CUE_LOUDER else -CUE_STEP
                volume = max(0, min(100, services.settings.cue_volume + step))
                services.update_settings(cue_volume=volume)
                # The cue, at the new volume, lets the player hear the level.
                services.say(
                    Utterance(cue_volume_text(volume), Cue.MENU_MOVE, interrupt=True)
                )
                return True
            case Command.QUIT:
                self._apply(Quit())
                return True
        return False

    def _apply(self, transition: Transition | None) -> None:
        if transition is None:
            return
        before = self.top
        if not self.stack.apply(transition):
            self.running = False
        elif self.top is not before:
            self._came_up = self.top

    # --- frames ---
    def handle_event(self, event: pygame.event.Event) -> None:
        """One pygame event."""
        if event.type == pygame.QUIT:
            self.running = False
        elif event.type == pygame.KEYDOWN:
            self.key_down(key_press_from_event(event))
        elif event.type == pygame.TEXTINPUT:
            self.text_input(getattr(event, "text", ""))

    def frame(self, first: pygame.event.Event | None = None) -> bool:
        """Run one frame; False once the game should end.

        Args:
            first: An event already taken from the queue (by ``pygame.event.wait``),
                handled before the rest.
        """
        self.services.begin_frame()
        self._came_up = None
        if first is not None and first.type != pygame.NOEVENT:
            self.handle_event(first)
        for event in pygame.event.get():
            self.handle_event(event)
        services = self.services
        services.speech.tick()
        services.flush_notices()
        services.poll_braille()
        if self.running and not self.stack.is_empty:
            self._apply(self.stack.top.update(services, services.clock.now_ms()))
            for screen in self.stack.screens[:-1]:
                screen.update_covered(services, services.clock.now_ms())
        if self.running:
            # A key nothing answered, pressed with the one that brought a screen
            # up ("F3 does nothing here."): not over that screen's words either.
            with services.queued() if self._came_up else nullcontext():
                self.answers.answer(
                    services.output_count, services.say, services.sound.audible
                )
        if services.fullscreen_requested:
            services.fullscreen_requested = False
            _set_fullscreen(services.settings.fullscreen)
        if self.draw_enabled and self.running and not self.stack.is_empty:
            surface = pygame.display.get_surface()
            if surface is not None:
                self.stack.top.draw(surface, services)
                pygame.display.flip()
        self.frame_count += 1
        return self.running

    def is_busy(self) -> bool:
        """Whether the top screen will still change without a key (bots playing)."""
        return self.running and not self.stack.is_empty and self.stack.top.is_busy()

    def waits_on_server(self) -> bool:
        """Whether the top screen is busy waiting on a server (real time)."""
        return (
            self.running
            and not self.stack.is_empty
            and self.stack.top.waits_on_server()
        )


def _types(key: KeyPress) -> bool:
    """Whether a key press types a character (no Ctrl or Alt held)."""
    return bool(key.char) and not key.chord.mods & {"ctrl", "alt"}


WINDOW_SIZE = (1024, 720)


def open_window(fullscreen: bool) -> pygame.Surface:
    """Open the resizable game window (or full screen)."""
    flags = pygame.RESIZABLE | (pygame.FULLSCREEN if fullscreen else 0)
    surface = pygame.display.set_mode(WINDOW_SIZE if not fullscreen else (0, 0), flags)
    pygame.display.set_caption("Audio Spades")
    return surface


def _set_fullscreen(on: bool) -> None:
    try:
        open_window(on)
    except pygame.error as error:
        log.warning("cannot switch full screen: %s", error)
