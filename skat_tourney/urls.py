"""The URL tree: the public pages, the rules engine's calculator, the login pages, the language switch
(Django's ``set_language`` at /i18n/setlang/), the cash desk (/cash/) and the Django admin."""

from django.contrib import admin
from django.urls import include, path

from leagues import views as leagues_views

# The admin sees every club's data, so it is the server's superuser's alone: a club's director, committee or cashier
# works on the club's own pages, which are scoped to his club (clubs.scope).
admin.site.has_permission = lambda request: request.user.is_active and request.user.is_superuser

urlpatterns = [
    path("admin/", admin.site.urls),
    path("accounts/", include("accounts.urls")),
    path("i18n/", include("django.conf.urls.i18n")),
    path("director/", include("skat_tourney.director_urls")),
    # a club's seasons (before the club's office, which shares the prefix); the slug names the club (clubs.scope)
    path("club/<slug:club>/seasons/", include("seasons.urls")),
    path("club/<slug:club>/leagues/", include("leagues.urls")),  # league play: the director's and captains'
    path("start/", leagues_views.landing, name="landing"),  # after the login: a captain's team, else the home
    path("club/<slug:club>/stats/", include("stats.urls")),  # the director's statistics of his club's members
    path("club/<slug:club>/", include("clubs.urls")),  # the club's office; the slug names the club (clubs.scope)
    path("cash/", include("cashdesk.urls")),
    path("api/", include("public.api.urls")),  # the open API: read-only, published events only
    path("", include("public.urls")),  # results for everyone: club/<club>/..., p/<token>/
    path("", include("seating.signup_urls")),  # sign-up before the day: club/<club>/signup/...
    path("", include("scoring.urls")),
]
