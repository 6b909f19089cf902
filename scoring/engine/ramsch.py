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


def score_ramsch(rb: Rulebook, facts: RamschFacts | None) -> Result:
    if rb.all_passed != "ramsch":
        raise InvalidDeal("game", f"{rb.id} has no Ramsch: when all pass, the deal is {rb.all_passed}")
    if facts is None:
        raise InvalidDeal("ramsch", 'give "ramsch": {"points": [V, M, H], "tricks": [V, M, H], "last_trick": "V"|"M"|"H"}')
    points, tricks, last = _validated(rb, facts)
    with_tricks = [seat for seat in range(3) if tricks[seat] > 0]
    plain, jungfer, all_tricks = rb.ramsch_charges
    if len(with_tricks) == 1:
        loser, charge = with_tricks[0], all_tricks
        why = f"{SEATS[loser]} took every trick"
    else:
        loser = _most_points(points, last, facts.trick_winners)
        charge = jungfer if len(with_tricks) == 2 else plain
        tied = [SEATS[s] for s in range(3) if points[s] == points[loser]]
        why = f"{SEATS[loser]} took the most card points ({points[loser]})"
        if len(tied) > 1:
            how = "the last trick" if loser == last else "the latest trick of the tied players"
            why = f"{' and '.join(tied)} tied with {points[loser]} card points; {SEATS[loser]} took {how}"
        if charge == jungfer:
            nobody = SEATS[next(s for s in range(3) if tricks[s] == 0)]
            why += f"; {nobody} took no trick"
    explanation = f"Ramsch: {why}: {SEATS[loser]} is charged {charge}"
    return Result(rb.id, "Ramsch", False, charge, -charge, None, False, explanation, None, None, None, SEATS[loser])


def _validated(rb: Rulebook, facts: RamschFacts):
    points, tricks = facts.points, facts.tricks
    for field, figures, high in (("ramsch.points", points, TOTAL_POINTS), ("ramsch.tricks", tricks, TRICKS_PER_DEAL)):
        for seat, figure in zip(SEATS, figures):
            if type(figure) is not int or not 0 <= figure <= high:
                raise InvalidDeal(field, f"{seat}'s figure {figure!r} must be a whole number from 0 to {high}")
    if sum(tricks) != TRICKS_PER_DEAL:
        raise InvalidDeal("ramsch.tricks", f"the three players' tricks make {sum(tricks)}; there are 10 tricks in a deal")
    if facts.last_trick not in SEATS:
        raise InvalidDeal("ramsch.last_trick", f"{facts.last_trick!r}: say who took the last trick, V, M or H")
    last = SEATS.index(facts.last_trick)
    if tricks[last] == 0:
        raise InvalidDeal("ramsch.last_trick", f"{facts.last_trick} took no trick, so not the last one")
    skat_to_last = rb.ramsch_skat is RamschSkat.TO_LAST_TRICK
    for seat in range(3):
        low, high = points_range(tricks[seat], skat_to_last and seat == last)
        if not low <= points[seat] <= high:
            raise InvalidDeal("ramsch.points", f"{SEATS[seat]} cannot have {points[seat]} card points with "
                                               f"{tricks[seat]} tricks: between {low} and {high}")
    total = sum(points)
    if skat_to_last and total != TOTAL_POINTS:
        raise InvalidDeal("ramsch.points", f"the card points make {total}; with the Skat to the last trick they make 120")
    if not skat_to_last and TOTAL_POINTS - total not in SKAT_POINT_TOTALS:
        raise InvalidDeal("ramsch.points", f"the card points make {total}, so the disregarded Skat would hold "
                                           f"{TOTAL_POINTS - total}; two cards hold 0 to 22 (never 1, 9 or 16 to 19)")
    winners = facts.trick_winners
    if winners is not None:
        if (not isinstance(winners, tuple) or len(winners) != TRICKS_PER_DEAL or any(w not in SEATS for w in winners)):
            raise InvalidDeal("ramsch.trick_winners", "give who took each of the ten tricks, in order, as V, M or H")
        if tuple(winners.count(seat) for seat in SEATS) != tuple(tricks) or winners[-1] != facts.last_trick:
            raise InvalidDeal("ramsch.trick_winners", "the order of tricks disagrees with the tricks or the last trick given")
    return points, tricks, last


def _most_points(points, last: int, winners) -> int:
    top = max(points)
    tied = [seat for seat in range(3) if points[seat] == top]
    if len(tied) == 1:
        return tied[0]
    if last in tied:
        return last
    if winners is None:
        names = " and ".join(SEATS[s] for s in tied)
        raise InvalidDeal("ramsch.trick_winners", f"{names} tie with {top} card points and neither took the last "
                                                  "trick: give who took each trick, so the latest trick decides")
    for winner in reversed(winners):
        if SEATS.index(winner) in tied:
            return SEATS.index(winner)
    raise AssertionError("a tied player with points took a trick")
