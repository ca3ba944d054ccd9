"""Live pages and the installable web app (issue 25): a player's page on a 390 px phone shows his board as
soon as the arbiter (another browser, on a desktop) publishes the round, without a reload; the public
board list shows a result as it comes in; then the phone goes offline and a reload shows the copy of the
last pairing kept by the service worker, saying when it was kept.  The worker keeps no other person's page."""

import time

import pytest
from django.conf import settings as django_settings
from django.contrib.auth import get_user_model
from django.db import connections
from django.test import Client
from django.urls import reverse
from playwright.sync_api import expect, sync_playwright

from tests.app.conftest import make_tournament, request
from tests.browser.conftest import (
    ARTIFACTS,
    CHROMIUM,
    CHROMIUM_ARGS,
    DESKTOP,
    PHONE,
    log_in,
    no_sideways_scroll,
    screenshot,
)
from tournaments.models import Club, Result
from tournaments.services.results import enter_result

pytestmark = pytest.mark.browser

KEPT = """async () => {
  const cache = await caches.open("swiss-pages");
  return (await cache.keys()).map((request) => new URL(request.url).pathname).sort();
}"""
KEPT_TEXT = """async (path) => {
  const found = await (await caches.open("swiss-pages")).match(path, {ignoreVary: true});
  return found ? await found.text() : "";
}"""


@pytest.fixture
def fast_polls(settings):
    settings.LIVE_POLL_SECONDS = 1


@pytest.fixture
def browser(transactional_db, live_server, monkeypatch):
    """The system Chromium as in conftest.py, its service workers' requests seen by Playwright (its
    experimental switch, read when the driver starts), so that going offline cuts them too."""
    monkeypatch.setenv("PW_EXPERIMENTAL_SERVICE_WORKER_NETWORK_EVENTS", "1")
    monkeypatch.setenv("DJANGO_ALLOW_ASYNC_UNSAFE", "true")
    ARTIFACTS.mkdir(exist_ok=True)
    with sync_playwright() as playwright:
        browser = playwright.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS)
        yield browser
        browser.close()
        connections.close_all()


def go_offline(context) -> None:
    """The phone loses its network: its pages' requests and its service worker's (Playwright's
    set_offline leaves a worker's own fetches alone: microsoft/playwright#2311)."""
    context.set_offline(True)
    context.route("**", lambda route: route.abort("internetdisconnected") if route.request.service_worker
                  else route.continue_())


def go_online(context) -> None:
    context.unroute("**")
    context.set_offline(False)


def signed_in_phone(browser, live_server, user):
    """A browser context, a phone, signed in as ``user`` (his session cookie)."""
    client = Client()
    client.force_login(user)
    context = browser.new_context(base_url=live_server.url, viewport=PHONE, service_workers="allow")
    context.add_cookies([{"name": django_settings.SESSION_COOKIE_NAME,
                          "value": client.cookies[django_settings.SESSION_COOKIE_NAME].value,
                          "url": live_server.url}])
    phone = context.new_page()
    phone.set_default_timeout(20_000)
    return phone


HIDE = """(hidden) => {
  Object.defineProperty(document, "hidden", {configurable: true, get: () => hidden});
  document.dispatchEvent(new Event("visibilitychange"));
}"""


def wait_for(check, what: str, timeout: float = 20) -> None:
    deadline = time.monotonic() + timeout
    while not check():
        assert time.monotonic() < deadline, what
        time.sleep(0.2)


def test_the_phone_gets_its_board_live_then_shows_it_offline(browser, arbiter, live_server, fast_polls):
    tournament = make_tournament(Club.objects.get(slug="lyon"), players=6, rounds=3, name="Live Open")
    marta = get_user_model().objects.create_user("marta@example.org", email="marta@example.org")
    player = tournament.players.get(pairing_number=2)
    player.user, player.email = marta, "marta@example.org"
    player.save(update_fields=["user", "email"])
    phone = signed_in_phone(browser, live_server, marta)
    entry_url = reverse("player:entry", args=[player.pk])
    phone.goto(entry_url)
    expect(phone.locator("h1")).to_have_text("Live Open")
    expect(phone.locator("#live-notice")).to_be_attached()
    expect(phone.locator("#notice-board")).to_have_count(0)
    assert phone.evaluate("navigator.serviceWorker.ready.then((r) => r.scope)") == live_server.url + "/"
    wait_for(lambda: phone.evaluate("!!navigator.serviceWorker.controller"), "the worker controls the page")

    # The arbiter publishes round 1 on his desktop.
    round_ = request(tournament)
    page = browser.new_context(base_url=live_server.url, viewport=DESKTOP).new_page()
    page.set_default_timeout(20_000)
    log_in(page)
    page.goto(reverse("arbiter:round", args=[tournament.slug, 1]))
    page.click("#publish")
    expect(page.locator("ul.messages")).to_contain_text("Round 1 published.")
    game = round_.games.get(white=player) if round_.games.filter(white=player).exists() \
        else round_.games.get(black=player)
    opponent = game.black if game.white == player else game.white

    # The phone shows it without a reload.
    expect(phone.locator("#notice-board")).to_have_text(str(game.board))
    expect(phone.locator("#notice-opponent")).to_contain_text(opponent.name)
    no_sideways_scroll(phone, "the player's page, live")
    screenshot(phone, "live-01-board-arrived-390")

    # The tab hidden (another app on screen): no poll; shown again: polls again.
    polls = []
    phone.on("request", lambda request: polls.append(request.url) if "/live/" in request.url else None)
    phone.evaluate(HIDE, True)
    phone.wait_for_timeout(500)
    polls.clear()
    phone.wait_for_timeout(3500)  # three and a half poll intervals
    assert polls == []
    phone.evaluate(HIDE, False)
    wait_for(lambda: polls, "a poll once the tab is shown again", timeout=5)

    # A result comes in: the phone shows it; so does the public board list on another screen.
    board_list = browser.new_context(base_url=live_server.url, viewport=DESKTOP).new_page()
    board_list.goto(reverse("public:round", args=[tournament.slug, 1]))
    enter_result(game, Result.DRAW)
    expect(phone.locator("#notice-result")).to_have_text("½-½")
    row = board_list.locator("table.boards tr", has=board_list.locator("td.board", has_text=str(game.board)))
    expect(row.locator("td.result")).to_have_text("½-½")
    screenshot(board_list, "live-02-board-list-result")

    # The worker's copy of the page was renewed with the board; it kept no page but his own and public ones.
    wait_for(lambda: 'id="notice-result">½-½' in phone.evaluate(KEPT_TEXT, entry_url), "the page's copy renewed")
    phone.goto("/accounts/login/")  # a page the worker must not keep
    phone.goto(entry_url)
    kept = phone.evaluate(KEPT)
    assert set(kept) <= {entry_url, "/__last-pairing__"}, kept

    # Offline: the reload shows the copy of the last pairing, and says so.
    go_offline(phone.context)
    phone.reload()
    expect(phone.locator("#offline-note")).to_be_visible()
    expect(phone.locator("#offline-note")).to_contain_text("Offline")
    expect(phone.locator("#offline-time")).not_to_have_text("")
    expect(phone.locator("#notice-board")).to_have_text(str(game.board))
    no_sideways_scroll(phone, "the offline copy")
    screenshot(phone, "live-03-offline-copy-390")
    phone.goto(reverse("public:standings", args=[tournament.slug]))  # never opened: the last pairing
    expect(phone.locator("#notice-board")).to_have_text(str(game.board))
    go_online(phone.context)
    phone.goto(entry_url)
    expect(phone.locator("#offline-note")).to_be_hidden()

    # On paper: no offline note, the board stays.
    phone.emulate_media(media="print")
    expect(phone.locator("#notice-board")).to_be_visible()
    phone.emulate_media(media="screen")

    # Signing out forgets his page: the next person on this phone finds none of it.
    phone.get_by_role("button", name="Log out").click()
    expect(phone.locator("#player-sign-in-link")).to_be_visible()
    wait_for(lambda: entry_url not in phone.evaluate(KEPT), "his page forgotten")
    assert "/__last-pairing__" not in phone.evaluate(KEPT)
    for context in (phone.context, board_list.context, page.context):
        context.close()
