"""A player's figures recomputed by hand from the deals themselves, with none of the code under test: his seats,
the deals of his tables at the stays he sat, the games by their written names, and his series totals by the
rules of each scoring system (Seeger-Fabian: a game's score, 50 more for a game won and 50 less for one lost, and
40 at a table of three or 30 at four for every game another player there lost; Foster: his net points)."""

from fractions import Fraction

from scoring.models import Deal
from seating.models import Player, Seat

KINDS = ("diamonds", "hearts", "spades", "clubs", "grand", "null")
SUIT_WORDS = {"diamond": "diamonds", "heart": "hearts", "spade": "spades", "club": "clubs"}


def kind_of(name: str) -> str:
    """A game's kind from the name the sheet shows ("Hearts Hand", "Club Solo", "Null Ouvert", "Grand")."""
    words = name.lower().split()
    if "grand" in words:
        return "grand"
    if {"null", "nullo"} & set(words):
        return "null"
    for word in words:
        for suit, kind in SUIT_WORDS.items():
            if word.startswith(suit):
                return kind
    raise AssertionError(name)


def from_hand(name: str) -> bool:
    """Whether the named game is played without the Skat: ISkO's Hand and Ouvert games (a Null Ouvert only with
    Hand), the old books' Solos and Open Grand / Grand Ouvert."""
    words = name.lower().split()
    if {"null", "nullo"} & set(words):
        return "hand" in words
    return bool({"hand", "solo", "ouvert", "open"} & set(words))


def series_of(player: Player) -> dict[int, dict]:
    """{series: his figures there by hand} for one event player, from his seats and his tables' deals."""
    system = player.tournament.scoring.system
    out = {}
    for series in sorted(set(Seat.objects.filter(player=player).values_list("series", flat=True))):
        seats = list(Seat.objects.filter(player=player, series=series))
        deals, total, thrown, size, mates = 0, 0, 0, 0, set()
        for seat in seats:
            table = seat.table
            size = table.size
            by_stay = {}
            for s in Seat.objects.filter(table=table):
                by_stay.setdefault(s.stay, set()).add(s.player_id)
                mates.add(s.player_id)
            for deal in Deal.objects.filter(table=table, voided=False):
                at = by_stay.get(deal.stay) or by_stay[1]
                if player.pk not in at:
                    continue
                deals += 1
                thrown += deal.kind == "thrown_in"
                total += points(deal, player.pk, system, len(at))
        out[series] = {"deals": deals, "total": total, "passed_in": thrown, "size": size, "mates": mates}
    return out


def points(deal: Deal, player: int, system: str, seated: int) -> int:
    """What one deal adds to his series total under ``system``."""
    if deal.kind == "thrown_in" or deal.player_id is None:
        return 0
    if system == "seeger-fabian":
        if deal.player_id == player:
            return deal.score + (50 if deal.score > 0 else -50)
        return {3: 40, 4: 30}[seated] if deal.score < 0 and deal.kind == "game" else 0
    return deal.score if deal.player_id == player else 0


def games_of(players: list[Player]) -> dict:
    """His own games by kind and hand: (played, won)."""
    by_kind = {kind: [0, 0] for kind in KINDS}
    hand = [0, 0]
    for deal in Deal.objects.filter(declarer__in=players, kind="game", voided=False):
        cell = by_kind[kind_of(deal.game_name)]
        cell[0] += 1
        cell[1] += bool(deal.won)
        if from_hand(deal.game_name):
            hand[0] += 1
            hand[1] += bool(deal.won)
    return {"by_game": by_kind, "hand": hand}


def figures_by_hand(players: list[Player]) -> dict:
    """Every figure of the statistics for the event players of one member, by hand."""
    parts = []
    for player in players:
        mine = series_of(player)
        for series, part in mine.items():
            if not part["deals"]:
                continue
            table = []
            for mate in sorted(part["mates"]):
                table.append(series_of(Player.objects.get(pk=mate))[series]["total"])
            parts.append((player.tournament_id, part, table))
    games = games_of(players)
    own = sum(p for p, _w in games["by_game"].values())
    won = sum(w for _p, w in games["by_game"].values())
    deals = sum(part["deals"] for _e, part, _t in parts)
    points_ = sum(part["total"] for _e, part, _t in parts)
    over = [part["total"] - Fraction(sum(table), len(table)) for _e, part, table in parts]

    def ratio(a, b):
        return None if not b else Fraction(a) / b

    return {"events": len({e for e, _p, _t in parts}), "series": len(parts), "deals": deals, "own_games": own,
            "won": won, "lost": own - won, "win_rate": ratio(won, own), "own_share": ratio(own, deals),
            "by_game": {k: {"played": p, "won": w} for k, (p, w) in games["by_game"].items()},
            "hand": {"played": games["hand"][0], "won": games["hand"][1]},
            "passed_in": sum(part["passed_in"] for _e, part, _t in parts), "points": points_,
            "per_48": ratio(points_ * 48, deals), "per_series": ratio(points_, len(parts)),
            "best_series": max((part["total"] for _e, part, _t in parts), default=None),
            "vs_table": ratio(sum(over, Fraction(0)), len(over))}
