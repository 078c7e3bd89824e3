"""audiospades: Spades for blind and low-vision players, played with the keyboard alone."""

__version__ = "0.1.0"
