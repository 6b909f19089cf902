"""The multipliers of a trump game's outcome, before matadores.

Vocabulary:
    item    one multiplier with its label, as the books count them aloud. ``LAW2`` (Foster law 2)
            gives one item whose figure is the whole level (1 game, 2 schneider, 3 schneider
            announced or schwarz, 4 schwarz after announcing schneider, 5 schwarz announced);
            ``ISKO`` gives one item per multiplier (game, hand, schneider, schneider announced,
            schwarz, schwarz announced, ouvert), each with the running count.
    level   the last item's figure: the outcome's share of the multiplier.

Won games count what was made; lost games what would have been won (law 60) or what the adversaries
did to the player, whichever is more. Used by valuation and by the list of legal bids alike.
"""

from .games import Announcement, Game
from .rulebooks import MultiplierStyle, Rulebook
from .text import pmsg

Items = tuple[tuple[str, int], ...]

# Ruling (RULES.md §2, Losing): the books are silent on a player who announced schneider and was himself
# made schwarz; he loses at level 4, one more than the 3 either would cost alone (the mirror of law 2's
# "4 for schwarz after announcing schneider").
_SCHWARZ_AFTER_ANNOUNCING_SCHNEIDER_LOST = (pmsg("count", "for being made schwarz after announcing schneider"), 4)


def won_items(rb: Rulebook, game: Game, announced: Announcement, schneider: bool, schwarz: bool):
    """The outcome's multipliers for a won game, as (label, running count) pairs."""
    announced = game.contract(announced)
    if rb.multiplier_style is MultiplierStyle.LAW2:
        if announced is Announcement.SCHWARZ:
            return ((pmsg("count", "for announcing schwarz"), 5),)
        if announced is Announcement.SCHNEIDER:
            return ((pmsg("count", "for schwarz after announcing schneider"), 4),) if schwarz else ((pmsg("count", "for announcing schneider"), 3),)
        if schwarz:
            return ((pmsg("count", "for schwarz"), 3),)
        return ((pmsg("count", "for schneider"), 2),) if schneider else ((pmsg("count", "for game"), 1),)
    return isko_items(game, announced, schneider or announced >= Announcement.SCHNEIDER,
                       schwarz or announced is Announcement.SCHWARZ)


def lost_items(rb: Rulebook, game: Game, announced: Announcement, schneidered: bool, schwarz: bool):
    """A lost game costs what it would have won (law 60), or more if the adversaries did worse to him."""
    announced = game.contract(announced)
    if rb.multiplier_style is MultiplierStyle.LAW2:
        by_announcement = {Announcement.NONE: (pmsg("count", "for game"), 1),
                           Announcement.SCHNEIDER: (pmsg("count", "for announcing schneider"), 3),
                           Announcement.SCHWARZ: (pmsg("count", "for announcing schwarz"), 5)}[announced]
        suffered = ((pmsg("count", "for being made schwarz"), 3) if schwarz
                    else (pmsg("count", "for being schneidered"), 2) if schneidered else (pmsg("count", "for game"), 1))
        if announced is Announcement.SCHNEIDER and schwarz:
            return (_SCHWARZ_AFTER_ANNOUNCING_SCHNEIDER_LOST,)
        return (max(by_announcement, suffered, key=lambda item: item[1]),)
    return isko_items(game, announced, schneidered or announced >= Announcement.SCHNEIDER,
                       schwarz or announced is Announcement.SCHWARZ)


def isko_items(game: Game, announced: Announcement, schneider: bool, schwarz: bool):
    labels = [pmsg("count", "game")]
    if game.type.hand:
        labels.append(pmsg("count", "hand"))
    if schneider:
        labels.append(pmsg("count", "schneider"))
    if announced >= Announcement.SCHNEIDER:
        labels.append(pmsg("count", "schneider announced"))
    if schwarz:
        labels.append(pmsg("count", "schwarz"))
    if announced is Announcement.SCHWARZ:
        labels.append(pmsg("count", "schwarz announced"))
    if game.type.ouvert:
        labels.append(pmsg("count", "ouvert"))
    return tuple((label, i) for i, label in enumerate(labels, start=1))
