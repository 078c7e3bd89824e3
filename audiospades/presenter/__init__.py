"""The presenter: every word the player hears or reads, through gettext.

Pure functions from an event, a notice or a question (with seat 0's
:class:`~audiospades.rules.SeatView` and the seat names) to text or
:class:`Utterance` objects. Nothing here speaks, plays or draws; the app sends the
utterances to speech and sound, and shows the latest line on screen.

Modules: :mod:`.words` (cards, suits, players, lists), :mod:`.events` (what happens),
:mod:`.table` (the table keys), :mod:`.replies` (the table controller's answers
to keys), :mod:`.scoring` (scores explained, rules), :mod:`.system` (refusals,
files, speech, menus, keys, hints), :mod:`.replay` (the ``audiospades replay``
command's lines).
"""

from audiospades.presenter.events import describe
from audiospades.presenter.utterance import Utterance, answer

__all__ = ["Utterance", "answer", "describe"]
