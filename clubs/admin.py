"""The Django admin for clubs, roles and members (the server's superuser's: ``skat_tourney.urls``)."""

from django import forms
from django.conf import settings
from django.contrib import admin

from clubs.models import Club, ClubRole, Member


class ClubAdminForm(forms.ModelForm):
    language = forms.ChoiceField(choices=settings.LANGUAGES)  # one the product speaks, never free text

    class Meta:
        model = Club
        fields = ["slug", "name", "language"]


@admin.register(Club)
class ClubAdmin(admin.ModelAdmin):
    form = ClubAdminForm
    list_display = ("name", "slug", "language", "created_at")
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
