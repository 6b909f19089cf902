"""The plays kept beside the series totals (``scoring.results.kept_series_plays``: deals thrown in, games declared
by kind and from the hand) never go stale: after a deal is saved, corrected, voided or undone, after a player's
withdrawal and a substitute coming in inside a series, every member's figures equal those counted by hand from the
deals (``tests/stats/by_hand.py``), and the kept plays equal a fresh count of the deals (``series_plays``). The
evenings are past, so the first reading after each change keeps their rows and the figures are read from them."""

import datetime

import pytest

from clubs.models import Club, Member
from scoring.entry.services import deal_correct, deal_enter, deal_undo, deal_void
from scoring.entry.sheets import deal_slot
from scoring.models import Deal, KeptSeriesTotal, Slip
from scoring.results import PLAY_COLUMNS, DealFacts, series_plays
from seating.event_series import series_draw
from seating.models import Player, Seat, SeriesDraw, Table, Tournament
from seating.replanning import player_withdraw
from stats.selectors import club_figures, member_figures
from tests.leagues.test_substitution import by_hand, day, run  # noqa: F401 (the league day is their fixture)
from tests.stats.by_hand import from_hand, kind_of
from tests.stats.test_figures import expected, said

pytestmark = [pytest.mark.django_db, pytest.mark.slow, pytest.mark.database]

PAST = datetime.date.today() - datetime.timedelta(days=30)


def kept_plays(events) -> dict[tuple[int, int, int], list[int]]:
    """The plays kept for ``events``, those with anything counted."""
    rows = KeptSeriesTotal.objects.filter(tournament__in=events).values_list(
        "tournament_id", "series", "player_id", *PLAY_COLUMNS)
    return {(event, series, player): list(counts) for event, series, player, *counts in rows if any(counts)}


def checked(members, evenings) -> None:
    """Every member's figures are the ones counted by hand, read from kept rows equal to a fresh count."""
    for member in members:
        assert said(member) == expected(member, evenings), member.name
    for event in evenings:
        assert KeptSeriesTotal.objects.filter(tournament=event).exists(), event.name  # read from kept rows
    assert kept_plays(evenings) == series_plays([event.pk for event in evenings])


def facts(table: Table, number: int, game: str, who: int = 0, matadores: int = 2) -> DealFacts:
    return DealFacts(declarer_id=deal_slot(table, number).active[who].player_id, game=game, matadores=matadores,
                     points=79, tricks=8)


def test_the_kept_plays_follow_every_change_of_the_deals(club_play):
    _club, members, evenings = club_play
    Tournament.objects.filter(pk__in=[e.pk for e in evenings]).update(date=PAST)
    checked(members, evenings)
    event = evenings[1]  # ISkO, eight members, two series
    games = Deal.objects.filter(tournament=event, kind="game", voided=False).order_by("pk")

    deal = games.first()  # corrected: another declarer, a Grand from the hand
    corrected = deal_correct(deal=deal, facts=facts(deal.table, deal.number, "grand hand", who=1),
                             version=deal.version)
    assert (corrected.game_name, corrected.declarer_id) != (deal.game_name, deal.declarer_id)
    checked(members, evenings)

    deal = games.filter(game_name__icontains="hand").exclude(pk=corrected.pk).first() or games.last()
    deal_void(deal=deal, version=deal.version)
    checked(members, evenings)

    table = Table.objects.filter(tournament=event, series=2).order_by("number").first()
    last = Deal.objects.filter(table=table).order_by("-number").first()
    Slip.objects.filter(table=table).update(ok_by=None, ok_at=None)  # not OK'd yet: the last deal may be undone
    deal_undo(table=table, number=last.number)
    checked(members, evenings)
    saved = deal_enter(table=table, number=last.number, facts=facts(table, last.number, "null", who=2, matadores=None))
    assert kind_of(saved.game_name) == "null"
    checked(members, evenings)

    thrown = Deal.objects.filter(tournament=event, kind="game", voided=False).order_by("-pk").first()
    deal_correct(deal=thrown, facts=DealFacts(kind="thrown_in"), version=thrown.version)  # now passed in
    checked(members, evenings)


def test_a_withdrawal_after_the_evening_was_kept(club_play):
    """A player withdrawn after series 1 of an evening read (and kept) after its first series: the next series
    is seated without him, played, and read again."""
    club, members, evenings = club_play
    from scoring.management.demo import demo_play_series
    from scoring.tournaments.services import tournament_open

    event = tournament_open(name="Abend spät", rulebook="isko", method="fixed", series_count=2, club=club)
    Player.objects.bulk_create([Player(tournament=event, name=m.name, club=m.home_club, member=m)
                                for m in members[:8]])
    series_draw(tournament=event, number=1, how=SeriesDraw.How.LOT, seed=21)
    demo_play_series(event, 1, seed=21)
    evenings = [*evenings, event]
    Tournament.objects.filter(pk__in=[e.pk for e in evenings]).update(date=PAST)
    checked(members, evenings)
    gone = Player.objects.get(tournament=event, member=members[7])
    player_withdraw(tournament=event, player_id=gone.pk, after=1)
    checked(members, evenings)
    series_draw(tournament=event, number=2, how=SeriesDraw.How.LOT, seed=23)
    demo_play_series(event, 2, seed=23)
    assert not Seat.objects.filter(player=gone, series=2).exists()
    checked(members, evenings)
    assert set(club_figures(club)) == {m.pk for m in members}


def own(deals, seat: int) -> tuple[int, int, int, int, int]:
    """The seat's own games among ``deals``: (games, won, Grands, from the hand, deals thrown in), by hand."""
    games = [d for d in deals if not d.voided and d.kind == "game" and d.declarer_id == seat]
    return (len(games), sum(bool(d.won) for d in games), sum(kind_of(d.game_name) == "grand" for d in games),
            sum(from_hand(d.game_name) for d in games), sum(1 for d in deals if not d.voided and d.kind == "thrown_in"))


def mine(f) -> tuple[int, int, int, int, int]:
    return f.own_games, f.won, f.games.by_kind["grand"].played, f.games.hand.played, f.passed_in


def test_a_substitute_coming_in_after_the_day_was_kept(day):  # noqa: F811 (the league day fixture)
    """Deals 1 to 3 of the seat entered and kept; then the Wechsel from deal 17, then the rest of the day: each
    of the two counts only his own deals, before and after."""
    (a, _b, _c, _d), event = day
    Tournament.objects.filter(pk=event).update(date=PAST)
    out = Player.objects.get(tournament=event, name="A Spieler2")
    club = Club.objects.get(slug="skv")
    went = Member.objects.create(club=club, name=out.name)
    Player.objects.filter(pk=out.pk).update(member=went)
    table = Seat.objects.get(player=out, series=1).table
    for number in (1, 2, 3):
        deal_enter(table=table, number=number, facts=facts(table, number, "grand", who=number % 3, matadores=1))
    first = list(Deal.objects.filter(table=table).order_by("number"))
    f = member_figures(went)
    assert KeptSeriesTotal.objects.filter(tournament=event).exists()
    assert (f.deals, f.points, *mine(f)) == (*by_hand(first, out.pk, 4), *own(first, out.pk))

    run("league", "substitute", "ll", "--day", "1", "--team", str(a), "--out", "A Spieler2", "--in",
        "A Spieler5", "--from-series", "1", "--from-deal", "17")
    into = Player.objects.get(tournament=event, name="A Spieler5")
    came = Member.objects.create(club=club, name=into.name)
    Player.objects.filter(pk=into.pk).update(member=came)
    f = member_figures(went)
    assert (f.deals, f.points, *mine(f)) == (*by_hand(first, out.pk, 4), *own(first, out.pk))
    assert member_figures(came).series == 0

    run("league", "play", "ll", "--day", "1", "--seed", "5")
    deals = list(Deal.objects.filter(table=table).order_by("number"))
    before, after = [d for d in deals if d.number < 17], [d for d in deals if d.number >= 17]
    later = list(Deal.objects.filter(table=Seat.objects.get(player=into, series=2).table))
    f, g = member_figures(went), member_figures(came)
    assert KeptSeriesTotal.objects.filter(tournament=event).exists()
    assert (f.deals, f.points, *mine(f)) == (*by_hand(before, out.pk, 4), *own(before, out.pk))
    hand_after, hand_later = by_hand(after, out.pk, 4), by_hand(later, into.pk, 4)
    assert (g.deals, g.points) == (hand_after[0] + hand_later[0], hand_after[1] + hand_later[1])
    assert mine(g) == tuple(x + y for x, y in zip(own(after, out.pk), own(later, into.pk)))
    assert kept_plays([event]) == series_plays([event])
