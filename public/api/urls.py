"""The API's addresses, under /api/v1/; the schema at /api/v1/schema/. Every view answers with an ETag (a repeated
GET with If-None-Match gets 304) and is throttled (REST_FRAMEWORK's AnonRateThrottle)."""

from django.urls import path, re_path
from django.views.decorators.http import conditional_page
from drf_spectacular.renderers import OpenApiJsonRenderer
from drf_spectacular.views import SpectacularAPIView

from public.api import views

app_name = "api"


class SchemaAsJson(OpenApiJsonRenderer):
    """The schema for a client that asks for plain JSON (``Accept: application/json``, as generated clients and most
    tools ask); without an Accept it is sent as OpenAPI's own media type."""

    media_type = "application/json"


def _get(view):
    return conditional_page(view.as_view())


urlpatterns = [
    path("v1/schema/", SpectacularAPIView.as_view(renderer_classes=[OpenApiJsonRenderer, SchemaAsJson],
                                                  http_method_names=["get", "head", "options"]), name="schema"),
    path("v1/clubs/", _get(views.Clubs), name="clubs"),
    path("v1/clubs/<slug:club>/events/", _get(views.ClubEvents), name="club-events"),
    path("v1/clubs/<slug:club>/seasons/", _get(views.Seasons), name="seasons"),
    path("v1/clubs/<slug:club>/seasons/<slug:slug>/", _get(views.SeasonTable), name="season"),
    path("v1/clubs/<slug:club>/members/<int:member_id>/statistics/", _get(views.MemberStatistics),
         name="member-statistics"),
    path("v1/clubs/<slug:club>/seasons/<slug:slug>/qualification/", _get(views.SeasonQualification),
         name="season-qualification"),
    path("v1/leagues/<slug:slug>/", _get(views.LeagueTable), name="league"),
    path("v1/leagues/<slug:slug>/days/<int:day>/", _get(views.LeagueDay), name="league-day"),
    path("v1/events/<int:tournament_id>/", _get(views.Event), name="event"),
    path("v1/events/<int:tournament_id>/series/", _get(views.Series), name="series"),
    path("v1/events/<int:tournament_id>/seatings/", _get(views.Seatings), name="seatings"),
    path("v1/events/<int:tournament_id>/standings/", _get(views.Standings), name="standings"),
    path("v1/events/<int:tournament_id>/deals/", _get(views.Deals), name="deals"),
    path("v1/events/<int:tournament_id>/players/<int:player_id>/", _get(views.Player), name="player"),
    path("v1/events/<int:tournament_id>/statistics/", _get(views.EventStatistics), name="event-statistics"),
    re_path(r"^(?P<rest>.*)$", views.nothing_here),
]
