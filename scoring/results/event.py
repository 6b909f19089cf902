"""The results of an event of several series: each series, the whole event, teams, categories and the cash.

Vocabulary: see ``scoring.standings.events`` and ``scoring.standings.money``. ``event_results`` reads each series'
results and the event's with ``tournament_results``, so every figure comes from the same place as a
single-session tournament's; teams, categories and money are computed on top of them in the pure core.
"""

from __future__ import annotations

from decimal import Decimal
from functools import cached_property

from django.db.models import Count

from scoring.models import Deal
from scoring.results.columns import lost
from scoring.results.tournament import Reads, Results, results_reads, tournament_results
from scoring.standings import Award, Ranked, ScoringSystem
from scoring.standings.events import Team, TeamRanked, rank_category, rank_teams
from scoring.standings.money import CashReport, MoneyRules, cash_report, lost_game_money
from scoring.tournaments.selectors import scoring_settings
from seating.models import Category, Player, Seat, Table, Tournament


class EventResults:
    """The event's results; each series' results (and its teams) are cut from the same reads when first asked
    for, so a page showing the whole event does not compute every series."""

    def __init__(self, overall: Results, reads: Reads, numbers: list[int], teams: list[Team],
                 categories: dict[str, list[Ranked]], cash: CashReport, award_money: list[Decimal | None]):
        self.overall, self.categories, self.cash = overall, categories, cash
        self.award_money = award_money  # each of ``overall.awards``' money prize (None: none), in the same order
        self.series_numbers = numbers  # the drawn series, in order
        self._reads, self._teams = reads, teams
        self.teams: list[TeamRanked] = self._ranked_teams(overall)  # on the whole event

    def _ranked_teams(self, results: Results) -> list[TeamRanked]:
        return rank_teams(self._teams, results.standings, results.system, seed=self.overall.rules.seed)

    @cached_property
    def series(self) -> list[Results]:
        """Each series' results, in series order."""
        return [tournament_results(self.overall.tournament, number, reads=self._reads)
                for number in self.series_numbers]

    @cached_property
    def series_totals(self) -> dict[int, list[int | None]]:
        """Each player's total in each series, in series order (Seeger-Fabian: the series' Wertungspunkte); None
        for a series he was not entered in. They add up to his overall total."""
        system, count = self.overall.system, len(self.series_numbers)
        totals: dict[int, list[int | None]] = {player: [None] * count for player in self.overall.standings}
        for index, part in enumerate(self.series):
            for player, standing in part.standings.items():
                totals.setdefault(player, [None] * count)[index] = standing.total(system)
        return totals

    @cached_property
    def series_teams(self) -> list[list[TeamRanked]]:
        """The teams ranked on each series, in series order."""
        return [self._ranked_teams(part) for part in self.series]


def money_rules(tournament: Tournament) -> MoneyRules:
    settings = scoring_settings(tournament)
    return MoneyRules(currency=settings.currency, entry_fee=settings.entry_fee, per_lost_game=settings.per_lost_game,
                      per_lost_game_at_three=settings.per_lost_game_at_three,
                      raised_per_lost_game=settings.raised_per_lost_game, raised_from=settings.raised_from)


def event_results(tournament: Tournament) -> EventResults:
    reads = results_reads(tournament)  # one set of reads serves the event and every series
    overall = tournament_results(tournament, reads=reads)
    numbers = sorted({in_series for _, in_series in reads.tables.values()})
    teams = [Team(team.pk, team.name, tuple(member.pk for member in team.members.all()))
             for team in tournament.teams.prefetch_related("members")]
    ranked = overall.ranked()
    categories = {category.name: rank_category(ranked, [player.pk for player in category.players.all()])
                  for category in Category.objects.filter(tournament=tournament).prefetch_related("players")}
    award_money = prize_amounts(reads.settings, overall.awards)
    return EventResults(overall, reads, numbers, teams, categories, event_cash(tournament, award_money), award_money)


def prize_amounts(settings, awards: list[Award]) -> list[Decimal | None]:
    """Each award's money prize from the settings' ``prize_money`` lines [category, place, amount], in the order
    of ``awards``: None where no line names its category and place, or nobody takes it."""
    amounts = {(str(category), int(place)): Decimal(str(amount)) for category, place, amount in settings.prize_money}
    return [amounts.get((award.category, award.place)) if award.player is not None else None for award in awards]


def event_cash(tournament: Tournament, award_money: list[Decimal | None]) -> CashReport:
    """Entry fees of every registered player, each series' lost-game money at each player's table, and the money
    prizes awarded (``award_money``, from ``prize_amounts``)."""
    by_series = {number: list(players.values()) for number, players in series_lost_games(tournament).items()}
    return cash_report(money_rules(tournament), entries=Player.objects.filter(tournament=tournament).count(),
                       lost_games=by_series, prizes_paid=[money for money in award_money if money is not None])


def series_lost_games(tournament: Tournament, *, player: int | None = None, series: int | None = None
                      ) -> dict[int, dict[int, tuple[int, int]]]:
    """Each series' players (everyone seated in it) with their (games lost, table size) there; only ``player``'s
    and only ``series``' when given (a cash desk tap reads what it touches). Ruling: a player who moves tables
    within a series (Foster's movements) pays at the rate of the size of his first table in it; in ISkO series
    everyone plays one table a series."""
    mine = {**({} if player is None else {"player_id": player}), **({} if series is None else {"series": series})}
    dealt = {**({} if player is None else {"player_id": player}),
             **({} if series is None else {"table__series": series})}
    games_lost: dict[tuple[int, int], int] = {}
    table_of: dict[tuple[int, int], int] = {}
    for in_series, seated, table in (Seat.objects.filter(tournament=tournament, **mine).order_by("series", "stay")
                                     .values_list("series", "player_id", "table_id")):
        games_lost.setdefault((in_series, seated), 0)
        table_of.setdefault((in_series, seated), table)
    size_at = dict(Table.objects.filter(tournament=tournament, **({} if series is None else {"series": series}))
                   .values_list("id", "size"))
    for in_series, who, games in (Deal.objects.filter(lost(kind=Deal.Kind.GAME), tournament=tournament,
                                                      voided=False, **dealt).order_by()
                                  .values("table__series", "player_id").annotate(games=Count("id"))
                                  .values_list("table__series", "player_id", "games")):
        games_lost[(in_series, who)] = games_lost.get((in_series, who), 0) + games
    by_series: dict[int, dict[int, tuple[int, int]]] = {}
    for (in_series, who), games in sorted(games_lost.items()):
        by_series.setdefault(in_series, {})[who] = (games, size_at.get(table_of.get((in_series, who)), 4))
    return by_series


def lost_game_money_owed(tournament: Tournament, *, player: int | None = None, series: int | None = None
                         ) -> dict[int, dict[int, Decimal]]:
    """What each player owes in lost-game money in each series, under the event's money rules: {series: {player:
    amount}}, everyone seated in the series (owing 0.00 when he lost nothing); only ``player``'s and ``series``'
    when given. The cash report's lost-game money of a series is the sum of its players' (``event_cash``), and the
    cash desk takes exactly these amounts."""
    rules = money_rules(tournament)
    return {number: {who: lost_game_money(games, size, rules) for who, (games, size) in players.items()}
            for number, players in series_lost_games(tournament, player=player, series=series).items()}


def event_team_rows(event: EventResults, series: int | None = None) -> list[dict]:
    """The teams' rows (of the whole event, or of one ``series``) as the pages and the workbook show them."""
    system = event.overall.system
    ranked = event.teams if series is None else event.series_teams[series - 1]
    return [{"rank": row.rank, "name": row.team.name, "members": len(row.team.members),
             "games_won": row.standing.games_won, "games_lost": row.standing.games_lost,
             "total": row.standing.total(system)} for row in ranked]


def event_category_rows(event: EventResults) -> dict[str, list[dict]]:
    """Each category's rows: its own rank, the player, his overall rank and total, and the prize he takes in the
    category's prize list (its first ``category_places`` players, in the order of the overall ranking, whose tie
    rule and lot have already placed players of equal figures)."""
    overall = {row["player"]: row for row in event.overall.rows()}
    places = scoring_settings(event.overall.tournament).category_places
    return {name: [{"rank": row.rank, "name": overall[row.standing.player]["name"],
                    "club": overall[row.standing.player]["club"], "overall": overall[row.standing.player]["rank"],
                    "total": overall[row.standing.player]["total"], "prize": place if place <= places else None}
                   for place, row in enumerate(ranked, start=1)]
            for name, ranked in event.categories.items()}


STANDING_FIELDS = ["player", "name", "games_won", "games_lost", "net_games", "points_won", "points_lost",
                   "net_points", "total"]
SEEGER_FABIAN_FIELDS = ["game_points", "bonus", "others_lost"]  # the list's breakdown of the total


def standing_rows(results: Results) -> list[dict]:
    """The standings' rows as ``manage.py standings --format json`` and the public API give them."""
    extra = SEEGER_FABIAN_FIELDS if results.system is ScoringSystem.SEEGER_FABIAN else []
    return [{f: row[f] for f in STANDING_FIELDS + extra} | {"rank": row["rank"], "deals_played": row["deals_played"]}
            for row in results.rows()]


def team_rows(teams: list[TeamRanked], system: ScoringSystem) -> list[dict]:
    rows = []
    for team in teams:
        s = team.standing
        row = {"team": team.team.id, "name": team.team.name, "rank": team.rank, "members": list(team.team.members),
               "games_won": s.games_won, "games_lost": s.games_lost, "total": s.total(system)}
        if system is ScoringSystem.SEEGER_FABIAN:
            row |= {"game_points": s.game_scores, "bonus": s.won_lost_bonus, "others_lost": s.others_lost_bonus}
        rows.append(row)
    return rows


def average(total: int, deals: int) -> float | None:
    """The average per game: a total over the deals he played (None before his first deal), to one decimal."""
    return round(total / deals, 1) if deals else None


def player_series(payload: dict, player_id: int) -> tuple[dict | None, list[dict]]:
    """A player's overall row and his row in each series (the series' number added), from ``event_payload``'s
    rows (or the public pages' copy of them, names replaced), with his average per game."""
    def mine(rows):
        row = next((dict(row) for row in rows if row["player"] == player_id), None)
        if row is not None:
            row["average"] = average(row["total"], row["deals_played"])
        return row

    series = []
    for part in payload["series"]:
        row = mine(part["standings"])
        if row is not None:
            series.append(row | {"series": part["number"]})
    return mine(payload["standings"]), series


def event_payload(event: EventResults) -> dict:
    """The whole event's standings, prizes, series, teams and categories as plain data: what
    ``manage.py standings --format json`` prints and the public API serves (one function, so they cannot differ)."""
    results = event.overall
    standings = standing_rows(results)
    by_player = {row["player"]: row for row in standings}
    return {
        "standings": standings,
        "prizes": [{"category": a.category, "place": a.place, "player": a.player, "figure": a.figure,
                    "decided_by": a.decided_by or None} for a in results.awards],
        "series": [{"number": series.series, "standings": standing_rows(series),
                    "teams": team_rows(teams, results.system)}
                   for series, teams in zip(event.series, event.series_teams)],
        "teams": team_rows(event.teams, results.system),
        "categories": [{"name": name, "standings": [by_player[row.standing.player] | {"rank": row.rank}
                                                    for row in ranked]}
                       for name, ranked in event.categories.items()],
    }


def player_results(player: Player) -> dict:
    """A player's results in his event as plain data, for the member's own copy of his data (``clubs.members``):
    his row of the standings overall and in each series (``manage.py standings --format json``'s fields, his
    average per game) and the prizes he won. Registered with the registry in ``ScoringConfig.ready``."""
    payload = event_payload(event_results(player.tournament))
    overall, series = player_series(payload, player.pk)
    prizes = [{"category": p["category"], "place": p["place"], "figure": p["figure"]}
              for p in payload["prizes"] if p["player"] == player.pk]
    return {"overall": overall, "series": series, "prizes": prizes}
