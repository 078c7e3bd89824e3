"""A yes/no question before a choice that cannot be taken back.

Abandoning a game, or leaving an online table, is one Enter away in a menu that
wraps; a stray key must not do it. :class:`Confirm` asks first: Y does it, N or
Escape keeps things as they were, and any other key repeats the question, as
does coming back to it from help (F1).
"""

from __future__ import annotations

from collections.abc import Callable

from audiospades.app.screen import KeyPress, Pop, Screen, Transition
from audiospades.app.services import Services
from audiospades.commands import Command
from audiospades.keymap import Context
from audiospades.presenter import Utterance, answer
from audiospades.sound import Cue


class Confirm(Screen):
    """Asks ``question()``; Y runs ``on_yes``, N or Escape goes back."""

    def __init__(
        self,
        title: str,
        question: Callable[[], str],
        on_yes: Callable[[Services], Transition | None],
    ) -> None:
        self.title = title
        self._question = question
        self._on_yes = on_yes

    def key_contexts(self) -> tuple[Context, ...]:
        return (Context.QUESTION,)

    def on_enter(self, services: Services) -> None:
        services.say(answer(self._question()))

    def on_resume(self, services: Services) -> None:
        # Back from help (F1): the question is in front of the player again.
        services.say(
            Utterance(self._question(), interrupt=not services.spoke_this_frame())
        )

    def handle(
        self, command: Command | None, key: KeyPress, services: Services
    ) -> Transition | None:
        match command:
            case Command.YES:
                return self._on_yes(services)
            case Command.NO:
                services.sound.play(Cue.MENU_BACK)
                return Pop()
        services.say(answer(self._question()))
        return None

    def lines(self) -> list[str]:
        return [self._question()]
