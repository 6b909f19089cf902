"""The public pages' addresses: stable and shareable, built from the club's short name and the event's id."""

from django.urls import path

from public import views

app_name = "public"

urlpatterns = [
    path("club/", views.clubs, name="clubs"),
    path("club/<slug:club>/", views.club, name="club"),
    path("club/<slug:club>/statistics/", views.club_stats, name="stats"),
    path("club/<slug:club>/statistics/versus/", views.stats_versus, name="stats-versus"),
    path("club/<slug:club>/season/<slug:slug>/", views.season, name="season"),
    path("club/<slug:club>/results/<int:tournament_id>/", views.event, name="event"),
    path("club/<slug:club>/results/<int:tournament_id>/live/", views.live, name="live"),
    path("club/<slug:club>/results/<int:tournament_id>/players/<int:player_id>/", views.player, name="player"),
    path("league/<slug:slug>/", views.league, name="league"),
    path("league/<slug:slug>/day/<int:day>/", views.league_day, name="league-day"),
    path("league/<slug:slug>/team/<int:team>/", views.league_team, name="league-team"),
    path("league/<slug:slug>/players/", views.league_players, name="league-players"),
    path("p/<str:token>/", views.own, name="own"),
]
