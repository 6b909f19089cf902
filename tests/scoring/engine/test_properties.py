"""Invariants over many generated deals (hypothesis)."""

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from scoring.engine import RULEBOOKS, Deal, InvalidDeal, Result, check_entry, score
from scoring.engine.cards import points_range

RULEBOOK_IDS = sorted(RULEBOOKS)


@st.composite
def valid_deals(draw):
    """Deals the engine must accept: a real game, possible matadores, consistent points and tricks."""
    rb = RULEBOOKS[draw(st.sampled_from(RULEBOOK_IDS))]
    game = draw(st.sampled_from([g for g in rb.games if g.family.has_trumps or g.family.value == "null"]))
    facts = {"game": game.name}
    if game.family.has_trumps:
        least = max(1, game.type.least_with)
        count = draw(st.integers(least, game.max_matadores))
        sign = 1 if game.type.least_with else draw(st.sampled_from([1, -1]))
        facts["matadores"] = sign * count
        if game.type.announce:
            facts["announced"] = draw(st.sampled_from([None, "schneider", "schwarz"]))
    if game.type.abandonable and draw(st.booleans()) and draw(st.booleans()):
        facts["abandoned"] = True
    else:
        tricks = draw(st.integers(0, 10))
        low, high = points_range(tricks, True)
        if tricks == 0 and rb.schwarz_loses_skat:
            high = 0
        facts["tricks"] = tricks
        facts["points"] = draw(st.integers(low, high))
    if draw(st.booleans()):
        from scoring.engine.bids import bids

        facts["bid"] = draw(st.sampled_from(bids(rb)))
    if rb.kontra and draw(st.booleans()):
        facts["kontra"] = True
        facts["re"] = draw(st.booleans())
    return rb.id, Deal(**facts)


@given(valid_deals())
def test_value_is_always_unit_times_multipliers(case):
    rulebook, deal = case
    result = score(deal, rulebook)
    if result.multipliers is not None:
        assert result.value == result.unit * result.multipliers
    else:
        assert result.value == result.unit


@given(valid_deals())
def test_lost_game_never_costs_less_than_the_bid(case):
    rulebook, deal = case
    result = score(deal, rulebook)
    if not result.won and deal.bid is not None:
        assert -result.score >= deal.bid
    if result.won:
        assert result.score >= result.value > 0 and (deal.bid is None or result.value >= deal.bid)


@given(valid_deals())
def test_every_scored_amount_passes_the_bare_value_check(case):
    rulebook, deal = case
    if deal.kontra:
        return
    result = score(deal, rulebook)
    check = check_entry(rulebook, result.game, result.score)
    assert check.ok, (result, check)


_ANY = st.recursive(
    st.none() | st.booleans() | st.integers(-10**12, 10**12) | st.floats(allow_nan=True) | st.text(max_size=80),
    lambda inner: st.lists(inner, max_size=4) | st.dictionaries(st.text(max_size=12), inner, max_size=4),
    max_leaves=12,
)
_KEYS = ["game", "matadores", "announced", "points", "tricks", "bid", "hand", "ouvert", "second_card", "abandoned",
         "kontra", "re", "result", "schneider", "schwarz", "ramsch", "rulebook", "whatever"]
_GAMES = st.sampled_from(["club solo", "grand", "nullo", "ramsch", "spade tournee", "clubs", "gucki grand", "null", "x"])


@pytest.mark.slow
@settings(max_examples=1500)
@given(st.dictionaries(st.sampled_from(_KEYS), _ANY | _GAMES, max_size=10), st.sampled_from(RULEBOOK_IDS + ["nope"]))
def test_no_input_crashes_it_scores_or_is_refused(data, rulebook):
    try:
        result = score(data, data.get("rulebook", rulebook) if isinstance(data.get("rulebook"), str) else rulebook)
    except InvalidDeal as refused:
        assert refused.field and refused.message
    else:
        assert isinstance(result, Result)
