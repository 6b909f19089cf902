from django.urls import path

from accounts import views

app_name = "accounts"

urlpatterns = [
    path("login/", views.LoginView.as_view(), name="login"),
    path("logout/", views.LogoutView.as_view(), name="logout"),
    path("people/", views.people, name="people"),
    path("people/<int:user_id>/remove/", views.person_remove_view, name="person-remove"),
    path("club/", views.club_switch, name="club-switch"),
]
