"""audiospades: Spades for blind and low-vision players, keyboard alone."""

__version__ = "0.1.0"
