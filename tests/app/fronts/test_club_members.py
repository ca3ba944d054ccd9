"""A club's members and their roles, kept by its club admins on the club's page (the permissions table's
"the club's members and roles" row): added by e-mail (an account made if there is none), role changed,
removed; the club always keeps a club admin; every change in the club's log with who made it; the other
members read the page, another club's arbiters get 404."""

import pytest
from django.contrib.auth import get_user_model
from django.urls import reverse

from tournaments.audit import Kind
from tournaments.models import AuditEntry, Club, Membership
from tournaments.services import Refused
from tournaments.services.club_members import add_club_member, create_club, remove_club_member, set_club_role

Role = Membership.Role


@pytest.fixture
def admin(club):
    user = get_user_model().objects.create_user("zoe", email="zoe@example.org", password="pw-zoe-123")
    Membership.objects.create(club=club, user=user, role=Role.ADMIN)
    return user


def page(client, club) -> str:
    return client.get(reverse("arbiter:club_members", args=[club.slug])).content.decode()


def test_an_admin_adds_a_member_by_email_changes_his_role_and_removes_him(club, admin):
    member = add_club_member(club, "  New.Arbiter@Example.org ", Role.DEPUTY, user=admin)
    assert (member.user.email, member.user.has_usable_password(), member.role) == (
        "new.arbiter@example.org", False, Role.DEPUTY)  # he signs in with a link or a code sent there
    with pytest.raises(Refused, match="member of the club already"):
        add_club_member(club, "new.arbiter@example.org", Role.CHIEF, user=admin)
    assert set_club_role(member, Role.CHIEF, user=admin) and not set_club_role(member, Role.CHIEF, user=admin)
    assert remove_club_member(member, user=admin) and not remove_club_member(member, user=admin)
    assert not Membership.objects.filter(user=member.user).exists()
    assert get_user_model().objects.filter(email="new.arbiter@example.org").exists()  # his account stays
    log = list(AuditEntry.objects.filter(club=club).order_by("pk").values_list("action", "user", "before", "after"))
    assert log == [
        ("added", admin.pk, None, {"member": "new.arbiter@example.org", "role": "deputy"}),
        ("role", admin.pk, {"member": "new.arbiter@example.org", "role": "deputy"},
         {"member": "new.arbiter@example.org", "role": "chief"}),
        ("removed", admin.pk, {"member": "new.arbiter@example.org", "role": "chief"}, None),
    ]
    assert not AuditEntry.objects.filter(club=club).exclude(kind=Kind.MEMBER).exists()


def test_an_existing_account_is_added_as_it_is(club, admin, arbiter):
    other = Club.objects.create(name="Nice Chess", slug="nice")
    arbiter.email = "ann@example.org"
    arbiter.save()
    Membership.objects.create(club=other, user=admin, role=Role.ADMIN)
    membership = add_club_member(other, "ANN@example.org", Role.CHIEF, user=admin)
    assert membership.user == arbiter and arbiter.memberships.count() == 2


@pytest.mark.parametrize(("email", "role", "message"), [
    ("not an address", Role.DEPUTY, "Enter a valid e-mail address."),
    ("x@example.org", "owner", "Choose a role."),
])
def test_bad_input_is_refused_and_changes_nothing(club, admin, email, role, message):
    with pytest.raises(Refused) as refused:
        add_club_member(club, email, role, user=admin)
    assert str(refused.value) == message
    assert club.memberships.count() == 1 and not AuditEntry.objects.filter(club=club).exists()


def test_the_club_keeps_a_club_admin(club, admin):
    mine = Membership.objects.get(user=admin)
    for action in (lambda: set_club_role(mine, Role.CHIEF, user=admin), lambda: remove_club_member(mine, user=admin)):
        with pytest.raises(Refused, match="The club needs a club admin"):
            action()
    assert Membership.objects.get(user=admin).role == Role.ADMIN
    second = add_club_member(club, "second@example.org", Role.ADMIN, user=admin)
    assert set_club_role(mine, Role.CHIEF, user=admin)  # another admin left: allowed
    with pytest.raises(Refused, match="The club needs a club admin"):
        remove_club_member(second, user=admin)


def test_the_page_for_the_admin_the_other_members_and_outsiders(client, club, admin, arbiter, outsider):
    url = reverse("arbiter:club_members", args=[club.slug])
    client.force_login(admin)
    response = client.post(url, {"email": "dep@example.org", "role": "deputy"}, follow=True)
    text = response.content.decode()
    assert "dep@example.org added to the club." in text and "Deputy arbiter" in text
    deputy = Membership.objects.get(user__email="dep@example.org")
    response = client.post(url, {"email": "dep@example.org", "role": "chief"})
    text = response.content.decode()
    assert response.status_code == 400 and "member of the club already" in text  # said, nothing changed
    assert 'value="dep@example.org"' in text and '<option value="chief" selected>' in text  # kept to correct
    role_url = reverse("arbiter:club_member_role", args=[club.slug, deputy.pk])
    assert "Role saved: Chief arbiter." in client.post(role_url, {"role": "chief"}, follow=True).content.decode()
    remove_url = reverse("arbiter:club_member_remove", args=[club.slug, deputy.pk])
    assert "dep@example.org removed from the club." in client.post(remove_url, follow=True).content.decode()
    # A second click on a form of a member removed meanwhile: said, no error page.
    for second in (client.post(remove_url, follow=True), client.post(role_url, {"role": "chief"}, follow=True)):
        assert second.status_code == 200 and "no longer a member of the club" in second.content.decode()
    assert "dep@example.org removed" in page(client, club)  # the club's log, with who did it
    assert 'id="add-member"' in page(client, club)
    # A chief arbiter reads the members, without the forms, and may change nothing.
    client.force_login(arbiter)
    text = page(client, club)
    assert "zoe@example.org" in text and 'id="add-member"' not in text and "member-remove" not in text
    assert client.post(url, {"email": "x@example.org", "role": "admin"}).status_code == 403
    mine = Membership.objects.get(user=arbiter)
    assert client.post(reverse("arbiter:club_member_role", args=[club.slug, mine.pk]),
                       {"role": "admin"}).status_code == 403
    assert Membership.objects.get(user=arbiter).role == Role.CHIEF
    # Another club's arbiter: no such page.
    client.force_login(outsider)
    assert client.get(url).status_code == 404
    assert client.post(remove_url).status_code == 404
    # The dashboard leads to the club's page.
    client.force_login(arbiter)
    assert url in client.get(reverse("arbiter:dashboard")).content.decode()


def test_a_member_added_by_email_signs_in_and_finds_the_club(client, club, admin):
    add_club_member(club, "new@example.org", Role.DEPUTY, user=admin)
    user = get_user_model().objects.get(email="new@example.org")
    client.force_login(user)  # as the player sign-in's link or code does
    assert client.get(reverse("arbiter:dashboard")).status_code == 200
    assert client.get(reverse("arbiter:club_members", args=[club.slug])).status_code == 200


def test_the_sites_staff_make_a_club_with_its_first_admin(client, club, admin, arbiter):
    staff = get_user_model().objects.create_user("site", password="pw-site-123", is_staff=True)
    made = create_club("  Nice   Chess ", "First.Admin@Example.org", user=staff)
    assert (made.name, made.slug) == ("Nice Chess", "nice-chess")
    assert [(m.user.email, m.role) for m in made.memberships.select_related("user")] == [
        ("first.admin@example.org", Role.ADMIN)]
    entry = AuditEntry.objects.get(club=made)
    assert (entry.action, entry.user, entry.after) == (
        "club created", staff, {"club": "Nice Chess", "member": "first.admin@example.org", "role": "admin"})
    for name, email, message in (("nice chess", "x@example.org", "exists already"), ("", "x@example.org", "a name"),
                                 ("Other", "x", "valid e-mail")):
        with pytest.raises(Refused, match=message):
            create_club(name, email, user=staff)
    assert Club.objects.filter(slug="lyon-chess").exists() is False  # "Lyon Chess" is slug "lyon"
    assert create_club("Lyon  Chess!", "y@example.org", user=staff).slug == "lyon-chess"
    # The page: the clubs with their admins, a new one; the staff's only (a club admin gets 403).
    url = reverse("arbiter:clubs")
    client.force_login(staff)
    text = client.get(url).content.decode()
    assert "Nice Chess" in text and "first.admin@example.org" in text and "zoe@example.org" in text
    text = client.post(url, {"name": "Paris Echecs", "email": "p@example.org"}, follow=True).content.decode()
    assert "Paris Echecs created: p@example.org is its club admin." in text
    response = client.post(url, {"name": "Paris Echecs", "email": "q@example.org"})
    assert response.status_code == 400 and "exists already" in response.content.decode()
    assert 'value="q@example.org"' in response.content.decode()
    assert 'id="clubs-link"' in client.get(reverse("arbiter:dashboard")).content.decode()
    client.force_login(admin)
    assert client.get(url).status_code == 403
    assert client.post(url, {"name": "X", "email": "x@example.org"}).status_code == 403
    assert 'id="clubs-link"' not in client.get(reverse("arbiter:dashboard")).content.decode()
    assert Club.objects.count() == 4
