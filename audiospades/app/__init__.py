"""The game's window and screens: the only code that reads pygame events.

* :mod:`.screen` — the screen framework (:class:`Screen`, transitions, the stack,
  :class:`MenuScreen`); see its docstring for how to build a new screen.
* :mod:`.services` — what every screen may use: speech, sound, settings, clock.
* :mod:`.main_menu` — the main menu; :mod:`.menus` — the game menu, options, keys
  and sounds (menus that start nothing).
* :mod:`.games` — the game factory: a new game from the settings, or the saved one.
* :mod:`.table` — the card table: speaks and draws what the pygame-free
  :class:`~audiospades.table_control.TableController` decides.
* The other screens: :mod:`.players_screen`, :mod:`.rules_screen`,
  :mod:`.stats_screen`, :mod:`.review_screen`.
* :mod:`.render` — drawing (large, high-contrast, scalable).
* :mod:`.loop` — the pygame loop; :mod:`.harness` drives it without a window;
  :mod:`.main` — start-up and the command line (``--headless``).

The modules import each other without a circle (a test checks it).
"""
