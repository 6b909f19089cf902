"""Results for everyone: the public pages, each player's own page and the open API. It only reads.

Vocabulary:
    published     a tournament whose ``TournamentScoring.published`` is on (``manage.py publish T``, or the
                  committee's settings): the same one flag the hall's live page has always read. Nothing
                  unpublished is shown here, and the API answers 404 for it.
    public name   a player's name as published: a registry member who has not agreed to publication is
                  "Player 17" (his start number: ``seating.selectors.public_names``), everywhere here.
    own page      a player's page at ``/p/<token>/`` (``Player.page_token``, printed as a QR on his start card):
                  his seats, his tables' lists and his rank; nothing that enters or OKs a score.

Nothing imports this app, and it imports no service (import-linter holds both).
"""
