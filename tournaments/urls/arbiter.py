from django.urls import path

from ..views import arbiter

app_name = "arbiter"
urlpatterns = [
    path("", arbiter.dashboard, name="dashboard"),
    path("new/", arbiter.tournament_create, name="tournament_create"),
    path("import/", arbiter.tournament_import, name="tournament_import"),
    path("t/<slug:slug>/", arbiter.tournament, name="tournament"),
    path("t/<slug:slug>/edit/", arbiter.tournament_edit, name="tournament_edit"),
    path("t/<slug:slug>/fide-mode/", arbiter.fide_mode, name="fide_mode"),
    path("t/<slug:slug>/listing/", arbiter.tournament_listing, name="tournament_listing"),
    path("t/<slug:slug>/export.trf", arbiter.trf_export, name="trf_export"),
    path("t/<slug:slug>/audit/", arbiter.audit_log, name="audit"),
    path("t/<slug:slug>/audit.csv", arbiter.audit_csv, name="audit_csv"),
    path("t/<slug:slug>/players/add/", arbiter.player_add, name="player_add"),
    path("t/<slug:slug>/players/import/", arbiter.player_import, name="player_import"),
    path("t/<slug:slug>/players/<int:pk>/", arbiter.player_edit, name="player_edit"),
    path("t/<slug:slug>/players/<int:pk>/delete/", arbiter.player_delete, name="player_delete"),
    path("t/<slug:slug>/players/<int:pk>/withdraw/", arbiter.player_withdraw, name="player_withdraw"),
    path("t/<slug:slug>/players/<int:pk>/absence/", arbiter.player_absence, name="player_absence"),
    path("t/<slug:slug>/forbidden-pairs/", arbiter.forbidden_pair_add, name="forbidden_pair_add"),
    path("t/<slug:slug>/forbidden-pairs/<int:pk>/remove/", arbiter.forbidden_pair_remove,
         name="forbidden_pair_remove"),
    path("t/<slug:slug>/games/<int:pk>/result/", arbiter.result_enter, name="result"),
]
