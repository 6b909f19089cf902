"""Hostile archive files for ``manage.py import``.

Each was found by trying it: a bad date, JSON nested ten thousand deep, numbers beyond any column's range, a
300-character name (PostgreSQL then said "the database is not ready"), and values that import fine but break
pages later (a bogus method, prize schedule, rulebook or status, a 100,000-character name, a NUL byte). Each
must end in one clear line naming the field, with nothing saved.
"""

import copy
import json

import pytest
from django.core.management import call_command
from django.core.management.base import CommandError

from archive.exports import FORMAT_VERSION, tournament_export
from scoring.models import Deal, PrizeCut, Slip, TournamentScoring
from seating.models import Player, Seat, Table, Tournament
from tests.archive.test_import_export import demo

pytestmark = pytest.mark.django_db

_EXPORT = {}


def export() -> dict:
    """A played demo's export, built once: the file is self-contained, so later tests import it afresh."""
    if not _EXPORT:
        _EXPORT.update(tournament_export(demo(12)))
    return copy.deepcopy(_EXPORT)


def rows() -> dict[str, int]:
    return {model.__name__: model.objects.count()
            for model in (Tournament, Player, Table, Seat, Deal, Slip, TournamentScoring, PrizeCut)}


def refused(tmp_path, text: str) -> str:
    """The one line ``manage.py import`` answers with; nothing may have been saved."""
    before = rows()
    path = tmp_path / "hostile.json"
    path.write_text(text, encoding="utf-8")
    with pytest.raises(CommandError) as err:
        call_command("import", str(path))
    assert rows() == before
    message = str(err.value)
    assert "\n" not in message and "Traceback" not in message
    return message


def first_player(data) -> int:
    return data["players"][0]["id"]


HOSTILE = [
    # item 7: tracebacks
    ("tournament.date", lambda d: d["tournament"].update(date="2024-13-45")),
    ("tournament.date", lambda d: d["tournament"].update(date="yesterday")),
    ("tables[0].number", lambda d: [d["tables"][0].update(number=2**70)]
     + [s.update(number=2**70) for s in d["seatings"] if s["table"] == 1]
     + [s.update(table=2**70) for s in d["seatings"] + d["deals"] + d["slips"] if s["table"] == 1]),
    ("slips[0].net_points", lambda d: d["slips"][0].update(net_points=2**70)),
    ("tournament.draw_seed", lambda d: d["tournament"].update(draw_seed=2**70)),
    ("tournament.draw_seed", lambda d: d["tournament"].update(draw_seed=2**53)),  # the draw page's limit
    ("tables[0].number", lambda d: [d["tables"][0].update(number=2**40)]  # within SQLite's range, not PostgreSQL's
     + [s.update(table=2**40) for s in d["seatings"] + d["deals"] + d["slips"] if s["table"] == 1]),
    ("tournament.name", lambda d: d["tournament"].update(name="x" * 300)),
    # item 8: values that break pages later
    ("tournament.method", lambda d: d["tournament"].update(method="bogus")),
    ("tournament.prize_schedule", lambda d: d["tournament"].update(prize_schedule=[["bogus", 1]])),
    ("tournament.prize_schedule", lambda d: d["tournament"].update(prize_schedule=[["points", 2**70]])),
    ("tournament.prize_schedule", lambda d: d["tournament"].update(prize_schedule="points")),
    ("tournament.prize_schedule", lambda d: d["tournament"].update(prize_schedule=[["points", 101]])),
    ("tournament.prize_schedule", lambda d: d["tournament"].update(prize_schedule=[["points"]])),
    ("tournament.rulebook", lambda d: d["tournament"].update(rulebook="bogus")),
    ("tournament.status", lambda d: d["tournament"].update(status="bogus")),
    ("tournament.scoring_system", lambda d: d["tournament"].update(scoring_system="bogus")),
    ("tournament.table_sizes", lambda d: d["tournament"].update(table_sizes="bogus")),
    ("tournament.remainder", lambda d: d["tournament"].update(remainder="bogus")),
    ("tournament.section_split", lambda d: d["tournament"].update(section_split="five")),
    ("tournament.rounds_per_stay", lambda d: d["tournament"].update(rounds_per_stay=100_000)),
    ("tournament.prize_seed", lambda d: d["tournament"].update(prize_seed=-1)),
    ("tournament.name", lambda d: d["tournament"].update(name="x" * 100_000)),
    ("tournament.name", lambda d: d["tournament"].update(name="Hall\x00cup")),
    ("tournament.place", lambda d: d["tournament"].update(place="Hall\x00")),
    ("players[0].name", lambda d: d["players"][0].update(name="Anna\x00")),
    ("players[0].name", lambda d: d["players"][0].update(name="y" * 121)),
    ("players[0].membership_number", lambda d: d["players"][0].update(membership_number="9" * 41)),
    ("sections[0].stays", lambda d: d["sections"][0].update(stays=2**70)),
    ("tables[0].size", lambda d: d["tables"][0].update(size=40_000)),
    ("seatings[0].seat", lambda d: d["seatings"][0].update(seat=-1)),
    ("seatings[0].place", lambda d: d["seatings"][0].update(place="bogus")),
    ("deals[0].deal", lambda d: d["deals"][0].update(deal=2**40)),
    ("deals[0].bid", lambda d: d["deals"][0].update(bid=2**70)),
    ("deals[0].game", lambda d: d["deals"][0].update(game="g" * 61)),
    ("slips[0].remarks", lambda d: d["slips"][0].update(remarks="r" * 501)),
    ("slips[0].source", lambda d: d["slips"][0].update(source="bogus")),
    ("slips[0].net_games", lambda d: d["slips"][0].update(net_games=2**40)),
    ("tournament.prize_choices[0].category",
     lambda d: d["tournament"].update(prize_choices=[{"player": first_player(d), "category": "bogus"}])),
    ("tournament.prize_cuts[0].place",
     lambda d: d["tournament"].update(prize_cuts=[{"category": "points", "place": 2**70, "order": [first_player(d)]}])),
    ("tournament.prize_cuts[0].category",
     lambda d: d["tournament"].update(prize_cuts=[{"category": "bogus", "place": 1, "order": [first_player(d)]}])),
    ("tournament.prize_cuts[0].order",
     lambda d: d["tournament"].update(prize_cuts=[{"category": "points", "place": 1, "order": [99_999]}])),
    ("deals[0].declarer", lambda d: d["deals"][0].update(declarer=99_999)),
    ("deals[0].kind", lambda d: d["deals"][0].update(kind="bogus")),
    ("sit_outs[0]", lambda d: d.update(sit_outs=[7])),
    ("players", lambda d: d.update(players={"a": 1})),
    # numbers that are not whole where whole numbers belong are refused, never cut to one
    ("tournament.money.prize_money[0].place", lambda d: d["tournament"]["money"].update(
        prize_money=[["total", "1.000", "5.00"]])),
    ("tournament.money.prize_money[0].place", lambda d: d["tournament"]["money"].update(
        prize_money=[["total", [1], "5.00"]])),
    ("tournament.money.prize_money[0].category", lambda d: d["tournament"]["money"].update(
        prize_money=[[None, 1, "5.00"]])),
    ("tournament.money.raised_from", lambda d: d["tournament"]["money"].update(raised_from="4")),
    ("tournament.money.raised_from", lambda d: d["tournament"]["money"].update(raised_from=4.5)),
    ("tournament.raised_from", lambda d: d["tournament"]["money"].update(raised_from=2**40)),
    ("tournament.money.currency", lambda d: d["tournament"]["money"].update(currency=["EUR"])),
    ("deals[0].deal", lambda d: d["deals"][0].update(deal="1.000")),
    ("deals[0].deal", lambda d: d["deals"][0].update(deal=1.5)),
    ("sections[0].stays", lambda d: d["sections"][0].update(stays=2.5)),
    ("slips[0].net_points", lambda d: d["slips"][0].update(net_points=12.5)),
    ("slips[0].net_points", lambda d: d["slips"][0].update(net_points="12")),
    ("slips[0].games_won", lambda d: d["slips"][0].update(games_won=True)),
    ("seatings[0].stay", lambda d: d["seatings"][0].update(stay=[1])),
]


@pytest.mark.slow
@pytest.mark.parametrize("field, spoil", HOSTILE, ids=[f"{field}-{i}" for i, (field, _) in enumerate(HOSTILE)])
def test_a_hostile_value_is_refused_by_its_field_and_nothing_is_saved(tmp_path, field, spoil):
    data = export()
    spoil(data)
    message = refused(tmp_path, json.dumps(data))
    assert field in message, message


def test_a_refusal_quoting_a_huge_value_stays_one_short_line(tmp_path):
    data = export()
    data["tournament"]["method"] = "m" * 100_000
    message = refused(tmp_path, json.dumps(data))
    assert "tournament.method" in message and len(message) < 500


def test_json_nested_too_deeply_is_one_clear_line(tmp_path):
    depth = 100_000
    message = refused(tmp_path, '{"format": %d, "tournament": %s%s}' % (FORMAT_VERSION, "[" * depth, "]" * depth))
    assert "nested" in message


def test_nesting_deeper_than_any_export_is_refused_even_when_json_can_read_it(tmp_path):
    data = export()
    data["tournament"]["prize_schedule"] = [[[[[[[[["points", 1]]]]]]]]]
    assert "tournament.prize_schedule" in refused(tmp_path, json.dumps(data))


def test_the_untouched_export_still_imports(tmp_path):
    path = tmp_path / "export.json"
    path.write_text(json.dumps(export()))
    call_command("import", str(path))
    assert Tournament.objects.count() == 1 and Deal.objects.count() == len(export()["deals"])


@pytest.mark.slow
@pytest.mark.parametrize("published", [True, False])
def test_the_live_pages_published_setting_survives_export_and_import(tmp_path, published):
    original = demo(12)
    TournamentScoring.objects.filter(tournament=original).update(published=published)
    original.refresh_from_db()
    path = tmp_path / "export.json"
    path.write_text(json.dumps(tournament_export(original)))
    call_command("import", str(path))
    copy_ = Tournament.objects.exclude(pk=original.pk).get()
    assert copy_.scoring.published is published


def test_an_export_without_the_published_setting_imports_unpublished(tmp_path):
    data = export()
    data["tournament"].pop("published", None)
    path = tmp_path / "export.json"
    path.write_text(json.dumps(data))
    call_command("import", str(path))
    assert Tournament.objects.get().scoring.published is False


# Hostile amounts of money, and numbers that are not whole where whole numbers belong. A value
# written as RAW stands for a bare JSON number json.dumps cannot write (1e309 reads as infinity).
RAW = "@raw@"
AMOUNTS = ["entry_fee", "per_lost_game", "per_lost_game_at_three", "raised_per_lost_game"]
HOSTILE_AMOUNTS = [RAW + "1e309", "1e309", "9" * 40, 10**40, RAW + "NaN", RAW + "Infinity", RAW + "-Infinity", "NaN",
                   "Infinity", "-0.01", "-0", -1, "1,000", "1.000", "0.505", "abc", "", [[1]], {"a": 1}, 2**70, True,
                   0.5, "١٢"]


def with_raw_numbers(data) -> str:
    return json.dumps(data).replace(f'"{RAW}', "").replace(f'{RAW}"', "")


def raw(value):
    return f"{value}{RAW}" if isinstance(value, str) and value.startswith(RAW) else value


@pytest.mark.slow
@pytest.mark.parametrize("name", AMOUNTS)
@pytest.mark.parametrize("value", HOSTILE_AMOUNTS, ids=repr)
def test_a_hostile_amount_of_money_is_refused_naming_its_field(tmp_path, name, value):
    data = export()
    data["tournament"]["money"][name] = raw(value)
    message = refused(tmp_path, with_raw_numbers(data))
    assert f"tournament.money.{name}" in message, message


@pytest.mark.slow
@pytest.mark.parametrize("value", [*HOSTILE_AMOUNTS, None], ids=repr)
def test_a_hostile_prize_amount_is_refused_naming_the_prize_and_its_amount(tmp_path, value):
    data = export()
    prizes = [["total", 1, "50.00"], ["total", 2, "30.00"], ["total", 3, raw(value)]]
    data["tournament"]["money"]["prize_money"] = prizes
    message = refused(tmp_path, with_raw_numbers(data))
    # The file's shape check names a number no export holds by its place ([2][2]); the money check by its name.
    assert "tournament.money.prize_money[2].amount" in message or "tournament.money.prize_money[2][2]" in message, \
        message


def test_money_imports_whole_whatever_language_the_import_speaks(tmp_path):
    """The file's amounts are numbers with a decimal point: a German terminal must not read "0.50" as German."""
    from django.utils import translation

    data = export()
    data["tournament"]["money"].update(entry_fee="1000.00", per_lost_game="0.50", per_lost_game_at_three=None,
                                       raised_per_lost_game="1", raised_from=4,
                                       prize_money=[["total", 1, "1000.50"], ["total", 2, -0]])
    path = tmp_path / "export.json"
    path.write_text(json.dumps(data))
    with translation.override("de"):
        call_command("import", str(path))
    settings = TournamentScoring.objects.get()
    assert (str(settings.entry_fee), str(settings.per_lost_game), settings.per_lost_game_at_three,
            str(settings.raised_per_lost_game)) == ("1000.00", "0.50", None, "1.00")
    assert settings.prize_money == [["total", 1, "1000.50"], ["total", 2, "0.00"]]
