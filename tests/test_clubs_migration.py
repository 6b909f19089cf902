"""A database made before clubs moves into one club, its directors and committee members keeping their
roles there; the migration is run for real, from the state before clubs to today's."""

import pytest

from tests.migrating import latest_migrations, migrate_to

pytestmark = [pytest.mark.django_db(transaction=True), pytest.mark.slow]


def test_an_old_database_moves_into_one_club_with_its_roles():
    # the groups are made by a migration; a flush by an earlier transactional test may have taken them
    old = migrate_to([("seating", "0009_i18n_tournament_language"), ("clubs", None)],
                     state_of=[("seating", "0009_i18n_tournament_language"), ("accounts", "0001_roles")])
    User, Group, Tournament = (old.get_model("auth", "User"), old.get_model("auth", "Group"),
                               old.get_model("seating", "Tournament"))
    director = User.objects.create(username="old-director")
    director.groups.add(Group.objects.get_or_create(name="director")[0])
    User.objects.create(username="old-staff", is_staff=True)
    chair = User.objects.create(username="old-chair")
    chair.groups.add(Group.objects.get_or_create(name="committee")[0])
    User.objects.create(username="old-player")
    Tournament.objects.create(name="Before clubs")

    new = migrate_to(latest_migrations())
    Club, ClubRole, Tournament = (new.get_model("clubs", "Club"), new.get_model("clubs", "ClubRole"),
                                  new.get_model("seating", "Tournament"))
    club = Club.objects.get()
    assert (club.slug, club.name) == ("club", "Skatclub")
    assert Tournament.objects.get(name="Before clubs").club_id == club.pk
    assert sorted(ClubRole.objects.values_list("user__username", "role")) == [
        ("old-chair", "committee"), ("old-director", "director"), ("old-staff", "director")]
