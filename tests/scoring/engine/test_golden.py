"""Golden cases: every counted example we found in the books, with the book's own figures.

Each row: an id, where it stands in ../shared/seeds/, the rulebook, the deal's facts and what the book
says the deal scores (signed for the player; for Ramsch, the loser's charge) and is worth. Tricks in
Foster's Illustrative Hands are counted from the hands' printed trick tables.
"""

import pytest

from tests.scoring.engine.helpers import scored

F, N, I, M = "foster-1922", "nasl-1908", "isko", "mccoll-1908"

CASES = [
    # --- Foster, Illustrative Hands (foster-skat-manual-1922.txt) ---
    ("foster-hand-01", "L671", F, dict(game="spade simple", matadores="with 2", points=77, tricks=7), 9, 9),
    ("foster-hand-02", "L1007", F, dict(game="spade tournee", matadores="with 1", points=91, tricks=5, bid=10), 21, 21),
    ("foster-hand-03", "L1051", F, dict(game="heart tournee", matadores="with 1", points=61, tricks=4), 12, 12),
    ("foster-hand-04", "L1093", F, dict(game="club tournee", matadores="with 1", points=63, tricks=6), 16, 16),
    ("foster-hand-05", "L1176", F, dict(game="diamond tournee", matadores="without 1", points=42, tricks=3, bid=10), -10, 10),
    ("foster-hand-06", "L1284", F, dict(game="spade tournee", matadores="without 10", points=67, tricks=4, bid=10), 77, 77),
    ("foster-hand-07", "L1384", F, dict(game="club solo", matadores="with 3", announced="schneider", points=120, tricks=10, bid=10), 84, 84),
    ("foster-hand-08", "L1426", F, dict(game="club solo", matadores="with 4", announced="schneider", points=30, tricks=6, bid=10), -84, 84),
    ("foster-hand-09", "L1568", F, dict(game="club solo", matadores="with 3", points=60, tricks=7, bid=36), -48, 48),
    ("foster-hand-10", "L1614", F, dict(game="heart solo", matadores="without 1", points=77, tricks=7), 20, 20),
    ("foster-hand-11", "L1722", F, dict(game="club solo", matadores="with 2", points=79, tricks=8, bid=33), 36, 36),
    ("foster-hand-12", "L1798", F, dict(game="diamond solo", matadores="without 1", points=60, tricks=4, bid=10), -18, 18),
    ("foster-hand-13", "L2057", F, dict(game="solo grand", matadores="with 4", points=57, tricks=7), -80, 80),
    ("foster-hand-14", "L2105", F, dict(game="solo grand", matadores="with 1", points=67, tricks=7, bid=10), 32, 32),
    ("foster-hand-15", "L2165", F, dict(game="solo grand", matadores="with 3", points=59, tricks=7, bid=10), -64, 64),
    ("foster-hand-16", "L2297", F, dict(game="tournee grand", matadores="with 1", points=91, tricks=8), 36, 36),
    ("foster-hand-17", "L2343", F, dict(game="tournee grand", matadores="without 1", points=0, tricks=0, bid=10), -48, 48),
    ("foster-hand-18", "L2450", F, dict(game="gucki grand", matadores="with 3", points=95, tricks=8, bid=10), 60, 60),
    ("foster-hand-19", "L2504", F, dict(game="gucki grand", matadores="with 4", result="lost", bid=10), -120, 60),
    ("foster-hand-20", "L2556", F, dict(game="gucki grand", matadores="with 4", points=74, tricks=7), 60, 60),
    ("foster-hand-23", "L2868", F, dict(game="nullo", tricks=1, bid=12), -20, 20),
    # --- Foster, the laws and the chapters ---
    ("foster-desc-club-solo", "L190", F, dict(game="club solo", matadores="with 2", result="won"), 36, 36),
    ("foster-desc-club-solo-schneider", "L190", F, dict(game="club solo", matadores="with 2", result="won", schneider=True), 48, 48),
    ("foster-desc-club-solo-announced", "L190", F, dict(game="club solo", matadores="with 2", announced="schneider", result="won"), 60, 60),
    ("foster-desc-overbid-40", "L192", F, dict(game="club solo", matadores="with 2", points=70, tricks=6, bid=40), -48, 36),
    ("foster-desc-overbid-40-saved", "L192", F, dict(game="club solo", matadores="with 2", points=95, tricks=8, bid=40), 48, 48),
    ("foster-overbid-12-diamond", "L924", F, dict(game="diamond tournee", matadores="with 1", points=70, tricks=6, bid=12), -15, 10),
    ("foster-overbid-12-diamond-schneider", "L924", F, dict(game="diamond tournee", matadores="with 1", points=95, tricks=8, bid=12), 15, 15),
    ("foster-abandoned-spade-tournee", "L357", F, dict(game="spade tournee", matadores="without 10", abandoned=True), -77, 77),
    ("foster-passt-mir-nicht-lost", "L940", F, dict(game="diamond passt-mir-nicht", matadores="with 2", result="lost"), -30, 15),
    ("foster-heart-solo-schneidered", "L1330", F, dict(game="heart solo", matadores="with 2", points=25, tricks=3), -40, 40),
    ("foster-heart-solo-schwarzed", "L1330", F, dict(game="heart solo", matadores="with 2", points=0, tricks=0), -50, 50),
    # RULES.md §2 ruling (the books are silent): schneider announced and the player made schwarz → level 4.
    # Club Solo "with" 1: (4 + 1) = 5 × 12 = 60 lost; with figures or from a paper sheet alike.
    ("foster-ruling-schneider-announced-made-schwarz", "RULES §2", F,
     dict(game="club solo", matadores="with 1", announced="schneider", points=0, tricks=0), -60, 60),
    ("foster-ruling-schneider-announced-made-schwarz-paper", "RULES §2", F,
     dict(game="club solo", matadores="with 1", announced="schneider", result="lost", schwarz=True), -60, 60),
    ("foster-open-grand-lowest", "L2200", F, dict(game="open grand", matadores="with 2", points=120, tricks=10), 168, 168),
    ("foster-open-grand-highest", "L2200", F, dict(game="open grand", matadores="with 4", points=120, tricks=10), 216, 216),
    ("foster-gucki-nullo-lost", "L2888", F, dict(game="gucki nullo", tricks=1), -40, 20),
    ("foster-open-nullo", "L2746", F, dict(game="open nullo", tricks=0), 40, 40),
    # --- Foster's Ramsch hands: the Skat disregarded ---
    ("foster-hand-21", "L2665", F, dict(game="ramsch", ramsch=dict(points=[2, 17, 88], tricks=[1, 3, 6], last_trick="H")), -20, 20),
    ("foster-hand-22", "L2713", F, dict(game="ramsch", ramsch=dict(points=[77, 32, 0], tricks=[8, 2, 0], last_trick="V")), -30, 30),
    # --- North American Skat League, 1908 (nasl-skat-compendium-1908.txt) ---
    ("nasl-heart-solo-with1", "L2181", N, dict(game="heart solo", matadores="with 1", result="won"), 20, 20),
    ("nasl-heart-solo-schneider", "L2181", N, dict(game="heart solo", matadores="with 1", result="won", schneider=True), 30, 30),
    ("nasl-heart-solo-schwarz", "L2181", N, dict(game="heart solo", matadores="with 1", result="won", schwarz=True), 40, 40),
    ("nasl-heart-solo-announced", "L2204", N, dict(game="heart solo", matadores="with 1", announced="schneider", result="won"), 40, 40),
    ("nasl-heart-solo-announced-schwarz", "L2204", N, dict(game="heart solo", matadores="with 1", announced="schneider", result="won", schwarz=True), 50, 50),
    ("nasl-heart-solo-schwarz-announced", "L2204", N, dict(game="heart solo", matadores="with 1", announced="schwarz", result="won"), 60, 60),
    ("nasl-heart-solo-lost", "L2186", N, dict(game="heart solo", matadores="with 1", result="lost"), -20, 20),
    ("nasl-heart-solo-schneidered", "L2186", N, dict(game="heart solo", matadores="with 1", result="lost", schneider=True), -30, 30),
    ("nasl-heart-solo-announced-failed", "L973", N, dict(game="heart solo", matadores="with 1", announced="schneider", points=85, tricks=7), -40, 40),
    ("nasl-diamond-solo-schwarz", "L889", N, dict(game="diamond solo", matadores="with 3", points=120, tricks=10), 54, 54),
    ("nasl-guckser-grand-lost", "L1018", N, dict(game="guckser grand", matadores="with 1", result="lost"), -64, 32),
    ("nasl-grand-solo", "L1017", N, dict(game="grand solo", matadores="with 1", result="won"), 40, 40),
    ("nasl-overbid-bid14-diamond", "L1337", N, dict(game="diamond tournee", matadores="with 1", points=70, tricks=6, bid=14), -15, 10),
    ("nasl-overbid-bid14-heart", "L1337", N, dict(game="heart tournee", matadores="with 1", points=70, tricks=6, bid=14), -18, 12),
    ("nasl-guckser-nullo-lost", "L5205", N, dict(game="guckser nullo", tricks=2), -40, 20),
    ("nasl-nullo-tourne", "L5215", N, dict(game="nullo tourne", tricks=0), 16, 16),
    # "Grand Ouvert can also be played with less than four Jacks ... with one, having the Jack of Clubs and
    # not the Spade" (L4372-4382): (5 + "with" 1) = 6 × 24 = 144.
    ("nasl-grand-ouvert-with-1", "L4372-4382", N, dict(game="grand ouvert", matadores="with 1", points=120, tricks=10), 144, 144),
    ("nasl-ramsch-all-tricks", "L1026", N, dict(game="ramsch", ramsch=dict(points=[120, 0, 0], tricks=[10, 0, 0], last_trick="V")), -50, 50),
    # --- McColl, 1908 ---
    ("mccoll-guckser-nullo-lost", "RULES §4", M, dict(game="guckser nullo", tricks=1), -32, 16),
    ("mccoll-grand-ouvert-lowest", "RULES §4", M, dict(game="grand ouvert", matadores="with 1", points=120, tricks=10), 144, 144),
    ("mccoll-tie-60", "RULES §4", M, dict(game="club solo", matadores="with 1", points=60, tricks=5), -24, 24),
    # --- Modern ISkO (modern-rules-and-tournament-scoring.txt, penguin-book-skat-modern.txt) ---
    ("isko-clubs-hand-bid46-overbid", "modern L81-85", I, dict(game="clubs", hand=True, matadores="with 1", points=74, tricks=6, bid=46), -96, 36),
    ("isko-clubs-hand-bid46-schneider", "modern L85", I, dict(game="clubs", hand=True, matadores="with 1", points=95, tricks=8, bid=46), 48, 48),
    ("isko-clubs-hand-against2", "modern L81", I, dict(game="clubs", hand=True, matadores="without 2", result="won"), 48, 48),
    ("isko-hearts-hand-bid36-overbid", "penguin L160-171", I, dict(game="hearts", hand=True, matadores="with 1", points=70, tricks=6, bid=36), -80, 30),
    ("isko-hearts-hand-bid36-schneidered", "penguin L171-178", I, dict(game="hearts", hand=True, matadores="with 1", points=25, tricks=3, bid=36), -80, 40),
    ("isko-bid22-concede-spades", "modern L119-121", I, dict(game="spades", matadores="with 1", abandoned=True, bid=22), -44, 22),
    ("isko-diamonds-bid20-kontra", "modern L105-109", I, dict(game="diamonds", matadores="with 1", points=85, tricks=7, bid=20, kontra=True), -108, 18),
    ("isko-clubs-ouvert-with2", "RULES §5", I, dict(game="clubs", ouvert=True, matadores="with 2", points=120, tricks=10), 108, 108),
    ("isko-grand-ouvert-with4", "RULES §5", I, dict(game="grand ouvert", matadores="with 4", points=120, tricks=10), 264, 264),
    ("isko-null-hand-lost", "RULES §5", I, dict(game="null", hand=True, tricks=1), -70, 35),
    # --- Games schwarz announced by their nature: lost with a single trick lost (RULES §2, §5) ---
    # Foster, Open Grand (L2200): "as it must be schwarz announced, there are 5 multipliers for that alone";
    # "if the player loses a single trick ... he loses everything". 8 tricks and 74 card points: lost.
    # Law 60, he loses what he would have won: (5 for announcing schwarz + "with" 2) = 7 × 24 = 168;
    # Foster's Open Grand loses single (lost factor 1) → -168.
    ("foster-open-grand-lost-8-tricks", "L2200, law 60", F,
     dict(game="open grand", matadores="with 2", points=74, tricks=8), -168, 168),
    # The same game from a paper sheet: written lost, and written won (won means every trick).
    ("foster-open-grand-paper-lost", "L2200, law 60", F, dict(game="open grand", matadores="with 2", result="lost"), -168, 168),
    ("foster-open-grand-paper-won", "L2200", F, dict(game="open grand", matadores="with 2", result="won"), 168, 168),
    # One trick lost after 9 taken, 110 card points: still lost. (5 + "with" 3) = 8 × 24 = 192.
    ("foster-open-grand-lost-9-tricks", "L2200, law 60", F,
     dict(game="open grand", matadores="with 3", points=110, tricks=9), -192, 192),
    # The League's Grand Ouvert "includes ... all the contingencies" (nasl L460): (5 + "with" 4) = 9 × 24 = 216.
    ("nasl-grand-ouvert-lost", "nasl L456-461", N, dict(game="grand ouvert", matadores="with 4", points=100, tricks=9), -216, 216),
    # McColl's Grand Ouvert "must take every trick" (lowest 144): (5 + "with" 1) = 6 × 24 = 144.
    ("mccoll-grand-ouvert-lost", "RULES §4", M, dict(game="grand ouvert", matadores="with 1", points=61, tricks=7), -144, 144),
    # ISkO Grand Ouvert (grand, hand, ouvert), with 2, 8 tricks, 90 card points: 90 would be schneider,
    # but an ouvert game is schwarz announced, so it is lost. A lost ouvert game counts every multiplier it
    # would have won (modern L79: "counting all the multipliers you would have won"): with 2, game 3,
    # hand 4, schneider 5, schneider announced 6, schwarz 7, schwarz announced 8, ouvert 9 → 9 × 24 = 216;
    # every lost ISkO game counts double → -432.
    ("isko-grand-ouvert-lost-8-tricks", "RULES §5, modern L79", I,
     dict(game="grand", hand=True, ouvert=True, matadores="with 2", points=90, tricks=8), -432, 216),
    # ISkO Clubs Ouvert with 2 (RULES §5: (2 + 7) × 12 = 108), 9 tricks: lost, 108 doubled → -216.
    ("isko-clubs-ouvert-lost-9-tricks", "RULES §5", I,
     dict(game="clubs", ouvert=True, matadores="with 2", points=112, tricks=9), -216, 108),
    ("isko-clubs-ouvert-paper-lost", "RULES §5", I, dict(game="clubs", ouvert=True, matadores="with 2", result="lost"), -216, 108),
    ("isko-clubs-ouvert-paper-won", "RULES §5", I, dict(game="clubs", ouvert=True, matadores="with 2", result="won"), 108, 108),
]


@pytest.mark.parametrize("case_id, where, rulebook, facts, expected_score, expected_value", CASES, ids=[c[0] for c in CASES])
def test_golden_case_scores_as_the_book_counts(case_id, where, rulebook, facts, expected_score, expected_value):
    result = scored(rulebook, **_with_ramsch(facts))
    assert (result.score, result.value) == (expected_score, expected_value)


def _with_ramsch(facts: dict) -> dict:
    from scoring.engine import RamschFacts

    if "ramsch" not in facts:
        return facts
    r = facts["ramsch"]
    return {**facts, "ramsch": RamschFacts(tuple(r["points"]), tuple(r["tricks"]), r["last_trick"])}


def test_spade_tournee_without_10_explains_in_fosters_words():
    result = scored(game="spade tournee", matadores="without 10", points=67, tricks=4)
    assert result.explanation == 'Spade Tournee: 1 for game, "without" 10, = 11 × 7 = 77'
    assert result.remark == "won without 10"


def test_club_solo_schwarz_after_announcing_schneider_explains_as_hand_7():
    result = scored(game="club solo", matadores="with 3", announced="schneider", points=120, tricks=10)
    assert result.explanation == 'Club Solo: 4 for schwarz after announcing schneider, "with" 3, = 7 × 12 = 84'


def test_gucki_grand_lost_with_4_explains_the_double_loss():
    result = scored(game="gucki grand", matadores="with 4", points=56, tricks=4)
    assert result.explanation == 'Gucki Grand lost: 1 for game, "with" 4, = 5 × 12 = 60, lost double = 120'


def test_isko_count_reads_as_players_count_aloud():
    result = scored("isko", game="clubs", hand=True, matadores="without 2", points=70, tricks=6)
    assert result.explanation == "Clubs Hand: against 2, game 3, hand 4 = 4 × 12 = 48"  # the German count reads "= 4 × 12"


def test_overbid_explanation_names_the_next_multiple():
    result = scored(game="club solo", matadores="with 2", points=70, tricks=6, bid=40)
    assert result.overbid is True
    assert result.explanation.endswith("loses the next multiple of 12 that makes the bid good, 4 × 12 = 48")
