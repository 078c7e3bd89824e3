"""The game's window and screens: the only code that reads pygame events.

* :mod:`.screen` — the screen framework (:class:`Screen`, transitions, the stack,
  :class:`MenuScreen`); see its docstring for how to build a new screen.
* :mod:`.services` — what every screen may use: speech, sound, settings, clock.
* :mod:`.menus` — the main menu, the game menu, options, help.
* :mod:`.table` — the card table.
* :mod:`.render` — drawing (large, high-contrast, scalable).
* :mod:`.loop` — the pygame loop; :mod:`.harness` drives it without a window;
  :mod:`.main` — start-up and the command line (``--headless``).
"""
