"""Paper figures: a Seeger-Fabian list of one table and series, and a Foster / McColl paper slip.

Vocabulary:
    list line       one player's figures at the foot of a Seeger-Fabian list (the Spielliste): the sum of his
                    game scores (lost games already doubled and negative), his games won and his games lost.
    deals           how many deals the list or slip covers (a series: 48 at a table of four, 36 at three).
    holding cards   the deals a player holds cards in (at four or more he sits out the deals he gives): he
                    cannot win or lose more games than that.
    highest         the most one deal can score for or against a player under the rulebook
                    (``scoring.engine.highest_score``): points beyond his games times that are impossible.
    increment       what one list or slip adds to a player's standing: a ``Standing`` to ``Standing.add``.

The figures are checked before they count: ``FiguresError`` names the field and says what cannot be right, as a
sentence of the engine (``scoring.engine.text.msg``: English here, said in the reader's language on the table's
phone). A signed figure goes into the sentence already written with its sign ("+12"), as a word.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass

from scoring.engine.text import msg

from .systems import SEEGER_FABIAN_OTHERS_LOST, Standing


class FiguresError(ValueError):
    """Figures from paper that cannot be right. ``field`` names the figure (``games_won``, ``games_lost``,
    ``game_points``, ``player``, ``table_size``, ``deals``, ``lines``, ``net_games``, ``net_points``);
    ``player`` is whose line it is, if one player's; the message is for the controller."""

    def __init__(self, field: str, message: str, player: int | None = None):
        super().__init__(message)
        self.field, self.player, self.message = field, player, message


@dataclass(frozen=True)
class ListLine:
    player: int
    game_points: int
    games_won: int
    games_lost: int


def validate_list(lines: Sequence[ListLine], table_size: int, deals: int, *,
                  names: Mapping[int, str] | None = None, complete: bool = True,
                  holding_cards: Mapping[int, int] | None = None, highest: int | None = None) -> None:
    """Refuse a list whose figures cannot be right; the first fault found is raised as a ``FiguresError``.
    ``names``: player -> name, for the message (else "player <id>"). ``complete=False`` checks the lines of a
    list still being copied (some players' figures not yet entered) by every rule but the count of lines.
    ``holding_cards`` (player -> deals) and ``highest`` bound each line by what his deals could give."""
    if not 3 <= table_size <= 6:
        raise FiguresError("table_size", msg("a table seats 3 to 6 players, not {size}", size=table_size))
    if deals < 0:
        raise FiguresError("deals", msg("the list cannot cover {deals} deals", deals=deals))
    if len(lines) > table_size or (complete and len(lines) != table_size):
        raise FiguresError("lines", msg("a table of {size} has {size} players on its list, not {count}: enter every "
                                        "player's figures, 0 where he had no game", size=table_size, count=len(lines)))
    seen: set[int] = set()
    for line in lines:
        who = (names or {}).get(line.player) or msg("player {number}", number=line.player)
        won, lost = line.games_won, line.games_lost
        if line.player in seen:
            raise FiguresError("player", msg("{who} is on the list twice", who=who), line.player)
        seen.add(line.player)
        if won < 0:
            raise FiguresError("games_won", msg("{who}: games won cannot be negative", who=who), line.player)
        if lost < 0:
            raise FiguresError("games_lost", msg("{who}: games lost cannot be negative", who=who), line.player)
        if won + lost > deals:
            raise FiguresError("games_won", msg("{who}: {won} won + {lost} lost is more than the {deals} deals of the "
                                                "list", who=who, won=won, lost=lost, deals=deals), line.player)
        held = (holding_cards or {}).get(line.player)
        if held is not None and won + lost > held:
            raise FiguresError("games_won", msg("{who}: {won} won + {lost} lost is more than the {held} deals he held "
                                                "cards in", who=who, won=won, lost=lost, held=held), line.player)
        points = f"{line.game_points:+}"
        if highest is not None and not -lost * highest <= line.game_points <= won * highest:
            raise FiguresError("game_points", msg("{who}: game points {points} cannot come from {won} won and {lost} "
                                                  "lost: one game scores at most {highest}", who=who, points=points,
                                                  won=won, lost=lost, highest=highest), line.player)
        if (won == 0 and line.game_points > 0) or (lost == 0 and line.game_points < 0):
            raise FiguresError("game_points", msg("{who}: game points {points} with {won} won and {lost} lost (a won "
                                                  "game scores plus, a lost one minus)", who=who, points=points,
                                                  won=won, lost=lost), line.player)
    played = sum(line.games_won + line.games_lost for line in lines)
    if played > deals:
        raise FiguresError("games_won", msg("the players' games won and lost add up to {played}, more than the "
                                            "{deals} deals of the list (one game per deal)", played=played,
                                            deals=deals))


def list_standings(lines: Sequence[ListLine], table_size: int, deals: int, *,
                   names: Mapping[int, str] | None = None) -> dict[int, Standing]:
    """Each player's increment from a checked Seeger-Fabian list: his game points, games won and lost (and the
    points as won or lost so that his net points are his game points), the deals, and the games the others at
    his table lost with their bonus (40 at a table of three, 30 at four; five or six count as four), so that
    ``Standing.total(SEEGER_FABIAN)`` is the list's total."""
    validate_list(lines, table_size, deals, names=names)
    bonus = SEEGER_FABIAN_OTHERS_LOST.get(table_size, 30)
    lost = sum(line.games_lost for line in lines)
    result = {}
    for line in lines:
        others_lost = lost - line.games_lost
        result[line.player] = Standing(
            line.player, games_won=line.games_won, games_lost=line.games_lost, points_won=max(line.game_points, 0),
            points_lost=max(-line.game_points, 0), deals_played=deals, game_scores=line.game_points,
            others_lost=others_lost, others_lost_bonus=others_lost * bonus)
    return result


def validate_slip(net_points: int, net_games: int, deals: int, highest: int | None = None) -> None:
    """Refuse a Foster / McColl paper slip (net points, net games of one stay) that cannot be right. ``deals``:
    the deals the player held cards in; ``highest``: the most one deal can score (none: points unbounded)."""
    if deals < 0:
        raise FiguresError("deals", msg("the stay cannot have {deals} deals", deals=deals))
    if abs(net_games) > deals:
        raise FiguresError("net_games", msg("net games {games} in {deals} deals (the deals he held cards in): at most "
                                            "one game a deal, so it lies between -{deals} and +{deals}",
                                            games=f"{net_games:+}", deals=deals))
    if deals == 0 and net_points:
        raise FiguresError("net_points", msg("net points {points} in a stay without deals", points=f"{net_points:+}"))
    if highest is not None:
        # With won + lost <= deals and won - lost = net games, he won at most (deals + net) / 2 games.
        most_won, most_lost = (deals + net_games) // 2, (deals - net_games) // 2
        if not -most_lost * highest <= net_points <= most_won * highest:
            raise FiguresError("net_points", msg("net points {points} cannot come from net games {games} in {deals} "
                                                 "deals: at most {won} won games, {lost} lost, and one game scores at "
                                                 "most {highest}, so the points lie between {low} and {high}",
                                                 points=f"{net_points:+}", games=f"{net_games:+}", deals=deals,
                                                 won=most_won, lost=most_lost, highest=highest,
                                                 low=-most_lost * highest, high=most_won * highest))


def slip_standing(player: int, net_points: int, net_games: int, deals: int) -> Standing:
    """A checked Foster / McColl paper slip as an increment: net points and net games each in the won or lost
    column by their sign (a slip gives only the nets), and the stay's deals."""
    validate_slip(net_points, net_games, deals)
    return Standing(player, games_won=max(net_games, 0), games_lost=max(-net_games, 0),
                    points_won=max(net_points, 0), points_lost=max(-net_points, 0), deals_played=deals)
