"""A complete demo event: players, the draw and, if asked, every deal played and entered.

Vocabulary:
    simulated deal  a deal drawn at realistic frequencies (Tournees most often, then Solos, Grands, the odd
                    Nullo and Ramsch) with plausible matadores and card points, entered through the same
                    service a table controller uses, so the rules engine values every one of them.
Chance comes only from ``random.Random(seed)``: the same arguments give the same event.
"""

from __future__ import annotations

import random

from django.conf import settings
from django.db import transaction
from django.utils.translation import get_language
from django.utils.translation import gettext as _

from clubs.models import Club, Member
from scoring.engine import get_rulebook
from scoring.engine.cards import points_range
from scoring.entry.services import deal_enter, slip_ok, slips_produce
from scoring.entry.sheets import deal_slot, seated_by_stay
from scoring.results import DealFacts, EntryError
from scoring.tournaments.selectors import rulebook_of
from scoring.tournaments.services import tournament_open
from seating.errors import SeatingError
from seating.event_series import series_draw
from seating.models import Player, SeriesDraw, Table, Tournament
from seating.movements import Method
from seating.schedule import tournament_schedule
from seating.selectors import drawn_series
from seating.services import tournament_draw, tournament_layout

FIRST = ["Otto", "Fritz", "Hans", "Karl", "Emil", "Paul", "Max", "Ernst", "Gustav", "Wilhelm", "Heinrich", "August",
         "Anna", "Bertha", "Clara", "Dora", "Emma", "Frieda", "Greta", "Hedwig", "Ida", "Johanna", "Käthe", "Louise"]
LAST = ["Kahn", "Meyer", "Weber", "Braun", "Vogt", "Roth", "Lang", "Kurz", "Sommer", "Frank", "Wolf", "Stein",
        "Becker", "Schulz", "Hoffmann", "Koch", "Richter", "Klein", "Neumann", "Schwarz", "Zimmermann", "Krüger"]
CLUBS = ["Chicago Skat Club", "Milwaukee Turnverein", "St. Louis Skat Verein", "New York Germania", "Cincinnati Liederkranz"]

# (weight, game phrase, matadores low..high) for the old rulebooks; suits are drawn separately.
OLD_GAMES = [(40, "{suit} tournee", (-3, 3)), (6, "{suit} passt-mir-nicht", (-2, 2)), (25, "{suit} solo", (-4, 4)),
             (6, "tournee grand", (1, 3)), (5, "gucki grand", (1, 4)), (5, "solo grand", (1, 4)), (4, "nullo", None)]
MODERN_GAMES = [(55, "{suit}", (-3, 4)), (10, "{suit} hand", (-3, 4)), (18, "grand", (1, 4)), (6, "null", None)]
SUITS = ["diamond", "heart", "spade", "club"]
MODERN_SUITS = ["diamonds", "hearts", "spades", "clubs"]


def demo_players(count: int, rng: random.Random) -> list[tuple[str, str]]:
    names, seen = [], set()
    while len(names) < count:
        name = f"{rng.choice(FIRST)} {rng.choice(LAST)}"
        if name in seen:
            name = f"{name} {len(names) + 1}"
        seen.add(name)
        names.append((name, rng.choice(CLUBS)))
    return names


PEOPLE_SEED = 1922
"""The seed a club's demo members are made from: the same people whatever the evening's seed."""


def demo_members(club: Club, count: int) -> list[Member]:
    """The club's first ``count`` members (by when they joined), the missing ones made as members the first
    time, so every demo evening of the club plays with the same people."""
    members = list(club.members.order_by("pk")[:count])
    if len(members) < count:
        taken = {member.name.casefold() for member in club.members.all()}
        people = [(name, home) for name, home in demo_players(count + len(taken), random.Random(PEOPLE_SEED))
                  if name.casefold() not in taken][:count - len(members)]
        Member.objects.bulk_create([Member(club=club, name=name, home_club=home) for name, home in people])
        members = list(club.members.order_by("pk")[:count])
    return members


def absent_count(people: int, absent: float) -> int:
    """How many of ``people`` stay away when ``absent`` (a share, 0 to 1) of them do: rounded half up."""
    return int(people * absent + 0.5)


def demo_create(*, players: int, method: str, seed: int, rulebook: str = "foster-1922", series: int = 1,
                club: Club | None = None, absent: float = 0.0, draw: str = "lot") -> Tournament:
    """A drawn tournament of ``players`` demo players; refused (``SeatingError``, nothing saved) if the count
    cannot be seated under the rulebook's tables. An event of several ``series`` (the fixed method) draws its
    first series by lot; ``demo_play_series`` plays it and draws and plays the others. With ``club`` the event
    is that club's and its players are the club's members (``demo_members``), linked to them; ``absent`` leaves
    out that share of the people, chosen by the seed. ``draw`` "plan" (the fixed method) plans every series at
    once instead of drawing the first by lot."""
    rng = random.Random(seed)
    with transaction.atomic():
        if club is not None:
            people = [(m.name, m.home_club or club.name, m.number, m) for m in demo_members(club, players)]
        else:
            people = [(name, home, "", None) for name, home in demo_players(players, rng)]
        away = set(rng.sample(range(len(people)), absent_count(len(people), absent)))
        people = [person for index, person in enumerate(people) if index not in away]
        if len(people) < 3:
            raise SeatingError(None, _("Fewer than three players would come: leave out fewer."))
        # The demo's names in the language it is loaded in (a German terminal makes a German demo).
        name = _("Demo: {players} players, {method}").format(players=len(people), method=_(Method(method).label))
        if series > 1:
            name = _("{name}, {series} series").format(name=name, series=series)
        # It prints in its club's language; without a club, in the language it is loaded in.
        loaded_in = (get_language() or settings.LANGUAGE_CODE).split("-")[0]
        language = club.language if club is not None else (
            loaded_in if loaded_in in dict(settings.LANGUAGES) else settings.LANGUAGE_CODE)
        tournament = tournament_open(name=name, place=_("Demo hall"), method=method, rulebook=rulebook,
                                     series_count=series, club=club, language=language)
        Player.objects.bulk_create([Player(tournament=tournament, name=n, club=c, membership_number=number, member=m)
                                    for n, c, number, m in people])
        if draw == SeriesDraw.How.PLAN:
            if method != Method.FIXED.value:
                raise SeatingError("method", _("A planned event seats fixed tables: use --method fixed."))
            series_draw(tournament=tournament, number=1, how=SeriesDraw.How.PLAN, seed=seed)
            return tournament
        if series > 1:
            if method != Method.FIXED.value:
                raise SeatingError("method", _("An event of several series seats fixed tables: use --method fixed."))
            series_draw(tournament=tournament, number=1, how=SeriesDraw.How.LOT, seed=seed)
            return tournament
        if method == Method.FIXED.value:
            tables = len(tournament_layout(tournament).fixed_tables)  # one expert controls each table
            experts = rng.sample(list(tournament.players.values_list("id", flat=True)), tables)
            Player.objects.filter(id__in=experts).update(is_expert=True)
        tournament_draw(tournament=tournament, seed=seed)
    return tournament


def _facts(rng: random.Random, rulebook: str, slot) -> DealFacts:
    rb = get_rulebook(rulebook)
    if rb.all_passed == "ramsch" and rng.random() < 0.04:
        return _ramsch(rng)
    if rb.all_passed != "ramsch" and rng.random() < 0.03:
        return DealFacts(kind="thrown_in")
    table = MODERN_GAMES if rb.id == "isko" else OLD_GAMES
    _weight, phrase, matadores = rng.choices(table, weights=[w for w, _phrase, _matadores in table])[0]
    phrase = phrase.format(suit=rng.choice(MODERN_SUITS if rb.id == "isko" else SUITS))
    declarer = rng.choice(slot.active).player_id
    if matadores is None:  # a null game: won four times in five
        return DealFacts(declarer_id=declarer, game=phrase, tricks=0 if rng.random() < 0.8 else 1)
    low, high = matadores
    count = rng.choice([m for m in range(low, high + 1) if m != 0])
    if rng.random() < 0.01:
        count = -rng.randint(4, 8) if "grand" not in phrase else count  # the rare game won "without" many
    won = rng.random() < 0.78
    points = rng.randint(61, 104) if won else rng.randint(25, 60)
    tricks = _tricks_for(points, rng)
    return DealFacts(declarer_id=declarer, game=phrase, matadores=count, points=points, tricks=tricks)


def _tricks_for(points: int, rng: random.Random) -> int:
    possible = [t for t in range(1, 11) if points_range(t, True)[0] <= points <= points_range(t, True)[1]]
    return rng.choice(possible)


def _ramsch(rng: random.Random) -> DealFacts:
    while True:  # three hands that can be: 10 tricks, points within each hand's reach, a Skat of 0..22 left out
        tricks = sorted(rng.sample(range(1, 10), 2))
        split = (tricks[0], tricks[1] - tricks[0], 10 - tricks[1])
        if 0 in split:
            continue
        skat = rng.choice([0, 3, 4, 10, 11, 14])
        points = [rng.randint(*points_range(t, False)) for t in split]
        if sum(points) == 120 - skat:
            return DealFacts(kind="ramsch", ramsch_points=tuple(points), ramsch_tricks=split,
                             ramsch_last_trick=rng.choice("VMH"))


def demo_play(tournament: Tournament, *, seed: int, progress=None) -> int:
    """Play every series: the drawn one, then each next series drawn by lot (seeded from ``seed``; a planned
    event's are drawn already) and played."""
    entered = demo_play_series(tournament, 1, seed=seed, progress=progress)
    for number in range(2, tournament.series_count + 1):
        if drawn_series(tournament) < number:  # a planned event has every series drawn already
            series_draw(tournament=tournament, number=number, how=SeriesDraw.How.LOT, seed=seed + number)
        entered += demo_play_series(tournament, number, seed=seed + number, progress=progress)
    return entered


def demo_play_series(tournament: Tournament, series: int, *, seed: int, progress=None) -> int:
    """Play and enter every deal of every table of a series, make each stay's slips and have them OK'd."""
    rng = random.Random(seed + 1)
    rulebook = rulebook_of(tournament)
    entered = 0
    tables = list(Table.objects.filter(tournament=tournament, series=series)
                  .select_related("tournament", "section").order_by("number"))
    schedule = tournament_schedule(tournament)
    for index, table in enumerate(tables, start=1):
        seated = seated_by_stay(table)
        for number in range(1, schedule[table.pk].deals + 1):
            slot = deal_slot(table, number, seated)
            for _attempt in range(20):  # a drawn hand the engine refuses (an overbid bid...) is simply drawn again
                try:
                    deal_enter(table=table, number=number, facts=_facts(rng, rulebook, slot))
                    entered += 1
                    break
                except EntryError:
                    continue
        for stay in seated:
            slips, _made = slips_produce(table=table, stay=stay, by_director=True)
            for slip in slips:
                others = [p.player_id for p in seated[stay] if p.player_id != slip.player_id]
                # The demo stands in for the director, who OKs as the paper slips were OK'd at the table.
                slip_ok(slip=slip, by_player_id=rng.choice(others), by_director=True)
        if progress:
            progress(index, len(tables))
    return entered
