"""Statistics: what the lists say about each player, from every deal he played, for him, his club and the public.

An app above scoring (and the leagues, whose substitutes inside a series it reads): it reads play only through
``scoring.results``, its figures are defined in its pure core (``stats.core``), its reads are ``stats.selectors``
(a scope of events; a set of memberships, so that a person is the members he is), its pictures ``stats.charts``.
Nothing below it imports it; the public pages and the API read it through its selectors.
"""
