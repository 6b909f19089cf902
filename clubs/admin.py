"""The Django admin for clubs, roles and members (the server's superuser's: ``skat_tourney.urls``)."""

from django.contrib import admin

from clubs.models import Club, ClubRole, Member


@admin.register(Club)
class ClubAdmin(admin.ModelAdmin):
    list_display = ("name", "slug", "created_at")
    search_fields = ("name", "slug")


@admin.register(ClubRole)
class ClubRoleAdmin(admin.ModelAdmin):
    list_display = ("user", "role", "club")
    list_filter = ("club", "role")


@admin.register(Member)
class MemberAdmin(admin.ModelAdmin):
    list_display = ("name", "home_club", "number", "guest", "public", "club")
    list_filter = ("club", "guest", "public")
    search_fields = ("name", "number", "home_club")
