"""The cash desk: the entry fee taken at the door, lost-game money at the end of each series, prizes paid out after
the prize list, and the cash report. Nothing is typed: every amount comes from the event's money rules. An app
above scoring (the club's money is not play): what is due it reads through ``scoring.results``.

Vocabulary:
    book        the desk's lines (``cashdesk.models.Payment``), one for each sum of money that changed hands; a
                mistaken line is reversed by a counter-entry, never deleted, so the book keeps its history.
    due         what one player owes or is owed for one thing under the event's rules: the entry fee
                (``TournamentScoring.entry_fee``), a series' lost-game money (``scoring.results.lost_game_money_owed``)
                or a money prize of the prize list (``scoring.results.prize_amounts``, in the award's order).
    paid        the sum of the book's lines for that due (a reversed line and its counter-entry add up to 0).
    open        due less paid: what the desk still takes (fee, lost-game money) or still pays out (a prize). A
                negative open amount is money to give back (a corrected result lowered the due): the line is
                reversed and the right amount taken again.
    taken       fees and lost-game money in the book; paid out: prizes in the book.
    held back   what is kept back from the cash of the entry fees taken: each season the event belongs to whose
                rules hold back a share (``holdback_percent``) keeps that share of the fees taken, to the cent,
                half a cent up (the seasons say it through ``holdbacks``: scoring does not import them); 0
                without such a season.
    balance     taken less paid out less held back: the cash in the box.
``selectors`` reads, ``services`` writes (under the tournament's lock), ``documents`` prints the report (PDF, XLSX).
"""
