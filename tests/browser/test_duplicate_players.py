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


@pytest.mark.parametrize("viewport", [DESKTOP, PHONE], ids=["desktop", "phone"])
def test_an_excel_file_from_an_italian_pc_and_a_birth_date_in_the_future(page, arbiter, viewport, tmp_path):
    page.set_viewport_size(viewport)
    tournament = make_tournament(Club.objects.get(slug="lyon"), players=0, name="Excel Open")
    name = "desktop" if viewport is DESKTOP else "phone"
    log_in(page)
    page.goto(f"/manage/t/{tournament.slug}/")
    future = tmp_path / "futuro.csv"
    future.write_bytes("name;rating;birth_date\r\nCorrèa, Ana;1720;2999-01-01\r\n".encode("cp1252"))
    page.locator("#import-players input[type=file]").set_input_files(str(future))
    page.locator("#import-players").get_by_role("button", name="Import", exact=True).click()
    expect(page.locator("ul.errors")).to_contain_text("Line 2: birth_date: A birth date cannot be in the future")
    no_sideways_scroll(page, "birth date refused", viewport)
    screenshot(page, f"excel-01-future-birth-date-{name}")
    good = tmp_path / "giocatori.csv"
    good.write_bytes("name;rating;federation\r\nCorrèa, Ana;1720;ESP\r\n\"Rossi, Paolo\";1850;ITA\r\n".encode("cp1252"))
    page.goto(f"/manage/t/{tournament.slug}/")
    page.locator("#import-players input[type=file]").set_input_files(str(good))
    page.locator("#import-players").get_by_role("button", name="Import", exact=True).click()
    expect(page.locator(".messages .success")).to_contain_text("2 players imported.")
    expect(page.locator("#players")).to_contain_text("Corrèa, Ana")
    screenshot(page, f"excel-02-imported-{name}")


@pytest.mark.parametrize("viewport", [DESKTOP, PHONE], ids=["desktop", "phone"])
def test_absence_nothing_changed_removal_asked_and_find_my_board(page, arbiter, viewport):
    from tests.app.conftest import pair

    page.set_viewport_size(viewport)
    club = Club.objects.get(slug="lyon")
    tournament = make_tournament(club, players=0, name="Careful Open")
    for player_name, rating in (("Müller, Hans", 2100), ("Rossi, Paolo", 1850), ("Verdi, Anna", 1700),
                                ("Bianchi, Marco", 1600)):
        register_player(tournament, Player(name=player_name, rating=rating, title="GM" if rating > 2000 else ""))
    name = "desktop" if viewport is DESKTOP else "phone"
    log_in(page)
    rossi = tournament.players.get(name="Rossi, Paolo")
    page.goto(f"/manage/t/{tournament.slug}/players/{rossi.pk}/")
    expect(page.locator("#id_title option[value=GM]")).to_have_text("GM")
    expect(page.locator("#id_bye")).to_have_value("")  # the arbiter chooses
    page.locator("#id_bye").select_option("H")
    page.get_by_role("button", name="Save absence").click()
    expect(page.locator(".messages .success")).to_have_text("Rossi, Paolo: absence saved.")
    page.locator("#id_bye").select_option("H")
    page.get_by_role("button", name="Save absence").click()
    expect(page.locator(".messages .info")).to_have_text("Rossi, Paolo: nothing changed.")
    screenshot(page, f"careful-01-nothing-changed-{name}")
    bianchi = tournament.players.get(name="Bianchi, Marco")
    page.goto(f"/manage/t/{tournament.slug}/players/{bianchi.pk}/")
    page.get_by_role("button", name="Remove from the tournament").click()
    expect(page.locator("#remove-player-question")).to_contain_text("Remove #4 Bianchi, Marco from Careful Open?")
    no_sideways_scroll(page, "removal question", viewport)
    screenshot(page, f"careful-02-remove-asks-{name}")
    page.get_by_role("link", name="Keep the player").click()
    assert tournament.players.filter(pk=bianchi.pk).exists()
    page.get_by_role("button", name="Remove from the tournament").click()
    page.get_by_role("button", name="Remove the player").click()
    expect(page.locator(".messages .success")).to_have_text("Bianchi, Marco removed.")
    assert not tournament.players.filter(pk=bianchi.pk).exists()
    # A player at the venue types his name first name first, or without the umlaut.
    rossi.absences.all().delete()
    pair(tournament)
    page.goto(f"/t/{tournament.slug}/round/1/")
    for query, found in (("Paolo Rossi", "Rossi, Paolo"), ("hans mueller", "Müller, Hans")):
        page.locator("#board-q").fill(query)
        page.locator("#board-search").get_by_role("button", name="Find").click()
        expect(page.locator("#boards")).to_contain_text(found)
        expect(page.locator("#boards")).to_contain_text("1 board found")
    no_sideways_scroll(page, "find my board", viewport)
    screenshot(page, f"careful-03-find-my-board-{name}")
