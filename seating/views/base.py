"""What every director's page of a tournament shares: the tournament named by the address, and the way back to
a page with its sort and page kept."""

from __future__ import annotations

import re
from urllib.parse import urlencode

from django.shortcuts import get_object_or_404
from django.urls import reverse

from seating.models import Tournament

PLAYERS_PER_PAGE = 100
SEATS_PER_PAGE = 250


def _tournament(pk: int) -> Tournament:
    return get_object_or_404(Tournament, pk=pk)


def _back_to(name: str, pk: int, params) -> str:
    """The page's URL with its sort and page kept (and nothing else from the request)."""
    kept = {key: params[key] for key in ("sort", "page", "stay")
            if re.fullmatch(r"-?\w{1,40}", params.get(key, ""), flags=re.ASCII)}
    url = reverse(f"director:{name}", args=[pk])
    return f"{url}?{urlencode(kept)}" if kept else url
