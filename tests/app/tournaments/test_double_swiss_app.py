"""Double-Swiss tournaments (C.04.5) in the app: a round is a match of two games, the colours
reversed; both results entered; match k exported as TRF rounds 2k-1 and 2k and paired from the file
alone as the app paired it; standings in game points; the tie-breaks' reading of the Preface."""

import random

import pytest

from pairing.engine import parse
from pairing.engine.checker import check
from tests.app.conftest import boards, engine_cli_pairing, make_tournament, pair
from tournaments.audit import Kind
from tournaments.exchange.trf import export, export_document
from tournaments.models import AuditEntry, Result
from tournaments.queries.boards import results_in
from tournaments.queries.matches import match_points, pab_match_points
from tournaments.queries.standings import crosstable, round_labels
from tournaments.services import Refused
from tournaments.services.results import enter_result

pytestmark = pytest.mark.django_db


def double(club, players=7, rounds=3):
    return make_tournament(club, players=players, rounds=rounds, system="double-swiss", edition="2026",
                           tiebreaks="BH,SB", name="Double Open")


def play_match(round_, rng):
    for game in round_.games.exclude(result=Result.BYE):
        enter_result(game, rng.choice([Result.WHITE_WINS, Result.DRAW, Result.BLACK_WINS]))
        enter_result(game, rng.choice([Result.WHITE_WINS, Result.DRAW, Result.BLACK_WINS]), game_number=2)


def test_a_round_is_a_match_of_two_results_and_the_pab_is_a_win_and_a_draw(club, arbiter):
    tournament = double(club)
    round_ = pair(tournament)
    # C.04.5 3.4: the PAB to the largest TPN (all at 0, none played), 7; 3.6.2: the smallest
    # identifier, 1-4 2-5 3-6; 4.3.1: the HRP with an odd TPN has the initial colour (White)
    assert boards(round_) == [(1, 4), (5, 2), (3, 6), (7, 0)]
    game = round_.games.get(board=1)
    enter_result(game, Result.WHITE_WINS, arbiter)
    # one game in: the match is not over, the round not complete
    assert not round_.results_complete and tournament.completed_rounds() == 0
    assert results_in(round_).entered == 1 and results_in(round_).total == 6
    game = enter_result(game, Result.DRAW, arbiter, game_number=2)
    assert (game.result, game.result2) == ("1-0", "½-½")
    assert match_points(tournament, game) == (15, 5)  # 1½–½
    entry = AuditEntry.objects.filter(kind=Kind.RESULT).latest("pk")
    assert "Round 1 board 1 game 2" in entry.summary and entry.after == {"result2": "½-½"}
    assert entry.user == arbiter
    # the PAB: a won game and a drawn game (C.04.5 1.4)
    assert pab_match_points(tournament) == 15
    with pytest.raises(Refused):
        enter_result(round_.games.get(board=2), Result.DRAW, arbiter, game_number=3)


def test_a_single_game_system_has_no_second_game(club):
    tournament = make_tournament(club, players=4, rounds=3)
    round_ = pair(tournament)
    with pytest.raises(Refused) as refusal:
        enter_result(round_.games.first(), Result.DRAW, game_number=2)
    assert "no game 2" in refusal.value.message
    assert round_.games.first().result2 == ""


def test_match_k_is_exported_as_rounds_2k_minus_1_and_2k_and_paired_alike_from_the_file(club, tmp_path):
    tournament = double(club, players=7, rounds=3)
    rng = random.Random(5)
    first = pair(tournament)
    play_match(first, rng)
    text = export(tournament)
    document = parse(text)
    assert document.total_rounds == 6 and document.system_code == "FIDE_DOUBLESWISS"
    game = first.games.select_related("white", "black").get(board=1)
    white, black = game.white.pairing_number, game.black.pairing_number
    one, two = document.players[white].rounds[:2]
    # round 1: White in game 1; round 2: the same opponent, the colours reversed, game 2's code
    assert (one.opponent, one.colour, two.opponent, two.colour) == (black, "w", black, "b")
    codes = {"1-0": ("1", "0"), "½-½": ("=", "="), "0-1": ("0", "1")}
    assert one.code == codes[game.result][0] and two.code == codes[game.result2][1]
    pab = first.games.get(black__isnull=True).white.pairing_number
    assert [e.code for e in document.players[pab].rounds[:2]] == ["U", "H"]
    # the file alone gives the engine's CLI the pairing the app makes of match 2
    expected = engine_cli_pairing(text, tmp_path, system="double-swiss")
    second = pair(tournament)
    assert boards(second) == expected
    play_match(second, rng)
    expected = engine_cli_pairing(export(tournament), tmp_path, system="double-swiss")
    third = pair(tournament)
    assert boards(third) == expected
    play_match(third, rng)
    # every match of the exported file as the engine pairs it from the matches before (-c)
    assert [problem.describe() for problem in check(export_document(tournament), "double-swiss")] == []
    assert tournament.completed_rounds() == 3


def test_standings_count_game_points_and_the_crosstable_shows_each_game(club):
    tournament = double(club, players=4, rounds=2)
    round_ = pair(tournament)
    top, bottom = round_.games.select_related("white", "black")
    enter_result(top, Result.WHITE_WINS)
    enter_result(top, Result.BLACK_WINS, game_number=2)  # game 2's White (top.black) lost: top.white 2-0
    enter_result(bottom, Result.DRAW)
    enter_result(bottom, Result.WHITE_WINS, game_number=2)  # bottom.black 1½-½
    table = crosstable(tournament)
    points = {row.player.pairing_number: row.points for row in table}
    assert points == {top.white.pairing_number: 20, top.black.pairing_number: 0,
                      bottom.white.pairing_number: 5, bottom.black.pairing_number: 15}
    assert [row.player.pairing_number for row in table][:2] == [top.white.pairing_number,
                                                                bottom.black.pairing_number]
    row = table[0]
    assert [cell.text for cell in row.cells] == ["4w1", "4b1"]  # line 4: top.black, last
    assert round_labels(tournament, 1) == ["1.1", "1.2"]


def test_a_single_forfeited_game_counts_as_played_for_the_tie_breaks(club):
    """C.04.5 Preface: a match ends by forfeit only if a player forfeits both games; otherwise a
    forfeited single game is treated as played for tie-breaks and standings.  Buchholz (C.07 8.1)
    counts a played game's opponent at his score, an unplayed one (a forfeit) by the rules of
    unplayed rounds; with one forfeit game in a regular match, player A's BH is the same as if the
    game had been won over the board."""
    tournament = double(club, players=4, rounds=2)
    round_ = pair(tournament)
    a_game, b_game = round_.games.select_related("white", "black")
    enter_result(a_game, Result.WHITE_FORFEIT_WIN)  # game 1 forfeited ...
    enter_result(a_game, Result.BLACK_WINS, game_number=2)  # ... game 2 played: a regular match
    enter_result(b_game, Result.WHITE_WINS)
    enter_result(b_game, Result.WHITE_WINS, game_number=2)
    forfeit_table = crosstable(tournament)
    enter_result(a_game, Result.WHITE_WINS)  # the same match, played over the board
    played_table = crosstable(tournament)
    bh = {row.player.pairing_number: row.tiebreaks[0].value for row in forfeit_table}
    assert bh == {row.player.pairing_number: row.tiebreaks[0].value for row in played_table}
    # the crosstable still shows the forfeit as it happened
    row = next(r for r in forfeit_table if r.player.pairing_number == a_game.white.pairing_number)
    assert row.cells[0].text.endswith("w+")


def test_a_players_record_shows_both_games_and_the_match_points(club):
    from tournaments.queries.records import player_record

    tournament = double(club, players=5, rounds=2)
    round_ = pair(tournament)
    game = round_.games.select_related("white", "black").get(board=1)
    enter_result(game, Result.WHITE_WINS)
    enter_result(game, Result.DRAW, game_number=2)
    record = player_record(tournament, game.white)
    assert (record.rounds[0].colour, record.rounds[0].result, record.rounds[0].scored) == ("w", "1 ½", 15)
    assert record.rated_games == 2  # both games over the board are rated (B.02 8.3.1)
    other = player_record(tournament, game.black)
    assert (other.rounds[0].result, other.rounds[0].scored) == ("0 ½", 5)
    pab = player_record(tournament, round_.games.get(black__isnull=True).white)
    assert pab.rounds[0].scored == 15  # a won game and a drawn game (C.04.5 1.4)


def test_the_api_enters_and_publishes_both_results(club, arbiter):
    from rest_framework.test import APIClient

    tournament = double(club, players=4, rounds=2)
    game = pair(tournament).games.get(board=1)
    api = APIClient()
    api.force_authenticate(arbiter)
    url = f"/api/tournaments/{tournament.slug}/rounds/1/boards/1/result/"
    assert api.post(url, {"result": "1-0"}, format="json").status_code == 200
    response = api.post(url, {"result": "=", "game": 2}, format="json")
    assert response.status_code == 200 and response.json()["result2"] == "½-½"
    assert api.post(url, {"result": "1", "game": 3}, format="json").status_code == 400  # no game 3
    game.refresh_from_db()
    assert (game.result, game.result2) == ("1-0", "½-½")
    published = APIClient().get(f"/api/tournaments/{tournament.slug}/rounds/1/").json()
    first = next(board for board in published["games"] if board["board"] == 1)
    assert (first["result"], first["result2"]) == ("1-0", "½-½")


def test_the_next_match_waits_for_both_games_and_a_match_with_a_result_is_not_discarded(club):
    from pairing.rounds.publish import discard_round
    from pairing.rounds.request import request_pairing

    tournament = double(club, players=4, rounds=2)
    round_ = pair(tournament)
    for game in round_.games.all():
        enter_result(game, Result.DRAW)  # game 1 of every match, game 2 still to play
    with pytest.raises(Refused) as refusal:
        request_pairing(tournament)
    assert refusal.value.message == "Round 1 still has missing results: boards 1 and 2."
    assert tournament.round_set.count() == 1
    with pytest.raises(Refused):
        discard_round(round_, confirm=True)
    game = round_.games.get(board=1)
    enter_result(game, Result.PENDING)  # game 1 cleared, game 2 entered: still a result
    enter_result(game, Result.DRAW, game_number=2)
    with pytest.raises(Refused):
        discard_round(round_, confirm=True)


def test_a_requested_bye_applies_to_the_whole_match(club):
    """C.04.5 Preface: "Byes (requested or assigned) apply only to matches, never to individual
    games": a half-point bye is written H in both rounds of the match (1 point: ½ a game), and the
    match to be paired has it in its first round only (pairing/engine/matches.py)."""
    from tournaments.exchange.trf import tournament_document
    from tournaments.services.players import set_absence

    tournament = double(club, players=5, rounds=2)
    fifth = tournament.players.get(pairing_number=5)
    set_absence(fifth, 1, "H")
    paired = tournament_document(tournament, rounds=0, pairing=1)
    assert [e.code for e in paired.players[5].rounds] == ["H"]
    round_ = pair(tournament)
    assert 5 not in {n for pair_ in boards(round_) for n in pair_}
    assert (5, 0) not in boards(round_) and len(boards(round_)) == 2  # four players, no PAB
    play_match(round_, random.Random(1))
    document = tournament_document(tournament, rounds=1)
    assert [e.code for e in document.players[5].rounds] == ["H", "H"]
    assert {row.player.pairing_number: row.points for row in crosstable(tournament)}[5] == 10


def test_the_round_page_saves_game_2_in_its_own_row_with_the_match_score(client, club, arbiter):
    from django.urls import reverse

    tournament = double(club, players=4, rounds=2)
    round_ = pair(tournament)
    game = round_.games.select_related("white", "black").get(board=1)
    client.force_login(arbiter)
    page = client.get(reverse("arbiter:round", args=[tournament.slug, 1])).content.decode()
    assert f'id="game-{game.pk}"' in page and f'id="game-{game.pk}-2"' in page
    assert page.count('class="result missing"') == 4  # two matches, two games each
    url = reverse("arbiter:result", args=[tournament.slug, game.pk])
    client.post(url, {"result": "1"}, HTTP_HX_REQUEST="true")
    response = client.post(url, {"result": "1", "game": "2"}, HTTP_HX_REQUEST="true")
    row = response.content.decode()
    assert response.status_code == 200
    assert f'id="game-{game.pk}-2"' in row and 'value="1-0"' in row and "result-row game-two saved" in row
    # out of band: the match score (game 2's White, the board's second player, won it) and the count
    assert f'id="match-{game.pk}"' in row and "1–1" in row and "2 of 4 results in" in row
    game.refresh_from_db()
    assert (game.result, game.result2) == ("1-0", "1-0")
    # a refusal in game 2's row: 422, its own row, nothing changed
    response = client.post(url, {"result": "3", "game": "2"}, HTTP_HX_REQUEST="true")
    assert response.status_code == 422 and f'id="game-{game.pk}-2"' in response.content.decode()
    game.refresh_from_db()
    assert game.result2 == "1-0"


def test_a_double_swiss_file_is_refused_by_the_import_with_the_line(club, tmp_path):
    """Its matches are two TRF rounds each: importing them as rounds of one game would be wrong."""
    from tournaments.exchange.trf_import import TrfImportError, import_tournament
    from tournaments.models import Tournament

    tournament = double(club, players=4, rounds=2)
    play_match(pair(tournament), random.Random(2))
    text = export(tournament, "26")
    line = next(n for n, t in enumerate(text.splitlines(), start=1) if t.startswith("192"))
    with pytest.raises(TrfImportError) as error:
        import_tournament(club, text)
    assert f"line {line}: record 192 names the Double-Swiss system, whose rounds are matches of 2 games" in \
        " ".join(error.value.errors)
    assert Tournament.objects.count() == 1
