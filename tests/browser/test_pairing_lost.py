"""A pairing whose worker died, as the arbiter sees it on a 390 px phone, a desktop and on paper:
queued, sent again once its heartbeat stopped, then failed with a message and "Pair again".

Tasks go to a broker here (recorded, never run): the test plays the worker that takes the task
and dies, by the times it writes (``started_at``, ``heartbeat_at``)."""

from datetime import timedelta

import pytest
from django.utils import timezone
from playwright.sync_api import expect

from config import celery_app
from pairing.rounds.tasks import pair_round_task
from tests.app.conftest import make_tournament
from tests.browser.conftest import DESKTOP, PHONE, log_in, no_sideways_scroll, screenshot
from tournaments.models import Club, Round

pytestmark = pytest.mark.browser


def worker_died(tournament) -> None:
    """A worker took the round's task, then stopped beating twenty seconds ago."""
    now = timezone.now()
    Round.objects.filter(tournament=tournament).update(started_at=now - timedelta(seconds=30),
                                                       heartbeat_at=now - timedelta(seconds=20))


def test_a_pairing_whose_worker_died_is_sent_again_then_fails_with_a_message(page, arbiter, monkeypatch):
    tournament = make_tournament(Club.objects.get(slug="lyon"), players=6, rounds=3)
    monkeypatch.setattr(celery_app.conf, "task_always_eager", False)
    sent = []
    monkeypatch.setattr(pair_round_task, "apply_async", lambda args, **options: sent.append(options["task_id"]))
    page.set_viewport_size(PHONE)
    log_in(page)
    page.goto(tournament.get_manage_url())
    page.click("#pair-round")
    status = page.locator("#pairing-status")
    expect(status).to_have_attribute("data-stage", "queued")
    expect(page.locator("#pairing-bracket")).to_have_text("Queued: waiting for the pairing service to take it…")

    worker_died(tournament)  # the status poll (every second) finds the silent heartbeat
    expect(page.locator("#pairing-resent")).to_have_text(
        "The pairing service lost the pairing: it was sent again (1 time).", timeout=10_000)
    expect(status).to_have_attribute("data-stage", "resent")
    assert len(sent) == 2 and sent[1] == Round.objects.get(tournament=tournament).task_id
    no_sideways_scroll(page)
    screenshot(page, "pairing-lost-1-resent-phone")
    page.set_viewport_size(DESKTOP)
    screenshot(page, "pairing-lost-2-resent-desktop")
    page.emulate_media(media="print")
    expect(page.locator("#pairing-resent")).to_be_visible()
    page.emulate_media(media="screen")
    page.set_viewport_size(PHONE)

    worker_died(tournament)  # sent again, taken, and lost again: the round fails
    error = page.locator("#pairing-error")
    expect(error).to_contain_text("The pairing stopped without finishing (2 tries)", timeout=10_000)
    expect(error).to_contain_text("Nothing was paired and nothing was lost: pair again")
    expect(page.locator("#pair-again")).to_be_visible()
    no_sideways_scroll(page)
    screenshot(page, "pairing-lost-3-failed-phone")
    assert len(sent) == 2
