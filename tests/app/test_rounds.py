"""The round lifecycle, results, and the app pairing exactly as the engine does on the exported TRF."""

import random

import pytest
from django.db import IntegrityError

from pairing import services as pairing
from pairing.engine.checker import check
from pairing.engine.trf import dump, parse
from tournaments import services
from tournaments.models import Game, Player, Result, Round
from tournaments.trf import export_document

from .conftest import boards, engine_cli_pairing, make_tournament, pair, play, request


def test_app_pairing_equals_engine_output_on_exported_trf(club, tmp_path):
    """Late entry, withdrawal, requested byes, forfeits and PAB included, over six rounds."""
    tournament = make_tournament(club, players=15, rounds=6)
    rng = random.Random(7)
    late = None
    for number in range(1, 7):
        if number == 2:
            late = services.register_player(tournament, Player(name="Late, Comer", rating=2222))
        if number == 3:
            services.withdraw_player(tournament.players.get(pairing_number=5), 3)
        if number == 4:
            services.set_absence(tournament.players.get(pairing_number=2), 4, "H")
            services.set_absence(tournament.players.get(pairing_number=9), 4, "Z")
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
    with pytest.raises(services.Refused, match="Publish"):
        services.enter_result(game, Result.WHITE_WINS)
    pairing.publish_round(round_)
    services.enter_result(game, Result.WHITE_WINS)
    assert Game.objects.get(pk=game.pk).result == "1-0"


def test_next_round_needs_every_result(tournament):
    round_ = pair(tournament)
    games = list(round_.games.all())
    for game in games[:-1]:
        services.enter_result(game, Result.DRAW)
    with pytest.raises(services.Refused, match="missing results"):
        pairing.request_pairing(tournament)
    services.enter_result(games[-1], Result.DOUBLE_FORFEIT)
    assert pairing.request_pairing(tournament).number == 2


def test_second_click_while_pairing_and_unpublished_draft_are_refused(tournament):
    round_ = pairing.request_pairing(tournament)  # the task has not run yet
    with pytest.raises(services.Refused, match="being paired"):
        pairing.request_pairing(tournament)
    pairing.run_pairing(round_.pk)
    with pytest.raises(services.Refused, match="not published"):
        pairing.request_pairing(tournament)
    assert tournament.round_set.count() == 1


def test_one_pairing_per_round_is_enforced_by_the_database(tournament):
    Round.objects.create(tournament=tournament, number=1)
    with pytest.raises(IntegrityError):
        Round.objects.create(tournament=tournament, number=1)


def test_discard_and_pair_again_but_not_once_results_exist(tournament):
    round_ = pair(tournament)
    pairing.discard_round(round_)
    assert not tournament.round_set.exists()
    round_ = pair(tournament)
    services.enter_result(round_.games.first(), Result.BLACK_WINS)
    with pytest.raises(services.Refused, match="has results"):
        pairing.discard_round(round_)
    assert Round.objects.filter(pk=round_.pk).exists()


def test_no_pairing_beyond_the_last_round(club):
    tournament = make_tournament(club, players=4, rounds=1)
    play(pair(tournament), random.Random(1))
    with pytest.raises(services.Refused, match="All 1 rounds"):
        pairing.request_pairing(tournament)


def test_failed_pairing_is_reported_and_can_be_discarded(club):
    # Two players who met already: no valid pairing for round 2 (C.04.1 b).
    tournament = make_tournament(club, players=2, rounds=2)
    play(pair(tournament), random.Random(1))
    round_ = request(tournament)
    assert round_.status == Round.Status.FAILED and "No valid pairing" in round_.error
    pairing.discard_round(round_)
    assert tournament.round_set.count() == 1


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
    assert services.parse_result("1") == Result.WHITE_WINS
    assert services.parse_result(" ½ ") == Result.DRAW
    assert services.parse_result("=") == Result.DRAW
    assert services.parse_result("0-1") == Result.BLACK_WINS
    assert services.parse_result("+") == Result.WHITE_FORFEIT_WIN
    assert services.parse_result("-+") == Result.BLACK_FORFEIT_WIN
    assert services.parse_result("--") == Result.DOUBLE_FORFEIT
    for impossible in ("2-0", "1-1", "x", "½-0"):
        with pytest.raises(services.Refused):
            services.parse_result(impossible)


def test_correction_keeps_the_old_result(tournament, arbiter):
    game = pair(tournament).games.first()
    services.enter_result(game, Result.WHITE_WINS, arbiter)
    services.enter_result(game, Result.DRAW, arbiter)
    history = [(entry.before["result"], entry.after["result"]) for entry in game.changes.order_by("at", "pk")]
    assert history == [("", "1-0"), ("1-0", "½-½")]


def test_bye_result_is_automatic_and_fixed(club):
    tournament = make_tournament(club, players=5)
    round_ = pair(tournament)
    bye = round_.games.get(black__isnull=True)
    assert bye.result == Result.BYE
    with pytest.raises(services.Refused, match="automatically"):
        services.enter_result(bye, Result.WHITE_WINS)


def test_results_round_trip_to_trf_codes(club):
    tournament = make_tournament(club, players=7, rounds=3)
    round_ = pair(tournament)
    outcomes = [Result.WHITE_WINS, Result.DRAW, Result.WHITE_FORFEIT_WIN]
    games = list(round_.games.exclude(result=Result.BYE).select_related("white", "black"))
    for game, outcome in zip(games, outcomes, strict=True):
        services.enter_result(game, outcome)
    document = parse(dump(export_document(tournament)))
    expected = {"1-0": ("1", "0"), "½-½": ("=", "="), "+-": ("+", "-")}
    for game, outcome in zip(games, outcomes, strict=True):
        white = document.players[game.white.pairing_number].rounds[0]
        black = document.players[game.black.pairing_number].rounds[0]
        assert (white.code, black.code) == expected[outcome]
        assert (white.opponent, white.colour) == (game.black.pairing_number, "w")
    bye = round_.games.get(black__isnull=True)
    assert document.players[bye.white.pairing_number].rounds[0].code == "U"
