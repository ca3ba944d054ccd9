"""Double-Swiss tournaments (C.04.5) in the app: a round is a match of two games, the colours
reversed; both results entered; match k exported as TRF rounds 2k-1 and 2k and paired from the file
alone as the app paired it; standings in game points; the tie-breaks' reading of the Preface."""

import random

import pytest

from pairing.engine import RoundEntry, parse
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


def running_double(club):
    """Seven players, four matches: match 1 and 2 played (forfeits among them, 5 on a half-point bye in
    match 2), match 3 in progress (game 1 of board 1 in, the rest to play), 6 absent from match 4, 1 and
    2 kept apart from match 2 on."""
    from datetime import date

    from tournaments.services.forbidden_pairs import forbid_pair
    from tournaments.services.players import set_absence

    tournament = double(club, players=7, rounds=4)
    tournament.place, tournament.chief_arbiter, tournament.start_date = "Lyon", "Ann Arbiter", date(2026, 11, 20)
    tournament.tiebreaks = "DE,BH/C1,BH,SB,PS,WIN"  # the default: TRF-16 names no tie-breaks (TRF-2026: 212)
    tournament.save()
    rng = random.Random(7)
    first = pair(tournament)
    play_match(first, rng)
    board = first.games.exclude(result=Result.BYE).first()
    enter_result(board, Result.WHITE_FORFEIT_WIN)  # a single game forfeited: the match regularly played
    set_absence(tournament.players.get(pairing_number=5), 2, "H")
    forbid_pair(tournament, tournament.players.get(pairing_number=1), tournament.players.get(pairing_number=2),
                first_round=2)
    second = pair(tournament)
    play_match(second, rng)
    third = pair(tournament)
    enter_result(third.games.get(board=1), Result.DRAW)
    set_absence(tournament.players.get(pairing_number=6), 4, "Z")
    return tournament


@pytest.mark.parametrize("version", ["16", "26"])
def test_a_double_swiss_file_is_imported_as_matches_and_exported_again_identically(club, version):
    """The importer reads back what the export writes: match k from TRF rounds 2k-1 and 2k (game 2
    reversed, the PAB U then H, a bye in both rounds, the next match's bye in its first round only)."""
    from tournaments.exchange.trf_import import import_tournament

    tournament = running_double(club)
    text = export(tournament, version)
    imported = import_tournament(club, text)
    assert (imported.system, imported.edition, imported.rounds) == ("double-swiss", "2026", 4)
    assert export(imported, version) == text
    # the rounds are matches: each board both results, in their own colours
    assert imported.round_set.count() == 3 and imported.games_per_round == 2
    for number in (1, 2, 3):
        theirs = {(g.board, g.white.pairing_number, g.black.pairing_number if g.black else 0, g.result, g.result2)
                  for g in tournament.round_set.get(number=number).games.select_related("white", "black")}
        ours = {(g.board, g.white.pairing_number, g.black.pairing_number if g.black else 0, g.result, g.result2)
                for g in imported.round_set.get(number=number).games.select_related("white", "black")}
        assert ours == theirs
    # TRF-2026's 260 keeps the range (match 2 on: rounds 3 to 8); TRF-16's XXP has none (from round 1)
    assert set(imported.forbidden_pairs.values_list("first_round", "last_round")) == {
        (2 if version == "26" else 1, None)}
    assert set(imported.players.filter(absences__isnull=False).values_list(
        "pairing_number", "absences__round_number", "absences__bye")) == {(5, 2, "H"), (6, 4, "Z")}
    # and the imported tournament pairs match 4 as the original does, once match 3 is played
    for each in (tournament, imported):
        play_match(each.round_set.get(number=3), random.Random(3))
    assert export(imported, version) == export(tournament, version)
    assert boards(pair(imported)) == boards(pair(tournament))


def _refused(club, document, message: str, line_of: int | None):
    """The file ``document`` is refused with ``message`` (at the line of player ``line_of``), nothing saved."""
    from pairing.engine import dump
    from tournaments.exchange.trf_import import TrfImportError, import_tournament
    from tournaments.models import Tournament

    text = dump(document)
    count = Tournament.objects.count()
    with pytest.raises(TrfImportError) as error:
        import_tournament(club, text)
    errors = " ".join(error.value.errors)
    assert message in errors
    if line_of is not None:
        line = next(n for n, t in enumerate(text.splitlines(), start=1) if t.startswith(f"001 {line_of:4d}"))
        assert f"line {line}, column " in errors
    assert Tournament.objects.count() == count


@pytest.fixture
def played_file(club):
    """Five players, matches 1 and 2 played, as the parsed export (match k: TRF rounds 2k-1, 2k)."""
    tournament = double(club, players=5, rounds=2)
    for _ in range(2):
        play_match(pair(tournament), random.Random(4))
    return parse(export(tournament))


def _whites(document) -> list[int]:
    """The players with White in game 1 of match 1, by number."""
    return sorted(n for n, record in document.players.items() if record.rounds[0].colour == "w")


def _other_opponents(document):
    """Game 2 of match 1 with the opponents of the two boards exchanged (both sides written)."""
    first, second = _whites(document)
    a, b = document.players[first].rounds[0].opponent, document.players[second].rounds[0].opponent
    for x, y in ((first, b), (second, a)):
        document.players[x].rounds[1] = RoundEntry(y, "b", "=")
        document.players[y].rounds[1] = RoundEntry(x, "w", "=")
    return min(first, second, a, b)


def _same_colours(document):
    """Game 2 of match 1 on the first board with game 1's colours."""
    white = _whites(document)[0]
    black = document.players[white].rounds[0].opponent
    document.players[white].rounds[1] = RoundEntry(black, "w", "=")
    document.players[black].rounds[1] = RoundEntry(white, "b", "=")
    return min(white, black)


def _pab(document) -> int:
    return next(n for n, record in document.players.items() if record.rounds[0].code == "U")


def _pab_written_u_twice(document):
    document.players[_pab(document)].rounds[1] = RoundEntry(None, None, "U")
    return _pab(document)


def _two_byes(document):
    holder = _pab(document)
    document.players[holder].rounds[0:2] = [RoundEntry(None, None, "H"), RoundEntry(None, None, "Z")]
    return holder


def _odd_rounds(document):
    document.total_rounds = 5
    return None


def _first_game_only(document):
    for record in document.players.values():
        del record.rounds[3:]
    return None



@pytest.mark.parametrize(("change", "message"), [
    (_other_opponents, "match 1 (rounds 1 and 2): player"),
    (_other_opponents, "the two games of a match have one opponent (C.04.5 Preface)"),
    (_same_colours, "in both games; the second game reverses the colours (C.04.5 4.4)"),
    (_pab_written_u_twice, "is written U in round 1 and H in round 2 (a won game plus a drawn game, C.04.5 1.4), "
                           "not 'U'"),
    (_two_byes, "has 'H' in round 1 but 'Z' in round 2; a bye applies to the whole match"),
    (_odd_rounds, "XXR/142 announces 5 rounds: a Double-Swiss tournament writes each match as two rounds (C.04.5)"),
    (_first_game_only, "the 001 lines hold 3 rounds: match 2 has its first game only; its second game is round 4"),
])
def test_a_broken_double_swiss_file_is_refused_by_line_and_saves_nothing(club, played_file, change, message):
    from pairing.engine import dump
    from tournaments.exchange.trf_import import TrfImportError, import_tournament
    from tournaments.models import Tournament

    line_of = change(played_file)
    text = dump(played_file)
    count = Tournament.objects.count()
    with pytest.raises(TrfImportError) as error:
        import_tournament(club, text)
    errors = " ".join(error.value.errors)
    assert message in errors, errors
    if line_of is not None:  # the line of the first player whose match is broken, the column of its round
        line = next(n for n, t in enumerate(text.splitlines(), start=1) if t.startswith(f"001 {line_of:4d}"))
        assert f"line {line}, column " in errors, errors
    assert Tournament.objects.count() == count


def test_game_2_entered_before_game_1_is_a_match_in_progress_exported_imported_and_not_paired(club, tmp_path):
    """An arbiter may enter game 2 first: the file then has a result in round 2k and none in 2k-1.
    The export, the standings and the import read it as the match in progress; no engine pairs the next
    match from it (round 2k-1 is not finished)."""
    import subprocess
    import sys

    from tournaments.exchange.trf_import import import_tournament

    tournament = double(club, players=4, rounds=2)
    tournament.tiebreaks = "DE,BH/C1,BH,SB,PS,WIN"
    tournament.save()
    round_ = pair(tournament)
    game = round_.games.select_related("white", "black").get(board=1)
    enter_result(game, Result.WHITE_WINS, game_number=2)  # game 2's White: the board's second player
    points = {row.player.pairing_number: row.points for row in crosstable(tournament, 1)}  # with match 1
    assert (points[game.white.pairing_number], points[game.black.pairing_number]) == (0, 10)
    text = export(tournament, "26")
    entries = parse(text).players[game.black.pairing_number].rounds[:2]
    assert [(e.colour, e.code) for e in entries] == [("b", ""), ("w", "1")]
    imported = import_tournament(club, text)
    assert export(imported, "26") == text
    assert (imported.round_set.get().games.get(board=1).result,
            imported.round_set.get().games.get(board=1).result2) == ("", "1-0")
    path = tmp_path / "in-progress.trf"
    path.write_text(text)
    paired = subprocess.run([sys.executable, "-m", "pairing.engine", "--double-swiss", str(path), "-p"],
                            capture_output=True, text=True)
    assert paired.returncode == 2 and "is not finished" in paired.stderr, paired.stderr


def test_a_double_swiss_file_without_xxr_has_the_matches_it_holds(club, played_file):
    from pairing.engine import dump
    from tournaments.exchange.trf_import import import_tournament

    played_file.total_rounds = 0  # no XXR/142: two matches played, so two matches (four TRF rounds)
    imported = import_tournament(club, dump(played_file))
    assert (imported.rounds, imported.round_set.count()) == (2, 2)
    for record in played_file.players.values():
        del record.rounds[:]
    assert import_tournament(club, dump(played_file)).rounds == 1  # no game yet: one match


def test_the_live_notice_shows_both_games_of_the_match(club):
    # It showed game 1's result only, and nothing while only game 2 was in.
    from tournaments.queries.live import live_notice

    tournament = double(club, players=4, rounds=2)
    round_ = pair(tournament)
    game = round_.games.select_related("white").get(board=1)
    enter_result(game, Result.DRAW, game_number=2)
    assert live_notice(game.white).result == "– / ½-½"
    enter_result(game, Result.WHITE_WINS)
    assert live_notice(game.white).result == "1-0 / ½-½"


def test_confirming_a_correction_of_game_2_changes_game_2(client, club, arbiter):
    # Match 2 paired: a correction of match 1's game 2 asks first; the confirmation form sends game 2
    # back (it once went to game 1: game 1 rewritten with game 2's result), and replaces game 2's row.
    import re

    from django.urls import reverse

    tournament = double(club, players=4, rounds=2)
    round_ = pair(tournament)
    game = round_.games.get(board=1)
    enter_result(game, Result.WHITE_WINS)
    enter_result(game, Result.DRAW, game_number=2)
    for other in round_.games.exclude(pk=game.pk):
        enter_result(other, Result.WHITE_WINS)
        enter_result(other, Result.WHITE_WINS, game_number=2)
    pair(tournament)
    client.force_login(arbiter)
    url = reverse("arbiter:result", args=[tournament.slug, game.pk])
    row = client.post(url, {"result": "0-1", "game": "2", "was": "½-½"}, HTTP_HX_REQUEST="true").content.decode()
    form = row[row.index('class="warning"'):]
    form = form[:form.index("</form>")]
    assert f'hx-target="#game-{game.pk}-2"' in form
    fields = dict(re.findall(r'<input type="hidden" name="(\w+)" value="([^"]*)"', form))
    assert fields.pop("csrfmiddlewaretoken") and fields == {"result": "0-1", "confirm": "1", "game": "2", "was": "½-½"}
    answer = client.post(url, fields, HTTP_HX_REQUEST="true").content.decode()
    assert f'id="game-{game.pk}-2"' in answer
    game.refresh_from_db()
    assert (game.result, game.result2) == ("1-0", "0-1")
    assert AuditEntry.objects.filter(kind=Kind.RESULT, summary__contains="board 1 game 2").count() == 2


def test_the_board_list_scores_a_bye_for_the_whole_match_and_the_crosstable_pdf_has_a_column_per_game(club):
    # A half-point bye in a Double-Swiss match scores 1 (½ a game, both games), on the round page as in the
    # standings; the crosstable's PDF, like its page, has a column per game (1.1, 1.2): it was a 500.
    import io

    from django.test import Client
    from django.urls import reverse
    from pypdf import PdfReader

    from tournaments.queries.boards import board_list
    from tournaments.services.players import set_absence

    tournament = double(club, players=5, rounds=2)
    set_absence(tournament.players.get(pairing_number=5), 1, "H")
    round_ = pair(tournament)
    play_match(round_, random.Random(1))
    (missing,) = board_list(tournament, round_).not_paired
    assert missing.player.pairing_number == 5 and missing.scored == 10
    response = Client().get(reverse("public:crosstable_pdf", args=[tournament.slug]))
    assert response.status_code == 200
    text = "\n".join(page.extract_text() for page in PdfReader(io.BytesIO(response.content)).pages)
    assert "R1.1" in text and "R1.2" in text


def test_a_tiebreak_detail_names_the_games_of_each_match_as_the_crosstable(club):
    # After match 1, BH's detail has a line per game, labelled 1.1 and 1.2 (the crosstable's columns), not
    # "rounds 1 and 2" of a match that has no round 2.
    from django.test import Client
    from django.urls import reverse

    tournament = double(club, players=4, rounds=2)
    play_match(pair(tournament), random.Random(3))
    page = Client().get(reverse("public:tiebreak", args=[tournament.slug, 1]), {"code": "BH", "after": 1})
    cells = page.content.decode().split('<tbody>')[1].split('</tbody>')[0]
    assert '<td class="c">1.1</td>' in cells and '<td class="c">1.2</td>' in cells
    assert '<td class="c">2</td>' not in cells
