"""The API's own reads of a published event: its series, seatings and deals, with public names."""

from django.db.models import Count

from public.selectors import Tournament, public_names
from scoring.models import Deal
from seating.models import Seat, Table


def series(event: Tournament) -> list[dict]:
    """Each drawn series: its number, tables and players seated."""
    tables = dict(Table.objects.filter(tournament=event).order_by().values("series")
                  .annotate(n=Count("id")).values_list("series", "n"))
    seated = dict(Seat.objects.filter(tournament=event).order_by().values("series")
                  .annotate(n=Count("player", distinct=True)).values_list("series", "n"))
    return [{"number": number, "tables": tables[number], "players": seated.get(number, 0)} for number in sorted(tables)]


def seatings(event: Tournament) -> list[dict]:
    names = public_names(event)
    return [{"series": s, "stay": stay, "table": table, "seat": seat, "player": player, "name": names[player][0]}
            for s, stay, table, seat, player in Seat.objects.filter(tournament=event)
            .order_by("series", "stay", "table__number", "seat")
            .values_list("series", "stay", "table__number", "seat", "player_id")]


def deals(event: Tournament) -> list[dict]:
    names = public_names(event)
    return [{"series": s, "table": table, "stay": stay, "number": number, "kind": kind, "declarer": player,
             "name": names[player][0] if player else "", "game": game, "won": won, "value": value, "score": score}
            for s, table, stay, number, kind, player, game, won, value, score in
            Deal.objects.filter(tournament=event, voided=False)
            .order_by("table__series", "table__number", "stay", "number")
            .values_list("table__series", "table__number", "stay", "number", "kind", "player_id", "game_name",
                         "won", "value", "score")]
