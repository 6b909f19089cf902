"""Picking one player of a hall of thousands by his number or by searching his name, never from a long list.

Vocabulary:
    number     a player's id in this tournament, shown as ``#123`` beside his name wherever he is picked.
    label      how a found player is offered: ``Name (Club) #123``; typed back, its number decides.
    pick       the text the committee typed: a number (``123`` or ``#123``), a label, or a name or part of one
               that only one player of the tournament matches.
Each reads with one query, whatever the size of the hall.
"""

from __future__ import annotations

import re

from django.utils.translation import gettext as _

from common.folding import contains_folded, folded
from seating.models import Player, Tournament

FOUND_AT_MOST = 20
_NUMBER = re.compile(r"(?:^|\s)#?(\d{1,12})\s*$")


class PickError(ValueError):
    """The text names no player, or more than one; the message says which."""


def player_label(player: Player) -> str:
    return f"{player} #{player.pk}"


def players_found(tournament: Tournament, text: str, limit: int = FOUND_AT_MOST) -> list[Player]:
    """The first ``limit`` players (by name) whose name or club contains ``text``, or whose number it is."""
    text = text.strip()[:120]
    if not text:
        return []
    query = Player.objects.filter(tournament=tournament).only("id", "name", "club").order_by("name", "id")
    number = _NUMBER.search(text)
    if number and text.lstrip("#").isdigit():
        return list(query.filter(pk=int(number.group(1)))[:1])
    players = list(query)  # searched here, folded: the database's own search ignores case for ASCII only
    return ([p for p in players if contains_folded(text, p.name)][:limit]
            or [p for p in players if contains_folded(text, p.club)][:limit])


def player_picked(tournament: Tournament, text: str) -> int:
    """The id of the one player ``text`` picks (see ``pick``); ``PickError`` when it picks none or several."""
    text = (text or "").strip()
    if not text:
        raise PickError(_("type a player's number or name"))
    number = _NUMBER.search(text)
    if number:
        found = Player.objects.filter(tournament=tournament, pk=int(number.group(1))).values_list("pk", flat=True)
        if found:
            return found[0]
        raise PickError(_("no player of this tournament has the number #%(number)s") % {"number": number.group(1)})
    players = Player.objects.filter(tournament=tournament).only("id", "name", "club").order_by("name", "id")
    candidates = [p for p in players if contains_folded(text[:120], p.name)][:FOUND_AT_MOST + 1]
    exact = [p for p in candidates if folded(p.name) == folded(text)]
    if len(exact) == 1 or len(candidates) == 1:
        return (exact or candidates)[0].pk
    if not candidates:
        raise PickError(_("no player's name contains “%(text)s”") % {"text": text})
    shown = ", ".join(player_label(p) for p in candidates[:5])
    raise PickError(_("“%(text)s” matches several players (%(shown)s…): type the number") % {"text": text,
                                                                                          "shown": shown})


def players_picked(tournament: Tournament, text: str) -> list[int]:
    """The players of a list: one a line (or separated by semicolons; plain numbers also by commas)."""
    parts = []
    for line in re.split(r"[\n;]", text or ""):
        line = line.strip()
        if re.fullmatch(r"#?\d+(\s*,\s*#?\d+)+", line):
            parts.extend(p.strip() for p in line.split(","))
        elif line:
            parts.append(line)
    return [player_picked(tournament, part) for part in parts]
