"""On a 390 px phone: a pairing that never comes back is cancelled, a failed one is paired again,
and a change to an earlier round's result is confirmed on its row."""

import random

import pytest
from django.urls import reverse
from playwright.sync_api import expect

from pairing.engine import EngineError
from pairing.rounds import run
from pairing.rounds.tasks import pair_round_task
from tests.app.conftest import make_tournament, pair, play
from tests.browser.conftest import PHONE, log_in, no_sideways_scroll, screenshot
from tournaments.models import Game

pytestmark = pytest.mark.browser


@pytest.fixture
def club(arbiter):
    return arbiter.memberships.get().club


def test_cancel_a_pairing_then_pair_again_after_a_failure(page, club, monkeypatch):
    tournament = make_tournament(club, players=6, rounds=3)
    page.set_viewport_size(PHONE)
    log_in(page)

    # The pairing task is lost on its way: the round page counts the seconds and offers to cancel.
    with monkeypatch.context() as lost:
        lost.setattr(pair_round_task, "apply_async", lambda *args, **options: None)
        page.goto(tournament.get_manage_url())
        page.click("#pair-round")
        expect(page.locator("#pairing-status")).to_contain_text("Pairing round 1")
        expect(page.locator("#pairing-elapsed")).to_have_text("2 s", timeout=10_000)  # polled every second
    no_sideways_scroll(page)
    screenshot(page, "round-faults-1-pairing")
    page.click("#cancel-pairing")
    expect(page.locator("ul.messages")).to_contain_text("The pairing of round 1 was cancelled.")
    assert not tournament.round_set.exists()

    # The engine fails: the message, "Pair again" and "Discard".
    def broken_engine(*args, **kwargs):
        raise EngineError("boom")

    with monkeypatch.context() as broken:
        broken.setattr(run, "pair_round", broken_engine)
        page.click("#pair-round")
        expect(page.locator("#pairing-error")).to_have_text("boom")
    expect(page.get_by_role("button", name="Discard")).to_be_visible()
    no_sideways_scroll(page)
    screenshot(page, "round-faults-2-failed")
    page.click("#pair-again")
    expect(page.locator("#publish")).to_be_visible()
    expect(page.locator("table.boards tbody tr")).to_have_count(3)
    assert list(tournament.round_set.values_list("number", "status")) == [(1, "draft")]


def test_a_change_to_an_earlier_round_is_confirmed_on_its_row(page, club):
    tournament = make_tournament(club, players=6, rounds=3)
    play(pair(tournament), random.Random(5))
    pair(tournament)
    game = Game.objects.get(round__tournament=tournament, round__number=1, board=1)
    new = "½-½" if game.result != "½-½" else "1-0"
    page.set_viewport_size(PHONE)
    log_in(page)
    page.goto(reverse("arbiter:round", args=[tournament.slug, 1]))
    no_sideways_scroll(page)
    field = page.get_by_label("Result of board 1")
    field.fill("=" if new == "½-½" else "1")
    field.press("Enter")
    warning = page.locator(f"#game-{game.pk} .warning")
    expect(warning).to_contain_text("Round 2 has been paired with the old result of board 1 of round 1")
    no_sideways_scroll(page)
    screenshot(page, "round-faults-3-confirm")
    assert Game.objects.get(pk=game.pk).result == game.result
    warning.get_by_role("button", name=f"Change to {new}").click()
    expect(page.locator(f"#game-{game.pk} .warning")).to_have_count(0)
    expect(page.get_by_label("Result of board 1")).to_have_value(new)
    assert Game.objects.get(pk=game.pk).result == new
