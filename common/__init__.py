"""Shared building blocks that know no app: errors, permissions, the reader's language, PDFs and paper,
spreadsheets and uploaded lists (one yes/no reader for every import), backups, the event folder, logging.
Every app may import them; they import no app (import-linter)."""
