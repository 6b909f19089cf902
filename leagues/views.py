"""League pages: see leagues/urls.py."""
