"""The audit log: every change of a tournament, with who, when, before and after."""

import csv
import io
import random

import pytest
from django.contrib import admin
from django.contrib.auth import get_user_model
from django.test import RequestFactory, TestCase
from django.urls import reverse

from pairing.rounds.publish import discard_round
from pairing.rounds.request import request_pairing
from pairing.rounds.timing import fail
from tests.app.conftest import pair, play, request
from tournaments.exchange.csv_import import import_players_csv
from tournaments.exchange.trf import export
from tournaments.exchange.trf_import import import_tournament
from tournaments.models import AuditEntry, Player, Round
from tournaments.services.forbidden_pairs import allow_pair, forbid_pair
from tournaments.services.players import register_player, remove_player, set_absence, update_player
from tournaments.services.results import enter_result

Kind = AuditEntry.Kind


def last(tournament, kind) -> AuditEntry:
    return tournament.audit_entries.filter(kind=kind).first()


def test_results_are_logged_with_before_and_after(tournament, arbiter):
    game = pair(tournament, arbiter).games.exclude(result="bye").first()
    enter_result(game, "1-0", arbiter)
    enter_result(game, "½-½", arbiter)
    entry = last(tournament, Kind.RESULT)
    assert (entry.before, entry.after, entry.user, entry.game) == ({"result": "1-0"}, {"result": "½-½"}, arbiter, game)
    players = f"{game.white.name} – {game.black.name}"  # named: a board number alone says little later
    assert entry.summary == f"Round 1 board {game.board} ({players}): 1-0 → ½-½" and entry.action == "changed"


def test_players_numbers_absences_and_pairs_are_logged(tournament, arbiter):
    late = register_player(tournament, Player(name="Zeta, Top", rating=2800), arbiter)
    entry = last(tournament, Kind.PLAYER)
    assert entry.action == "registered" and entry.after["name"] == "Zeta, Top" and entry.user == arbiter
    # Everybody else moved down one number: one entry for the bulk update.
    numbers = last(tournament, Kind.PAIRING_NUMBERS)
    assert len(numbers.before) == 10 and numbers.before["Player, A0"] == 1 and numbers.after["Player, A0"] == 2
    late.rating = 1000
    update_player(late, arbiter)
    entry = last(tournament, Kind.PLAYER)
    assert (entry.before, entry.after) == ({"rating": 2800}, {"rating": 1000})
    set_absence(late, 2, "H", arbiter)
    entry = last(tournament, Kind.ABSENCE)
    assert entry.before["absence"] is None and entry.after == {"round": 2, "absence": "Half-point bye"}
    a, b = tournament.players.all()[:2]
    forbidden = forbid_pair(tournament, a, b, user=arbiter)
    allow_pair(forbidden, arbiter)
    assert [e.action for e in tournament.audit_entries.filter(kind=Kind.FORBIDDEN_PAIR)] == ["removed", "added"]
    remove_player(late, arbiter)
    assert last(tournament, Kind.PLAYER).action == "removed"


def test_bulk_imports_are_one_entry(club, arbiter, tournament):
    players = import_players_csv(tournament, 'name,rating\n"New, One",1500\n"New, Two",1400\n', arbiter)
    entry = last(tournament, Kind.PLAYER)
    assert entry.action == "imported" and len(entry.after["players"]) == len(players) == 2
    play(pair(tournament), random.Random(2))
    imported = import_tournament(club, export(tournament), arbiter)
    [entry] = imported.audit_entries.all()
    assert entry.action == "imported" and "12 players, 1 published round" in entry.summary and entry.user == arbiter


def test_the_round_lifecycle_is_logged(tournament, arbiter):
    round_ = request(tournament, arbiter)
    discard_round(round_, arbiter)
    round_ = pair(tournament, arbiter)
    play(round_, random.Random(1))
    with TestCase.captureOnCommitCallbacks(execute=False):
        request_pairing(tournament, arbiter)  # round 2 stays "being paired" (no task run)
    fail(tournament.round_set.get(number=2).pk, "The engine stopped.")
    actions = [(e.action, e.user) for e in tournament.audit_entries.filter(kind=Kind.ROUND).order_by("pk")]
    assert actions == [("requested", arbiter), ("paired", None), ("discarded", arbiter), ("requested", arbiter),
                       ("paired", None), ("published", None), ("requested", arbiter), ("failed", None)]
    failed = last(tournament, Kind.ROUND)
    assert failed.after["error"] == "The engine stopped." and failed.via == "task"
    assert round_.status == Round.Status.PUBLISHED


def test_tiebreaks_after_round_one_need_confirming(client, tournament, arbiter):
    client.force_login(arbiter)
    url = reverse("arbiter:tournament_edit", args=[tournament.slug])
    form = {"name": tournament.name, "rounds": 5, "system": "dutch", "edition": tournament.edition,
            "points_win": 1, "points_draw": 0.5, "points_loss": 0, "points_pairing_bye": 1, "points_half_bye": 0.5,
            "initial_colour": "w", "late_entry_bye": "Z", "tiebreak_edition": "2026", "tiebreaks": "BH,SB"}
    client.post(url, form)  # before any round: no question asked
    tournament.refresh_from_db()
    assert tournament.tiebreaks == "BH,SB" and last(tournament, Kind.TIEBREAKS).after == {"tiebreaks": "BH,SB"}
    pair(tournament)
    page = client.post(url, {**form, "tiebreaks": "DE,BH"}).content.decode()
    tournament.refresh_from_db()
    assert tournament.tiebreaks == "BH,SB" and 'id="confirm-tiebreaks"' in page
    assert client.post(url, {**form, "tiebreaks": "DE,BH", "confirm": "1"}).status_code == 302
    tournament.refresh_from_db()
    entry = last(tournament, Kind.TIEBREAKS)
    assert tournament.tiebreaks == "DE,BH" and (entry.before, entry.after) == ({"tiebreaks": "BH,SB"},
                                                                               {"tiebreaks": "DE,BH"})
    # Other settings change without a question, in their own entry.
    client.post(url, {**form, "tiebreaks": "DE,BH", "place": "Lyon"})
    assert last(tournament, Kind.SETTINGS).after == {"place": "Lyon"}


def test_admin_changes_are_logged_with_the_admin_user(tournament):
    staff = get_user_model().objects.create_superuser("root", password="pw-root-123")
    web = RequestFactory().post("/admin/")
    web.user = staff
    player = tournament.players.first()
    player.rating = 1234
    admin.site._registry[Player].save_model(web, player, None, True)
    entry = last(tournament, Kind.PLAYER)
    assert (entry.after, entry.user, entry.via) == ({"rating": 1234}, staff, "admin")
    admin.site._registry[Player].delete_model(web, player)
    assert last(tournament, Kind.PLAYER).action == "deleted"


def test_the_log_page_filters_by_kind_and_exports_csv(client, tournament, arbiter):
    game = pair(tournament, arbiter).games.exclude(result="bye").first()
    enter_result(game, "1-0", arbiter)
    client.force_login(arbiter)
    url = reverse("arbiter:audit", args=[tournament.slug])
    page = client.get(url, {"kind": "result"}).content.decode()
    players = f"{game.white.name} – {game.black.name}"
    assert f"Round 1 board {game.board} ({players}): — → 1-0" in page and "registered as" not in page
    assert "registered as #1" in client.get(url).content.decode()
    response = client.get(reverse("arbiter:audit_csv", args=[tournament.slug]), {"kind": "result"})
    rows = list(csv.reader(io.StringIO(response.content.decode())))
    assert rows[0][:2] == ["time", "user"] and len(rows) == 2
    assert rows[1][1] == "ann" and rows[1][6:] == ["result: —", "result: 1-0"]


def test_csv_cells_never_run_as_formulas(tournament, arbiter):
    register_player(tournament, Player(name="=HYPERLINK(1)"), arbiter)
    from tournaments.audit import as_csv

    assert "'=HYPERLINK(1) registered" in as_csv(tournament.audit_entries.all())


@pytest.mark.parametrize("kind", ["", "result", "nonsense"])
def test_log_page_answers_any_filter(client, tournament, arbiter, kind):
    client.force_login(arbiter)
    assert client.get(reverse("arbiter:audit", args=[tournament.slug]), {"kind": kind}).status_code == 200


def test_the_audit_log_pages_newest_first_keeping_its_filter(client, tournament, arbiter):
    """A long log reads page by page (the CSV file holds everything), the kind filter kept."""
    from tournaments.fronts.arbiter.views import AUDIT_PAGE

    game = pair(tournament, arbiter).games.exclude(result="bye").first()
    for i in range(AUDIT_PAGE + 5):
        enter_result(game, ("1-0", "0-1")[i % 2], arbiter)
    client.force_login(arbiter)
    url = reverse("arbiter:audit", args=[tournament.slug])
    first = client.get(url, {"kind": "result"}).content.decode()
    assert first.count('class="audit-entry') == AUDIT_PAGE and "Page 1 of 2" in first
    assert "?kind=result&amp;page=2" in first
    second = client.get(url, {"kind": "result", "page": 2}).content.decode()
    assert second.count('class="audit-entry') == 5 and "Page 2 of 2" in second
    assert "Round 1 board" in second and game.white.name in second
    everything = client.get(reverse("arbiter:audit_csv", args=[tournament.slug]), {"kind": "result"})
    assert everything.content.decode().count("\n") == AUDIT_PAGE + 5 + 1
