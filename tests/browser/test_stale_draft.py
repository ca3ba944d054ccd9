"""A result of round 1 corrected while round 2 is a draft: the round page says the draft is out of
date, "Publish" asks first, "Pair again" pairs it again in one click (desktop and a 390 px phone)."""

import random

import pytest
from django.urls import reverse
from playwright.sync_api import expect

from tests.app.conftest import make_tournament, pair, play, request
from tests.browser.conftest import DESKTOP, PHONE, log_in, no_sideways_scroll, screenshot
from tournaments.models import Result, Round
from tournaments.services.results import enter_result

pytestmark = pytest.mark.browser


def _correct_round_1(tournament):
    """Another arbiter corrects a result of round 1 (confirmed, as round 2 is paired)."""
    game = tournament.round_set.get(number=1).games.exclude(result=Result.BYE).first()
    enter_result(game, Result.BLACK_WINS if game.result != Result.BLACK_WINS else Result.WHITE_WINS, confirm=True)


@pytest.mark.parametrize("viewport", [DESKTOP, PHONE], ids=["desktop", "phone"])
def test_an_out_of_date_draft_is_paired_again_or_published_on_purpose(page, arbiter, viewport):
    tournament = make_tournament(arbiter.memberships.get().club, players=9, rounds=5)
    play(pair(tournament), random.Random(5))
    request(tournament)
    page.set_viewport_size(viewport)
    log_in(page)
    page.goto(reverse("arbiter:round", args=[tournament.slug, 2]))
    expect(page.locator("#publish")).to_be_visible()
    expect(page.locator("#stale-draft")).to_have_count(0)

    _correct_round_1(tournament)
    page.reload()
    expect(page.locator("#stale-draft")).to_contain_text("This draft is out of date.")
    expect(page.locator("#stale-draft")).to_contain_text("results of earlier rounds")
    # Publish asks first, naming what changed; nothing is published yet.
    page.click("#publish")
    expect(page.locator("#publish-question")).to_contain_text("out of date: results of earlier rounds changed")
    assert tournament.round_set.get(number=2).status == Round.Status.DRAFT
    no_sideways_scroll(page, viewport=viewport)
    screenshot(page, f"stale-draft-1-question-{viewport['width']}")
    # Pair again: the draft is thrown away and the round paired again, up to date.
    page.click("#question-pair-again")
    expect(page.locator("#publish")).to_be_visible()
    expect(page.locator("#stale-draft")).to_have_count(0)
    screenshot(page, f"stale-draft-2-paired-again-{viewport['width']}")

    # Out of date again, and published on purpose: the audit log says so.
    _correct_round_1(tournament)
    page.reload()
    page.click("#publish")
    page.click("#publish-anyway")
    expect(page.locator("ul.messages")).to_contain_text("Round 2 published.")
    assert tournament.round_set.get(number=2).status == Round.Status.PUBLISHED
    page.goto(reverse("arbiter:audit", args=[tournament.slug]))
    expect(page.locator("body")).to_contain_text("Round 2 published although out of date")
