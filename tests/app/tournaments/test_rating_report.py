"""The FIDE rating report (the TRF export) checked against what FIDE asks for (TRF16, FIDE Handbook
C.04 Annex 2: header records 012-132, each 001 line's columns), and the national report in the same
shape with the national ids and ratings; K and birth year from the list used for the rating change."""

import datetime
from fractions import Fraction

from django.urls import reverse

from tests.app.conftest import pair
from tournaments.exchange.trf import export
from tournaments.models import Player, Result
from tournaments.queries.prizes import prize_list
from tournaments.queries.records import player_record
from tournaments.services.players import register_player
from tournaments.services.prizes import add_category
from tournaments.services.results import enter_result
from tournaments.services.setup import create_tournament


def played(club):
    """Two players, one round: Alpha (2210, FIDE 2212072, born 1990/05/17; national id FRA-77, 1950)
    beats Bravo (1850, FIDE 654321, born 2001/02/03; no national id or rating)."""
    tournament = create_tournament(
        club, name="Lyon Rapid", rounds=1, initial_colour="w", place="Lyon", federation="FRA",
        chief_arbiter="IA Jane Doe", deputy_arbiters="FA John Roe", time_control="15 min + 10 s",
        start_date=datetime.date(2026, 3, 7), end_date=datetime.date(2026, 3, 7))
    register_player(tournament, Player(name="Alpha, Anna", rating=2210, fide_id="2212072", federation="ESP",
                                       sex="w", title="WIM", birth_date=datetime.date(1990, 5, 17),
                                       national_id="77", national_rating=1950))
    register_player(tournament, Player(name="Bravo, Bob", rating=1850, fide_id="654321", federation="FRA", sex="m",
                                       birth_date=datetime.date(2001, 2, 3)))
    round_ = pair(tournament)
    round_.date = datetime.date(2026, 3, 7)
    round_.save()
    game = round_.games.get()
    enter_result(game, Result.WHITE_WINS if game.white.name.startswith("Alpha") else Result.BLACK_WINS)
    return tournament


def player_lines(text: str) -> dict[str, str]:
    return {line[14:47].strip(): line for line in text.split("\r\n") if line.startswith("001")}


def columns(line: str) -> dict:
    """TRF16's 001 columns (1-based, as the annex numbers them): 5-8 number, 10 sex, 11-13 title,
    49-52 rating, 54-56 federation, 58-68 FIDE id, 70-79 birth date, 81-84 points, 86-89 rank."""
    return {"number": line[4:8].strip(), "sex": line[9], "title": line[10:13].strip(), "rating": line[48:52].strip(),
            "federation": line[53:56].strip(), "id": line[57:68].strip(), "birth": line[69:79].strip(),
            "points": line[80:84].strip(), "rank": line[85:89].strip()}


def test_the_fide_report_has_the_header_records_fide_asks_for(club):
    lines = export(played(club)).split("\r\n")
    for record in ("012 Lyon Rapid", "022 Lyon", "032 FRA", "042 2026/03/07", "052 2026/03/07", "062 2", "072 2",
                   "092 Individual: Swiss-System", "102 IA Jane Doe", "112 FA John Roe", "122 15 min + 10 s"):
        assert record in lines, record
    dates = next(line for line in lines if line.startswith("132"))
    assert dates[91:99] == "26/03/07"
    # 082 (number of teams) is for team tournaments only: an individual report leaves it out.
    assert not any(line.startswith("082") for line in lines)


def test_each_001_line_carries_fide_id_birth_date_rating_points_and_rank(club):
    lines = player_lines(export(played(club)))
    assert columns(lines["Alpha, Anna"]) == {
        "number": "1", "sex": "w", "title": "WIM", "rating": "2210", "federation": "ESP", "id": "2212072",
        "birth": "1990/05/17", "points": "1.0", "rank": "1"}
    assert columns(lines["Bravo, Bob"]) == {
        "number": "2", "sex": "m", "title": "", "rating": "1850", "federation": "FRA", "id": "654321",
        "birth": "2001/02/03", "points": "0.0", "rank": "2"}


def test_the_national_report_has_the_same_shape_with_national_ids_and_ratings(club):
    tournament = played(club)
    fide, national = export(tournament).split("\r\n"), export(tournament, national=True).split("\r\n")
    assert [line for line in fide if not line.startswith("001")] == [
        line for line in national if not line.startswith("001")]
    lines = player_lines("\r\n".join(national))
    # Alpha: her national id and rating; Bravo: no national id (blank, never his FIDE id), his FIDE rating.
    assert columns(lines["Alpha, Anna"]) == {
        "number": "1", "sex": "w", "title": "WIM", "rating": "1950", "federation": "ESP", "id": "77",
        "birth": "1990/05/17", "points": "1.0", "rank": "1"}
    assert columns(lines["Bravo, Bob"])["id"] == "" and columns(lines["Bravo, Bob"])["rating"] == "1850"
    assert len(lines["Alpha, Anna"]) == len(player_lines("\r\n".join(fide))["Alpha, Anna"])


def test_the_arbiter_downloads_both_reports(client, club, arbiter):
    tournament = played(club)
    client.force_login(arbiter)
    page = client.get(reverse("arbiter:tournament", args=[tournament.slug])).content.decode()
    assert 'id="national-export"' in page
    url = reverse("arbiter:trf_export", args=[tournament.slug])
    national = client.get(url, {"national": "1"})
    assert national["Content-Disposition"] == 'attachment; filename="lyon-rapid-national16.txt"'
    assert "   77 1990/05/17" in national.content.decode()
    assert client.get(url)["Content-Disposition"] == 'attachment; filename="lyon-rapid-trf16.txt"'


def test_the_rating_change_uses_the_k_factor_of_the_list(club):
    """B.02 8.3.3: a 2000 born in 1990 would get K 20 from the tournament's data; the list says 40
    (fewer than 30 games, which the tournament cannot know): 40 is used.  Birth year only (no birth
    date): a 1800 born in 2012 gets K 40 (under 18 in 2026, below 2300)."""
    tournament = create_tournament(club, name="K Open", rounds=1, initial_colour="w",
                                   start_date=datetime.date(2026, 5, 1))
    listed = register_player(tournament, Player(name="Listed, K", rating=2000, birth_date=datetime.date(1990, 1, 1),
                                                k_factor=40))
    young = register_player(tournament, Player(name="Young, Y", rating=1800, birth_year=2012))
    game = pair(tournament).games.get()
    enter_result(game, Result.WHITE_WINS if game.white == listed else Result.BLACK_WINS)
    record = player_record(tournament, listed)
    # 200 points apart: expected .76 (198-206); 40 x (1 - .76) = 9.6.
    assert (record.k, record.rating_change) == (40, Fraction("9.6"))
    other = player_record(tournament, young)
    assert (other.k, other.rating_change) == (40, 40 * Fraction("-0.24"))


def test_the_birth_year_from_the_list_counts_for_a_junior_prize(club):
    """Bravo has no birth date, only the list's birth year 2012: the junior prize (born 2008 or later)
    is his; Alpha (born 1990) is not eligible for it."""
    tournament = played(club)
    Player.objects.filter(name="Bravo, Bob").update(birth_date=None, birth_year=2012)
    add_category(tournament, "juniors", ["Book"], year=2008)
    awards = [(award.name, award.object) for award in prize_list(tournament).awards]
    assert awards == [("Bravo, Bob", "Book")]
