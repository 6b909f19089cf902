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

from functools import lru_cache

from .games import Announcement, Game
from .rulebooks import MultiplierStyle, Rulebook
from .text import pmsg

Items = tuple[tuple[str, int], ...]

# The books' items (LAW2), made once: a valuation picks one.
_FOR_GAME = (pmsg("count", "for game"), 1)
_FOR_SCHNEIDER = (pmsg("count", "for schneider"), 2)
_FOR_BEING_SCHNEIDERED = (pmsg("count", "for being schneidered"), 2)
_FOR_SCHWARZ = (pmsg("count", "for schwarz"), 3)
_FOR_BEING_MADE_SCHWARZ = (pmsg("count", "for being made schwarz"), 3)
_FOR_ANNOUNCING_SCHNEIDER = (pmsg("count", "for announcing schneider"), 3)
_FOR_SCHWARZ_AFTER_ANNOUNCING_SCHNEIDER = (pmsg("count", "for schwarz after announcing schneider"), 4)
_FOR_ANNOUNCING_SCHWARZ = (pmsg("count", "for announcing schwarz"), 5)
# Ruling (RULES.md §2, Losing): the books are silent on a player who announced schneider and was himself
# made schwarz; he loses at level 4, one more than the 3 either would cost alone (the mirror of law 2's
# "4 for schwarz after announcing schneider").
_SCHWARZ_AFTER_ANNOUNCING_SCHNEIDER_LOST = (pmsg("count", "for being made schwarz after announcing schneider"), 4)
_LOST_BY_ANNOUNCEMENT = {Announcement.NONE: _FOR_GAME, Announcement.SCHNEIDER: _FOR_ANNOUNCING_SCHNEIDER,
                         Announcement.SCHWARZ: _FOR_ANNOUNCING_SCHWARZ}
# The ISkO labels, in the order they are counted.
_GAME, _HAND, _SCHNEIDER, _SCHNEIDER_ANNOUNCED, _SCHWARZ, _SCHWARZ_ANNOUNCED, _OUVERT = (
    pmsg("count", "game"), pmsg("count", "hand"), pmsg("count", "schneider"), pmsg("count", "schneider announced"),
    pmsg("count", "schwarz"), pmsg("count", "schwarz announced"), pmsg("count", "ouvert"))


# Cached: a valuation asks one of a few hundred outcomes (rulebook, game, announcement, two flags).
@lru_cache(maxsize=4096, typed=True)  # typed: an int is no Announcement
def won_items(rb: Rulebook, game: Game, announced: Announcement, schneider: bool, schwarz: bool):
    """The outcome's multipliers for a won game, as (label, running count) pairs."""
    announced = game.contract(announced)
    if rb.multiplier_style is MultiplierStyle.LAW2:
        if announced is Announcement.SCHWARZ:
            return (_FOR_ANNOUNCING_SCHWARZ,)
        if announced is Announcement.SCHNEIDER:
            return (_FOR_SCHWARZ_AFTER_ANNOUNCING_SCHNEIDER,) if schwarz else (_FOR_ANNOUNCING_SCHNEIDER,)
        if schwarz:
            return (_FOR_SCHWARZ,)
        return (_FOR_SCHNEIDER,) if schneider else (_FOR_GAME,)
    return isko_items(game, announced, schneider or announced >= Announcement.SCHNEIDER,
                      schwarz or announced is Announcement.SCHWARZ)


@lru_cache(maxsize=4096, typed=True)  # typed: an int is no Announcement
def lost_items(rb: Rulebook, game: Game, announced: Announcement, schneidered: bool, schwarz: bool):
    """A lost game costs what it would have won (law 60), or more if the adversaries did worse to him."""
    announced = game.contract(announced)
    if rb.multiplier_style is MultiplierStyle.LAW2:
        by_announcement = _LOST_BY_ANNOUNCEMENT[announced]
        suffered = (_FOR_BEING_MADE_SCHWARZ if schwarz
                    else _FOR_BEING_SCHNEIDERED if schneidered else _FOR_GAME)
        if announced is Announcement.SCHNEIDER and schwarz:
            return (_SCHWARZ_AFTER_ANNOUNCING_SCHNEIDER_LOST,)
        return (max(by_announcement, suffered, key=lambda item: item[1]),)
    return isko_items(game, announced, schneidered or announced >= Announcement.SCHNEIDER,
                      schwarz or announced is Announcement.SCHWARZ)


def isko_items(game: Game, announced: Announcement, schneider: bool, schwarz: bool):
    labels = [_GAME]
    if game.type.hand:
        labels.append(_HAND)
    if schneider:
        labels.append(_SCHNEIDER)
    if announced >= Announcement.SCHNEIDER:
        labels.append(_SCHNEIDER_ANNOUNCED)
    if schwarz:
        labels.append(_SCHWARZ)
    if announced is Announcement.SCHWARZ:
        labels.append(_SCHWARZ_ANNOUNCED)
    if game.type.ouvert:
        labels.append(_OUVERT)
    return tuple((label, i) for i, label in enumerate(labels, start=1))
