"""A team event's printouts: the PDF of a round's matches, of the team standings and of the team
crosstable name the teams, players and scores the pages show; none before there is something to print."""

import pytest
from django.test import Client
from django.urls import reverse

from tests.app.fronts.test_printouts import pdf_text, squeeze
from tests.app.teams import field_first_boards, make_league, pair_round, play_round
from tournaments.models import Player
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


def test_result_slips_one_per_match_with_boards_colours_and_signatures(league):
    text = squeeze(pdf_text(Client().get(reverse("public:team_slips_pdf", args=[league.slug, 1]))))
    assert "Round 1: result slips" in text
    played = [line for line in round_matches(league.round_set.get(number=1)) if not line.match.is_bye]
    assert text.count("Match score:") == len(played) == 2  # the PAB has no slip
    bye = next(line.match for line in round_matches(league.round_set.get(number=1)) if line.match.is_bye)
    assert f"Match {bye.number}" not in text
    for line in played:
        match = line.match
        assert f"Round 1 · Match {match.number}" in text
        # The first team has White on board 1, Black on board 2; the other team the reverse.
        home1, home2 = line.boards[0].home, line.boards[1].home
        away1, away2 = line.boards[0].away, line.boards[1].away
        assert f"1 ○ {home1} " in text and f"● {away1}" in text
        assert f"2 ● {home2} " in text and f"○ {away2}" in text
        assert f"Captain, {match.white_team.short_name}" in text and f"Captain, {match.black_team.short_name}" in text
    assert text.count("1 – 0 ½ – ½ 0 – 1") == 2 * (1 + 2)  # each match: its heading, a box per board


def test_result_slips_before_the_line_ups_leave_lines_to_fill(league):
    text = squeeze(pdf_text(Client().get(reverse("public:team_slips_pdf", args=[league.slug, 2]))))
    lines = [line for line in round_matches(league.round_set.get(number=2)) if not line.match.is_bye]
    assert text.count("Match score:") == len(lines) == 2
    for line in lines:
        assert f"Round 2 · Match {line.match.number}" in text
        assert f"{line.match.white_team}" in text and f"{line.match.black_team}" in text
    # No player named: the boards are lines to write on, each with its colour.
    assert ", Player" not in text
    # Board 1: the first team White, board 2: Black, each with its three result boxes.
    assert text.count("1 ○ 1 – 0 ½ – ½ 0 – 1 ● 2 ● 1 – 0 ½ – ½ 0 – 1 ○ Match score:") == 2


def test_pairings_by_name_once_line_ups_are_in(league):
    text = squeeze(pdf_text(Client().get(reverse("public:team_names_pdf", args=[league.slug, 1]))))
    assert "Round 1: pairings by name" in text
    lines = round_matches(league.round_set.get(number=1))
    names = []
    for line in lines:
        match = line.match
        for board in line.boards:
            if match.is_bye:
                assert f"{board.home} {match.white_team} {match.number} {board.board} pairing-allocated bye" in text
                names.append(board.home.name)
                continue
            home, away = ("White", "Black") if board.home_white else ("Black", "White")
            assert f"{board.home} {match.white_team} {match.number} {board.board} {home} {match.black_team}" in text
            assert f"{board.away} {match.black_team} {match.number} {board.board} {away} {match.white_team}" in text
            names += [board.home.name, board.away.name]
    # Every player of every team, in alphabetical order: the third of each roster is not fielded.
    everyone = sorted(Player.objects.filter(tournament=league).values_list("name", flat=True), key=str.casefold)
    assert len(everyone) == 5 * 3
    positions = [text.index(name + " ") for name in everyone]
    assert positions == sorted(positions)
    assert text.count("not in the line-up") == 2 * 2  # the four teams that played
    assert "not paired" not in text


def test_pairings_by_name_before_the_line_ups_give_the_team_colour_on_board_1(league):
    text = squeeze(pdf_text(Client().get(reverse("public:team_names_pdf", args=[league.slug, 2]))))
    for line in round_matches(league.round_set.get(number=2)):
        match = line.match
        for member in match.white_team.members.select_related("player"):
            if match.is_bye:
                assert f"{member.player} {match.white_team} {match.number}" in text
                continue
            assert f"{member.player} {match.white_team} {match.number} – White on board 1 {match.black_team}" in text
        if match.black_team:
            for member in match.black_team.members.select_related("player"):
                assert (f"{member.player} {match.black_team} {match.number} – Black on board 1 "
                        f"{match.white_team}") in text


def test_round_page_links_the_team_printouts(league):
    page = Client().get(reverse("public:team_round", args=[league.slug, 2])).content.decode()
    for name in ("public:team_round_pdf", "public:team_names_pdf", "public:team_slips_pdf"):
        assert f'href="{reverse(name, args=[league.slug, 2])}" download' in page
    assert Client().get(reverse("public:team_slips_pdf", args=[league.slug, 3])).status_code == 404
    assert Client().get(reverse("public:team_names_pdf", args=[league.slug, 3])).status_code == 404
