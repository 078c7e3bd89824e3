"""Computer players: see :mod:`audiospades.bots.base` for the protocol."""

from audiospades.bots.base import Bot, RandomBot

__all__ = ["Bot", "RandomBot"]
