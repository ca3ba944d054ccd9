"""Printouts in a real browser: each PDF link downloads a PDF; the board list and the crosstable as
Chromium prints them (no navigation, the crosstable landscape); on a phone the QR code, the share
link and the PDF links fit the screen."""

import io
import random
from pathlib import Path

import pytest
from playwright.sync_api import expect
from pypdf import PdfReader

from tests.app.conftest import pair, play
from tests.browser.conftest import ARTIFACTS, PHONE, no_sideways_scroll, screenshot
from tournaments.models import Player
from tournaments.services.players import register_player
from tournaments.services.setup import create_tournament

pytestmark = pytest.mark.browser


@pytest.fixture
def event(arbiter):
    """Twelve players, three rounds played, the fourth published without results."""
    club = arbiter.memberships.get().club
    tournament = create_tournament(club, name="Printed Open", rounds=5, initial_colour="w",
                                            place="Lyon", tiebreaks="BH/C1,BH,SB,WIN")
    names = ["Adams, Ann", "Bauer, Ben", "Černý, Čeněk", "Dvořák, Dana", "Ek, Erik", "Fabre, Flo",
             "Gómez, Gil", "Horváth, Hana", "Ivanova, Ira", "Jensen, Jan", "Kowalski, Kai"]
    for i, name in enumerate(names):
        register_player(tournament, Player(name=name, rating=2350 - 31 * i, federation="FRA"))
    rng = random.Random(7)
    for number in range(4):
        round_ = pair(tournament)
        if number < 3:
            play(round_, rng)
    return tournament


def download(page, link_text: str, name: str) -> str:
    """Click the link, take the download; it must be a PDF.  Returns its text."""
    with page.expect_download() as info:
        page.get_by_role("link", name=link_text).click()
    content = Path(info.value.path()).read_bytes()
    assert content.startswith(b"%PDF-"), content[:20]
    assert info.value.suggested_filename.endswith(".pdf")
    (ARTIFACTS / f"printout-{name}.pdf").write_bytes(content)
    return "\n".join(p.extract_text() for p in PdfReader(io.BytesIO(content)).pages)


@pytest.mark.parametrize(("where", "link", "title"), [
    ("round/4/", "Board list", "Round 4: board list"),
    ("round/4/", "Pairings by name", "Round 4: pairings by name"),
    ("round/4/", "Result slips", "Round 4: result slips"),
    ("standings/", "Standings after round 3 (PDF)", "Standings after round 3"),
    ("crosstable/", "Wall chart (PDF, landscape)", "Crosstable after round 3"),
])
def test_each_pdf_link_downloads_the_pdf(page, event, where, link, title):
    page.goto(f"/t/{event.slug}/{where}")
    text = download(page, link, title.split(":")[-1].strip().replace(" ", "-").lower())
    assert "Printed Open" in text and title in text
    assert "Černý, Čeněk" in text


def test_printed_board_list_and_crosstable(page, event):
    for where, name in (("round/4/", "board-list"), ("crosstable/", "crosstable")):
        page.goto(f"/t/{event.slug}/{where}")
        page.emulate_media(media="print")
        expect(page.locator("header.site")).to_be_hidden()
        expect(page.locator("nav.tabs")).to_be_hidden()
        expect(page.locator(".downloads")).to_be_hidden()
        expect(page.locator("img.qr.print-only")).to_be_visible()
        assert page.evaluate("document.querySelector('img.qr.print-only').naturalWidth") > 0  # the SVG loaded
        screenshot(page, f"print-{name}")
        # What Chromium prints: the board list on portrait A4, the crosstable on landscape pages.
        printed = PdfReader(io.BytesIO(page.pdf(prefer_css_page_size=True, print_background=True)))
        (ARTIFACTS / f"print-{name}.pdf").write_bytes(page.pdf(prefer_css_page_size=True))
        box = printed.pages[0].mediabox
        assert (box.width > box.height) == (name == "crosstable"), (name, box)
        text = printed.pages[0].extract_text()
        assert "Arbiter login" not in text and "Overview" not in text
        page.emulate_media(media="screen")


def test_qr_share_link_and_pdf_links_fit_a_phone(page, event):
    page.set_viewport_size(PHONE)
    page.context.grant_permissions(["clipboard-read", "clipboard-write"])
    page.goto(f"/t/{event.slug}/")
    qr = page.locator("section.share img.qr")
    expect(qr).to_be_visible()
    assert page.evaluate("document.querySelector('section.share img.qr').naturalWidth") > 0
    url = page.locator("#share-url").input_value()
    assert url.endswith(f"/t/{event.slug}/")
    assert page.locator('meta[property="og:url"]').get_attribute("content") == url
    page.click("#copy-link")
    expect(page.locator("#share-status")).to_have_text("Link copied.")
    assert page.evaluate("navigator.clipboard.readText()") == url
    no_sideways_scroll(page)
    screenshot(page, "phone-tournament-share")
    for where in ("round/4/", "standings/", "crosstable/"):
        page.goto(f"/t/{event.slug}/{where}")
        expect(page.locator(".downloads a").first).to_be_visible()
        no_sideways_scroll(page)
    screenshot(page, "phone-crosstable-links")
