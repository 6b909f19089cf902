"""Importing an export (``manage.py export``) into a database: the same tournament, standings identical.

Vocabulary: see ``scoring.archive.exports``. Every id in the file is the exporting database's; the import maps
them to new rows. Each deal is valued again by the rules engine from its facts, and the import is refused
if the engine disagrees with the score the file carries, so a file that was edited by hand cannot slip
a wrong score in. All or nothing: one transaction; a bad file raises ``ImportRefused`` naming what is wrong.
"""

from __future__ import annotations

from collections.abc import Mapping

from django.db import IntegrityError, transaction

from scoring.entry.services import DealFacts, deal_value, fill_deal
from scoring.archive.exports import FORMAT_VERSION
from scoring.models import Deal, PrizeChoice, PrizeCut, Slip, TournamentScoring
from scoring.entry.sheets import deal_slot, seated_by_stay
from scoring.entry.access import table_links_issue
from scoring.entry.errors import EntryError
from seating.models import Pair, Player, Seat, Section, SitOut, Table, Tournament


class ImportRefused(ValueError):
    """The file cannot be imported; ``where`` says which part of it (e.g. "deals[12]")."""

    def __init__(self, where: str, message: str):
        super().__init__(f"{where}: {message}")
        self.where, self.message = where, message


def _need(data: Mapping, key: str, where: str, kind=None):
    if not isinstance(data, Mapping) or key not in data:
        raise ImportRefused(where, f"missing {key!r}")
    value = data[key]
    if kind is not None and not isinstance(value, kind):
        raise ImportRefused(f"{where}.{key}", f"must be {getattr(kind, '__name__', kind)}")
    return value


def tournament_import(data: Mapping) -> Tournament:
    if not isinstance(data, Mapping) or data.get("format") != FORMAT_VERSION:
        raise ImportRefused("format", f"not an export of this program (format {FORMAT_VERSION} expected)")
    try:
        with transaction.atomic():
            return _import(data)
    except (KeyError, TypeError, ValueError, IntegrityError) as err:
        if isinstance(err, ImportRefused):
            raise
        raise ImportRefused("file", f"inconsistent data ({type(err).__name__}: {err})") from None


def _import(data: Mapping) -> Tournament:
    t = _need(data, "tournament", "file", Mapping)
    tournament = Tournament.objects.create(
        name=_need(t, "name", "tournament", str)[:200], date=_need(t, "date", "tournament", str),
        place=t.get("place", "") or "",
        method=_need(t, "method", "tournament", str), remainder=t.get("remainder") or "extra-tables",
        section_split=t.get("section_split") or "", table_sizes=t.get("table_sizes") or "3-to-5",
        rounds_per_stay=t.get("rounds_per_stay"), session_rounds=t.get("session_rounds"),
        status=t.get("status") or "drawn", draw_seed=t.get("draw_seed"))
    players = {}
    for i, p in enumerate(_need(data, "players", "file", list)):
        players[_need(p, "id", f"players[{i}]")] = Player.objects.create(
            tournament=tournament, name=_need(p, "name", f"players[{i}]", str), club=p.get("club") or "",
            membership_number=p.get("membership_number") or "", is_expert=bool(p.get("expert")))
    sections = {}
    for i, s in enumerate(data.get("sections") or []):
        sections[_need(s, "id", f"sections[{i}]")] = Section.objects.create(
            tournament=tournament, number=s["number"], stays=s["stays"], phantom_pair=s.get("phantom_pair"))
    tables = {}
    for i, tb in enumerate(data.get("tables") or []):
        tables[tb["number"]] = Table.objects.create(
            tournament=tournament, section=sections[tb["section"]] if tb.get("section") else None,
            number=tb["number"], number_in_section=tb.get("number_in_section"), size=tb["size"],
            stays=_need(tb, "stays", f"tables[{i}]", int), rounds_per_stay=_need(tb, "rounds_per_stay", f"tables[{i}]", int),
            controller=players[tb["controller"]] if tb.get("controller") else None)
    pairs = {}
    for p in data.get("pairs") or []:
        first, second = (players[i] for i in p["players"])
        pairs[(p["section"], p["number"])] = Pair.objects.create(section=sections[p["section"]], number=p["number"],
                                                                 first=first, second=second)
    pair_of = {(key[0], player.id): pair for key, pair in pairs.items() for player in (pair.first, pair.second)}
    Seat.objects.bulk_create([
        Seat(tournament=tournament, stay=s["stay"], table=tables[s["table"]], seat=s["seat"],
             player=players[s["player"]], place=s.get("place") or "",
             pair=pair_of.get((_section_key(sections, tables[s["table"]]), players[s["player"]].id)))
        for s in data.get("seatings") or []])
    SitOut.objects.bulk_create([SitOut(tournament=tournament, section=sections[o["section"]], stay=o["stay"],
                                       player=players[o["player"]]) for o in data.get("sit_outs") or []])
    table_links_issue(tournament=tournament)
    _import_settings(tournament, t, players)
    _import_deals(tournament, data.get("deals") or [], tables, players)
    for i, s in enumerate(data.get("slips") or []):
        Slip.objects.create(tournament=tournament, table=tables[s["table"]], stay=s["stay"], player=players[s["player"]],
                            net_points=s["net_points"], net_games=s["net_games"], remarks=s.get("remarks") or "",
                            source=s.get("source") or "sheet", ok_by=players[s["ok_by"]] if s.get("ok_by") else None)
    return tournament


def _section_key(sections, table):
    for old_id, section in sections.items():
        if table.section_id == section.id:
            return old_id
    return None


def _import_settings(tournament, t, players) -> None:
    TournamentScoring.objects.create(
        tournament=tournament, rulebook=_need(t, "rulebook", "tournament", str),
        system=t.get("scoring_system") or "foster",
        ramsch_counts_as_game=t.get("ramsch_counts_as_game", True), prize_schedule=t.get("prize_schedule") or [],
        allow_multiple_prizes=bool(t.get("allow_multiple_prizes")), prize_seed=t.get("prize_seed") or 0)
    for c in t.get("prize_choices") or []:
        PrizeChoice.objects.create(tournament=tournament, player=players[c["player"]], category=c["category"])
    for c in t.get("prize_cuts") or []:
        PrizeCut.objects.create(tournament=tournament, category=c["category"], place=c["place"],
                                order=[players[p].id for p in c["order"]])


def _import_deals(tournament, deals, tables, players) -> None:
    seated = {}
    for i, d in enumerate(deals):
        where = f"deals[{i}]"
        table = tables[d["table"]]
        table.tournament = tournament
        if table.pk not in seated:
            seated[table.pk] = seated_by_stay(table)
        slot = deal_slot(table, d["deal"], seated[table.pk])
        ramsch = d.get("ramsch") or {}
        facts = DealFacts(
            kind=d["kind"], declarer_id=players[d["declarer"]].id if d.get("declarer") else None,
            game=d["game"] if d["kind"] == "game" else "", matadores=d.get("matadores"),
            announced=d.get("announced") or "", bid=d.get("bid"), points=d.get("points"), tricks=d.get("tricks"),
            hand=bool(d.get("hand")), ouvert=bool(d.get("ouvert")), abandoned=bool(d.get("abandoned")),
            kontra=bool(d.get("kontra")), re=bool(d.get("re")), result=d.get("paper_result") or "",
            schneider=bool(d.get("schneider")), schwarz=bool(d.get("schwarz")),
            ramsch_points=tuple(ramsch["points"]) if ramsch.get("points") else None,
            ramsch_tricks=tuple(ramsch["tricks"]) if ramsch.get("tricks") else None,
            ramsch_last_trick=ramsch.get("last_trick") or "")
        try:
            valuation = deal_value(tournament=tournament, slot=slot, facts=facts)
        except EntryError as err:
            raise ImportRefused(where, f"the rules engine refuses this deal: {err.message}") from None
        if valuation.score != d["score"]:
            raise ImportRefused(where, f"the file says {d['score']} but the rules engine counts {valuation.score}: "
                                       f"{valuation.explanation}")
        deal = Deal(tournament=tournament, table=table, number=d["deal"], voided=bool(d.get("voided")),
                    version=d.get("version") or 1, entered_via="import")
        fill_deal(deal, slot, facts, valuation)
        deal.save()
