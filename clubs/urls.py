"""The club's office pages, mounted at ``club/<slug:club>/`` (namespace ``clubs``): the members registry. The
``club`` keyword names the club (``clubs.scope``); every page is the director's of that club."""

from django.urls import path

from clubs import association_views, views

app_name = "clubs"

urlpatterns = [
    path("members/", views.member_list, name="members"),
    path("language/", views.club_language, name="language"),
    path("association/", association_views.association_page, name="association"),
    path("association/number/", association_views.association_number, name="association_number"),
    path("association/merge/", association_views.association_merge, name="association_merge"),
    path("members/add/", views.member_add, name="member_add"),
    path("members/import/", views.members_import_view, name="members_import"),
    path("members/import/confirm/", views.members_import_confirm, name="members_import_confirm"),
    path("members/export/<slug:fmt>/", views.members_export_view, name="members_export"),
    path("members/duplicates/", views.duplicates, name="duplicates"),
    path("members/merge/", views.merge, name="members_merge"),
    path("members/<int:member_id>/", views.member_page, name="member"),
    path("members/<int:member_id>/edit/", views.member_edit, name="member_edit"),
    path("members/<int:member_id>/data/", views.member_data_view, name="member_data"),
    path("members/<int:member_id>/forget/", views.member_forget_view, name="member_forget"),
]
