"""The cash desk's URL tree, under ``cash/<tournament_id>/`` (namespace ``cash``, scoped to the event's club by
``clubs.scope``)."""

from django.urls import path

from cashdesk import views

app_name = "cash"

urlpatterns = [
    path("<int:tournament_id>/", views.desk, name="desk"),
    path("<int:tournament_id>/take/", views.take, name="take"),
    path("<int:tournament_id>/take-league/", views.take_outside, name="take-league"),
    path("<int:tournament_id>/reverse/", views.reverse_line, name="reverse"),
    path("<int:tournament_id>/reverse-league/", views.reverse_outside, name="reverse-league"),
    path("<int:tournament_id>/report/", views.report, name="report"),
    path("<int:tournament_id>/report.pdf", views.report_pdf, name="report-pdf"),
    path("<int:tournament_id>/report.xlsx", views.report_xlsx, name="report-xlsx"),
]
