"""The screen framework: handler objects on a stack, testable without pygame.

A screen is a :class:`Screen` subclass. The loop gives it, in each frame:

* :meth:`Screen.handle` for each key press, with the :class:`Command` the key map
  gives for the screen's :meth:`Screen.key_contexts` (None if the key is unbound) and
  the :class:`KeyPress` itself (its ``char`` serves first-letter jumps);
* :meth:`Screen.update` once, with the clock's time;
* :meth:`Screen.draw` once, with a pygame surface (screens that draw nothing special
  inherit a plain title-and-lines picture).

``handle`` and ``update`` return a :class:`Transition` or None:
:class:`Push` a screen over this one, :class:`Pop` back to the one below (its
:meth:`Screen.on_resume` runs), :class:`Replace` this one, or :class:`Quit`.
:meth:`Screen.on_enter` runs when a screen first becomes the top one: say its title
and the focused item there.

The global keys (F1 help, F2 "what does this key do", repeat, history, silence,
speech rate, F11) are handled by the loop before the screen sees the key, so every
screen gets them for free. F1 lists :meth:`Screen.key_contexts`' bindings.

For a list of choices use :class:`MenuScreen` with :class:`MenuItem` entries: Up and
Down wrap, Home and End, the first letter of an item jumps to it, Enter or Space
chooses, Left and Right change an item's value, Escape goes back; each item is
spoken with its value and position ("Target score, 500, 3 of 12").

Example: a new options screen::

    class Sounds(MenuScreen):
        def __init__(self) -> None:
            super().__init__(N_("Learn the sounds"), [
                MenuItem(N_("Card played"), action=lambda s: play(s, Cue.CARD_PLAYED)),
            ])
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import TYPE_CHECKING

from audiospades.app.services import Services
from audiospades.commands import Command
from audiospades.i18n import _
from audiospades.keymap import Chord, Context, KeyMap
from audiospades.presenter import Utterance
from audiospades.presenter.grammar import polish
from audiospades.presenter.keynames import menu_keys
from audiospades.presenter.system import menu_item_text
from audiospades.sound import Cue

if TYPE_CHECKING:
    import pygame


@dataclass(frozen=True, slots=True)
class KeyPress:
    """One key press: its chord and the character it typed (may be empty)."""

    chord: Chord
    char: str = ""


@dataclass(frozen=True, slots=True)
class Push:
    """Open ``screen`` over the current one."""

    screen: Screen


@dataclass(frozen=True, slots=True)
class Pop:
    """Close the current screen (``count`` screens at once)."""

    count: int = 1


@dataclass(frozen=True, slots=True)
class Replace:
    """Close the current screen and open ``screen`` in its place."""

    screen: Screen


@dataclass(frozen=True, slots=True)
class Quit:
    """Leave the game."""


Transition = Push | Pop | Replace | Quit


class Screen:
    """Base class of every screen; override what you need."""

    title: str = ""
    """A message id (marked with ``N_``), translated when spoken or drawn."""

    def key_contexts(self) -> tuple[Context, ...]:
        """Key contexts, most specific first (GLOBAL is added by the loop)."""
        return (Context.MENU,)

    def help_contexts(self) -> tuple[Context, ...]:
        """The order in which F1 lists the key contexts (by default as above).

        A key still means what :meth:`key_contexts` makes it mean; only the order of
        the list changes (the table's information keys before the bid entry's).
        """
        return self.key_contexts()

    def where_text(self) -> str:
        """Where the player is, said before the keys on F1 ("": nothing to add).

        A screen whose title does not say it (the waiting room: at which table,
        under which rules) tells it here.
        """
        return ""

    def help_meanings(self) -> Mapping[Command, str | None]:
        """Commands whose F1 line differs on this screen.

        Each maps to its own words, or to None: not listed (undo at a networked
        table).
        """
        return {}

    def help_key_meanings(self, keymap: KeyMap) -> Mapping[Chord, str]:
        """Keys whose F1 line differs on this screen from their command's words.

        For a key the screen answers itself, whatever it means in the key map
        (``keymap``, the player's): a lesson leaves on Escape even where Escape
        answers no, while N, which answers no too, does not leave.
        """
        return {}

    def unavailable_keys(self) -> frozenset[Command]:
        """Commands the rules leave no use for here (N without nil).

        F1 leaves them out unless :meth:`help_meanings` words them
        (``HelpScreen.of``); "what does this key do" says why.
        """
        return frozenset()

    def on_enter(self, services: Services) -> None:
        """The screen became the top one for the first time."""

    def on_resume(self, services: Services) -> None:
        """A screen pushed over this one was closed."""

    def update_covered(self, services: Services, now_ms: int) -> None:
        """Each frame while another screen is over this one; most screens wait.

        A networked table's game goes on meanwhile (see ``OnlineTableScreen``).
        """

    accepts_text = False
    """Whether the screen takes typed text (:meth:`on_text`) rather than letters
    as keys; the loop then leaves printable keys to the TEXTINPUT events."""

    def handle(
        self, command: Command | None, key: KeyPress, services: Services
    ) -> Transition | None:
        """React to one key press."""
        return None

    def on_text(self, text: str, services: Services) -> None:
        """Text typed (only for a screen that :attr:`accepts_text`)."""

    def stray_key(
        self, command: Command | None, key: KeyPress, services: Services
    ) -> bool:
        """A key pressed with the one that brought this screen up: take it here?

        The loop takes every key waiting when a frame begins, so a key pressed
        with the one that opened this screen (or brought it back on top) is
        handled in the same frame, before the player has heard anything of it:
        it was meant for the screen before. True: it was answered here and is
        not handled; False (the default): it is handled as any key (its answer
        waits after the screen's opening words).
        """
        return False

    def waits_on_server(self) -> bool:
        """Whether :meth:`is_busy` is waiting on a server (real time, not the clock).

        The headless runner then waits in real time, within a bound, rather than
        moving its manual clock on.
        """
        return False

    def awaits_reply(self) -> bool:
        """Whether a request is with a server, whose answer will be heard.

        A key that sends one is answered by the server's news, not at once, so
        the loop does not call it unanswered (see :mod:`audiospades.app.answer`).
        """
        return False

    def update(self, services: Services, now_ms: int) -> Transition | None:
        """Called once a frame."""
        return None

    def is_busy(self) -> bool:
        """Whether the screen expects to change on its own (bots still playing)."""
        return False

    def lines(self) -> list[str]:
        """Text lines for the default picture (translated)."""
        return []

    def focus_index(self) -> int | None:
        """Which of :meth:`lines` has the focus (highlighted)."""
        return None

    def draw(self, surface: pygame.Surface, services: Services) -> None:
        """Draw the screen; the default shows the title and :meth:`lines`."""
        from audiospades.app.render import draw_lines

        draw_lines(
            surface,
            services,
            menu_keys(_(self.title)),
            self.lines(),
            self.focus_index(),
        )


class ScreenStack:
    """The open screens; the last is on top and gets the keys."""

    def __init__(self, first: Screen, services: Services) -> None:
        self.screens: list[Screen] = []
        self.services = services
        self._enter(first)

    @property
    def top(self) -> Screen:
        """The screen that gets the keys."""
        return self.screens[-1]

    @property
    def is_empty(self) -> bool:
        """Whether every screen was closed (the game ends)."""
        return not self.screens

    def apply(self, transition: Transition | None) -> bool:
        """Carry out a transition; False when the game should end."""
        match transition:
            case None:
                return True
            case Push(screen):
                self._enter(screen)
            case Pop(count):
                del self.screens[-count:]
                if not self.screens:
                    return False
                self.top.on_resume(self.services)
            case Replace(screen):
                self.screens.pop()
                self._enter(screen)
            case Quit():
                self.screens.clear()
                return False
        return True

    def _enter(self, screen: Screen) -> None:
        self.screens.append(screen)
        screen.on_enter(self.services)


@dataclass
class MenuItem:
    """One entry of a :class:`MenuScreen`.

    Attributes:
        label: A message id (``N_``), translated when spoken; or a callable giving
            translated text (for names that change).
        action: Called on Enter or Space; returns a transition or None.
        value: Gives the item's current value as text ("500"), or None.
        adjust: Called with -1 or +1 on Left or Right (change the value).
        choose_adjusts: Whether Enter, with no action, steps the value on as Right
            does; if not, Enter says the item again.
    """

    label: str | Callable[[], str]
    action: Callable[[Services], Transition | None] | None = None
    value: Callable[[], str] | None = None
    adjust: Callable[[Services, int], None] | None = None
    choose_adjusts: bool = True
    data: object = field(default=None)

    def text(self) -> str:
        """The label, translated."""
        return self.label() if callable(self.label) else _(self.label)


class MenuScreen(Screen):
    """A list of items (see the module docstring for the keys)."""

    def __init__(
        self,
        title: str,
        items: Sequence[MenuItem],
        *,
        can_go_back: bool = True,
        intro: Callable[[], str] | None = None,
    ) -> None:
        self.title = title
        self.items = list(items)
        self.index = 0
        self.can_go_back = can_go_back
        self.intro = intro

    def unavailable_keys(self) -> frozenset[Command]:
        """Left and Right where no item has a value to change.

        They only say the item again: F1 leaves them out, and F2 says there is
        nothing to change. A screen that words them itself (the computer players'
        list) keeps them.
        """
        if any(item.adjust is not None for item in self.items):
            return frozenset()
        worded = self.help_meanings()
        return frozenset(
            c for c in (Command.MENU_LEFT, Command.MENU_RIGHT) if c not in worded
        )

    def item_text(self, index: int | None = None) -> str:
        """The spoken form of an item: label, value, position."""
        i = self.index if index is None else index
        item = self.items[i]
        value = item.value() if item.value is not None else ""
        return menu_item_text(item.text(), i + 1, len(self.items), value)

    def arrival_text(self) -> str:
        """What arriving at the menu says: its title, intro and focused item."""
        parts = [menu_keys(_(self.title))]
        if self.intro is not None:
            parts.append(self.intro())
        if self.items:
            parts.append(self.item_text())
        return " ".join(p for p in parts if p)

    def on_enter(self, services: Services) -> None:
        services.say(Utterance(self.arrival_text(), interrupt=True))

    def on_resume(self, services: Services) -> None:
        self.index = min(self.index, max(0, len(self.items) - 1))
        if self.items:
            # After what closed the screen above said (if anything), not over it.
            interrupt = not services.spoke_this_frame()
            services.say(Utterance(self.item_text(), interrupt=interrupt))

    def _move(self, services: Services, index: int, cue: Cue = Cue.MENU_MOVE) -> None:
        self.index = index % len(self.items)
        services.say(Utterance(self.item_text(), cue, interrupt=True))

    def handle(
        self, command: Command | None, key: KeyPress, services: Services
    ) -> Transition | None:
        if not self.items:
            return Pop() if command is Command.BACK and self.can_go_back else None
        match command:
            case Command.MENU_UP:
                self._move(services, self.index - 1)
            case Command.MENU_DOWN:
                self._move(services, self.index + 1)
            case Command.MENU_FIRST:
                self._move(services, 0)
            case Command.MENU_LAST:
                self._move(services, len(self.items) - 1)
            case Command.MENU_LEFT | Command.MENU_RIGHT:
                item = self.items[self.index]
                if item.adjust is not None:
                    before = self.item_text()
                    item.adjust(services, -1 if command is Command.MENU_LEFT else 1)
                    text = self.item_text()
                    # A value already at its end (a volume's floor) is said with
                    # the edge cue, as the end of a list is.
                    cue = Cue.MENU_MOVE if text != before else Cue.EDGE
                    services.say(Utterance(text, cue, True))
                else:
                    services.say(Utterance(self.item_text(), Cue.EDGE, True))
            case Command.MENU_CHOOSE:
                item = self.items[self.index]
                services.sound.play(Cue.MENU_SELECT)
                if item.action is not None:
                    return item.action(services)
                if item.adjust is not None and item.choose_adjusts:
                    item.adjust(services, 1)
                # A line to read (help, a list of keys): Enter reads it again.
                services.say(Utterance(self.item_text(), interrupt=True))
            case Command.BACK:
                if self.can_go_back:
                    services.sound.play(Cue.MENU_BACK)
                    return Pop()
            case None if key.char and key.char.isalnum():
                self._jump(services, key.char)
        return None

    def _jump(self, services: Services, char: str) -> None:
        """First-letter navigation: the next item whose label starts with ``char``."""
        count = len(self.items)
        for step in range(1, count + 1):
            i = (self.index + step) % count
            if self.items[i].text()[:1].lower() == char.lower():
                self._move(services, i)
                return
        # No item starts with it: left unanswered here, so the loop says "Z does
        # nothing here. F1 lists the keys." the first time on this screen and the
        # "nothing here" cue after (the edge cue spoke of a list's end).

    def lines(self) -> list[str]:
        out = []
        for item in self.items:
            value = item.value() if item.value is not None else ""
            out.append(polish(f"{item.text()}: {value}" if value else item.text()))
        return out

    def focus_index(self) -> int | None:
        return self.index
