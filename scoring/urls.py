from django.urls import path

from scoring import views

app_name = "scoring"

urlpatterns = [
    path("", views.home, name="home"),
    path("score/", views.calculator, name="calculator"),
]
