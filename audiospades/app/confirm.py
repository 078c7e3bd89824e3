"""A yes/no question before a choice that cannot be taken back.

Abandoning a game, or leaving an online table, is one Enter away in a menu that
wraps; a stray key must not do it. :class:`Confirm` asks first: Y does it, N or
Escape keeps things as they were, and any other key repeats the question, as
does coming back to it from help (F1).

A question asked over a card table (play again? leave? abandon?) is given that
table (a :class:`Backdrop`): the table's keys that only ask (S scores, P the last
hand, K the score sheet... :data:`~audiospades.table_control.QUERY_KEYS`) are
answered as at the table meanwhile, and the question stays open, as the game's
own questions (blind nil) are; its keys that would act ask the question again
(the rule, the page's too: :func:`~audiospades.table_control.under_question`).
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Final, Protocol

from audiospades.app.screen import KeyPress, Pop, Screen, Transition
from audiospades.app.services import Services
from audiospades.commands import Command
from audiospades.keymap import DEFAULT_KEYMAP, Context
from audiospades.presenter import Utterance, answer
from audiospades.presenter.system import question_again_key_text
from audiospades.sound import Cue
from audiospades.table_control import (
    UnderQuestion,
    under_question,
    under_question_meanings,
)

OWN_KEYS: Final = frozenset(
    {
        *(command for _, command in DEFAULT_KEYMAP.bindings(Context.GLOBAL)),
        Command.REPEAT,
    }
)
"""The game's own keys under a question over the table (see
:func:`~audiospades.table_control.under_question`): those of every screen, which
the loop answers before the screen."""


class Backdrop(Protocol):
    """The card table a question is asked over (a :class:`TableScreen`)."""

    def key_contexts(self) -> tuple[Context, ...]:
        """The table's key contexts now."""
        ...

    def help_contexts(self) -> tuple[Context, ...]:
        """The order F1 lists them in at the table."""
        ...

    def help_meanings(self) -> Mapping[Command, str | None]:
        """F1's own words for the table's keys now."""
        ...

    def unavailable_keys(self) -> frozenset[Command]:
        """The table keys F1 leaves out now."""
        ...

    def answer_query(
        self, command: Command, key: KeyPress, services: Services
    ) -> Transition | None:
        """Answer one of the table's keys that only ask as the table does."""
        ...


class Confirm(Screen):
    """Asks ``question()``; Y runs ``on_yes``, N or Escape goes back.

    ``over``: the card table the question is asked over, whose questions are
    answered meanwhile (see the module docstring).
    """

    def __init__(
        self,
        title: str,
        question: Callable[[], str],
        on_yes: Callable[[Services], Transition | None],
        *,
        over: Backdrop | None = None,
    ) -> None:
        self.title = title
        self._question = question
        self._on_yes = on_yes
        self._over = over

    def key_contexts(self) -> tuple[Context, ...]:
        if self._over is None:
            return (Context.QUESTION,)
        return _over(Context.QUESTION, self._over.key_contexts())

    def help_contexts(self) -> tuple[Context, ...]:
        if self._over is None:
            return self.key_contexts()
        return _over(Context.QUESTION, self._over.help_contexts())

    def unavailable_keys(self) -> frozenset[Command]:
        return frozenset() if self._over is None else self._over.unavailable_keys()

    def help_meanings(self) -> Mapping[Command, str | None]:
        over = self._over
        if over is None:
            return {}
        # The table's words for its questions; its other keys (Enter, T, the
        # chat key...) ask this question again. Those F1 leaves out at the table
        # now (B and H once the game is over) stay out.
        return under_question_meanings(
            over.help_meanings(),
            OWN_KEYS,
            question_again_key_text(),
            over.unavailable_keys(),
        )

    def on_enter(self, services: Services) -> None:
        services.say(answer(self._question()))

    def on_resume(self, services: Services) -> None:
        # Back from help (F1) or the score sheet (K): the question is in front
        # of the player again.
        services.say(
            Utterance(self._question(), interrupt=not services.spoke_this_frame())
        )

    def handle(
        self, command: Command | None, key: KeyPress, services: Services
    ) -> Transition | None:
        over = self._over
        match under_question(command, OWN_KEYS):
            case UnderQuestion.YES:
                return self._on_yes(services)
            case UnderQuestion.NO:
                return self.on_no(services)
            case UnderQuestion.ASKS if over is not None and command is not None:
                return over.answer_query(command, key, services)
        services.say(answer(self._question()))
        return None

    def on_no(self, services: Services) -> Transition | None:
        """N or Escape: back to where the question was asked from."""
        services.sound.play(Cue.MENU_BACK)
        return Pop()

    def lines(self) -> list[str]:
        return [self._question()]


def _over(first: Context, contexts: tuple[Context, ...]) -> tuple[Context, ...]:
    """``first``, then the table's ``contexts`` but the moment's own entry.

    The question takes the place of the table's own (a blind nil offer) and of
    the bid entry, whose keys (digits, Up and Down stepping the bid) all act.
    """
    moment = (Context.QUESTION, Context.BIDDING)
    return (first, *(c for c in contexts if c not in moment))
