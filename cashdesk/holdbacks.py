"""What the cash report holds back from the cash, said by the apps built on scoring: scoring knows none of them
(the seasons sit above it and import-linter keeps it so), so each registers a provider here when it is loaded.

Vocabulary (beyond ``cashdesk``):
    holdback    one share of the event's entry fees taken that is kept back from the cash for something beyond the
                evening (``Holdback``): a season's prizes. It carries the figures its line in the report is said
                from, not the sentence: the report is said in the print language, which the provider does not know.
    provider    a callable ``(tournament, fees) -> iterable of Holdback``, ``fees`` being the entry fees the book
                says were taken at the event (``selectors.fees_taken``); the seasons register theirs in
                ``SeasonsConfig.ready`` (``seasons.holdbacks``). The provider computes the amount (its own rule,
                its own rounding): the cash report shows it as it is and subtracts it from the balance.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from dataclasses import dataclass
from decimal import Decimal


@dataclass(frozen=True)
class Holdback:
    """``percent`` of ``fees`` (the entry fees taken), ``amount`` once rounded, held back for ``name``."""

    name: str
    percent: Decimal
    fees: Decimal
    amount: Decimal


Provider = Callable[[object, Decimal], Iterable[Holdback]]
_providers: list[Provider] = []


def holdback_provider(provider: Provider) -> Provider:
    """Register ``provider`` (once, however often an app is made ready); returned, to serve as a decorator."""
    if provider not in _providers:
        _providers.append(provider)
    return provider


def holdbacks_of(tournament, fees: Decimal) -> tuple[Holdback, ...]:
    """Everything held back at ``tournament`` from the ``fees`` taken, as each provider says it, in their order."""
    return tuple(held for provider in _providers for held in provider(tournament, fees))
