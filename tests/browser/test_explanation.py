"""Why this pairing, in a real browser: round 5 of a tournament imported from its TRF, where the two
leaders met already (both float down: MDPs) and the pairing-allocated bye cannot go to the player
who had one; the arbiter reads the explanation, publishes it, and a phone reads it on the public page.

The facts are read by hand from the file (see tests/engine/test_explanation.py)."""

from pathlib import Path

import pytest
from playwright.sync_api import expect

from tests.browser.conftest import DESKTOP, PHONE, log_in, no_sideways_scroll, screenshot, sticking_out, switch_language
from tournaments.exchange.trf_import import import_tournament
from tournaments.models import Club

pytestmark = pytest.mark.browser

ROUND_5 = (Path(__file__).parents[1] / "engine" / "fixtures" / "dutch_2026_t0000_r05.trf").read_text()


def part(page, heading: str):
    """The explanation's section under this heading."""
    return page.locator("#explanation section.explanation-part").filter(
        has=page.locator("h3", has_text=heading))


def reads_correctly(page) -> None:
    top = part(page, "Bracket 1: scoregroup 3")
    expect(top).to_contain_text("Residents: Test0002 Player0002 (2) and Test0005 Player0005 (5).")
    expect(top).to_contain_text("Test0002 Player0002 (2) is not paired in this bracket and floats down, "
                                "paired in the bracket of scoregroup 2½.")
    expect(top).to_contain_text("Test0002 Player0002 (2) may not meet Test0005 Player0005 (5): they have already "
                                "played each other ([C1]).")
    expect(top).to_contain_text("[C6] could not be fully met (maximise the number of pairs): "
                                "Test0002 Player0002 (2) and Test0005 Player0005 (5).")
    second = part(page, "Bracket 2: scoregroup 2½")
    expect(second).to_contain_text("MDP Test0002 Player0002 (2) (3 points) is paired in this bracket.")
    expect(second).to_contain_text("MDP Test0005 Player0005 (5) (3 points) is paired in this bracket.")
    expect(second).to_contain_text("Pair: Test0010 Player0010 (10) – Test0002 Player0002 (2).")
    bye = part(page, "Pairing-allocated bye")
    expect(bye).to_contain_text("Test0011 Player0011 (11) (1 point) receives the pairing-allocated bye.")
    expect(bye).to_contain_text("[C2] (C.04.1 Art. 4): may receive it: has had no pairing-allocated bye, "
                                "nor a win's points without playing; these players may not: 12.")
    expect(bye).to_contain_text("[C5]: no eligible player has a lower score than 1.")
    expect(part(page, "Colours")).to_contain_text(
        "Board 4: Test0009 Player0009 (9) has White, Test0001 Player0001 (1) Black. Art. 5.2.4: the colour "
        "preference of the higher ranked player is granted.")


def fits_the_phone(page) -> None:
    """The explanation's every line fits a 390 px screen (the board list is the public page's own)."""
    assert not sticking_out(page, "#explanation, #explanation *")


def test_the_explanation_of_a_round_with_mdps_and_a_pab(page, arbiter):
    tournament = import_tournament(Club.objects.get(slug="lyon"), ROUND_5)
    log_in(page)
    page.goto(tournament.get_manage_url())
    page.click("#pair-round")
    expect(page.locator("h1")).to_contain_text("Round 5")
    expect(page.locator("#publish")).to_be_visible()

    # The draft: the explanation is open under the boards, and agrees with them.
    expect(page.locator("#explanation summary")).to_have_text("Why this pairing")
    expect(page.locator("table.boards")).to_contain_text("Test0011 Player0011")
    reads_correctly(page)
    page.locator("#explanation").scroll_into_view_if_needed()
    screenshot(page, "60-explanation-draft")

    page.click("#publish")
    expect(page.locator(".messages")).to_contain_text("Round 5 published")
    page.click("#explanation summary")  # folded under the results once published
    page.click("#publish-explanation")
    expect(page.locator(".messages")).to_contain_text("The explanation is published with the round.")
    expect(page.locator("#withdraw-explanation")).to_be_visible()

    # The arbiter's page on a phone.
    page.set_viewport_size(PHONE)
    reads_correctly(page)
    fits_the_phone(page)
    screenshot(page, "61-explanation-arbiter-phone")
    page.click("text=Log out")

    # The public round page, on the phone and on a desktop.
    page.goto(f"/t/{tournament.slug}/round/5/")
    expect(page.locator("#explanation h2")).to_have_text("Why this pairing")
    reads_correctly(page)
    fits_the_phone(page)
    screenshot(page, "62-explanation-public-phone")
    page.set_viewport_size(DESKTOP)
    screenshot(page, "63-explanation-public-desktop")


def test_the_draft_in_italian_on_a_phone(page, arbiter):
    """An Italian arbiter on a phone: the manual change of the draft and the explanation in Italian
    (the engine's facts in the catalogue's words), each line within the 390 px screen."""
    tournament = import_tournament(Club.objects.get(slug="lyon"), ROUND_5)
    page.set_viewport_size(PHONE)
    page.goto("/accounts/login/")
    switch_language(page, "Italiano")
    log_in(page, button="Accedi", heading="I miei tornei")
    page.goto(tournament.get_manage_url())
    page.click("#pair-round")
    expect(page.locator("#publish")).to_be_visible()

    # A manual change, reviewed then confirmed.
    form = page.locator("#manual-form")
    expect(form.locator("h3")).to_have_text("Modifica l'abbinamento a mano")
    page.select_option("#manual-kind", "swap")
    page.select_option("#manual-board", "1")
    page.click("#review-change")
    expect(page.locator("h1")).to_contain_text("Esamina una modifica manuale")
    expect(page.locator("#change-boards h2")).to_have_text("Le scacchiere dopo la modifica")
    no_sideways_scroll(page)
    screenshot(page, "65-manual-change-review-it-phone")
    page.click("#confirm-change")
    box = page.locator("#manual-changes")
    expect(box.locator("h2")).to_have_text("Modifiche manuali")
    expect(box).to_contain_text("Modalità FIDE: ogni modifica è esaminata rispetto alle regole")
    expect(box.locator(".manual-list > li")).to_have_count(1)
    expect(box.locator("label[for=manual-kind]")).to_have_text("Modifica")
    expect(box.locator("#review-change")).to_have_text("Esamina la modifica")

    # The explanation: the engine's facts, in Italian.
    expect(page.locator("#explanation summary")).to_have_text("Perché questo abbinamento")
    top = part(page, "Fascia 1: gruppo di punteggio 3")
    expect(top).to_contain_text("Residenti: Test0002 Player0002 (2) e Test0005 Player0005 (5).")
    expect(top).to_contain_text("Test0002 Player0002 (2) non può incontrare Test0005 Player0005 (5): si sono già "
                                "incontrati ([C1]).")
    expect(part(page, "Fascia 2: gruppo di punteggio 2½")).to_contain_text(
        "L'MDP Test0002 Player0002 (2) (3 punti) è abbinato in questa fascia.")
    expect(part(page, "Bye assegnato dagli abbinamenti")).to_contain_text(
        "Test0011 Player0011 (11) (1 punto) riceve il bye assegnato dagli abbinamenti.")
    for english in ("Why this pairing", "Manual changes", "is paired", "Residents", "Review the change"):
        expect(page.locator("main")).not_to_contain_text(english)
    assert not sticking_out(page, "#manual-changes, #manual-changes *, #explanation *")
    no_sideways_scroll(page)  # the boards too
    page.locator("#manual-changes").scroll_into_view_if_needed()
    screenshot(page, "64-manual-change-and-explanation-it-phone")
