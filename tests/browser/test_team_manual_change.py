"""A team draft changed by hand in a real browser (C.04.6): an 8-team league's round 2 draft, the
opponents of matches 1 and 2 exchanged on the arbiter's phone (reviewed, then confirmed), the round
published, and the public matches page showing the changed matches; on a 390 px phone and a desktop."""

import pytest
from playwright.sync_api import expect

from pairing.rounds.manual import propose_change
from tests.app.teams import field_first_boards, make_league, play_round
from tests.browser.conftest import DESKTOP, PHONE, log_in, no_sideways_scroll, screenshot
from tournaments.models import ManualChange

pytestmark = pytest.mark.browser


def pair_round(page, league, number: int) -> None:
    page.goto(f"/manage/t/{league.slug}/")
    page.click("#pair-round")
    expect(page.locator("h1")).to_contain_text(f"Round {number}")
    expect(page.locator("#publish")).to_be_visible()


def test_exchange_the_opponents_of_two_matches_then_publish(page, arbiter):
    league = make_league(arbiter.memberships.get().club, teams=8, boards=4, roster=5, rounds=7,
                         name="Lyon Club League", user=arbiter)
    log_in(page)
    pair_round(page, league, 1)
    page.click("#publish")
    expect(page.locator(".messages")).to_contain_text("Round 1 published")
    first = league.round_set.get(number=1)
    field_first_boards(first, arbiter)
    play_round(first, arbiter)

    pair_round(page, league, 2)
    draft = league.round_set.get(number=2)
    engine = {m.number: (m.white_team, m.black_team) for m in draft.matches.select_related("white_team", "black_team")}
    (w1, b1), (w2, b2) = engine[1], engine[2]
    page.set_viewport_size(PHONE)
    form = page.locator("#manual-form")
    expect(form.locator("#manual-kind option")).to_contain_text(["Swap colours", "Exchange opponents",
                                                                 "Unpair a match", "Pair two teams"])
    expect(form.locator("label[for=manual-board]")).to_contain_text("Match")
    form.locator("#manual-kind").select_option("exchange")
    form.locator("#manual-board").select_option("1")
    form.locator("#manual-other-board").select_option("2")
    no_sideways_scroll(page, "a team draft's round page on a phone")
    form.scroll_into_view_if_needed()
    screenshot(page, "team-manual-01-form-phone")
    page.click("#review-change")

    # The review: nothing saved yet, what it breaks, the matches after it (the new ones marked).
    expect(page.locator("h1")).to_contain_text("Review a manual change")
    summary = (f"Round 2: opponents exchanged between matches 1 and 2: {w1.pairing_number}-{b1.pairing_number} and "
               f"{w2.pairing_number}-{b2.pairing_number} become {w1.pairing_number}-{b2.pairing_number} and "
               f"{w2.pairing_number}-{b1.pairing_number}")
    expect(page.locator("#change-summary")).to_have_text(summary)
    # What it breaks, as the review (pairing.rounds.manual) finds it: each finding with its C.04.6 article.
    findings = propose_change(draft, "exchange", board=1, other_board=2).findings
    if findings:
        expect(page.locator("#change-findings ul.findings > li")).to_have_count(len(findings))
        for finding, item in zip(findings, page.locator("#change-findings ul.findings > li").all(), strict=True):
            expect(item).to_contain_text(f"{finding.article}: {finding.text}")
    else:
        expect(page.locator("#no-findings")).to_be_visible()
    expect(page.locator("#change-boards h2")).to_have_text("The matches after the change")
    expect(page.locator("table.manual-boards tr.moved")).to_have_count(2)
    assert not ManualChange.objects.exists()
    no_sideways_scroll(page, "the review of a team change on a phone")
    screenshot(page, "team-manual-02-review-phone")
    page.set_viewport_size(DESKTOP)
    screenshot(page, "team-manual-03-review-desktop")
    page.click("#confirm-change")
    expect(page.locator(".messages")).to_contain_text("The change was saved and recorded")
    expect(page.locator("#manual-changes .manual-list")).to_contain_text(summary)
    screenshot(page, "team-manual-04-saved-desktop")
    # On paper: the changed matches, without the buttons and the form.
    page.emulate_media(media="print")
    expect(page.locator("#publish")).to_be_hidden()
    expect(page.locator("table.team-draft")).to_be_visible()
    rows = page.locator("table.team-draft tbody tr").all_inner_texts()
    assert any(w1.name in r and b2.name in r for r in rows) and any(w2.name in r and b1.name in r for r in rows)
    screenshot(page, "team-manual-04b-print")
    page.emulate_media(media="screen")
    change = ManualChange.objects.get()
    assert change.user == arbiter and change.kind == "exchange"

    page.click("#publish")
    expect(page.locator(".messages")).to_contain_text("Round 2 published")
    published = {frozenset((m.white_team.name, m.black_team.name if m.black_team else ""))
                 for m in league.round_set.get(number=2).matches.select_related("white_team", "black_team")}
    assert {frozenset((w1.name, b2.name)), frozenset((w2.name, b1.name))} <= published
    assert frozenset((w1.name, b1.name)) not in published

    # The public matches page, logged out: the exchanged matches, on a phone and a desktop.
    page.context.clear_cookies()
    page.goto(f"/t/{league.slug}/teams/round/2/")
    expect(page.locator("section.match")).to_have_count(4)
    headings = page.locator("section.match h3")
    texts = [" ".join(t.split()) for t in headings.all_inner_texts()]
    assert any(w1.name in t and b2.name in t for t in texts) and any(w2.name in t and b1.name in t for t in texts)
    assert not any(w1.name in t and b1.name in t for t in texts)
    screenshot(page, "team-manual-05-public-desktop")
    page.set_viewport_size(PHONE)
    no_sideways_scroll(page, "the public matches of round 2 on a phone")
    screenshot(page, "team-manual-06-public-phone")
