"""The committee's reads: standings and prizes of a tournament, from its deals (or OK'd paper slips).

Vocabulary: see ``scoring.standings``. ``tournament_results`` reads with a fixed handful of queries,
whatever the size of the hall, then computes in plain Python.
"""

from __future__ import annotations

from collections import defaultdict
from dataclasses import dataclass, field
from functools import lru_cache

from scoring.engine import InvalidDeal, find_game, get_rulebook
from scoring.engine.games import Family
from scoring.models import Deal, PrizeChoice, PrizeCut, Slip, TournamentScoring
from scoring.standings import PRESETS, Award, DealRecord, PrizeRules, ScoringSystem, Standing, award_prizes, compute_standings
from seating.models import Player, Seat, Tournament

DEFAULT_SYSTEM = {"isko": "seeger-fabian", "mccoll-1908": "mccoll"}
DEFAULT_PRESET = {"foster": "foster", "mccoll": "mccoll", "seeger-fabian": "isko"}


def scoring_settings(tournament: Tournament) -> TournamentScoring:
    """The tournament's scoring settings, created with the rulebook's defaults on first use."""
    settings = TournamentScoring.objects.filter(tournament=tournament).first()
    if settings is None:
        system = DEFAULT_SYSTEM.get(tournament.rulebook, "foster")
        preset = "nasl-1908" if tournament.rulebook == "nasl-1908" else DEFAULT_PRESET[system]
        settings, _ = TournamentScoring.objects.get_or_create(
            tournament=tournament, defaults={"system": system, "prize_schedule": [list(e) for e in PRESETS[preset]]})
    return settings


@lru_cache(maxsize=512)
def game_facts(rulebook: str, phrase: str, hand: bool, ouvert: bool) -> tuple[str, int, str]:
    """(family, suit rank for the League's tie order, how the game was chosen) of a game as entered."""
    try:
        game = find_game(get_rulebook(rulebook), phrase, hand=hand, ouvert=ouvert)
    except InvalidDeal:
        return "", 0, "other"
    suit_rank = 5 if game.family is Family.GRAND else (game.suit + 1 if game.suit is not None else 0)
    key = game.type.key
    method = "solo" if key in {"solo", "solo-grand", "open-grand", "suit-hand", "suit-ouvert", "grand-hand",
                               "grand-ouvert"} else "tournee" if "tournee" in key or "passt" in key else "other"
    return game.family.value, suit_rank, method


def seated_at(tournament: Tournament) -> dict[tuple[int, int], tuple[int, ...]]:
    seated = defaultdict(list)
    for table_id, stay, player_id in (Seat.objects.filter(tournament=tournament).order_by("table_id", "stay", "seat")
                                      .values_list("table_id", "stay", "player_id")):
        seated[(table_id, stay)].append(player_id)
    return {key: tuple(players) for key, players in seated.items()}


def deal_records(tournament: Tournament, seated: dict | None = None) -> list[DealRecord]:
    seated = seated_at(tournament) if seated is None else seated
    records = []
    rows = (Deal.objects.filter(tournament=tournament).order_by("table_id", "number")
            .values_list("table_id", "table__number", "stay", "number", "player_id", "kind", "score", "won", "value",
                         "game", "hand", "ouvert", "matadores_without", "voided"))
    for table_id, table_number, stay, number, player, kind, score, won, value, game, hand, ouvert, without, voided in rows:
        family, suit_rank, method = game_facts(tournament.rulebook, game, hand, ouvert) if game else ("", 0, "other")
        sitting = seated.get((table_id, stay)) or seated.get((table_id, 1), ())
        records.append(DealRecord(table_number, stay, number, sitting, player, kind, score, won, value,
                                  _display(game, tournament.rulebook, hand, ouvert), family, suit_rank, method,
                                  without, voided))
    return records


@lru_cache(maxsize=512)
def _display(phrase: str, rulebook: str, hand: bool, ouvert: bool) -> str:
    if not phrase:
        return ""
    try:
        return find_game(get_rulebook(rulebook), phrase, hand=hand, ouvert=ouvert).name
    except InvalidDeal:
        return phrase


@dataclass(frozen=True)
class Disagreement:
    table: int
    stay: int
    player: str
    slip: tuple[int, int]
    sheet: tuple[int, int]


@dataclass
class Results:
    tournament: Tournament
    system: ScoringSystem
    standings: dict[int, Standing]
    players: dict[int, Player]
    awards: list[Award] = field(default_factory=list)
    disagreements: list[Disagreement] = field(default_factory=list)
    paper_stays: int = 0  # table stays counted from OK'd slips because their sheet stayed on paper

    def ranked(self) -> list[Standing]:
        return sorted(self.standings.values(),
                      key=lambda s: (-s.total(self.system), -s.net_games, self.players[s.player].name))

    def rows(self) -> list[dict]:
        """Plain rows for pages, exports and the command line, in ranking order."""
        rows = []
        for rank, s in enumerate(self.ranked(), start=1):
            without, highest = s.best_without, s.highest_game
            rows.append({"rank": rank, "player": s.player, "name": self.players[s.player].name,
                         "club": self.players[s.player].club, "games_won": s.games_won, "games_lost": s.games_lost,
                         "net_games": s.net_games, "points_won": s.points_won, "points_lost": s.points_lost,
                         "net_points": s.net_points, "total": s.total(self.system), "deals_played": s.deals_played,
                         "best_without": f'{without.game} "without" {without.without}' if without else "",
                         "best_without_count": without.without if without else 0,
                         "highest_game": f"{highest.game} {highest.value}" if highest else "",
                         "highest_game_value": highest.value if highest else 0})
        return rows


def tournament_results(tournament: Tournament) -> Results:
    settings = scoring_settings(tournament)
    system = ScoringSystem(settings.system)
    players = {p.id: p for p in Player.objects.filter(tournament=tournament)}
    seated = seated_at(tournament)
    records = deal_records(tournament, seated)
    standings = compute_standings(records, system, players=players,
                                  ramsch_counts_as_game=settings.ramsch_counts_as_game)
    results = Results(tournament, system, standings, players)
    _add_paper_slips(results, records, seated)
    rules = PrizeRules(
        allow_multiple=settings.allow_multiple_prizes,
        choices={c.player_id: c.category for c in PrizeChoice.objects.filter(tournament=tournament)},
        cuts={(c.category, c.place): tuple(c.order) for c in PrizeCut.objects.filter(tournament=tournament)},
        seed=settings.prize_seed)
    schedule = tuple((str(k), int(p)) for k, p in settings.prize_schedule)
    results.awards = award_prizes(standings, system, schedule, rules)
    return results


def _add_paper_slips(results: Results, records: list[DealRecord], seated) -> None:
    """OK'd slips count where a table's stay has no entered deal; where both exist and disagree, say so."""
    sheet = defaultdict(lambda: [0, 0])  # (table number, stay, player) -> [net points, net games] from the deals
    stays_with_deals = set()
    for r in records:
        stays_with_deals.add((r.table, r.stay))
        if r.voided or r.player is None:
            continue
        figures = sheet[(r.table, r.stay, r.player)]
        figures[0] += r.score
        figures[1] += 1 if r.score > 0 else -1  # as the slips count it (scoring.entry.sheet_slips)
    slips = Slip.objects.filter(tournament=results.tournament).select_related("table")
    counted = set()
    for slip in slips:
        key = (slip.table.number, slip.stay)
        if key in stays_with_deals:
            sheet_figures = tuple(sheet.get((slip.table.number, slip.stay, slip.player_id), (0, 0)))
            if sheet_figures != (slip.net_points, slip.net_games):
                results.disagreements.append(Disagreement(slip.table.number, slip.stay,
                                                          results.players[slip.player_id].name,
                                                          (slip.net_points, slip.net_games), sheet_figures))
            continue
        if slip.ok_by_id is None:
            continue
        standing = results.standings.setdefault(slip.player_id, Standing(slip.player_id))
        if slip.net_points >= 0:
            standing.points_won += slip.net_points
        else:
            standing.points_lost += -slip.net_points
        if slip.net_games >= 0:
            standing.games_won += slip.net_games
        else:
            standing.games_lost += -slip.net_games
        counted.add(key)
    results.paper_stays = len(counted)
