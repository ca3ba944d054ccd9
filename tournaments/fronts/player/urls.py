"""The player's pages, under /me/ (permissions: ``player:`` in tournaments/fronts/permissions.py)."""

from django.urls import path

from . import results, sign_in, views

app_name = "player"

urlpatterns = [
    path("", views.home, name="home"),
    path("sign-in/", sign_in.sign_in, name="sign_in"),
    path("sign-in/code/", sign_in.code, name="code"),
    path("sign-in/link/", sign_in.link, name="link"),
    path("t/<slug:slug>/register/", views.register, name="register"),
    path("t/<slug:slug>/check-in/", views.venue_check_in, name="venue_check_in"),
    path("entries/<int:entry>/", views.entry, name="entry"),
    path("entries/<int:entry>/check-in/", views.check_in, name="check_in"),
    path("entries/<int:entry>/byes/", views.bye_request, name="bye_request"),
    path("byes/<int:bye_request>/cancel/", views.bye_cancel, name="bye_cancel"),
    path("registrations/<int:registration>/cancel/", views.registration_cancel, name="registration_cancel"),
    # Results from the board: the player's report, his answer to his opponent's; a result helper's page.
    path("entries/<int:entry>/result/", results.result_report, name="result_report"),
    path("entries/<int:entry>/result/withdraw/", results.result_withdraw, name="result_withdraw"),
    path("entries/<int:entry>/result/answer/", results.result_answer, name="result_answer"),
    path("help/<str:token>/", results.helper, name="helper"),
    path("help/<str:token>/games/<int:game>/", results.helper_fill, name="helper_fill"),
]
