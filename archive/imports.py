"""Importing an export (``manage.py export``) into a database: the same tournament, standings identical.

Vocabulary: see ``archive.exports``. Every id in the file is the exporting database's; the import maps
them to new rows. Each deal is valued again by the rules engine from its facts, and the import is refused
if the engine disagrees with the score the file carries, so a file that was edited by hand cannot slip
a wrong score in. Every value is checked as the pages check it when it is typed (their forms, the models'
own validation and the database's ranges: ``archive.checks``), so an import holds nothing a page
could not have saved. All or nothing: one transaction; a bad file raises ``ImportRefused`` naming the place
in the file that is wrong (e.g. ``tournament.method``, ``deals[12].bid``).
"""

from __future__ import annotations

from collections.abc import Mapping

from django.core.exceptions import ValidationError
from django.db import DataError, IntegrityError, transaction
from django.utils.translation import gettext as _

from archive.checks import ImportRefused, field_check, file_shape_check, form_check, model_check
from archive.exports import FORMAT_VERSION, READABLE_FORMATS
from common.i18n import say
from scoring.committee.forms import MONEY_FIELDS, ChoiceForm, CutForm, ScoringSettingsForm
from scoring.entry.access import table_links_issue
from scoring.entry.forms import DealEntryForm
from scoring.entry.sheets import deal_slot, seated_by_stay
from scoring.models import Deal, PrizeChoice, PrizeCut, Slip, TournamentScoring
from scoring.results import DealFacts, EntryError, deal_value, fill_deal
from scoring.standings.money import MoneyError, MoneyRules, amount
from scoring.tournaments.forms import NewTournamentForm
from seating.errors import SeatingError
from seating.forms import DrawForm, PlayerForm
from seating.models import Category, Pair, Player, Seat, Section, SeriesDraw, SitOut, Table, Team, Tournament
from seating.movements import TableSizes
from seating.services import tournament_create

__all__ = ["ImportRefused", "tournament_import"]

DEAL_KEYS = {"number": "deal", "declarer_id": "declarer", "result": "paper_result", "ramsch_points": "ramsch.points",
             "ramsch_tricks": "ramsch.tricks", "ramsch_last_trick": "ramsch.last_trick"}
"""A deal's model fields (and the entry form's) by their names in the file, where the two differ."""


def _need(data: Mapping, key: str, where: str, kind=None):
    if not isinstance(data, Mapping) or key not in data:
        raise ImportRefused(where, _("missing {key!r}").format(key=key))
    value = data[key]
    if kind is not None and not isinstance(value, kind):
        raise ImportRefused(f"{where}.{key}", _("must be {kind}").format(kind=getattr(kind, "__name__", kind)))
    return value


def _list(data: Mapping, key: str, where: str = "file", *, required: bool = False) -> list[Mapping]:
    """The list of objects (players, deals ...) under ``key``; missing is an empty list unless ``required``."""
    place = f"{where}.{key}" if where != "file" else key
    value = _need(data, key, where) if required else data.get(key) or []
    if not isinstance(value, list):
        raise ImportRefused(place, _("must be a list"))
    for i, item in enumerate(value):
        if not isinstance(item, Mapping):
            raise ImportRefused(f"{place}[{i}]", _("must be an object"))
    return value


def _ref(rows: Mapping, key, where: str, what: str):
    """The row the file's id ``key`` stands for, or a refusal naming the place that points nowhere."""
    try:
        return rows[key]
    except (KeyError, TypeError):
        raise ImportRefused(where, _("no {what} {key} in the file").format(what=what, key=f"{key!r:.60}")) from None


def _relations(model) -> list[str]:
    """Foreign keys the import sets from rows it has just made itself: checking them again is a query each."""
    return [field.name for field in model._meta.concrete_fields if field.is_relation]


def tournament_import(data: Mapping) -> Tournament:
    if not isinstance(data, Mapping) or data.get("format") not in READABLE_FORMATS:
        raise ImportRefused("format", _("not an export of this program (format {version} expected)").format(
            version=FORMAT_VERSION))
    file_shape_check(data)
    try:
        with transaction.atomic():
            return _import(data)
    except ImportRefused:
        raise
    except DataError as err:  # the checks should leave none; PostgreSQL's word for a value it cannot store
        raise ImportRefused("file", _("a value the database cannot store ({error})").format(error=err)) from None
    except (KeyError, TypeError, ValueError, IntegrityError, ValidationError) as err:
        raise ImportRefused("file", _("inconsistent data ({kind}: {error})").format(kind=type(err).__name__,
                                                                                error=err)) from None


def _import(data: Mapping) -> Tournament:
    t = _need(data, "tournament", "file", Mapping)
    tournament = _import_tournament(t)
    teams = _import_named(tournament, Team, _list(data, "teams"), "teams")
    categories = _import_named(tournament, Category, _list(data, "categories"), "categories")
    players = _import_players(tournament, _list(data, "players", required=True), teams, categories)
    _import_series_draws(tournament, _list(data, "series_draws"))
    sections = {}
    for i, s in enumerate(_list(data, "sections")):
        where = f"sections[{i}]"
        section = Section(tournament=tournament, series=_series(s, where), number=_need(s, "number", where),
                          stays=_need(s, "stays", where), phantom_pair=s.get("phantom_pair"))
        model_check(section, where, constraints=True)
        section.save()
        sections[_need(s, "id", where)] = section
    tables = {}
    for i, tb in enumerate(_list(data, "tables")):
        where = f"tables[{i}]"
        table = Table(
            tournament=tournament, series=_series(tb, where),
            section=_ref(sections, tb["section"], f"{where}.section", "section") if tb.get("section") else None,
            number=_need(tb, "number", where), number_in_section=tb.get("number_in_section"),
            size=_need(tb, "size", where), stays=_need(tb, "stays", where, int),
            rounds_per_stay=_need(tb, "rounds_per_stay", where, int),
            controller=_ref(players, tb["controller"], f"{where}.controller", "player") if tb.get("controller") else None)
        model_check(table, where, constraints=True)
        table.save()
        tables[(table.series, tb["number"])] = table
    pairs = {}
    for i, p in enumerate(_list(data, "pairs")):
        where = f"pairs[{i}]"
        first, second = (_ref(players, player, f"{where}.players", "player")
                         for player in _need(p, "players", where, list))
        pair = Pair(section=_ref(sections, _need(p, "section", where), f"{where}.section", "section"),
                    number=_need(p, "number", where), first=first, second=second)
        model_check(pair, where)
        pair.save()
        pairs[(p["section"], p["number"])] = pair
    pair_of = {(key[0], player.id): pair for key, pair in pairs.items() for player in (pair.first, pair.second)}
    seats = []
    for i, s in enumerate(_list(data, "seatings")):
        where = f"seatings[{i}]"
        table = _ref(tables, (_series(s, where), _need(s, "table", where)), f"{where}.table", "table")
        player = _ref(players, _need(s, "player", where), f"{where}.player", "player")
        seat = Seat(tournament=tournament, series=table.series, stay=_need(s, "stay", where), table=table, seat=_need(s, "seat", where),
                    player=player, place=s.get("place") or "",
                    pair=pair_of.get((_section_key(sections, table), player.id)))
        model_check(seat, where, exclude=_relations(Seat))
        seats.append(seat)
    Seat.objects.bulk_create(seats)
    sit_outs = []
    for i, o in enumerate(_list(data, "sit_outs")):
        where = f"sit_outs[{i}]"
        sit_out = SitOut(tournament=tournament, series=_series(o, where), section=_ref(sections, o.get("section"), f"{where}.section", "section"),
                         stay=_need(o, "stay", where),
                         player=_ref(players, o.get("player"), f"{where}.player", "player"))
        model_check(sit_out, where, exclude=_relations(SitOut))
        sit_outs.append(sit_out)
    SitOut.objects.bulk_create(sit_outs)
    table_links_issue(tournament=tournament)
    _import_settings(tournament, t, players)
    _import_deals(tournament, _list(data, "deals"), tables, players)
    for i, s in enumerate(_list(data, "slips")):
        where = f"slips[{i}]"
        slip = Slip(tournament=tournament,
                    table=_ref(tables, (_series(s, where), s.get("table")), f"{where}.table", "table"),
                    stay=_need(s, "stay", where),
                    player=_ref(players, s.get("player"), f"{where}.player", "player"),
                    net_points=_need(s, "net_points", where), net_games=_need(s, "net_games", where),
                    games_won=s.get("games_won"), games_lost=s.get("games_lost"),
                    remarks=s.get("remarks") or "", source=s.get("source") or "sheet",
                    ok_by=_ref(players, s["ok_by"], f"{where}.ok_by", "player") if s.get("ok_by") else None)
        model_check(slip, where, exclude=_relations(Slip))
        slip.save()
    return tournament


def _import_tournament(t: Mapping) -> Tournament:
    """The tournament as the director's new-tournament page makes it (its form, then ``tournament_create``)."""
    form = form_check(NewTournamentForm, {
        "name": _need(t, "name", "tournament", str), "date": _need(t, "date", "tournament", str),
        "place": t.get("place") or "", "method": _need(t, "method", "tournament", str),
        "remainder": t.get("remainder") or "extra-tables", "section_split": t.get("section_split") or "",
        "rounds_per_stay": t.get("rounds_per_stay"), "session_rounds": t.get("session_rounds"),
        "series_count": t.get("series_count", 1), "rulebook": _need(t, "rulebook", "tournament", str),
        "language": t.get("language") or ""}, "tournament")
    fields = {name: value for name, value in form.cleaned_data.items() if name != "rulebook"}
    table_sizes = field_check(Tournament._meta.get_field("table_sizes").formfield(),
                              t.get("table_sizes") or TableSizes.FOSTER.value, "tournament.table_sizes")
    try:
        tournament = tournament_create(table_sizes=table_sizes, **fields)
    except SeatingError as err:
        raise ImportRefused(f"tournament.{err.field}" if err.field else "tournament", err.message) from None
    tournament.status = t.get("status") or "drawn"
    tournament.draw_seed = field_check(DrawForm.base_fields["seed"], t.get("draw_seed"), "tournament.draw_seed")
    model_check(tournament, "tournament")
    tournament.save(update_fields=["status", "draw_seed"])
    return tournament


def _import_players(tournament: Tournament, rows: list, teams: dict, categories: dict) -> dict:
    """The players as the registration form takes them, with their series, team, categories and OK code; the
    file's ids → the new rows."""
    players = {}
    for i, p in enumerate(rows):
        where = f"players[{i}]"
        form = form_check(PlayerForm, {"name": _need(p, "name", where, str), "club": p.get("club") or "",
                                       "membership_number": p.get("membership_number") or "",
                                       "is_expert": bool(p.get("expert"))}, where, keys={"is_expert": "expert"})
        player = Player(tournament=tournament, **form.cleaned_data, first_series=_series(p, where, "first_series"),
                        last_series=_series(p, where, "last_series") if p.get("last_series") is not None else None,
                        team=_ref(teams, p["team"], f"{where}.team", "team") if p.get("team") is not None else None)
        if p.get("ok_code") is not None:
            code = p["ok_code"]
            if not (isinstance(code, str) and code.isascii() and code.isdigit() and len(code) == len(player.ok_code)):
                raise ImportRefused(f"{where}.ok_code", _("an OK code is {digits} digits").format(
                    digits=len(player.ok_code)))
            player.ok_code = code
        model_check(player, where, keys={"is_expert": "expert"}, constraints=True, exclude=["team"])
        player.save()
        if p.get("categories"):
            if not isinstance(p["categories"], list):
                raise ImportRefused(f"{where}.categories", _("must be a list of category ids"))
            player.categories.set([_ref(categories, c, f"{where}.categories", "category") for c in p["categories"]])
        players[_need(p, "id", where)] = player
    return players


def _series(data: Mapping, where: str, key: str = "series") -> int:
    """A series number (1 when a format 2 file has none): a whole number from 1 to 50."""
    value = data.get(key, 1)
    if isinstance(value, bool) or not isinstance(value, int) or not 1 <= value <= 50:
        raise ImportRefused(f"{where}.{key}", _("a series is a whole number from 1 to 50, got {value}").format(
            value=f"{value!r:.40}"))
    return value


def _import_named(tournament: Tournament, model, rows: list, key: str) -> dict:
    """Teams or categories by name, checked by their model; the file's ids → the new rows."""
    made = {}
    for i, row in enumerate(rows):
        where = f"{key}[{i}]"
        item = model(tournament=tournament, name=_need(row, "name", where, str))
        model_check(item, where, constraints=True, exclude=_relations(model))
        item.save()
        made[_need(row, "id", where)] = item
    return made


def _import_series_draws(tournament: Tournament, rows: list) -> None:
    for i, row in enumerate(rows):
        where = f"series_draws[{i}]"
        draw = SeriesDraw(tournament=tournament, number=_series(row, where, "number"), how=_need(row, "how", where),
                          seed=field_check(DrawForm.base_fields["seed"], row.get("seed"), f"{where}.seed"),
                          **{name: row.get(name) or 0 for name in ("club_clashes", "least_club_clashes",
                                                                     "repeat_meetings", "least_repeat_meetings")})
        model_check(draw, where, constraints=True, exclude=_relations(SeriesDraw))
        draw.save()


def _section_key(sections, table):
    for old_id, section in sections.items():
        if table.section_id == section.id:
            return old_id
    return None


def _import_settings(tournament, t, players) -> None:
    """The scoring settings as the committee's settings form takes them, and a prize schedule, choices and cuts
    as its prize forms take their category and place."""
    money = _money(t.get("money") or {})
    settings = TournamentScoring(tournament=tournament, rulebook=_need(t, "rulebook", "tournament", str),
                                 prize_schedule=_prize_schedule(t.get("prize_schedule") or []), **money,
                                 category_places=t.get("category_places", 3))
    keys = {"system": "scoring_system"}
    form = form_check(ScoringSettingsForm, {
        "system": t.get("scoring_system") or "foster", "ramsch_counts_as_game": t.get("ramsch_counts_as_game", True),
        "allow_multiple_prizes": bool(t.get("allow_multiple_prizes")), "prize_seed": t.get("prize_seed") or 0,
        "published": bool(t.get("published")),
        # The amounts as numbers: text would be read in the language of whoever runs the import.
        **{name: "" if money[name] is None else money[name] for name in MONEY_FIELDS},
        "category_places": t.get("category_places", 3)},
        "tournament", keys=keys, instance=settings)
    form.instance.prize_money = money["prize_money"]  # checked above; the form's text field was not given it
    model_check(form.instance, "tournament", keys=keys, exclude=_relations(TournamentScoring))
    form.instance.save()
    cut_fields, choice_fields = CutForm.base_fields, ChoiceForm.base_fields
    for i, c in enumerate(_list(t, "prize_choices", "tournament")):
        where = f"tournament.prize_choices[{i}]"
        PrizeChoice.objects.create(
            tournament=tournament, player=_ref(players, _need(c, "player", where), f"{where}.player", "player"),
            category=field_check(choice_fields["category"], _need(c, "category", where), f"{where}.category"))
    for i, c in enumerate(_list(t, "prize_cuts", "tournament")):
        where = f"tournament.prize_cuts[{i}]"
        PrizeCut.objects.create(
            tournament=tournament,
            category=field_check(cut_fields["category"], _need(c, "category", where), f"{where}.category"),
            place=field_check(cut_fields["place"], _need(c, "place", where), f"{where}.place"),
            order=[_ref(players, p, f"{where}.order", "player").id for p in _need(c, "order", where, list)])


def _money(money) -> dict:
    """The money settings, each amount checked as ``scoring.standings.money`` checks it (exact, two decimals)."""
    where = "tournament.money"
    if not isinstance(money, Mapping):
        raise ImportRefused(where, _("must be an object"))
    try:
        rules = MoneyRules(**{name: money[name] for name in ("entry_fee", "per_lost_game", "per_lost_game_at_three",
                                                             "raised_per_lost_game", "raised_from")
                              if money.get(name) is not None})
        prizes = money.get("prize_money") or []
        if not isinstance(prizes, list) or not all(isinstance(p, list) and len(p) == 3 for p in prizes):
            raise ImportRefused(f"{where}.prize_money", _("must be a list of [category, place, amount]"))
        prize_money = [_prize(prize, f"{where}.prize_money[{i}]") for i, prize in enumerate(prizes)]
    except MoneyError as err:
        raise ImportRefused(f"{where}.{err.field}", err.message) from None
    currency = money.get("currency") or "EUR"
    if not (isinstance(currency, str) and len(currency) == 3 and currency.isascii() and currency.isalpha()):
        raise ImportRefused(f"{where}.currency", _("a currency is three letters, e.g. EUR"))
    return {"currency": currency.upper(), "entry_fee": rules.entry_fee, "per_lost_game": rules.per_lost_game,
            "per_lost_game_at_three": rules.per_lost_game_at_three,
            "raised_per_lost_game": rules.raised_per_lost_game, "raised_from": rules.raised_from,
            "prize_money": prize_money}


def _prize(prize: list, where: str) -> list:
    """One money prize, [category, place, amount], each checked as the committee's prize lines check it; a
    refusal names the part by its name: ``tournament.money.prize_money[2].amount``."""
    category, place, value = prize
    cut_fields = CutForm.base_fields
    try:
        money = str(amount(value, "amount"))
    except MoneyError as err:
        raise ImportRefused(f"{where}.amount", err.message) from None
    return [field_check(cut_fields["category"], category, f"{where}.category"),
            field_check(cut_fields["place"], place, f"{where}.place"), money]


def _prize_schedule(schedule) -> list[list]:
    """[[category, place], ...], each checked by the committee's prize form fields (the page's own rules)."""
    where = "tournament.prize_schedule"
    if not isinstance(schedule, list):
        raise ImportRefused(where, _("must be a list of [category, place] pairs"))
    cut_fields, checked = CutForm.base_fields, []
    for i, entry in enumerate(schedule):
        if not isinstance(entry, list) or len(entry) != 2:
            raise ImportRefused(f"{where}[{i}]", _('must be a [category, place] pair, e.g. ["points", 1]'))
        checked.append([field_check(cut_fields["category"], entry[0], f"{where}[{i}]"),
                        field_check(cut_fields["place"], entry[1], f"{where}[{i}]")])
    return checked


def _import_deals(tournament, deals, tables, players) -> None:
    seated = {}
    for i, d in enumerate(deals):
        where = f"deals[{i}]"
        table = _ref(tables, (_series(d, where), _need(d, "table", where)), f"{where}.table", "table")
        table.tournament = tournament
        if table.pk not in seated:
            seated[table.pk] = seated_by_stay(table)
        number = field_check(DealEntryForm.base_fields["number"], _need(d, "deal", where), f"{where}.deal")
        kind = field_check(Deal._meta.get_field("kind").formfield(), _need(d, "kind", where), f"{where}.kind")
        ramsch = d.get("ramsch") or {}
        if not isinstance(ramsch, Mapping):
            raise ImportRefused(f"{where}.ramsch", _("must be an object"))
        declarer = _ref(players, d["declarer"], f"{where}.declarer", "player") if d.get("declarer") else None
        facts = DealFacts(
            kind=kind, declarer_id=declarer.id if declarer else None,
            game=d.get("game") if kind == Deal.Kind.GAME else "", matadores=d.get("matadores"),
            announced=d.get("announced") or "", bid=d.get("bid"), points=d.get("points"), tricks=d.get("tricks"),
            hand=bool(d.get("hand")), ouvert=bool(d.get("ouvert")), abandoned=bool(d.get("abandoned")),
            kontra=bool(d.get("kontra")), re=bool(d.get("re")), result=d.get("paper_result") or "",
            schneider=bool(d.get("schneider")), schwarz=bool(d.get("schwarz")),
            ramsch_points=tuple(ramsch["points"]) if ramsch.get("points") else None,
            ramsch_tricks=tuple(ramsch["tricks"]) if ramsch.get("tricks") else None,
            ramsch_last_trick=ramsch.get("last_trick") or "")
        try:
            slot = deal_slot(table, number, seated[table.pk])
            valuation = deal_value(tournament=tournament, slot=slot, facts=facts)
        except EntryError as err:
            place = f"{where}.{DEAL_KEYS.get(err.field, err.field)}" if err.field else f"{where}.deal"
            raise ImportRefused(place, _("the rules engine refuses this deal: {reason}").format(
                reason=say(err.message))) from None
        if valuation.score != d.get("score"):
            raise ImportRefused(where, _("the file says {written} but the rules engine counts {score}: {count}").format(
                written=d.get("score"), score=valuation.score, count=say(valuation.explanation)))
        deal = Deal(tournament=tournament, table=table, number=number, voided=bool(d.get("voided")),
                    version=d.get("version") or 1, entered_via="import")
        fill_deal(deal, slot, facts, valuation)
        # "won" is the engine's (None for a deal thrown in), not the file's: the valuation above set it.
        model_check(deal, where, keys=DEAL_KEYS, exclude=[*_relations(Deal), "won"])
        deal.save()
