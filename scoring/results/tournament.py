"""A tournament's results: standings and prizes, of one series or of the whole event, from its deals (or OK'd paper
slips).

Vocabulary: see ``scoring.standings``; tally rows: see ``scoring.results.tallies``. ``tournament_results`` reads
with a fixed handful of queries, whatever the size of the hall (the totals the database keeps per table, stay,
player and kind, not the deals themselves), then computes in plain Python.
"""

from __future__ import annotations

from collections import defaultdict
from dataclasses import dataclass, field, replace
from typing import NamedTuple

from django.db.models import Q

from common.rows import plain_rows
from scoring.engine.rulebooks import game_label
from scoring.engine.text import msg
from scoring.models import Deal, PrizeChoice, PrizeCut, Slip
from scoring.results.columns import won
from scoring.results.slips import SlipCheck, slip_check
from scoring.results.tallies import SUIT_WEIGHT, WITHOUT_WEIGHT, in_series, kept_tally_rows
from scoring.standings import (
    Award,
    PrizeRules,
    Ranked,
    ScoringSystem,
    Standing,
    TableStay,
    Tally,
    award_prizes,
    compute_standings,
    rank_standings,
    standings_cuts,
)
from scoring.standings.lists import ListLine, list_standings, slip_standing
from scoring.standings.prizes import CATEGORIES, best_game
from scoring.standings.systems import BestGame
from scoring.tournaments.selectors import scoring_settings
from seating.models import Player, Seat, Table, Tournament
from seating.schedule import tournament_schedule

SEAT_ORDER = ("table_id", "stay", "seat")


def seated_at(tournament: Tournament, series: int | None = None) -> dict[tuple[int, int], tuple[int, ...]]:
    """Who sat at each (table id, stay); a fixed table's one stay is stay 1."""
    return seated_of(plain_rows(Seat.objects.filter(tournament=tournament, **in_series(series))
                                .order_by(*SEAT_ORDER).values_list("table_id", "stay", "player_id")))


def seated_of(rows) -> dict[tuple[int, int], tuple[int, ...]]:
    """``seated_at`` from its seat rows (table id, stay, player id), in ``SEAT_ORDER``."""
    seated = defaultdict(list)
    for table_id, stay, player_id in rows:
        seated[(table_id, stay)].append(player_id)
    return {key: tuple(players) for key, players in seated.items()}


def _won(**extra) -> Q:
    return won(kind=Deal.Kind.GAME, **extra)


def table_stays(tournament: Tournament, seated: dict, table_numbers: dict[int, int], series: int | None = None
                ) -> tuple[list[TableStay], dict[int, list[BestGame]]]:
    """Every table stay's tallies (of one series, or of all), and each player's best games for the prizes, from
    the kept tally rows."""
    return fold_tallies(tally_rows(tournament, series), seated, table_numbers)


def tally_rows(tournament: Tournament, series: int | None = None, *, best_games: bool = True) -> list[tuple]:
    """Per table, stay, player and kind, the entries, games, points and packed best games, as the database keeps
    them (``scoring.results.tallies``); with ``best_games`` off, for a page that shows no game prizes, the best
    games are None."""
    return kept_tally_rows(tournament, series, best_games=best_games)


def fold_tallies(rows, seated: dict, table_numbers: dict[int, int]
                 ) -> tuple[list[TableStay], dict[int, list[BestGame]]]:
    """``tally_rows`` of the tables in ``table_numbers`` folded into table stays and each player's best games."""
    stays: dict[tuple[int, int], tuple[TableStay, list[int]]] = {}  # the stay, and its count of deals
    best: dict[int, list] = {}  # player -> his best packed [highest, hardest, solo, tournee] (None: none yet)
    thrown_in = Deal.Kind.THROWN_IN
    for (table_id, stay, player, kind, entries, games_won, games_lost, points_won, points_lost,
         highest, hardest, solo, tournee) in rows:
        number = table_numbers.get(table_id)
        if number is None:
            continue
        key = (table_id, stay)
        found = stays.get(key)
        if found is None:
            found = stays[key] = (TableStay(number, stay, seated.get(key) or seated.get((table_id, 1), ()), 0, {}), [0])
        found[1][0] += entries
        if player is None or kind == thrown_in:
            continue
        found[0].tallies[(player, kind)] = Tally(games_won, games_lost, points_won, points_lost)
        if highest is None:  # no game won in this group, so none of its best games either
            continue
        mine = best.get(player)
        if mine is None:
            best[player] = [highest, hardest, solo, tournee]
            continue
        for i, value in enumerate((highest, hardest, solo, tournee)):
            if value is not None and (mine[i] is None or value > mine[i]):
                mine[i] = value
    table_stays = [TableStay(s.table, s.stay, s.seated, count[0], s.tallies) for s, count in stays.values()]
    return table_stays, {player: _best_games(*packed) for player, packed in best.items()}


def _best_games(highest: int | None, hardest: int | None, solo: int | None, tournee: int | None) -> list[BestGame]:
    """The few games that decide a player's game prizes, unpacked (their names are looked up for winners)."""
    games = []
    if highest is not None:
        games.append(BestGame(0, highest, "", "", 0, "other", 0, 0))
    if hardest is not None:
        without, value = divmod(hardest, WITHOUT_WEIGHT)
        games.append(BestGame(without, value, "", "", 0, "other", 0, 0))
    for method, key in (("solo", solo), ("tournee", tournee)):
        if key is not None:
            without, rest = divmod(key, WITHOUT_WEIGHT)
            suit_rank, value = divmod(rest, SUIT_WEIGHT)
            games.append(BestGame(without, value, "", "", suit_rank, method, 0, 0))
    return games


GAME_CATEGORIES = {"hardest": None, "solo-without": "solo", "tourne-without": "tournee", "highest-game": None}


def _name_prize_games(results: Results) -> None:
    """Fill in which game won each game prize (the game's name, table and deal), with one query."""
    wanted = []
    for award in results.awards:
        if award.category in GAME_CATEGORIES and award.player is not None:
            standing = results.standings[award.player]
            game = standing.highest_game if award.category == "highest-game" else best_game(standing, award.category)
            if game is not None:
                wanted.append((award, game))
    if not wanted:
        return
    condition = Q()
    for award, game in wanted:
        match = Q(player_id=award.player, value=game.value)
        if game.without:
            match &= Q(matadores_without=game.without)
        condition |= match
    found = list(Deal.objects.filter(_won(), condition, tournament=results.tournament, voided=False)
                 .order_by("table__number", "number")
                 .values_list("player_id", "value", "matadores_without", "method", "suit_rank", "game_name",
                              "table__number", "number"))
    for award, game in wanted:
        for player, value, without, method, suit_rank, name, table, number in found:
            if (player, value) == (award.player, game.value) and (not game.without or without == game.without) and (
                    game.method == "other" or (method, suit_rank) == (game.method, game.suit_rank)):
                game.game, game.table, game.number = name, table, number
                break
    results.awards = [
        replace(a, figure=CATEGORIES[a.category].figure(results.standings[a.player], results.system))
        if a.category in GAME_CATEGORIES and a.player is not None else a
        for a in results.awards]


class PlayerInfo(NamedTuple):
    id: int
    name: str
    club: str


@dataclass(frozen=True)
class Disagreement:
    table: int
    stay: int
    player: str
    slip: tuple[int, int]
    sheet: tuple[int, int]


@dataclass
class Results:
    """A tournament's results: of one ``series``, or (None) of the whole event, each player's series summed.
    Prizes are awarded on the whole event's results only."""

    tournament: Tournament
    system: ScoringSystem
    standings: dict[int, Standing]
    players: dict[int, PlayerInfo]
    rules: PrizeRules = field(default_factory=PrizeRules)
    series: int | None = None
    awards: list[Award] = field(default_factory=list)
    disagreements: list[Disagreement] = field(default_factory=list)
    paper_stays: int = 0  # table stays counted from OK'd slips because their sheet stayed on paper
    waiting_lists: list[tuple[int, int]] = field(default_factory=list)  # (table, stay): a list still missing lines
    _ranked: tuple | None = field(default=None, repr=False, compare=False)
    _rows: tuple | None = field(default=None, repr=False, compare=False)

    def ranked(self) -> list[Ranked]:
        """The standings in ranking order with each player's rank: the one ranking every page, list and download
        shows, with the system's tie rule and the same cuts and lot as the prize list. Ranked once: the results
        are finished when ``tournament_results`` returns them, and every later reader shares the one ranking
        (a copy of the list, so a caller's slicing or sorting changes nobody else's)."""
        key = (id(self.standings), len(self.standings), self.system, self.rules.seed,
               tuple(sorted(self.rules.cuts.items())))
        if self._ranked is None or self._ranked[0] != key:
            self._ranked = (key, rank_standings(self.standings, self.system,
                                                cuts=standings_cuts(self.rules.cuts, self.system),
                                                seed=self.rules.seed))
        return list(self._ranked[1])

    def rows(self, ranked: list[Ranked] | None = None) -> list[dict]:
        """Plain rows for pages, exports and the command line, in ranking order: of every player (built once for
        the one ranking; read them, never change them), or of the slice ``ranked`` of ``self.ranked()`` (a page of
        a long list builds only its own rows)."""
        if ranked is not None:
            return self._rows_of(ranked)
        everyone = self.ranked()
        if self._rows is None or self._rows[0] is not self._ranked:
            self._rows = (self._ranked, self._rows_of(everyone))
        return list(self._rows[1])

    def _rows_of(self, ranked_rows: list[Ranked]) -> list[dict]:
        rows = []
        for ranked in ranked_rows:
            s = ranked.standing
            without, highest = s.best_without, s.highest_game
            rows.append({"rank": ranked.rank, "tie": ranked.tie_note, "player": s.player, "name": self.players[s.player].name,
                         "club": self.players[s.player].club, "games_won": s.games_won, "games_lost": s.games_lost,
                         "net_games": s.net_games, "points_won": s.points_won, "points_lost": s.points_lost,
                         "net_points": s.net_points, "total": s.total(self.system), "deals_played": s.deals_played,
                         "best_without": _game_words(without),
                         "best_without_count": without.without if without else 0,
                         "highest_game": _game_words(highest),
                         "highest_game_value": highest.value if highest else 0})
            if self.system is ScoringSystem.SEEGER_FABIAN:  # the list's summary lines
                rows[-1].update(game_points=s.game_scores, bonus=s.won_lost_bonus, others_lost=s.others_lost_bonus)
        return rows


def _game_words(game: BestGame | None) -> str:
    """A standings cell for a game: its name where known (prize winners), its "without" and its value."""
    if game is None:
        return ""
    name = game_label(game.game) if game.game else ""
    if game.without and name:
        return msg('{game} "without" {without}, {value}', game=name, without=game.without, value=game.value)
    if game.without:
        return msg('"without" {without}, {value}', without=game.without, value=game.value)
    if name:
        return msg("{game} {value}", game=name, value=game.value)
    return str(game.value)


@dataclass
class Reads:
    """What the results of a tournament read from the database, once: every series' results are cut from it."""

    tournament: Tournament
    settings: object
    players: list[tuple]  # (id, name, club, first series, last series)
    seated: dict[tuple[int, int], tuple[int, ...]]
    tables: dict[int, tuple[int, int]]  # table id → (number, series)
    rows: list[tuple]  # ``tally_rows``
    check: SlipCheck
    # The recorded cuts {(category, place): order} and prize choices {player: category}, when read with the rest
    # (many events at once); None: read when the whole event's results are made.
    cuts: dict[tuple[str, int], tuple[int, ...]] | None = None
    choices: dict[int, str] | None = None


def results_reads(tournament: Tournament, *, series: int | None = None, best_games: bool = True) -> Reads:
    """The reads of the whole event, or only of ``series`` (a page showing one series needs no more); without
    ``best_games`` when no game prize is shown."""
    return Reads(
        tournament, scoring_settings(tournament),
        plain_rows(Player.objects.filter(tournament=tournament)
                   .values_list("id", "name", "club", "first_series", "last_series")),
        seated_at(tournament, series),
        {pk: (number, table_series) for pk, number, table_series in plain_rows(Table.objects.filter(
            tournament=tournament, **in_series(series)).order_by().values_list("id", "number", "series"))},
        tally_rows(tournament, series, best_games=best_games), slip_check(tournament))


def tournament_results(tournament: Tournament, series: int | None = None, *, reads: Reads | None = None,
                       prizes: bool = True) -> Results:
    """The standings and prizes of the whole event, or of one ``series`` (its players only, no prizes). ``reads``:
    the tournament's reads, when the caller has them already (every series of an event shares them). Without
    ``prizes`` (a page of standings only) no prize is awarded and no player's best games are read: the totals,
    the ranking and its cuts and lot are the same."""
    reads = reads or results_reads(tournament, series=series, best_games=prizes)
    settings = reads.settings
    system = ScoringSystem(settings.system)
    players = {pid: PlayerInfo(pid, name, club) for pid, name, club, first, last in reads.players
               if series is None or (first <= series and (last is None or series <= last))}
    table_numbers = {pk: number for pk, (number, table_series) in reads.tables.items()
                     if series is None or table_series == series}
    seated = {key: players_at for key, players_at in reads.seated.items() if key[0] in table_numbers}
    stays, best_games = fold_tallies(reads.rows, seated, table_numbers)
    standings = compute_standings(stays, system, players=players, ramsch_counts_as_game=settings.ramsch_counts_as_game,
                                  won_games=best_games)
    # A series' standings are ranked with the lot only: the cuts recorded are the whole event's prize places.
    rules = PrizeRules(seed=settings.prize_seed) if series is not None else PrizeRules(
        allow_multiple=settings.allow_multiple_prizes,
        choices=reads.choices if reads.choices is not None else dict(
            PrizeChoice.objects.filter(tournament=tournament).values_list("player_id", "category")),
        cuts=reads.cuts if reads.cuts is not None else recorded_cuts(tournament),
        seed=settings.prize_seed)
    results = Results(tournament, system, standings, players, rules, series)
    _add_paper_slips(results, seated, reads.check)
    if series is None and prizes:
        schedule = tuple((str(k), int(p)) for k, p in settings.prize_schedule)
        results.awards = award_prizes(results.standings, system, schedule, rules)
        _name_prize_games(results)
    return results


def recorded_cuts(tournament: Tournament) -> dict[tuple[str, int], tuple[int, ...]]:
    """The cuts the director recorded for ties, {(category, place): the tied players, winner first}."""
    return {(c.category, c.place): tuple(c.order) for c in PrizeCut.objects.filter(tournament=tournament)}


def _add_paper_slips(results: Results, seated: dict[tuple[int, int], tuple[int, ...]], check: SlipCheck) -> None:
    """OK'd slips count where a table's stay has no entered deal; where both exist and disagree, say so.

    A Foster / McColl slip counts on its own. A Seeger-Fabian list counts once every player at that table
    has his OK'd line on it, because each player's total takes the games the others lost."""
    series = results.series
    results.disagreements = [
        Disagreement(slip.table.number, slip.stay, slip.player.name, (slip.net_points, slip.net_games),
                     (sheet.net_points, sheet.net_games)) for slip, sheet in check.disagree
        if series is None or slip.table.series == series]
    paper = [slip for slip in check.paper if series is None or slip.table.series == series]
    if not paper:
        return
    schedule = tournament_schedule(results.tournament)
    by_stay: dict[tuple[int, int], list[Slip]] = defaultdict(list)
    for slip in paper:
        by_stay[(slip.table_id, slip.stay)].append(slip)
    for (table_id, stay), slips in by_stay.items():
        deals = schedule[table_id].deals_per_stay
        if results.system is ScoringSystem.SEEGER_FABIAN:
            players = seated.get((table_id, stay)) or seated.get((table_id, 1), ())
            if {slip.player_id for slip in slips} != set(players):
                results.waiting_lists.append((slips[0].table.number, stay))
                continue
            lines = [ListLine(s.player_id, s.net_points, s.games_won or 0, s.games_lost or 0) for s in slips]
            increments = list_standings(lines, len(players), deals).values()
        else:
            increments = [slip_standing(s.player_id, s.net_points, s.net_games, deals) for s in slips]
        for increment in increments:
            results.standings.setdefault(increment.player, Standing(increment.player)).add(increment)
        results.paper_stays += 1
