"""The director's lists as django-tables2 tables: tournaments, players, the plan, seats, sit-outs, documents.

Vocabulary: see ``seating.models``. Every table shares ``GridTable``'s look (the site's ``table.grid``);
the cells that act (the expert switch, the print buttons) are small templates in ``templates/seating``.
"""

import django_tables2 as tables
from django.urls import reverse
from django.utils.translation import gettext, pgettext_lazy
from django.utils.translation import gettext_lazy as _

from seating.models import section_letter
from seating.movements import Method, schedule

_NUM = {"th": {"class": "num"}, "td": {"class": "num"}}
# "wide-only": columns a phone can do without (hidden below 600 px, so the ones that matter fit)
_WIDE_ONLY = {"th": {"class": "wide-only"}, "td": {"class": "wide-only"}}
_NUM_WIDE_ONLY = {"th": {"class": "num wide-only"}, "td": {"class": "num wide-only"}}


class GridTable(tables.Table):
    class Meta:
        attrs = {"class": "grid"}
        empty_text = _("Nothing yet.")


class TournamentTable(GridTable):
    name = tables.Column(verbose_name=_("Name"), linkify=lambda record: reverse("director:players", args=[record.pk]))
    date = tables.DateColumn(verbose_name=_("Date"), format="SHORT_DATE_FORMAT", attrs={"td": {"class": "nowrap"}})
    place = tables.Column(verbose_name=pgettext_lazy("venue", "Place"), attrs=_WIDE_ONLY)
    method = tables.Column(accessor="get_method_display", order_by="method", verbose_name=_("Method"), attrs=_WIDE_ONLY)
    players = tables.Column(accessor="player_count", verbose_name=_("Players"), attrs=_NUM)
    status = tables.Column(accessor="get_status_display", order_by="status", verbose_name=_("Status"))
    draw_seed = tables.Column(verbose_name=_("Seed"), attrs=_NUM_WIDE_ONLY)

    class Meta(GridTable.Meta):
        empty_text = _("No tournaments yet: create the first one below.")


class PlayerTable(GridTable):
    select = tables.CheckBoxColumn(accessor="pk", attrs={"th__input": {"aria-label": _("select all"),
                                                                       "data-select-all": "selected"},
                                                         "td__input": {"name": "selected", "form": "experts-form"}},
                                   verbose_name=_("Select"))
    name = tables.Column(verbose_name=_("Name"))
    club = tables.Column(verbose_name=_("Club"))
    membership_number = tables.Column(verbose_name=_("Membership no."), attrs=_WIDE_ONLY)
    is_expert = tables.TemplateColumn(template_name="seating/_expert_cell.html", verbose_name=_("Expert"),
                                      order_by=("-is_expert", "name"))
    team = tables.Column(accessor="team__name", verbose_name=_("Team"), default="", order_by=("team__name", "name"))
    categories = tables.Column(accessor="pk", verbose_name=_("Categories"), orderable=False)

    class Meta(GridTable.Meta):
        empty_text = _("No players registered yet: register them one by one or import a list.")
        order_by = ("name",)

    def render_categories(self, record):
        # .all() reads the categories prefetched with the page (the players page prefetches them).
        return ", ".join(category.name for category in record.categories.all())


class PlanTable(GridTable):
    """Rows of ``plan_rows``: one a section, one a fixed table."""

    part = tables.Column(verbose_name=_("Section"), orderable=False)
    tables_ = tables.Column(accessor="tables", verbose_name=_("Tables"), orderable=False)
    players = tables.Column(verbose_name=_("Players"), orderable=False, attrs=_NUM_WIDE_ONLY)
    stays = tables.Column(verbose_name=_("Stays"), orderable=False, attrs=_NUM)
    deals = tables.Column(verbose_name=_("Deals"), orderable=False, attrs=_NUM)
    remark = tables.Column(verbose_name=_("Remarks"), orderable=False, default="", attrs=_WIDE_ONLY)

    class Meta(GridTable.Meta):
        empty_text = _("No plan yet.")


class TableDealsTable(GridTable):
    """Rows of ``table_deal_rows``: every table of the hall with the deals it plays."""

    table = tables.Column(verbose_name=_("Table"), orderable=False, attrs=_NUM)
    part = tables.Column(verbose_name=_("Section"), orderable=False)
    size = tables.Column(verbose_name=_("Players"), orderable=False, attrs=_NUM)
    stays = tables.Column(verbose_name=_("Stays"), orderable=False, attrs=_NUM)
    deals_per_stay = tables.Column(verbose_name=_("Deals a stay"), orderable=False, attrs=_NUM_WIDE_ONLY)
    deals = tables.Column(verbose_name=_("Deals"), orderable=False, attrs=_NUM)

    class Meta(GridTable.Meta):
        empty_text = _("No tables yet.")


class SeatTable(GridTable):
    """Seats of one stay (``Seat`` rows with their table, section, pair and player selected)."""

    table = tables.Column(accessor="table__number", verbose_name=_("Table"), order_by=("table__number", "seat"),
                          attrs={"td": {"class": "strong big-number"}})
    section = tables.Column(accessor="table__section__letter", verbose_name=_("Section"), default=pgettext_lazy("table", "fixed"),
                            order_by=("table__section__number", "table__number", "seat"), attrs=_WIDE_ONLY)
    seat = tables.Column(verbose_name=_("Seat"))
    place = tables.Column(accessor="get_place_display", order_by=("place",), verbose_name=pgettext_lazy("seat", "Place"))
    pair = tables.Column(accessor="pair__number", verbose_name=_("Pair"), default="—")
    player = tables.Column(accessor="player__name", verbose_name=_("Player"), attrs={"td": {"class": "strong"}})
    club = tables.Column(accessor="player__club", verbose_name=_("Club"), attrs=_WIDE_ONLY)

    class Meta(GridTable.Meta):
        empty_text = _("Nobody is seated in this stay.")
        order_by = ("table",)
        row_attrs = {"class": lambda record: "first-seat" if record.seat == 1 else ""}


class SitOutTable(GridTable):
    section = tables.Column(accessor="section__letter", verbose_name=_("Section"), orderable=False)
    player = tables.Column(accessor="player__name", verbose_name=_("Sits out"), orderable=False)
    club = tables.Column(accessor="player__club", verbose_name=_("Club"), orderable=False)

    class Meta(GridTable.Meta):
        empty_text = _("Nobody sits out in this stay.")


class DocumentTable(GridTable):
    """Rows: ``{"kind", "title", "tournament"}``; one column a paper (``papers``: [(slug, name)]), each cell
    starting a print job for that document on that paper."""

    title = tables.Column(verbose_name=_("Document"), orderable=False, attrs={"td": {"class": "strong"}})

    class Meta(GridTable.Meta):
        empty_text = _("No documents can be printed yet.")

    def __init__(self, data, *, papers, **kwargs):
        columns = [(slug, tables.TemplateColumn(template_name="seating/_print_cell.html", verbose_name=name,
                                                orderable=False, empty_values=(),
                                                extra_context={"slug": slug, "paper": name}))
                   for slug, name in papers]
        super().__init__(data, extra_columns=columns, **kwargs)


def plan_rows(layout) -> list[dict]:
    """The plan table's rows for a ``seating.movements.Layout``: each section, then each fixed table, with the
    deals each table plays from the one schedule (``seating.movements.schedule``)."""
    hall = schedule(layout)
    rows = []
    for section in layout.sections:
        last = section.hall_table(section.tables)
        remark = ""
        if section.phantom is not None:
            remark = gettext("pair {pair} is a phantom: one pair sits out each stay").format(pair=section.phantom)
        rows.append({
            "part": section_letter(section.number),
            "tables": f"{section.first_table}–{last}" if last != section.first_table else f"{last}",
            "players": (2 * section.tables - (section.phantom is not None)) * 2,
            "stays": section.stays,
            "deals": hall.table(section.first_table).deals,
            "remark": remark,
        })
    for offset, size in enumerate(layout.fixed_tables):
        fixed_method = layout.method is Method.FIXED
        rows.append({
            "part": pgettext_lazy("table", "fixed"),
            "tables": f"{layout.first_fixed_table + offset}",
            "players": size,
            "stays": 1,
            "deals": hall.table(layout.first_fixed_table + offset).deals,
            "remark": gettext("an expert controls the table") if fixed_method else gettext("the players do not move"),
        })
    return rows


def table_deal_rows(layout) -> list[dict]:
    """One row for every table of ``layout`` (moving and fixed), its stays and deals from the one schedule."""
    return [{"table": table.table, "part": section_letter(table.section) if table.moves else pgettext_lazy("table", "fixed"),
             "size": table.size, "stays": table.stays, "deals_per_stay": table.deals_per_stay, "deals": table.deals}
            for table in schedule(layout).tables]
