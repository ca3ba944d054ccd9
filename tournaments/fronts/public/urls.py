from django.urls import path

from tournaments.fronts.public import events, live, prizes, pwa, teams
from tournaments.fronts.public import views as public

app_name = "public"
urlpatterns = [
    path("", public.home, name="home"),
    path("e/<slug:event>/", events.event, name="event"),
    path("sw.js", pwa.service_worker, name="service_worker"),
    path("manifest.webmanifest", pwa.manifest, name="manifest"),
    path("t/<slug:slug>/", public.tournament, name="tournament"),
    path("t/<slug:slug>/round/<int:number>/", public.round_pairings, name="round"),
    path("t/<slug:slug>/round/<int:number>/live/", live.round_boards, name="round_live"),
    path("t/<slug:slug>/round/<int:number>/boards.pdf", public.round_pdf, {"kind": "boards"}, name="boards_pdf"),
    path("t/<slug:slug>/round/<int:number>/names.pdf", public.round_pdf, {"kind": "names"}, name="names_pdf"),
    path("t/<slug:slug>/round/<int:number>/slips.pdf", public.round_pdf, {"kind": "slips"}, name="slips_pdf"),
    path("t/<slug:slug>/qr.svg", public.qr_code, name="qr"),
    path("t/<slug:slug>/standings.pdf", public.standings_pdf, name="standings_pdf"),
    path("t/<slug:slug>/crosstable.pdf", public.crosstable_pdf, name="crosstable_pdf"),
    path("t/<slug:slug>/standings/", public.standings, name="standings"),
    path("t/<slug:slug>/crosstable/", public.crosstable_view, name="crosstable"),
    path("t/<slug:slug>/prizes/", prizes.prizes, name="prizes"),
    path("t/<slug:slug>/prizes.pdf", prizes.prizes_pdf, name="prizes_pdf"),
    path("t/<slug:slug>/player/<int:number>/", public.player, name="player"),
    path("t/<slug:slug>/player/<int:number>/live/", live.player_notice_part, name="player_live"),
    path("t/<slug:slug>/player/<int:number>/tiebreak/", public.tiebreak, name="tiebreak"),
    # A team event's pages (C.04.6)
    path("t/<slug:slug>/teams/round/<int:number>/", teams.team_round, name="team_round"),
    path("t/<slug:slug>/teams/standings/", teams.team_standings, name="team_standings"),
    path("t/<slug:slug>/teams/crosstable/", teams.team_crosstable, name="team_crosstable"),
    path("t/<slug:slug>/teams/round/<int:number>/matches.pdf", teams.team_round_pdf, name="team_round_pdf"),
    path("t/<slug:slug>/teams/round/<int:number>/slips.pdf", teams.team_round_pdf, {"kind": "slips"},
         name="team_slips_pdf"),
    path("t/<slug:slug>/teams/round/<int:number>/names.pdf", teams.team_round_pdf, {"kind": "names"},
         name="team_names_pdf"),
    path("t/<slug:slug>/teams/standings.pdf", teams.team_standings_pdf, name="team_standings_pdf"),
    path("t/<slug:slug>/teams/crosstable.pdf", teams.team_crosstable_pdf, name="team_crosstable_pdf"),
]
