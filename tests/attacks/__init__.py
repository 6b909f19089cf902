"""Attacks re-run on every test run: each module tries one kind of
break-in or breakage the way it was first found, and fails if it works again."""
