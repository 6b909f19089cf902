from django.urls import path

from common.permissions import committee_required
from scoring.calculator import views as calculator_views
from scoring.committee import views as committee_views
from scoring.entry import views as entry_views

app_name = "scoring"

urlpatterns = [
    path("", committee_views.home, name="home"),
    path("score/", calculator_views.calculator, name="calculator"),
    # A table's secret link: entry for that table only; its sheet kept on the phone by the worker (scope /t/).
    path("t/sw.js", entry_views.sheet_worker, name="link-worker"),
    path("t/<str:token>/", entry_views.sheet, name="link-sheet"),
    path("t/<str:token>/preview/", entry_views.preview, name="link-preview"),
    path("t/<str:token>/save/", entry_views.save, name="link-save"),
    path("t/<str:token>/undo/", entry_views.undo, name="link-undo"),
    path("t/<str:token>/slips/<int:stay>/make/", entry_views.slips_make, name="link-slips-make"),
    path("t/<str:token>/slips/<int:stay>/paper/", entry_views.slip_paper, name="link-slip-paper"),
    path("t/<str:token>/slips/paper/", entry_views.slip_paper_chosen, name="link-slip-paper-chosen"),
    path("t/<str:token>/slip/<int:slip_id>/ok/", entry_views.slip_okay, name="link-slip-ok"),
    # Staff (enter and correct for any table) and the committee (read); the logged-out are sent to log in.
    path("sheets/<int:table_id>/", committee_required(entry_views.sheet), name="staff-sheet"),
    path("sheets/<int:table_id>/preview/", committee_required(entry_views.preview), name="staff-preview"),
    path("sheets/<int:table_id>/save/", committee_required(entry_views.save), name="staff-save"),
    path("sheets/<int:table_id>/undo/", committee_required(entry_views.undo), name="staff-undo"),
    path("sheets/<int:table_id>/link/", entry_views.link_reissue, name="staff-link-reissue"),
    path("sheets/<int:table_id>/slips/<int:stay>/make/", committee_required(entry_views.slips_make),
         name="staff-slips-make"),
    path("sheets/<int:table_id>/slips/<int:stay>/paper/", committee_required(entry_views.slip_paper),
         name="staff-slip-paper"),
    path("sheets/<int:table_id>/slips/paper/", committee_required(entry_views.slip_paper_chosen),
         name="staff-slip-paper-chosen"),
    path("sheets/<int:table_id>/slip/<int:slip_id>/ok/", committee_required(entry_views.slip_okay),
         name="staff-slip-ok"),
    path("tournaments/<int:tournament_id>/tables/", entry_views.table_links, name="table-links"),
    path("tournaments/<int:tournament_id>/entry-links.pdf", entry_views.link_cards, name="link-cards"),
    path("deals/<int:deal_id>/correct/", entry_views.deal_edit, name="deal-edit"),
    path("deals/<int:deal_id>/void/", entry_views.deal_void_view, name="deal-void"),
    path("committee/<int:tournament_id>/slips/", entry_views.committee_slips, name="committee-slips"),
    path("committee/<int:tournament_id>/", committee_views.committee, name="committee"),
    path("committee/<int:tournament_id>/settings/", committee_views.settings_save, name="committee-settings"),
    path("committee/<int:tournament_id>/choice/", committee_views.choice_save, name="committee-choice"),
    path("committee/<int:tournament_id>/cut/", committee_views.cut_save, name="committee-cut"),
    path("committee/<int:tournament_id>/players/", committee_views.players_search, name="committee-players"),
    path("committee/<int:tournament_id>/series/<int:series>/lists.pdf", committee_views.series_lists,
         name="series-lists"),
    path("committee/<int:tournament_id>/results.xlsx", committee_views.workbook, name="results-xlsx"),
    path("committee/<int:tournament_id>/<str:kind>.pdf", committee_views.results_document, name="results-pdf"),
    path("live/<int:tournament_id>/", committee_views.live, name="live"),
]
