"""Everything needed to recompute a tournament's results elsewhere, as one plain dict (JSON-ready).

Vocabulary: see ``seating.models`` and ``scoring.models``. A deal is exported with the facts as entered
and the engine's valuation; ``player`` is the declarer, or the Ramsch loser; ``result`` is "won", "lost"
or null (thrown in).
"""

from scoring.engine.columns import column_of
from scoring.models import Deal, Slip
from scoring.results import deal_from_hand
from scoring.tournaments.selectors import scoring_settings
from seating.models import Pair, Player, Seat, Section, SitOut, Table, Tournament

FORMAT_VERSION = 3  # 3: the series (every seating, table, deal and slip names its series), teams, categories,
# money, the players' OK codes and entry and withdrawal; 2: explicit rounds and each table's schedule.
READABLE_FORMATS = (2, 3)  # a format 2 file is one series, without teams, categories or money
# Within format 2, "published" (the live page) was added later: a file without it imports unpublished.


def tournament_export(tournament: Tournament) -> dict:
    settings = scoring_settings(tournament)
    return {
        "format": FORMAT_VERSION,
        "tournament": {
            "id": tournament.id, "name": tournament.name, "date": tournament.date.isoformat(),
            "place": tournament.place, "rulebook": settings.rulebook, "method": tournament.method,
            "remainder": tournament.remainder, "section_split": tournament.section_split,
            "table_sizes": tournament.table_sizes, "rounds_per_stay": tournament.rounds_per_stay,
            "session_rounds": tournament.session_rounds, "draw_seed": tournament.draw_seed,
            "status": tournament.status, "scoring_system": settings.system,
            "ramsch_counts_as_game": settings.ramsch_counts_as_game,
            "prize_schedule": settings.prize_schedule, "allow_multiple_prizes": settings.allow_multiple_prizes,
            "prize_seed": settings.prize_seed, "published": settings.published,
            "series_count": tournament.series_count, "category_places": settings.category_places,
            "language": tournament.language,
            "money": {"currency": settings.currency, "entry_fee": str(settings.entry_fee),
                      "per_lost_game": str(settings.per_lost_game),
                      "per_lost_game_at_three": _amount(settings.per_lost_game_at_three),
                      "raised_per_lost_game": _amount(settings.raised_per_lost_game),
                      "raised_from": settings.raised_from, "prize_money": settings.prize_money},
            "prize_choices": [{"player": c.player_id, "category": c.category} for c in tournament.prize_choices.all()],
            "prize_cuts": [{"category": c.category, "place": c.place, "order": c.order} for c in tournament.prize_cuts.all()],
        },
        "teams": [{"id": t.id, "name": t.name} for t in tournament.teams.order_by("id")],
        "categories": [{"id": c.id, "name": c.name} for c in tournament.categories.order_by("id")],
        "players": [{"id": p.id, "name": p.name, "club": p.club, "membership_number": p.membership_number,
                     "expert": p.is_expert, "ok_code": p.ok_code, "first_series": p.first_series,
                     "last_series": p.last_series, "team": p.team_id, "member": p.member_id,
                     "categories": sorted(c.id for c in p.categories.all())}
                    for p in (Player.objects.filter(tournament=tournament).prefetch_related("categories")
                              .order_by("id"))],
        "series_draws": [{"number": d.number, "how": d.how, "seed": d.seed, "club_clashes": d.club_clashes,
                          "least_club_clashes": d.least_club_clashes, "repeat_meetings": d.repeat_meetings,
                          "least_repeat_meetings": d.least_repeat_meetings}
                         for d in tournament.series_draws.order_by("number")],
        "sections": [{"id": s.id, "series": s.series, "letter": s.letter, "number": s.number, "stays": s.stays,
                      "phantom_pair": s.phantom_pair} for s in Section.objects.filter(tournament=tournament)],
        "tables": [{"id": t.id, "series": t.series, "number": t.number, "section": t.section_id,
                    "number_in_section": t.number_in_section, "size": t.size, "stays": t.stays,
                    "rounds_per_stay": t.rounds_per_stay, "controller": t.controller_id}
                   for t in Table.objects.filter(tournament=tournament)],
        "pairs": [{"section": p.section_id, "number": p.number, "players": [p.first_id, p.second_id]}
                  for p in Pair.objects.filter(section__tournament=tournament)],
        "stays": sorted(set(Seat.objects.filter(tournament=tournament).values_list("stay", flat=True))),
        "seatings": [{"series": series, "table": table, "stay": stay, "seat": seat, "player": player, "place": place}
                     for series, table, stay, seat, player, place in Seat.objects.filter(tournament=tournament)
                     .order_by("series", "table__number", "stay", "seat")
                     .values_list("series", "table__number", "stay", "seat", "player_id", "place")],
        "sit_outs": [{"series": o.series, "section": o.section_id, "stay": o.stay, "player": o.player_id}
                     for o in SitOut.objects.filter(tournament=tournament)],
        "deals": [_deal(d, settings.rulebook) for d in Deal.objects.filter(tournament=tournament).select_related("table")
                  .order_by("table__series", "table__number", "number")],
        "slips": [{"series": s.table.series, "table": s.table.number, "stay": s.stay, "player": s.player_id,
                   "net_points": s.net_points, "net_games": s.net_games, "games_won": s.games_won,
                   "games_lost": s.games_lost, "remarks": s.remarks, "source": s.source, "ok_by": s.ok_by_id}
                  for s in Slip.objects.filter(tournament=tournament).select_related("table")],
    }


def _amount(value) -> str | None:
    return None if value is None else str(value)


def _deal(d: Deal, rulebook: str) -> dict:
    # "hand" is the engine's reading of the game (a Foster "heart hand" is his Heart Solo: from the hand), the one
    # the statistics count; an import reads the same game back from the words with it.
    return {
        "series": d.table.series, "table": d.table.number, "stay": d.stay, "deal": d.number, "dealer": d.dealer_id, "kind": d.kind,
        "player": d.player_id, "declarer": d.declarer_id, "game": d.game or d.kind,
        "matadores": d.matadores, "announced": d.announced or None, "bid": d.bid, "points": d.points,
        "tricks": d.tricks, "hand": deal_from_hand(d, rulebook), "ouvert": d.ouvert, "abandoned": d.abandoned, "kontra": d.kontra,
        "re": d.re, "paper_result": d.result or None, "schneider": d.schneider, "schwarz": d.schwarz,
        "ramsch": ({"points": d.ramsch_points, "tricks": d.ramsch_tricks, "last_trick": d.ramsch_last_trick}
                   if d.kind == Deal.Kind.RAMSCH else None),
        "score": d.score, "value": d.value, "result": None if d.won is None and d.kind != Deal.Kind.RAMSCH
        else column_of(d.score), "matadores_without": d.matadores_without,
        "explanation": d.explanation, "remark": d.remark or None, "voided": d.voided, "version": d.version,
    }
