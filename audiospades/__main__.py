"""Allow ``python -m audiospades``."""

from audiospades.cli import main

raise SystemExit(main())
