"""A long list of values as one parameter: ``AnyOf(F("tournament_id"), ids)`` in a ``filter``.

Vocabulary:
    any of   the column is one of the values (ints or texts): on PostgreSQL ``= ANY(%s)`` with the list as one
             array, on SQLite ``IN`` the list given as one JSON text. Django's ``__in`` makes a parameter of each
             value, each prepared in Python and planned as a constant: a season's reading asks for its 520 evenings
             and 1,000 members in several queries.
"""

import json

from django.db.models import Lookup


class AnyOf(Lookup):
    lookup_name = "any_of"
    prepare_rhs = False
    can_use_none_as_rhs = False

    def as_sql(self, compiler, connection):
        lhs, params = self.process_lhs(compiler, connection)
        values = list(self.rhs)
        if connection.vendor == "postgresql":
            if values and all(type(value) is int for value in values):
                # ints as the array's text: one string made in C, where a list is dumped value by value in Python
                # (half a millisecond a reading's 520 evenings, on each of its queries)
                return f"{lhs} = ANY(%s::bigint[])", [*params, "{" + ",".join(map(str, values)) + "}"]
            return f"{lhs} = ANY(%s)", [*params, values]
        return f"{lhs} IN (SELECT value FROM json_each(%s))", [*params, json.dumps(values)]
