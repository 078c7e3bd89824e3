"""``N_()`` marks English text for translation where it is defined, not where shown.

Data modules (character names, rule descriptions) wrap their English in ``N_`` so
``pybabel extract -k N_`` finds it; the presenter translates it with ``_()`` when it
speaks. ``N_`` itself changes nothing:

>>> N_("Milly")
'Milly'
"""


def N_(message: str) -> str:
    """Return ``message`` unchanged; its only job is to be found by extraction."""
    return message
