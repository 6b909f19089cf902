"""Score entry services: enter, correct and void deals; produce, enter and OK slips.

Vocabulary: see ``scoring.models``, ``scoring.entry.sheets`` and ``scoring.results`` (a deal's facts, slot and
valuation, a slip's figures); ``by_director`` marks a write the director (or his staff) makes on the staff pages,
as against one made through a table link. Every write runs in one
transaction that first takes the table's lock, checks, asks the rules engine, and only then writes: a refused
entry saves nothing, a double submit returns the deal already saved, and an edit made from a stale version is
refused with the newer entry.

Every write that changes what a table's deals or slips say (save, undo, correction, void, slips made, entered or
OK'd) first takes the table's lock (``lock_table``), so they run one after the other at one table: an undo racing
a save cannot leave a hole in the deal numbers, and an undo racing a slip's OK cannot take back a deal of an OK'd
stay.
"""

from __future__ import annotations

import logging
from dataclasses import dataclass

from django.db import IntegrityError, transaction
from django.db.models import Exists, Max, Q, Sum
from django.utils import timezone
from django.utils.translation import gettext

from scoring import explanations
from scoring.engine import get_rulebook, highest_score
from scoring.engine.columns import won_lost_points
from scoring.engine.table import deals_holding_cards
from scoring.entry.ok_codes import check_ok_code
from scoring.entry.sheets import deal_slot, next_deal_number, seated_by_stay, sheet_progress
from scoring.models import Deal, Slip
from scoring.results import DealFacts, EntryError, Slot, deal_value, fill_deal, lost, sheet_slips, won
from scoring.series.clock.selectors import closed_clock, closed_refusal, closed_slips_refusal, series_closed
from scoring.standings import ScoringSystem
from scoring.standings.lists import FiguresError, ListLine, validate_list, validate_slip
from scoring.tournaments.selectors import rulebook_of, scoring_settings
from seating.locks import lock_table
from seating.models import Table, Tournament
from seating.schedule import schedule_of

log = logging.getLogger(__name__)


class Conflict(EntryError):
    """A slip's write refused because of what the table holds now, not because of what was typed: the page
    offered it before another change came (the pages answer 409)."""


class SeriesClosed(Conflict):
    """A table's write refused because the director has closed its series: the page offered it before the close."""


class SlipChanged(Conflict):
    """An OK refused because the slip was written again since the page showed it."""


@dataclass(frozen=True)
class Saved:
    """A deal saved by ``deal_save``, with its stay's (won, lost) by player as the database has them now, and the
    number the table's next deal takes (None where the save could not read it: the same deal sent twice at the
    same moment)."""

    deal: Deal
    totals: dict[int, tuple[int, int]]
    next_number: int | None = None


def deal_enter(*, table: Table, number: int, facts: DealFacts, submission_key: str | None = None,
               user=None, via: str = "", seated: dict | None = None) -> Deal:
    """Save deal ``number`` (the number the form showed); see ``deal_save``."""
    return deal_save(table=table, number=number, facts=facts, submission_key=submission_key, user=user, via=via,
                     seated=seated).deal


def deal_save(*, table: Table, number: int, facts: DealFacts, submission_key: str | None = None,
              user=None, via: str = "", seated: dict | None = None, slot: Slot | None = None) -> Saved:
    """Save deal ``number`` (the number the form showed). Idempotent for one ``submission_key``: the same key
    again at the same table returns the deal it saved. The page passes the ``slot`` it built the form on (or
    ``seated``, ``seated_by_stay``): each saves a read.

    The save, top to bottom: (1) the deal's slot; under the table's lock (2) one read gives the table's last
    deal, the key's deal, the stay's sums by player and whether the series is closed (``_table_now``); (3) the
    key's deal, if any, is the answer; a closed series takes no new deal; (4) a number that is not the next is
    refused (``_refuse_number``); (5) the rules engine values the
    deal (``scoring.results.deal_value``); (6) the row is filled and inserted; (7) a drawn tournament is now
    playing; (8) the totals are that read plus the new deal, in the save's transaction. The database's unique
    (table, number) and (table, key) stay as the last guard."""
    if slot is None or slot.number != number:
        slot = deal_slot(table, number, seated)
    try:
        with transaction.atomic():
            lock_table(table.pk)
            now = _table_now(table, slot.stay, submission_key)
            if submission_key and now.keyed is not None:
                return Saved(Deal.objects.get(pk=now.keyed), now.totals, now.next_number)
            if now.closed:
                raise EntryError(None, closed_refusal(table.series))
            if now.on_paper:
                raise EntryError(None, on_paper_refusal(table, slot.stay))
            if number != now.next_number:
                _refuse_number(table, number, now.next_number)
            valuation = deal_value(tournament=table.tournament, slot=slot, facts=facts)
            deal = Deal(tournament=table.tournament, table=table, number=number,
                        submission_key=submission_key or None,
                        entered_by=user if getattr(user, "is_authenticated", False) else None, entered_via=via)
            fill_deal(deal, slot, facts, valuation)
            deal.save(force_insert=True)
            _now_playing(table)
    except IntegrityError:
        # Another save took this number or this key between our read and our insert.
        already = Deal.objects.filter(table=table, submission_key=submission_key).first() if submission_key else None
        if already is not None:
            return Saved(already, {})  # the same deal, sent twice at once
        if not Table.objects.filter(pk=table.pk).exists():  # a late entry's or a withdrawal's re-plan replaced it
            raise _seated_anew() from None
        raise EntryError(None, gettext("Deal {number} was saved a moment ago from another device; reload the "
                                       "sheet.").format(number=number)) from None
    return Saved(deal, _with_deal(now.totals, deal), number + 1)


def _seated_anew() -> EntryError:
    return EntryError(None, gettext("This series was seated anew a moment ago (a late entry or a withdrawal): "
                                    "nothing was saved; ask the director for the table's new link."))


@dataclass(frozen=True)
class _TableNow:
    """What a save reads of its table under the lock, in one query."""

    next_number: int  # the number the next deal takes
    keyed: int | None  # the id of the deal this table saved with the submission's key, if any
    totals: dict[int, tuple[int, int]]  # the stay's (won, lost) by player
    closed: bool  # the director has closed the table's series (``scoring.series.clock``)
    on_paper: bool  # the deal's stay has OK'd slips and no deal: kept on paper, its slips count (``on_paper_refusal``)


def _table_now(table: Table, stay: int, submission_key: str | None) -> _TableNow:
    # Read from the table's row, its deals joined: a table with no deal yet still gives its one row, which says
    # whether its series is closed; no row at all is a table a re-plan has replaced.
    # A key belongs to the table whose form carried it: another table's key is just a new key here.
    counted = Q(deals__stay=stay, deals__voided=False)
    rows = list(Table.objects.filter(pk=table.pk).order_by().values("deals__player_id").annotate(
        last=Max("deals__number"), keyed=Max("deals__id", filter=Q(deals__submission_key=submission_key or "")),
        won=Sum("deals__score", filter=counted & won(through="deals__")),
        lost=Sum("deals__score", filter=counted & lost(through="deals__")),
        closed=Exists(closed_clock(table)),
        on_paper=Exists(Slip.objects.filter(table_id=table.pk, stay=stay, ok_by__isnull=False))
        & ~Exists(Deal.objects.filter(table_id=table.pk, stay=stay)))
        .values_list("deals__player_id", "last", "keyed", "won", "lost", "closed", "on_paper"))
    if not rows:
        raise _seated_anew()
    return _TableNow(
        next_number=max((last or 0 for _, last, *_ in rows), default=0) + 1,
        keyed=max((k for _, _, k, *_ in rows if k is not None), default=None),
        totals={player: (won_sum or 0, -(lost_sum or 0)) for player, _, _, won_sum, lost_sum, *_ in rows
                if player is not None},
        closed=any(closed for *_, closed, _ in rows), on_paper=any(on_paper for *_, on_paper in rows))


def on_paper_refusal(table: Table, stay: int) -> str:
    """Why a stay with an OK'd slip and no deal entered takes no deal: it was kept on paper, and its OK'd slips are
    what counts there. A deal entered would make the sheet count in their place (``scoring.results.slips``), one
    deal for the whole stay, and no one could undo it (its stay's slips are OK'd)."""
    return gettext("Stay {stay} at table {table} was kept on paper and its slips are OK'd: they count, and no deal "
                   "of it can be entered now.").format(stay=stay, table=table.number)


def _refuse_closed(table: Table) -> None:
    """A closed series' table takes no deal and gives none back (``scoring.series.clock``): every save and undo that
    starts after the director's close is refused."""
    if series_closed(table):
        raise EntryError(None, closed_refusal(table.series))


def _refuse_closed_slips(table: Table, *, by_director: bool) -> None:
    """A closed series' slips change no more at the table: made, copied or OK'd through its link, they are refused.
    The director's own corrections on the staff pages go on (``by_director``), as before the close. Asked under the
    table's lock: the close takes every table's lock, so a slip written at that moment is written before it."""
    if not by_director and series_closed(table):
        raise SeriesClosed(None, closed_slips_refusal(table.series))


def _refuse_number(table: Table, number: int, expected: int) -> None:
    """A deal number that is not the table's next: taken already (from another device?), or past the next."""
    newer = Deal.objects.filter(table=table, number=number).first()
    if newer is not None:
        raise EntryError(None, gettext("Deal {number} was already entered (from another device?): "
                                       "{explanation}. The next deal is {expected}.").format(
            number=number, explanation=explanations.said_count(newer, rulebook_of(table.tournament)),
            expected=expected), newer=newer)
    raise EntryError(None, gettext("The next deal at table {table} is {expected}, not {number}.").format(
        table=table.number, expected=expected, number=number))


def _now_playing(table: Table) -> None:
    """The first deal saved moves a drawn tournament to playing."""
    if table.tournament.status == Tournament.Status.DRAWN:
        Tournament.objects.filter(pk=table.tournament_id, status=Tournament.Status.DRAWN).update(
            status=Tournament.Status.PLAYING)
        table.tournament.status = Tournament.Status.PLAYING


def _with_deal(totals: dict[int, tuple[int, int]], deal: Deal) -> dict[int, tuple[int, int]]:
    """The stay's totals read before the insert, with the new deal added to its player's column."""
    if deal.player_id is not None:
        won_points, lost_points = won_lost_points(deal.score)
        before = totals.get(deal.player_id, (0, 0))
        totals[deal.player_id] = (before[0] + won_points, before[1] + lost_points)
    return totals


def deal_undo(*, table: Table, number: int) -> Deal:
    """Take back the table's last deal (the controller's "undo"), so it can be entered again: only the last
    deal, only while no slip of its stay is OK'd and the director has not corrected it. The stay's slips made from
    the sheet go with it (they counted it). Kept in the deal's history."""
    with transaction.atomic():
        lock_table(table.pk)
        _refuse_closed(table)
        last = Deal.objects.filter(table=table).order_by("-number").first()
        if last is None or last.number != number:
            raise EntryError(None, gettext("Only the last deal entered can be undone; deal {number} is not it "
                                           "any more.").format(number=number))
        barred = undo_barred(last, stay_oked=Slip.objects.filter(table=table, stay=last.stay,
                                                                  ok_by__isnull=False).exists())
        if barred:
            raise EntryError(None, barred)
        last.delete()
        # The stay's slips made from the sheet counted the deal taken back: they go, to be made again.
        Slip.objects.filter(table=table, stay=last.stay, source=Slip.Source.SHEET).delete()
    return last


def undo_barred(last: Deal, *, stay_oked: bool) -> str | None:
    """Why the table's last deal can no longer be undone, naming who can change it now (the director), or None
    while it can: ``deal_undo``'s refusal, and what the sheet shows in place of its Undo (``stay_oked``: a slip of
    the deal's stay is OK'd)."""
    if last.version > 1:  # corrected or voided on the director's page
        return gettext("Deal {number} was corrected by the director: only the director can change it "
                       "now.").format(number=last.number)
    if stay_oked:
        return gettext("Stay {stay}'s slips are OK'd: only the director can change its deals now.").format(
            stay=last.stay)
    return None


def deal_correct(*, deal: Deal, facts: DealFacts, version: int, reason: str = "") -> Deal:
    """The director's correction of a deal, refused if someone saved it since ``version`` was read; ``reason``
    is kept on the deal's history row."""
    with transaction.atomic():
        lock_table(deal.table_id)
        current = Deal.objects.select_for_update(of=("self",)).select_related("table__tournament", "table__section").get(pk=deal.pk)
        _refuse_stale(current, version)
        slot = deal_slot(current.table, current.number)
        valuation = deal_value(tournament=current.table.tournament, slot=slot, facts=facts)
        fill_deal(current, slot, facts, valuation)
        current.voided = False
        current.version += 1
        current._change_reason = reason or None  # django-simple-history writes it on the history row
        current.save()
    return current


def deal_void(*, deal: Deal, version: int) -> Deal:
    """Strike a deal from the sheet (its line stays, counting nothing); kept in the history."""
    with transaction.atomic():
        lock_table(deal.table_id)
        current = Deal.objects.select_for_update().get(pk=deal.pk)
        _refuse_stale(current, version)
        current.voided = True
        current.version += 1
        current.save(update_fields=["voided", "version", "updated_at"])
    return current


def _refuse_stale(current: Deal, version: int) -> None:
    if current.version != version:
        now = (gettext("voided") if current.voided
               else explanations.said_count(current, rulebook_of(current.tournament)))
        raise EntryError(None, gettext("Deal {number} was changed by someone else since you opened it (now: {now}). "
                                       "Your change was not saved; look at the newer entry and correct it "
                                       "again.").format(number=current.number, now=now),
                         newer=current)


MAX_SLIP_POINTS = 1_000_000  # far beyond any stay; keeps a typo inside the database's integer range

# --- slips --------------------------------------------------------------------------------------------


def slips_produce(*, table: Table, stay: int, by_director: bool = False) -> tuple[list[Slip], list[Slip]]:
    """Write the stay's slips from the sheet; returns (slips written or unchanged, OK'd slips kept as they
    were). A slip whose figures change loses its OK; an OK'd slip changes only by the director's hand."""
    with transaction.atomic():
        lock_table(table.pk)
        _refuse_closed_slips(table, by_director=by_director)
        figures = sheet_slips(table, stay, seated_by_stay(table).get(stay, ()))
        if not figures:
            raise EntryError(None, gettext("Nobody sat at table {table} in stay {stay}.").format(table=table.number,
                                                                                                 stay=stay))
        slips, kept = [], []
        for player_id, slip_figures in figures.items():
            remarks = "; ".join(slip_figures.remarks)[:500]
            figures = dict(net_points=slip_figures.net_points, net_games=slip_figures.net_games,
                           games_won=slip_figures.games_won, games_lost=slip_figures.games_lost, remarks=remarks,
                           source=Slip.Source.SHEET)
            slip, created = Slip.objects.select_for_update().get_or_create(
                table=table, stay=stay, player_id=player_id, defaults=dict(tournament=table.tournament, **figures))
            if not created and any(getattr(slip, name) != value for name, value in figures.items()):
                if slip.ok_by_id is not None and not by_director:
                    kept.append(slip)
                    continue
                for name, value in figures.items():
                    setattr(slip, name, value)
                slip.ok_by, slip.ok_at = None, None
                slip.save()
            slips.append(slip)
    return slips, kept


def slip_bounds(table: Table, stay: int) -> tuple[dict[int, int], int]:
    """What the stay's deals allow each player: {player: deals he held cards in}, and the most one deal
    can score under the tournament's rulebook."""
    seated = seated_by_stay(table).get(stay, ())
    deals = schedule_of(table).deals_per_stay
    holding = {p.player_id: deals_holding_cards(p.seat, len(seated), deals) for p in seated}
    return holding, highest_score(get_rulebook(rulebook_of(table.tournament)))


def slip_enter(*, table: Table, stay: int, player_id: int, net_points: int, net_games: int | None = None,
               games_won: int | None = None, games_lost: int | None = None, remarks: str = "",
               player_code: str = "", by_director: bool = False) -> Slip:
    """A slip copied from paper when the sheet stayed on paper: under Seeger-Fabian the player's line of the
    table's list (game points as ``net_points``, games won, games lost), else his net points and net games.
    Figures the stay's deals cannot give are refused (``scoring.standings.lists``): no more games than the
    deals he held cards in, no more points than those games could be worth. Through a table link the slip's
    own player writes it: he types his OK code (``player_code``), so whoever holds the link cannot write
    another player's slip and OK it himself. An OK'd slip is refused unless the director corrects it (it then
    needs a new OK; the history keeps the old figures). A stay the sheet has not reached yet takes no slip
    (``SheetProgress.paper_open``). A closed series takes none through its link (``_refuse_closed_slips``)."""
    _refuse_closed_slips(table, by_director=by_director)  # said first, before the figures and the code
    seated_all = seated_by_stay(table)
    seated = {p.player_id: p.name for p in seated_all.get(stay, ())}
    if player_id not in seated:
        raise EntryError("player_id", gettext("that player did not sit at table {table} in stay {stay}").format(
            table=table.number, stay=stay))
    if abs(net_points) > MAX_SLIP_POINTS:
        raise EntryError("net_points", gettext("{points} points cannot come from one stay").format(points=net_points))
    if "\x00" in (remarks or ""):
        raise EntryError("remarks", gettext("the remarks hold a character that cannot be stored (NUL); type them "
                                            "again"))
    deals = schedule_of(table).deals_per_stay
    holding, highest = slip_bounds(table, stay)
    try:
        if scoring_settings(table.tournament).system == ScoringSystem.SEEGER_FABIAN.value:
            if games_won is None or games_lost is None:
                raise EntryError("games_won", gettext("a Seeger-Fabian list gives each player's games won and games "
                                                      "lost"))
            net_games = games_won - games_lost
            others = [ListLine(s.player_id, s.net_points, s.games_won or 0, s.games_lost or 0)
                      for s in Slip.objects.filter(table=table, stay=stay).exclude(player_id=player_id)]
            validate_list([*others, ListLine(player_id, net_points, games_won, games_lost)], len(seated), deals,
                          names=seated, complete=False, holding_cards=holding, highest=highest)
        else:
            if net_games is None:
                raise EntryError("net_games", gettext("give the player's net games (games won less games lost)"))
            validate_slip(net_points, net_games, holding[player_id], highest)
            games_won = games_lost = None
    except FiguresError as refused:
        raise EntryError({"game_points": "net_points"}.get(refused.field, refused.field), refused.message) from None
    if not by_director:
        check_ok_code(player_id=player_id, name=seated[player_id], typed=player_code, field="player_code")
    with transaction.atomic():
        lock_table(table.pk)  # under the lock: an undo cannot take the stay's last deal back meanwhile
        _refuse_closed_slips(table, by_director=by_director)
        if not sheet_progress(table, seated_all, next_deal_number(table)).paper_open(stay):
            raise EntryError(None, gettext("Stay {stay} is not over yet: its slips are made from the sheet once its "
                                           "last deal is entered.").format(stay=stay))
        current = Slip.objects.select_for_update().filter(table=table, stay=stay, player_id=player_id).first()
        if current is not None and current.ok_by_id is not None and not by_director:
            raise EntryError(None, gettext("{name}'s slip for stay {stay} was OK'd by {by}: only the director can "
                                           "correct it now.").format(name=seated[player_id], stay=stay,
                                                                     by=current.ok_by.name))
        slip, _ = Slip.objects.update_or_create(
            table=table, stay=stay, player_id=player_id,
            defaults=dict(tournament=table.tournament, net_points=net_points, net_games=net_games,
                          games_won=games_won, games_lost=games_lost, remarks=(remarks or "")[:500],
                          source=Slip.Source.PAPER, ok_by=None, ok_at=None))
    return slip


def slip_ok(*, slip: Slip, by_player_id: int, ok_code: str = "", by_director: bool = False, seen: str = "") -> Slip:
    """Another player at the same table and stay OKs the slip; never the slip's own player. Through a table
    link he proves it is his own act with his OK code (on his entry ticket): a wrong code is counted against
    the link, and after ``OK_FAILURES_ALLOWED`` of them OK'ing there is locked for ``OK_LOCK``. The director
    OKs on the staff pages without a code (a paper slip OK'd on paper), and the history says who did. ``seen``
    (``Slip.seen``, sent by the OK form) is the slip as the page showed it: a slip written again since (its
    own player copied his paper slip anew, the director made the stay's slips again) is refused, not OK'd
    unseen."""
    if by_player_id == slip.player_id:
        raise EntryError("by_player_id", gettext("a player cannot OK his own slip: another player at the table "
                                                 "must"))
    seated = {p.player_id: p.name for p in seated_by_stay(slip.table).get(slip.stay, ())}
    if by_player_id not in seated:
        raise EntryError("by_player_id", gettext("only a player who sat at this table in this stay can OK the slip"))
    if not by_director:
        _refuse_closed_slips(slip.table, by_director=by_director)  # said before a code is checked (and counted)
        check_ok_code(player_id=by_player_id, name=seated[by_player_id], typed=ok_code)
    with transaction.atomic():
        lock_table(slip.table_id)
        _refuse_closed_slips(slip.table, by_director=by_director)
        current = Slip.objects.select_for_update().filter(pk=slip.pk).first()
        if current is None:
            raise EntryError(None, gettext("This slip was taken back with a deal of its stay: make the stay's slips "
                                           "again."))
        if current.ok_by_id is not None:
            raise EntryError(None, gettext("this slip was already OK'd by {name}").format(name=current.ok_by.name))
        if seen and seen != current.seen:
            raise SlipChanged(None, _changed(current, seated.get(current.player_id, "")))
        current.ok_by_id = by_player_id
        current.ok_at = timezone.now()
        current.save(update_fields=["ok_by", "ok_at"])
    return current


def _changed(slip: Slip, name: str) -> str:
    if slip.games_won is not None and slip.games_lost is not None:  # a Seeger-Fabian list's line
        return gettext("{name}'s slip was changed since this page showed it: it now says {points} game points, "
                       "{won} won, {lost} lost. Read it again and OK it if it is right.").format(
            name=name, points=slip.net_points, won=slip.games_won, lost=slip.games_lost)
    return gettext("{name}'s slip was changed since this page showed it: it now says {points} points, {games} "
                   "games. Read it again and OK it if it is right.").format(
        name=name, points=slip.net_points, games=slip.net_games)


__all__ = ["Conflict", "Saved", "SeriesClosed", "SlipChanged", "deal_correct", "deal_enter", "deal_save", "deal_undo", "deal_void", "lock_table", "on_paper_refusal", "slip_enter",
           "slip_ok", "slips_produce", "undo_barred"]
