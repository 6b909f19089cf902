"""Boards the apps built on scoring offer an event's live board: scoring knows none of them (the seasons sit above
it and import-linter keeps it so), so each registers a provider here when it is loaded, as the cash desk's
holdbacks do (``cashdesk.holdbacks``).

Vocabulary:
    offered board   a table beyond the evening the live board may show between series (``OfferedBoard``): a
                    season's table. It carries its name, the address of its own board, whether anyone may read
                    it (``public``) and a way to read its lines, called only when the projector shows it (a
                    season's table is read afresh with each page it turns, as the season's own board does).
    line            one row of an offered board, said in the active language: ``rank`` (None: not ranked),
                    ``name`` (the public name: the live board is the hall's), ``series_played``, ``total`` and
                    ``average`` (their text, as the provider's own pages write them) and ``qualified``.
    provider        a callable ``(tournament) -> iterable of OfferedBoard``; the seasons register theirs in
                    ``SeasonsConfig.ready`` (``seasons.offered_boards``).
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from dataclasses import dataclass, field


@dataclass(frozen=True)
class OfferedBoard:
    name: str
    address: str
    public: bool
    lines: Callable[[], list[dict]] = field(compare=False)


Provider = Callable[[object], Iterable[OfferedBoard]]
_providers: list[Provider] = []


def board_provider(provider: Provider) -> Provider:
    """Register ``provider`` (once, however often an app is made ready); returned, to serve as a decorator."""
    if provider not in _providers:
        _providers.append(provider)
    return provider


def boards_of(tournament) -> tuple[OfferedBoard, ...]:
    """Every board offered for ``tournament``, as each provider says it, in their order."""
    return tuple(board for provider in _providers for board in provider(tournament))
