"""One reading of a game's kind and hand under every rulebook: what the engine valued, however it was entered (a
Foster "heart hand" is his Heart Solo, from the hand), in the statistics and in the export alike."""

import pytest

from archive.exports import tournament_export
from scoring.models import Deal
from scoring.results import deal_from_hand, game_read
from tests.stats.by_hand import from_hand, kind_of


@pytest.mark.parametrize("rulebook, name, words, hand, expected", [
    ("foster-1922", "Heart Solo", "heart hand", False, ("hearts", True)),
    ("foster-1922", "", "heart hand", False, ("hearts", True)),  # no name kept: the words are read again
    ("foster-1922", "Spade Tournee", "spade tournee", False, ("spades", False)),
    ("foster-1922", "Solo Grand", "grand", False, ("grand", True)),
    ("foster-1922", "Nullo", "nullo", False, ("null", False)),
    ("nasl-1908", "Grand Ouvert", "grand ouvert", False, ("grand", True)),
    ("isko", "Hearts", "hearts", False, ("hearts", False)),
    ("isko", "Hearts Hand", "hearts hand", False, ("hearts", True)),
    ("isko", "", "hearts", True, ("hearts", True)),
    ("isko", "Null Hand", "null hand", False, ("null", True)),
    ("isko", "Null Ouvert", "null ouvert", False, ("null", False)),
    ("isko", "Clubs Ouvert", "clubs ouvert", False, ("clubs", True)),
])
def test_the_engines_reading_of_kind_and_hand(rulebook, name, words, hand, expected):
    assert game_read(rulebook, name, words, hand, False) == expected
    assert deal_from_hand(Deal(kind="game", game_name=name, game=words, hand=hand), rulebook) is expected[1]


@pytest.mark.django_db
@pytest.mark.slow
def test_the_exports_hand_flag_is_the_reading_the_statistics_count(club_play):
    _club, _members, evenings = club_play
    for event in evenings:
        names = dict(Deal.objects.filter(tournament=event).values_list("number", "game_name"))
        exported = tournament_export(event)["deals"]
        games = [d for d in exported if d["kind"] == "game"]
        assert games
        by_table = {(d.table.series, d.table.number, d.number): d.game_name
                    for d in Deal.objects.filter(tournament=event).select_related("table")}
        for deal in games:
            name = by_table[(deal["series"], deal["table"], deal["deal"])]
            assert deal["hand"] is from_hand(name), name
            assert kind_of(name)
        assert names
    # the Foster evening has Solos whose facts say no "hand": the export says hand all the same
    assert Deal.objects.filter(tournament=evenings[2], kind="game", hand=False, game_name__contains="Solo").exists()
    foster = [d for d in tournament_export(evenings[2])["deals"] if d["kind"] == "game" and d["hand"]]
    assert foster
