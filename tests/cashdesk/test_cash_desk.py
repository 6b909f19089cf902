"""The cash desk, recomputed by hand: the fee from the rules, each series' lost-game money from the deals, the prizes
from the prize money lines; never paid twice; reversals kept; the report's sums on the page, in the PDF and the
workbook; who may open it (the cashier and director of the event's club, nobody else); hostile names stay text."""

import re
import subprocess
from decimal import Decimal
from html import unescape
from io import BytesIO

import pytest
from django.contrib.auth import get_user_model
from openpyxl import load_workbook

from cashdesk.models import Payment
from clubs.models import Club
from scoring.models import Deal, TournamentScoring
from seating.models import Player, Seat
from tests.roles import grant
from tests.scoring.committee.test_series_event import demo_event

pytestmark = pytest.mark.django_db

FEE, RATE, RATE_AT_THREE, RAISED = Decimal("10.00"), Decimal("0.50"), Decimal("0.60"), Decimal("1.00")
PRIZES = {1: Decimal("25.00"), 2: Decimal("15.00")}


@pytest.fixture
def event():
    tournament = demo_event(7, 2)  # a table of four and one of three in each series
    TournamentScoring.objects.filter(tournament=tournament).update(
        entry_fee=FEE, per_lost_game=RATE, per_lost_game_at_three=RATE_AT_THREE, raised_per_lost_game=RAISED,
        raised_from=4, prize_money=[["total", place, str(money)] for place, money in PRIZES.items()])
    return tournament


@pytest.fixture
def cashier(client, event):
    user = grant(get_user_model().objects.create_user("kasse", password="x"), "cashier", event.club)
    client.force_login(user)
    return client


def take(client, event, player, kind, series=None, prize=None):
    data = {"player": player, "kind": kind, **({"series": series} if series else {}), **({"prize": prize} if prize else {})}
    return client.post(f"/cash/{event.pk}/take/", data)


def by_hand_lost_game_money(event, series: int) -> dict[int, Decimal]:
    """Each player's lost-game money of ``series`` from the deals: his games lost (a negative score, voided deals
    not counted) at the rate of his first table's size, the raised rate from the fourth lost game on."""
    owed = {}
    for player in event.players.all():
        seat = Seat.objects.filter(player=player, series=series).order_by("stay").select_related("table").first()
        if seat is None:
            continue
        lost = Deal.objects.filter(table__series=series, player=player, voided=False, score__lt=0, kind="game").count()
        rate = RATE_AT_THREE if seat.table.size == 3 else RATE
        owed[player.pk] = sum((RAISED if n >= 4 else rate for n in range(1, lost + 1)), Decimal("0.00"))
    return owed


def desk_html(client, event, query="") -> str:
    response = client.get(f"/cash/{event.pk}/{query}")
    assert response.status_code == 200
    return response.content.decode()


@pytest.mark.slow
def test_the_entry_fee_is_taken_in_one_tap_at_the_rules_amount_and_never_twice(cashier, event):
    player = event.players.order_by("pk").first()
    assert "Take €10.00" in desk_html(cashier, event)
    assert take(cashier, event, player.pk, "fee").status_code == 302
    again = take(cashier, event, player.pk, "fee")
    assert again.status_code == 409 and "paid already" in again.content.decode()
    lines = list(Payment.objects.filter(tournament=event))
    assert [(line.player_id, line.kind, line.amount, line.by.username) for line in lines] == [
        (player.pk, "fee", FEE, "kasse")]
    html = desk_html(cashier, event, "?show=fee")
    assert f'id="player-{player.pk}"' not in html  # he no longer owes the fee
    assert html.count('class="player"') == event.players.count() - 1


@pytest.mark.slow
def test_lost_game_money_of_each_series_is_what_the_deals_say(cashier, event):
    for series in (1, 2):
        owed = by_hand_lost_game_money(event, series)
        assert any(money > 0 for money in owed.values())
        html = desk_html(cashier, event, f"?show=series-{series}")
        listed = {int(number) for number in re.findall(r'id="player-(\d+)"', html)}
        assert listed == {player for player, money in owed.items() if money > 0}
        for player, money in owed.items():
            response = take(cashier, event, player, "lost_games", series=series)
            assert response.status_code == (302 if money > 0 else 409), (player, money)
        taken = {line.player_id: line.amount for line in Payment.objects.filter(kind="lost_games", series=series)}
        assert taken == {player: money for player, money in owed.items() if money > 0}
        assert take(cashier, event, next(iter(taken)), "lost_games", series=series).status_code == 409


@pytest.mark.slow
def test_prizes_are_paid_out_as_the_prize_list_says_and_only_once(cashier, event):
    winners = {row["rank"]: row["player"] for row in _standings(event)}  # nobody ties in the demo's first two
    for place in PRIZES:
        assert take(cashier, event, winners[place], "prize", prize=f"total:{place}").status_code == 302
        assert take(cashier, event, winners[place], "prize", prize=f"total:{place}").status_code == 409
    paid = {(line.player_id, line.prize): line.amount for line in Payment.objects.filter(kind="prize")}
    assert paid == {(winners[place], f"total:{place}"): money for place, money in PRIZES.items()}
    # The third place carries no money line: nothing to pay out; nor to a player who won nothing.
    assert take(cashier, event, winners[3], "prize", prize="total:3").status_code == 409
    assert take(cashier, event, winners[1], "prize", prize="total:2").status_code == 409
    assert Payment.objects.filter(kind="prize").count() == 2


def _standings(event):
    import io
    import json

    from django.core.management import call_command

    out = io.StringIO()
    call_command("standings", str(event.pk), stdout=out)
    return json.loads(out.getvalue())["standings"]


@pytest.mark.slow
def test_a_mistaken_line_is_reversed_by_a_counter_entry_and_the_history_kept(cashier, event):
    player = event.players.order_by("pk").first()
    take(cashier, event, player.pk, "fee")
    line = Payment.objects.get()
    response = cashier.post(f"/cash/{event.pk}/reverse/", {"payment": line.pk, "note": "wrong player", "back": "report"})
    assert response.status_code == 302 and response["Location"] == f"/cash/{event.pk}/report/"
    reversal = Payment.objects.get(reverses=line)
    assert (reversal.amount, reversal.kind, reversal.player_id, reversal.note) == (-FEE, "fee", player.pk, "wrong player")
    assert cashier.post(f"/cash/{event.pk}/reverse/", {"payment": line.pk}).status_code == 409  # once only
    assert cashier.post(f"/cash/{event.pk}/reverse/", {"payment": reversal.pk}).status_code == 409
    assert f'id="player-{player.pk}"' in desk_html(cashier, event, "?show=fee")  # he owes it again
    assert take(cashier, event, player.pk, "fee").status_code == 302
    assert list(Payment.objects.order_by("pk").values_list("amount", flat=True)) == [FEE, -FEE, FEE]
    assert cashier.post(f"/cash/{event.pk}/reverse/", {"payment": "x"}).status_code == 422
    assert cashier.post(f"/cash/{event.pk}/reverse/", {"payment": 10**30}).status_code == 422
    assert Payment.objects.count() == 3


def _report_figures(cashier, event) -> dict[str, Decimal]:
    html = cashier.get(f"/cash/{event.pk}/report/").content.decode()
    body = html[html.index('class="grid cash-summary"'):]
    body = body[:body.index("</table>")]
    rows = [[unescape(re.sub(r"<[^>]+>", "", cell)).strip() for cell in re.findall(r"<td[^>]*>(.*?)</td>", row, re.S)]
            for row in re.findall(r"<tr[^>]*>(.*?)</tr>", body, re.S)]
    return {label.split(" (")[0]: Decimal(re.sub(r"[^0-9.\u2212-]", "", said).replace("\u2212", "-"))
            for label, said in rows if said}


def _pay_a_bit(cashier, event):
    players = list(event.players.order_by("pk"))
    for player in players[:5]:
        take(cashier, event, player.pk, "fee")
    owed = by_hand_lost_game_money(event, 1)
    for player, money in owed.items():
        if money:
            take(cashier, event, player, "lost_games", series=1)
    winners = {row["rank"]: row["player"] for row in _standings(event)}
    take(cashier, event, winners[1], "prize", prize="total:1")
    mistaken = Payment.objects.filter(kind="fee").first()
    cashier.post(f"/cash/{event.pk}/reverse/", {"payment": mistaken.pk})
    fees = 4 * FEE  # five taken, one reversed
    lost = sum(owed.values(), Decimal("0.00"))
    return fees, lost, PRIZES[1], owed


@pytest.mark.slow
def test_the_report_sums_the_book(cashier, event):
    fees, lost, prizes, owed = _pay_a_bit(cashier, event)
    figures = _report_figures(cashier, event)
    assert figures["Entry fees"] == fees
    assert figures["Lost-game money, series 1"] == lost
    assert figures["Taken in total"] == fees + lost
    assert figures["Prize payouts"] == figures["Paid out in total"] == prizes
    assert figures["Held back"] == Decimal("0.00")
    assert figures["Balance"] == fees + lost - prizes
    assert figures["Entry fees open"] == 3 * FEE  # seven players, four paid
    assert figures["Lost-game money open"] == sum(by_hand_lost_game_money(event, 2).values(), Decimal("0.00"))
    assert figures["Prizes not paid out yet"] == PRIZES[2]


@pytest.mark.slow
def test_the_report_in_german_as_pdf_and_workbook(cashier, event, tmp_path):
    type(event).objects.filter(pk=event.pk).update(language="de")
    fees, lost, prizes, owed = _pay_a_bit(cashier, event)
    # More paid out than taken: the balance is negative, written with a real minus.
    TournamentScoring.objects.filter(tournament=event).update(prize_money=[["total", 1, "25.00"], ["total", 2, "500.00"]])
    winners = {row["rank"]: row["player"] for row in _standings(event)}
    take(cashier, event, winners[2], "prize", prize="total:2")
    balance = fees + lost - prizes - Decimal("500.00")
    assert balance < 0

    response = cashier.get(f"/cash/{event.pk}/report.pdf")
    assert response.status_code == 200 and response["Content-Type"] == "application/pdf"
    assert "kassenbericht" in response["Content-Disposition"]
    path = tmp_path / "report.pdf"
    path.write_bytes(response.content)
    text = " ".join(subprocess.run(["pdftotext", "-layout", str(path), "-"], capture_output=True, text=True,
                                   check=True).stdout.split())
    for word in ("Kassenbericht", "Einnahmen", "Ausgaben", "Einbehalt für die Jahreswertung", "Saldo", "Offen",
                 "Startgeld", "Verlustspielgeld, Serie 1", "Auszahlung", "storniert"):
        assert word in text, word
    said = f"{abs(balance):.2f}".replace(".", ",")
    assert f"Saldo \u2212{said} €" in text
    assert "{%" not in text and "Balance" not in text
    subprocess.run(["pdftoppm", "-png", "-r", "60", "-f", "1", "-l", "1", str(path), str(tmp_path / "page")],
                   check=True)

    workbook = load_workbook(BytesIO(cashier.get(f"/cash/{event.pk}/report.xlsx").content))
    assert workbook.sheetnames == ["Kassenbericht", "Kassenbuch"]
    figures = {row[0].split(" (")[0]: row[1] for row in workbook["Kassenbericht"].iter_rows(min_row=2, values_only=True)}
    assert Decimal(str(figures["Startgeld"])) == fees
    assert Decimal(str(figures["Einnahmen gesamt"])) == fees + lost
    assert Decimal(str(figures["Ausgaben gesamt"])) == prizes + Decimal("500.00")
    assert Decimal(str(figures["Einbehalt für die Jahreswertung"])) == 0
    assert Decimal(str(figures["Saldo"])) == balance
    book = list(workbook["Kassenbuch"].iter_rows(min_row=2, values_only=True))
    assert len(book) == Payment.objects.count()
    assert sum(Decimal(str(row[5])) for row in book if row[4].startswith("Auszahlung")) == prizes + Decimal("500.00")
    # The book's times as a German Excel shows them (28.11.2026 19:30), not ISO.
    times = [row[1] for row in workbook["Kassenbuch"].iter_rows(min_row=2)]
    assert {cell.number_format for cell in times} == {"DD.MM.YYYY hh:mm"}


@pytest.mark.slow
def test_a_committee_login_may_not_write_nor_open_the_desk(client, event):
    user = grant(get_user_model().objects.create_user("preise", password="x"), "committee", event.club)
    client.force_login(user)
    player = event.players.first()
    assert take(client, event, player.pk, "fee").status_code == 403
    Payment.objects.create(tournament=event, player=player, kind="fee", amount=FEE)
    assert client.post(f"/cash/{event.pk}/reverse/", {"payment": Payment.objects.get().pk}).status_code == 403
    assert client.get(f"/cash/{event.pk}/").status_code == 403
    assert Payment.objects.count() == 1
    # Nor is the desk linked from his committee page; a cashier's tournament pages link it.
    assert f"/cash/{event.pk}/" not in client.get(f"/committee/{event.pk}/").content.decode()


@pytest.mark.slow
def test_the_director_is_linked_to_the_desk(client, event):
    client.force_login(grant(get_user_model().objects.create_user("leiter", password="x"), "director", event.club))
    assert f'href="/cash/{event.pk}/"' in client.get(f"/director/{event.pk}/").content.decode()
    assert client.get(f"/cash/{event.pk}/").status_code == 200


@pytest.mark.slow
def test_a_cashier_of_another_club_reaches_nothing_and_changes_nothing(client, event):
    other = Club.objects.create(slug="andere", name="Anderer Skatclub")
    client.force_login(grant(get_user_model().objects.create_user("fremd", password="x"), "cashier", other))
    player = event.players.first()
    line = Payment.objects.create(tournament=event, player=player, kind="fee", amount=FEE)
    for url in ("", "report/", "report.pdf", "report.xlsx", "take/", "reverse/"):
        assert not 200 <= client.get(f"/cash/{event.pk}/{url}").status_code < 300, url
    assert not 200 <= take(client, event, player.pk, "fee").status_code < 400
    assert not 200 <= take(client, event, event.players.last().pk, "fee").status_code < 400
    assert not 200 <= client.post(f"/cash/{event.pk}/reverse/", {"payment": line.pk}).status_code < 400
    assert list(Payment.objects.values_list("pk", flat=True)) == [line.pk]
    client.logout()  # and a visitor is sent to log in
    assert client.get(f"/cash/{event.pk}/").status_code == 302
    assert client.post(f"/cash/{event.pk}/take/", {"player": player.pk, "kind": "fee"}).status_code == 302
    assert Payment.objects.count() == 1


@pytest.mark.slow
def test_a_player_of_another_event_is_not_taken_from(cashier, event):
    stranger = demo_event(7, 1).players.first()
    assert take(cashier, event, stranger.pk, "fee").status_code == 409
    assert take(cashier, event, event.players.first().pk, "nonsense").status_code == 422
    assert take(cashier, event, "²", "fee").status_code == 422
    assert Payment.objects.count() == 0


HOSTILE = '=HYPERLINK("http://evil.example","x")<script>alert(1)</script>'


@pytest.mark.slow
def test_hostile_names_stay_text_on_the_page_in_the_pdf_and_the_workbook(cashier, event, tmp_path):
    player = event.players.order_by("pk").first()
    Player.objects.filter(pk=player.pk).update(name=HOSTILE)
    take(cashier, event, player.pk, "fee")
    for page in (desk_html(cashier, event), cashier.get(f"/cash/{event.pk}/report/").content.decode()):
        assert "<script>alert(1)</script>" not in page and "&lt;script&gt;alert(1)&lt;/script&gt;" in page
    path = tmp_path / "report.pdf"
    path.write_bytes(cashier.get(f"/cash/{event.pk}/report.pdf").content)
    text = subprocess.run(["pdftotext", str(path), "-"], capture_output=True, text=True, check=True).stdout
    assert "<script>alert(1)</script>" in "".join(text.split())  # printed as the text it is
    workbook = load_workbook(BytesIO(cashier.get(f"/cash/{event.pk}/report.xlsx").content))
    names = [row[2] for row in workbook.worksheets[1].iter_rows(min_row=2, values_only=True)]
    assert names == ["'" + HOSTILE]


@pytest.mark.slow
def test_the_search_finds_a_player_by_name_or_number(cashier, event):
    player = event.players.order_by("pk").last()
    for typed in (player.name[:4], f"#{player.pk}", str(player.pk)):
        html = desk_html(cashier, event, f"?q={typed}")
        assert f'id="player-{player.pk}"' in html, typed
    assert 'class="player"' not in desk_html(cashier, event, "?q=nobody-at-all")
    assert desk_html(cashier, event, "?q=" + "9" * 40)  # a number beyond any id finds nobody, no 500


@pytest.mark.slow
def test_the_desk_and_the_report_speak_german_to_a_german_browser(cashier, event):
    from tests.german_pages import english_words, visible_text

    german = {"HTTP_ACCEPT_LANGUAGE": "de-DE,de;q=0.9"}
    player = event.players.order_by("pk").first()
    take(cashier, event, player.pk, "fee")
    cashier.post(f"/cash/{event.pk}/reverse/", {"payment": Payment.objects.get().pk})
    names = (event.name, "Demo hall", *event.players.values_list("name", flat=True),
             *event.players.values_list("club", flat=True))
    for url in ("", "?show=fee", "?show=series-1", "?show=prize", "?show=paid", "?q=nobody", "report/"):
        page = cashier.get(f"/cash/{event.pk}/{url}", **german).content.decode()
        assert english_words(visible_text(page), names) == [], url
    page = visible_text(cashier.get(f"/cash/{event.pk}/", **german).content.decode())
    for word in ("Kasse", "Startgeld", "Verlustspielgeld", "offen", "kassieren"):
        assert word in page, word
    assert "10,00 €" in page
    refused = cashier.post(f"/cash/{event.pk}/reverse/", {"payment": Payment.objects.first().pk}, **german)
    assert refused.status_code == 409
    assert english_words(visible_text(refused.content.decode()), names) == []
    assert "schon storniert" in refused.content.decode()


@pytest.mark.slow
def test_a_prize_gone_to_another_after_a_correction_is_not_paid_twice(cashier, event):
    winners = {row["rank"]: row["player"] for row in _standings(event)}
    take(cashier, event, winners[1], "prize", prize="total:1")
    # The committee's correction gives the first prize to the second: the first payout must come back first.
    Payment.objects.filter(kind="prize").update(player_id=winners[2])  # as if the book held the other winner
    html = desk_html(cashier, event, "?show=prize")
    assert "more than the rules ask" in html
    refused = take(cashier, event, winners[1], "prize", prize="total:1")
    assert refused.status_code == 409 and "paid out to another player" in refused.content.decode()
    line = Payment.objects.get(kind="prize")
    cashier.post(f"/cash/{event.pk}/reverse/", {"payment": line.pk})
    assert take(cashier, event, winners[1], "prize", prize="total:1").status_code == 302
    assert sum(Payment.objects.filter(kind="prize").values_list("amount", flat=True)) == PRIZES[1]


@pytest.mark.django_db(transaction=True)
def test_two_taps_at_once_take_the_fee_once():
    """Two cashiers' phones tap the same fee at the same moment: the tournament's lock lets one line through."""
    import threading

    from django.db import connection

    from cashdesk.services import CashError, payment_take

    if connection.vendor == "sqlite" and connection.settings_dict["NAME"].startswith("file:memorydb"):
        pytest.skip("an in-memory SQLite test database is one connection; PostgreSQL (make test-db) runs this")
    tournament = demo_event(7, 1)
    TournamentScoring.objects.filter(tournament=tournament).update(entry_fee=FEE)
    player = tournament.players.first().pk
    start, outcomes = threading.Barrier(4), []

    def tap():
        try:
            start.wait()
            payment_take(tournament=tournament, player_id=player, kind="fee")
            outcomes.append("taken")
        except CashError:
            outcomes.append("refused")
        finally:
            connection.close()

    threads = [threading.Thread(target=tap) for _ in range(4)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    assert sorted(outcomes) == ["refused"] * 3 + ["taken"]
    assert list(Payment.objects.values_list("player_id", "amount")) == [(player, FEE)]


@pytest.mark.slow
def test_a_cashier_finds_the_desk_from_the_home_page(cashier, event):
    page = cashier.get("/").content.decode()
    assert f'href="/cash/{event.pk}/"' in page and f'href="/committee/{event.pk}/"' not in page


@pytest.mark.slow
def test_only_series_with_lost_game_money_due_are_offered_as_filters(client):
    """Series 3 drawn but not played yet: nobody owes lost-game money for it, so the desk offers no filter for it;
    sent anyway (an old link), the desk lists everyone and says so, never an error."""
    event = demo_event(7, 3)
    Deal.objects.filter(tournament=event, table__series=3).delete()
    assert Seat.objects.filter(tournament=event, series=3).exists()  # drawn
    TournamentScoring.objects.filter(tournament=event).update(per_lost_game=RATE, per_lost_game_at_three=RATE_AT_THREE)
    client.force_login(grant(get_user_model().objects.create_user("kasse", password="x"), "cashier", event.club))
    html = desk_html(client, event)
    offered = set(re.findall(r"show=(series-\d+)", html))
    assert offered == {"series-1", "series-2"}
    assert any(by_hand_lost_game_money(event, 1).values()) and not any(by_hand_lost_game_money(event, 3).values())
    for sent in ("series-3", "series-99", "series-x", "nonsense"):
        html = desk_html(client, event, f"?show={sent}")
        assert html.count('class="player"') == event.players.count(), sent
        assert "not offered" in html, sent
    assert "not offered" not in desk_html(client, event, "?show=series-2")
    german = client.get(f"/cash/{event.pk}/?show=series-3", HTTP_ACCEPT_LANGUAGE="de-DE").content.decode()
    assert "Diesen Filter gibt es hier (noch) nicht" in german


@pytest.mark.slow
def test_a_prize_at_the_desk_names_its_place_and_is_to_be_paid_out(cashier, event):
    """Two prizes of one category both read "Gesamtwertung": the cashier sees which place each is, and that it is
    money to pay out, not money owed."""
    from tests.german_pages import visible_text

    winners = {row["rank"]: row["player"] for row in _standings(event)}
    html = cashier.get(f"/cash/{event.pk}/?show=prize", HTTP_ACCEPT_LANGUAGE="de-DE").content.decode()
    rows = {int(number): visible_text(row) for number, row in re.findall(
        r'id="player-(\d+)">(.*?)(?=<div class="player"|</div>\s*</div>)', html, re.S)}
    assert set(rows) == {winners[1], winners[2]}
    for place, money in PRIZES.items():
        amount = f"{money:.2f}".replace(".", ",") + " €"
        assert re.search(rf"Gesamtwertung, {place}\. Platz:\s*auszuzahlen {amount}", rows[winners[place]]), rows
        assert f"{amount} auszahlen" in rows[winners[place]]
