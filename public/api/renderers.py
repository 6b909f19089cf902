"""CSV for every table of the API (``?format=csv``): a list of rows is the table; an answer holding one
(``standings``, ``rows``) gives that list; a single object is one row. Cells are made safe for spreadsheets."""

import csv
import io
import json

from rest_framework.renderers import BaseRenderer

from common.spreadsheets import spreadsheet_row


def table_of(data) -> list[dict]:
    """The rows a CSV shows for an answer."""
    if isinstance(data, list):
        return [row if isinstance(row, dict) else {"value": row} for row in data]
    if isinstance(data, dict):
        for key in ("standings", "rows", "series"):
            if isinstance(data.get(key), list):
                return table_of(data[key])
        return [data]
    return [{"value": data}]


class CSVRenderer(BaseRenderer):
    media_type = "text/csv"
    format = "csv"
    charset = "utf-8"

    def render(self, data, accepted_media_type=None, renderer_context=None):
        rows = table_of(data)
        fields: list[str] = []
        for row in rows:
            fields += [key for key in row if key not in fields]
        out = io.StringIO()
        writer = csv.writer(out)
        writer.writerow(fields)
        for row in rows:
            writer.writerow(spreadsheet_row([_cell(row.get(field)) for field in fields]))
        return out.getvalue().encode("utf-8")


def _cell(value):
    if isinstance(value, (list, dict)):
        return json.dumps(value, ensure_ascii=False)
    return "" if value is None else value
