"""A one-line text entry: a server address, a name, a table's code, a chat line.

Typing comes from pygame's TEXTINPUT events (:meth:`TextEntryScreen.on_text`), so
dead keys, compose sequences and input methods give the character the player meant;
each character is spoken as it is typed. The keys (context ``TEXT``): Backspace
erases the last character and says it, Up or Down reads the whole line, Delete
clears it, Enter accepts, Escape cancels. The global keys (F1 help, Page Up and
Page Down, Ctrl to silence) work as everywhere; printable keys always type, even
one the player bound to a command elsewhere.

The line starts with ``text`` (a remembered address or name) and the cursor after
it. ``check`` may refuse a line on Enter with a sentence; ``on_accept`` gets the
accepted line (stripped of spaces at the ends) and returns the next transition.

Its picture is a page of its own (the label as the title, the line framed) or,
given a ``backdrop`` (the table a chat line is typed at), that screen's picture
with the line in a field where it hides nothing of it.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, Protocol

from audiospades.app.screen import KeyPress, Pop, Screen, Transition
from audiospades.app.services import Services
from audiospades.commands import Command
from audiospades.i18n import _
from audiospades.keymap import Context
from audiospades.net.protocol import is_printable_text
from audiospades.presenter import Utterance, answer
from audiospades.presenter.online import (
    char_text,
    line_cleared_text,
    line_full_text,
    line_text,
    text_entry_intro,
    unprintable_text,
)
from audiospades.sound import Cue

if TYPE_CHECKING:
    import pygame

Accept = Callable[[Services, str], Transition | None]
Check = Callable[[str], str | None]


class Backdrop(Protocol):
    """A screen whose picture can hold a line being typed (the table's)."""

    def draw_with_field(
        self,
        surface: pygame.Surface,
        services: Services,
        field: tuple[str, str] | None,
    ) -> None:
        """Draw the picture with ``field`` (a label and the line) in it."""


class TextEntryScreen(Screen):
    """One line of text (see the module docstring)."""

    accepts_text = True
    """The loop hands this screen the text of TEXTINPUT events."""

    def __init__(
        self,
        label: str,
        on_accept: Accept,
        *,
        text: str = "",
        max_length: int = 100,
        check: Check | None = None,
        on_cancel: Callable[[Services], Transition | None] | None = None,
        backdrop: Backdrop | None = None,
        for_server: bool = False,
    ) -> None:
        """Set up the entry.

        Args:
            label: a message id (``N_``) naming what is typed.
            on_accept: called with the accepted line; returns the transition.
            text: the line to start from.
            max_length: characters the line may hold.
            check: gives a sentence refusing the line, or None to accept it.
            on_cancel: called on Escape (default: close this screen).
            backdrop: the screen under this one whose picture shows the line
                (None: a page of its own).
            for_server: a line sent to the server (a chat line, a table's
                name): a character it refuses (a no-break space, a right-to-left
                mark) is kept and answered as it is typed, and the line is
                refused on Enter while it holds one, its text kept (else such a
                character is dropped). The server's own check decides.
        """
        self.title = label
        self.text = text[:max_length]
        self.max_length = max_length
        self._on_accept = on_accept
        self._check = check
        self._on_cancel = on_cancel
        self._backdrop = backdrop
        self._for_server = for_server

    def key_contexts(self) -> tuple[Context, ...]:
        return (Context.TEXT,)

    def on_enter(self, services: Services) -> None:
        services.say(Utterance(text_entry_intro(_(self.title), self.text), None, True))

    def on_resume(self, services: Services) -> None:
        self.on_enter(services)

    def on_text(self, text: str, services: Services) -> None:
        """Characters typed (a TEXTINPUT event): add them and say them."""
        for char in text:
            refused = not is_printable_text(char)
            if refused and not self._for_server:
                continue
            if len(self.text) >= self.max_length:
                services.sound.play(Cue.EDGE)
                services.say_echo(line_full_text(self.max_length))
                return
            self.text += char
            if refused:
                services.say(answer(unprintable_text(), Cue.ILLEGAL_MOVE))
            else:
                services.say_echo(char_text(char))

    def handle(
        self, command: Command | None, key: KeyPress, services: Services
    ) -> Transition | None:
        match command:
            case Command.TEXT_ERASE:
                if not self.text:
                    services.sound.play(Cue.EDGE)
                    services.say_echo(line_text(""))
                else:
                    gone, self.text = self.text[-1], self.text[:-1]
                    services.say_echo(char_text(gone))
            case Command.TEXT_READ:
                services.say_echo(line_text(self.text))
            case Command.TEXT_CLEAR:
                self.text = ""
                services.say_echo(line_cleared_text())
            case Command.TEXT_ACCEPT:
                line = self.text.strip()
                refusal = self._check(line) if self._check is not None else None
                if refusal is None and self._for_server and not is_printable_text(line):
                    refusal = unprintable_text()
                if refusal is not None:
                    services.say(answer(refusal, Cue.ILLEGAL_MOVE))
                    return None
                services.sound.play(Cue.MENU_SELECT)
                return self._on_accept(services, line)
            case Command.TEXT_CANCEL:
                services.sound.play(Cue.MENU_BACK)
                if self._on_cancel is not None:
                    return self._on_cancel(services)
                return Pop()
        return None

    def lines(self) -> list[str]:
        return [self.text + "_"]

    def focus_index(self) -> int | None:
        return 0

    def draw(self, surface: pygame.Surface, services: Services) -> None:
        if self._backdrop is None:
            super().draw(surface, services)
            return
        self._backdrop.draw_with_field(
            surface, services, (_(self.title), self.text + "_")
        )
