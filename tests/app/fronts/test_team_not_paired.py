"""A team without a match in a published round (C.04.6): left out by a manual change of the draft, its
absence announced, or withdrawn; the public matches page lists it under "Not paired in this round" with
the reason (its PDF printout too), and the record of each of its players says why he has no board."""

import re

import pytest
from django.urls import reverse

from pairing.rounds.manual import apply_manual_change, propose_change
from pairing.rounds.publish import publish_round
from tests.app.conftest import request
from tests.app.fronts.test_printouts import pdf_text, squeeze
from tests.app.teams import make_league
from tournaments.services.teams import set_team_absence, withdraw_team


@pytest.fixture
def round_one(club, arbiter):
    """Eight teams: Gambits withdrawn and Castles absent from round 1, match 3 of the six others unpaired by
    hand and the round published (not in FIDE mode, asked first); the teams of that match."""
    league = make_league(club, teams=8, boards=2, roster=2, rounds=3, user=arbiter, name="Club League")
    league.fide_mode = False
    league.save(update_fields=["fide_mode"])
    set_team_absence(league.teams.get(name="Castles"), 1, True, arbiter)
    withdraw_team(league.teams.get(name="Gambits"), 1, arbiter)
    draft = request(league, arbiter)
    assert draft.status == "draft", draft.error
    assert draft.matches.count() == 3
    left = draft.matches.select_related("white_team", "black_team").get(number=3)
    apply_manual_change(draft, "unpair", propose_change(draft, "unpair", board=3).fingerprint, arbiter, board=3)
    draft.refresh_from_db()
    publish_round(draft, arbiter, confirm=True)
    return league, (left.white_team, left.black_team)


def rows(page: str) -> list[tuple[str, str, str]]:
    """The "Not paired in this round" table: (number, team, reason) per row."""
    table = page[page.index('<table class="list not-paired"'):]
    table = table[:table.index("</table>")]
    return re.findall(r'<td class="rk">(\d+)</td><td class="team">([^<]*)</td><td class="reason">([^<]*)</td>', table)


def test_the_matches_page_lists_the_teams_without_a_match_and_why(client, round_one):
    league, (white, black) = round_one
    page = client.get(reverse("public:team_round", args=[league.slug, 1])).content.decode()
    assert "Not paired in this round" in page
    by_team = {team: (number, reason) for number, team, reason in rows(page)}
    castles, gambits = league.teams.get(name="Castles"), league.teams.get(name="Gambits")
    assert by_team == {
        white.name: (str(white.pairing_number), "Team not paired"),
        black.name: (str(black.pairing_number), "Team not paired"),
        "Castles": (str(castles.pairing_number), "Team absent (announced)"),
        "Gambits": (str(gambits.pairing_number), "Team withdrawn"),
    }
    assert [int(number) for number, _team, _reason in rows(page)] == sorted(int(n) for n, _r in by_team.values())
    # The matches played are not listed.
    assert len(re.findall(r'<section class="match card"', page)) == 2
    # The matches' printout lists them too.
    text = squeeze(pdf_text(client.get(reverse("public:team_round_pdf", args=[league.slug, 1]))))
    assert "Not paired in this round" in text
    for name, (number, reason) in by_team.items():
        shown = f"{name} (withdrawn)" if name == "Gambits" else name
        assert f"{number} {shown} {reason}" in text, (name, text)


def test_a_player_of_a_team_left_out_has_the_reason_in_his_record(client, round_one):
    league, (white, _black) = round_one
    player = white.members.order_by("order").first().player
    page = client.get(reverse("public:player", args=[league.slug, player.pairing_number])).content.decode()
    assert "<em>Team not paired</em>" in page
    absent = league.teams.get(name="Castles").members.first().player
    page = client.get(reverse("public:player", args=[league.slug, absent.pairing_number])).content.decode()
    assert "<em>Team absent (announced)</em>" in page


def test_a_round_where_every_team_plays_lists_none(client, club, arbiter):
    league = make_league(club, teams=4, boards=2, roster=2, rounds=3, user=arbiter)
    draft = request(league, arbiter)
    publish_round(draft, arbiter)
    page = client.get(reverse("public:team_round", args=[league.slug, 1])).content.decode()
    assert "Not paired in this round" not in page
