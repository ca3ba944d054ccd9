"""The pages of the pairing notices' links, for whoever got a mail (no account): unsubscribe."""

from django.urls import path

from tournaments.fronts.notices.views import unsubscribe_page

app_name = "notices"
urlpatterns = [
    # The link in every pairing notice (pairing/rounds/mailer.py): a signed token, a confirm button.
    path("unsubscribe/<str:token>/", unsubscribe_page, name="unsubscribe"),
]
