"""The language switcher in a real browser on a phone: a public page switched to Italian, then the
arbiter's pages in Italian, and back to English; no script involved (a <details> list, one button per language)."""

import random

import pytest
from playwright.sync_api import expect

from tests.app.conftest import pair, play
from tests.browser.conftest import DESKTOP, PHONE, log_in, no_sideways_scroll, screenshot, switch_language
from tournaments.models import Player
from tournaments.services.players import register_player
from tournaments.services.setup import create_tournament

pytestmark = pytest.mark.browser

@pytest.fixture
def event(arbiter):
    """Eight players of Lyon Chess, two rounds played, the third published without results."""
    tournament = create_tournament(arbiter.memberships.get().club, name="Torneo di Primavera", rounds=5,
                                            initial_colour="w", place="Lyon")
    for i, name in enumerate(["Rossi, Anna", "Bianchi, Bruno", "Conti, Carla", "Esposito, Elia",
                              "Ferrari, Fabio", "Greco, Gaia", "Marino, Marco", "Romano, Rita"]):
        register_player(tournament, Player(name=name, rating=2300 - 40 * i, federation="ITA"))
    rng = random.Random(3)
    for number in range(3):
        round_ = pair(tournament)
        if number < 2:
            play(round_, rng)
    return tournament


def fits_the_phone(page) -> None:
    """The header one row within the screen; the language list, opened, too, its buttons tap targets."""
    box = page.locator("header.site").bounding_box()
    assert box["x"] >= 0 and box["x"] + box["width"] <= PHONE["width"] and box["height"] <= 50, box
    page.locator("#languages summary").click()
    for button in page.locator("#languages button").all():
        box = button.bounding_box()
        assert box["x"] >= 0 and box["x"] + box["width"] <= PHONE["width"] and box["height"] >= 44, box
    page.locator("#languages summary").click()
    expect(page.locator("#languages button").first).to_be_hidden()


def test_a_reader_switches_to_italian_and_the_arbiter_works_in_it(page, event):
    page.set_viewport_size(PHONE)
    standings = f"/t/{event.slug}/standings/?after=1"
    page.goto(standings)
    expect(page.locator("html")).to_have_attribute("lang", "en")
    expect(page.get_by_role("link", name="Arbiter login")).to_be_visible()
    fits_the_phone(page)

    # The switcher: back on the same page (with its round), in Italian.
    switch_language(page, "Italiano")
    expect(page.locator("html")).to_have_attribute("lang", "it")
    assert page.url.endswith(standings)
    expect(page.get_by_role("link", name="Accesso arbitri")).to_be_visible()
    expect(page.locator("#languages button[aria-current]")).to_have_text("Italiano")
    fits_the_phone(page)
    screenshot(page, "language-it-public-390")

    # Another public page keeps the language (the cookie), and so do the arbiter's pages.
    page.goto(f"/t/{event.slug}/")
    expect(page.locator("html")).to_have_attribute("lang", "it")
    page.get_by_role("link", name="Accesso arbitri").click()
    expect(page.locator("h1")).to_have_text("Accesso arbitri")
    log_in(page, button="Accedi", heading="I miei tornei")
    page.get_by_role("link", name="Torneo di Primavera").click()
    expect(page.locator("#rounds h2")).to_have_text("Turni")
    expect(page.locator("#players h2")).to_have_text("Giocatori (8)")
    expect(page.locator("#pair-round")).to_have_text("Abbina il turno 4")
    expect(page.get_by_text("Turno 3 — Pubblicato")).to_be_visible()
    fits_the_phone(page)
    screenshot(page, "language-it-arbiter-390")

    # A result typed on the round page: the refusal in Italian, the FIDE code as it is.
    page.get_by_role("link", name="Turno 3").click()
    expect(page.locator("h1")).to_contain_text("Turno 3")
    field = page.locator("input.result").first
    field.fill("x")
    field.press("Enter")
    expect(page.locator("tr.unsaved .error")).to_contain_text("«x» non è un risultato")
    page.locator("input.result").first.fill("=")
    page.locator("input.result").first.press("Enter")
    expect(page.locator("input.result").first).to_have_value("½-½")
    expect(page.locator(".saved-mark").first).to_have_text("salvato")
    # The script's messages too (static/js/arbiter.js): a save that cannot reach the server.
    page.context.set_offline(True)
    page.locator("input.result").nth(1).fill("1")
    page.locator("input.result").nth(1).press("Enter")
    expect(page.locator("tr.unsaved .error")).to_contain_text("Non salvato: connessione persa.")
    page.context.set_offline(False)
    page.get_by_role("button", name="Riprova").click()
    expect(page.locator("input.result").nth(1)).to_have_value("1-0")
    expect(page.locator("tr.unsaved")).to_have_count(0)
    screenshot(page, "language-it-results-390")

    # And back to English from any page.
    switch_language(page, "English")
    expect(page.locator("html")).to_have_attribute("lang", "en")
    expect(page.locator("h1")).to_contain_text("Round 3")
    page.set_viewport_size(DESKTOP)
    expect(page.locator("#languages button[aria-current]")).to_have_attribute("value", "en")
    expect(page.locator("#languages summary")).to_contain_text("EN")
    screenshot(page, "language-en-round-desktop")

    # The longest words (German) still fit the phone: the round page and the tournament page.
    page.set_viewport_size(PHONE)
    switch_language(page, "Deutsch")
    expect(page.locator("h1")).to_contain_text("Runde 3")
    no_sideways_scroll(page)
    screenshot(page, "language-de-results-390")
    page.get_by_role("link", name="Torneo di Primavera").click()
    expect(page.locator("#rounds h2")).to_have_text("Runden")
    no_sideways_scroll(page)
    screenshot(page, "language-de-arbiter-390")
