"""Fix-ups a language needs where a name or a card meets the words around it.

A translation is written once, but the names put into it vary: French writes
"Le nil de {player}", which must become "Le nil d'Omar" before a vowel and stay
"Le nil de Bert" otherwise. Such rules cannot live in the catalogue, so
:func:`polish` applies them to a finished sentence, for the language in force.
Every utterance passes through it (see :class:`~audiospades.presenter.Utterance`),
as do menu items.

Other agreements are settled in the catalogues themselves: a card is named with
its article in one message per rank (``the_card``), a sentence whose subject is a
side has one message per kind of subject (``side_subject``), and the hint's
reasons say "this card" rather than a pronoun whose gender would have to agree
with the card named.

>>> polish_for("fr", "Le nil aveugle de Omar a chuté.")
"Le nil aveugle d'Omar a chuté."
>>> polish_for("fr", "Table de Ève, partenaire de Bert et de Yves")
"Table d'Ève, partenaire de Bert et d'Yves"
>>> polish_for("fr", "que Hugo et que Anne")
"que Hugo et qu'Anne"
>>> polish_for("fr", "le nombre de onze, de Yasmine")
'le nombre de onze, de Yasmine'
>>> polish_for("en", "de Omar")
'de Omar'

German writes the player's "du" small inside a sentence, though the same word
("Du", for "You") opens one elsewhere:

>>> polish_for("de", "Letzter Stich: Omar, Herz 7, und Du, Herz 9. Du bist dran.")
'Letzter Stich: Omar, Herz 7, und du, Herz 9. Du bist dran.'
>>> polish_for("de", "Gewonnen haben Bert, Du oder Lena")
'Gewonnen haben Bert, du oder Lena'
"""

from __future__ import annotations

import re
from typing import Final

from audiospades.i18n import current_language

_VOWELS: Final = "AEIOUÀÂÆÉÈÊËÎÏÔŒÙÛÜaeiouàâæéèêëîïôœùûü"
_CONSONANTS_AFTER_Y: Final = "bcdfghjklmnpqrstvwxzBCDFGHJKLMNPQRSTVWXZ"

_FRENCH_ELISION: Final = re.compile(
    # "de" and "que", as whole words, before a word that starts with a vowel
    # (or with a y that a consonant follows, as in Yves), except "onze" and "oui".
    rf"\b([Dd]e|[Qq]ue) (?=(?:[{_VOWELS}]|[Yy][{_CONSONANTS_AFTER_Y}])(?!nze\b|ui\b))"
)


_GERMAN_SMALL_DU: Final = re.compile(r"(?<=, )Du\b|(?<=\bund )Du\b|(?<=\boder )Du\b")


def _elide(match: re.Match[str]) -> str:
    word = match.group(1)
    return word[:-1] + "'"


def polish_for(language: str, text: str) -> str:
    """``text`` with the fix-ups of ``language`` applied (see the module doc)."""
    if language.split("_")[0] == "fr":
        return _FRENCH_ELISION.sub(_elide, text)
    if language.split("_")[0] == "de":
        return _GERMAN_SMALL_DU.sub("du", text)
    return text


def polish(text: str) -> str:
    """``text`` with the fix-ups of the language in force."""
    return polish_for(current_language(), text)
