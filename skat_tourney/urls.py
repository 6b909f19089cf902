"""The URL tree: the public pages, the rules engine's calculator, the login pages, the language switch
(Django's ``set_language`` at /i18n/setlang/) and the Django admin."""

from django.contrib import admin
from django.urls import include, path

urlpatterns = [
    path("admin/", admin.site.urls),
    path("accounts/", include("accounts.urls")),
    path("i18n/", include("django.conf.urls.i18n")),
    path("director/", include("skat_tourney.director_urls")),
    path("", include("scoring.urls")),
]
