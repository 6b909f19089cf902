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
    """Issue 26: the picker's buttons are the catalogue's German names (Foster's book, here), the suit games
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
