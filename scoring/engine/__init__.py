"""The Skat rules engine: plain Python, no Django.

It values and checks every game a table controller enters, under four rulebooks:
``foster-1922`` (the default), ``nasl-1908``, ``mccoll-1908`` and ``isko``.

    from scoring.engine import Deal, score
    result = score(Deal(game="spade tournee", matadores="without 10", points=75, tricks=6), "foster-1922")
    result.score        # 77
    result.explanation  # 'Spade Tournee: 1 for game, "without" 10, = 11 × 7 = 77'

Modules: ``rulebooks`` (the books as data), ``games`` and ``phrases`` (games and their names),
``deals`` (input and result), ``valuation`` and ``multipliers`` (won/lost and values), ``ramsch``,
``bids`` (legal bids and possible values), ``checks`` (values written down), ``cli``.
"""

from .bids import bids as legal_bids
from .bids import entry_values, highest_score
from .checks import check_entry, check_written
from .deals import Deal, RamschFacts, Result, parse_matadores
from .errors import InvalidDeal
from .phrases import find_game
from .rulebooks import DEFAULT_RULEBOOK, RULEBOOKS, Rulebook, get_rulebook
from .valuation import score

__all__ = [
    "DEFAULT_RULEBOOK", "RULEBOOKS", "Deal", "InvalidDeal", "RamschFacts", "Result", "Rulebook",
    "check_entry", "check_written", "entry_values", "find_game", "get_rulebook", "highest_score", "legal_bids",
    "parse_matadores", "score",
]
