"""The public sign-up's addresses (no login), mounted at the site's root beside the public pages."""

from django.urls import path

from seating import signup_views

app_name = "signup"

urlpatterns = [
    path("club/<slug:club>/signup/<int:tournament_id>/", signup_views.signup_form, name="form"),
    path("club/<slug:club>/signup/mine/<str:token>/", signup_views.signup_status, name="status"),
]
