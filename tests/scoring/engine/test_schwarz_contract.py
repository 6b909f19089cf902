"""Games whose contract requires schwarz: lost with a single trick lost, under every rulebook.

A contract requires schwarz when schwarz was announced (Foster laws 39-42: only in games played without
the Skat) or when the game announces it by its nature: Foster's Open Grand, the League's and McColl's
Grand Ouvert, every ISkO ouvert game (RULES.md §2-§5). Such a game is won only with all ten tricks,
whatever its card points; lost, it costs at least what it would have won (law 60; ISkO doubled).
"""

from hypothesis import given
from hypothesis import strategies as st

from scoring.engine import RULEBOOKS, Deal, score
from scoring.engine.bids import bids
from scoring.engine.cards import points_range
from scoring.engine.games import Announcement

RULEBOOK_IDS = sorted(RULEBOOKS)


def _schwarz_contracts(rb):
    """(game, announced) pairs of a rulebook whose contract requires schwarz."""
    pairs = []
    for game in rb.games:
        if not game.family.has_trumps:
            continue
        if game.type.implied is Announcement.SCHWARZ:
            pairs += [(game, None), (game, "schwarz")]  # naming the implied announcement changes nothing
        elif game.type.announce:
            pairs.append((game, "schwarz"))
    return pairs


def test_the_games_schwarz_announced_by_their_nature_are_the_books_open_grands_and_ouverts():
    implied = {rb_id: sorted(g.name for g, announced in _schwarz_contracts(rb) if announced is None)
               for rb_id, rb in RULEBOOKS.items()}
    assert implied == {
        "foster-1922": ["Open Grand"],
        "nasl-1908": ["Grand Ouvert"],
        "mccoll-1908": ["Grand Ouvert"],
        "isko": ["Clubs Ouvert", "Diamonds Ouvert", "Grand Ouvert", "Hearts Ouvert", "Spades Ouvert"],
    }


@st.composite
def schwarz_contracts(draw, tricks):
    """A legal deal of a game whose contract requires schwarz, the player taking ``tricks`` tricks."""
    rb = RULEBOOKS[draw(st.sampled_from(RULEBOOK_IDS))]
    game, announced = draw(st.sampled_from(_schwarz_contracts(rb)))
    least = max(1, game.type.least_with)
    count = draw(st.integers(least, game.max_matadores))
    sign = 1 if game.type.least_with else draw(st.sampled_from([1, -1]))
    low, high = points_range(tricks, True)
    if tricks == 0 and rb.schwarz_loses_skat:
        high = 0
    facts = dict(game=game.name, matadores=sign * count, announced=announced, tricks=tricks,
                 points=draw(st.integers(low, high)))
    if draw(st.booleans()):
        facts["bid"] = draw(st.sampled_from(bids(rb)))
    if rb.kontra and draw(st.booleans()):
        facts["kontra"] = True
        facts["re"] = draw(st.booleans())
    return rb.id, Deal(**facts)


@given(st.integers(0, 9).flatmap(schwarz_contracts))
def test_a_schwarz_contract_is_lost_with_fewer_than_ten_tricks(case):
    rulebook, deal = case
    result = score(deal, rulebook)
    assert result.won is False, (deal, result)
    assert result.score < 0
    assert -result.score >= result.value  # at least what he would have won (law 60)


@given(schwarz_contracts(tricks=10))
def test_a_schwarz_contract_is_won_with_ten_tricks_unless_overbid(case):
    rulebook, deal = case
    result = score(deal, rulebook)
    overbid = deal.bid is not None and result.value < deal.bid
    assert result.overbid is overbid
    assert result.won is (not overbid), (deal, result)
    assert (result.score > 0) is (not overbid)
    if not overbid:
        assert result.score == result.value * (4 if deal.re else 2 if deal.kontra else 1)


@given(st.sampled_from(RULEBOOK_IDS).flatmap(
    lambda rb_id: st.tuples(st.just(rb_id), st.sampled_from(_schwarz_contracts(RULEBOOKS[rb_id])))))
def test_a_schwarz_contract_from_a_paper_sheet_scores_as_written(case):
    rulebook, (game, announced) = case
    matadores = max(2, game.type.least_with)
    won = score(Deal(game=game.name, matadores=matadores, announced=announced, result="won"), rulebook)
    lost = score(Deal(game=game.name, matadores=matadores, announced=announced, result="lost"), rulebook)
    assert won.won is True and won.score == won.value > 0
    assert lost.won is False and lost.value == won.value
    assert lost.score == -won.value * game.type.lost_factor
