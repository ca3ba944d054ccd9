"""The system, edition and acceleration of a tournament: defaults, validation, what is fixed once paired."""

import random
import re
from datetime import date

import pytest
from django.core.exceptions import ValidationError
from django.db import connection
from django.db.migrations.executor import MigrationExecutor
from django.urls import reverse

from pairing.engine import SYSTEMS, get_system
from tests.app.conftest import make_tournament, pair, play
from tournaments.fronts.arbiter.forms import TournamentForm
from tournaments.models import Tournament
from tournaments.services.setup import create_tournament

FORM = {"name": "Autumn Cup", "rounds": 9, "system": "dutch", "edition": "2026", "acceleration": "",
        "points_win": "1", "points_draw": "0.5", "points_loss": "0", "points_pairing_bye": "1",
        "points_half_bye": "0.5", "initial_colour": "w", "half_point_byes": "on", "late_entry_bye": "Z",
        "tiebreaks": "DE,BH/C1,BH,SB,PS,WIN", "tiebreak_edition": "2026"}


def form_errors(**changes) -> dict:
    form = TournamentForm(data=FORM | changes)
    form.is_valid()
    return form.errors


def test_a_new_tournament_is_dutch_in_its_latest_edition(club):
    tournament = create_tournament(club, name="New", rounds=5)
    assert (tournament.system, tournament.edition, tournament.acceleration) == ("dutch", "2026", "")
    assert tournament.edition == get_system("dutch").latest.name
    assert tournament.system_code == "FIDE_DUTCH_2025"
    # The form offers the same, and its choices come from the engine's registry.
    form = TournamentForm()
    assert form["system"].value() == "dutch" and form["edition"].value() == "2026"
    # the app offers the systems whose round is one game or a two-game match (Double-Swiss)
    assert [name for name, _ in form.fields["system"].choices] == [
        name for name, system in SYSTEMS.items() if system.games_per_round in (1, 2)]
    assert "double-swiss" in dict(form.fields["system"].choices)
    offered = [value for _, group in form.fields["edition"].choices for value, _ in group]
    assert offered == [e.name for system in SYSTEMS.values() for e in system.editions]


def test_the_edition_must_belong_to_the_system(club):
    tournament = Tournament(club=club, name="X", slug="x", rounds=5, system="dutch", edition="2018")
    with pytest.raises(ValidationError) as error:
        tournament.full_clean()
    message = "The FIDE Dutch system has no edition 2018: choose 1992 or 2017 or 2026."
    assert message in error.value.message_dict["edition"]
    assert "edition" in form_errors(edition="2018")


def selected_editions(html: str) -> list[tuple[str, str]]:
    """(group, value) of each option of the edition select marked selected."""
    select = re.search(r'<select name="edition".*?</select>', html, re.S).group()
    return [(group, value) for group, options in re.findall(r'<optgroup label="([^"]+)">(.*?)</optgroup>', select, re.S)
            for value in re.findall(r'<option value="(\w+)" selected>', options)]


def test_the_edition_is_selected_under_the_tournaments_system(client, arbiter, club):
    # Systems share edition names: the selected option is the one in the system's group, whose
    # label is that system's (the Burstein 2017 edition is not the Dutch one).
    client.force_login(arbiter)
    for system, edition in (("dutch", "2017"), ("lim", "2026"), ("burstein", "2026"), ("dutch", "2026")):
        tournament = make_tournament(club, players=0, name=f"{system} {edition}", system=system, edition=edition)
        page = client.get(reverse("arbiter:tournament_edit", args=[tournament.slug])).content.decode()
        assert selected_editions(page) == [(get_system(system).title, edition)]
    assert selected_editions(str(TournamentForm())) == [("FIDE Dutch system", "2026")]  # the defaults
    # A form sent back with an error keeps the edition the arbiter chose, in its system's group.
    sent_back = TournamentForm(data=FORM | {"system": "lim", "rounds": ""})
    assert not sent_back.is_valid()
    assert selected_editions(str(sent_back)) == [("Lim system", "2026")]


def test_baku_2026_needs_a_win_worth_two_draws_and_no_point_for_a_loss():
    # C.04.7 1.1
    assert form_errors(acceleration="baku", rounds=4) == {}
    assert form_errors(acceleration="baku", rounds=4, points_win="2", points_draw="1", points_pairing_bye="2") == {}
    errors = form_errors(acceleration="baku", points_win="3", points_draw="1")
    assert errors["acceleration"] == [
        "The Baku acceleration of C.04.7 needs a win worth two draws and a loss worth nothing (C.04.7 1.1): "
        "here a win is worth 3, a draw 1 and a loss 0."]
    assert "C.04.7 1.1" in form_errors(acceleration="baku", points_loss="0.5")["acceleration"][0]
    # Without the acceleration, any point values.
    assert form_errors(points_win="3", points_draw="1") == {}


@pytest.mark.parametrize(("system", "earlier"), [("dutch", None), ("dubov", "2018"), ("burstein", "2017"),
                                                 ("lim", "1999")])
def test_the_form_offers_baku_with_the_2026_edition_of_every_system(system, earlier):
    """C.04.7 (2026) preface: "each described acceleration method is applicable to any Swiss Pairing
    System", so every 2026 edition takes the Baku method; the earlier editions of Dubov, Burstein and
    Lim have none, and the message says which edition has it.  The premise (1.1) holds in every system."""
    assert form_errors(system=system, acceleration="baku") == {}
    assert "C.04.7 1.1" in form_errors(system=system, acceleration="baku", points_win="3",
                                       points_draw="1")["acceleration"][0]
    if earlier:
        assert form_errors(system=system, edition=earlier, acceleration="baku")["acceleration"] == [
            f"The {earlier} edition of the {get_system(system).title} provides for no acceleration: choose none, "
            "or the edition that has the Baku method (2026: C.04.7)."]
        assert form_errors(system=system, edition=earlier) == {}


def test_baku_2017_needs_standard_scoring_and_nine_rounds():
    # C.04.5.1 rule 1
    assert form_errors(acceleration="baku", edition="2017", rounds=9) == {}
    errors = form_errors(acceleration="baku", edition="2017", rounds=7)
    assert "9 rounds or more (C.04.5.1 rule 1); this one has 7" in errors["acceleration"][0]
    errors = form_errors(acceleration="baku", edition="2017", points_win="2", points_draw="1")
    assert "standard scoring, 1 for a win, ½ for a draw, 0 for a loss (C.04.5.1 rule 1)" in errors["acceleration"][0]
    assert form_errors(acceleration="baku", edition="2026", rounds=7) == {}  # C.04.7 has no such limit


def test_header_names_system_edition_and_acceleration(client, arbiter, club):
    tournament = make_tournament(club, rounds=9, edition="2017", acceleration="baku")
    expected = "FIDE Dutch system (C.04.3), 2017 edition, Baku acceleration (C.04.5.1)"
    assert tournament.pairing_rules() == expected
    assert expected in client.get(tournament.get_absolute_url()).content.decode()
    client.force_login(arbiter)
    assert expected in client.get(tournament.get_manage_url()).content.decode()
    plain = make_tournament(club, name="Plain")
    assert "FIDE Dutch system (C.04.3), 2026 edition</span>" in client.get(plain.get_absolute_url()).content.decode()


def edit(client, tournament, **changes):
    data = FORM | {"name": tournament.name, "rounds": tournament.rounds, "edition": tournament.edition,
                   "acceleration": tournament.acceleration} | changes
    return client.post(reverse("arbiter:tournament_edit", args=[tournament.slug]), data)


def test_edition_and_acceleration_are_fixed_once_round_one_is_paired(client, arbiter, club):
    tournament = make_tournament(club, rounds=6, acceleration="baku")
    client.force_login(arbiter)
    # Before round 1: both may change.
    assert edit(client, tournament, edition="2017", acceleration="", rounds=6).status_code == 302
    tournament.refresh_from_db()
    assert (tournament.edition, tournament.acceleration) == ("2017", "")
    edit(client, tournament, edition="2026", acceleration="baku")
    pair(tournament)
    for change, message in (({"edition": "2017"}, "The edition of the rules cannot change once round 1 is paired"),
                            ({"acceleration": ""}, "The acceleration cannot change once round 1 is paired")):
        page = edit(client, tournament, **change).content.decode()
        assert message in page and "would no longer follow" in page
    # C.04.7 1.4: the accelerated rounds are half of the rounds, so the number of rounds is fixed too.
    page = edit(client, tournament, rounds=8).content.decode()
    assert "the virtual points of the rounds depend on it (C.04.7)" in page
    tournament.refresh_from_db()
    assert (tournament.edition, tournament.acceleration, tournament.rounds) == ("2026", "baku", 6)
    # Other changes still go through.
    assert edit(client, tournament, place="Lyon").status_code == 302
    assert Tournament.objects.get(pk=tournament.pk).place == "Lyon"


def test_without_acceleration_the_rounds_may_still_change(client, arbiter, club):
    tournament = make_tournament(club, rounds=6)
    play(pair(tournament), random.Random(1))
    client.force_login(arbiter)
    assert edit(client, tournament, rounds=7).status_code == 302
    assert Tournament.objects.get(pk=tournament.pk).rounds == 7


@pytest.mark.django_db(transaction=True)
def test_migration_gives_existing_tournaments_the_edition_of_their_start_date():
    executor = MigrationExecutor(connection)
    before, after = [("tournaments", "0001_initial")], [("tournaments", "0002_edition_acceleration_forbidden_pairs")]
    latest = executor.loader.graph.leaf_nodes()
    try:
        executor.migrate(before)
        old = executor.loader.project_state(before).apps
        club = old.get_model("tournaments", "Club").objects.create(name="Old", slug="old")
        Old = old.get_model("tournaments", "Tournament")
        for slug, start in (("autumn-2025", date(2025, 10, 4)), ("january-2026", date(2026, 1, 31)),
                            ("february-2026", date(2026, 2, 1)), ("undated", None)):
            Old.objects.create(club=club, name=slug, slug=slug, rounds=7, start_date=start)
        MigrationExecutor(connection).migrate(after)
        new = MigrationExecutor(connection).loader.project_state(after).apps.get_model("tournaments", "Tournament")
        editions = dict(new.objects.values_list("slug", "edition"))
        assert editions == {"autumn-2025": "2017", "january-2026": "2017", "february-2026": "2026",
                            "undated": "2026"}
        assert set(new.objects.values_list("acceleration", flat=True)) == {""}
    finally:
        MigrationExecutor(connection).migrate(latest)
