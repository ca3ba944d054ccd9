"""Public pages are shared by anonymous readers and cached per revision of their tournament; never stale."""

import random

import pytest
from django.test import Client
from django.urls import reverse

from tests.app.conftest import make_tournament, pair, play
from tournaments.exchange.csv_import import import_players_csv
from tournaments.models import Absence, Game, Player, Result, Tournament
from tournaments.services.players import register_player, set_absence, update_player
from tournaments.services.results import enter_result


@pytest.fixture
def event(club):
    """Two rounds played (one with every result in), and a third published without results."""
    tournament = make_tournament(club, players=7, rounds=4)
    rng = random.Random(5)
    for _ in range(2):
        play(pair(tournament), rng)
    pair(tournament)
    return tournament


def public_urls(tournament) -> list[str]:
    slug = tournament.slug
    return [reverse("public:home"), reverse("public:tournament", args=[slug]),
            reverse("public:round", args=[slug, 1]), reverse("public:round", args=[slug, 3]),
            reverse("public:standings", args=[slug]), reverse("public:standings", args=[slug]) + "?after=1",
            reverse("public:crosstable", args=[slug]), reverse("public:player", args=[slug, 1]),
            reverse("public:tiebreak", args=[slug, 1]) + "?code=BH&after=2"]


def standings_page(client, tournament) -> str:
    return client.get(reverse("public:standings", args=[tournament.slug])).content.decode()


def test_anonymous_public_pages_set_no_cookie_and_may_be_kept(event):
    client = Client()
    for url in public_urls(event):
        for _ in range(2):  # made, then from the cache
            response = client.get(url)
            assert response.status_code == 200, url
            assert not response.cookies, (url, response.cookies)
            assert "public" in response["Cache-Control"] and "Cookie" in response["Vary"]


def test_the_second_reader_is_served_from_the_cache(event, django_assert_max_num_queries):
    url = reverse("public:crosstable", args=[event.slug])
    first = Client().get(url)
    with django_assert_max_num_queries(1):  # the tournament's revision, nothing else
        second = Client().get(url)
    assert second.content == first.content


def points_by_api(tournament) -> dict[int, float]:
    rows = Client().get(f"/api/tournaments/{tournament.slug}/standings/").json()
    return {row["pairing_number"]: row["points"] for row in rows}


def test_a_result_entered_is_on_the_next_page_served(event, arbiter):
    reader, desk = Client(), Client()
    desk.force_login(arbiter)
    game = event.round_set.get(number=1).games.exclude(result=Result.BYE).select_related("white").first()
    crosstable_url = reverse("public:crosstable", args=[event.slug])
    standings, crosstable, points = standings_page(reader, event), reader.get(crosstable_url), points_by_api(event)
    new = Result.BLACK_WINS if game.result == Result.WHITE_WINS else Result.WHITE_WINS
    # Round 2 is paired already: the change is confirmed, as the arbiter's row asks.
    desk.post(reverse("arbiter:result", args=[event.slug, game.pk]), {"result": new, "confirm": "1"},
              HTTP_HX_REQUEST="true")
    assert Game.objects.get(pk=game.pk).result == new
    white = game.white.pairing_number
    expected = 1.0 if new == Result.WHITE_WINS else 0.0
    assert points_by_api(event)[white] - points[white] == expected - {"1-0": 1, "½-½": 0.5, "0-1": 0}[game.result]
    assert standings_page(reader, event) != standings
    assert reader.get(crosstable_url).content != crosstable.content


def test_completing_a_round_moves_the_standings_on(event):
    reader = Client()
    assert "Standings after round 2" in standings_page(reader, event)
    play(event.round_set.get(number=3), random.Random(1))
    assert "Standings after round 3" in standings_page(reader, event)


def test_player_changes_and_publication_reach_the_cached_pages(event, club):
    reader = Client()
    player = event.players.get(pairing_number=1)
    url = reverse("public:player", args=[event.slug, 1])
    assert player.name in reader.get(url).content.decode()
    player.name = "Renamed, Player"
    update_player(player)
    assert "Renamed, Player" in reader.get(url).content.decode()
    home = reader.get(reverse("public:home")).content.decode()
    other = make_tournament(club, players=4, name="Second Open")
    assert "Second Open" not in home and "Second Open" in reader.get(reverse("public:home")).content.decode()
    nav = reverse("public:round", args=[other.slug, 1])
    assert nav not in reader.get(reverse("public:tournament", args=[other.slug])).content.decode()
    pair(other)
    assert nav in reader.get(reverse("public:tournament", args=[other.slug])).content.decode()


def test_an_arbiter_gets_his_own_page_and_readers_never_see_it(event, arbiter):
    url = reverse("public:standings", args=[event.slug])
    assert "Log out" not in Client().get(url).content.decode()
    desk = Client()
    desk.force_login(arbiter)
    assert "Log out" in desk.get(url).content.decode()
    assert "Log out" not in Client().get(url).content.decode()


def test_unchanged_page_is_not_sent_again(event):
    url = reverse("public:standings", args=[event.slug])
    etag = Client().get(url)["ETag"]
    assert Client().get(url, HTTP_IF_NONE_MATCH=etag).status_code == 304
    play(event.round_set.get(number=3), random.Random(2))
    assert Client().get(url, HTTP_IF_NONE_MATCH=etag).status_code == 200


def test_pages_are_served_while_the_cache_server_is_down(event, settings):
    settings.CACHES = {"default": {"BACKEND": "django.core.cache.backends.redis.RedisCache",
                                   "LOCATION": "redis://127.0.0.1:9/0",  # nothing listens there
                                   "OPTIONS": {"socket_connect_timeout": 0.2, "socket_timeout": 0.2}}}
    for url in public_urls(event):
        assert Client().get(url).status_code == 200, url
    assert Client().get(f"/api/tournaments/{event.slug}/crosstable/").status_code == 200


def test_a_tournament_saved_from_an_old_copy_still_moves_the_revision_on(event):
    old_copy = Tournament.objects.get(pk=event.pk)
    game = event.round_set.get(number=3).games.exclude(result=Result.BYE).first()
    enter_result(game, Result.DRAW)
    entered = Tournament.objects.get(pk=event.pk).revision
    assert entered > old_copy.revision
    old_copy.place = "Lyon"
    old_copy.save()
    assert old_copy.revision == Tournament.objects.get(pk=event.pk).revision > entered


def test_reading_standings_writes_nothing(event):
    event.ties_by_lot = True
    event.save()
    register_player(event, Player(name="Late, Comer", rating=1200))
    revision = Tournament.objects.get(pk=event.pk).revision
    for url in public_urls(event):
        Client().get(url)
    assert Tournament.objects.get(pk=event.pk).revision == revision
    assert not event.players.filter(lot__isnull=False).exists()  # lots are drawn when a round is published


def test_players_imported_in_bulk_are_on_the_next_page_served(club):
    """A CSV import saves its players in one bulk statement, which sends no signal: the import
    itself moves the revision on."""
    tournament = make_tournament(club, players=4, name="Bulk Open")
    url = reverse("public:tournament", args=[tournament.slug])
    reader = Client()
    assert "Newcomer" not in reader.get(url).content.decode()
    import_players_csv(tournament, "name,rating\n\"Newcomer, Zed\",2500\n")
    assert "Newcomer, Zed" in reader.get(url).content.decode()


@pytest.mark.parametrize("after", ["²", "٣", "1" * 40, "-1", "9"])
def test_a_round_asked_for_that_is_no_complete_round_is_not_found(event, after):
    """``"²".isdigit()`` is true but ``int("²")`` fails: every page reading ``?after=`` answers 404."""
    slug = event.slug
    client = Client()
    for url in (reverse("public:standings", args=[slug]), reverse("public:standings_pdf", args=[slug]),
                reverse("public:tiebreak", args=[slug, 1]) + "?code=BH",
                f"/api/tournaments/{slug}/standings/"):
        joiner = "&" if "?" in url else "?"
        assert client.get(f"{url}{joiner}after={after}").status_code == 404, url


def test_a_rounds_reasons_are_cached_per_language(club):
    """The API's round names why a player is not paired in the request's language: each language
    its own copy of the cached round."""
    tournament = make_tournament(club, players=6, rounds=3)
    set_absence(tournament.players.get(pairing_number=2), 1, Absence.Kind.HALF)
    pair(tournament)
    url = reverse("api:round", args=[tournament.slug, 1])

    def reasons(language: str) -> list[str]:
        body = Client(HTTP_ACCEPT_LANGUAGE=language).get(url).json()
        return [entry["reason"] for entry in body["not_paired"]]

    english, italian = reasons("en"), reasons("it")
    assert len(english) == 1 and english != italian
    assert reasons("en") == english and reasons("it") == italian
