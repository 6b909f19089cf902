"""The director's statistics pages, mounted at ``club/<slug:club>/stats/`` (namespace ``stats``)."""

from django.urls import path

from stats import views

app_name = "stats"

urlpatterns = [
    path("", views.club_stats, name="club"),
    path("members/<int:member_id>/", views.member_stats, name="member"),
    path("person/", views.person_stats, name="person"),
    path("versus/", views.versus, name="versus"),
    path("review.pdf", views.review, name="review"),
]
