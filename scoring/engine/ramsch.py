"""Ramsch: all passed and Vorhand would not play; everyone for himself, Jacks the only trumps.

Vocabulary:
    V, M, H        Vorhand, Mittelhand, Hinterhand, the three active players of the deal.
    charge         what the loser pays: 20; 30 if one player took no trick ("Jungfer");
                   50 (to the player who took every trick) if two took none (Foster law 4).
    loser          the player with the most card points. A tie is lost by the winner of the last trick;
                   Ruling: if no tied player took the last trick, the tied player who took the latest
                   trick loses (the League's rule, adopted for all books).
    Skat           disregarded under Foster (the three totals make 120 less the Skat's points); under the
                   League and McColl it goes to the winner of the last trick (the totals make 120).
"""

from .cards import SKAT_POINT_TOTALS, TOTAL_POINTS, TRICKS_PER_DEAL, points_range
from .deals import SEATS, RamschFacts, Result
from .errors import InvalidDeal
from .rulebooks import RamschSkat, Rulebook
from .text import Text, and_list, msg


def score_ramsch(rb: Rulebook, facts: RamschFacts | None) -> Result:
    if rb.all_passed != "ramsch":
        from .phrases import no_ramsch

        raise InvalidDeal("game", no_ramsch(rb))
    if facts is None:
        raise InvalidDeal("ramsch", msg('give "ramsch": {{"points": [V, M, H], "tricks": [V, M, H], "last_trick": '
                                        '"V"|"M"|"H"}}'))
    points, tricks, last = _validated(rb, facts)
    with_tricks = [seat for seat in range(3) if tricks[seat] > 0]
    plain, jungfer, all_tricks = rb.ramsch_charges
    if len(with_tricks) == 1:
        loser, charge = with_tricks[0], all_tricks
    else:
        loser = _most_points(points, last, facts.trick_winners)
        charge = jungfer if len(with_tricks) == 2 else plain
    saying = (_say_ramsch, points, tricks, last, loser, charge, len(with_tricks) == 1, charge == jungfer)
    return Result(rb.id, "Ramsch", False, charge, -charge, None, False, saying, None, None, None, SEATS[loser])


def _say_ramsch(points, tricks, last: int, loser: int, charge: int, every_trick: bool, jungfer: bool) -> Text:
    """Why the loser is charged: he took every trick, or the most card points (a tie: the last or latest trick),
    and the Jungfer (a player who took no trick) when that raised the charge."""
    if every_trick:
        why = msg("{seat} took every trick", seat=SEATS[loser])
    else:
        tied = [SEATS[s] for s in range(3) if points[s] == points[loser]]
        why = msg("{seat} took the most card points ({points})", seat=SEATS[loser], points=points[loser])
        if len(tied) > 1:
            how = msg("the last trick") if loser == last else msg("the latest trick of the tied players")
            why = msg("{tied} tied with {points} card points; {seat} took {how}", tied=and_list(tied),
                      points=points[loser], seat=SEATS[loser], how=how)
        if jungfer:
            nobody = SEATS[next(s for s in range(3) if tricks[s] == 0)]
            why = msg("{why}; {seat} took no trick", why=why, seat=nobody)
    return msg("Ramsch: {why}: {seat} is charged {charge}", why=why, seat=SEATS[loser], charge=charge)


def _validated(rb: Rulebook, facts: RamschFacts):
    points, tricks = facts.points, facts.tricks
    for field, figures, high in (("ramsch.points", points, TOTAL_POINTS), ("ramsch.tricks", tricks, TRICKS_PER_DEAL)):
        for seat, figure in zip(SEATS, figures):
            if type(figure) is not int or not 0 <= figure <= high:
                raise InvalidDeal(field, msg("{seat}'s figure {figure!r} must be a whole number from 0 to {high}",
                                             seat=seat, figure=figure, high=high))
    if sum(tricks) != TRICKS_PER_DEAL:
        raise InvalidDeal("ramsch.tricks", msg("the three players' tricks make {tricks}; there are 10 tricks in a deal",
                                               tricks=sum(tricks)))
    if not facts.last_trick:  # not given yet: the message names nothing (no "None" on the controller's phone)
        raise InvalidDeal("ramsch.last_trick", msg("say who took the last trick: V, M or H"))
    if facts.last_trick not in SEATS:
        raise InvalidDeal("ramsch.last_trick", msg("{seat!r}: say who took the last trick, V, M or H",
                                                   seat=facts.last_trick))
    last = SEATS.index(facts.last_trick)
    if tricks[last] == 0:
        raise InvalidDeal("ramsch.last_trick", msg("{seat} took no trick, so not the last one", seat=facts.last_trick))
    skat_to_last = rb.ramsch_skat is RamschSkat.TO_LAST_TRICK
    for seat in range(3):
        low, high = points_range(tricks[seat], skat_to_last and seat == last)
        if not low <= points[seat] <= high:
            raise InvalidDeal("ramsch.points", msg("{seat} cannot have {points} card points with {tricks} tricks: "
                                                   "between {low} and {high}", seat=SEATS[seat], points=points[seat],
                                                   tricks=tricks[seat], low=low, high=high))
    total = sum(points)
    if skat_to_last and total != TOTAL_POINTS:
        raise InvalidDeal("ramsch.points", msg("the card points make {total}; with the Skat to the last trick they "
                                               "make 120", total=total))
    if not skat_to_last and TOTAL_POINTS - total not in SKAT_POINT_TOTALS:
        raise InvalidDeal("ramsch.points", msg("the card points make {total}, so the disregarded Skat would hold "
                                               "{skat}; two cards hold 0 to 22 (never 1, 9 or 16 to 19)", total=total,
                                               skat=TOTAL_POINTS - total))
    winners = facts.trick_winners
    if winners is not None:
        if (not isinstance(winners, tuple) or len(winners) != TRICKS_PER_DEAL or any(w not in SEATS for w in winners)):
            raise InvalidDeal("ramsch.trick_winners", msg("give who took each of the ten tricks, in order, as V, M or H"))
        if tuple(winners.count(seat) for seat in SEATS) != tuple(tricks) or winners[-1] != facts.last_trick:
            raise InvalidDeal("ramsch.trick_winners", msg("the order of tricks disagrees with the tricks or the last "
                                                          "trick given"))
    return points, tricks, last


def _most_points(points, last: int, winners) -> int:
    top = max(points)
    tied = [seat for seat in range(3) if points[seat] == top]
    if len(tied) == 1:
        return tied[0]
    if last in tied:
        return last
    if winners is None:
        raise InvalidDeal("ramsch.trick_winners", msg("{tied} tie with {points} card points and neither took the last "
                                                      "trick: give who took each trick, so the latest trick decides",
                                                      tied=and_list([SEATS[s] for s in tied]), points=top))
    for winner in reversed(winners):
        if SEATS.index(winner) in tied:
            return SEATS.index(winner)
    raise AssertionError("a tied player with points took a trick")
