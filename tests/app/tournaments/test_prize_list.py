"""The prize table's actions (tournaments/services/prizes.py) and the prize list read from the standings
(tournaments/queries/prizes.py)."""

import datetime

import pytest

from tests.app.conftest import make_tournament, pair
from tournaments.exchange.csv_import import import_players_csv
from tournaments.models import AuditEntry, Player, Prize, Result
from tournaments.queries.prizes import prize_list
from tournaments.queries.standings import crosstable
from tournaments.services import Refused
from tournaments.services.prizes import add_category, prize_value, remove_prize, set_prize_rules
from tournaments.services.results import enter_result


def white_wins(round_):
    for game in round_.games.exclude(result=Result.BYE):
        enter_result(game, Result.WHITE_WINS)


@pytest.fixture
def finished(club):
    """Six players, two rounds, every game won by White: 2 points for two players, 1 for two, 0 for two."""
    tournament = make_tournament(club, players=6, rounds=2)
    for _ in range(2):
        white_wins(pair(tournament))
    return tournament


def test_prize_values_as_typed():
    assert prize_value("150") == (15000, "")
    assert prize_value(" 1 500,5 ") == (150050, "")
    assert prize_value("99.99") == (9999, "")
    assert prize_value("1,000") == prize_value("1.000") == prize_value("1'000") == (100000, "")
    assert prize_value("1.000,5") == prize_value("1,000.50") == (100050, "")
    with pytest.raises(Refused, match="1,0000 is not an amount"):
        prize_value("1,0000")  # never taken for an object named "1,0000"
    assert prize_value("Cup and medal") == (0, "Cup and medal")
    with pytest.raises(Refused):
        prize_value("0")
    with pytest.raises(Refused):
        prize_value("9" * 10)  # more than 10 million


def test_a_category_added_at_once_then_places_removed(tournament, arbiter):
    add_category(tournament, "overall", ["500", "300", "", "Cup"], user=arbiter)
    assert [(p.place, p.amount, p.object) for p in tournament.prizes.all()] == [
        (1, 50000, ""), (2, 30000, ""), (3, 0, "Cup")]
    add_category(tournament, "overall", ["50"])  # the same category: after its places
    assert [p.place for p in tournament.prizes.all()] == [1, 2, 3, 4]
    remove_prize(tournament.prizes.get(place=2), user=arbiter)
    assert [(p.place, p.amount, p.object) for p in tournament.prizes.all()] == [
        (1, 50000, ""), (2, 0, "Cup"), (3, 5000, "")]
    assert list(AuditEntry.objects.filter(kind="prize").values_list("action", flat=True)) == [
        "removed", "added", "added"]


@pytest.mark.parametrize(("fields", "message"), [
    ({"kind": "rating"}, "lowest or a highest"),
    ({"kind": "rating", "rating_min": 2000, "rating_max": 1800}, "above the highest"),
    ({"kind": "juniors"}, "year of birth"),
    ({"kind": "club", "club": "  "}, "club's name"),
    ({"kind": "nobody"}, "kind of prize category"),
    ({"kind": "overall", "values": ["", " "]}, "at least one prize"),
    ({"kind": "overall", "values": ["10"] * 51}, "50 places at most"),
    ({"kind": "overall", "values": ["100", "-5"]}, None),  # "-5" is an object named "-5": allowed
])
def test_a_bad_category_is_refused_and_changes_nothing(tournament, fields, message):
    values = fields.pop("values", ["100"])
    if message is None:
        add_category(tournament, values=values, **fields)
        assert tournament.prizes.count() == 2
        return
    with pytest.raises(Refused, match=message):
        add_category(tournament, values=values, **fields)
    assert tournament.prizes.count() == 0 and not AuditEntry.objects.filter(kind="prize").exists()


def test_prize_rules_set_and_refused(tournament, arbiter):
    set_prize_rules(tournament, "split", "tiebreaks", False, "chf", user=arbiter)
    tournament.refresh_from_db()
    assert (tournament.prize_sharing, tournament.prize_ties, tournament.one_prize_per_player,
            tournament.prize_currency) == ("split", "tiebreaks", False, "CHF")
    with pytest.raises(Refused, match="three-letter"):
        set_prize_rules(tournament, "hort", "points", True, "euro")
    with pytest.raises(Refused):
        set_prize_rules(tournament, "shared", "points", True, "EUR")
    tournament.refresh_from_db()
    assert tournament.prize_sharing == "split"
    assert AuditEntry.objects.filter(kind="prize", action="rules").count() == 1


def test_the_final_prize_list_follows_the_standings(finished):
    rows = list(crosstable(finished))
    assert [row.points for row in rows] == [20, 10, 10, 10, 10, 0]
    leader, *tied = (row.player for row in rows[:5])
    woman = Player.objects.get(pk=tied[-1].pk)  # the last of the four on 1 point
    Player.objects.filter(pk=woman.pk).update(sex="w", birth_date=datetime.date(2010, 5, 1))
    set_prize_rules(finished, "split", "points", True, "EUR")
    add_category(finished, "overall", ["100", "60", "30"])
    add_category(finished, "women", ["40"])
    add_category(finished, "juniors", ["Book"], year=2008)
    prizes = prize_list(finished)
    assert prizes.final and prizes.completed == 2
    # Four tie on 1 point for places 2-3 (60 + 30 = 90: 22.50 each); the woman gets 40 from the women's
    # prize: it is handed out first, and the three others share 90 (30 each).  She is the only junior too:
    # the book is worth nothing beside her money, and nobody else is eligible: not awarded.
    got = {(a.category, a.name, a.amount, a.object) for a in prizes.awards}
    assert got == {("Overall", leader.name, 10000, ""), *(("Overall", p.name, 3000, "") for p in tied[:3]),
                   ("Women", woman.name, 4000, "")}
    assert prizes.not_awarded == [("Juniors (born in 2008 or later)", "1", "Book")]
    assert prizes.awarded == prizes.fund == 23000
    tie = next(w for w in prizes.working if w.places == "2–3")
    assert f"{woman.name} passed over: holds a prize of Women (place 1, 40.00 EUR)." in tie.lines
    assert any("pooled: 90.00 EUR" in line for line in tie.lines)


def test_a_provisional_list_before_the_last_round(club):
    tournament = make_tournament(club, players=4, rounds=3)
    white_wins(pair(tournament))
    add_category(tournament, "overall", ["10"])
    prizes = prize_list(tournament)
    assert not prizes.final and prizes.completed == 1
    # Two won round 1 and tie for the one prize (Hort, the default): half of 10 shared, half to the first.
    assert [a.amount for a in prizes.awards] == [750, 250]


def test_a_prize_change_moves_the_revision_on(tournament):
    before = type(tournament).objects.get(pk=tournament.pk).revision
    prize = add_category(tournament, "unrated", ["20"])[0]
    middle = type(tournament).objects.get(pk=tournament.pk).revision
    remove_prize(prize)
    after = type(tournament).objects.get(pk=tournament.pk).revision
    assert before < middle < after
    assert not Prize.objects.exists()


def test_a_club_prize_reads_the_club_of_a_csv_entry(club):
    tournament = make_tournament(club, players=0, rounds=1)
    import_players_csv(tournament, 'name,rating,club\n"Adams, Ann",2000,Lyon Chess\n"Bauer, Ben",1900,Paris Chess\n'
                                   '"Ek, Erik",1800, lyon  chess \n')
    assert list(tournament.players.values_list("club", flat=True)) == ["Lyon Chess", "Paris Chess", "lyon  chess"]
    white_wins(pair(tournament))
    add_category(tournament, "club", ["25"], club="LYON CHESS")
    set_prize_rules(tournament, "none", "points", True, "EUR")
    prizes = prize_list(tournament)
    # The best of the two Lyon players (case and spaces aside) by the standings (both on 1 point:
    # the tie-breaks decide).
    lyon = [row.player.name for row in crosstable(tournament) if row.player.name != "Bauer, Ben"]
    assert [(a.category, a.name, a.amount) for a in prizes.awards] == [("Club: LYON CHESS", lyon[0], 2500)]
