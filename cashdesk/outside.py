"""Money of the apps built on scoring that an event's cash desk handles beside its players' dues: a league match
day's team fees (Startgeld) and no-show fines (Strafe Nichtantreten). The cash desk knows no league (import-linter
keeps it below them), so the leagues register a provider here when they are loaded (``LeaguesConfig.ready``).

Vocabulary (beyond ``cashdesk``):
    outside line  one such line (``OutsideLine``): ``team`` and ``book`` (the league) it is booked against, ``what``
                  its kind ("fee" or "fine"), ``amount``, whether it is taken and whether at this event's desk
                  (``here``). Only a line taken here counts in this desk's cash; one taken elsewhere is shown as
                  taken, for the cashier's information.
    provider      ``(tournament) -> iterable of OutsideLine``: the lines belonging to the event.
    taker         ``(tournament, line id, by) -> None``: the line's money taken at the event's desk; raises
                  ``cashdesk.services.CashError`` when it cannot be (not the event's, taken already).
    giving back   a line taken here by mistake is reversed as the desk's own lines are: a counter-line (``gives_back``,
                  the amount negated, ``note`` the reason) moves the money back at this desk, the line it takes
                  back says so (``given_back``), and the book the line belongs to has it open again (a new line).
                  Both stay here: the desk's cash is their sum.
    reverser      ``(tournament, line id, by, note) -> None``: the giving back, at the desk that took the line;
                  raises ``CashError`` when it cannot be (not taken here, given back already, a counter-line).
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from dataclasses import dataclass
from decimal import Decimal


@dataclass(frozen=True)
class OutsideLine:
    key: str  # "<provider's name>:<line id>", what the desk's take form sends back
    team: str
    book: str
    what: str  # "fee" or "fine"
    amount: Decimal
    taken: bool
    here: bool  # taken at this event's desk
    gives_back: bool = False  # a counter-line: the money of a line taken here given back (``amount`` negative)
    given_back: bool = False  # taken here, then given back by a counter-line
    note: str = ""  # a counter-line's reason

    @property
    def open(self) -> bool:
        return not self.taken

    @property
    def reversible(self) -> bool:
        """Whether the desk offers to give this line's money back: taken here, and neither given back nor a
        counter-line itself."""
        return self.here and self.taken and not self.gives_back and not self.given_back


Provider = Callable[[object], Iterable[OutsideLine]]
Taker = Callable[[object, int, object], None]
Reverser = Callable[[object, int, object, str], None]
_providers: dict[str, tuple[Provider, Taker, Reverser]] = {}


def outside_provider(name: str, provider: Provider, taker: Taker, reverser: Reverser) -> None:
    """Register ``provider``, ``taker`` and ``reverser`` under ``name`` (once, however often an app is made ready)."""
    _providers[name] = (provider, taker, reverser)


def outside_lines(tournament) -> tuple[OutsideLine, ...]:
    """The outside lines of ``tournament``, as each provider says them, in their order."""
    return tuple(line for provider, *_writers in _providers.values() for line in provider(tournament))


def _named(key: str) -> tuple[tuple[Provider, Taker, Reverser], int] | None:
    name, _, number = key.partition(":")
    if name not in _providers or not number.isdigit():
        return None
    return _providers[name], int(number)


def outside_take(tournament, key: str, by) -> bool:
    """The line named by ``key`` taken at ``tournament``'s desk; False when no provider knows the key."""
    named = _named(key)
    if named is None:
        return False
    (_provider, taker, _reverser), number = named
    taker(tournament, number, by)
    return True


def outside_reverse(tournament, key: str, by, note: str) -> bool:
    """The money of the line named by ``key``, taken at ``tournament``'s desk, given back there with ``note`` (the
    reason); False when no provider knows the key."""
    named = _named(key)
    if named is None:
        return False
    (_provider, _taker, reverser), number = named
    reverser(tournament, number, by, note)
    return True
