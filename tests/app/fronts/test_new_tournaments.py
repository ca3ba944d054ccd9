"""A new or imported tournament starts hidden from the public home page until an arbiter lists it,
and a tournament named as another of the club's is announced with a warning and told apart."""

from django.core.files.uploadedfile import SimpleUploadedFile
from django.test import Client
from django.urls import reverse

from tournaments.models import Tournament

FORM = {"rounds": 5, "system": "dutch", "edition": "2026", "acceleration": "", "points_win": "1",
        "points_draw": "0.5", "points_loss": "0", "points_pairing_bye": "1", "points_half_bye": "0.5",
        "initial_colour": "", "half_point_byes": "on", "late_entry_bye": "Z",
        "tiebreaks": "DE,BH/C1,BH,SB,PS,WIN", "tiebreak_edition": "2026"}
TRF = "012 Winter Open\nXXR 5\n001    1      Alpha, A                          2100\n" \
      "001    2      Beta, B                           2000\n"


def create(client, name: str):
    return client.post(reverse("arbiter:tournament_create"), {**FORM, "name": name}, follow=True)


def listed_names() -> list[str]:
    page = Client().get(reverse("public:home")).content.decode()
    api = Client().get(reverse("api:tournaments"), HTTP_ACCEPT="application/json").json()
    names = [t["name"] for t in (api["results"] if isinstance(api, dict) else api)]
    return [name for name in names if name in page]


def test_a_new_tournament_is_hidden_until_an_arbiter_lists_it(client, arbiter):
    client.force_login(arbiter)
    page = create(client, "Autumn Cup").content.decode()
    tournament = Tournament.objects.get(name="Autumn Cup")
    assert tournament.listing == Tournament.Listing.HIDDEN
    assert 'id="listing-hidden"' in page and "Not on the public home page" in page
    assert "Autumn Cup" not in listed_names()
    assert Client().get(tournament.get_absolute_url()).status_code == 200  # its address still works
    client.post(reverse("arbiter:tournament_listing", args=[tournament.slug]), {"listing": ""})
    assert "Autumn Cup" in listed_names()
    page = client.get(tournament.get_manage_url()).content.decode()
    assert 'id="listing-hidden"' not in page


def test_an_imported_tournament_is_hidden_too(client, arbiter):
    client.force_login(arbiter)
    upload = SimpleUploadedFile("winter.trf", TRF.encode())
    client.post(reverse("arbiter:tournament_import"), {"file": upload})
    assert Tournament.objects.get(name="Winter Open").listing == Tournament.Listing.HIDDEN
    assert "Winter Open" not in listed_names()


def test_a_namesake_is_announced_and_told_apart_on_the_dashboard(client, arbiter):
    client.force_login(arbiter)
    first = create(client, "Autumn Cup").content.decode()
    assert "already has" not in first
    second = create(client, "autumn cup").content.decode()
    assert "Your club already has 1 tournament named “autumn cup”" in second
    upload = SimpleUploadedFile("again.trf", TRF.replace("Winter Open", "Autumn Cup").encode())
    third = client.post(reverse("arbiter:tournament_import"), {"file": upload}, follow=True).content.decode()
    assert "Your club already has 2 tournaments named “Autumn Cup”" in third
    dashboard = client.get(reverse("arbiter:dashboard")).content.decode()
    slugs = Tournament.objects.order_by("created_at").values_list("slug", flat=True)
    assert all(f"/{slug}/" in dashboard for slug in slugs) and dashboard.count('class="namesake"') == 3


def test_a_unique_name_is_not_marked_on_the_dashboard(client, arbiter):
    client.force_login(arbiter)
    create(client, "Autumn Cup")
    create(client, "Spring Cup")
    assert 'class="namesake"' not in client.get(reverse("arbiter:dashboard")).content.decode()


def test_a_name_with_a_line_break_is_refused(client, arbiter):
    # Written in the notices' subject (a mail header) and in the TRF file's lines: one line only.
    client.force_login(arbiter)
    page = create(client, "Autumn\r\nBcc: everybody@example.org").content.decode()
    assert "Control characters (tab, escape...) are not allowed." in page and not Tournament.objects.exists()


def test_a_time_control_with_a_tab_is_refused(client, arbiter):
    # Written in the TRF's 122 line: a tab there made the app's own export unreadable by its import.
    client.force_login(arbiter)
    page = client.post(reverse("arbiter:tournament_create"), {**FORM, "name": "Autumn Cup",
                                                              "time_control": "90'\t+ 30''"}, follow=True)
    assert "Control characters (tab, escape...) are not allowed." in page.content.decode()
    assert not Tournament.objects.exists()
