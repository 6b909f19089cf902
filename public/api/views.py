"""The API's views: each parses the address, calls ``public.selectors`` (or ``public.api.reads``) and returns the
data; the serializers below describe the answers for the schema. Only GET (and HEAD, OPTIONS) is allowed."""

from django.http import Http404, JsonResponse
from django.utils.translation import gettext as _
from drf_spectacular.types import OpenApiTypes
from drf_spectacular.utils import OpenApiParameter, extend_schema
from rest_framework import serializers
from rest_framework.response import Response
from rest_framework.views import APIView

from public import selectors
from public.api import reads


class ClubSerializer(serializers.Serializer):
    slug = serializers.SlugField()
    name = serializers.CharField()


class EventSerializer(serializers.Serializer):
    id = serializers.IntegerField()
    club = serializers.SlugField()
    name = serializers.CharField()
    date = serializers.DateField()
    place = serializers.CharField()
    status = serializers.CharField()
    series = serializers.IntegerField(help_text="the number of series the event plays")


class SeriesSerializer(serializers.Serializer):
    number = serializers.IntegerField()
    tables = serializers.IntegerField()
    players = serializers.IntegerField()


class SeatSerializer(serializers.Serializer):
    series = serializers.IntegerField()
    stay = serializers.IntegerField()
    table = serializers.IntegerField()
    seat = serializers.IntegerField()
    player = serializers.IntegerField()
    name = serializers.CharField()


class StandingSerializer(serializers.Serializer):
    rank = serializers.IntegerField()
    player = serializers.IntegerField()
    name = serializers.CharField()
    games_won = serializers.IntegerField()
    games_lost = serializers.IntegerField()
    net_games = serializers.IntegerField()
    points_won = serializers.IntegerField()
    points_lost = serializers.IntegerField()
    net_points = serializers.IntegerField()
    total = serializers.IntegerField()
    deals_played = serializers.IntegerField()
    game_points = serializers.IntegerField(required=False, help_text="Seeger-Fabian only")
    bonus = serializers.IntegerField(required=False, help_text="Seeger-Fabian only: +50 a game won, −50 a game lost")
    others_lost = serializers.IntegerField(required=False, help_text="Seeger-Fabian only: 40/30 a game another lost")


class SeriesStandingsSerializer(serializers.Serializer):
    number = serializers.IntegerField()
    standings = StandingSerializer(many=True)
    teams = serializers.ListField(child=serializers.DictField())


class CategorySerializer(serializers.Serializer):
    name = serializers.CharField()
    standings = StandingSerializer(many=True)


class StandingsSerializer(serializers.Serializer):
    standings = StandingSerializer(many=True)
    prizes = serializers.ListField(child=serializers.DictField())
    series = SeriesStandingsSerializer(many=True)
    teams = serializers.ListField(child=serializers.DictField())
    categories = CategorySerializer(many=True)


class DealSerializer(serializers.Serializer):
    series = serializers.IntegerField()
    table = serializers.IntegerField()
    stay = serializers.IntegerField()
    number = serializers.IntegerField()
    kind = serializers.CharField()
    declarer = serializers.IntegerField(allow_null=True)
    name = serializers.CharField()
    game = serializers.CharField()
    won = serializers.BooleanField(allow_null=True)
    value = serializers.IntegerField(allow_null=True)
    score = serializers.IntegerField()


def _event(tournament_id: int):
    event = selectors.published_events().filter(pk=tournament_id).first()
    if event is None:
        raise Http404(_("No such published event."))
    return event


class ReadOnly(APIView):
    """GET, HEAD and OPTIONS only: every other method answers 405."""

    http_method_names = ["get", "head", "options"]


class Clubs(ReadOnly):
    @extend_schema(responses=ClubSerializer(many=True), summary="Every club on the server")
    def get(self, request):
        return Response([{"slug": club.slug, "name": club.name} for club in selectors.clubs()])


class ClubEvents(ReadOnly):
    @extend_schema(responses=EventSerializer(many=True), summary="A club's published events, the newest first")
    def get(self, request, club: str):
        club = selectors.club_by_slug(club)
        if club is None:
            raise Http404(_("No such club."))
        return Response([selectors.event_summary(event) for event in selectors.published_events(club)])


class Event(ReadOnly):
    @extend_schema(responses=EventSerializer, summary="A published event")
    def get(self, request, tournament_id: int):
        return Response(selectors.event_summary(_event(tournament_id)))


class Series(ReadOnly):
    @extend_schema(responses=SeriesSerializer(many=True), summary="A published event's drawn series")
    def get(self, request, tournament_id: int):
        return Response(reads.series(_event(tournament_id)))


class Seatings(ReadOnly):
    @extend_schema(responses=SeatSerializer(many=True), summary="Who sat where, each series and stay")
    def get(self, request, tournament_id: int):
        return Response(reads.seatings(_event(tournament_id)))


class Standings(ReadOnly):
    @extend_schema(responses=StandingsSerializer,
                   summary="The standings: the rows of `manage.py standings --format json`, with public names")
    def get(self, request, tournament_id: int):
        return Response(selectors.public_standings(_event(tournament_id)))


class Deals(ReadOnly):
    @extend_schema(responses=DealSerializer(many=True), summary="Every deal entered (voided ones left out)")
    def get(self, request, tournament_id: int):
        return Response(reads.deals(_event(tournament_id)))


class Player(ReadOnly):
    @extend_schema(responses=OpenApiTypes.OBJECT, summary="A player's public page")
    def get(self, request, tournament_id: int, player_id: int):
        page = selectors.public_player(_event(tournament_id), player_id)
        if page is None:
            raise Http404(_("No such player."))
        return Response(page)


class SeasonSerializer(serializers.Serializer):
    slug = serializers.SlugField()
    name = serializers.CharField()


class Seasons(ReadOnly):
    @extend_schema(responses=SeasonSerializer(many=True), summary="A club's seasons whose events are all published")
    def get(self, request, club: str):
        seasons = reads.seasons_of(club)
        if seasons is None:
            raise Http404(_("No such club."))
        return Response(seasons)


class SeasonTable(ReadOnly):
    @extend_schema(responses=OpenApiTypes.OBJECT,
                   summary="A season's table: the JSON of `manage.py season table SLUG --format json`, public names")
    def get(self, request, club: str, slug: str):
        table = reads.season_table(club, slug)
        if table is None:
            raise Http404(_("No such published season."))
        return Response(table)


class QualifiedSerializer(serializers.Serializer):
    person = serializers.CharField(allow_null=True, help_text="the federation number, or null")
    name = serializers.CharField(help_text="as the public pages show it")
    rank = serializers.IntegerField()
    tie = serializers.BooleanField(help_text="equal at the cut: all of that rank go through")


class ReserveSerializer(serializers.Serializer):
    person = serializers.CharField(allow_null=True)
    name = serializers.CharField()
    rank = serializers.IntegerField()


class RegionListSerializer(serializers.Serializer):
    region = serializers.CharField()
    quota = serializers.IntegerField()
    qualified = QualifiedSerializer(many=True)
    reserves = ReserveSerializer(many=True)


class SeasonQualification(ReadOnly):
    @extend_schema(responses=RegionListSerializer(many=True),
                   parameters=[OpenApiParameter("category", str, description="the lists of this category")],
                   summary="An association's qualification lists per region: `manage.py season qualify SLUG "
                           "--format json`, public names")
    def get(self, request, club: str, slug: str):
        lists = reads.season_qualification(club, slug, request.query_params.get("category") or None)
        if lists is None:
            raise Http404(_("No such published season."))
        return Response(lists)


class LeagueRowSerializer(serializers.Serializer):
    team = serializers.IntegerField()
    name = serializers.CharField()
    rank = serializers.IntegerField()
    points = serializers.FloatField(help_text="Wertungspunkte won (a whole number, or a half)")
    points_against = serializers.FloatField(help_text="Wertungspunkte lost: the most it could have won less won")
    game_points = serializers.IntegerField(help_text="Spielpunkte: the sum of its series sums")
    days_played = serializers.IntegerField()
    status = serializers.ChoiceField(choices=["promote", "relegate"], allow_null=True)


class LeagueTableSerializer(serializers.Serializer):
    league = serializers.SlugField()
    name = serializers.CharField()
    rows = LeagueRowSerializer(many=True)
    provisional = serializers.ListField(child=serializers.IntegerField(),
                                        help_text="the match days whose results are not binding yet")


class LeagueTable(ReadOnly):
    @extend_schema(responses=LeagueTableSerializer,
                   summary="A published league's table: its rows are those `manage.py league table SLUG --format "
                           "json` prints")
    def get(self, request, slug: str):
        table = reads.league_table(slug)
        if table is None:
            raise Http404(_("No such published league."))
        return Response(table)


class LeagueDay(ReadOnly):
    @extend_schema(responses=OpenApiTypes.OBJECT,
                   summary="A published league's match day: `manage.py league day SLUG --day D --format json`")
    def get(self, request, slug: str, day: int):
        found = reads.league_day(slug, day)
        if found is None:
            raise Http404(_("No such match day of a published league."))
        return Response(found)


def nothing_here(request, rest: str = ""):
    """Any other address under /api/: 405 for a method that would change something, else 404."""
    if request.method not in ("GET", "HEAD", "OPTIONS"):
        return JsonResponse({"detail": _("Method not allowed.")}, status=405, headers={"Allow": "GET, HEAD, OPTIONS"})
    return JsonResponse({"detail": _("Not found.")}, status=404)
