"""A three-section event end to end: the arbiter creates the event and adds its sections on a
desktop; players register on a 390 px phone through the event's one form (placed by rating, or in the
section they choose); the arbiter moves a player to another section before round 1; each section
pairs and publishes its round 1; the combined public page shows all three on a phone, and prints;
a section's prize list prints."""

import datetime
import io
import re

import pytest
from django.core import mail
from playwright.sync_api import expect
from pypdf import PdfReader

from tests.app.conftest import make_tournament
from tests.browser.conftest import ARTIFACTS, PHONE, log_in, no_sideways_scroll, screenshot
from tournaments.models import Club, Event, Player, PlayerSide
from tournaments.services.players import register_player
from tournaments.services.prizes import add_category

pytestmark = pytest.mark.browser

SECTIONS = {"Open A": {"min_rating": 2000}, "Open B": {"min_rating": 1600},
            "Open C": {"max_rating": 1599, "born_from": datetime.date(2008, 1, 1)}}


@pytest.fixture
def sections(arbiter):
    """The three tournaments, each with three players already and its entry conditions (A: 2000 and
    more, B: 1600 and more, C: under 1600 born 2008 or later); entries approved at once."""
    club = Club.objects.get(slug="lyon")
    made = {}
    for index, (name, conditions) in enumerate(SECTIONS.items()):
        section = make_tournament(club, players=0, rounds=5, name=name)
        PlayerSide.objects.create(tournament=section, registration=True, approval="auto", **conditions)
        for i in range(3):
            register_player(section, Player(name=f"{name[-1]}-Player, No{i + 1}", rating=2300 - 400 * index - 50 * i,
                                            birth_date=datetime.date(2010, 1, 1)))
        made[name] = section
    add_category(made["Open A"], "overall", ["300", "200", "Trophy"])
    return made


def create_event_with_sections(page, sections):
    log_in(page)
    page.click("#new-event")
    page.fill("#id_name", "Lyon Winter Open")
    page.fill("#id_venue", "Salle Rameau, Lyon")
    page.fill("#id_start_date", "2026-12-05")
    page.fill("#id_end_date", "2026-12-06")
    page.click("#create-event")
    expect(page.locator("h1")).to_have_text("Lyon Winter Open")
    for name in SECTIONS:  # the strongest first: the order a placement by rating tries them
        page.select_option("#id_tournament", label=name)
        page.click("#add-section-button")
        expect(page.locator(".messages")).to_contain_text(f"{name} is a section of Lyon Winter Open")
    expect(page.locator(".section-state")).to_have_count(3)
    return Event.objects.get(name="Lyon Winter Open")


def register_on_phone(page, live_server, event, email, name, rating, born="", section=""):
    """A player signs in (the code of the mail) from the event's page and registers on its one form."""
    context = page.context.browser.new_context(base_url=live_server.url, viewport=PHONE)
    phone = context.new_page()
    phone.set_default_timeout(20_000)
    mail.outbox = []
    phone.goto(event.get_absolute_url())
    phone.click("#event-register")
    phone.fill("#id_email", email)
    phone.click("#send-link")
    code = re.search(r"code on the sign-in page: (\d{6})", mail.outbox[-1].body).group(1)
    phone.fill("#id_code", code)
    phone.click("#code-sign-in")
    expect(phone.locator("h1")).to_have_text("Register for Lyon Winter Open")
    no_sideways_scroll(phone, "the event's registration form")
    phone.fill("#id_name", name)
    phone.fill("#id_rating", str(rating))
    if born:
        phone.fill("#id_birth_date", born)
    if section:
        phone.select_option("#id_section", label=section)
    screenshot(phone, f"event-register-{email.split('@')[0]}")
    phone.click("#register")
    message = phone.locator(".messages").inner_text()
    context.close()
    return message


def pair_and_publish(page, section):
    page.goto(f"/manage/t/{section.slug}/")
    page.click("#pair-round")
    expect(page.locator("h1")).to_contain_text("Round 1")
    page.click("#publish")
    expect(page.locator(".messages")).to_contain_text("Round 1 published")


def test_a_three_section_event(page, live_server, sections):
    event = create_event_with_sections(page, sections)
    screenshot(page, "event-arbiter-desktop")

    # Registration places the players: by rating (the first section whose conditions they meet),
    # or in the section chosen.
    assert "You are registered in Open B." in register_on_phone(
        page, live_server, event, "marta@example.org", "Rossi, Marta", 1720)
    assert "You are registered in Open C." in register_on_phone(
        page, live_server, event, "leo@example.org", "Junior, Leo", 1450, born="2011-04-02")
    assert "You are registered in Open B." in register_on_phone(
        page, live_server, event, "gil@example.org", "Strong, Gil", 2260, section="Open B")
    assert [p.name for p in sections["Open B"].players.order_by("pairing_number")] == [
        "Strong, Gil", "B-Player, No1", "B-Player, No2", "B-Player, No3", "Rossi, Marta"]

    # The arbiter moves Gil up to the Open A before round 1: both sections numbered again.
    page.goto(event.get_manage_url())
    gil = Player.objects.get(name="Strong, Gil")
    page.select_option("#id_player", value=str(gil.pk))
    page.select_option("#id_section", label="Open A")
    page.click("#move")
    expect(page.locator(".messages")).to_contain_text("Strong, Gil moved to Open A.")
    assert [p.name for p in sections["Open A"].players.order_by("pairing_number")][:2] == [
        "A-Player, No1", "Strong, Gil"]
    expect(page.locator("#section-open-a")).to_contain_text("4 players")
    expect(page.locator("#section-open-b")).to_contain_text("4 players")

    # Each section pairs and publishes its round 1; the event's page says what comes next.
    for section in sections.values():
        pair_and_publish(page, section)
    page.goto(event.get_manage_url())
    expect(page.locator(".next-action")).to_have_count(3)
    for slug in ("open-a", "open-b", "open-c"):
        expect(page.locator(f"#section-{slug} .next-action")).to_contain_text("Enter the results of round 1")
    page.set_viewport_size(PHONE)
    no_sideways_scroll(page, "the arbiter's event page on a phone")
    screenshot(page, "event-arbiter-phone")

    # A move is refused once round 1 is paired: nothing changes.
    page.select_option("#id_player", value=str(gil.pk))
    page.select_option("#id_section", label="Open B")
    page.click("#move")
    expect(page.locator(".messages")).to_contain_text("Round 1 of Open A has been paired")
    assert Player.objects.get(pk=gil.pk).tournament == sections["Open A"]

    # The combined public page on a phone: the three sections' boards, links to their tables.
    page.context.clear_cookies()
    page.goto(event.get_absolute_url())
    expect(page.locator("section.event-section")).to_have_count(3)
    for name in SECTIONS:
        expect(page.locator("section.event-section h2", has_text=name)).to_be_visible()
    expect(page.locator("#section-open-a table.boards")).to_contain_text("Strong, Gil")
    expect(page.locator("#section-open-c table.boards")).to_contain_text("Junior, Leo")
    expect(page.locator("#section-open-b .section-links")).to_contain_text("Crosstable")
    no_sideways_scroll(page, "the event's public page on a phone")
    screenshot(page, "event-public-phone")

    # Printed: every section, no navigation.
    page.emulate_media(media="print")
    text = "\n".join(p.extract_text() for p in PdfReader(io.BytesIO(page.pdf(prefer_css_page_size=True))).pages)
    assert all(name in text for name in SECTIONS) and "Rossi, Marta" in text and "Register" not in text
    screenshot(page, "event-public-print")
    page.emulate_media(media="screen")

    # A section's prize list, reached from the event's page, prints.
    page.locator("#section-open-a .section-links").get_by_role("link", name="Prizes").click()
    expect(page.locator("main")).to_contain_text("Trophy")
    no_sideways_scroll(page, "the section's prize list on a phone")
    page.emulate_media(media="print")
    content = page.pdf(prefer_css_page_size=True)
    (ARTIFACTS / "event-prizes-print.pdf").write_bytes(content)
    text = "\n".join(p.extract_text() for p in PdfReader(io.BytesIO(content)).pages)
    assert "Open A" in text and "Trophy" in text and "Register" not in text
    screenshot(page, "event-prizes-print")
