from django.urls import path

from . import views

app_name = "pairing"
urlpatterns = [
    path("t/<slug:slug>/pair/", views.pair, name="pair"),
    path("t/<slug:slug>/round/<int:number>/", views.round_detail, name="round"),
    path("t/<slug:slug>/round/<int:number>/publish/", views.publish, name="publish"),
    path("t/<slug:slug>/round/<int:number>/discard/", views.discard, name="discard"),
    path("t/<slug:slug>/round/<int:number>/change/", views.manual_change, name="manual_change"),
    path("t/<slug:slug>/round/<int:number>/explanation/", views.explanation, name="explanation"),
]
