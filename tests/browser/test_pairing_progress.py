"""The round's page shows the engine's progress while it pairs, on a phone and a desktop, and a
pairing past the tournament's time limit goes back to not paired with a message.

The task runs in a thread, as in a worker, so the page polls while it runs.  The engine reports a
big round's brackets slowly, then pairs the real round: what the page shows comes from its progress
callback through the task (``pairing.rounds.run.RoundProgress``) and the database.
"""

import threading

import pytest
from django.urls import reverse
from playwright.sync_api import expect

from pairing.rounds import run
from tests.app.conftest import make_tournament
from tests.browser.conftest import ARTIFACTS, DESKTOP, PHONE, log_in, no_sideways_scroll, screenshot
from tournaments.models import Club, Round, Tournament

pytestmark = pytest.mark.browser
ENGINE = run.pair_round


@pytest.fixture
def worker(monkeypatch, task_threads):
    """Pairing tasks run in threads of their own; ``worker.engine(brackets, every)`` makes the engine
    report ``brackets`` brackets, one every ``every`` seconds, before it pairs the round."""
    stop = threading.Event()

    def engine(brackets: int, every: float):
        def slow(document, *args, progress, **kwargs):
            players = len(document.players)
            for done in range(brackets):
                progress(done, brackets, players - 2 * done)
                if stop.wait(every):
                    break
            return ENGINE(document, *args, progress=progress, **kwargs)

        monkeypatch.setattr(run, "pair_round", slow)

    worker = type("Worker", (), {"engine": staticmethod(engine)})
    yield worker
    stop.set()  # task_threads joins them


def test_the_round_page_shows_the_progress_of_the_pairing(page, arbiter, worker):
    tournament = make_tournament(Club.objects.get(slug="lyon"), players=30, rounds=5)
    worker.engine(brackets=8, every=1.0)
    page.set_viewport_size(PHONE)
    log_in(page)
    page.goto(tournament.get_manage_url())
    page.click("#pair-round")

    status = page.locator("#pairing-status")
    expect(status).to_contain_text("Pairing round 1")
    expect(page.locator("#pairing-bracket")).to_contain_text("Bracket 3 of 8 (current bracket 26 players)",
                                                             timeout=15_000)
    expect(page.locator("#pairing-bar")).to_have_attribute("max", "8")
    expect(status).to_contain_text("(time limit 10 min)")
    no_sideways_scroll(page)
    screenshot(page, "pairing-progress-1-phone")

    page.set_viewport_size(DESKTOP)
    expect(page.locator("#pairing-bracket")).to_contain_text("Bracket 6 of 8", timeout=15_000)
    expect(page.locator("#pairing-bar")).to_have_attribute("value", "5")
    screenshot(page, "pairing-progress-2-desktop")

    # Done: the page reloads with the draft.
    expect(page.locator("#publish")).to_be_visible(timeout=20_000)
    expect(page.locator("table.boards tbody tr")).to_have_count(15)


def test_a_pairing_past_the_time_limit_goes_back_to_not_paired(page, arbiter, worker):
    tournament = make_tournament(Club.objects.get(slug="lyon"), players=30, rounds=5)
    Tournament.objects.filter(pk=tournament.pk).update(pairing_time_limit=3)  # below the form's 10 s
    worker.engine(brackets=600, every=0.5)  # five minutes
    page.set_viewport_size(PHONE)
    log_in(page)
    page.goto(tournament.get_manage_url())
    page.click("#pair-round")
    expect(page.locator("#pairing-bracket")).to_contain_text("of 600", timeout=10_000)
    expect(page.locator("#pairing-status")).to_contain_text("(time limit 3 s)")

    error = page.locator("#pairing-error")
    expect(error).to_have_text("The pairing did not finish within the tournament's time limit (3 s): the round is "
                               "not paired. Pair again, or give the engine more time in the tournament's settings.",
                               timeout=15_000)
    expect(page.locator("h1")).to_contain_text("Pairing failed")
    expect(page.locator("table.boards")).to_have_count(0)
    no_sideways_scroll(page)
    screenshot(page, "pairing-progress-3-timeout-phone")
    page.set_viewport_size(DESKTOP)
    screenshot(page, "pairing-progress-4-timeout-desktop")
    assert list(tournament.round_set.values_list("status", flat=True)) == [Round.Status.FAILED]
    assert not tournament.round_set.get().games.exists()

    # More time in the settings (the form's minimum), and the same round goes through.
    page.set_viewport_size(PHONE)
    page.goto(reverse("arbiter:tournament_edit", args=[tournament.slug]))
    field = page.locator("#id_pairing_time_limit")
    expect(field).to_have_attribute("min", "10")
    field.scroll_into_view_if_needed()
    no_sideways_scroll(page)
    page.screenshot(path=ARTIFACTS / "pairing-progress-5-setting-phone.png")
    field.fill("10")
    page.click("form.card button[type=submit]")
    worker.engine(brackets=3, every=0.2)
    expect(page.locator("ul.messages")).to_contain_text("Tournament saved.")
    assert Tournament.objects.get(pk=tournament.pk).pairing_time_limit == 10
    page.goto(reverse("arbiter:round", args=[tournament.slug, 1]))
    page.click("#pair-again")
    expect(page.locator("#publish")).to_be_visible(timeout=20_000)
    expect(page.locator("table.boards tbody tr")).to_have_count(15)
