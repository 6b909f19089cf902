"""The director's URL tree (staff only), mounted at ``director/``: one tournament's pages below its number
(the list of tournaments and the new-tournament form are ``scoring:tournaments``: a tournament opens with its
rulebook)."""

from django.urls import path

from seating import views

app_name = "seating"

urlpatterns = [
    path("<int:pk>/", views.players, name="players"),
    path("<int:pk>/players/register/", views.player_register_view, name="player_register"),
    path("<int:pk>/players/import/", views.players_import_view, name="players_import"),
    path("<int:pk>/players/experts/", views.players_experts, name="players_experts"),
    path("<int:pk>/players/<int:player_id>/expert/", views.player_expert, name="player_expert"),
    path("<int:pk>/players/grouping/", views.players_grouping, name="players_grouping"),
    path("<int:pk>/teams/", views.team_create_view, name="team_create"),
    path("<int:pk>/teams/<int:team_id>/delete/", views.team_delete_view, name="team_delete"),
    path("<int:pk>/categories/", views.category_create_view, name="category_create"),
    path("<int:pk>/categories/<int:category_id>/delete/", views.category_delete_view, name="category_delete"),
    path("<int:pk>/plan/", views.plan, name="plan"),
    path("<int:pk>/plan/preview/", views.plan_preview, name="plan_preview"),
    path("<int:pk>/draw/", views.draw, name="draw"),
    path("<int:pk>/draw/clear/", views.clear_draw, name="clear_draw"),
    path("<int:pk>/seating/", views.seating, name="seating"),
    path("<int:pk>/print/", views.print_page, name="print"),
    path("<int:pk>/print/language/", views.print_language, name="print_language"),
    path("<int:pk>/print/jobs/<int:job_id>/", views.print_job, name="print_job"),
    path("<int:pk>/print/jobs/<int:job_id>/pdf/", views.print_job_pdf, name="print_job_pdf"),
    path("<int:pk>/print/<slug:document>/<slug:size>.pdf", views.print_now, name="print_now"),
    path("<int:pk>/print/<slug:document>/<slug:size>/", views.print_start, name="print_start"),
]
