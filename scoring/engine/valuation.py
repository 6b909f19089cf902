"""Valuing a deal: won or lost, the game's value, the signed score and the books' own count.

Vocabulary:
    level        the multiplier for the outcome, before matadores. Under ``LAW2`` (Foster law 2) it
                 is one figure, 1..5; under ``ISKO`` it is the count of items game, hand, schneider,
                 schneider announced, schwarz, schwarz announced, ouvert.
    made         what the player achieved: schneider (91 or more; ISkO 90), schwarz (every trick).
    suffered     what the adversaries did to a losing player: schneidered (he has 30 or fewer),
                 schwarz (he took no trick).
    overbid      the game's value counted after play is below the bid (law 61): the game is lost, and
                 the loss is the next multiple of the unit that makes the bid good, if that is more.
    lost double  games that lose twice their value (Passt-mir-nicht, Gucki Grand; every ISkO game).

The entry point is ``score(deal, rulebook)``. Everything a user can get wrong is refused with
``InvalidDeal`` naming the field; nothing else is raised.

A valuation counts figures only: its ``Result`` gets the saying of its explanation and remark (a ``_say_...``
function with the figures counted), and the sentence is built when it is read (building it at once
cost a valuation more than the count itself).
"""

from collections.abc import Mapping

from . import bids as _bids
from .cards import TOTAL_POINTS, TRICKS_PER_DEAL, points_range
from .deals import Deal, Result, parse_matadores
from .errors import InvalidDeal
from .games import Announcement, Family, Game
from .multipliers import lost_items, won_items
from .phrases import find_game
from .ramsch import score_ramsch
from .rulebooks import RULEBOOKS as _RULEBOOKS_BY_ID
from .rulebooks import MultiplierStyle, Rulebook, get_rulebook, short_name
from .text import N_, Joined, Text, msg, pmsg, said_in_turn

_WITH = ("with", "without")  # a refusal names matadores in Foster's words, whatever the book
# The games an announcement is allowed in, as a refusal names them (a suit game's name without its suit).
_ANNOUNCING_GAMES = (N_("Solo"), N_("Hand"))
# The books' matadore words, said through ``rb.matadore_words`` (listed here for the catalogue).
_MATADORE_WORDS = (pmsg("matadores", "with"), pmsg("matadores", "without"), pmsg("matadores", "against"))

_ANNOUNCEMENTS = {None: Announcement.NONE, "": Announcement.NONE, "none": Announcement.NONE,
                  "schneider": Announcement.SCHNEIDER, "schwarz": Announcement.SCHWARZ}


def score(deal: "Deal | Mapping", rulebook: "str | Rulebook | None" = None) -> Result:
    """Value one deal under a rulebook (default foster-1922)."""
    if type(deal) is not Deal:
        if not isinstance(deal, Mapping):
            raise InvalidDeal("deal", msg("give a Deal or a mapping of its fields"))
        rulebook = deal.get("rulebook", rulebook)
        deal = Deal.from_mapping(deal)
    rb = _RULEBOOKS_BY_ID.get(rulebook) if type(rulebook) is str else None
    if rb is None:
        rb = get_rulebook(rulebook)
    game = find_game(rb, deal.game, hand=deal.hand is True, ouvert=deal.ouvert is True,
                     second_card=deal.second_card is True)
    if game.family is Family.RAMSCH:
        _refuse_extras_for_ramsch(deal)
        return score_ramsch(rb, deal.ramsch)
    if deal.ramsch is not None:
        raise InvalidDeal("ramsch", msg("Ramsch figures belong to a Ramsch, not to a {game}", game=game.label))
    kontra = _kontra_factor(rb, deal)
    bid = _bid(rb, game, deal.bid)
    announced = _announcement(rb, game, deal.announced)
    if game.family is Family.NULL:
        if deal.matadores is not None and deal.matadores != 0:
            raise InvalidDeal("matadores", msg("a {game} has no trumps and so no matadores; leave it empty", game=game.label))
        return _score_null(rb, game, deal, bid, kontra)
    matadores = _matadores(game, deal.matadores)
    return _score_trump(rb, game, deal, matadores, announced, bid, kontra)


# --- trump games -------------------------------------------------------------------------------------


def _score_trump(rb: Rulebook, game: Game, deal: Deal, matadores: int, announced: Announcement,
                 bid: int | None, kontra: int) -> Result:
    made_schneider = made_schwarz = suffered_schneider = suffered_schwarz = False
    contract = game.contract(announced)  # an Open Grand / ouvert game is schwarz announced by its nature
    if deal.abandoned:
        _check_abandon(game, deal)
        won_by_cards = False
    elif deal.points is not None or deal.tricks is not None:
        points, tricks = _points_and_tricks(rb, deal)
        won_by_cards = points >= rb.game_points
        made_schneider = points >= rb.schneider_points
        made_schwarz = tricks == TRICKS_PER_DEAL
        suffered_schneider = points <= rb.schneidered_at
        suffered_schwarz = tricks == 0
    else:
        won_by_cards, schneider, schwarz = _paper_result(deal)
        if won_by_cards:  # a game written down as won made what it undertook
            made_schneider = schneider or schwarz or contract >= Announcement.SCHNEIDER
            made_schwarz = schwarz or contract is Announcement.SCHWARZ
        else:
            suffered_schneider, suffered_schwarz = schneider or schwarz, schwarz
    won = won_by_cards and _fulfilled(contract, made_schneider, made_schwarz)
    if won:
        items = won_items(rb, game, announced, made_schneider, made_schwarz)
    else:
        items = lost_items(rb, game, announced, suffered_schneider, suffered_schwarz)
    level = items[-1][1] if items else 0
    multipliers = level + abs(matadores)
    unit = game.unit
    value = unit * multipliers
    overbid = bid is not None and value < bid
    if won and not overbid:
        _check_stated_result(deal, won=True)
        remark = (_say_won_remark, matadores, rb) if -matadores >= rb.remark_without else None
        return Result(rb.id, game.name, True, value, value * kontra, multipliers, False,
                      (_say_trump_won, rb, game, items, matadores, multipliers, unit, value, kontra), remark, unit,
                      matadores)
    loss, needed_units = _overbid_loss(value, unit, bid if overbid else None)
    loss = _double_and_kontra(game, loss, kontra)
    _check_stated_result(deal, won=False)
    return Result(rb.id, game.name, False, value, -loss, multipliers, overbid,
                  (_say_trump_lost, rb, game, items, matadores, multipliers, unit, value, deal.abandoned,
                   bid if overbid else None, needed_units, loss, kontra), None, unit, matadores)


def _overbid_loss(value: int, unit: int, bid: int | None) -> tuple[int, int | None]:
    """What a lost game loses before doubling and Kontra: its value, or for an overbid game the next multiple of
    its unit that makes the bid good, if that is more (law 61); with that multiple's units (None if the value
    stands)."""
    if bid is None:
        return value, None
    needed_units = -(-bid // unit)
    needed = needed_units * unit
    return (needed, needed_units) if needed > value else (value, None)


def _say_trump_won(rb: Rulebook, game: Game, items, matadores: int, multipliers: int, unit: int, value: int,
                   kontra: int) -> Text:
    count = _count(rb, game, items, matadores, multipliers, unit, value)
    return said_in_turn((_headed(rb, game.label, count), _kontra_text(kontra, value)))


def _say_won_remark(matadores: int, rb: Rulebook) -> Text:
    return msg("won {matadores}", matadores=_matadores_text(matadores, rb))


def _say_trump_lost(rb: Rulebook, game: Game, items, matadores: int, multipliers: int, unit: int, value: int,
                    abandoned: bool, bid: int | None, needed_units: int | None, loss: int, kontra: int) -> Text:
    count = _count(rb, game, items, matadores, multipliers, unit, value)
    return _say_lost(game, abandoned, count, bid, unit, needed_units, loss, kontra)


def _say_lost(game: Game, abandoned: bool, count, bid: int | None, unit: int, needed_units: int | None, loss: int,
              kontra: int) -> Text:
    """A lost game's count: its head (``count``: a trump game's count, a null game's value), the overbid if
    any (``bid`` None if not), lost double and Kontra; ``loss`` is the amount the game loses."""
    parts = [_lost_head(game, abandoned, count)]
    if bid is not None:
        if needed_units is not None:
            parts.append(_overbid_text(bid, unit, needed_units, needed_units * unit))
        else:
            parts.append(msg("; overbid (bid {bid})", bid=bid))
    parts.append(_loss_tail(game, loss, kontra))
    return said_in_turn(parts)


def _fulfilled(contract: Announcement, made_schneider: bool, made_schwarz: bool) -> bool:
    """Whether the player made what he undertook: an announced schneider needs 91 (ISkO 90), an announced
    schwarz, or a game schwarz announced by its nature (Open Grand, ouvert), every trick (Foster laws 39-42;
    "if the player loses a single trick ... he loses everything", Open Grand)."""
    if contract is Announcement.SCHWARZ:
        return made_schwarz
    if contract is Announcement.SCHNEIDER:
        return made_schneider
    return True


def _count(rb: Rulebook, game: Game, items, matadores: int, multipliers: int, unit: int, value: int) -> Text:
    """The books' count: Foster 'a for game, "with" n, = m × unit = value'; ISkO 'with n, game n+1, ...
    = m × unit = value' (German: 'mit 2, Spiel 3, Hand 4, Schneider 5 = 5 × 24 = 120')."""
    if rb.multiplier_style is MultiplierStyle.LAW2:
        label, level = items[-1]
        return msg('{level} {label}, "{word}" {matadores}, = {multipliers} × {unit} = {value}', level=level,
                   label=label, word=_matadore_word(matadores, rb), matadores=abs(matadores),
                   multipliers=multipliers, unit=unit, value=value)
    parts = [_matadores_text(matadores, rb)]
    parts += [msg("{label} {count}", label=label, count=abs(matadores) + n) for label, n in items]
    return msg("{items} = {multipliers} × {unit} = {value}", items=Joined(parts, ", "), multipliers=multipliers,
               unit=unit, value=value)


def _matadore_word(matadores: int, rb: "Rulebook | tuple[str, str]") -> Text:
    """"with" or "without" (ISkO "against"): German mit, ohne."""
    words = rb if isinstance(rb, tuple) else rb.matadore_words
    return pmsg("matadores", words[0] if matadores > 0 else words[1])


def _matadores_text(matadores: int, rb: "Rulebook | tuple[str, str]") -> Text:
    """"with 3", "without 10": German "mit 3", "ohne 10"."""
    return msg("{word} {count}", word=_matadore_word(matadores, rb), count=abs(matadores))


def _headed(rb: Rulebook, label: Text, count) -> Text:
    """The game's name before its count: "Club Solo: ..."; ISkO's German reads "Grand Hand, mit 2, ..."."""
    if rb.multiplier_style is MultiplierStyle.ISKO:
        return pmsg("isko", "{game}: {count}", game=label, count=count)
    return msg("{game}: {count}", game=label, count=count)


def _lost_head(game: Game, abandoned: bool, count) -> Text:
    if abandoned:
        return msg("{game} abandoned before play, lost: {count}", game=game.label, count=count)
    return msg("{game} lost: {count}", game=game.label, count=count)


def _overbid_text(bid: int, unit: int, needed_units: int, needed: int) -> Text:
    return msg("; overbid (bid {bid}): loses the next multiple of {unit} that makes the bid good, "
               "{units} × {unit} = {needed}", bid=bid, unit=unit, units=needed_units, needed=needed)


# --- null games --------------------------------------------------------------------------------------


def _score_null(rb: Rulebook, game: Game, deal: Deal, bid: int | None, kontra: int) -> Result:
    if deal.abandoned:
        _check_abandon(game, deal)
        won = False
    elif deal.tricks is not None or deal.points is not None:
        if deal.tricks is None:
            raise InvalidDeal("tricks", msg("a {game} is decided by tricks: give the player's tricks (0 wins)",
                                            game=game.label))
        _int_in("tricks", deal.tricks, 0, TRICKS_PER_DEAL)
        if deal.points is not None:
            _int_in("points", deal.points, 0, TOTAL_POINTS)
        won = deal.tricks == 0
    else:
        won, _, _ = _paper_result(deal)
    unit = game.unit
    overbid = bid is not None and unit < bid
    if won and not overbid:
        _check_stated_result(deal, won=True)
        return Result(rb.id, game.name, True, unit, unit * kontra, None, False, (_say_null_won, game, unit, kontra),
                      None, unit, None)
    loss, needed_units = _overbid_loss(unit, unit, bid if overbid else None)
    loss = _double_and_kontra(game, loss, kontra)
    _check_stated_result(deal, won=False)
    return Result(rb.id, game.name, False, unit, -loss, None, overbid,
                  (_say_lost, game, deal.abandoned, unit, bid if overbid else None, unit, needed_units, loss, kontra),
                  None, unit, None)


def _say_null_won(game: Game, unit: int, kontra: int) -> Text:
    return said_in_turn((msg("{game}: {count}", game=game.label, count=unit), _kontra_text(kontra, unit)))


# --- shared pieces -----------------------------------------------------------------------------------


def _double_and_kontra(game: Game, loss: int, kontra: int) -> int:
    return loss * game.type.lost_factor * kontra


def _loss_tail(game: Game, loss: int, kontra: int) -> Text:
    parts = []
    if game.type.lost_factor == 2:
        parts.append(msg(", lost double = {amount}", amount=loss // kontra))
    parts.append(_kontra_text(kontra, loss // kontra, lost=True))
    return said_in_turn(parts)


def _kontra_text(kontra: int, amount: int, lost: bool = False) -> str:
    """Kontra's doubling; a lost game's has the context "lost": the same English, but German writes the loss
    with its minus sign ("doppelt verloren = −66, Kontra × 2 = −132")."""
    if kontra == 1:
        return ""
    if kontra == 2:
        if lost:
            return pmsg("lost", ", Kontra × 2 = {amount}", amount=amount * 2)
        return msg(", Kontra × 2 = {amount}", amount=amount * 2)
    if lost:
        return pmsg("lost", ", Kontra and Re × 4 = {amount}", amount=amount * 4)
    return msg(", Kontra and Re × 4 = {amount}", amount=amount * 4)


def _int_in(field: str, value, low: int, high: int) -> int:
    if type(value) is not int:
        raise InvalidDeal(field, msg("must be a whole number from {low} to {high}, not {value!r}", low=low, high=high,
                                     value=value))
    if not low <= value <= high:
        raise InvalidDeal(field, msg("{value} is outside {low}..{high}", value=value, low=low, high=high))
    return value


def _points_and_tricks(rb: Rulebook, deal: Deal) -> tuple[int, int]:
    if deal.points is None:
        raise InvalidDeal("points", msg("give the player's card points (Skat included) with his tricks"))
    if deal.tricks is None:
        raise InvalidDeal("tricks", msg("give the player's tricks with his card points"))
    points = _int_in("points", deal.points, 0, TOTAL_POINTS)
    tricks = _int_in("tricks", deal.tricks, 0, TRICKS_PER_DEAL)
    low, high = points_range(tricks, True)
    if tricks == 0 and rb.schwarz_loses_skat:
        high = 0  # made schwarz, "he loses what he has in the Skat" (Foster p. 86)
    if not low <= points <= high:
        if tricks == 0 and high == 0:
            why = msg("a player who took no trick is schwarz and cannot count his Skat: he has 0")
        elif tricks == 0:
            why = msg("with no trick the player has only the Skat, at most {high} card points", high=high)
        elif tricks == TRICKS_PER_DEAL:
            why = msg("with all ten tricks the player has all 120 card points")
        else:
            why = msg("with {tricks} tricks the player's card points (Skat included) lie between {low} and {high}",
                      tricks=tricks, low=low, high=high)
        raise InvalidDeal("points", msg("{points} card points cannot be: {why}", points=points, why=why))
    return points, tricks


def _paper_result(deal: Deal) -> tuple[bool, bool, bool]:
    """won/lost with schneider/schwarz, as copied from a paper sheet."""
    if deal.result not in ("won", "lost"):
        if deal.result is None:
            raise InvalidDeal("points", msg("give the player's card points and tricks, or for a paper sheet the result "
                                            "(won or lost)"))
        raise InvalidDeal("result", msg('{result!r}: write "won" or "lost"', result=deal.result))
    return deal.result == "won", deal.schneider is True, deal.schwarz is True


def _check_stated_result(deal: Deal, *, won: bool) -> None:
    """A result stated beside the figures must agree with them."""
    if deal.result is None or (deal.points is None and deal.tricks is None):
        return
    if deal.result not in ("won", "lost"):
        raise InvalidDeal("result", msg('{result!r}: write "won" or "lost"', result=deal.result))
    if (deal.result == "won") != won:
        if won:
            raise InvalidDeal("result", msg("the figures say the game was won, not {result}", result=deal.result))
        raise InvalidDeal("result", msg("the figures say the game was lost, not {result}", result=deal.result))


def _check_abandon(game: Game, deal: Deal) -> None:
    if not game.type.abandonable:
        raise InvalidDeal("abandoned", msg("a {game} cannot be abandoned; only games with the Skat turned may be "
                                           "given up before play (law 44)", game=game.label))
    for field in ("points", "tricks", "result"):
        if getattr(deal, field) is not None:
            raise InvalidDeal(field, msg("an abandoned game is not played: leave the card points, tricks and result "
                                         "empty"))


def _matadores(game: Game, value) -> int:
    most = game.max_matadores
    if value is None:
        raise InvalidDeal("matadores", msg('a {game} needs its matadores: "with N" or "without N", N from 1 to {most}',
                                           game=game.label, most=most))
    matadores = parse_matadores(value)
    if matadores == 0 or abs(matadores) > most:
        raise InvalidDeal("matadores", msg('{matadores} cannot be in a {game}: "with" or "without" 1 to {most}',
                                           matadores=_matadores_text(matadores, _WITH) if matadores else "0",
                                           game=game.label, most=most))
    least = game.type.least_with
    if least and matadores < least:
        raise InvalidDeal("matadores", msg('{matadores} cannot be in a {game}: it needs "with" {least} to {most} '
                                           '(no {game} without the {least} best Jacks)',
                                           matadores=_matadores_text(matadores, _WITH), game=game.label,
                                           least=least, most=most))
    return matadores


def _announcement(rb: Rulebook, game: Game, value) -> Announcement:
    if value is not None and not isinstance(value, str):
        raise InvalidDeal("announced", msg('{value!r}: announce "schneider", "schwarz" or nothing', value=value))
    key = value.strip().lower() if isinstance(value, str) else value
    if key not in _ANNOUNCEMENTS:
        raise InvalidDeal("announced", msg('{value!r}: announce "schneider", "schwarz" or nothing', value=value))
    announced = _ANNOUNCEMENTS[key]
    if announced is Announcement.NONE or announced == game.type.implied:
        return announced
    if game.type.implied is not Announcement.NONE:
        raise InvalidDeal("announced", msg("a {game} is schwarz announced by its nature; nothing else can be announced",
                                           game=game.label))
    if not game.type.announce:
        allowed = sorted({g.type.name.format(suit="").strip() for g in rb.games if g.type.announce})
        where = msg("no game") if not allowed else Joined([Text(name) for name in allowed], msg(" and "))
        what = pmsg("count", "schneider") if announced is Announcement.SCHNEIDER else pmsg("count", "schwarz")
        raise InvalidDeal("announced", msg("{announced} cannot be announced in a {game}: only in games played "
                                           "without the Skat ({where})", announced=what, game=game.label, where=where))
    return announced


def _bid(rb: Rulebook, game: Game, bid) -> int | None:
    if bid is None:
        return None
    if type(bid) is not int:
        raise InvalidDeal("bid", msg("must be a whole number, not {value!r}", value=bid))
    if bid in _bids.bid_set(rb) or bid in _bids.won_values(rb, game):
        return bid
    if bid < rb.lowest_bid:
        raise InvalidDeal("bid", msg("{bid} is below the lowest bid, {lowest}", bid=bid, lowest=rb.lowest_bid))
    below, above = _bids.neighbours(rb, bid)
    if above:
        hint = msg("the nearest bids are {below} and {above}", below=below, above=above)
    else:
        hint = msg("the highest bid is {highest}", highest=below)
    raise InvalidDeal("bid", msg("{bid} is no game value under {rulebook}: {hint}", bid=bid, rulebook=short_name(rb),
                                 hint=hint))


def _kontra_factor(rb: Rulebook, deal: Deal) -> int:
    if deal.re and not deal.kontra:
        raise InvalidDeal("re", msg("Re answers a Kontra: there was no Kontra"))
    if deal.kontra and not rb.kontra:
        raise InvalidDeal("kontra", msg("{rulebook} has no Kontra; only isko tournaments may play it",
                                        rulebook=short_name(rb)))
    return 4 if deal.re else 2 if deal.kontra else 1


def _refuse_extras_for_ramsch(deal: Deal) -> None:
    for field in ("matadores", "announced", "points", "tricks", "bid", "result"):
        if getattr(deal, field) is not None:
            raise InvalidDeal(field, msg('a Ramsch has no declarer: give "ramsch": {{"points": [V, M, H], "tricks": '
                                         '[V, M, H], "last_trick": ...}}'))
    for field in ("kontra", "re", "abandoned", "hand", "ouvert", "second_card", "schneider", "schwarz"):
        if getattr(deal, field):
            raise InvalidDeal(field, msg("does not apply to a Ramsch"))
