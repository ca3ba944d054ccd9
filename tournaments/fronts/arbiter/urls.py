"""The arbiter's pages, under /manage/; who may open each: ``tournaments.fronts.permissions.RULES``."""

from django.urls import path

from . import entries, notices, prizes, rating_lists, rounds, teams, views

app_name = "arbiter"
urlpatterns = [
    path("", views.dashboard, name="dashboard"),
    path("api-token/", views.api_token, name="api_token"),
    path("new/", views.tournament_create, name="tournament_create"),
    path("import/", views.tournament_import, name="tournament_import"),
    path("rating-lists/", rating_lists.rating_lists, name="rating_lists"),
    path("t/<slug:slug>/", views.tournament, name="tournament"),
    path("t/<slug:slug>/edit/", views.tournament_edit, name="tournament_edit"),
    path("t/<slug:slug>/fide-mode/", views.fide_mode, name="fide_mode"),
    path("t/<slug:slug>/listing/", views.tournament_listing, name="tournament_listing"),
    path("t/<slug:slug>/export.trf", views.trf_export, name="trf_export"),
    path("t/<slug:slug>/audit/", views.audit_log, name="audit"),
    path("t/<slug:slug>/audit.csv", views.audit_csv, name="audit_csv"),
    path("t/<slug:slug>/players/add/", views.player_add, name="player_add"),
    path("t/<slug:slug>/players/import/", views.player_import, name="player_import"),
    path("t/<slug:slug>/players/lookup/", rating_lists.rating_lookup, name="rating_lookup"),
    path("t/<slug:slug>/players/ratings/", rating_lists.rating_update, name="rating_update"),
    path("t/<slug:slug>/players/<int:pk>/", views.player_edit, name="player_edit"),
    path("t/<slug:slug>/players/<int:pk>/delete/", views.player_delete, name="player_delete"),
    path("t/<slug:slug>/players/<int:pk>/withdraw/", views.player_withdraw, name="player_withdraw"),
    path("t/<slug:slug>/players/<int:pk>/absence/", views.player_absence, name="player_absence"),
    path("t/<slug:slug>/forbidden-pairs/", views.forbidden_pair_add, name="forbidden_pair_add"),
    path("t/<slug:slug>/forbidden-pairs/<int:pk>/remove/", views.forbidden_pair_remove,
         name="forbidden_pair_remove"),
    path("t/<slug:slug>/prizes/", prizes.prizes, name="prizes"),
    path("t/<slug:slug>/prizes/rules/", prizes.prize_rules, name="prize_rules"),
    path("t/<slug:slug>/prizes/<int:pk>/remove/", prizes.prize_remove, name="prize_remove"),
    path("t/<slug:slug>/games/<int:pk>/result/", views.result_enter, name="result"),
    # The player's side: its settings, entries, bye requests, check-in.
    path("t/<slug:slug>/player-side/", entries.player_side, name="player_side"),
    path("t/<slug:slug>/entries/", entries.entries, name="entries"),
    path("t/<slug:slug>/registrations/<int:pk>/", entries.registration_decide, name="registration_decide"),
    path("t/<slug:slug>/bye-requests/<int:pk>/", entries.bye_request_decide, name="bye_request_decide"),
    path("t/<slug:slug>/check-in/absent/", entries.mark_absent, name="mark_absent"),
    path("t/<slug:slug>/check-in/qr/", entries.check_in_qr, name="check_in_qr"),
    # The rounds: pair, watch the task, publish or discard, change a draft by hand, its explanation.
    path("t/<slug:slug>/pair/", rounds.pair, name="pair"),
    path("t/<slug:slug>/round/<int:number>/", rounds.round_detail, name="round"),
    path("t/<slug:slug>/round/<int:number>/publish/", rounds.publish, name="publish"),
    path("t/<slug:slug>/round/<int:number>/discard/", rounds.discard, name="discard"),
    path("t/<slug:slug>/round/<int:number>/pair-again/", rounds.pair_again, name="pair_again"),
    path("t/<slug:slug>/round/<int:number>/change/", rounds.manual_change, name="manual_change"),
    path("t/<slug:slug>/round/<int:number>/explanation/", rounds.explanation, name="explanation"),
    # The pairing notices: the round's start time, the failed notices sent again.
    path("t/<slug:slug>/round/<int:number>/start/", notices.round_start, name="round_start"),
    path("t/<slug:slug>/round/<int:number>/notices/resend/", notices.notices_resend, name="notices_resend"),
    # A team event (C.04.6): rules, teams and rosters, line-ups, board results, the team TRF file.
    path("t/<slug:slug>/teams/", teams.teams, name="teams"),
    path("t/<slug:slug>/teams/add/", teams.team_add, name="team_add"),
    path("t/<slug:slug>/teams/<int:pk>/members/", teams.member_add, name="member_add"),
    path("t/<slug:slug>/teams/<int:pk>/absence/", teams.team_absence, name="team_absence"),
    path("t/<slug:slug>/teams/round/<int:number>/", teams.team_round, name="team_round"),
    path("t/<slug:slug>/teams/round/<int:number>/match/<int:pk>/line-up/<int:team>/", teams.line_up,
         name="line_up"),
    path("t/<slug:slug>/teams/round/<int:number>/match/<int:pk>/forfeit/", teams.match_forfeit,
         name="match_forfeit"),
    path("t/<slug:slug>/teams/board/<int:pk>/result/", teams.board_result, name="board_result"),
    path("t/<slug:slug>/teams/export.trf", teams.team_export, name="team_export"),
]
