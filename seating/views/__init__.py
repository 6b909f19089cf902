"""The director's pages (staff only) for one tournament: players and their import, the method and its plan, the
draw, the seating stay by stay, and the printed documents.

Vocabulary: see ``seating.models``. Views are thin: a form types the input, one service (``seating.services``,
``seating.imports``) does the write, and a refusal (``SeatingError``) comes back beside its field with status
422, having changed nothing. htmx requests get the partial they swap; every URL also works without JavaScript.
Printing comes from ``seating.printing``, imported inside the views that need it.
Each page has its module: ``players``, ``plan``, ``seats`` (the seating), ``prints``; ``base`` what they share.
"""

from seating.views.plan import clear_draw, draw, plan, plan_preview
from seating.views.players import (
                                   category_create_view,
                                   category_delete_view,
                                   picker_context,
                                   player_expert,
                                   player_register_view,
                                   players,
                                   players_experts,
                                   players_grouping,
                                   players_import_view,
                                   players_swapped,
                                   team_create_view,
                                   team_delete_view,
)
from seating.views.prints import print_job, print_job_pdf, print_language, print_now, print_page, print_start
from seating.views.seats import notice_save, seating

__all__ = ["category_create_view", "category_delete_view", "clear_draw", "draw", "notice_save", "picker_context",
           "plan", "plan_preview", "player_expert", "player_register_view", "players", "players_experts",
           "players_grouping", "players_import_view", "players_swapped", "print_job", "print_job_pdf",
           "print_language", "print_now", "print_page", "print_start", "seating", "team_create_view",
           "team_delete_view"]
