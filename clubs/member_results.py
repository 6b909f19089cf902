"""A member's results, said by the apps that keep them, for his own copy of his data (GDPR, ``member_data``).

The registry knows the players a member was (``member.players``) but not their scores: clubs imports neither
seating nor scoring (import-linter), and scoring sits above clubs. So scoring registers a provider here when it
is loaded (``ScoringConfig.ready``), as the seasons register theirs with the cash desk.

Vocabulary:
    provider    a callable ``(player) -> dict``: that player's results in his event as plain data (JSON-ready).
"""

from __future__ import annotations

from collections.abc import Callable

Provider = Callable[[object], dict]
_providers: list[Provider] = []


def member_results_provider(provider: Provider) -> Provider:
    """Register ``provider`` (once, however often an app is made ready); returned, to serve as a decorator."""
    if provider not in _providers:
        _providers.append(provider)
    return provider


def results_of(player) -> dict:
    """Every provider's results of ``player``, merged (none registered: empty)."""
    merged: dict = {}
    for provider in _providers:
        merged |= provider(player)
    return merged
