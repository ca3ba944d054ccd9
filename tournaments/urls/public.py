from django.urls import path

from ..views import public

app_name = "public"
urlpatterns = [
    path("", public.home, name="home"),
    path("t/<slug:slug>/", public.tournament, name="tournament"),
    path("t/<slug:slug>/round/<int:number>/", public.round_pairings, name="round"),
    path("t/<slug:slug>/standings/", public.standings, name="standings"),
    path("t/<slug:slug>/crosstable/", public.crosstable_view, name="crosstable"),
    path("t/<slug:slug>/player/<int:number>/", public.player, name="player"),
    path("t/<slug:slug>/player/<int:number>/tiebreak/", public.tiebreak, name="tiebreak"),
]
