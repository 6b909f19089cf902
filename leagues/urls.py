"""The league pages, mounted at ``club/<slug:club>/leagues/`` (namespace ``leagues``): ``club`` names the club that
runs the league (``clubs.scope``)."""

from django.urls import path, re_path

from leagues import views

app_name = "leagues"

urlpatterns = [
    path("", views.league_list, name="list"),
    path("overview/", views.league_overview, name="overview"),  # before the leagues: no league is "overview"
    path("<slug:slug>/", views.league_page, name="league"),
    path("<slug:slug>/day/<int:day>/", views.day_page, name="day"),
    path("<slug:slug>/day/<int:day>/group/<int:group>/report.pdf", views.group_report, name="report"),
    path("<slug:slug>/day/<int:day>/group/<int:group>/", views.report_page, name="report-page"),
    path("<slug:slug>/players/", views.players_page, name="players"),
    path("<slug:slug>/cash/", views.cash_page, name="cash"),
    path("<slug:slug>/cash.xlsx", views.cash_report, name="cash-report"),
    re_path(r"^(?P<slug>[-a-zA-Z0-9_]+)/players\.(?P<kind>pdf|xlsx)$", views.players_download, name="players-file"),
    re_path(r"^(?P<slug>[-a-zA-Z0-9_]+)/table\.(?P<kind>pdf|xlsx)$", views.table_download, name="table"),
    path("<slug:slug>/team/<int:team>/", views.captain_team, name="captain-team"),
    path("<slug:slug>/team/<int:team>/day/<int:day>/", views.captain_lineup, name="captain"),
]
