"""The director's URL tree (staff only), mounted at ``director/``, namespace ``director``: every page the director
works on, in one place. The list of tournaments and the new-tournament form (a tournament opens with its rulebook),
the backup, and one tournament's pages below its number: players, teams and categories, plan and draw, seating,
printing (seating's views) and the series of an event (scoring's). Here, above both apps, because seating never
imports scoring."""

from django.urls import path

from scoring.series import views as series
from scoring.tournaments import views as tournaments
from seating import member_entry_views as picker
from seating import signup_views
from seating import views as seating

app_name = "director"

urlpatterns = [
    path("", tournaments.tournament_list, name="tournaments"),
    path("backup/", tournaments.backup_now, name="backup-now"),
    path("like-last-time/", tournaments.like_last_time, name="like-last-time"),
    path("<int:pk>/", seating.players, name="players"),
    path("<int:pk>/players/register/", seating.player_register_view, name="player_register"),
    path("<int:pk>/players/pick/", picker.pick, name="pick"),
    path("<int:pk>/players/pick/search/", picker.pick_search, name="pick_search"),
    path("<int:pk>/players/guest/", picker.guest, name="guest"),
    path("<int:pk>/players/roll-call/", picker.roll_call_page, name="roll_call"),
    path("<int:pk>/players/import/", seating.players_import_view, name="players_import"),
    path("<int:pk>/players/experts/", seating.players_experts, name="players_experts"),
    path("<int:pk>/players/<int:player_id>/expert/", seating.player_expert, name="player_expert"),
    path("<int:pk>/players/grouping/", seating.players_grouping, name="players_grouping"),
    path("<int:pk>/teams/", seating.team_create_view, name="team_create"),
    path("<int:pk>/teams/<int:team_id>/delete/", seating.team_delete_view, name="team_delete"),
    path("<int:pk>/categories/", seating.category_create_view, name="category_create"),
    path("<int:pk>/categories/<int:category_id>/delete/", seating.category_delete_view, name="category_delete"),
    path("<int:pk>/plan/", seating.plan, name="plan"),
    path("<int:pk>/plan/preview/", seating.plan_preview, name="plan_preview"),
    path("<int:pk>/draw/", seating.draw, name="draw"),
    path("<int:pk>/draw/clear/", seating.clear_draw, name="clear_draw"),
    path("<int:pk>/seating/", seating.seating, name="seating"),
    path("<int:pk>/notice/", seating.notice_save, name="notice"),
    path("<int:pk>/signups/", signup_views.signups, name="signups"),
    path("<int:tournament_id>/series/", series.series_page, name="series"),
    path("<int:tournament_id>/series/draw/", series.series_draw_next, name="series-draw"),
    path("<int:tournament_id>/series/plan-again/", series.series_plan_again, name="series-plan-again"),
    path("<int:tournament_id>/series/add/", series.series_change, {"action": "add"}, name="series-add"),
    path("<int:tournament_id>/series/end/", series.series_change, {"action": "end"}, name="series-end"),
    path("<int:tournament_id>/series/late-entry/", series.late_entry, name="series-late-entry"),
    path("<int:tournament_id>/series/late-pick/", series.late_pick, name="series-late-pick"),
    path("<int:tournament_id>/series/withdraw/", series.withdraw, name="series-withdraw"),
    path("<int:tournament_id>/series/time/", series.series_time, name="series-time"),
    path("<int:tournament_id>/series/clock/start/", series.series_clock_change, {"action": "start"},
         name="series-clock-start"),
    path("<int:tournament_id>/series/clock/close/", series.series_clock_change, {"action": "close"},
         name="series-clock-close"),
    path("<int:pk>/print/", seating.print_page, name="print"),
    path("<int:pk>/print/language/", seating.print_language, name="print_language"),
    path("<int:pk>/print/jobs/<int:job_id>/", seating.print_job, name="print_job"),
    path("<int:pk>/print/jobs/<int:job_id>/pdf/", seating.print_job_pdf, name="print_job_pdf"),
    path("<int:pk>/print/<slug:document>/<slug:size>.pdf", seating.print_now, name="print_now"),
    path("<int:pk>/print/<slug:document>/<slug:size>/", seating.print_start, name="print_start"),
]
