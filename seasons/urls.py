"""The season pages, mounted at ``seasons/``, namespace ``seasons``: below the club's short name."""

from django.urls import path

from seasons import views

app_name = "seasons"

urlpatterns = [
    path("<slug:club>/", views.season_list, name="list"),
    path("<slug:club>/<slug:slug>/", views.season_page, name="season"),
    path("<slug:club>/<slug:slug>/events/", views.season_events_add, name="add"),
    path("<slug:club>/<slug:slug>/rules/", views.season_rules, name="rules"),
    path("<slug:club>/<slug:slug>/season.pdf", views.season_pdf, name="pdf"),
    path("<slug:club>/<slug:slug>/season.xlsx", views.season_xlsx, name="xlsx"),
]
