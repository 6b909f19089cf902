"""Issue 26: the director's pages live in one URL tree (skat_tourney/director_urls.py, namespace ``director``);
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
    assert len(director) == 29  # the 21 of seating and the 8 of scoring, as before
    for entry in resolver.url_patterns:
        if isinstance(entry, URLResolver) and str(entry.pattern) == "director/":
            assert entry.namespace == "director"
            assert entry.urlconf_module.__name__ == "skat_tourney.director_urls"
        elif isinstance(entry, URLResolver):
            inner = [route for route, _ in _routes(entry.url_patterns, str(entry.pattern))]
            assert not [route for route in inner if route.startswith("director/")], entry.namespace
