"""The open data: a read-only API of everything public, made with Django REST framework and described
by drf-spectacular at /api/v1/schema/ (OpenAPI 3, JSON). Every answer is built by ``public.selectors``, the same
reads as the public pages; an unpublished event answers 404, and no unsafe method is allowed (405)."""
