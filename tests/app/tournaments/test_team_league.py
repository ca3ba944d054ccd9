"""A team league (C.04.6) run through the app: team rules, rosters, line-ups, board results, the
matches' points, pairing through the round lifecycle, team standings with their tie-breaks."""

import pytest
from django.urls import reverse

from pairing.engine import parse_team
from tests.app.teams import board_game, field_first_boards, make_league, pair_round, play_match, play_round, roster
from tournaments.exchange.team_trf import export_team
from tournaments.models import AuditEntry, Player, Result
from tournaments.queries.teams import round_matches, standings
from tournaments.services import Refused
from tournaments.services.lineups import set_line_up
from tournaments.services.teams import add_member, create_team, set_team_rules

W, D, L = Result.WHITE_WINS, Result.DRAW, Result.BLACK_WINS


def pairs(round_) -> set[frozenset[str]]:
    return {frozenset((m.white_team.name, m.black_team.name if m.black_team else "bye")) for m in round_.matches.all()}


@pytest.fixture
def league(club, arbiter):
    return make_league(club, user=arbiter)


def test_teams_numbered_by_strength_and_logged(club, arbiter):
    """C.04.6 1.1.1: the TPNs follow the teams' strength whatever the order of entry."""
    tournament = make_league(club, teams=0, user=arbiter)
    create_team(tournament, "Weak", rating=1500, user=arbiter)
    create_team(tournament, "Strong", rating=2100, user=arbiter)
    create_team(tournament, "Middle", rating=1800, user=arbiter)
    assert list(tournament.teams.order_by("pairing_number").values_list("name", flat=True)) == [
        "Strong", "Middle", "Weak"]
    with pytest.raises(Refused):
        create_team(tournament, "strong", user=arbiter)  # the same name, whatever its case
    entries = AuditEntry.objects.filter(tournament=tournament, kind="team", action="team added")
    assert entries.count() == 3 and {e.user for e in entries} == {arbiter}


def test_only_an_empty_tournament_becomes_a_team_event(club, arbiter, tournament):
    with pytest.raises(Refused):
        set_team_rules(tournament, boards=4, user=arbiter)
    assert not hasattr(tournament, "team_rules") or tournament.team_rules is None


def test_round_one_pairs_top_half_against_bottom_half(league, arbiter):
    """C.04.6 3.6 (one scoregroup of 8 teams): 1-5, 2-6, 3-7, 4-8, the first team of each pair
    alternating White on board 1 from the initial colour (White for TPN 1)."""
    round_ = pair_round(league, arbiter)
    named = [(m.white_team.pairing_number, m.black_team.pairing_number) for m in round_.matches.all()]
    assert named == [(1, 5), (6, 2), (3, 7), (8, 4)]
    assert not round_.games.exists()  # the boards come with the line-ups


def test_line_up_keeps_roster_order(league, arbiter):
    round_ = pair_round(league, arbiter)
    match = round_.matches.first()
    team = match.white_team
    players = roster(team)
    with pytest.raises(Refused, match="board order"):
        set_line_up(match, team, [players[1], players[0], players[2], players[3]], arbiter)
    with pytest.raises(Refused, match="each of the 4 boards"):
        set_line_up(match, team, players[:3], arbiter)
    with pytest.raises(Refused, match="one board only"):
        set_line_up(match, team, [players[0], players[0], players[2], players[3]], arbiter)
    stranger = roster(match.black_team)[0]
    with pytest.raises(Refused, match="roster"):
        set_line_up(match, team, [stranger, *players[1:4]], arbiter)
    assert not match.line_ups.exists()


def test_substitute_moves_the_others_up(league, arbiter):
    """The fifth player of the roster fielded instead of the second: the third and fourth move up."""
    round_ = pair_round(league, arbiter)
    match = round_.matches.first()
    home, away = match.white_team, match.black_team
    players = roster(home)
    assert set_line_up(match, home, [players[0], players[2], players[3], players[4]], arbiter)
    assert not round_.games.exists()  # one line-up only
    set_line_up(match, away, roster(away)[:4], arbiter)
    games = [board_game(match, b) for b in range(1, 5)]
    # board 1: the home team (White on board 1) has White, then the colours alternate
    assert [g.white_id for g in games] == [players[0], roster(away)[1], players[3], roster(away)[3]]
    assert not set_line_up(match, home, [players[0], players[2], players[3], players[4]], arbiter)  # again
    assert AuditEntry.objects.filter(kind="team", action="line-up", user=arbiter).count() == 2


def test_substitutes_refused_when_the_rules_say_so(club, arbiter):
    tournament = make_league(club, substitutes=False, user=arbiter)
    round_ = pair_round(tournament, arbiter)
    match = round_.matches.first()
    players = roster(match.white_team)
    with pytest.raises(Refused, match="Substitutes"):
        set_line_up(match, match.white_team, [players[0], players[1], players[2], players[4]], arbiter)


def test_line_up_fixed_once_a_result_is_in(league, arbiter):
    round_ = pair_round(league, arbiter)
    field_first_boards(round_, arbiter)
    match = round_.matches.first()
    play_match(match, [W])
    with pytest.raises(Refused, match="result"):
        set_line_up(match, match.white_team, roster(match.white_team)[1:5], arbiter)


def test_match_points_and_a_forfeited_board(league, arbiter):
    """Derived by hand; the home team (White on board 1) has White on boards 1 and 3, and results
    are typed as White's.  Match 1: board 1 won by the home team by forfeit (GHR 3.4: the player
    present scores a win), board 2 drawn, board 3 won, board 4 won by Black (the home player):
    3½-½, 2 match points to 0 (C.04.6 1.2: win 2, draw 1, loss 0).  Match 2: board 1 home, board 2
    White (the away player), board 3 Black (away), board 4 Black (home): 2-2, 1 match point each."""
    round_ = pair_round(league, arbiter)
    assert league.completed_rounds() == 0  # published, no line-up yet: no board is a game yet
    field_first_boards(round_, arbiter)
    assert league.completed_rounds() == 0
    first, second, third, fourth = round_.matches.all()
    play_match(first, [Result.WHITE_FORFEIT_WIN, D, W, L])
    play_match(second, [W, W, L, L])
    play_match(third, [W, D, W, D])
    play_match(fourth, [L, D, L, D])
    lines = {line.match.number: line for line in round_matches(round_)}
    assert (lines[1].score, lines[2].score) == ("3½–½", "2–2")
    assert league.completed_rounds() == 1
    table = {line.team.name: line.row for line in standings(league, 1)}
    assert (table[first.white_team.name].match_points, table[first.white_team.name].game_points) == (20, 35)
    assert (table[first.black_team.name].match_points, table[first.black_team.name].game_points) == (0, 5)
    assert table[second.white_team.name].match_points == table[second.black_team.name].match_points == 10
    # The TRF-2026 file: the forfeit as + and - on the board (played: not a meeting of those two players)
    exported = parse_team(export_team(league))
    assert exported.board_colours == "WBWB"  # record 352: the first team's colours, board by board
    forfeit = board_game(first, 1)
    codes = {record.name: record.rounds[0].code for record in exported.games.players.values() if record.rounds}
    assert (codes[forfeit.white.name], codes[forfeit.black.name]) == ("+", "-")
    tpn = first.white_team.pairing_number
    assert (exported.round(tpn, 1).match_points, exported.round(tpn, 1).game_points) == (20, 35)
    assert exported.round(tpn, 1).played  # boards 2-4 were played: the teams have met (GHR 3.5)


def test_pairing_waits_for_line_ups_and_results(league, arbiter):
    from pairing.rounds.request import check_can_pair
    round_ = pair_round(league, arbiter)
    with pytest.raises(Refused, match="Line-ups are missing"):
        check_can_pair(league)
    field_first_boards(round_, arbiter)
    with pytest.raises(Refused, match="missing results"):
        check_can_pair(league)
    play_round(round_, arbiter)
    assert check_can_pair(league) == 2


def test_round_two_paired_by_the_engine_without_rematches(league, arbiter):
    """After round 1 (1-5, 6-2, 3-7, 8-4, each won 3-1 by the team with White on board 1), the
    winners 1, 3, 6, 8 form the top scoregroup and the losers 2, 4, 5, 7 the other: C.04.6 3.6 pairs
    each half against the other in TPN order, 1-6 and 3-8, 2-5 and 4-7, no team meeting its
    round-1 opponent ([C1])."""
    first = pair_round(league, arbiter)
    field_first_boards(first, arbiter)
    play_round(first, arbiter)
    second = pair_round(league, arbiter)
    numbers = {frozenset((m.white_team.pairing_number, m.black_team.pairing_number)) for m in second.matches.all()}
    assert numbers == {frozenset(p) for p in ((1, 6), (3, 8), (2, 5), (4, 7))}
    assert not pairs(first) & pairs(second)
    entry = AuditEntry.objects.filter(tournament=league, kind="round", action="paired").last()
    assert entry.via == "task" and "4 matches" in entry.summary


@pytest.mark.parametrize("roster", [2, 4])
def test_odd_number_of_teams_gives_the_lowest_the_bye(club, arbiter, roster):
    """C.04.6 3.4: the PAB goes to the lowest team of the lowest scoregroup (here TPN 5 of 5 in round
    1); 1.4: it is worth a drawn match, 1 match point and half the boards' points (the boards', not
    the roster's: with substitutes too)."""
    tournament = make_league(club, teams=5, boards=2, roster=roster, user=arbiter)
    round_ = pair_round(tournament, arbiter)
    bye = round_.matches.get(black_team=None)
    assert bye.white_team.pairing_number == 5
    assert round_.games.filter(result=Result.BYE).count() == 2  # its boards, scored at once
    field_first_boards(round_, arbiter)
    play_round(round_, arbiter)
    row = next(line.row for line in standings(tournament, 1) if line.team == bye.white_team)
    assert (row.match_points, row.game_points) == (10, 10)


def test_a_late_player_joins_a_roster(league, arbiter):
    team = league.teams.get(pairing_number=1)
    member = add_member(team, Player(name="Late, Lara", rating=1500), user=arbiter)
    assert member.order == 6 and member.player.pairing_number


def test_a_match_lost_by_forfeit_is_no_meeting(club, arbiter):
    """GHR 3.5 and C.04.6 2.1.2: the team that did not come loses every board by forfeit, the match
    by 2 match points to 0 (record 330), and the teams have not met: they may be paired again.
    Four teams, 1 board: round 1 pairs 1-3 and 4-2 (C.04.6 3.6); team 3 does not come."""
    from tournaments.services.team_results import forfeit_match
    tournament = make_league(club, teams=4, boards=1, roster=2, rounds=3, user=arbiter)
    first = pair_round(tournament, arbiter)
    match = first.matches.get(number=1)
    assert (match.white_team.pairing_number, match.black_team.pairing_number) == (1, 3)
    forfeit_match(match, match.white_team, arbiter)
    forfeit_match(match, match.white_team, arbiter)  # a second click changes nothing
    assert board_game(match, 1).result == Result.WHITE_FORFEIT_WIN
    with pytest.raises(Refused, match="forfeit"):
        set_line_up(match, match.white_team, roster(match.white_team)[:1], arbiter)
    other = first.matches.get(number=2)
    for team in (other.white_team, other.black_team):
        set_line_up(other, team, roster(team)[:1], arbiter)
    play_match(other, [W])
    text = export_team(tournament)
    assert "330 +-   1   1   3" in text
    document = parse_team(text)
    assert not document.round(1, 1).played and document.round(1, 1).match_points == 20
    assert document.round(3, 1).match_points == 0
    assert AuditEntry.objects.filter(action="match forfeit", user=arbiter).count() == 1


def test_a_forfeit_recorded_by_mistake_is_withdrawn_until_the_next_round_is_paired(client, club, arbiter):
    """The wrong team chosen, or the team came after all: the forfeit is taken back (its boards cleared, to
    be entered), and a board's result is refused while it stands (record 330 would overrule it); once a
    later round is paired with it, it stays."""
    from tournaments.services.results import enter_result
    from tournaments.services.team_results import forfeit_match, withdraw_forfeit
    tournament = make_league(club, teams=4, boards=2, roster=2, rounds=3, user=arbiter)
    first = pair_round(tournament, arbiter)
    match = first.matches.get(number=1)
    forfeit_match(match, match.white_team, arbiter)
    with pytest.raises(Refused, match="withdraw the forfeit first"):
        enter_result(board_game(match, 1), Result.WHITE_WINS, arbiter)
    with pytest.raises(Refused, match="withdraw that forfeit first"):
        forfeit_match(match, match.black_team, arbiter)
    client.force_login(arbiter)
    page = client.get(reverse("arbiter:team_round", args=[tournament.slug, 1])).content.decode()
    url = reverse("arbiter:match_forfeit_withdraw", args=[tournament.slug, 1, match.pk])
    board_form = reverse("arbiter:board_result", args=[tournament.slug, board_game(match, 1).pk])
    assert url in page and board_form not in page  # no board input while the forfeit stands
    response = client.post(url, follow=True)
    assert "The forfeit of match 1 is withdrawn" in response.content.decode()
    client.post(url)  # a second click changes nothing
    match.refresh_from_db()
    assert match.forfeit == "" and [board_game(match, b).result for b in (1, 2)] == ["", ""]
    assert board_form in client.get(reverse("arbiter:team_round", args=[tournament.slug, 1])).content.decode()
    assert "330" not in export_team(tournament)
    assert AuditEntry.objects.filter(action="forfeit withdrawn", user=arbiter).count() == 1
    play_match(match, [W, D], arbiter)  # the boards' results, as played
    forfeit_match(other := first.matches.get(number=2), other.black_team, arbiter)
    pair_round(tournament, arbiter)
    with pytest.raises(Refused, match="later round has been paired"):
        withdraw_forfeit(other, arbiter)
    other.refresh_from_db()
    assert other.forfeit == "-+"


def test_a_double_forfeit_gives_nobody_match_points(club, arbiter):
    """Neither team came ("--"): both lose the match (0 match points each), not a 0-0 draw."""
    from tournaments.services.team_results import forfeit_match
    tournament = make_league(club, teams=4, boards=2, roster=2, rounds=3, user=arbiter)
    first = pair_round(tournament, arbiter)
    match = first.matches.get(number=1)
    forfeit_match(match, None, arbiter)
    other = first.matches.get(number=2)
    for team in (other.white_team, other.black_team):
        set_line_up(other, team, roster(team)[:2], arbiter)
    play_match(other, [W, D])
    table = {line.team: line.row for line in standings(tournament, 1)}
    assert table[match.white_team].match_points == table[match.black_team].match_points == 0


def test_a_team_absent_from_a_round_is_not_paired(club, arbiter):
    """TRF-2026 record 240: team 4 announces it cannot come to round 2; round 2 pairs
    the other four, one of them with the PAB (5 teams, C.04.6 3.4), and team 4's round scores nothing."""
    from tournaments.services.teams import set_team_absence
    tournament = make_league(club, teams=6, boards=1, roster=1, rounds=3, user=arbiter)
    absent = tournament.teams.get(pairing_number=4)
    with pytest.raises(Refused):
        set_team_absence(absent, 9, True, arbiter)  # no round 9
    first = pair_round(tournament, arbiter)
    with pytest.raises(Refused, match="paired already"):
        set_team_absence(absent, 1, True, arbiter)
    assert set_team_absence(absent, 2, True, arbiter)
    assert not set_team_absence(absent, 2, True, arbiter)  # a second click
    field_first_boards(first, arbiter)
    play_round(first, arbiter)
    assert "240 Z 002 0004" in export_team(tournament)
    second = pair_round(tournament, arbiter)
    teams = {m.white_team_id for m in second.matches.all()} | {m.black_team_id for m in second.matches.all()}
    assert absent.pk not in teams and second.matches.filter(black_team=None).count() == 1
    assert AuditEntry.objects.filter(kind="team", action="absent", user=arbiter).count() == 1


def test_a_team_short_of_players_is_not_paired(club, arbiter):
    from pairing.rounds.request import check_can_pair
    tournament = make_league(club, teams=4, boards=4, roster=4, rounds=3, user=arbiter)
    create_team(tournament, "Latecomers", user=arbiter)
    with pytest.raises(Refused, match="Latecomers"):
        check_can_pair(tournament)
    assert not tournament.round_set.exists()


def test_the_team_pairing_is_explained(league, arbiter, client):
    """The engine's explanation of the team pairing is stored with the round (its English text)
    and shown on the public matches page once the arbiter publishes it."""
    from django.urls import reverse

    from pairing.rounds.publish import publish_explanation
    round_ = pair_round(league, arbiter)
    assert round_.explanation["system"] == "team"
    heading, lines = round_.explanation["text"][0]
    assert heading == "Round 1: Swiss team system, C.04.6 (2026)"
    assert any("scoregroup" in line for section in round_.explanation["text"] for line in section[1])
    page = reverse("public:team_round", args=[league.slug, 1])
    assert "Why this pairing" not in client.get(page).content.decode()
    publish_explanation(round_, True, arbiter)
    shown = client.get(page).content.decode()
    assert "Why this pairing" in shown and lines[0] in shown


def test_an_out_of_date_team_draft_asks_before_publishing(league, arbiter):
    """A result of round 1 corrected once round 2's draft is paired: the draft is out of date (its
    teams' scores changed), publishing it asks first; a player's name corrected changes nothing."""
    from django.test import TestCase

    from pairing.rounds.publish import publish_round
    from pairing.rounds.request import pair_again, request_pairing
    from pairing.rounds.stale import changed_parts
    from tournaments.services import ConfirmationNeeded
    from tournaments.services.results import enter_result
    first = pair_round(league, arbiter)
    field_first_boards(first, arbiter)
    play_round(first, arbiter)
    with TestCase.captureOnCommitCallbacks(execute=True):
        draft = request_pairing(league, arbiter)
    draft.refresh_from_db()
    assert draft.status == "draft" and draft.paired_from and changed_parts(draft) == []
    player = first.games.first().white
    player.name = "Renamed, Player"
    player.save()
    assert changed_parts(draft) == []
    game = first.games.get(board=1)
    enter_result(game, Result.BLACK_WINS if game.result == W else W, arbiter, confirm=True)
    assert changed_parts(draft) == ["teams"]
    with pytest.raises(ConfirmationNeeded, match="out of date"):
        publish_round(draft, arbiter)
    with TestCase.captureOnCommitCallbacks(execute=True):
        again = pair_again(draft, arbiter)
    again.refresh_from_db()
    assert again.status == "draft" and changed_parts(again) == []


def test_a_withdrawn_team_is_paired_in_no_later_round(club, arbiter):
    """A team withdrawn from round 2 (as a player, C.04.2 D.3): not paired in round 2 nor 3; its
    round 1 match stays; a round already paired is refused, nothing changed; reinstated, it plays."""
    from tournaments.services.teams import withdraw_team
    tournament = make_league(club, teams=6, boards=1, roster=1, rounds=4, user=arbiter)
    team = tournament.teams.get(pairing_number=2)
    first = pair_round(tournament, arbiter)
    with pytest.raises(Refused, match="paired already"):
        withdraw_team(team, 1, arbiter)
    with pytest.raises(Refused):
        withdraw_team(team, 5, arbiter)  # no round 5
    team.refresh_from_db()
    assert team.withdrawn_from_round is None
    assert withdraw_team(team, 2, arbiter)
    assert not withdraw_team(team, 2, arbiter)  # a second click
    field_first_boards(first, arbiter)
    play_round(first, arbiter)
    assert "240 Z 002 0002" in export_team(tournament) and "240 Z 004 0002" in export_team(tournament)

    def paired(round_):
        return {m.white_team_id for m in round_.matches.all()} | {m.black_team_id for m in round_.matches.all()}

    for number in (2, 3):
        round_ = pair_round(tournament, arbiter)
        assert round_.number == number and team.pk not in paired(round_)
        assert round_.matches.filter(black_team=None).count() == 1  # five teams: the PAB
        field_first_boards(round_, arbiter)
        play_round(round_, arbiter)
    assert team.pk in paired(first) and len(standings(tournament, 3)) == 6  # still in the standings
    assert withdraw_team(team, None, arbiter)  # reinstated: paired in round 4
    assert team.pk in paired(pair_round(tournament, arbiter))
    actions = list(AuditEntry.objects.filter(kind="team", action__in=["withdrawn", "reinstated"], user=arbiter)
                   .values_list("action", flat=True))
    assert sorted(actions) == ["reinstated", "withdrawn"]
