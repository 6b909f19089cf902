"""The event, before and around the scores: tournaments, players (registered, imported, entered from the club's
registry, signed up before the day), sections, tables and seats; the series drawn and re-planned; the locks every
concurrent write takes (``seating.locks``); the prints. Its pure core is ``seating.movements`` (the draws, the
methods, the whole-event plan; a league's match-day plan will be a movement there too). It never imports scoring,
which builds on it."""
