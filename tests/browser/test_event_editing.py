"""An event's second pass end to end, on a 390 px phone: the arbiter edits the event (a wrong end
date refused, then saved, its address kept), reads each section's entries to approve and waiting
list, moves a player into a section whose conditions he does not meet (asked first, then
confirmed), and removes a section before round 1 (it stays, a single tournament); the page prints."""

import datetime
import io

import pytest
from django.contrib.auth import get_user_model
from playwright.sync_api import expect
from pypdf import PdfReader

from tests.app.conftest import make_tournament
from tests.browser.conftest import PHONE, log_in, no_sideways_scroll, screenshot
from tournaments.models import Club, Event, Player, PlayerSide, Registration
from tournaments.services.events import add_section, create_event
from tournaments.services.players import register_player

pytestmark = pytest.mark.browser


@pytest.fixture
def event(arbiter):
    """The Lyon Open: A (2000 and more), B (1600 and more), C (under 1600, born 2008 or later); two
    players in B, two entries to approve and one waiting in B."""
    club = Club.objects.get(slug="lyon")
    event = create_event(club, arbiter, name="Lyon Open", venue="Salle Rameau",
                         start_date=datetime.date(2026, 12, 5), end_date=datetime.date(2026, 12, 6))
    bands = {"Open A": {"min_rating": 2000}, "Open B": {"min_rating": 1600},
             "Open C": {"max_rating": 1599, "born_from": datetime.date(2008, 1, 1)}}
    for name, conditions in bands.items():
        section = make_tournament(club, players=0, rounds=5, name=name)
        PlayerSide.objects.create(tournament=section, registration=True, approval="arbiter", **conditions)
        add_section(event, section, arbiter)
    open_b = event.sections().get(name="Open B")
    for rating in (1900, 1700):
        register_player(open_b, Player(name=f"Player, B{rating}", rating=rating))
    for i, status in enumerate([Registration.Status.PENDING, Registration.Status.PENDING,
                                Registration.Status.WAITING]):
        user = get_user_model().objects.create_user(f"p{i}@example.org", email=f"p{i}@example.org")
        Registration.objects.create(tournament=open_b, user=user, name=f"Late, No{i}", rating=1650, status=status)
    return event


def test_the_arbiter_edits_the_event_moves_against_the_conditions_and_removes_a_section(page, event):
    page.set_viewport_size(PHONE)
    log_in(page)
    page.goto(event.get_manage_url())
    expect(page.locator("#section-open-b .section-entries")).to_contain_text("2 entries to approve")
    expect(page.locator("#section-open-b .section-entries")).to_contain_text("1 on the waiting list")
    no_sideways_scroll(page, "the arbiter's event page")
    screenshot(page, "event-second-pass-phone")

    # The event edited: a wrong end date refused, then saved; its address stays.
    page.click("#event-edit-link")
    page.fill("#id_name", "Lyon Winter Open")
    page.fill("#id_end_date", "2026-12-01")
    page.click("#save-event")
    expect(page.locator(".messages")).to_contain_text("The event cannot end before it starts.")
    no_sideways_scroll(page, "the event's form")
    screenshot(page, "event-edit-refused-phone")
    page.fill("#id_end_date", "2026-12-07")
    page.click("#save-event")
    expect(page.locator(".messages")).to_contain_text("The event is saved.")
    expect(page.locator("h1")).to_have_text("Lyon Winter Open")
    assert page.url.endswith("/manage/e/lyon-open/")
    assert Event.objects.get().end_date == datetime.date(2026, 12, 7)

    # A move into a section whose conditions he does not meet: asked first, then confirmed.
    mover = Player.objects.get(name="Player, B1900")
    page.select_option("#id_player", value=str(mover.pk))
    page.select_option("#id_section", label="Open C")
    page.click("#move")
    question = page.locator("#move-question")
    expect(question).to_contain_text("Player, B1900 does not meet these entry conditions of Open C:")
    expect(page.locator("#move-question li")).to_have_count(2)
    assert Player.objects.get(pk=mover.pk).tournament.name == "Open B"
    no_sideways_scroll(page, "the move's question")
    screenshot(page, "event-move-question-phone")
    page.click("#move-confirm")
    expect(page.locator(".messages")).to_contain_text("Player, B1900 moved to Open C.")
    expect(page.locator("#section-open-c")).to_contain_text("1 player")

    # A section removed before round 1: it stays, a single tournament.
    page.locator("#section-open-a .section-remove").click()
    expect(page.locator(".messages")).to_contain_text("Open A is no longer a section of Lyon Winter Open")
    expect(page.locator(".section-state")).to_have_count(2)
    assert Event.objects.get().tournaments.count() == 2
    screenshot(page, "event-section-removed-phone")

    page.emulate_media(media="print")
    text = "\n".join(p.extract_text() for p in PdfReader(io.BytesIO(page.pdf(prefer_css_page_size=True))).pages)
    assert "Open B" in text and "Open C" in text and "Lyon Winter Open" in text
