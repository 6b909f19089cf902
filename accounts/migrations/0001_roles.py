"""The two roles as groups: "director" and "committee" (names from ``common.permissions``)."""

from django.db import migrations

ROLE_GROUPS = ("director", "committee")  # frozen here: a migration must not change when the code does


def make_groups(apps, schema_editor):
    Group = apps.get_model("auth", "Group")
    for name in ROLE_GROUPS:
        Group.objects.get_or_create(name=name)


class Migration(migrations.Migration):
    dependencies = [("auth", "0012_alter_user_first_name_max_length")]

    operations = [migrations.RunPython(make_groups, migrations.RunPython.noop)]
