from django.apps import AppConfig
from django.utils.translation import pgettext_lazy


class SeatingConfig(AppConfig):
    name = "seating"
    verbose_name = pgettext_lazy("app", "Seating")  # the admin's heading, in the reader's language

    def ready(self):
        from clubs.signals import member_forgotten, members_merged
        from seating.signups import signups_of_forgotten, signups_of_merged

        member_forgotten.connect(signups_of_forgotten, dispatch_uid="seating-signups-forgotten")
        members_merged.connect(signups_of_merged, dispatch_uid="seating-signups-merged")
