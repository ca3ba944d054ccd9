"""The public pages as players read them: the home page's counts, sections, search and hidden
tournaments; the board list with points, ratings and who is not paired; a player's points, rank,
performance and rating change; the crosstable's forfeits; hiding and archiving (roles, audit)."""

import datetime
import random
from fractions import Fraction

import pytest
from django.contrib.auth import get_user_model
from django.test import Client
from django.urls import reverse

from tests.app.conftest import make_tournament, pair, play
from tournaments.fronts.public.views import home_sections
from tournaments.models import AuditEntry, Membership, Player, Result, Tournament
from tournaments.queries.boards import board_list
from tournaments.queries.records import player_record
from tournaments.queries.standings import crosstable
from tournaments.services.players import register_player, set_absence, withdraw_player
from tournaments.services.results import enter_result
from tournaments.services.setup import create_tournament, set_listing


def section_of(name: str, query: str = "") -> str | None:
    for section in home_sections(query):
        if any(t.name == name for t in section.tournaments):
            return section.key
    return None


def test_home_counts_published_rounds_and_players_once_each(club):
    tournament = make_tournament(club, players=9, rounds=5)
    rng = random.Random(1)
    for _ in range(2):
        play(pair(tournament), rng)
    listed = next(t for s in home_sections() for t in s.tournaments if t.pk == tournament.pk)
    assert (listed.published, listed.entrants, listed.pending) == (2, 9, 0)
    html = Client().get(reverse("public:home")).content.decode()
    assert "Rounds 2/5" in html and "9 players" in html  # was "18/5": rounds times players


def test_home_sections_search_and_hidden(club):
    upcoming = make_tournament(club, players=4, rounds=3, name="Winter Cup", place="Grenoble")
    ongoing = make_tournament(club, players=4, rounds=3, name="Spring Open", place="Lyon")
    finished = make_tournament(club, players=4, rounds=1, name="Blitz Night", place="Lyon")
    pending = make_tournament(club, players=4, rounds=1, name="Rapid Day", place="Vienne")
    old = make_tournament(club, players=4, rounds=3, name="Old Open", place="Paris")
    test = make_tournament(club, players=4, rounds=3, name="Test please ignore", place="Lyon")
    rng = random.Random(2)
    play(pair(ongoing), rng)
    play(pair(finished), rng)
    pair(pending)  # published, a result still missing: not finished yet
    pair(old)
    set_listing(old, Tournament.Listing.ARCHIVED)
    set_listing(test, Tournament.Listing.HIDDEN)
    assert section_of(upcoming.name) == "upcoming"
    assert section_of(ongoing.name) == "ongoing"
    assert section_of(pending.name) == "ongoing"
    assert section_of(finished.name) == "finished"
    assert section_of(old.name) == "finished"
    assert section_of(test.name) is None
    # By city or by part of the name, case aside; the hidden one is never found.
    assert {t.name for s in home_sections("lyon") for t in s.tournaments} == {"Spring Open", "Blitz Night"}
    assert {t.name for s in home_sections("OPEN") for t in s.tournaments} == {"Spring Open", "Old Open"}
    html = Client().get(reverse("public:home") + "?q=grenoble").content.decode()
    assert "Winter Cup" in html and "Spring Open" not in html
    assert "Test please ignore" not in Client().get(reverse("public:home")).content.decode()
    # Its own pages stay open to whoever has the address.
    assert Client().get(test.get_absolute_url()).status_code == 200
    # The API lists what the home page lists: the archived one too, not the hidden one.
    listed = Client().get(reverse("api:tournaments"), HTTP_ACCEPT="application/json").json()
    assert {t["name"]: t["listing"] for t in listed} == {
        "Winter Cup": "", "Spring Open": "", "Blitz Night": "", "Rapid Day": "", "Old Open": "archived"}
    detail = Client().get(reverse("api:tournament", args=[test.slug]), HTTP_ACCEPT="application/json")
    assert detail.status_code == 200 and detail.json()["listing"] == "hidden"


@pytest.fixture
def byes(club):
    """Seven players; in round 2 #3 takes a half-point bye, #4 a zero-point bye, #5 has withdrawn and
    #7 enters late (round 3); round 1 had a forfeit on board 1."""
    tournament = make_tournament(club, players=6, rounds=4, late_entry_bye="H")
    late = register_player(tournament, Player(name="Late, Lou", rating=1500, entry_round=3))
    round1 = pair(tournament)
    games = list(round1.games.order_by("board"))
    enter_result(games[0], Result.WHITE_FORFEIT_WIN)
    for game in games[1:]:
        enter_result(game, Result.DRAW)
    players = {p.pairing_number: p for p in tournament.players.all()}
    set_absence(players[3], 2, "H")
    set_absence(players[4], 2, "Z")
    withdraw_player(players[5], 2)
    return tournament, pair(tournament), late


def test_board_list_has_points_ratings_and_who_is_not_paired(byes):
    tournament, round2, late = byes
    boards = board_list(tournament, round2)
    # Round 1: boards 1-4, 2-5, 3-6 (top half against bottom half); 1-4 by forfeit 1-0, the others drawn.
    before = {1: 10, 2: 5, 3: 5, 4: 0, 5: 5, 6: 5, late.pairing_number: 0}
    assert len(boards.games) == 2  # 1, 2, 6 and the PAB: #1, #2, #6 left -> one board and the PAB
    for game in boards.games:
        assert game.white_points == before[game.white.pairing_number]
        if game.black:
            assert game.black_points == before[game.black.pairing_number]
    assert boards.pab is not None
    reasons = {entry.player.pairing_number: (str(entry.reason), entry.scored) for entry in boards.not_paired}
    assert reasons == {3: ("Half-point bye", 5), 4: ("Zero-point bye", 0), 5: ("Withdrawn", 0),
                       late.pairing_number: ("Not yet entered", 5)}
    html = Client().get(reverse("public:round", args=[tournament.slug, 2])).content.decode()
    assert "Not paired in this round" in html and "Half-point bye" in html and "Withdrawn" in html
    # "My board": part of a name, accents and case aside, or a pairing number.
    found = board_list(tournament, round2, "late")
    assert found.games == [] and [e.player.pk for e in found.not_paired] == [late.pk]
    found = board_list(tournament, round2, "1")
    assert len(found.games) == 1 and 1 in (found.games[0].white.pairing_number,
                                           getattr(found.games[0].black, "pairing_number", None))
    page = Client().get(reverse("public:round", args=[tournament.slug, 2]) + "?q=Lou").content.decode()
    assert "Late, Lou" in page and "1 board found" not in page and "0 boards found" in page


def test_player_page_lists_byes_absences_and_withdrawal(byes):
    tournament, _, late = byes
    withdrawn = tournament.players.get(pairing_number=5)
    record = player_record(tournament, withdrawn)
    assert [(r.number, str(r.reason)) for r in record.rounds] == [(1, ""), (2, "Withdrawn")]
    assert record.points == 5
    half = player_record(tournament, tournament.players.get(pairing_number=3))
    assert [str(r.reason) for r in half.rounds] == ["", "Half-point bye"] and half.points == 10
    assert [str(r.reason) for r in player_record(tournament, late).rounds] == ["Not yet entered"] * 2
    html = Client().get(reverse("public:player", args=[tournament.slug, 5])).content.decode()
    assert "Withdrawn" in html


def test_crosstable_forfeit_cells_name_the_opponent(byes):
    tournament, round2, _ = byes
    for game in round2.games.exclude(result=Result.BYE):
        enter_result(game, Result.WHITE_WINS)
    rows = {row.player.pairing_number: row for row in crosstable(tournament, 2)}
    rank = {number: row.rank for number, row in rows.items()}
    assert rows[1].cells[0].text == f"{rank[4]}w+"
    assert rows[4].cells[0].text == f"{rank[1]}b-"
    assert "forfeit" in rows[1].cells[0].title


def test_rank_performance_and_rating_change_worked_by_hand(club):
    """Four players; round 1 pairs 1-3 and 2-4 (C.04.3: S1 against S2). #1 (2400, K 10) beats
    #3 (2000); #4 (1800, 14 years old: K 40) beats #2 (2100)."""
    tournament = create_tournament(club, name="Hand Open", rounds=3, initial_colour="w",
                                            start_date=datetime.date(2026, 5, 1))
    for name, rating, born in (("A", 2400, None), ("B", 2100, None), ("C", 2000, None),
                               ("D", 1800, datetime.date(2012, 3, 1))):
        register_player(tournament, Player(name=name, rating=rating, birth_date=born))
    round1 = pair(tournament)
    for game in round1.games.select_related("white", "black"):
        assert {game.white.name, game.black.name} in ({"A", "C"}, {"B", "D"})
        winner_white = game.white.name in ("A", "D")
        enter_result(game, Result.WHITE_WINS if winner_white else Result.BLACK_WINS)
    players = {p.name: p for p in tournament.players.all()}
    a = player_record(tournament, players["A"])
    # B.02 8.1.b: 400 points apart, .92 expected: +0.08 x 10; performance 2000 + dp(1.00) 800.
    assert (a.points, a.rank, a.k, a.rating_change, a.performance) == (10, 1, 10, Fraction("0.8"), 2800)
    d = player_record(tournament, players["D"])
    # 300 points below: expected .15 (291-302 -> .85 for the higher); 40 x .85; performance 2100 + 800.
    assert (d.points, d.k, d.rating_change, d.performance) == (10, 40, Fraction(34), 2900)
    b = player_record(tournament, players["B"])
    assert (b.points, b.rank, b.k, b.rating_change, b.performance) == (0, 3, 20, -20 * Fraction("0.85"), 1000)
    html = Client().get(reverse("public:player", args=[tournament.slug, players["D"].pairing_number])).content.decode()
    assert "+34.0" in html and "2900" in html
    # In Italian with its decimal comma.
    url = reverse("public:player", args=[tournament.slug, players["A"].pairing_number])
    assert 'id="player-rating-change">+0,8<' in Client().get(url, HTTP_ACCEPT_LANGUAGE="it").content.decode()


@pytest.fixture
def deputy(club):
    user = get_user_model().objects.create_user("dee", password="pw-dee-123")
    Membership.objects.create(club=club, user=user, role=Membership.Role.DEPUTY)
    return user


def test_hiding_needs_the_role_and_is_logged(tournament, arbiter, deputy, outsider):
    url = reverse("arbiter:tournament_listing", args=[tournament.slug])
    client = Client()
    client.force_login(deputy)
    assert client.post(url, {"listing": "hidden"}).status_code == 403
    client.force_login(outsider)
    assert client.post(url, {"listing": "hidden"}).status_code == 404
    tournament.refresh_from_db()
    assert tournament.listing == ""
    client.force_login(arbiter)
    page = client.get(tournament.get_manage_url()).content.decode()
    assert 'id="listing"' in page
    assert client.post(url, {"listing": "hidden"}).status_code == 302
    tournament.refresh_from_db()
    assert tournament.listing == Tournament.Listing.HIDDEN
    entry = AuditEntry.objects.filter(tournament=tournament).first()
    assert (entry.kind, entry.action, entry.user) == ("settings", "hidden", arbiter)
    assert entry.before == {"listing": "Listed on the home page"}
    assert entry.after == {"listing": "Hidden from the home page"}
    # A value that is no listing changes nothing.
    count = AuditEntry.objects.count()
    client.post(url, {"listing": "secret"})
    tournament.refresh_from_db()
    assert tournament.listing == Tournament.Listing.HIDDEN and AuditEntry.objects.count() == count
    client.force_login(deputy)
    assert 'name="listing"' not in client.get(tournament.get_manage_url()).content.decode()


@pytest.mark.parametrize(("start", "change"), [(datetime.date(2025, 9, 1), Fraction("0.8")),
                                               (datetime.date(2025, 10, 1), Fraction("0.4"))])
def test_rating_change_by_the_regulations_in_force_on_the_first_day(club, start, change):
    """B.02 8.3.1: a 2700 (K 10) beats a 2200.  Until September 2025 the 500 points count as 400
    (.92 expected, +0.8); from 1 October 2025 a player rated 2650 or more counts them all (.96, +0.4)."""
    tournament = create_tournament(club, name="Top Open", rounds=3, initial_colour="w", start_date=start)
    for name, rating in (("GM", 2700), ("Club", 2200)):
        register_player(tournament, Player(name=name, rating=rating))
    game = pair(tournament).games.select_related("white").get()
    enter_result(game, Result.WHITE_WINS if game.white.name == "GM" else Result.BLACK_WINS)
    assert player_record(tournament, tournament.players.get(name="GM")).rating_change == change


@pytest.mark.parametrize("page", ["public:home", "public:tournament", "public:standings", "public:crosstable"])
def test_a_nul_in_a_search_is_dropped_not_a_500(page, club):
    # PostgreSQL text holds no NUL: a search for "a\x00" read as "a".  No round complete yet: the crosstable's
    # search has no table to look in (it was a 500).
    from django.test import Client
    from django.urls import reverse

    from tests.app.conftest import make_tournament
    tournament = make_tournament(club, players=4)
    args = [] if page == "public:home" else [tournament.slug]
    assert Client().get(reverse(page, args=args), {"q": "Pl\x00ayer"}).status_code == 200
