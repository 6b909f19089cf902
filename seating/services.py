"""Seating services: every write the director makes (register, mark experts, choose the method, draw).

Vocabulary: see ``seating.models``. Each service checks first and writes last inside one transaction, so
a refused request changes nothing. Movement rules come from ``seating.movements``; chance only from a
``random.Random`` seeded with the seed stored on the tournament, so any draw can be repeated.
"""

from __future__ import annotations

import random
import secrets
from dataclasses import dataclass

from django.conf import settings
from django.db import IntegrityError, transaction
from django.db.models import RestrictedError
from django.utils import timezone
from django.utils.translation import gettext as _

from common.folding import folded
from common.i18n import say
from seating.errors import SeatingError
from seating.locks import lock_tournament
from seating.models import Pair, Player, Seat, Section, SitOut, Table, Tournament
from seating.movements import (
    Layout,
    Method,
    MovementUserError,
    Plan,
    Remainder,
    TableSizes,
    draw_plan,
    longest_moving_deals,
    plan_layout,
    schedule,
    split_within_forty,
)
from seating.selectors import drawn_series, tournament_has_scores
from seating.signals import seats_drawn

MAX_SEED = 2**53 - 1  # seeds stay exact in JSON and spreadsheets


def _clean(text, field: str, *, required: bool, max_length: int) -> str:
    text = " ".join(str(text or "").split())
    if required and not text:
        raise SeatingError(field, _("this is required"))
    if len(text) > max_length:
        raise SeatingError(field, _("at most {count} characters").format(count=max_length))
    return text


def _refuse_if_drawn(tournament: Tournament, what: str) -> None:
    """``what``: "register" or "experts"."""
    if tournament.is_drawn:
        if what == "register":
            raise SeatingError(None, _("The seats are already drawn: clear the draw before you register more players."))
        raise SeatingError(None, _("The seats are already drawn: clear the draw before you change the experts."))


def same_person_in(name_club_pairs, name: str, club: str) -> bool:
    """Whether one of the (name, club) pairs is ``name`` of ``club`` without regard to case, folded
    (``common.folding``: the database's lower() folds ASCII letters only on SQLite, "MÜLLER" is "Müller")."""
    wanted = (folded(name), folded(club))
    return any((folded(other), folded(other_club)) == wanted for other, other_club in name_club_pairs)


def player_register(*, tournament: Tournament, name: str, club: str = "", membership_number: str = "",
                    is_expert: bool = False, first_series: int = 1, planned: bool = False, member=None) -> Player:
    """Register one player; the same player twice (name and club, or membership number) is refused; ``member``:
    the registry's member he is, whom a player of his name and club linked to another member does not hide
    (father and son). A late entry
    (``first_series`` after the first) joins the next series not yet drawn. Checked and written under the
    tournament's row lock, which every draw takes too: a draw running at the same moment either comes first (the
    entry is refused, saying so) or after (it seats him). ``planned``: the series from ``first_series`` on were
    planned with the whole event and the caller plans them again with him (``seating.replanning.players_entered``)
    in the same transaction, so he may join a series already drawn."""
    name = _clean(name, "name", required=True, max_length=120)
    club = _clean(club, "club", required=False, max_length=120)
    number = _clean(membership_number, "membership_number", required=False, max_length=40)
    try:
        with transaction.atomic():
            locked = lock_tournament(tournament.pk)
            if planned:
                if not 1 <= first_series <= locked.series_count:
                    raise SeatingError(None, _("A late entry joins the next series to be drawn (series {number})."
                                               ).format(number=first_series))
            elif first_series == 1:
                _refuse_if_drawn(locked, "register")
            else:
                _refuse_unless_next_series(locked, first_series, name)
            players = locked.players
            maybe_him = players if member is None else players.filter(member__isnull=True)
            if same_person_in(maybe_him.values_list("name", "club"), name, club):
                if club:
                    raise SeatingError("name", _("{name} ({club}) is already registered").format(name=name, club=club))
                raise SeatingError("name", _("{name} is already registered").format(name=name))
            if number and players.filter(membership_number=number).exists():
                raise SeatingError("membership_number",
                                   _("membership number {number} is already registered").format(number=number))
            return Player.objects.create(tournament=locked, name=name, club=club, membership_number=number,
                                         is_expert=bool(is_expert), first_series=first_series, member=member)
    except IntegrityError:  # a registration at the same moment from another desk
        raise SeatingError("name", _("{name} is already registered").format(name=name)) from None


def _refuse_unless_next_series(tournament: Tournament, first_series: int, name: str) -> None:
    """A late entry for ``first_series`` is taken only while that series is the next to be drawn."""
    next_series = drawn_series(tournament) + 1
    if first_series == next_series and first_series <= tournament.series_count:
        return
    if first_series == next_series - 1:
        if next_series <= tournament.series_count:
            said = _("Series {drawn} was drawn meanwhile, so {name} was not entered: enter him for series {next}.")
        else:
            said = _("Series {drawn} was drawn meanwhile, so {name} was not entered: every series is drawn; add a "
                     "series for him to play.")
        raise SeatingError(None, said.format(drawn=first_series, name=name, next=next_series))
    if next_series <= tournament.series_count:
        said = _("A late entry joins the next series to be drawn (series {number}).")
    else:
        said = _("A late entry joins the next series to be drawn (series {number}), but every series is "
                 "drawn: add a series first.")
    raise SeatingError(None, said.format(number=next_series))


def players_mark_experts(*, tournament: Tournament, player_ids, is_expert: bool) -> int:
    """Mark (or unmark) players as experts; returns how many changed."""
    _refuse_if_drawn(tournament, "experts")
    return tournament.players.filter(id__in=list(player_ids)).update(is_expert=is_expert)


def parse_section_split(text: str) -> tuple[int, ...] | None:
    """"5,5,5" → (5, 5, 5); empty → None (the suggested split)."""
    text = (text or "").replace(" ", "")
    if not text:
        return None
    try:
        split = tuple(int(part) for part in text.split(","))
    except ValueError:
        raise SeatingError("section_split",
                           _("write the tables of each section separated by commas, e.g. 5,5,5")) from None
    for size in split:
        if not 1 <= size <= 10:
            raise SeatingError("section_split", _("a section of {size} tables cannot be: a section holds 1 to 10 "
                                                  "tables (Foster: no section over ten)").format(size=size))
    return split


def tournament_layout(tournament: Tournament, *, players: int | None = None) -> Layout:
    """The plan the director sees before the draw, for the registered players (or ``players``)."""
    count = tournament.players.count() if players is None else players
    if count == 0:
        raise SeatingError(None, _("No players are registered yet."))
    method = Method(tournament.method)
    try:
        return plan_layout(
            method, count,
            remainder=None if method is Method.FIXED else Remainder(tournament.remainder),
            sections=None if method is Method.FIXED else parse_section_split(tournament.section_split),
            rounds_per_stay=tournament.rounds_per_stay if method is not Method.FIXED else None,
            session_rounds=tournament.session_rounds,
            table_sizes=TableSizes(tournament.table_sizes),
        )
    except MovementUserError as err:
        field = {"sections": "section_split", "players": None}.get(err.field, err.field)
        raise SeatingError(field if field in {"section_split", "rounds_per_stay", "session_rounds", "method",
                                              "remainder"} else None,
                           _sentence(say(err.message))) from None


@dataclass(frozen=True)
class SplitProposal:
    """The sections the plan page proposes when a moving section would pass Foster's forty deals."""

    split: str  # as the director types it: "5,5"
    sections: int
    deals: int  # the most deals a moving table plays with this split
    deals_now: int  # ... and with the plan as it stands


def split_proposal(tournament: Tournament, layout: Layout) -> SplitProposal | None:
    """The split that keeps every moving section of ``tournament``'s ``layout`` within Foster's forty deals, with
    the rounds a stay the director asked for; None when the plan keeps within them or no split can."""
    split = split_within_forty(layout, rounds_per_stay=tournament.rounds_per_stay)
    if split is None:
        return None
    proposed = plan_layout(layout.method, layout.players, remainder=layout.remainder, sections=split,
                           rounds_per_stay=tournament.rounds_per_stay, table_sizes=layout.table_sizes)
    return SplitProposal(",".join(str(tables) for tables in split), len(split), longest_moving_deals(proposed),
                         longest_moving_deals(layout))


def tournament_draw(*, tournament: Tournament, seed: int | None = None) -> Plan:
    """Draw every seat from ``seed`` (a new random one if not given) and save it, replacing an earlier draw.

    Refused once scores exist: the seats they were played at must not change.
    """
    given = tournament
    with transaction.atomic():
        tournament = lock_tournament(tournament.pk)
        if tournament_has_scores(tournament):
            raise SeatingError(None, _("Scores have been entered for this tournament: the seats can no longer be "
                                       "redrawn."))
        if seed is None:
            seed = secrets.randbelow(MAX_SEED)
        if not 0 <= seed <= MAX_SEED:
            raise SeatingError("seed", _("a seed is a whole number from 0 to {most}").format(most=MAX_SEED))
        layout = tournament_layout(tournament)
        players = list(tournament.players.order_by("id").values_list("id", "is_expert"))
        experts = {pid for pid, expert in players if expert} if layout.method is Method.FIXED else set()
        try:
            plan = draw_plan(layout, [pid for pid, _ in players], rng=random.Random(seed), experts=experts)
        except MovementUserError as err:
            raise SeatingError(None, _sentence(say(err.message))) from None
        _clear_seating(tournament)
        _save_plan(tournament, plan)
        seats_drawn.send(sender=Tournament, tournament=tournament)
        tournament.draw_seed = seed
        tournament.drawn_at = timezone.now()
        tournament.status = Tournament.Status.DRAWN
        tournament.save(update_fields=["draw_seed", "drawn_at", "status"])
    _copy_draw_fields(tournament, given)
    return plan


def tournament_clear_draw(*, tournament: Tournament) -> None:
    """Undo the draw (before any score) so players can be added or the method changed."""
    given = tournament
    with transaction.atomic():
        tournament = lock_tournament(tournament.pk)
        if tournament_has_scores(tournament):
            raise SeatingError(None, _("Scores have been entered for this tournament: the draw stands."))
        _clear_seating(tournament)
        tournament.draw_seed = tournament.drawn_at = None
        tournament.status = Tournament.Status.REGISTRATION
        tournament.save(update_fields=["draw_seed", "drawn_at", "status"])
    _copy_draw_fields(tournament, given)


def _copy_draw_fields(saved: Tournament, given: Tournament) -> None:
    """Keep the caller's instance in step with what was saved under the row lock."""
    for field in ("draw_seed", "drawn_at", "status"):
        setattr(given, field, getattr(saved, field))


def _clear_seating(tournament: Tournament) -> None:
    """Delete the first series' drawn seating (the method's draw); refused while a later series is drawn."""
    if tournament.tables.filter(series__gt=1).exists():
        raise SeatingError(None, _("A later series is drawn: the first series' seats stand."))
    delete_series_seating(tournament, 1)


def delete_series_seating(tournament: Tournament, series: int) -> None:
    """Delete series ``series``' seating; refused (and rolled back by the caller's transaction) where a table holds
    scores, even if the tournament was never marked playing."""
    try:
        with transaction.atomic():
            tournament.seats.filter(series=series).delete()
            tournament.sit_outs.filter(series=series).delete()
            Pair.objects.filter(section__tournament=tournament, section__series=series).delete()
            tournament.tables.filter(series=series).delete()
            tournament.sections.filter(series=series).delete()
            tournament.series_draws.filter(number=series).delete()
    except RestrictedError:
        if series == 1:
            raise SeatingError(None, _("Scores have been entered for this tournament: the seats can no longer "
                                       "change.")) from None
        raise SeatingError(None, _("Scores have been entered in series {number}: its seats can no longer "
                                   "change.").format(number=series)) from None


def _save_plan(tournament: Tournament, plan: Plan) -> None:
    """Write the plan with a handful of bulk inserts, whatever the size of the hall."""
    sections = Section.objects.bulk_create([
        Section(tournament=tournament, number=s.layout.number, stays=s.layout.stays, phantom_pair=s.layout.phantom)
        for s in plan.sections
    ])
    if not all(s.pk for s in sections):  # backends that do not return keys from bulk inserts
        sections = list(tournament.sections.filter(series=1).order_by("number"))
    hall = schedule(plan.layout)  # every table's stays and rounds, kept on the table: the sheet reads them
    tables = []
    for section, seating in zip(sections, plan.sections):
        for number in range(1, seating.layout.tables + 1):
            played = hall.table(seating.layout.hall_table(number))
            tables.append(Table(tournament=tournament, section=section, number=played.table, number_in_section=number,
                                size=played.size, stays=played.stays, rounds_per_stay=played.rounds_per_stay))
    for fixed in plan.fixed_tables:
        played = hall.table(fixed.table)
        tables.append(Table(tournament=tournament, number=fixed.table, size=len(fixed.seats), stays=played.stays,
                            rounds_per_stay=played.rounds_per_stay, controller_id=fixed.controller))
    Table.objects.bulk_create(tables)
    table_ids = dict(tournament.tables.filter(series=1).values_list("number", "id"))
    pairs = [
        Pair(section=section, number=number, first_id=members[0], second_id=members[1])
        for section, seating in zip(sections, plan.sections)
        for number, members in enumerate(seating.pairs, start=1) if members
    ]
    Pair.objects.bulk_create(pairs)
    pair_ids = {(section_id, number): pk for pk, section_id, number in
                Pair.objects.filter(section__tournament=tournament, section__series=1)
                .values_list("id", "section_id", "number")}
    seats, sit_outs = [], []
    for section, seating in zip(sections, plan.sections):
        for stay in seating.stays:
            for table in stay.tables:
                placed = {placed.pair: placed.place.value for placed in table.pairs}
                for seat, player in enumerate(table.seats, start=1):
                    number = _pair_of(seating.pairs, player)
                    seats.append(Seat(tournament=tournament, stay=stay.number, table_id=table_ids[table.table], seat=seat,
                                      player_id=player, pair_id=pair_ids[(section.id, number)], place=placed[number]))
            sit_outs += [SitOut(tournament=tournament, section=section, stay=stay.number, player_id=p) for p in stay.sitting_out]
    for fixed in plan.fixed_tables:
        seats += [Seat(tournament=tournament, stay=1, table_id=table_ids[fixed.table], seat=seat, player_id=player)
                  for seat, player in enumerate(fixed.seats, start=1)]
    Seat.objects.bulk_create(seats, batch_size=2000)
    SitOut.objects.bulk_create(sit_outs)


def _pair_of(pairs, player) -> int:
    for number, members in enumerate(pairs, start=1):
        if members and player in members:
            return number
    raise AssertionError(f"player {player} is in no pair")


def _sentence(message: str) -> str:
    return message[:1].upper() + message[1:] + ("" if message.endswith(".") else ".")


TOURNAMENT_FIELDS = ("name", "date", "place", "method", "remainder", "section_split", "rounds_per_stay", "session_rounds",
                     "series_count", "language")
METHOD_FIELDS = ("method", "remainder", "section_split", "rounds_per_stay", "session_rounds")


def tournament_create(*, table_sizes: str = TableSizes.FOSTER.value, club=None, **fields) -> Tournament:
    """A new tournament in registration, of ``club`` (None: the server's only or first club); ``fields`` are those of
    ``TOURNAMENT_FIELDS`` (already typed); ``table_sizes`` is the rule the players are cut into tables by
    (``seating.movements.TableSizes``)."""
    fields["table_sizes"] = TableSizes(table_sizes).value
    unknown = set(fields) - set(TOURNAMENT_FIELDS) - {"table_sizes"}
    if unknown:
        raise SeatingError(None, f"Unknown tournament fields: {', '.join(sorted(unknown))}.")
    fields["section_split"] = _split_text(fields.get("section_split", ""))
    if club is not None:
        fields["club"] = club
        fields.setdefault("language", club.language)  # a club's new evening prints in the club's language
    return Tournament.objects.create(**fields)


def tournament_set_language(*, tournament: Tournament, language: str) -> Tournament:
    """The language the tournament prints in (any time: it changes no seat and no score)."""
    if language not in {code for code, _name in settings.LANGUAGES}:
        raise SeatingError("language", _("Choose one of the languages offered."))
    tournament.language = language
    tournament.save(update_fields=["language"])
    return tournament


def tournament_set_notice(*, tournament: Tournament, notice: str) -> Tournament:
    """The notice line on every player's own page (any time: it changes no seat and no score)."""
    tournament.notice = " ".join(notice.split())[:300]  # one line, whatever was pasted
    tournament.save(update_fields=["notice"])
    return tournament


def tournament_choose_method(*, tournament: Tournament, method: str, remainder: str, section_split: str = "",
                             rounds_per_stay: int | None = None, session_rounds: int | None = None) -> Tournament:
    """Choose how the players are seated; refused after the draw, and when the registered players (three or
    more) cannot be laid out that way, so the plan shown is always one that can be drawn."""
    with transaction.atomic():
        locked = lock_tournament(tournament.pk)
        if locked.is_drawn:
            raise SeatingError(None, _("The seats are already drawn: clear the draw before you change the method."))
        locked.method, locked.remainder = method, remainder
        locked.section_split = _split_text(section_split)
        locked.rounds_per_stay, locked.session_rounds = rounds_per_stay, session_rounds
        players = locked.players.count()
        if players >= 3:
            tournament_layout(locked, players=players)  # raises SeatingError beside the field to change
        locked.save(update_fields=list(METHOD_FIELDS))
    for name in METHOD_FIELDS:
        setattr(tournament, name, getattr(locked, name))
    return tournament


def _split_text(text: str) -> str:
    """The split as it is stored ("5,5,5"), after the service's check."""
    split = parse_section_split(text or "")
    return ",".join(str(size) for size in split) if split else ""
