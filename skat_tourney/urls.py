"""The URL tree: the public pages, the rules engine's calculator, the login pages and the Django admin."""

from django.contrib import admin
from django.urls import include, path

urlpatterns = [
    path("admin/", admin.site.urls),
    path("accounts/", include("accounts.urls")),
    path("director/", include("seating.urls")),
    path("", include("scoring.urls")),
]
