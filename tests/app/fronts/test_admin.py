"""The Django admin is for superusers only (issue 24, finding 6).

Django's model permissions know nothing of clubs: a staff user who may change clubs may change
every club.  So a staff user who is not a superuser, even one holding every model permission,
gets the admin's login page for every page of every registered model, and his writes change
nothing; a superuser gets each page.
"""

import pytest
from axes.models import AccessAttempt, AccessFailureLog, AccessLog
from django.contrib import admin
from django.contrib.auth import get_user_model
from django.contrib.auth.models import Group, Permission
from django.test import Client
from django.urls import reverse
from rest_framework.authtoken.models import Token

from tests.app.conftest import pair
from tournaments.models import (
    Absence,
    AuditEntry,
    ByeRequest,
    CheckIn,
    Club,
    ForbiddenPair,
    Membership,
    PlayerSide,
    Registration,
    Tournament,
)
from tournaments.services.events import add_section, create_event
from tournaments.services.forbidden_pairs import forbid_pair
from tournaments.services.players import set_absence

MODELS = sorted(admin.site._registry, key=lambda model: model._meta.label)
OURS = {"tournaments.Club", "tournaments.Tournament", "tournaments.Player", "tournaments.Round",
        "tournaments.Game", "tournaments.Absence", "tournaments.ForbiddenPair", "tournaments.AuditEntry",
        "tournaments.PlayerSide", "tournaments.Registration", "tournaments.CheckIn", "tournaments.ByeRequest",
        "tournaments.Event", "auth.User", "auth.Group", "authtoken.TokenProxy",
        "axes.AccessAttempt", "axes.AccessFailureLog", "axes.AccessLog"}  # failed and made logins


@pytest.fixture
def staff_club_admin(outsider):
    """Bob, club admin of Paris, made staff with every model permission there is."""
    outsider.is_staff = True
    outsider.save()
    outsider.user_permissions.set(Permission.objects.all())
    return get_user_model().objects.get(pk=outsider.pk)  # no cached permissions


@pytest.fixture
def superuser(db):
    return get_user_model().objects.create_superuser("root", password="pw-root-123")


@pytest.fixture
def one_of_each(tournament, arbiter):
    """A row of every registered model, Lyon's."""
    pair(tournament, arbiter)
    players = list(tournament.players.order_by("pk"))
    set_absence(players[0], 2, "H", arbiter)
    forbid_pair(tournament, players[1], players[2], user=arbiter)
    PlayerSide.objects.create(tournament=tournament, registration=True)
    Registration.objects.create(tournament=tournament, user=arbiter, name="Late, Comer")
    CheckIn.objects.create(player=players[3], round_number=2)
    ByeRequest.objects.create(player=players[4], round_number=3)
    Group.objects.create(name="Helpers")
    add_section(create_event(tournament.club, arbiter, name="Lyon Open"), tournament, arbiter)
    Token.objects.create(user=arbiter)
    for password in ("wrong", "pw-ann-123"):  # a failed login, then a login (django-axes logs both)
        Client().post(reverse("login"), {"username": "ann", "password": password})
    assert Absence.objects.exists() and ForbiddenPair.objects.exists() and AuditEntry.objects.exists()
    assert AccessAttempt.objects.exists() and AccessFailureLog.objects.exists() and AccessLog.objects.exists()


def admin_url(model, view: str, *args) -> str:
    return reverse(f"admin:{model._meta.app_label}_{model._meta.model_name}_{view}", args=args)


def is_admin_login(response) -> bool:
    return response.status_code == 302 and response.url.startswith(reverse("admin:login"))


def test_every_model_of_the_app_is_in_the_admin():
    assert {model._meta.label for model in MODELS} == OURS


@pytest.mark.parametrize("model", MODELS, ids=lambda model: model._meta.label)
def test_a_staff_user_who_is_no_superuser_gets_no_page_of_the_model(client, staff_club_admin, one_of_each,
                                                                    model):
    client.force_login(staff_club_admin)  # logged by django-axes (an AccessLog) before the count
    obj, count = model._default_manager.order_by("pk").first(), model._default_manager.count()
    for url in (admin_url(model, "changelist"), admin_url(model, "add"), admin_url(model, "change", obj.pk),
                admin_url(model, "history", obj.pk), admin_url(model, "delete", obj.pk)):
        assert is_admin_login(client.get(url)), url
    response = client.post(admin_url(model, "delete", obj.pk), {"post": "yes"})
    assert is_admin_login(response) and model._default_manager.count() == count
    assert is_admin_login(client.get(reverse("admin:index")))


@pytest.mark.parametrize("model", MODELS, ids=lambda model: model._meta.label)
def test_a_superuser_gets_every_page_of_the_model(client, superuser, one_of_each, model):
    obj = model._default_manager.order_by("pk").first()
    client.force_login(superuser)
    assert client.get(admin_url(model, "changelist")).status_code == 200
    assert client.get(admin_url(model, "change", obj.pk)).status_code == 200
    assert client.get(admin_url(model, "history", obj.pk)).status_code == 200


def club_form(club: Club, user) -> dict:
    """The club's change form with a new membership: ``user`` as its club admin."""
    return {"name": club.name, "slug": club.slug,
            "memberships-TOTAL_FORMS": "1", "memberships-INITIAL_FORMS": "0",
            "memberships-MIN_NUM_FORMS": "0", "memberships-MAX_NUM_FORMS": "1000",
            "memberships-0-user": str(user.pk), "memberships-0-role": Membership.Role.ADMIN,
            "memberships-0-club": str(club.pk)}


def test_a_club_admin_cannot_make_himself_admin_of_another_club(client, staff_club_admin, superuser, tournament):
    """The probe's escalation: Paris's admin adds himself to Lyon as club admin, then runs its
    tournaments.  Refused, and nothing changes; the same form from a superuser is taken."""
    lyon = Club.objects.get(slug="lyon")
    url = admin_url(Club, "change", lyon.pk)
    client.force_login(staff_club_admin)
    assert is_admin_login(client.post(url, club_form(lyon, staff_club_admin)))
    assert not Membership.objects.filter(club=lyon, user=staff_club_admin).exists()
    assert client.get(reverse("arbiter:tournament", args=[tournament.slug])).status_code == 404
    assert Tournament.objects.get(pk=tournament.pk).name == "Spring Open"

    client.force_login(superuser)
    assert client.post(url, club_form(lyon, staff_club_admin)).status_code == 302
    assert Membership.objects.get(club=lyon, user=staff_club_admin).role == Membership.Role.ADMIN


def test_a_superuser_deletes_a_tournament_with_its_log_which_nobody_edits(client, superuser, tournament):
    """A tournament not yet paired (a paired one's games are protected)."""
    client.force_login(superuser)
    entry = AuditEntry.objects.filter(tournament=tournament).first()
    assert client.get(admin_url(AuditEntry, "add")).status_code == 403
    assert client.post(admin_url(AuditEntry, "change", entry.pk), {"summary": "forged"}).status_code == 403
    assert client.post(admin_url(Tournament, "delete", tournament.pk), {"post": "yes"}).status_code == 302
    assert not Tournament.objects.filter(pk=tournament.pk).exists()
    assert not AuditEntry.objects.filter(tournament_id=tournament.pk).exists()
