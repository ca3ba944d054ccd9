"""A club's members kept by its club admin in a real browser, on a 390 px phone: a new arbiter added by
e-mail, made chief arbiter, the last club admin kept; the new arbiter signs in with the mail's code on his
own phone, finds the club's tournaments under My tournaments and reads the members page without its
forms.  The page on a desktop and on paper."""

import re

import pytest
from django.contrib.auth import get_user_model
from playwright.sync_api import expect

from tests.app.conftest import make_tournament
from tests.browser.conftest import DESKTOP, PHONE, log_in, no_sideways_scroll, screenshot
from tests.browser.player_side import mails_to, phone_as
from tournaments.models import Club, Membership

pytestmark = pytest.mark.browser


def test_a_club_admin_adds_an_arbiter_who_signs_in_with_his_mail(page, live_server, smtp, transactional_db):
    club = Club.objects.create(name="Lyon Chess", slug="lyon")
    admin = get_user_model().objects.create_user("zoe", email="zoe@example.org", password="pw-zoe-123")
    Membership.objects.create(club=club, user=admin, role=Membership.Role.ADMIN)
    make_tournament(club, players=6, name="Autumn Open")
    page.set_viewport_size(PHONE)
    log_in(page, "zoe", "pw-zoe-123")
    page.get_by_role("link", name="Members of Lyon Chess").click()
    expect(page.locator("h1")).to_have_text("Lyon Chess: members")
    form = page.locator("#add-member")
    form.locator("#member-email").fill("Dora@Example.org")
    form.get_by_role("button", name="Add").click()
    expect(page.locator(".messages")).to_contain_text("Dora@Example.org added to the club.")
    dora = Membership.objects.get(user__email="dora@example.org")
    card = page.locator(f"#member-{dora.pk}")
    expect(card.locator("select")).to_have_value("deputy")
    card.locator("select").select_option("chief")
    card.get_by_role("button", name="Save").click()
    expect(page.locator(".messages")).to_contain_text("Role saved: Chief arbiter.")
    mine = Membership.objects.get(user=admin)
    page.locator(f"#member-{mine.pk} select").select_option("deputy")
    page.locator(f"#member-{mine.pk}").get_by_role("button", name="Save").click()
    expect(page.locator(".messages")).to_contain_text("The club needs a club admin")
    expect(page.locator("#audit-entries li").first).to_contain_text("dora@example.org: Deputy arbiter → Chief arbiter")
    no_sideways_scroll(page, "the club's members, on a phone")
    screenshot(page, "club-members-01-phone")
    page.set_viewport_size(DESKTOP)
    screenshot(page, "club-members-02-desktop")
    page.emulate_media(media="print")  # on paper: the members and their roles, no form
    expect(page.locator("#add-member")).to_be_hidden()
    expect(card.locator(".print-only")).to_have_text("Chief arbiter")
    expect(card.locator("select")).to_be_hidden()
    screenshot(page, "club-members-03-print")
    assert Membership.objects.get(user=admin).role == Membership.Role.ADMIN

    # Dora, on her own phone: the player sign-in's code, then the club's tournaments.
    phone = phone_as(page, live_server)
    phone.goto("/me/sign-in/")
    phone.fill("#id_email", "dora@example.org")
    phone.click("#send-link")
    body = mails_to(smtp, "dora@example.org", "Your sign-in link")[-1]
    phone.fill("#id_code", re.search(r"code on the sign-in page: (\d{6})", body).group(1))
    phone.click("#code-sign-in")
    phone.get_by_role("link", name="My tournaments").click()
    expect(phone.locator("#my-tournaments")).to_contain_text("Autumn Open")
    phone.get_by_role("link", name="Members of Lyon Chess").click()
    expect(phone.locator(f"#member-{dora.pk} .member-role")).to_have_text("Chief arbiter")
    expect(phone.locator("#add-member")).to_have_count(0)
    no_sideways_scroll(phone, "the club's members read by a chief arbiter, on a phone")
    screenshot(phone, "club-members-04-chief-phone")


def test_the_sites_staff_make_a_club_on_a_phone(page, transactional_db):
    get_user_model().objects.create_user("site", password="pw-site-123", is_staff=True)
    page.set_viewport_size(PHONE)
    log_in(page, "site", "pw-site-123")
    page.click("#clubs-link")
    expect(page.locator("h1")).to_have_text("Clubs")
    form = page.locator("#add-club")
    form.locator("#club-name").fill("Nice Chess")
    form.locator("#club-admin").fill("first@example.org")
    form.get_by_role("button", name="Create the club").click()
    expect(page.locator(".messages")).to_contain_text("Nice Chess created: first@example.org is its club admin.")
    club = Club.objects.get(name="Nice Chess")
    expect(page.locator(f"#club-{club.pk}")).to_contain_text("first@example.org")
    no_sideways_scroll(page, "the clubs, on a phone")
    screenshot(page, "clubs-01-phone")
