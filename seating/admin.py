"""The Django admin for everything in seating: list displays, filters and search for the director's staff."""

from django.contrib import admin
from simple_history.admin import SimpleHistoryAdmin

from seating.models import Pair, Player, Seat, Section, SitOut, Table, Tournament


@admin.register(Tournament)
class TournamentAdmin(SimpleHistoryAdmin):
    list_display = ("name", "date", "place", "method", "status", "draw_seed")
    list_filter = ("status", "method", "date")
    search_fields = ("name", "place")
    readonly_fields = ("draw_seed", "drawn_at", "created_at")


@admin.register(Player)
class PlayerAdmin(SimpleHistoryAdmin):
    list_display = ("name", "club", "membership_number", "is_expert", "tournament")
    list_filter = ("tournament", "is_expert", "club")
    search_fields = ("name", "club", "membership_number")
    list_editable = ("is_expert",)


@admin.register(Section)
class SectionAdmin(admin.ModelAdmin):
    list_display = ("__str__", "tournament", "stays", "phantom_pair")
    list_filter = ("tournament",)


@admin.register(Table)
class TableAdmin(admin.ModelAdmin):
    list_display = ("number", "tournament", "section", "number_in_section", "size", "controller")
    list_filter = ("tournament", "size")
    search_fields = ("controller__name",)
    list_select_related = ("section", "controller", "tournament")


@admin.register(Pair)
class PairAdmin(admin.ModelAdmin):
    list_display = ("number", "section", "first", "second")
    list_filter = ("section__tournament",)
    search_fields = ("first__name", "second__name")
    list_select_related = ("section", "first", "second")


@admin.register(Seat)
class SeatAdmin(admin.ModelAdmin):
    list_display = ("stay", "table", "seat", "player", "place", "pair")
    list_filter = ("tournament", "stay", "place")
    search_fields = ("player__name",)
    list_select_related = ("table", "player", "pair")


@admin.register(SitOut)
class SitOutAdmin(admin.ModelAdmin):
    list_display = ("stay", "player", "section")
    list_filter = ("tournament", "stay")
    search_fields = ("player__name",)
