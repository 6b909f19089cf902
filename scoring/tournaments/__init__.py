"""A tournament's rules: the rulebook its deals are valued under and the scoring system its standings use.

Vocabulary:
    rulebook        one of the books the engine implements (``scoring.engine.RULEBOOKS``): Foster 1922, the
                    League's 1908 values, McColl 1908, or today's International Skat Order.
    scoring system  Foster / American Skat League, McColl's simple method or Seeger-Fabian
                    (``scoring.standings``); chosen from the rulebook when the tournament opens, changed by the
                    committee.
    opening         creating a tournament: seating's tournament (name, date, method) and its scoring settings
                    together, in one transaction, so no tournament ever lacks its rulebook.
Seating knows nothing of rulebooks; what the rulebook means for the seats (ISkO: tables of three and four
only) is handed to seating as a plain setting when the tournament opens.
"""
