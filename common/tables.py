"""What every django-tables2 list on the site shares: sorting and paging from the request, safely."""

import re

import django_tables2 as tables


def configure_table(request, table: tables.Table, per_page: int) -> tables.Table:
    """Sort and page ``table`` from the request's ``sort`` and ``page``; a ``sort`` that names no columns
    is dropped (django-tables2 would warn about it) so the list sorts as usual."""
    sort = request.GET.get("sort", "")
    if sort and (len(sort) > 100 or not re.fullmatch(r"-?\w+(,-?\w+)*", sort)):
        request.GET = request.GET.copy()
        del request.GET["sort"]
    tables.RequestConfig(request, paginate={"per_page": per_page}).configure(table)
    return table
