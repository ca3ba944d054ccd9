"""A manual change of a draft pairing in FIDE mode, in a real browser: the review shows what it breaks
with the article, the confirmation saves it, the audit log and the TRF export record it; on a phone too."""

import pytest
from playwright.sync_api import expect

from tests.app.conftest import make_tournament, pair, request
from tests.browser.conftest import PHONE, log_in, no_sideways_scroll, screenshot
from tournaments.models import Club, ManualChange, Result
from tournaments.services.results import enter_result

pytestmark = pytest.mark.browser


@pytest.fixture
def draft(arbiter):
    """Seven players; round 1 published, every white won (7 had the PAB); round 2 a draft."""
    tournament = make_tournament(Club.objects.get(slug="lyon"), players=7, name="Fide Open")
    first = pair(tournament, arbiter)
    for game in first.games.exclude(result=Result.BYE):
        enter_result(game, Result.WHITE_WINS, arbiter)
    return request(tournament, arbiter)


def test_a_manual_exchange_is_reviewed_recorded_and_exported(page, draft):
    slug = draft.tournament.slug
    log_in(page)
    page.goto(f"/manage/t/{slug}/")
    expect(page.locator("#fide-mode")).to_contain_text("FIDE mode")
    page.goto(f"/manage/t/{slug}/round/2/")
    expect(page.locator("#manual-form")).to_be_visible()
    screenshot(page, "fide-01-round-draft")

    # Exchange opponents between board 1 (the 1-point players) and board 3 (the 0-point players).
    page.select_option("#manual-kind", "exchange")
    page.select_option("#manual-board", "1")
    page.select_option("#manual-other-board", "3")
    page.click("#review-change")
    expect(page.locator("h1")).to_contain_text("Review a manual change")
    expect(page.locator("#change-summary")).to_contain_text("opponents exchanged between boards 1 and 3")
    expect(page.locator("#change-findings")).to_contain_text("C.04.1 (2026) Art. 5")
    expect(page.locator("#change-findings")).to_contain_text("players of different scores")
    expect(page.locator("#change-differences li")).to_have_count(4)  # two boards out, two in
    assert not ManualChange.objects.exists()  # nothing saved before the confirmation
    screenshot(page, "fide-02-review-exchange")
    page.click("#confirm-change")
    expect(page.locator("ul.messages")).to_contain_text("The change was saved")
    expect(page.locator("#manual-changes .manual-list > li")).to_have_count(1)
    expect(page.locator("#manual-changes")).to_contain_text("C.04.1 (2026) Art. 5")
    # The explanation is the engine's: it says the boards were changed by hand since.
    expect(page.locator("#explanation-changed")).to_contain_text("changed by hand (1 change")
    screenshot(page, "fide-03-round-changed")

    # The audit log has it, with the rule it breaks.
    page.goto(f"/manage/t/{slug}/audit/?kind=manual")
    entry = page.locator("li.audit-entry")
    expect(entry).to_have_count(1)
    expect(entry.locator(".audit-summary")).to_contain_text("opponents exchanged between boards 1 and 3")
    expect(entry).to_contain_text("C.04.1 (2026) Art. 5")
    screenshot(page, "fide-04-audit")

    # The TRF export carries it as comment lines.
    text = page.request.get(f"/manage/t/{slug}/export.trf").text()
    comments = [line for line in text.splitlines() if line.startswith("###")]
    assert comments[0].startswith("### Manual change 1 (") and "FIDE mode): Round 2: opponents exchanged" in comments[0]
    assert any("breaks C.04.1 (2026) Art. 5" in line for line in comments[1:])

    # On a phone: the bye given to 7, who had it in round 1 ([C2]), reviewed then confirmed.
    page.set_viewport_size(PHONE)
    page.goto(f"/manage/t/{slug}/round/2/")
    no_sideways_scroll(page, "round page")
    screenshot(page, "fide-05-round-390")
    page.select_option("#manual-kind", "bye")
    page.select_option("#manual-player", "7")
    page.click("#review-change")
    expect(page.locator("#change-findings li.absolute").filter(has_text="[C2]")).to_have_count(1)
    expect(page.locator("#change-findings")).to_contain_text("absolute criterion")
    no_sideways_scroll(page, "review page")
    screenshot(page, "fide-06-review-bye-390")
    page.click("#confirm-change")
    expect(page.locator("#manual-changes .manual-list > li")).to_have_count(2)
    no_sideways_scroll(page, "round page after")
    screenshot(page, "fide-07-round-changed-390")
    assert ManualChange.objects.count() == 2


def test_leaving_fide_mode_on_a_phone_takes_two_confirmations(page, arbiter):
    tournament = make_tournament(Club.objects.get(slug="lyon"), players=4, name="Leave Open")
    page.set_viewport_size(PHONE)
    log_in(page)
    page.goto(f"/manage/t/{tournament.slug}/")
    page.click("#leave-fide-mode")
    expect(page.locator("h1")).to_contain_text("confirmation 1 of 2")
    no_sideways_scroll(page, "first question")
    screenshot(page, "fide-08-leave-1-390")
    page.click("#fide-mode-confirm")
    expect(page.locator("h1")).to_contain_text("confirmation 2 of 2")
    expect(page.locator("#fide-mode-question")).to_contain_text("cannot be turned on again")
    tournament.refresh_from_db()
    assert tournament.fide_mode  # not yet
    screenshot(page, "fide-09-leave-2-390")
    page.click("#fide-mode-confirm")
    expect(page.locator("ul.messages")).to_contain_text("left FIDE mode")
    expect(page.locator("#fide-mode")).to_contain_text("Not in FIDE mode")
    expect(page.locator("#leave-fide-mode")).to_have_count(0)
    no_sideways_scroll(page, "tournament page")
    screenshot(page, "fide-10-left-390")
    tournament.refresh_from_db()
    assert not tournament.fide_mode
