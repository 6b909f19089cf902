"""The league table's row and head for the pages' one row template (``leagues/_table_row.html``), from the one
list of its columns (``leagues.columns``)."""

from django import template

from leagues.columns import row_cells, shown_headings

register = template.Library()


@register.filter
def table_cells(row):
    """(key, text) of each shown column of ``row``."""
    return row_cells(row)


@register.simple_tag
def table_headings():
    """(key, heading) of each shown column."""
    return shown_headings()
