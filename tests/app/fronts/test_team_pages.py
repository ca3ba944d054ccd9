"""A team event's pages: the arbiter's (rules, teams, rosters, line-ups, board results, the team
TRF) and the public ones (matches, team standings, team crosstable)."""

import pytest
from django.urls import reverse

from pairing.engine import parse_team
from tests.app.teams import field_first_boards, make_league, pair_round, roster
from tournaments.models import AuditEntry, Result
from tournaments.services.setup import create_tournament


@pytest.fixture
def league(club, arbiter):
    return make_league(club, teams=4, boards=2, roster=3, rounds=3, user=arbiter)


def test_arbiter_makes_a_team_event_and_enters_teams(client, club, arbiter):
    tournament = create_tournament(club, name="Winter League", rounds=5)
    client.force_login(arbiter)
    url = reverse("arbiter:teams", args=[tournament.slug])
    response = client.post(url, {"boards": "3", "match_win": "2", "match_draw": "1", "match_loss": "0",
                                 "colour_model": "B", "primary_score": "MP", "roster_order": "on",
                                 "tiebreaks": "MPvGP, BH"})
    assert response.status_code == 302
    tournament.refresh_from_db()
    assert tournament.team_rules.boards == 3 and tournament.team_rules.trf_code == "FIDE_TEAM_TYPEB_MP_GP"
    assert tournament.team_rules.tiebreaks == "MPvGP,BH" and not tournament.team_rules.substitutes
    client.post(reverse("arbiter:team_add", args=[tournament.slug]), {"name": "Rooks", "rating": "2000"})
    team = tournament.teams.get()
    client.post(reverse("arbiter:member_add", args=[tournament.slug, team.pk]),
                {"name": "Carlsen, Magnus", "rating": "2830", "entry_round": "1"})
    assert [m.player.name for m in team.members.all()] == ["Carlsen, Magnus"]
    page = client.get(url)
    assert "Carlsen, Magnus" in page.content.decode() and "Rooks" in page.content.decode()
    assert AuditEntry.objects.filter(tournament=tournament, kind="team", user=arbiter).count() == 3


def test_bad_tiebreak_code_refused_nothing_changed(client, league, arbiter):
    client.force_login(arbiter)
    response = client.post(reverse("arbiter:teams", args=[league.slug]), {
        "boards": "2", "match_win": "2", "match_draw": "1", "match_loss": "0", "colour_model": "A",
        "primary_score": "MP", "tiebreaks": "BH,NOPE"})
    assert response.status_code == 400 and "NOPE" in response.content.decode()
    league.team_rules.refresh_from_db()
    assert league.team_rules.tiebreaks == "MPvGP,DE,BH/C1,BH,EMGSB"


def test_deputy_may_enter_line_ups_but_not_the_rules(client, league, club):
    from django.contrib.auth import get_user_model

    from tournaments.models import Membership
    deputy = get_user_model().objects.create_user("dep", password="pw-dep-1234")
    Membership.objects.create(club=club, user=deputy, role=Membership.Role.DEPUTY)
    round_ = pair_round(league)
    client.force_login(deputy)
    assert client.post(reverse("arbiter:teams", args=[league.slug]), {"boards": "3"}).status_code == 403
    match = round_.matches.first()
    team = match.white_team
    players = roster(team)
    data = {f"m{match.pk}-{team.pk}-board_{b}": str(p) for b, p in enumerate(players[:2], start=1)}
    response = client.post(reverse("arbiter:line_up", args=[league.slug, 1, match.pk, team.pk]), data)
    assert response.status_code == 302
    assert list(match.line_ups.filter(team=team).values_list("player_id", flat=True)) == players[:2]


def test_line_up_out_of_order_refused_with_a_message(client, league, arbiter):
    round_ = pair_round(league, arbiter)
    client.force_login(arbiter)
    match = round_.matches.first()
    team = match.white_team
    players = roster(team)
    data = {f"m{match.pk}-{team.pk}-board_1": str(players[1]), f"m{match.pk}-{team.pk}-board_2": str(players[0])}
    response = client.post(reverse("arbiter:line_up", args=[league.slug, 1, match.pk, team.pk]), data, follow=True)
    assert "board order" in response.content.decode()
    assert not match.line_ups.exists()


def test_board_results_and_public_pages(client, league, arbiter):
    round_ = pair_round(league, arbiter)
    field_first_boards(round_, arbiter)
    client.force_login(arbiter)
    page = client.get(reverse("arbiter:team_round", args=[league.slug, 1]))
    assert page.status_code == 200 and page.content.decode().count('class="inline board-result"') == 4
    game = round_.games.order_by("board").first()
    response = client.post(reverse("arbiter:board_result", args=[league.slug, game.pk]), {"result": "+"})
    assert response.status_code == 302
    game.refresh_from_db()
    assert game.result == Result.WHITE_FORFEIT_WIN
    for other in round_.games.exclude(pk=game.pk).order_by("board"):
        client.post(reverse("arbiter:board_result", args=[league.slug, other.pk]), {"result": "="})
    client.logout()
    matches = client.get(reverse("public:team_round", args=[league.slug, 1])).content.decode()
    assert "1½–½" in matches and "1–1" in matches
    standings = client.get(reverse("public:team_standings", args=[league.slug])).content.decode()
    assert "Team standings after round 1" in standings and "EMGSB" in standings
    crosstable = client.get(reverse("public:team_crosstable", args=[league.slug])).content.decode()
    assert "Team crosstable after round 1" in crosstable
    client.force_login(arbiter)
    exported = client.get(reverse("arbiter:team_export", args=[league.slug]))
    document = parse_team(exported.content.decode())
    assert len(document.teams) == 4 and document.code == "FIDE_TEAM_TYPEA_MP_GP"


def test_team_pages_of_an_individual_tournament(client, tournament, arbiter):
    assert client.get(reverse("public:team_standings", args=[tournament.slug])).status_code == 404
    client.force_login(arbiter)
    response = client.get(reverse("arbiter:team_round", args=[tournament.slug, 1]))
    assert response.status_code == 302 and response.url == reverse("arbiter:teams", args=[tournament.slug])


def test_api_teams_matches_and_standings(client, league, arbiter):
    round_ = pair_round(league, arbiter)
    field_first_boards(round_, arbiter)
    for game in round_.games.order_by("board"):
        client.force_login(arbiter)
        client.post(reverse("arbiter:board_result", args=[league.slug, game.pk]), {"result": "1-0"})
    client.logout()
    teams = client.get(reverse("api:teams", args=[league.slug])).json()
    assert [t["pairing_number"] for t in teams] == [1, 2, 3, 4] and len(teams[0]["roster"]) == 3
    matches = client.get(reverse("api:team_round", args=[league.slug, 1])).json()
    # White wins every board: the home team (White on board 1) wins board 1, loses board 2
    assert [m["score"] for m in matches] == ["1–1", "1–1"]
    assert matches[0]["boards"][1]["result"] == "0-1" and not matches[0]["boards"][1]["home_white"]
    table = client.get(reverse("api:team_standings", args=[league.slug])).json()
    assert {row["match_points"] for row in table} == {1.0} and list(table[0]["tiebreaks"]) == [
        "MPvGP", "DE", "BH/C1", "BH", "EMGSB"]
    assert client.get(reverse("api:team_standings", args=["no-such"])).status_code == 404
    assert client.post(reverse("api:teams", args=[league.slug])).status_code in (401, 403)


def test_the_individual_pages_of_a_team_event(client, league, arbiter):
    """The overview, the players' standings (board results) and a round's board list still work."""
    round_ = pair_round(league, arbiter)
    field_first_boards(round_, arbiter)
    for game in round_.games.all():
        client.force_login(arbiter)
        client.post(reverse("arbiter:board_result", args=[league.slug, game.pk]), {"result": "="})
    client.logout()
    overview = client.get(reverse("public:tournament", args=[league.slug])).content.decode()
    assert reverse("public:team_standings", args=[league.slug]) in overview  # the team tabs
    assert "Swiss team system (C.04.6), 2 boards a match" in overview  # not the individual system
    players = client.get(reverse("public:standings", args=[league.slug]))
    assert players.status_code == 200 and "Rooks, Player 1" in players.content.decode()
    assert client.get(reverse("public:round", args=[league.slug, 1])).status_code == 200
    client.force_login(arbiter)
    assert client.get(reverse("arbiter:round", args=[league.slug, 1])).status_code == 200
    assert client.get(reverse("arbiter:tournament", args=[league.slug])).status_code == 200


def test_a_team_round_published_without_line_ups_is_not_complete(client, club, arbiter):
    # Its matches' boards are games only once both line-ups are in: before, no game is "pending", yet
    # the round is not played: the event is not finished, the players' standings are after no round.
    one_round = make_league(club, teams=2, boards=2, roster=2, rounds=1, user=arbiter, name="Cup")
    pair_round(one_round, arbiter)
    assert one_round.completed_rounds() == 0
    home = client.get(reverse("public:home")).content.decode()
    assert home.index("Cup") < home.index("Finished") if "Finished" in home else "Cup" in home
    players = client.get(reverse("public:standings", args=[one_round.slug])).content.decode()
    assert "Standings after round 1" not in players


def test_a_team_draft_on_the_arbiters_pages(client, league, arbiter):
    from django.test import TestCase

    from pairing.rounds.request import request_pairing
    with TestCase.captureOnCommitCallbacks(execute=True):
        request_pairing(league, arbiter)
    client.force_login(arbiter)
    page = client.get(reverse("arbiter:round", args=[league.slug, 1]))
    assert page.status_code == 200 and 'id="team-matches"' in page.content.decode()
    matches = client.get(reverse("arbiter:team_round", args=[league.slug, 1])).content.decode()
    assert "Publish the pairing on the round" in matches and matches.count('class="match card"') == 2


def test_team_absence_on_the_teams_page(client, league, arbiter):
    client.force_login(arbiter)
    team = league.teams.get(pairing_number=2)
    url = reverse("arbiter:team_absence", args=[league.slug, team.pk])
    client.post(url, {"round_number": "2", "absent": "1"})
    assert list(team.absences.values_list("round_number", flat=True)) == [2]
    page = client.get(reverse("arbiter:teams", args=[league.slug])).content.decode()
    assert "Not paired in round 2." in page
    client.post(url, {"round_number": "2", "absent": "0"})
    assert not team.absences.exists()
    response = client.post(url, {"round_number": "x", "absent": "1"}, follow=True)
    assert "Choose a round." in response.content.decode() and not team.absences.exists()


def test_api_tournament_record_says_a_team_event(client, league, tournament):
    record = client.get(reverse("api:tournament", args=[league.slug])).json()
    assert record["system"] == "team"
    assert record["team"] == {"boards": 2, "match_points": {"win": 2.0, "draw": 1.0, "loss": 0.0},
                              "colour_model": "A", "primary_score": "MP", "roster_order": True,
                              "substitutes": True, "tiebreaks": ["MPvGP", "DE", "BH/C1", "BH", "EMGSB"]}
    individual = client.get(reverse("api:tournament", args=[tournament.slug])).json()
    assert individual["system"] == "dutch" and individual["team"] is None
    listed = {row["slug"]: row for row in client.get(reverse("api:tournaments")).json()}
    assert listed[league.slug]["system"] == "team" and listed[league.slug]["team"]["boards"] == 2


def test_team_withdrawal_on_the_teams_page(client, league, arbiter, club):
    from django.contrib.auth import get_user_model

    from tournaments.models import Membership
    team = league.teams.get(pairing_number=3)
    url = reverse("arbiter:team_withdraw", args=[league.slug, team.pk])
    deputy = get_user_model().objects.create_user("dep2", password="pw-dep-1234")
    Membership.objects.create(club=club, user=deputy, role=Membership.Role.DEPUTY)
    client.force_login(deputy)
    assert client.post(url, {"from_round": "2"}).status_code == 403  # withdrawing is the players' right
    client.force_login(arbiter)
    page = client.get(reverse("arbiter:teams", args=[league.slug])).content.decode()
    assert f'id="withdraw-{team.pk}"' in page
    response = client.post(url, {"from_round": "2"}, follow=True)
    assert "Bishops withdrawn: not paired from round 2 on." in response.content.decode()
    assert "Withdrawn: not paired from round 2 on." in response.content.decode()
    team.refresh_from_db()
    assert team.withdrawn_from_round == 2
    again = client.post(url, {"from_round": "2"}, follow=True).content.decode()
    assert "Bishops: nothing changed." in again
    bad = client.post(url, {"from_round": "x"}, follow=True).content.decode()
    assert "Choose a round." in bad
    pair_round(league, arbiter)
    # round 1 paired: withdrawing from it is refused with the reason, nothing changed
    refused = client.post(url, {"from_round": "1"}, follow=True).content.decode()
    assert "Round 1 has been paired already; withdraw from round 2 on." in refused
    team.refresh_from_db()
    assert team.withdrawn_from_round == 2
    assert client.post(url, {"from_round": ""}, follow=True).status_code == 200
    team.refresh_from_db()
    assert team.withdrawn_from_round is None
    client.post(url, {"from_round": "3"})
    teams = client.get(reverse("api:teams", args=[league.slug])).json()
    assert [t["withdrawn_from_round"] for t in teams] == [None, None, 3, None]
