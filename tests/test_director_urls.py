"""The director's pages live in one URL tree (skat_tourney/director_urls.py, namespace ``director``);
no other tree serves a page under /director/."""

from django.urls import URLPattern, URLResolver, get_resolver


def _routes(patterns, prefix=""):
    for entry in patterns:
        route = prefix + str(entry.pattern)
        if isinstance(entry, URLResolver):
            yield from _routes(entry.url_patterns, route)
        elif isinstance(entry, URLPattern):
            yield route, entry


def test_every_page_under_director_is_in_the_director_tree():
    resolver = get_resolver()
    director = [route for route, _ in _routes(resolver.url_patterns) if route.startswith("director/")]
    assert len(director) == 41  # the 27 of seating (4 the member picker, 2 the players' notice and the sign-ups) and the 14 of scoring (3 the series clock's, 1 planning again)
    for entry in resolver.url_patterns:
        if isinstance(entry, URLResolver) and str(entry.pattern) == "director/":
            assert entry.namespace == "director"
            assert entry.urlconf_module.__name__ == "skat_tourney.director_urls"
        elif isinstance(entry, URLResolver):
            inner = [route for route, _ in _routes(entry.url_patterns, str(entry.pattern))]
            assert not [route for route in inner if route.startswith("director/")], entry.namespace


def test_every_url_name_a_template_or_module_names_exists():
    """A page name in a ``{% url %}`` tag, ``reverse`` or ``redirect`` that no tree defines is a 500 on that page;
    found when the director's pages moved (a committee link was renamed with them)."""
    import re
    from pathlib import Path

    root = Path(__file__).resolve().parents[1]
    defined = set()
    for namespace, (_prefix, resolver) in get_resolver().namespace_dict.items():
        defined |= {f"{namespace}:{name}" for name in resolver.reverse_dict if isinstance(name, str)}
    named = set()
    for folder in ("templates", "scoring", "seating", "accounts", "common", "skat_tourney"):
        for path in (root / folder).rglob("*"):
            if path.suffix in (".html", ".py") and path.is_file():
                named |= set(re.findall(r"""['"]((?:director|scoring|accounts|cash):[a-z_-]+)['"]""", path.read_text()))
    assert sorted(named - defined) == []
