"""The club's office: the clubs on the server, each club's members registry (add, edit, import and export,
duplicates merged, a member forgotten) and which club a request is in with what the login may do there
(``clubs.scope``). It stands under seating and scoring, which may use it; it imports neither (import-linter)."""
