"""The results of play as the database counts them (see ``columns``)."""
