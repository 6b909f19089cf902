"""A database made before clubs moves into one club, its directors and committee members keeping their
roles there; the migration is run for real, from the state before clubs to today's."""

import pytest
from django.db import connection
from django.db.migrations.executor import MigrationExecutor

pytestmark = [pytest.mark.django_db(transaction=True), pytest.mark.slow]


def _migrate(targets, state_of):
    executor = MigrationExecutor(connection)
    executor.migrate(targets)
    executor.loader.build_graph()
    return executor.loader.project_state(state_of).apps


def test_an_old_database_moves_into_one_club_with_its_roles():
    # the groups are made by a migration; a flush by an earlier transactional test may have taken them
    old = _migrate([("seating", "0009_i18n_tournament_language"), ("clubs", None)],
                   [("seating", "0009_i18n_tournament_language"), ("accounts", "0001_roles")])
    User, Group, Tournament = (old.get_model("auth", "User"), old.get_model("auth", "Group"),
                               old.get_model("seating", "Tournament"))
    director = User.objects.create(username="old-director")
    director.groups.add(Group.objects.get_or_create(name="director")[0])
    User.objects.create(username="old-staff", is_staff=True)
    chair = User.objects.create(username="old-chair")
    chair.groups.add(Group.objects.get_or_create(name="committee")[0])
    User.objects.create(username="old-player")
    Tournament.objects.create(name="Before clubs")

    leaves = MigrationExecutor(connection).loader.graph.leaf_nodes()
    new = _migrate(leaves, leaves)
    Club, ClubRole, Tournament = (new.get_model("clubs", "Club"), new.get_model("clubs", "ClubRole"),
                                  new.get_model("seating", "Tournament"))
    club = Club.objects.get()
    assert (club.slug, club.name) == ("club", "Skatclub")
    assert Tournament.objects.get(name="Before clubs").club_id == club.pk
    assert sorted(ClubRole.objects.values_list("user__username", "role")) == [
        ("old-chair", "committee"), ("old-director", "director"), ("old-staff", "director")]
