"""``python -m skat``: see ``cli``."""

import sys

from .cli import main

sys.exit(main())
