"""The season pages, mounted at ``club/<slug:club>/seasons/`` (namespace ``seasons``): the ``club`` keyword names the
club (``clubs.scope``)."""

from django.urls import path

from seasons import views

app_name = "seasons"

urlpatterns = [
    path("", views.season_list, name="list"),
    path("<slug:slug>/", views.season_page, name="season"),
    path("<slug:slug>/board/", views.season_board, name="board"),
    path("<slug:slug>/events/", views.season_events_add, name="add"),
    path("<slug:slug>/events/<int:tournament_id>/remove/", views.season_event_remove, name="remove"),
    path("<slug:slug>/rules/", views.season_rules, name="rules"),
    path("<slug:slug>/files/", views.season_file_submit, name="submit"),
    path("<slug:slug>/season.pdf", views.season_pdf, name="pdf"),
    path("<slug:slug>/season.xlsx", views.season_xlsx, name="xlsx"),
]
