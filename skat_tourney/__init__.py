"""Skat tournament manager: the Django project (settings, URL tree, WSGI/ASGI entry points)."""
