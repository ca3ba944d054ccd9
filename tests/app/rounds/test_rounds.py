"""The round lifecycle, results, and the app pairing exactly as the engine does on the exported TRF."""

import random

import pytest
from django.db import IntegrityError

from pairing.engine.checker import check
from pairing.engine.trf import dump, parse
from pairing.rounds.publish import discard_round, publish_round
from pairing.rounds.request import request_pairing
from pairing.rounds.run import run_pairing
from tests.app.conftest import boards, engine_cli_pairing, make_tournament, pair, play, request
from tournaments.exchange.trf import export_document
from tournaments.models import ForbiddenPair, Game, Player, Result, Round, Tournament
from tournaments.services import ConfirmationNeeded, Refused, last_paired_round
from tournaments.services.forbidden_pairs import allow_pair, forbid_pair
from tournaments.services.players import order_kept, register_player, set_absence, withdraw_player
from tournaments.services.results import enter_result, parse_result


def test_app_pairing_equals_engine_output_on_exported_trf(club, tmp_path):
    """Late entry, withdrawal, requested byes, forfeits and PAB included, over six rounds."""
    tournament = make_tournament(club, players=15, rounds=6)
    rng = random.Random(7)
    late = None
    for number in range(1, 7):
        if number == 2:
            late = register_player(tournament, Player(name="Late, Comer", rating=2222))
        if number == 3:
            withdraw_player(tournament.players.get(pairing_number=5), 3)
        if number == 4:
            set_absence(tournament.players.get(pairing_number=2), 4, "H")
            set_absence(tournament.players.get(pairing_number=9), 4, "Z")
        exported = dump(export_document(tournament))
        round_ = pair(tournament)
        assert boards(round_) == engine_cli_pairing(exported, tmp_path), f"round {number}"
        play(round_, rng, forfeits=1)
    assert late.entry_round == 2
    # The finished tournament's file passes the free pairings checker (-c) with no discrepancy.
    assert check(parse(dump(export_document(tournament)))) == []


def test_draft_is_published_then_results_are_entered(tournament):
    round_ = request(tournament)
    assert round_.status == Round.Status.DRAFT
    game = round_.games.first()
    with pytest.raises(Refused, match="Publish"):
        enter_result(game, Result.WHITE_WINS)
    publish_round(round_)
    enter_result(game, Result.WHITE_WINS)
    assert Game.objects.get(pk=game.pk).result == "1-0"


def test_next_round_needs_every_result(tournament):
    round_ = pair(tournament)
    games = list(round_.games.all())
    for game in games[:-1]:
        enter_result(game, Result.DRAW)
    with pytest.raises(Refused, match="missing results"):
        request_pairing(tournament)
    enter_result(games[-1], Result.DOUBLE_FORFEIT)
    assert request_pairing(tournament).number == 2


def test_second_click_while_pairing_and_unpublished_draft_are_refused(tournament):
    round_ = request_pairing(tournament)  # the task has not run yet
    with pytest.raises(Refused, match="being paired"):
        request_pairing(tournament)
    run_pairing(round_.pk)
    with pytest.raises(Refused, match="not published"):
        request_pairing(tournament)
    assert tournament.round_set.count() == 1


def test_one_pairing_per_round_is_enforced_by_the_database(tournament):
    Round.objects.create(tournament=tournament, number=1)
    with pytest.raises(IntegrityError):
        Round.objects.create(tournament=tournament, number=1)


def test_discard_and_pair_again_but_not_once_results_exist(tournament):
    round_ = pair(tournament)
    with pytest.raises(ConfirmationNeeded, match="Round 1 is published"):
        discard_round(round_)  # published: asked first
    discard_round(round_, confirm=True)
    assert not tournament.round_set.exists()
    round_ = pair(tournament)
    enter_result(round_.games.first(), Result.BLACK_WINS)
    with pytest.raises(Refused, match="has results"):
        discard_round(round_)
    assert Round.objects.filter(pk=round_.pk).exists()


def test_no_pairing_beyond_the_last_round(club):
    tournament = make_tournament(club, players=4, rounds=1)
    play(pair(tournament), random.Random(1))
    with pytest.raises(Refused, match="All 1 rounds"):
        request_pairing(tournament)


def test_failed_pairing_is_reported_and_can_be_discarded(club):
    # Two players who met already: no valid pairing for round 2 (C.04.1 b).
    tournament = make_tournament(club, players=2, rounds=2)
    play(pair(tournament), random.Random(1))
    round_ = request(tournament)
    assert round_.status == Round.Status.FAILED and "No valid pairing" in round_.error
    discard_round(round_)
    assert tournament.round_set.count() == 1


def test_a_failed_round_is_not_paired_for_what_comes_before_pairing_it_again(club, arbiter):
    # Round 1 fails (two players kept apart: no valid pairing).  Until it is paired again, it is no
    # paired round: the pair may be removed outright, a player entering is in round 1 (not a late
    # entry), an absence may be given for it, and ratings still order the numbers.
    tournament = make_tournament(club, players=2, rounds=3)
    one, two = tournament.players.order_by("pairing_number")
    pair = forbid_pair(tournament, one, two, user=arbiter)
    round_ = request(tournament)
    assert round_.status == Round.Status.FAILED and "No valid pairing" in round_.error
    assert last_paired_round(tournament) == 0 and not order_kept(tournament)
    allow_pair(pair, arbiter)
    assert not ForbiddenPair.objects.exists()
    late = register_player(tournament, Player(name="Late, Comer", rating=2500))
    assert late.entry_round == 1 and late.pairing_number == 1  # the strongest: first, the others renumbered
    assert set_absence(two, 1, Tournament.Bye.ZERO, arbiter)
    paired = request(tournament)
    assert paired.status == Round.Status.DRAFT and paired.number == 1
    assert len(boards(paired)) == 1  # Late - one; two is absent


def test_board_order_follows_d9(club):
    # C.04.2 D.9: the bye last; boards sorted by the scores of the pairs.
    tournament = make_tournament(club, players=9, rounds=3)
    play(pair(tournament), random.Random(11))
    round2 = pair(tournament)
    games = list(round2.games.select_related("white", "black"))
    assert games[-1].is_bye
    document = parse(dump(export_document(tournament)))
    score = {n: sum(document.scoring.points(e.code) for e in r.rounds[:1]) for n, r in document.players.items()}
    keys = [max(score[g.white.pairing_number], score[g.black.pairing_number]) for g in games[:-1]]
    assert keys == sorted(keys, reverse=True)


def test_results_from_arbiter_input(tournament):
    assert parse_result("1") == Result.WHITE_WINS
    assert parse_result(" ½ ") == Result.DRAW
    assert parse_result("=") == Result.DRAW
    assert parse_result("0-1") == Result.BLACK_WINS
    assert parse_result("+") == Result.WHITE_FORFEIT_WIN
    assert parse_result("-+") == Result.BLACK_FORFEIT_WIN
    assert parse_result("--") == Result.DOUBLE_FORFEIT
    for impossible in ("2-0", "1-1", "x", "½-0"):
        with pytest.raises(Refused):
            parse_result(impossible)


def test_correction_keeps_the_old_result(tournament, arbiter):
    game = pair(tournament).games.first()
    enter_result(game, Result.WHITE_WINS, arbiter)
    enter_result(game, Result.DRAW, arbiter)
    history = [(entry.before["result"], entry.after["result"]) for entry in game.changes.order_by("at", "pk")]
    assert history == [("", "1-0"), ("1-0", "½-½")]


def test_bye_result_is_automatic_and_fixed(club):
    tournament = make_tournament(club, players=5)
    round_ = pair(tournament)
    bye = round_.games.get(black__isnull=True)
    assert bye.result == Result.BYE
    with pytest.raises(Refused, match="automatically"):
        enter_result(bye, Result.WHITE_WINS)


def test_results_round_trip_to_trf_codes(club):
    tournament = make_tournament(club, players=7, rounds=3)
    round_ = pair(tournament)
    outcomes = [Result.WHITE_WINS, Result.DRAW, Result.WHITE_FORFEIT_WIN]
    games = list(round_.games.exclude(result=Result.BYE).select_related("white", "black"))
    for game, outcome in zip(games, outcomes, strict=True):
        enter_result(game, outcome)
    document = parse(dump(export_document(tournament)))
    expected = {"1-0": ("1", "0"), "½-½": ("=", "="), "+-": ("+", "-")}
    for game, outcome in zip(games, outcomes, strict=True):
        white = document.players[game.white.pairing_number].rounds[0]
        black = document.players[game.black.pairing_number].rounds[0]
        assert (white.code, black.code) == expected[outcome]
        assert (white.opponent, white.colour) == (game.black.pairing_number, "w")
    bye = round_.games.get(black__isnull=True)
    assert document.players[bye.white.pairing_number].rounds[0].code == "U"
