"""The registry's list as a django-tables2 table, in the site's look (``table.grid``)."""

import django_tables2 as tables
from django.urls import reverse
from django.utils.translation import gettext_lazy as _

_WIDE_ONLY = {"th": {"class": "wide-only"}, "td": {"class": "wide-only"}}  # hidden on a phone (site.css)
_NUM = {"th": {"class": "num"}, "td": {"class": "num"}}


class MemberTable(tables.Table):
    name = tables.Column(verbose_name=_("Name"), order_by=("name",), linkify=lambda record: reverse(
        "clubs:member", kwargs={"club": record.club.slug, "member_id": record.pk}))
    home_club = tables.Column(verbose_name=_("Club"))
    number = tables.Column(verbose_name=_("Membership number"), attrs=_WIDE_ONLY)
    categories = tables.Column(verbose_name=_("Categories"), attrs=_WIDE_ONLY)
    guest = tables.BooleanColumn(verbose_name=_("Guest"), yesno=(_("guest"), ""))
    event_count = tables.Column(verbose_name=_("Events"), attrs=_NUM)

    class Meta:
        attrs = {"class": "grid"}
        empty_text = _("No members yet: add them one by one or import a list.")
        order_by = ("name",)
