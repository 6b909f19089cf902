"""The server's first club, and the roles of the logins that were there before clubs: a database made before clubs
existed moves into one club, its directors (group "director", or staff) and committee members keep their roles there.
A new database gets the same club of one, so the embedded default needs no choosing."""

from django.db import migrations

FIRST_CLUB = {"slug": "club", "name": "Skatclub"}


def first_club(apps, schema_editor):
    Club = apps.get_model("clubs", "Club")
    ClubRole = apps.get_model("clubs", "ClubRole")
    User = apps.get_model("auth", "User")
    club = Club.objects.order_by("pk").first() or Club.objects.create(**FIRST_CLUB)
    for user in User.objects.filter(is_superuser=False):
        groups = set(user.groups.values_list("name", flat=True))
        if user.is_staff or "director" in groups:
            ClubRole.objects.get_or_create(club=club, user=user, role="director")
        if "committee" in groups:
            ClubRole.objects.get_or_create(club=club, user=user, role="committee")


class Migration(migrations.Migration):
    dependencies = [("clubs", "0001_clubs_roles_members"), ("accounts", "0001_roles"),
                    ("auth", "0012_alter_user_first_name_max_length")]
    operations = [migrations.RunPython(first_club, migrations.RunPython.noop)]
