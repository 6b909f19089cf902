"""Movements and layouts as plain dicts (for JSON) and as aligned text (for people).

Vocabulary:
    show         one section's movement, or the fixed method's tables, by pair and table number only.
    lot / ballots in the fixed method's view: the expert drawing lot n controls table n, and the other
                 players draw the ballots numbered n (three at a table of four).
    figures      rounds, stays and deals are read from the layout's ``schedule`` (a round is ``tables.deals``).
    words        the text is said with gettext's interface passed in (``words``): English by default, the
                 command line's language when it runs (``cli``).
"""

from .layout import Layout
from .movement import PairMovement
from .schedule import schedule
from .tables import PLAYERS_PER_TABLE, deals
from .words import ENGLISH, Note


def movement_as_dict(movement: PairMovement) -> dict:
    return {
        "method": movement.method.value,
        "tables": movement.tables,
        "stays": [[table.as_dict() for table in stay] for stay in movement.stays],
    }


def movement_as_text(movement: PairMovement, w=ENGLISH) -> str:
    heads = _heads(w)
    places = [placed.place for placed in movement.stays[0][0].pairs]
    header = [heads["Stay"], heads["Table"], *(heads[place.value] for place in places)]
    rows = [
        [number, table.table, *(table.pair_at(place) for place in places)]
        for number, stay in enumerate(movement.stays, start=1)
        for table in stay
    ]
    title = ", ".join((_count(w, "table", movement.tables), _count(w, "pair", movement.pairs),
                       _count(w, "stay", len(movement.stays))))
    return f"{w.gettext(movement.method.label)}: {title}\n{_columns(header, rows)}"


def fixed_as_dict(layout: Layout) -> dict:
    """The fixed method's tables; ``deals`` is a table of four's (each table's own is in ``stays``)."""
    tables = schedule(layout).tables
    return {
        "method": layout.method.value,
        "tables": len(tables),
        "rounds": layout.fixed_rounds,
        "deals": deals(layout.fixed_rounds, PLAYERS_PER_TABLE),
        "stays": [
            [
                {"table": table.table, "seats": table.size, "lot": table.table, "ballots": table.size - 1}
                for table in tables
            ]
        ],
    }


def fixed_as_text(layout: Layout, w=ENGLISH) -> str:
    heads = _heads(w)
    shown = fixed_as_dict(layout)
    rows = [[table["table"], table["seats"], table["lot"], table["ballots"]] for table in shown["stays"][0]]
    title = (
        f"{w.gettext(layout.method.label)}: {_count(w, 'table', shown['tables'])}, "
        f"{_count(w, 'round', layout.fixed_rounds)}"
        + w.gettext(" ({deals} deals at a table of four); nobody moves.").format(deals=shown["deals"]) + "\n"
        + w.gettext("The expert drawing lot n controls table n; the others draw the ballots numbered n.")
    )
    header = [heads["Table"], heads["Seats"], heads["Lot"], heads["Ballots"]]
    return f"{title}\n{_columns(header, rows)}"


def layout_as_dict(layout: Layout) -> dict:
    planned = schedule(layout)
    first = {table.section: table for table in reversed(planned.tables) if table.moves}
    return {
        "method": layout.method.value,
        "players": layout.players,
        "table_sizes": layout.table_sizes.value,
        "rounds_per_stay": layout.rounds_per_stay,
        "fixed_rounds": layout.fixed_rounds,
        "remainder": layout.remainder.value if layout.remainder else None,
        "tables": layout.tables,
        "longest_deals": planned.longest_deals,
        "total_deals": planned.total_deals,
        "sections": [
            {
                "section": section.number,
                "first_table": section.first_table,
                "tables": section.tables,
                "stays": first[section.number].stays,
                "deals_per_stay": first[section.number].deals_per_stay,
                "deals": first[section.number].deals,
                "phantom": section.phantom,
                "idle_table": None if section.phantom is None else section.hall_table(section.idle_table),
                "sitting_out": (
                    None
                    if section.phantom is None
                    else [section.sitting_out(stay) for stay in range(1, section.stays + 1)]
                ),
            }
            for section in layout.sections
        ],
        "fixed_tables": [
            {"table": table.table, "seats": table.size, "rounds": table.rounds, "deals": table.deals}
            for table in planned.tables
            if not table.moves
        ],
        "notes": list(layout.notes),
    }


def layout_as_text(layout: Layout, w=ENGLISH) -> str:
    heads = _heads(w)
    shown = layout_as_dict(layout)
    title = f"{w.gettext(layout.method.label)}: {_count(w, 'player', layout.players)}, " \
            f"{_count(w, 'table', layout.tables)}"
    lines = [title, *(note.render(w) if isinstance(note, Note) else note for note in layout.notes)]
    if shown["sections"]:
        rows = [
            [s["section"], f"{s['first_table']}-{s['first_table'] + s['tables'] - 1}", s["stays"],
             s["deals_per_stay"], s["deals"], s["phantom"] or "-"]
            for s in shown["sections"]
        ]
        header = [heads["Section"], heads["Tables"], heads["Stays"], heads["Deals a stay"],
                  heads["Deals"], heads["Phantom"]]
        lines.append(_columns(header, rows))
    if shown["fixed_tables"]:
        rows = [[table["table"], table["seats"], table["rounds"], table["deals"]] for table in shown["fixed_tables"]]
        lines.append(_columns([heads["Fixed table"], heads["Seats"], heads["Rounds"], heads["Deals"]],
                              rows))
    return "\n".join(lines)


def _heads(w) -> dict[str, str]:
    """The columns' titles (and the pair places' ``ns``, ``ew``, ``middle``, ``side``) in the words' language."""
    return {
        "Stay": w.pgettext("movement column", "Stay"), "Table": w.pgettext("movement column", "Table"),
        "ns": w.pgettext("movement column", "N-S"), "ew": w.pgettext("movement column", "E-W"),
        "middle": w.pgettext("movement column", "Middle"), "side": w.pgettext("movement column", "Side"),
        "Seats": w.pgettext("movement column", "Seats"), "Lot": w.pgettext("movement column", "Lot"),
        "Ballots": w.pgettext("movement column", "Ballots"), "Section": w.pgettext("movement column", "Section"),
        "Tables": w.pgettext("movement column", "Tables"), "Stays": w.pgettext("movement column", "Stays"),
        "Deals a stay": w.pgettext("movement column", "Deals a stay"), "Deals": w.pgettext("movement column", "Deals"),
        "Phantom": w.pgettext("movement column", "Phantom"),
        "Fixed table": w.pgettext("movement column", "Fixed table"), "Rounds": w.pgettext("movement column", "Rounds"),
    }


def _count(w, thing: str, count: int) -> str:
    """"12 tables", "1 pair"... in the words' language."""
    said = {"table": w.ngettext("{count} table", "{count} tables", count),
            "pair": w.ngettext("{count} pair", "{count} pairs", count),
            "stay": w.ngettext("{count} stay", "{count} stays", count),
            "round": w.ngettext("{count} round", "{count} rounds", count),
            "player": w.ngettext("{count} player", "{count} players", count)}
    return said[thing].format(count=count)


def _columns(header: list[str], rows: list[list]) -> str:
    """Right-aligned columns, each as wide as its widest cell."""
    cells = [header] + [[str(cell) for cell in row] for row in rows]
    widths = [max(len(row[column]) for row in cells) for column in range(len(header))]
    return "\n".join("  ".join(cell.rjust(width) for cell, width in zip(row, widths)) for row in cells)
