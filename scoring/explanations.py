"""A saved deal's count and remark, said in the reader's language.

Vocabulary:
    stored count  ``Deal.explanation``: the engine's count as it was saved, in English (the engine's own
                  language; the archive and the logs keep it so).
    said count    the same count in the active language: the deal's stored facts are valued again by the
                  engine, whose ``Text`` is then said with Django's catalogue (``common.i18n.say``). The engine
                  is deterministic, so the figures are the stored ones; only the words change.
    slip remarks  a slip made from the sheet keeps each remarked deal as stored facts, "deal 3: won without 7"
                  (``slip_remark``); shown, each is said again from its deal (``said_slip_remarks``).
English needs no second valuation: the stored count is returned as it is. A deal whose facts the engine no
longer takes (an old archive) keeps its stored English; nothing here raises.
"""

import re

from django.utils.translation import get_language, gettext, gettext_noop

from common.i18n import say
from scoring.engine import Deal as EngineDeal
from scoring.engine import InvalidDeal, RamschFacts, get_rulebook, score

THROWN_IN = gettext_noop("All passed: the deal is thrown in, no score.")  # as scoring.entry saves it


def english() -> bool:
    """Whether the active language is English, the stored counts' own."""
    return (get_language() or "en").split("-")[0] == "en"


def _engine_deal(deal) -> EngineDeal:
    if deal.kind == "ramsch":
        return EngineDeal(game="ramsch", ramsch=RamschFacts(tuple(deal.ramsch_points or ()),
                                                            tuple(deal.ramsch_tricks or ()),
                                                            deal.ramsch_last_trick or None))
    return EngineDeal(game=deal.game, matadores=deal.matadores, announced=deal.announced or None, bid=deal.bid,
                      points=deal.points, tricks=deal.tricks, hand=deal.hand, ouvert=deal.ouvert,
                      abandoned=deal.abandoned, kontra=deal.kontra, re=deal.re, result=deal.result or None,
                      schneider=deal.schneider, schwarz=deal.schwarz)


def said(deal, rulebook: str | None) -> tuple[str, str]:
    """(count, remark) of a saved deal (or one of its history rows) in the active language."""
    if english() or not deal.explanation or not rulebook:
        return deal.explanation, deal.remark
    if deal.kind == "thrown_in":
        return gettext(THROWN_IN), deal.remark
    try:
        result = score(_engine_deal(deal), get_rulebook(rulebook))
    except (InvalidDeal, TypeError, ValueError):
        return deal.explanation, deal.remark
    return say(result.explanation), say(result.remark) if result.remark else deal.remark


SLIP_REMARK = re.compile(r"(?:^|; )deal (\d+): ")


def slip_remark(number: int, remark: str) -> str:
    """One remarked deal on a slip made from the sheet, as stored (English, the engine's own words)."""
    return f"deal {number}: {remark}"


def said_slip_remarks(slip, rulebook: str | None) -> str:
    """A slip's remarks in the active language: a slip made from the sheet says each remarked deal again from the
    deal itself; a paper slip's remarks are the player's own words, shown as typed."""
    from scoring.models import Deal, Slip

    if english() or not slip.remarks or slip.source != Slip.Source.SHEET:
        return slip.remarks
    numbers = [int(n) for n in SLIP_REMARK.findall(slip.remarks)]
    if not numbers:
        return slip.remarks
    deals = Deal.objects.filter(table_id=slip.table_id, number__in=numbers).order_by("number")
    return "; ".join(gettext("deal {number}: {remark}").format(number=deal.number, remark=said(deal, rulebook)[1])
                     for deal in deals if deal.remark)


def said_count(deal, rulebook: str) -> str:
    return said(deal, rulebook)[0]
