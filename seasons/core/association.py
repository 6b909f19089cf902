"""An association's ranking above its clubs: the age categories by cut-off and the qualification lists per region.
Plain Python, as the rest of ``seasons.core``.

Vocabulary:
    person      a row of an association's ranking is a person (his federation number, ``SeasonRow.person``): the
                results of every member carrying the number, in any club within the association, and those of the
                results files naming it. A player without a number is a row of his own.
    age         ``year`` (the rule, default the year of the season's first event) minus the year of birth.
    category    a category of the rule ``categories``: ``under`` N (age below N), ``from`` N (age N or more),
                ``category`` L (he carries the label L); every bound of a category must hold. An unknown year of
                birth meets no age bound.
    region      the region a person counts for (``clubs.persons.person_region``).
    quota       per region, how many of its ranked persons go on (rule ``quotas``).
    qualified   the quota's best of the region by rank; persons of the same rank as the last one inside the quota
                all go through, and the persons of that rank are marked ``tie`` when more go through than the
                quota (the tie is at the cut). A person without a rank (not qualified by the season's minimums)
                never goes on.
    reserves    the next three of the region after the qualified, in rank order.
    file place  a results file's player's overall place in its event: by his series' total, higher first, equal
                totals sharing a place (1, 2, 2, 4); what a placement rule scores.
    gathered    a results file's players as a ranking reads them (``gathered_players``): per player, in the file's
                order, one flat list ``[number or None, name, year of birth or None, categories or None, file place,
                total, games, total, games, …]`` (each series' total and games). Made once when the file is taken
                (a ranking reads some 12,000 players of 200 files on every reading: a list each, read back faster
                and holding fewer objects than the file's own form).
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, replace

RESERVES = 3


def in_category(bounds: Sequence[tuple[str, int | str]], age: int | None, labels: Iterable[str]) -> bool:
    labels = set(labels)
    for cut, bound in bounds:
        if cut == "category":
            if bound not in labels:
                return False
        elif age is None or (cut == "under" and not age < bound) or (cut == "from" and not age >= bound):
            return False
    return True


def categories_of(categories, year: int | None, birth_year: int | None, labels: Iterable[str]) -> frozenset[str]:
    """The rule's categories a player of ``birth_year`` carrying ``labels`` is in, in the season's ``year``."""
    age = year - birth_year if year is not None and birth_year is not None else None
    labels = frozenset(labels)
    return frozenset(name for name, bounds in categories if in_category(bounds, age, labels))


@dataclass(frozen=True)
class Placed:
    person: str | None
    name: str
    rank: int
    tie: bool = False
    member: int = 0  # the row's ``member``: what a public page's names are keyed by

    def as_json(self, *, reserve: bool = False, name: str | None = None, unnamed: bool = False) -> dict:
        """The contract's JSON; ``name`` said instead of his own, and ``unnamed``: his federation number kept back
        as well (a public page's person who has not agreed to publication)."""
        data = {"person": None if unnamed else self.person, "name": self.name if name is None else name,
                "rank": self.rank}
        return data if reserve else data | {"tie": self.tie}


@dataclass(frozen=True)
class RegionList:
    region: str
    quota: int
    qualified: tuple[Placed, ...]
    reserves: tuple[Placed, ...]

    def as_json(self, names: dict[int, str] | None = None, hidden: frozenset[int] = frozenset()) -> dict:
        """The contract's JSON; with ``names`` (by the rows' ``member``), the names as a public page shows them, and
        no federation number for the rows ``hidden``."""
        def said(p: Placed) -> dict:
            return {"name": None if names is None else names[p.member], "unnamed": p.member in hidden}

        return {"region": self.region, "quota": self.quota,
                "qualified": [p.as_json(**said(p)) for p in self.qualified],
                "reserves": [p.as_json(reserve=True, **said(p)) for p in self.reserves]}


def region_list(region: str, quota: int, ranked: Sequence[Placed]) -> RegionList:
    """One region's list from its persons ``ranked`` (rank order, ranks set), see the vocabulary."""
    ranked = sorted(ranked, key=lambda p: p.rank)
    if quota <= 0 or not ranked:
        return RegionList(region, quota, (), tuple(ranked[:RESERVES]))
    cut_rank = ranked[min(quota, len(ranked)) - 1].rank
    going = [p for p in ranked if p.rank <= cut_rank]
    tied = len(going) > quota
    qualified = tuple(replace(p, tie=tied and p.rank == cut_rank) for p in going)
    return RegionList(region, quota, qualified, tuple(ranked[len(going):len(going) + RESERVES]))


def qualification(quotas: Sequence[tuple[str, int]], rows: Iterable, region_of) -> list[RegionList]:
    """Per region of ``quotas`` (in their order) its list from the ranked ``rows`` (``SeasonRow``s; ``region_of``
    gives a row's region)."""
    by_region: dict[str, list[Placed]] = {region: [] for region, _quota in quotas}
    for row in rows:
        region = region_of(row)
        if row.rank is not None and region in by_region:
            by_region[region].append(Placed(row.person, row.name, row.rank, member=row.member))
    return [region_list(region, quota, by_region[region]) for region, quota in quotas]


def places_by_total(totals: Mapping) -> dict:
    """Each key's place by its total (see file place)."""
    place: dict = {}
    for index, total in enumerate(sorted(totals.values(), reverse=True), start=1):
        place.setdefault(total, index)
    return {key: place[total] for key, total in totals.items()}


def gathered_players(players: Sequence[Mapping]) -> list[list]:
    """A results file's players (as checked and tidied: ``federation_number``, ``name``, ``birth_year``,
    ``categories``, ``series`` of ``total`` and ``games``) gathered (see the vocabulary)."""
    totals = {index: sum(s["total"] for s in player["series"]) for index, player in enumerate(players)}
    places = places_by_total(totals)
    return [[player.get("federation_number") or None, player["name"], player.get("birth_year"),
             list(player.get("categories") or ()) or None, places[index],
             *(figure for s in player["series"] for figure in (s["total"], s["games"]))]
            for index, player in enumerate(players)]
