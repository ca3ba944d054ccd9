from django.urls import path

from tournaments.fronts.api import team_views, views

app_name = "api"
urlpatterns = [
    path("", views.ApiRoot.as_view(), name="root"),
    path("tournaments/", views.TournamentList.as_view(), name="tournaments"),
    path("events/", views.EventList.as_view(), name="events"),
    path("events/<slug:event>/", views.EventDetail.as_view(), name="event"),
    path("events/<slug:event>/sections/", views.EventSections.as_view(), name="event_sections"),
    path("rating-list/", views.RatingListSearch.as_view(), name="rating_list"),
    path("tournaments/<slug:slug>/", views.TournamentDetail.as_view(), name="tournament"),
    path("tournaments/<slug:slug>/players/", views.PlayerList.as_view(), name="players"),
    path("tournaments/<slug:slug>/rounds/", views.RoundList.as_view(), name="rounds"),
    path("tournaments/<slug:slug>/rounds/<int:number>/", views.RoundDetail.as_view(), name="round"),
    path("tournaments/<slug:slug>/rounds/<int:number>/status/", views.RoundStatus.as_view(), name="round_status"),
    path("tournaments/<slug:slug>/rounds/<int:number>/publish/", views.PublishRound.as_view(), name="publish"),
    path("tournaments/<slug:slug>/rounds/<int:number>/explanation/", views.RoundExplanation.as_view(),
         name="explanation"),
    path("tournaments/<slug:slug>/rounds/<int:number>/explanation/arbiter/", views.ArbiterRoundExplanation.as_view(),
         name="arbiter_explanation"),
    path("tournaments/<slug:slug>/rounds/<int:number>/manual-changes/", views.ManualChangeList.as_view(),
         name="manual_changes"),
    path("tournaments/<slug:slug>/rounds/<int:number>/boards/<int:board>/result/", views.EnterResult.as_view(),
         name="result"),
    path("tournaments/<slug:slug>/standings/", views.Standings.as_view(), name="standings"),
    path("tournaments/<slug:slug>/crosstable/", views.Crosstable.as_view(), name="crosstable"),
    path("tournaments/<slug:slug>/prizes/", views.Prizes.as_view(), name="prizes"),
    path("me/entries/<int:entry>/board/", views.MyBoard.as_view(), name="my_board"),
    path("tournaments/<slug:slug>/pair/", views.PairRound.as_view(), name="pair"),
    # A team event (C.04.6)
    path("tournaments/<slug:slug>/teams/", team_views.TeamList.as_view(), name="teams"),
    path("tournaments/<slug:slug>/teams/rounds/<int:number>/", team_views.TeamRound.as_view(), name="team_round"),
    path("tournaments/<slug:slug>/teams/standings/", team_views.TeamStandings.as_view(), name="team_standings"),
]
