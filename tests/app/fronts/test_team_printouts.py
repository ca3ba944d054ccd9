"""A team event's printouts: the PDF of a round's matches, of the team standings and of the team
crosstable name the teams, players and scores the pages show; none before there is something to print."""

import pytest
from django.test import Client
from django.urls import reverse

from tests.app.fronts.test_printouts import pdf_text, squeeze
from tests.app.teams import field_first_boards, make_league, pair_round, play_round
from tournaments.queries.teams import round_matches


@pytest.fixture
def league(club, arbiter):
    """Five teams (the PAB every round), two boards; round 1 played, round 2 paired without line-ups."""
    tournament = make_league(club, teams=5, boards=2, roster=3, rounds=3, user=arbiter)
    first = pair_round(tournament, arbiter)
    field_first_boards(first, arbiter)
    play_round(first, arbiter)
    pair_round(tournament, arbiter)
    return tournament


def test_round_matches_pdf_names_teams_players_scores_and_the_bye(league):
    text = squeeze(pdf_text(Client().get(reverse("public:team_round_pdf", args=[league.slug, 1]))))
    assert "Round 1: matches" in text
    lines = round_matches(league.round_set.get(number=1))
    played = [line for line in lines if not line.match.is_bye]
    assert len(played) == 2
    for line in played:
        # The team with White on board 1 wins boards 1 and 2 (play_round): 2–0
        assert line.score == "2–0"
        assert f"{line.match.number}. {line.match.white_team} 2–0 {line.match.black_team}" in text
        for board in line.boards:
            assert board.home.name in text and board.away.name in text
    bye = next(line for line in lines if line.match.is_bye)
    assert f"{bye.match.white_team} – pairing-allocated bye" in text


def test_round_pdf_before_line_ups_and_of_an_unpublished_round(league):
    text = squeeze(pdf_text(Client().get(reverse("public:team_round_pdf", args=[league.slug, 2]))))
    assert "Round 2: matches" in text and text.count("line-up to come") == 2 * 2 * 2  # two matches, two boards
    assert Client().get(reverse("public:team_round_pdf", args=[league.slug, 3])).status_code == 404


def test_team_standings_and_crosstable_pdfs(league):
    client = Client()
    page = client.get(reverse("public:team_standings", args=[league.slug])).content.decode()
    assert reverse("public:team_standings_pdf", args=[league.slug]) + "?after=1" in page
    text = squeeze(pdf_text(client.get(reverse("public:team_standings_pdf", args=[league.slug]) + "?after=1")))
    assert "Team standings after round 1" in text and "MPvGP" in text and "EMGSB" in text
    # The winners of round 1 (2 match points, 2 game points) above the losers and the bye (1 match point)
    winners = [line.match.white_team.name for line in round_matches(league.round_set.get(number=1))
               if not line.match.is_bye]
    table = text.split("EMGSB", 1)[1]
    for name in winners:
        assert f"{name} 2 2 " in table
        assert all(table.index(name) < table.index(other.name) for other in league.teams.exclude(name__in=winners))
    crosstable = squeeze(pdf_text(client.get(reverse("public:team_crosstable_pdf", args=[league.slug]))))
    assert "Team crosstable after round 1" in crosstable and "bye" in crosstable
    for name in ("Rooks", "Knights", "Bishops", "Pawns", "Queens"):
        assert name in crosstable
    assert client.get(reverse("public:team_standings_pdf", args=[league.slug]) + "?after=2").status_code == 404


def test_a_withdrawn_team_is_marked_in_the_standings(league, arbiter):
    from tournaments.services.teams import withdraw_team
    withdraw_team(league.teams.get(name="Bishops"), 3, arbiter)
    client = Client()
    page = client.get(reverse("public:team_standings", args=[league.slug])).content.decode()
    assert page.count("(withdrawn)") == 1
    assert 'Bishops <small class="meta withdrawn">(withdrawn)</small>' in page
    for name in ("public:team_standings_pdf", "public:team_crosstable_pdf"):
        text = squeeze(pdf_text(client.get(reverse(name, args=[league.slug]))))
        assert text.count("(withdrawn)") == 1 and "Bishops (withdrawn)" in text


def test_no_team_pdf_for_an_individual_tournament(tournament):
    assert Client().get(reverse("public:team_standings_pdf", args=[tournament.slug])).status_code == 404
    assert Client().get(reverse("public:team_crosstable_pdf", args=[tournament.slug])).status_code == 404
