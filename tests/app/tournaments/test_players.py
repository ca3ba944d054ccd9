"""C.04.2 B (initial order, pairing numbers), C (late entries), D.3/D.4, and CSV registration."""

import random

import pytest

from tests.app.conftest import make_tournament, pair, play
from tournaments.exchange.csv_import import import_players_csv
from tournaments.exchange.trf import tournament_document
from tournaments.models import Player
from tournaments.queries.standings import crosstable
from tournaments.services import Refused
from tournaments.services.players import (
    register_player,
    remove_player,
    set_absence,
    withdraw_player,
)


def numbers(tournament):
    return {p.name: p.pairing_number for p in tournament.players.all()}


def test_initial_order_is_rating_then_title_then_name(club):
    # C.04.2 B.2: a. rating, b. title (GM-IM-WGM-FM-WIM-CM-WFM-WCM-none), c. alphabetically.
    tournament = make_tournament(club, players=0)
    for name, rating, title in [("Zed, A", 2300, ""), ("Able, B", 2300, ""), ("Cole, C", 2300, "FM"),
                                ("Dorn, D", 2300, "WGM"), ("Eve, E", 2450, ""), ("Fox, F", None, "GM"),
                                ("Gray, G", 2300, "IM")]:
        register_player(tournament, Player(name=name, rating=rating, title=title))
    assert numbers(tournament) == {"Eve, E": 1, "Gray, G": 2, "Dorn, D": 3, "Cole, C": 4, "Able, B": 5,
                                   "Zed, A": 6, "Fox, F": 7}


def test_late_entry_after_freeze_gets_the_next_number(club):
    tournament = make_tournament(club, players=8, rounds=7)
    rng = random.Random(2)
    for _ in range(4):
        play(pair(tournament), rng)
    late = register_player(tournament, Player(name="Late, L", rating=2900))
    assert late.pairing_number == 9
    assert late.entry_round == 5


def test_late_entry_is_not_paired_before_arrival_and_scores_the_configured_bye(club):
    # C.04.2 C.2 b: not paired for the rounds he cannot play; zero points unless the rules say otherwise.
    tournament = make_tournament(club, players=8, rounds=5, late_entry_bye="H")
    late = register_player(tournament, Player(name="Late, L", rating=2000, entry_round=3))
    rng = random.Random(3)
    for _ in (1, 2):
        round_ = pair(tournament)
        assert not round_.games.filter(white=late).exists() and not round_.games.filter(black=late).exists()
        play(round_, rng)
    round3 = pair(tournament)
    assert round3.games.filter(white=late).exists() or round3.games.filter(black=late).exists()
    record = tournament_document(tournament, rounds=2).players[late.pairing_number]
    assert [e.code for e in record.rounds] == ["H", "H"]


def test_withdrawn_player_is_no_longer_paired(club):
    # C.04.2 D.3
    tournament = make_tournament(club, players=9)
    rng = random.Random(4)
    play(pair(tournament), rng)
    quitter = tournament.players.get(pairing_number=3)
    with pytest.raises(Refused):
        withdraw_player(quitter, 1)  # round 1 is paired already
    with pytest.raises(Refused, match="only 5 rounds"):
        withdraw_player(quitter, 10**20)  # beyond the tournament (and the database's column)
    withdraw_player(quitter, 2)
    round2 = pair(tournament)
    assert round2.games.count() == 4 and not round2.games.filter(black__isnull=True).exists()
    assert not round2.games.filter(white=quitter).exists() and not round2.games.filter(black=quitter).exists()


def test_announced_absence_gives_the_requested_bye_and_no_pairing(club):
    # C.04.2 D.4: known in advance not to play a round: not paired in it.
    tournament = make_tournament(club, players=10)
    away, off = tournament.players.get(pairing_number=1), tournament.players.get(pairing_number=2)
    set_absence(away, 1, "H")
    set_absence(off, 1, "Z")
    round1 = pair(tournament)
    paired = {g.white_id for g in round1.games.all()} | {g.black_id for g in round1.games.all()}
    assert away.pk not in paired and off.pk not in paired
    assert round1.games.count() == 4
    play(round1, random.Random(5))
    rows = {row.player.pk: row.points for row in crosstable(tournament)}
    assert rows[away.pk] == 5 and rows[off.pk] == 0
    with pytest.raises(Refused):
        set_absence(away, 1, None)  # round 1 is paired: too late


def test_half_point_bye_refused_when_the_tournament_does_not_give_them(club):
    tournament = make_tournament(club, players=6, half_point_byes=False)
    with pytest.raises(Refused, match="half-point"):
        set_absence(tournament.players.first(), 1, "H")


def test_csv_import_registers_players_in_initial_order(tournament):
    text = "name,title,rating,federation,fide_id,sex\nKasparov, Garry,GM,2812,RUS,4100018,m\n" \
           "\"Polgar, Judit\",gm,2735,HUN,700070,f\n"
    with pytest.raises(Refused):
        import_players_csv(tournament, text)  # the unquoted comma makes line 2 one field too long
    text = 'name,title,rating,federation,fide_id,sex\n"Kasparov, Garry",GM,2812,RUS,4100018,m\n' \
           '"Polgar, Judit",gm,2735,HUN,700070,f\n'
    players = import_players_csv(tournament, text)
    assert len(players) == 2
    assert numbers(tournament)["Kasparov, Garry"] == 1 and numbers(tournament)["Polgar, Judit"] == 2
    judit = tournament.players.get(name="Polgar, Judit")
    assert (judit.title, judit.sex, judit.federation) == ("GM", "w", "HUN")


def test_csv_with_a_bad_line_saves_nothing_and_names_the_line(tournament):
    before = tournament.players.count()
    text = 'name,rating,federation\n"Good, One",2100,FRA\n"Bad, Two",strong,FRA\n"Bad, Three",2000,FRANCE\n'
    with pytest.raises(Refused) as refusal:
        import_players_csv(tournament, text)
    assert tournament.players.count() == before
    assert refusal.value.errors[0].startswith("Line 3: rating")
    assert refusal.value.errors[1].startswith("Line 4: federation")


def test_csv_with_unknown_column_is_refused(tournament):
    with pytest.raises(Refused, match="Unknown column"):
        import_players_csv(tournament, "name,elo\nA,2000\n")


def test_a_paired_player_cannot_be_deleted(tournament):
    round_ = pair(tournament)
    player = round_.games.first().white
    with pytest.raises(Refused, match="withdraw"):
        remove_player(player)
    assert Player.objects.filter(pk=player.pk).exists()
