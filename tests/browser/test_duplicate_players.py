"""An arbiter at the venue types a player twice and imports the same CSV file twice: the field
never doubles (on a desktop and on a 390 px phone)."""

import pytest
from playwright.sync_api import expect

from tests.app.conftest import make_tournament
from tests.browser.conftest import DESKTOP, PHONE, log_in, no_sideways_scroll, screenshot
from tournaments.models import Club, Player
from tournaments.services.players import register_player

pytestmark = pytest.mark.browser
CSV = "name,rating,fide_id\nPaolo Rossi,1850,\n\"Bianchi, Marco\",1700,\n\"Verdi, Anna\",1600,\n"


@pytest.mark.parametrize("viewport", [DESKTOP, PHONE], ids=["desktop", "phone"])
def test_a_player_typed_twice_and_a_file_imported_twice(page, arbiter, viewport):
    page.set_viewport_size(viewport)
    tournament = make_tournament(Club.objects.get(slug="lyon"), players=0, name="Venue Open")
    register_player(tournament, Player(name="Rossi, Paolo", rating=1850))
    register_player(tournament, Player(name="Carlsen, Magnus", rating=2830, fide_id="1503014"))
    name = "desktop" if viewport is DESKTOP else "phone"
    log_in(page)
    page.goto(f"/manage/t/{tournament.slug}/")
    form = page.locator("#add-player")
    # The same FIDE id: refused, naming who has it.
    form.locator("#id_name").fill("Magnus Carlsen")
    form.locator("#id_fide_id").fill("1503014")
    form.get_by_role("button", name="Add player").click()
    expect(page.locator(".messages .error")).to_contain_text("FIDE id 1503014 is registered already: "
                                                             "Carlsen, Magnus, #1.")
    screenshot(page, f"duplicates-01-fide-id-{name}")
    # The same name and rating, first name first: asked, then registered on confirmation.
    page.goto(f"/manage/t/{tournament.slug}/")
    form.locator("#id_name").fill("Paolo Rossi")
    form.locator("#id_rating").fill("1850")
    form.get_by_role("button", name="Add player").click()
    expect(page.locator("#confirm-namesake")).to_contain_text("Rossi, Paolo (#2) is registered already")
    no_sideways_scroll(page, "namesake question", viewport)
    screenshot(page, f"duplicates-02-namesake-{name}")
    assert tournament.players.count() == 2
    page.get_by_role("button", name="Register all the same").click()
    expect(page.locator(".messages .success")).to_contain_text("Paolo Rossi registered as #")
    # A CSV file imported twice: the second time, nothing new.
    for imported in ("2 players imported.", "0 players imported."):
        page.locator("#import-players textarea").fill(CSV)
        page.locator("#import-players").get_by_role("button", name="Import", exact=True).click()
        expect(page.locator(".messages .success")).to_contain_text(imported)
    expect(page.locator(".messages .info")).to_contain_text("3 players of the file are registered already")
    no_sideways_scroll(page, "import skipped", viewport)
    screenshot(page, f"duplicates-03-import-twice-{name}")
    assert tournament.players.count() == 5
