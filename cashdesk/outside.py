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

    @property
    def open(self) -> bool:
        return not self.taken


Provider = Callable[[object], Iterable[OutsideLine]]
Taker = Callable[[object, int, object], None]
_providers: dict[str, tuple[Provider, Taker]] = {}


def outside_provider(name: str, provider: Provider, taker: Taker) -> None:
    """Register ``provider`` and ``taker`` under ``name`` (once, however often an app is made ready)."""
    _providers[name] = (provider, taker)


def outside_lines(tournament) -> tuple[OutsideLine, ...]:
    """The outside lines of ``tournament``, as each provider says them, in their order."""
    return tuple(line for provider, _taker in _providers.values() for line in provider(tournament))


def outside_take(tournament, key: str, by) -> bool:
    """The line named by ``key`` taken at ``tournament``'s desk; False when no provider knows the key."""
    name, _, number = key.partition(":")
    if name not in _providers or not number.isdigit():
        return False
    _providers[name][1](tournament, int(number), by)
    return True
