"""Standings with the tournament's tie-breaks (C.07), their explanations, and ties by lot."""

import random

import pytest
from django.urls import reverse
from rest_framework.test import APIClient

from pairing.engine.tiebreaks import explain, tiebreak_values
from tests.app.conftest import make_tournament, pair, play
from tournaments.exchange.trf import tournament_document
from tournaments.fronts.arbiter.forms import TournamentForm
from tournaments.models import Player
from tournaments.queries.standings import crosstable
from tournaments.services.players import register_player
from tournaments.services.results import enter_result


@pytest.fixture
def finished(club):
    tournament = make_tournament(club, players=9, rounds=4, tiebreaks="BH/C1,SB,WIN")
    rng = random.Random(21)
    for _ in range(4):
        play(pair(tournament), rng, forfeits=1)
    return tournament


def test_standings_carry_the_tiebreak_values_of_the_engine(finished):
    rows = crosstable(finished)
    document = tournament_document(finished, rounds=4)
    for code in ("BH/C1", "SB", "WIN"):
        expected = tiebreak_values(document, code)
        assert {row.player.pairing_number: next(v.value for v in row.tiebreaks if v.code == code)
                for row in rows} == expected
    # Points first, then the tie-breaks in order (C.07 4.2).
    keys = [(-row.points, [-v.value for v in row.tiebreaks]) for row in rows]
    assert keys == sorted(keys)


def test_explanation_page_adds_up_to_the_value(client, finished):
    row = crosstable(finished)[0]
    value = next(v.value for v in row.tiebreaks if v.code == "BH/C1")
    url = reverse("public:tiebreak", args=[finished.slug, row.player.pairing_number])
    page = client.get(url, {"code": "BH/C1", "after": 4}).content.decode()
    contributions = explain(tournament_document(finished, rounds=4), "BH/C1", row.player.pairing_number)
    assert sum(c.value for c in contributions if not c.cut) == value
    assert page.count("<tr") - 2 == len(contributions)  # one row per round, plus head and foot
    assert client.get(url, {"code": "WIN", "after": 4}).status_code == 404  # not made of rounds
    assert client.get(url, {"code": "BH/C1", "after": 9}).status_code == 404


def test_standings_page_lists_the_tiebreaks(client, finished):
    page = client.get(reverse("public:standings", args=[finished.slug])).content.decode()
    for code in ("BH/C1", "SB", "WIN"):
        assert f"<th>{code}</th>" in page
    assert "C.07 from 1 March 2026" in page


def test_api_standings_give_the_tiebreaks_by_code(finished):
    data = APIClient().get(f"/api/tournaments/{finished.slug}/standings/").json()
    assert list(data[0]["tiebreaks"]) == ["BH/C1", "SB", "WIN"]


def test_ties_by_lot_are_drawn_when_a_round_is_published_and_kept(club):
    tournament = make_tournament(club, players=6, rounds=3, tiebreaks="WIN", ties_by_lot=True)
    round1 = pair(tournament)
    lots = dict(tournament.players.values_list("pairing_number", "lot"))
    assert sorted(lots.values()) == list(range(1, 7))
    for game in round1.games.all():
        enter_result(game, "½-½")
    late = register_player(tournament, Player(name="Late, Comer", rating=1000))
    rows = crosstable(tournament)
    assert [row.rank for row in rows] == [1, 2, 3, 4, 5, 6, 7]  # equal on points and WIN: the lot decides
    assert [row.player.pairing_number for row in rows[:6]] == sorted(lots, key=lots.get)
    # Reading the standings draws nothing; the next round's publication draws the late entrant's lot.
    late.refresh_from_db()
    assert late.lot is None
    pair(tournament)
    assert dict(tournament.players.exclude(pk=late.pk).values_list("pairing_number", "lot")) == lots
    late.refresh_from_db()
    assert late.lot == 7


def test_shared_places_without_lot(club):
    tournament = make_tournament(club, players=4, rounds=3, tiebreaks="WIN")
    for game in pair(tournament).games.all():
        enter_result(game, "½-½")
    assert [row.rank for row in crosstable(tournament)] == [1, 1, 1, 1]


def test_unknown_tiebreak_code_is_refused_by_the_form():
    form = TournamentForm(data={"name": "X", "rounds": 5, "system": "dutch", "points_win": 1, "points_draw": 0.5,
                                "points_loss": 0, "points_pairing_bye": 1, "points_half_bye": 0.5,
                                "late_entry_bye": "Z", "tiebreaks": "BH,XYZ", "tiebreak_edition": "2026"})
    assert not form.is_valid() and "tiebreaks" in form.errors


def test_crosstable_cells_name_opponents_by_a_unique_line_where_ranks_are_shared(club):
    """Four players, one round, both White players win: the winners tie on every tie-break, and so
    do the losers, so ranks are 1, 1, 3, 3; the cells name each opponent by his row (1-4), never by
    a rank two players share, on the page, the PDF and the API."""
    tournament = make_tournament(club, players=4, rounds=3, tiebreaks="BH,SB", ties_by_lot=False)
    round_ = pair(tournament)
    for game in round_.games.all():
        enter_result(game, "1-0")
    rows = crosstable(tournament)
    assert [row.rank for row in rows] == [1, 1, 3, 3] and [row.line for row in rows] == [1, 2, 3, 4]
    line_of = {row.player.pk: row.line for row in rows}
    games = {g.white_id: g.black_id for g in round_.games.all()} | {g.black_id: g.white_id for g in round_.games.all()}
    for row in rows:
        opponent = games[row.player.pk]
        assert row.cells[0].text.startswith(str(line_of[opponent])) and row.cells[0].opponent.pk == opponent
    api = APIClient().get(reverse("api:crosstable", args=[tournament.slug])).json()
    assert [(r["line"], r["rank"]) for r in api] == [(1, 1), (2, 1), (3, 3), (4, 3)]
    pairing_number = {row.player.pk: row.player.pairing_number for row in rows}
    assert [r["opponents"] for r in api] == [[pairing_number[games[row.player.pk]]] for row in rows]
    page = APIClient().get(reverse("public:crosstable", args=[tournament.slug])).content.decode()
    assert all(f'id="line-{line}"' in page for line in (1, 2, 3, 4))
