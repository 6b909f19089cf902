"""The API's views: each is one read (``read_view``): the address's values given to ``public.api.reads``, 404 when
nothing published is there, else the answer produced by its serializer, which is also what the schema documents.
Every answer besides the 200 (304, 404, 429) is documented too (``ANSWERS``). Only GET (and HEAD, OPTIONS)."""

from django.http import Http404, JsonResponse
from django.utils.translation import gettext as _
from django.utils.translation import gettext_noop
from drf_spectacular.types import OpenApiTypes
from drf_spectacular.utils import OpenApiParameter, OpenApiResponse, extend_schema
from rest_framework import serializers
from rest_framework.exceptions import NotFound
from rest_framework.negotiation import DefaultContentNegotiation
from rest_framework.response import Response
from rest_framework.settings import api_settings
from rest_framework.views import APIView

from public.api import reads
from stats.core import GAME_KINDS


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
    """A row of the standings, its fields in the order ``manage.py standings`` writes them (the CSV's columns)."""

    player = serializers.IntegerField()
    name = serializers.CharField()
    games_won = serializers.IntegerField()
    games_lost = serializers.IntegerField()
    net_games = serializers.IntegerField()
    points_won = serializers.IntegerField()
    points_lost = serializers.IntegerField()
    net_points = serializers.IntegerField()
    total = serializers.IntegerField()
    game_points = serializers.IntegerField(required=False, help_text="Seeger-Fabian only")
    bonus = serializers.IntegerField(required=False, help_text="Seeger-Fabian only: +50 a game won, −50 a game lost")
    others_lost = serializers.IntegerField(required=False, help_text="Seeger-Fabian only: 40/30 a game another lost")
    rank = serializers.IntegerField()
    deals_played = serializers.IntegerField()


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


class SeasonSerializer(serializers.Serializer):
    slug = serializers.SlugField()
    name = serializers.CharField()


class Number(serializers.FloatField):
    """A number sent as it is read: a whole one as a whole number (``3``), a half as ``2.5``."""

    def to_representation(self, value):
        return value


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


class DeductionSerializer(serializers.Serializer):
    points = Number(help_text="the Wertungspunkte taken off (a whole number, or a half)")
    note = serializers.CharField(allow_blank=True, help_text="why: the director's note, or a no-show's")
    day = serializers.IntegerField(allow_null=True, help_text="the match day a team did not appear, else null")


class LeagueRowSerializer(serializers.Serializer):
    """A row of the league table: its fields in the order of ``leagues.columns.JSON_FIELDS``."""

    team = serializers.IntegerField()
    rank = serializers.IntegerField()
    name = serializers.CharField()
    points = Number(help_text="Wertungspunkte won, less the deductions (a whole number, or a half)")
    points_against = Number(help_text="Wertungspunkte lost: the most it could have won less won")
    game_points = serializers.IntegerField(help_text="Spielpunkte: the sum of its series sums")
    days_played = serializers.IntegerField()
    status = serializers.ChoiceField(choices=["promote", "relegate"], allow_null=True)
    deducted = Number(help_text="the Wertungspunkte taken off in all")
    deductions = DeductionSerializer(many=True)


class LeagueTableSerializer(serializers.Serializer):
    league = serializers.SlugField()
    name = serializers.CharField()
    rows = LeagueRowSerializer(many=True)
    provisional = serializers.ListField(child=serializers.IntegerField(),
                                        help_text="the match days whose results are not binding yet")


class DayTeamSerializer(serializers.Serializer):
    team = serializers.IntegerField(help_text="the team's id, as the league's table names it (its rows' `team`)")
    players = serializers.ListField(
        child=serializers.CharField(allow_null=True),
        help_text="who sat for the team in this series (line-up and substitutes), by the names the league's public "
                  "pages show; null for a member who did not agree to be published")
    sum = serializers.IntegerField(help_text="the series sum: its players' list totals")
    points = Number(help_text="the Wertungspunkte it won in this series (a whole number, or a half)")


class DaySeriesSerializer(serializers.Serializer):
    number = serializers.IntegerField()
    teams = DayTeamSerializer(many=True)


class DayGroupSerializer(serializers.Serializer):
    group = serializers.IntegerField()
    event = serializers.IntegerField(allow_null=True, help_text="the group's event, where it is published on its "
                                                                "own (`/api/v1/events/{id}/`), else null")
    series = DaySeriesSerializer(many=True, help_text="the series played")


class LeagueDaySerializer(serializers.Serializer):
    """A match day: the JSON of ``manage.py league day SLUG --day D --format json``, with public names."""

    day = serializers.IntegerField()
    groups = DayGroupSerializer(many=True, help_text="its groups with a seated event")


class ProblemSerializer(serializers.Serializer):
    detail = serializers.CharField(help_text="what is wrong, in the language the client asks for")


class ObjectSerializer(serializers.Serializer):
    """A free-form object (a player's page, a season's table): sent as read, keys as text."""

    def to_representation(self, instance):
        return serializers.DictField().to_representation(instance)


FORMAT = OpenApiParameter("format", str, OpenApiParameter.QUERY, enum=["json", "csv"],
                          description="`csv`: the answer's table as CSV; `json` (or no `format` at all): JSON. "
                                      "Any other value, an empty one too, answers 404.")
ANSWERS = {
    304: OpenApiResponse(description="Not modified: the ETag sent in `If-None-Match` is the answer's still"),
    404: OpenApiResponse(ProblemSerializer, description="No such published thing at this address, or a "
                                                        "`format` that is neither `json` nor `csv`"),
    429: OpenApiResponse(ProblemSerializer, description="Too many requests from this address: `Retry-After` says "
                                                        "how many seconds to wait"),
}
"""What every read answers besides its 200: the schema documents them all, and no other is sent."""


class StrictFormat(DefaultContentNegotiation):
    """``?format=`` names ``json`` or ``csv``; REST framework would take an empty one for none at all and answer
    200, which the schema does not allow: it is refused as any unknown format is, 404."""

    def select_renderer(self, request, renderers, format_suffix=None):
        if URL_FORMAT in request.query_params and not request.query_params[URL_FORMAT]:
            raise NotFound(_("No such format."))
        return super().select_renderer(request, renderers, format_suffix)


URL_FORMAT = api_settings.URL_FORMAT_OVERRIDE


class ReadOnly(APIView):
    """GET, HEAD and OPTIONS only: every other method answers 405."""

    http_method_names = ["get", "head", "options"]
    content_negotiation_class = StrictFormat


def read_view(read, serializer, *, summary: str, missing: str, many: bool = False, schema=None, query=()):
    """The API view of one read: ``read(**address)`` (the URL's values) returns what is published there or None
    (404, ``missing`` said in the client's language); the answer is produced by ``serializer``, the schema's
    own description of it (``schema`` where the schema says less than the serializer sends: a free-form object).
    ``query``: the read's optional query parameters (``OpenApiParameter``), given to it by name, None when empty."""

    class Read(ReadOnly):
        @extend_schema(responses={200: schema or serializer(many=many), **ANSWERS}, summary=summary,
                       parameters=[FORMAT, *query])
        def get(self, request, **address):
            asked = {parameter.name: request.query_params.get(parameter.name) or None for parameter in query}
            found = read(**address, **asked)
            if found is None:
                raise Http404(_(missing))
            return Response(serializer(found, many=many).data)

    return Read


Clubs = read_view(reads.clubs, ClubSerializer, many=True, summary="Every club on the server", missing="")
ClubEvents = read_view(reads.club_events, EventSerializer, many=True, missing=gettext_noop("No such club."),
                       summary="A club's published events, the newest first")
Event = read_view(reads.event, EventSerializer, summary="A published event",
                  missing=gettext_noop("No such published event."))
Series = read_view(reads.event_series, SeriesSerializer, many=True, summary="A published event's drawn series",
                   missing=gettext_noop("No such published event."))
Seatings = read_view(reads.event_seatings, SeatSerializer, many=True, summary="Who sat where, each series and stay",
                     missing=gettext_noop("No such published event."))
Standings = read_view(reads.event_standings, StandingsSerializer, missing=gettext_noop("No such published event."),
                      summary="The standings: the rows of `manage.py standings --format json`, with public names")
Deals = read_view(reads.event_deals, DealSerializer, many=True, summary="Every deal entered (voided ones left out)",
                  missing=gettext_noop("No such published event."))
Player = read_view(reads.player, ObjectSerializer, schema=OpenApiTypes.OBJECT, summary="A player's public page",
                   missing=gettext_noop("No such player."))
Seasons = read_view(reads.seasons_of, SeasonSerializer, many=True, missing=gettext_noop("No such club."),
                    summary="A club's seasons whose events are all published")
SeasonTable = read_view(reads.season_table, ObjectSerializer, schema=OpenApiTypes.OBJECT,
                        summary="A season's table: the JSON of `manage.py season table SLUG --format json`, public "
                                "names", missing=gettext_noop("No such published season."))
LeagueTable = read_view(reads.league_table, LeagueTableSerializer, missing=gettext_noop("No such published league."),
                        summary="A published league's table: its rows are those `manage.py league table SLUG "
                                "--format json` prints")
LeagueDay = read_view(reads.league_day, LeagueDaySerializer,
                      summary="A published league's match day: `manage.py league day SLUG --day D --format json`",
                      missing=gettext_noop("No such match day of a published league."))


def nothing_here(request, rest: str = ""):
    """Any other address under /api/: 405 for a method that would change something, else 404."""
    if request.method not in ("GET", "HEAD", "OPTIONS"):
        return JsonResponse({"detail": _("Method not allowed.")}, status=405, headers={"Allow": "GET, HEAD, OPTIONS"})
    return JsonResponse({"detail": _("Not found.")}, status=404)


class PlayedSerializer(serializers.Serializer):
    played = serializers.IntegerField()
    won = serializers.IntegerField()


class ByGameSerializer(serializers.Serializer):
    diamonds = PlayedSerializer()
    hearts = PlayedSerializer()
    spades = PlayedSerializer()
    clubs = PlayedSerializer()
    grand = PlayedSerializer()
    null = PlayedSerializer()


assert tuple(ByGameSerializer().fields) == GAME_KINDS  # the schema names every kind the figures count


class FiguresSerializer(serializers.Serializer):
    """A player's statistics: the object of ``manage.py stats member ID --format json`` (ratios rounded to 4
    decimals, null where the divisor is 0); ``member`` is the event player's id in an event's statistics."""

    member = serializers.IntegerField()
    name = serializers.CharField()
    events = serializers.IntegerField()
    series = serializers.IntegerField()
    deals = serializers.IntegerField()
    own_games = serializers.IntegerField()
    won = serializers.IntegerField()
    lost = serializers.IntegerField()
    win_rate = serializers.FloatField(allow_null=True)
    own_share = serializers.FloatField(allow_null=True)
    by_game = ByGameSerializer()
    hand = PlayedSerializer()
    passed_in = serializers.IntegerField()
    points = serializers.IntegerField()
    per_48 = serializers.FloatField(allow_null=True)
    per_series = serializers.FloatField(allow_null=True)
    best_series = serializers.IntegerField(allow_null=True)
    vs_table = serializers.FloatField(allow_null=True)


EventStatistics = read_view(reads.event_statistics, FiguresSerializer, many=True,
                            summary="A published event's players' statistics in that event (members who may be "
                                    "published)", missing=gettext_noop("No such published event."))
MemberStatistics = read_view(reads.member_statistics, FiguresSerializer,
                             summary="A member's statistics over the club's published events (a member who may be "
                                     "published)", missing=gettext_noop("No such member."))
SeasonQualification = read_view(
    reads.season_qualification, RegionListSerializer, many=True,
    query=[OpenApiParameter("category", str, OpenApiParameter.QUERY, description="the lists of this category")],
    summary="An association's qualification lists per region: `manage.py season qualify SLUG --format json`, "
            "public names", missing=gettext_noop("No such published season."))
