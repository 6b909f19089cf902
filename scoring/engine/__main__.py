"""``python -m scoring.engine``: see ``cli``."""

import sys

from .cli import main

sys.exit(main())
