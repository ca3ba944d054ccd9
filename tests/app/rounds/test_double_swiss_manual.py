"""Manual changes of a Double-Swiss draft (C.04.5): a board is a match (game 2 reverses the colours,
4.4); each kind of change reviewed by the Double-Swiss rules ([C1] a rematch of a match, [C2] and
3.4 the PAB, Article 4 the colours of the first game), saved, exported as TRF rounds 2k-1 and 2k with
its ### lines and read back by the engine's checker.

Match 1 of twelve players (none played, 3.6.2: the top half against the bottom half; 4.3.1: the HRP
with an odd TPN has the initial colour, White): 1-7, 8-2, 3-9, 10-4, 5-11, 12-6.  Every White of
game 1 wins and game 2 is drawn: 1, 3, 5, 8, 10 and 12 have 1½ (White in match 1), the others ½
(Black in match 1).  With eleven players 11 has the PAB of match 1 (3.4.4: the largest TPN; 1½,
1.4) and the matches are 1-6, 7-2, 3-8, 9-4, 5-10: 1, 3, 5, 7, 9 have 1½, 2, 4, 6, 8, 10 ½."""

import subprocess
import sys

import pytest

from pairing.engine import parse
from pairing.engine.matches import read_matches
from pairing.rounds.manual import apply_manual_change, propose_change
from pairing.rounds.publish import publish_round
from tests.app.conftest import boards, make_tournament, pair, request
from tournaments.exchange.trf import export
from tournaments.models import Result
from tournaments.services.results import enter_result

pytestmark = pytest.mark.django_db

REMATCH = "C.04.5 Art. 2.1.1 [C1]; C.04.1 (2026) Art. 2"


def play_second_match(round_, first_game=Result.WHITE_WINS, second_game=Result.DRAW):
    for game in round_.games.exclude(result=Result.BYE):
        enter_result(game, first_game)
        enter_result(game, second_game, game_number=2)


def first_match(club, players):
    tournament = make_tournament(club, players=players, rounds=4, system="double-swiss", edition="2026",
                                 tiebreaks="BH,SB", name="Double Open")
    return pair(tournament)


@pytest.fixture
def twelve(club):
    first = first_match(club, 12)
    assert boards(first) == [(1, 7), (8, 2), (3, 9), (10, 4), (5, 11), (12, 6)]
    play_second_match(first)
    return request(first.tournament)


@pytest.fixture
def eleven(club):
    first = first_match(club, 11)
    assert boards(first) == [(1, 6), (7, 2), (3, 8), (9, 4), (5, 10), (11, 0)]
    play_second_match(first)
    return request(first.tournament)


def board_of(round_, number: int) -> int:
    return next(i for i, board in enumerate(boards(round_), start=1) if number in board)


def findings(proposal) -> dict:
    return {(f.code, tuple(sorted(f.players))): f for f in proposal.findings}


def unpair(round_, arbiter, *numbers):
    for number in numbers:
        board = board_of(round_, number)
        proposal = propose_change(round_, "unpair", board=board)
        apply_manual_change(round_, "unpair", proposal.fingerprint, arbiter, board=board)


def test_a_colour_swap_breaks_article_4_and_no_colour_limit(twelve):
    # 1 and 8 both had White in match 1: one White each (4.3.2 does not decide), the same colour
    # (4.3.3 neither); 4.3.4: the HRP (1½ each, 1 the smaller TPN) alternates, so 8 has White.
    board = board_of(twelve, 1)
    assert boards(twelve)[board - 1] == (8, 1)
    proposal = propose_change(twelve, "swap", board=board)
    assert proposal.after[board - 1] == (1, 8)
    assert set(findings(proposal)) == {("allocation", (1, 8))}  # no C.04.1 colour rule: C.04.5 has none
    finding = findings(proposal)["allocation", (1, 8)]
    assert finding.article == "C.04.5 Art. 4.3.4" and not finding.absolute
    assert finding.text == ("1 gets White against 8 in game 1 (game 2 reverses the colours), but the colour rule "
                            "gives White to 8.")
    assert proposal.introduced == [finding]


def test_an_exchange_pairs_different_scores_and_breaks_4_3_2(eleven):
    # 7-1 and 2-6 become 7-6 and 2-1: 7 (1½, White in match 1) against 6 (½, Black): 4.3.2 gives
    # White to the player with fewer Whites, 6; 2 (Black) against 1 (White): 2 has White, as 4.3.2 says.
    one, other = sorted((board_of(eleven, 1), board_of(eleven, 6)))
    assert {boards(eleven)[one - 1], boards(eleven)[other - 1]} == {(7, 1), (2, 6)}
    proposal = propose_change(eleven, "exchange", board=one, other_board=other)
    assert {(7, 6), (2, 1)} <= set(proposal.after) and not {(7, 1), (2, 6)} & set(proposal.after)
    found = findings(proposal)
    assert set(found) == {("allocation", (6, 7)), ("score", (6, 7)), ("score", (1, 2))}
    assert found["allocation", (6, 7)].article == "C.04.5 Art. 4.3.2"
    assert "7 (1½) meets 6 (½)" in found["score", (6, 7)].text  # match points: 1½ for a win and a draw
    assert not proposal.breaks_absolute


def test_unpairing_a_match_leaves_both_players_out(twelve):
    board = board_of(twelve, 1)
    proposal = propose_change(twelve, "unpair", board=board)
    assert len(proposal.after) == 5 and (8, 1) not in proposal.after
    assert set(findings(proposal)) == {("unpaired", (1, 8))}
    assert proposal.breaks_absolute


@pytest.mark.parametrize(("second_game", "rematch"), [
    (Result.DRAW, True),                  # both games played: the two met
    (Result.WHITE_FORFEIT_WIN, True),     # one game forfeited: "regularly played" (Preface), a meeting
    (Result.BLACK_FORFEIT_WIN, False),    # 7 (White in game 2) forfeits both games: ended by forfeit, no meeting
])
def test_pairing_two_players_again_is_a_rematch_of_a_match_unless_it_ended_by_forfeit(club, arbiter, second_game,
                                                                                      rematch):
    first = first_match(club, 12)
    top = first.games.get(board=1)  # 1 (White in game 1) against 7
    enter_result(top, Result.WHITE_FORFEIT_WIN)
    enter_result(top, second_game, game_number=2)
    for game in first.games.exclude(pk=top.pk):
        enter_result(game, Result.WHITE_WINS)
        enter_result(game, Result.DRAW, game_number=2)
    draft = request(first.tournament)
    unpair(draft, arbiter, 1, 7)
    proposal = propose_change(draft, "pair", player=7, other=1)
    assert proposal.after[-1] == (7, 1) or (7, 1) in proposal.after
    found = findings(proposal)
    assert (("rematch", (1, 7)) in found) is rematch
    if rematch:
        assert found["rematch", (1, 7)].article == REMATCH and found["rematch", (1, 7)].absolute
        assert found["rematch", (1, 7)].text == "7 and 1 have already played each other."


def test_the_pab_to_a_player_who_had_it_breaks_c2(eleven):
    # 11 had the PAB of match 1; his opponent 5 meets 10, the PAB's holder, whom he met in match 1
    proposal = propose_change(eleven, "bye", player=11)
    assert (11, 0) in proposal.after
    found = findings(proposal)
    assert found["bye", (11,)].article == "C.04.5 Art. 2.1.2 [C2]; C.04.1 (2026) Art. 4"
    assert found["bye", (11,)].absolute
    assert found["rematch", (5, 10)].article == REMATCH


def test_the_pab_above_the_lowest_score_breaks_3_4_2(eleven):
    proposal = propose_change(eleven, "bye", player=1)
    finding = findings(proposal)["bye_score", (1, 2, 4, 6, 8, 10)]
    assert finding.article == "C.04.5 Art. 3.4.2" and not finding.absolute
    assert finding.text.startswith("1 (1½) gets the pairing-allocated bye, but a complete pairing can give it to a "
                                   "player with ½: 2, 4, 6, 8, 10")


def test_the_pab_to_another_player_of_the_lowest_score_breaks_3_4_4(eleven):
    # 2, 4, 6, 8, 10 have ½ and one match played each (3.4.3): 3.4.4, the largest TPN, 10
    assert boards(eleven)[-1] == (10, 0)
    proposal = propose_change(eleven, "bye", player=2)
    finding = findings(proposal)["bye_order", (2, 10)]
    assert finding.article == "C.04.5 Art. 3.4.3-3.4.4" and "gives it to 10 first" in finding.text


def check(text: str, tmp_path) -> subprocess.CompletedProcess:
    path = tmp_path / "changed.trf"
    path.write_text(text)
    return subprocess.run([sys.executable, "-m", "pairing.engine", "--double-swiss", str(path), "-c"],
                          capture_output=True, text=True)


def test_a_swap_is_saved_exported_as_two_games_and_found_by_the_checker(twelve, arbiter, tmp_path):
    board = board_of(twelve, 1)
    proposal = propose_change(twelve, "swap", board=board)
    apply_manual_change(twelve, "swap", proposal.fingerprint, arbiter, board=board)
    assert (1, 8) in boards(twelve)
    publish_round(twelve)
    play_second_match(twelve)
    text = export(twelve.tournament)
    document = parse(text)
    assert any("Manual change 1" in line and "colours swapped" in line for line in document.comments)
    assert any("breaks C.04.5 Art. 4.3.4" in line for line in document.comments)
    # match 2 is rounds 3 and 4: 1 White in game 1, Black in game 2 against the same 8 (4.4)
    assert [(e.opponent, e.colour, e.code) for e in document.players[1].rounds[2:4]] == [(8, "w", "1"), (8, "b", "=")]
    assert read_matches(document)[1][1].colour == "w"
    checked = check(text, tmp_path)
    assert checked.returncode == 1 and "Traceback" not in checked.stderr, checked.stderr
    rows = [line.split() for line in checked.stdout.splitlines()]
    assert "Round #1" not in checked.stdout and "Round #2" in checked.stdout  # match 1 is the engine's
    assert ["8", "-", "1", "1", "-", "8"] in rows  # the checker's board, the tournament's board


def test_a_pab_given_by_hand_is_exported_u_then_h_and_read_back(eleven, arbiter, tmp_path):
    proposal = propose_change(eleven, "bye", player=2)
    apply_manual_change(eleven, "bye", proposal.fingerprint, arbiter, player=2)
    assert boards(eleven)[-1] == (2, 0) and (10, 6) in boards(eleven)  # 10 (who had it) meets 2's opponent
    publish_round(eleven)
    play_second_match(eleven)
    document = parse(export(eleven.tournament))
    assert [e.code for e in document.players[2].rounds[2:4]] == ["U", "H"]  # a won game and a drawn game (1.4)
    assert read_matches(document)[2][1].pab and read_matches(document)[10][1].opponent == 6
    checked = check(export(eleven.tournament), tmp_path)
    assert checked.returncode == 1 and "Round #2" in checked.stdout and "Round #1" not in checked.stdout
    rows = [line.split() for line in checked.stdout.splitlines()]
    assert any(row[:3] == ["10", "-", "0"] for row in rows) and any(row[3:] == ["2", "-", "0"] for row in rows)


def test_the_draft_and_the_review_page_say_white_is_game_1s(client, twelve, arbiter):
    from django.urls import reverse

    client.force_login(arbiter)
    slug = twelve.tournament.slug
    note = "the player under White has White in game 1 and Black in game 2 (4.4)"
    assert note in client.get(reverse("arbiter:round", args=[slug, 2])).content.decode()
    page = client.get(reverse("arbiter:manual_change", args=[slug, 2]), {"kind": "swap", "board": board_of(twelve, 1)})
    assert page.status_code == 200
    text = page.content.decode()
    assert note in text and "C.04.5 Art. 4.3.4" in text
