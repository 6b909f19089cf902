"""``python -m seating.movements``: see ``cli``."""

from .cli import main

raise SystemExit(main())
