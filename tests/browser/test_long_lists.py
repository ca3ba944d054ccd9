"""Long lists in pages on a phone, a desktop and paper: the page says which rows it shows, its links
to the others and its search fit the screen, and it prints its rows without the links."""

import pytest
from playwright.sync_api import expect

from tests.browser.conftest import PHONE, no_sideways_scroll, screenshot
from tests.browser.test_public_pages import DESKTOP, event, on_screen  # noqa: F401 (the fixture)
from tournaments.fronts.public import views

pytestmark = pytest.mark.browser


@pytest.fixture
def pages_of_five(monkeypatch):
    """Pages of five rows and PDF parts of five: thirteen players make a long list."""
    for name in ("STANDINGS_PAGE", "CROSSTABLE_PAGE", "PLAYERS_PAGE", "BOARDS_PAGE"):
        monkeypatch.setattr(views, name, 5)
    monkeypatch.setattr(views, "PDF_PART", dict.fromkeys(views.PDF_PART, 5))


@pytest.mark.parametrize("size", [PHONE, DESKTOP], ids=["phone", "desktop"])
def test_long_lists_come_in_pages_that_fit_the_screen(page, event, pages_of_five, size):  # noqa: F811
    page.set_viewport_size(size)
    for path in ("", "round/1/", "standings/", "crosstable/"):
        page.goto(f"/t/{event.slug}/{path}")
        no_sideways_scroll(page, viewport=size)
        expect(page.locator(".pages-note").first).to_contain_text("Rows 1–5 of")
        on_screen(page, page.locator("nav.pages a", has_text="Next").first)
    page.locator("nav.pages a", has_text="Next").first.click()
    expect(page.locator(".pages-note").first).to_contain_text("Rows 6–10 of 13")
    on_screen(page, page.locator(".downloads .pdf-parts a").last)  # the wall chart's parts
    page.fill("#table-q", "Ivanova")
    page.locator("form.search button").click()
    expect(page.locator("#table-search-summary")).to_contain_text("1 player found")
    expect(page.locator("table.crosstable tbody tr")).to_have_count(1)
    screenshot(page, f"public-{size['width']}-crosstable-search")


def test_a_page_of_a_long_list_prints_its_rows_without_the_links(page, event, pages_of_five):  # noqa: F811
    page.emulate_media(media="print")
    page.goto(f"/t/{event.slug}/standings/?page=2")
    expect(page.locator(".pages-note").first).to_be_visible()
    expect(page.locator("table.standings tbody tr")).to_have_count(5)
    for links in page.locator("nav.pages").all():
        expect(links).to_be_hidden()
    expect(page.locator("form.search")).to_be_hidden()
