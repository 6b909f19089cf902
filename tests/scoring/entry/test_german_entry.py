"""The table's sheet in German: the count before saving, the saved deal and a refusal, beside the English ones."""

from scoring.entry.access import table_link
from scoring.entry.sheets import deal_slot
from scoring.models import Deal

GERMAN = {"HTTP_ACCEPT_LANGUAGE": "de", "HTTP_HX_REQUEST": "true"}


def entry_data(slot, **extra):
    data = {"number": slot.number, "submission_key": f"key-{slot.number}", "kind": "game",
            "declarer_id": slot.active[0].player_id, "game": "club solo", "matadores": "2", "points": "79",
            "tricks": "8"}
    data.update(extra)
    return data


def test_count_saved_deal_and_refusal_are_german(client, table):
    slot = deal_slot(table, 1)
    token = table_link(table).token
    preview = client.post(f"/t/{token}/preview/", entry_data(slot), **GERMAN).content.decode()
    assert "Kreuz-Solo: 1 für Spiel, „mit“ 2 = 3 × 12 = 36" in preview
    refused = client.post(f"/t/{token}/save/", entry_data(slot, points="40", tricks="0"), **GERMAN)
    assert refused.status_code == 422
    assert "40 Augen kann es nicht geben: wer keinen Stich machte, ist schwarz" in refused.content.decode()
    saved = client.post(f"/t/{token}/save/", entry_data(slot), **GERMAN).content.decode()
    assert "Spiel 1 gespeichert: Kreuz-Solo: 1 für Spiel, „mit“ 2 = 3 × 12 = 36" in saved
    assert Deal.objects.get().explanation == 'Club Solo: 1 for game, "with" 2, = 3 × 12 = 36'  # stored in English


def test_the_game_buttons_say_the_books_games_in_german(client, table):
    """The picker's buttons are the catalogue's German names (Foster's book, here), the suit games
    without their suit; in English the book's own."""
    import re

    def buttons(**headers) -> list[str]:
        page = client.get(f"/t/{table_link(table).token}/", **headers).content.decode()
        return re.findall(r'name="game_type" value="[^"]+"[^>]*> ([^<]+)</label>', page)

    assert buttons(HTTP_ACCEPT_LANGUAGE="de") == [
        "Tournee", "Passt-mir-nicht", "Tournee-Grand", "Passt-mir-nicht-Grand", "Gucki-Grand", "Solo", "Solo-Grand",
        "Grand ouvert", "Null", "Null ouvert"]
    assert buttons(HTTP_ACCEPT_LANGUAGE="en") == [
        "Tournee", "Passt-mir-nicht", "Tournee Grand", "Passt-mir-nicht Grand", "Gucki Grand", "Solo", "Solo Grand",
        "Open Grand", "Nullo", "Open Nullo"]


def test_a_refusal_names_its_field_in_german(client, table):
    """German review E1: "Nicht gespeichert — Points: …" named the English field; every field has its label."""
    import re

    from scoring.entry.forms import DealEntryForm

    slot = deal_slot(table, 1)
    token = table_link(table).token
    cases = {"points": ("121", "Augen"), "tricks": ("11", "Stiche"), "bid": ("0", "Reizwert"),
             "announced": ("beides", "Angesagt"), "kind": ("zauberei", "Art")}
    for field, (typed, label) in cases.items():
        refused = client.post(f"/t/{token}/save/", entry_data(slot, **{field: typed}), **GERMAN)
        page = refused.content.decode()
        assert refused.status_code == 422, field
        assert re.search(rf"<b>{label}</b>", page), (field, page[:400])
    assert not Deal.objects.exists()
    unlabelled = [name for name, f in DealEntryForm.base_fields.items()
                  if f.label is None and not f.widget.is_hidden]
    assert unlabelled == []


def test_a_deal_entered_meanwhile_is_told_in_german(client, table):
    """German review E3: the refusal of a deal already entered quoted its stored English count."""
    slot = deal_slot(table, 1)
    token = table_link(table).token
    client.post(f"/t/{token}/save/", entry_data(slot, submission_key="phone-a"), **GERMAN)
    refused = client.post(f"/t/{token}/save/", entry_data(slot, submission_key="phone-b"), **GERMAN)
    page = refused.content.decode()
    assert "Kreuz-Solo: 1 für Spiel, „mit“ 2 = 3 × 12 = 36" in page
    assert "Club Solo" not in page


def test_slip_remarks_are_kept_as_facts_and_said_in_the_readers_language(client, table):
    """German review E4: "deal 3: won against 7" on a German sheet. The slips keep the stored English facts,
    whoever made them, and a German page says them in German; made again from a German browser, an OK'd slip
    is not changed (its figures and remarks are the same)."""
    from scoring.entry.services import DealFacts, deal_enter, slip_ok, slips_produce
    from scoring.models import Slip

    for number in range(1, 4):  # the stay: a Spade Tournee won "without" 10 (a remark), two Club Solos
        slot = deal_slot(table, number)
        facts = (DealFacts(declarer_id=slot.active[0].player_id, game="spade tournee", matadores=-10, points=67,
                           tricks=6) if number == 1 else
                 DealFacts(declarer_id=slot.active[1].player_id, game="club solo", matadores=2, points=79, tricks=8))
        deal_enter(table=table, number=number, facts=facts)
    declarer = deal_slot(table, 1).active[0].player_id
    slips, _ = slips_produce(table=table, stay=1)
    remarked = next(s for s in slips if s.player_id == declarer)
    assert remarked.remarks == "deal 1: won without 10"
    other = next(s.player_id for s in slips if s.player_id != declarer)
    slip_ok(slip=remarked, by_player_id=other, by_director=True)

    german = client.get(f"/t/{table_link(table).token}/", HTTP_ACCEPT_LANGUAGE="de").content.decode()
    assert "Spiel 1: gewonnen ohne 10" in german and "won without" not in german
    english = client.get(f"/t/{table_link(table).token}/", HTTP_ACCEPT_LANGUAGE="en").content.decode()
    assert "deal 1: won without 10" in english

    from django.utils import translation

    with translation.override("de"):
        _, kept = slips_produce(table=table, stay=1)
    assert kept == []  # nothing to keep: the same figures, the same remarks
    assert Slip.objects.get(pk=remarked.pk).ok_by_id == other


def _suggested(page: str) -> list[str]:
    import re

    datalist = re.search(r'<datalist id="game-names">(.*?)</datalist>', page, flags=re.S).group(1)
    return re.findall(r'<option value="([^"]+)">', datalist)


def test_the_other_game_suggestions_are_german_on_a_german_page_and_the_engine_reads_each_back(client, table):
    """German review E8: the "another game" suggestions were English on a German phone ("club solo")."""
    from html import unescape

    from scoring.engine import get_rulebook
    from scoring.engine.phrases import find_game
    from scoring.tournaments.selectors import rulebook_of

    token = table_link(table).token
    book = get_rulebook(rulebook_of(table.tournament))
    games = [game for game in book.games if game.name != "Ramsch"]
    german, english = ([unescape(name) for name in _suggested(client.get(f"/t/{token}/", HTTP_ACCEPT_LANGUAGE=language)
                                                              .content.decode())] for language in ("de", "en"))
    assert "kreuz-solo" in german and "club solo" not in german and "open nullo" not in german
    assert "club solo" in english and "kreuz-solo" not in english
    assert [find_game(book, name) for name in german] == games == [find_game(book, name) for name in english]


def test_every_books_games_said_in_german_are_read_back_as_the_same_games():
    from django.utils import translation

    from common.i18n import say
    from scoring.engine import RULEBOOKS
    from scoring.engine.phrases import find_game

    with translation.override("de"):
        for book in RULEBOOKS.values():
            for game in book.games:
                assert find_game(book, say(game.label).lower()) == game, (book.id, game.name)


def test_the_slips_notices_are_german(client, table):
    """Found after the German review: making, copying and OK'ing slips answered in English on a German phone."""
    from scoring.entry.services import DealFacts, deal_enter
    from scoring.models import Slip
    from seating.models import Player

    token = table_link(table).token
    for number in (n for n in range(1, 13) if deal_slot(table, n).stay == 1):  # the whole of stay 1
        slot = deal_slot(table, number)
        deal_enter(table=table, number=number, facts=DealFacts(declarer_id=slot.active[0].player_id,
                                                               game="club solo", matadores=2, points=79, tricks=8))
    made = client.post(f"/t/{token}/slips/1/make/", **GERMAN).content.decode()
    assert "Zettel für Durchgang 1 aus der Liste erstellt: jeder muss von einem anderen Spieler bestätigt" in made
    slip = Slip.objects.filter(table=table, stay=1).order_by("player__name").first()
    other = next(p for p in deal_slot(table, 1).players if p.player_id != slip.player_id)
    okd = client.post(f"/t/{token}/slip/{slip.pk}/ok/", {"by_player_id": other.player_id,
                                                          "ok_code": Player.objects.get(pk=other.player_id).ok_code},
                      **GERMAN).content.decode()
    assert f"Zettel von {slip.player.name} bestätigt." in okd
    paper = client.post(f"/t/{token}/slips/1/paper/", {
        "player_id": slip.player_id, "net_points": "0", "net_games": "0", "remarks": "",
        "player_code": Player.objects.get(pk=slip.player_id).ok_code}, **GERMAN).content.decode()
    assert f"von {other.name} bestätigt: nur die Turnierleitung kann ihn jetzt noch berichtigen" in paper
    other_slip = Slip.objects.filter(table=table, stay=1, ok_by__isnull=True).exclude(player_id=slip.player_id).first()
    copied = client.post(f"/t/{token}/slips/1/paper/", {
        "player_id": other_slip.player_id, "net_points": "0", "net_games": "0", "remarks": "",
        "player_code": Player.objects.get(pk=other_slip.player_id).ok_code}, **GERMAN).content.decode()
    assert "Papierzettel eingetragen" in copied or "Nichts wurde gespeichert" in copied
