"""The tables the public pages read are plain data, built once per revision whoever asks at once, and
long lists come in pages (the pages, the API, the PDF files): what lets a 10,000-player event's
pages answer in under two seconds (scripts/load_public.py measures it, docs/benchmark.md)."""

import io
import pickle
import random
import threading
import time

import pytest
from django.core.cache import caches
from django.test import Client, TestCase
from django.urls import reverse
from pypdf import PdfReader

from tests.app.conftest import make_tournament, pair, play
from tournaments import cache
from tournaments.fronts.public import views
from tournaments.models import Result, Tournament
from tournaments.queries.standings import crosstable
from tournaments.services.results import enter_result


@pytest.fixture(autouse=True)
def own_cache(settings):
    """A cache of this test's own: the tests run two at a time on one Redis, each emptying it."""
    settings.CACHES = {"default": {"BACKEND": "django.core.cache.backends.locmem.LocMemCache",
                                   "LOCATION": "test_public_tables"}}
    caches["default"].clear()
    cache.forget()


@pytest.fixture
def event(club):
    """Seven players, three rounds played (a bye each round)."""
    tournament = make_tournament(club, players=7, rounds=4)
    rng = random.Random(3)
    for _ in range(3):
        play(pair(tournament), rng)
    return tournament


def test_a_cached_table_holds_plain_data_only(event):
    """No lazy translation (slow to read back, 1.4 s for a 300-player table) and no model instance:
    the rows pickle as plain data, and read back their words in the reader's language."""
    rows = crosstable(event)
    data = pickle.dumps(rows)
    assert b"django.utils.functional" not in data and b"tournaments.models" not in data
    assert b"django" not in data
    copy = pickle.loads(data)
    assert [(row.rank, row.player.pairing_number, row.points) for row in copy] == [
        (row.rank, row.player.pairing_number, row.points) for row in rows]
    first = copy[0].player
    assert first.get_absolute_url() == reverse("public:player", args=[event.slug, first.pairing_number])


def test_a_result_moves_the_revision_on_and_the_next_table_has_it(event):
    before = Tournament.objects.get(pk=event.pk).revision
    rows = {row.player.pairing_number: row.points for row in crosstable(event)}  # kept in this process too
    game = event.round_set.get(number=3).games.exclude(result=Result.BYE).select_related("white").first()
    new = Result.BLACK_WINS if game.result != Result.BLACK_WINS else Result.WHITE_WINS
    old_white = {Result.WHITE_WINS: 10, Result.DRAW: 5, Result.BLACK_WINS: 0}[game.result]
    enter_result(game, new)
    assert Tournament.objects.get(pk=event.pk).revision > before
    after = {row.player.pairing_number: row.points for row in crosstable(event)}
    white = game.white.pairing_number
    assert after[white] - rows[white] == (10 if new == Result.WHITE_WINS else 0) - old_white


def test_one_build_per_key_whoever_asks_at_once():
    builds, values = [], []

    def build():
        builds.append(1)
        time.sleep(0.3)
        return {"rows": [1, 2, 3]}

    def read():
        values.append(cache.shared("test:one-build:1", build, local=None))

    readers = [threading.Thread(target=read) for _ in range(8)]
    for reader in readers:
        reader.start()
    for reader in readers:
        reader.join()
    assert len(builds) == 1
    assert values == [{"rows": [1, 2, 3]}] * 8


def test_a_reader_is_served_the_previous_revision_while_the_next_is_built():
    """A big table takes seconds: while one reader builds the new revision, another is served the
    previous one at once, told it is stale (its page is then kept by nobody)."""
    cache.shared("test:table:1", lambda: "revision 1", family="test:table")
    started, finished = threading.Event(), threading.Event()

    def slow():
        started.set()
        finished.wait(5)
        return "revision 2"

    builder = threading.Thread(target=cache.shared, args=("test:table:2", slow), kwargs={"family": "test:table"})
    builder.start()
    started.wait(5)
    cache.fresh()
    assert cache.shared("test:table:2", lambda: "built twice", family="test:table") == "revision 1"
    assert cache.stale()
    assert cache.TABLES.get("test:table:2") is None  # the old value is not kept under the new key
    finished.set()
    builder.join()
    cache.fresh()
    assert cache.shared("test:table:2", lambda: "built twice", family="test:table") == "revision 2"
    assert not cache.stale()


def test_a_page_made_of_a_stale_table_is_not_kept(event, monkeypatch):
    url = reverse("public:standings", args=[event.slug])

    def stale_table(*args, **kwargs):
        cache._stale.set(True)
        return []

    monkeypatch.setattr(views, "crosstable", stale_table)
    response = Client().get(url)
    assert response.status_code == 200 and "ETag" not in response
    assert "no-store" in response["Cache-Control"]
    made = []
    monkeypatch.setattr(views.printouts, "standings_pdf", lambda *args, **kwargs: made.append(1) or b"%PDF-")
    pdf = reverse("public:standings_pdf", args=[event.slug])
    for _ in range(2):
        assert Client().get(pdf).status_code == 200
    assert len(made) == 2  # nor is a PDF file made of it: made again for the next reader
    monkeypatch.undo()
    assert "Player, A0" in Client().get(url).content.decode()  # made again, from the table


def test_a_result_entered_builds_the_next_tables_before_any_reader(event, arbiter):
    desk = Client()
    desk.force_login(arbiter)
    game = event.round_set.get(number=3).games.exclude(result=Result.BYE).first()
    new = Result.DRAW if game.result != Result.DRAW else Result.WHITE_WINS
    with TestCase.captureOnCommitCallbacks(execute=True):
        desk.post(reverse("arbiter:result", args=[event.slug, game.pk]), {"result": new}, HTTP_HX_REQUEST="true")
    current = Tournament.objects.get(pk=event.pk)
    assert cache.get(f"crosstable:v4:{current.pk}:3:{current.revision}") is not None
    assert cache.get(f"points:{current.pk}:3:{current.revision}") is not None


@pytest.fixture
def small_pages(monkeypatch):
    """Pages of three rows, PDF parts of three rows: a long list, with seven players."""
    for name in ("STANDINGS_PAGE", "CROSSTABLE_PAGE", "PLAYERS_PAGE", "BOARDS_PAGE"):
        monkeypatch.setattr(views, name, 3)
    monkeypatch.setattr(views, "PDF_PART", dict.fromkeys(views.PDF_PART, 3))


def names_on(page: str, tournament) -> list[int]:
    return [p.pairing_number for p in tournament.players.all() if f">{p.name}<" in page]


@pytest.mark.parametrize("name", ["standings", "crosstable"])
def test_a_long_table_comes_in_pages_and_says_so(event, small_pages, name):
    url = reverse(f"public:{name}", args=[event.slug])
    ranked = [row.player.pairing_number for row in crosstable(event)]
    first = Client().get(url).content.decode()
    assert "Rows 1–3 of 7" in first and "page=3" in first
    assert names_on(first, event) == sorted(ranked[:3])
    last = Client().get(url + "?page=3").content.decode()
    assert "Rows 7–7 of 7" in last and names_on(last, event) == [ranked[6]]
    # A page that is not there: the nearest; not a number: the first.  Never an error.
    assert "Rows 7–7 of 7" in Client().get(url + "?page=99999").content.decode()
    assert "Rows 1–3 of 7" in Client().get(url + "?page=x%00").content.decode()


def test_a_search_finds_a_player_in_a_long_table(event, small_pages):
    player = event.players.get(pairing_number=5)
    page = Client().get(reverse("public:standings", args=[event.slug]), {"q": player.name.split(",")[1]}).content
    assert names_on(page.decode(), event) == [5] and "1 player found" in page.decode()


def test_the_players_and_the_boards_come_in_pages(event, small_pages):
    overview = Client().get(reverse("public:tournament", args=[event.slug])).content.decode()
    assert "Rows 1–3 of 7" in overview and names_on(overview, event) == [1, 2, 3]
    boards = Client().get(reverse("public:round", args=[event.slug, 3]) + "?page=2").content.decode()
    assert "Rows 4–4 of 4" in boards  # three games and the bye


def test_the_api_lists_take_limit_and_offset_and_send_the_total(event):
    api = f"/api/tournaments/{event.slug}/"
    ranked = [row.player.pairing_number for row in crosstable(event)]
    for endpoint in ("standings/", "crosstable/"):
        response = Client().get(api + endpoint, {"limit": 2, "offset": 3})
        assert response["X-Total-Count"] == "7"
        assert [row["pairing_number"] for row in response.json()] == ranked[3:5]
        assert 'rel="next"' in response["Link"] and 'rel="prev"' in response["Link"]
    players = Client().get(api + "players/", {"limit": 3})
    assert [p["pairing_number"] for p in players.json()] == [1, 2, 3] and players["X-Total-Count"] == "7"
    whole = Client().get(api + "players/", {"limit": "many", "offset": "-1"})  # not numbers: the defaults
    assert whole.status_code == 200 and len(whole.json()) == 7


def test_a_long_pdf_comes_in_parts(event, small_pages):
    url = reverse("public:standings_pdf", args=[event.slug])
    ranked = [row.player for row in crosstable(event)]
    page = Client().get(reverse("public:standings", args=[event.slug])).content.decode()
    assert "part=3" in page and "7–7" in page
    response = Client().get(url, {"part": 2})
    assert response["Content-Disposition"].endswith('-part-2.pdf"')
    text = "\n".join(p.extract_text() for p in PdfReader(io.BytesIO(response.content)).pages)
    assert all(player.name in text for player in ranked[3:6])
    assert not any(player.name in text for player in ranked[:3] + ranked[6:])
    for wrong in ("4", "0", "x", "²"):
        assert Client().get(url, {"part": wrong}).status_code == 404
    slips = Client().get(reverse("public:slips_pdf", args=[event.slug, 3]), {"part": 1})
    assert slips.status_code == 200 and not slips["Content-Disposition"].endswith('-part-1.pdf"')  # one part


def test_addresses_of_no_tournament_do_not_grow_the_memory(monkeypatch):
    monkeypatch.setattr(cache, "MAX_REVISIONS", 50)
    for n in range(500):
        cache.revisions(f"no-such-tournament-{n}", list)
    assert len(cache._revisions) <= 50


def test_the_bye_cell_reads_in_the_readers_language(event):
    """The cached table keeps the bye's cell as a code word; each reader reads it in his language."""
    client = Client()
    url = reverse("public:crosstable", args=[event.slug])
    english = client.get(url, HTTP_ACCEPT_LANGUAGE="en").content.decode()
    french = client.get(url, HTTP_ACCEPT_LANGUAGE="fr").content.decode()
    assert '">bye</td>' in english and '">bye</td>' not in french
    assert '">exempt</td>' in french
