"""The live parts of the pages (issue 25): a round's board list and a player's pairing notice, polled with
the revision they were made from; the installable web app's manifest and service worker."""

import json
import re

import pytest
from django.contrib.auth import get_user_model
from django.contrib.staticfiles import finders
from django.urls import reverse

from tests.app.conftest import make_tournament, pair
from tournaments import cache
from tournaments.models import Result
from tournaments.services.results import enter_result


@pytest.fixture
def tournament(club):
    tournament = make_tournament(club, players=6, rounds=3)
    for player in tournament.players.all():
        player.email = f"secret{player.pairing_number}@example.org"
        player.save(update_fields=["email"])
    return tournament


def since(html: str) -> str:
    """The revision a live part names in its own polling address."""
    return re.search(r'hx-get="[^"]*\?since=(\d+)', html).group(1)


def poll(client, url: str, revision: str):
    cache.forget()  # what another process would read, a second later
    return client.get(url, {"since": revision})


def test_the_player_page_gets_the_board_once_the_round_is_published(client, tournament):
    player_url = reverse("public:player", args=[tournament.slug, 1])
    live_url = reverse("public:player_live", args=[tournament.slug, 1])
    page = client.get(player_url).content.decode()
    assert 'id="live-notice"' in page and "notice-board" not in page
    revision = since(page)

    unchanged = poll(client, live_url, revision)
    assert unchanged.status_code == 204 and unchanged.content == b""
    assert "no-store" in unchanged["Cache-Control"]

    round_ = pair(tournament)
    game = round_.games.get(white__pairing_number=1) if round_.games.filter(white__pairing_number=1).exists() \
        else round_.games.get(black__pairing_number=1)
    changed = poll(client, live_url, revision)
    assert changed.status_code == 200
    part = changed.content.decode()
    assert f'<dd id="notice-board">{game.board}</dd>' in part and since(part) != revision
    assert poll(client, live_url, since(part)).status_code == 204  # nothing new since

    enter_result(game, Result.DRAW)
    with_result = poll(client, live_url, since(part)).content.decode()
    assert '<dd id="notice-result">½-½</dd>' in with_result


def test_an_unchanged_poll_costs_at_most_one_query(client, tournament, django_assert_max_num_queries):
    pair(tournament)
    live_url = reverse("public:round_live", args=[tournament.slug, 1])
    revision = since(client.get(reverse("public:round", args=[tournament.slug, 1])).content.decode())
    cache.forget()
    with django_assert_max_num_queries(1):  # the revision, read once a second by each process
        assert client.get(live_url, {"since": revision}).status_code == 204
    with django_assert_max_num_queries(0):
        assert client.get(live_url, {"since": revision}).status_code == 204


def test_the_board_list_shows_a_result_and_the_next_round(client, tournament):
    round_ = pair(tournament)
    live_url = reverse("public:round_live", args=[tournament.slug, 1])
    revision = since(client.get(reverse("public:round", args=[tournament.slug, 1])).content.decode())
    game = round_.games.order_by("board").first()
    enter_result(game, Result.WHITE_WINS)
    part = poll(client, live_url, revision).content.decode()
    assert part.startswith('<div id="live-boards"') and "1-0" in part and "next-round" not in part
    for other in round_.games.exclude(pk=game.pk).exclude(result=Result.BYE):
        enter_result(other, Result.DRAW)
    pair(tournament)
    part = poll(client, live_url, since(part)).content.decode()
    assert 'id="next-round"' in part and reverse("public:round", args=[tournament.slug, 2]) in part


def test_a_search_or_a_page_is_kept_in_the_polling_address(client, tournament):
    pair(tournament)
    part = client.get(reverse("public:round_live", args=[tournament.slug, 1]), {"q": "Player, A0"}).content.decode()
    assert "q=Player%2C%20A0" in part and "board-search-summary" in part
    assert f'<a href="{reverse("public:round", args=[tournament.slug, 1])}">Show every board</a>' in part


def test_a_signed_in_player_is_served_the_shared_part(client, tournament, django_assert_max_num_queries):
    pair(tournament)
    live_url = reverse("public:player_live", args=[tournament.slug, 1])
    anonymous = client.get(live_url).content
    client.force_login(get_user_model().objects.create_user("p1", email="secret1@example.org"))
    with django_assert_max_num_queries(2):  # his session and user; the part comes from the shared cache
        assert client.get(live_url).content == anonymous


def test_no_private_data_in_the_live_parts(client, tournament):
    pair(tournament)
    user = get_user_model().objects.create_user("p1", email="secret1@example.org")
    player = tournament.players.get(pairing_number=1)
    player.user = user
    player.save(update_fields=["user"])
    urls = [reverse("public:round_live", args=[tournament.slug, 1]),
            reverse("public:player_live", args=[tournament.slug, 1])]
    for signed_in in (False, True):
        if signed_in:
            client.force_login(user)
        for url in urls:
            response = client.get(url)
            text = response.content.decode()
            assert response.status_code == 200 and "secret" not in text and "csrf" not in text.lower(), url
            assert "Set-Cookie" not in response.headers or signed_in


def test_polls_of_what_does_not_exist_are_404_and_writes_405(client, tournament):
    assert client.get(reverse("public:round_live", args=["nowhere", 1]), {"since": "1"}).status_code == 404
    assert client.get(reverse("public:round_live", args=[tournament.slug, 1])).status_code == 404  # not published
    assert client.post(reverse("public:player_live", args=[tournament.slug, 1])).status_code == 405


def test_the_manifest_and_the_service_worker(client, tournament, arbiter):
    manifest = client.get("/manifest.webmanifest")
    assert manifest["Content-Type"] == "application/manifest+json"
    data = manifest.json()
    assert data["start_url"] == "/me/" and data["theme_color"] == "#1d232a"
    assert {icon["sizes"] for icon in data["icons"] if icon["type"] == "image/png"} == {"192x192", "512x512"}
    worker = client.get("/sw.js")
    assert worker["Content-Type"].startswith("text/javascript") and worker["Service-Worker-Allowed"] == "/"
    script = worker.content.decode()
    shell = json.loads(re.search(r"const SHELL_FILES = (\[.*\]);", script).group(1))
    assert "/static/css/site.css" in shell and "/static/js/live.js" in shell and "/static/icons/icon-192.png" in shell
    assert all(path.startswith("/static/") for path in shell)  # the shell is static files, no page
    for path in shell:
        assert finders.find(path.removeprefix("/static/")), path

    public_page = client.get(reverse("public:tournament", args=[tournament.slug])).content.decode()
    assert 'rel="manifest"' in public_page and 'data-worker="/sw.js"' in public_page
    client.force_login(arbiter)
    arbiter_page = client.get(tournament.get_manage_url()).content.decode()
    assert 'rel="manifest"' not in arbiter_page and "sw.js" not in arbiter_page


def test_every_page_names_its_icon(client, arbiter):
    """Without an icon link a browser asks for /favicon.ico, which the site has not (a 404 on every
    arbiter page opened in a new browser)."""
    icon = '<link rel="icon" href="/static/icons/icon.svg" type="image/svg+xml">'
    assert icon in client.get(reverse("login")).content.decode()
    assert icon in client.get(reverse("public:home")).content.decode()
    client.force_login(arbiter)
    assert icon in client.get(reverse("arbiter:dashboard")).content.decode()
