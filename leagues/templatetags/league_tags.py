"""The league table's row and head for the pages' one row template (``leagues/_table_row.html``), from the one
list of its columns (``leagues.columns``); a refused change's messages beside its fields (``refused_beside``)."""

from django import template
from django.utils.html import format_html_join

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


@register.simple_tag
def refused_beside(sent, action: str, field: str | None = None, key=None):
    """A refused change's messages (``leagues.views``' ``sent``: the action, its bound form, its key) on the form of
    ``action`` that was sent (of several of its kind on the page, the one of ``key``: the team's, the group's):
    beside ``field`` its messages; without ``field`` the form's own, for the whole form and for its hidden fields.
    Nothing on any other form."""
    if not sent or sent["action"] != action or (key is not None and str(key) != sent["key"]):
        return ""
    form = sent["form"]
    if field is not None:
        said = [(field, form.errors.get(field))]
    else:
        said = [(None, form.non_field_errors())] + [(name, form.errors.get(name)) for name, one in form.fields.items()
                                                     if one.widget.is_hidden]
    return format_html_join("", '<span class="error field-error" data-refused="{}">{}</span>',
                            ((f"{action}.{name}" if name else action, " ".join(messages))
                             for name, messages in said if messages))
