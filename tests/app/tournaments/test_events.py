"""Events with sections: an event edited, sections added and removed, an entry placed by the player's
choice or by rating (the sections' entry conditions), a player moved between sections before round 1
only (C.04.2 B.3: both sections numbered again; the target's conditions not met: asked first), the
arbiter's and the public event pages, the event in the admin."""

import datetime

import pytest
from django.contrib import admin
from django.contrib.auth import get_user_model
from django.test import RequestFactory
from django.urls import reverse

from tests.app.conftest import make_tournament, pair
from tournaments.models import (
    Absence,
    Event,
    ForbiddenPair,
    Membership,
    Player,
    PlayerSide,
    RatedPlayer,
    RatingList,
    Registration,
    Tournament,
)
from tournaments.services import ConfirmationNeeded, Refused
from tournaments.services.events import (
    add_section,
    create_event,
    edit_event,
    move_player,
    placement,
    register_in_event,
    remove_section,
)
from tournaments.services.forbidden_pairs import forbid_pair
from tournaments.services.players import register_player

Status = Registration.Status


def person(email):
    return get_user_model().objects.create_user(email, email=email)


@pytest.fixture
def event(club, arbiter):
    """The Lyon Open: A (2000+), B (1600+), C (under 1600, born 2008 or later), in that order;
    entries approved at once."""
    event = create_event(club, arbiter, name="Lyon Open", venue="Salle Rameau",
                         start_date=datetime.date(2026, 12, 5), end_date=datetime.date(2026, 12, 6))
    bands = {"Open A": {"min_rating": 2000}, "Open B": {"min_rating": 1600},
             "Open C": {"max_rating": 1599, "born_from": datetime.date(2008, 1, 1)}}
    for name, conditions in bands.items():
        section = make_tournament(club, players=0, rounds=5, name=name)
        PlayerSide.objects.create(tournament=section, registration=True, approval="auto", **conditions)
        add_section(event, section, arbiter)
    return event


def sections(event):
    return {s.name: s for s in event.sections()}


def test_sections_in_the_arbiters_order_and_a_section_in_one_event_only(event, club, arbiter, outsider):
    assert [s.name for s in event.sections()] == ["Open A", "Open B", "Open C"]
    assert [s.section_order for s in event.sections()] == [1, 2, 3]
    with pytest.raises(Refused, match="Lyon Chess has an event named LYON OPEN already"):
        create_event(club, arbiter, name="LYON OPEN")  # the form sent twice
    other = create_event(club, arbiter, name="Lyon Open B")
    with pytest.raises(Refused, match="section of an event already"):
        add_section(other, sections(event)["Open A"], arbiter)
    elsewhere = create_event(outsider.memberships.get().club, outsider, name="Lyon Open")
    assert elsewhere.slug == "lyon-open-2"  # another club's event of the same name: the next free slug
    with pytest.raises(Refused, match="event's club"):
        add_section(elsewhere, make_tournament(club, players=0, name="Lone"), outsider)
    entry = sections(event)["Open B"].audit_entries.get(action="section")
    assert entry.user == arbiter and "Lyon Open" in entry.summary


@pytest.mark.parametrize(("rating", "born", "placed"), [
    (2150, None, "Open A"), (2000, None, "Open A"), (1999, None, "Open B"), (1600, None, "Open B"),
    (1450, datetime.date(2010, 3, 1), "Open C"),
])
def test_placement_by_rating_takes_the_first_section_whose_conditions_are_met(event, rating, born, placed):
    section, refusals = placement(event, Registration(name="X, Y", rating=rating, birth_date=born))
    assert section.name == placed
    assert [s.name for s, _why in refusals] == [s.name for s in event.sections()][:len(refusals)]


def test_no_section_takes_an_entry_that_meets_no_conditions(event):
    """An adult rated 1450: too low for A and B, too old for C; nothing is stored."""
    with pytest.raises(Refused) as refused:
        register_in_event(event, Registration(name="Old, Timer", rating=1450, birth_date=datetime.date(1970, 1, 1)),
                          person("old@example.org"))
    message = refused.value.message
    assert "No section of Lyon Open" in message and "born on or after 2008-01-01" in message
    assert "rated 2000 or more" in message and not Registration.objects.exists()


def test_registration_places_by_rating_and_checks_the_chosen_sections_conditions(event):
    placed = register_in_event(event, Registration(name="Rossi, Marco", rating=1720), person("m@example.org"))
    assert placed.tournament.name == "Open B" and placed.status == Status.APPROVED
    assert placed.player.tournament.name == "Open B" and placed.player.pairing_number == 1
    # A 2150 chooses to play down in the Open B (no rating ceiling there): his choice, not the order.
    chosen = register_in_event(event, Registration(name="Bianchi, Lia", rating=2150), person("l@example.org"),
                               section=sections(event)["Open B"])
    assert chosen.tournament.name == "Open B" and chosen.player.pairing_number == 1


def test_a_chosen_section_must_meet_its_conditions(event):
    """The Open A takes 2000 and more: a 1720 who chooses it is refused, nothing stored."""
    open_a = sections(event)["Open A"]
    with pytest.raises(Refused, match="rated 2000 or more"):
        register_in_event(event, Registration(name="Neri, Ugo", rating=1720), person("u@example.org"), section=open_a)
    assert not open_a.players.exists() and not Registration.objects.exists()


def test_a_section_of_another_event_is_refused(event, club, arbiter):
    other = create_event(club, arbiter, name="Winter Cup")
    lone = add_section(other, make_tournament(club, players=0, name="Winter A"), arbiter)
    with pytest.raises(Refused, match="not a section of Lyon Open"):
        register_in_event(event, Registration(name="Neri, Ugo", rating=1720), person("u@example.org"), section=lone)


def fill(section, ratings):
    return [register_player(section, Player(name=f"Player, {section.name[-1]}{r}", rating=r)) for r in ratings]


def test_moving_a_player_before_round_1_renumbers_both_sections(event, arbiter):
    a, b = sections(event)["Open A"], sections(event)["Open B"]
    fill(a, [2300, 2200, 2100])
    fill(b, [1900, 1800])
    mover = a.players.get(rating=2200)
    Absence.objects.create(player=mover, round_number=2, bye="H")
    Absence.objects.create(player=mover, round_number=5, bye="Z")
    other = a.players.get(rating=2300)
    forbid_pair(a, mover, other)
    moved = move_player(a, mover, b, arbiter)
    assert moved.tournament == b and moved.pairing_number == 1  # C.04.2 B.2: the highest rated first
    assert list(a.players.values_list("rating", "pairing_number")) == [(2300, 1), (2100, 2)]
    assert list(b.players.values_list("rating", "pairing_number")) == [(2200, 1), (1900, 2), (1800, 3)]
    assert list(moved.absences.values_list("round_number", flat=True)) == [2, 5]
    assert not ForbiddenPair.objects.exists()
    removed = a.audit_entries.get(kind="pair", action="removed")  # its end, in the section's log
    assert removed.user == arbiter and "moved to Open B" in removed.summary
    out, into = a.audit_entries.get(action="moved out"), b.audit_entries.get(action="moved in")
    assert out.user == into.user == arbiter
    assert out.before == {"from": "Open A", "to": "Open B", "pairing_number": 2}
    assert into.after["pairing_number"] == 1


def test_a_move_frees_a_place_for_the_waiting_list_and_never_takes_a_team_player(event, arbiter):
    from tournaments.services.teams import add_member, create_team, set_team_rules
    a, b, c = sections(event)["Open A"], sections(event)["Open B"], sections(event)["Open C"]
    fill(a, [2300, 2200])
    PlayerSide.objects.filter(tournament=a).update(max_players=2)
    waiting = register_in_event(event, Registration(name="Neri, Ugo", rating=2150), person("u@example.org"),
                                section=a)
    assert waiting.status == Status.WAITING
    move_player(a, a.players.get(rating=2200), b, arbiter)
    waiting.refresh_from_db()
    assert waiting.status == Status.APPROVED and a.players.filter(name="Neri, Ugo").exists()
    # A team event's player plays with his team: moved alone, his line-ups would field another section's player.
    set_team_rules(c, boards=1, user=arbiter)
    rook = add_member(create_team(c, "Lyon Rooks", user=arbiter), Player(name="Rook, Rémi", rating=1500), arbiter)
    with pytest.raises(Refused, match="on the roster of Lyon Rooks"):
        move_player(c, rook.player, b, arbiter)


def test_no_move_once_round_1_is_paired_in_either_section(event, arbiter):
    a, b = sections(event)["Open A"], sections(event)["Open B"]
    fill(a, [2300, 2200, 2100, 2050])
    fill(b, [1900, 1800])
    pair(a)
    mover = b.players.get(rating=1900)
    for source, player, target in ((b, mover, a), (a, a.players.get(rating=2300), b)):
        with pytest.raises(Refused, match="Round 1 of Open A has been paired"):
            move_player(source, player, target, arbiter)
    mover.refresh_from_db()
    assert mover.tournament == b and mover.pairing_number == 1
    assert not b.audit_entries.filter(action__startswith="moved").exists()


def test_a_move_is_refused_outside_the_event_or_for_the_same_fide_id(event, club, arbiter):
    a, b = sections(event)["Open A"], sections(event)["Open B"]
    mover = register_player(a, Player(name="Twin, One", rating=2100, fide_id="12345"))
    register_player(b, Player(name="Twin, Two", rating=1900, fide_id="12345"))
    with pytest.raises(Refused, match="FIDE id 12345 is registered already"):
        move_player(a, mover, b, arbiter)
    with pytest.raises(Refused, match="plays in Open A already"):
        move_player(a, mover, a, arbiter)
    lone = make_tournament(club, players=0, name="Lone")
    with pytest.raises(Refused, match="two sections of one event"):
        move_player(a, mover, lone, arbiter)
    with pytest.raises(Refused, match="does not play in Open B"):
        move_player(b, mover, sections(event)["Open C"], arbiter)
    assert Player.objects.get(pk=mover.pk).tournament == a


def test_a_registered_entry_moves_with_its_player(event, arbiter):
    entry = register_in_event(event, Registration(name="Rossi, Marco", rating=1720), person("m@example.org"))
    move_player(entry.tournament, entry.player, sections(event)["Open A"], arbiter, confirm=True)
    entry.refresh_from_db()
    assert entry.tournament.name == "Open A" and entry.player.tournament.name == "Open A"


def test_the_arbiters_event_page_shows_each_sections_state_and_moves_a_player(client, event, arbiter, outsider):
    a, b = sections(event)["Open A"], sections(event)["Open B"]
    fill(a, [2300, 2200, 2100, 2050])
    fill(b, [1900])
    pair(a)
    client.force_login(arbiter)
    page = client.get(reverse("arbiter:event", args=[event.slug])).content.decode()
    assert "Enter the results of round 1" in page and "Results entered: 0 of 2" in page
    assert "Register the players" in page and "Pair round 1" in page  # Open C, Open B
    mover = b.players.get()
    move = {"player": mover.pk, "section": sections(event)["Open C"].slug}
    asked = client.post(reverse("arbiter:event_move", args=[event.slug]), move).content.decode()
    assert "Player, B1900 does not meet these entry conditions of Open C:" in asked and 'id="move-confirm"' in asked
    assert "rated 1599 or less" in asked and "has an age limit" in asked
    assert b.players.get() == mover  # nothing changed until confirmed
    response = client.post(reverse("arbiter:event_move", args=[event.slug]), {**move, "confirm": "1"}, follow=True)
    assert "moved to Open C" in response.content.decode()
    mover.refresh_from_db()
    assert mover.tournament.name == "Open C"
    refused = client.post(reverse("arbiter:event_move", args=[event.slug]),
                          {"player": a.players.first().pk, "section": b.slug}, follow=True)
    assert "Round 1 of Open A has been paired" in refused.content.decode()
    client.force_login(outsider)
    assert client.get(reverse("arbiter:event", args=[event.slug])).status_code == 404


def test_the_public_event_page_shows_every_sections_round(client, event):
    a, b = sections(event)["Open A"], sections(event)["Open B"]
    fill(a, [2300, 2200, 2100, 2050])
    fill(b, [1900, 1800])
    pair(a)
    pair(b)
    page = client.get(reverse("public:event", args=[event.slug])).content.decode()
    for name in ("Open A", "Open B", "Open C", "Player, A2300", "Player, B1800", "No round published yet."):
        assert name in page
    assert reverse("public:standings", args=[a.slug]) in page and reverse("public:crosstable", args=[b.slug]) in page
    assert reverse("player:event_register", args=[event.slug]) in page
    assert client.get(reverse("public:event", args=["no-such-event"])).status_code == 404


def test_the_event_registration_page_places_the_player(client, event):
    user = person("m@example.org")
    client.force_login(user)
    url = reverse("player:event_register", args=[event.slug])
    assert "Open C" in client.get(url).content.decode()
    response = client.post(url, {"name": "Rossi, Marco", "rating": 1720, "section": ""}, follow=True)
    assert "You are registered in Open B." in response.content.decode()
    refused = client.post(url, {"name": "Rossi, Marco", "rating": 1720, "section": ""}, follow=True)
    assert "registered in this tournament already" in refused.content.decode()
    assert Player.objects.get(user=user).tournament.name == "Open B"


def test_the_event_registration_speaks_the_player_language(client, event):
    """The confirmation in his language, and his entry's mails too (the entry keeps the language)."""
    client.force_login(person("f@example.org"))
    url = reverse("player:event_register", args=[event.slug])
    response = client.post(url, {"name": "Roux, Léa", "rating": 1720, "section": ""}, follow=True,
                           HTTP_ACCEPT_LANGUAGE="fr")
    assert "Vous êtes inscrit à Open B." in response.content.decode()
    assert Registration.objects.get(name="Roux, Léa").language == "fr"


def test_the_api_lists_events_and_their_sections(client, event):
    fill(sections(event)["Open B"], [1900, 1800])
    response = client.get(reverse("api:events"))
    assert response["X-Total-Count"] == "1"
    assert response.json() == [{"slug": "lyon-open", "name": "Lyon Open", "club": "Lyon Chess", "venue": "Salle Rameau",
                       "start_date": "2026-12-05", "end_date": "2026-12-06",
                       "sections": [s.slug for s in event.sections()]}]
    assert client.get(reverse("api:event", args=[event.slug])).json()["name"] == "Lyon Open"
    rows = client.get(reverse("api:event_sections", args=[event.slug])).json()
    assert [(r["section_order"], r["name"], r["players"]) for r in rows] == [
        (1, "Open A", 0), (2, "Open B", 2), (3, "Open C", 0)]
    assert client.get(reverse("api:event_sections", args=["nope"])).status_code == 404
    assert client.post(reverse("api:events"), {}).status_code in (401, 403)
    assert client.get("/api/", HTTP_ACCEPT="application/json").json()["events"] == "http://testserver/api/events/"


def test_the_arbiter_creates_an_event_and_adds_a_section_on_the_pages(client, club, arbiter):
    tournament = make_tournament(club, players=2, name="Open A")
    client.force_login(arbiter)
    assert 'id="new-event"' in client.get(reverse("arbiter:dashboard")).content.decode()
    url = reverse("arbiter:event_create")
    wrong = client.post(url, {"name": "Lyon Open", "start_date": "2026-12-06", "end_date": "2026-12-05"})
    assert "The event cannot end before it starts." in wrong.content.decode() and not Event.objects.exists()
    response = client.post(url, {"name": "Lyon Open", "venue": "Salle Rameau", "start_date": "2026-12-05",
                                 "end_date": "2026-12-06"}, follow=True)
    assert "Lyon Open created. Add its sections next." in response.content.decode()
    again = client.post(url, {"name": "Lyon Open"}, follow=True)
    assert "has an event named Lyon Open already" in again.content.decode() and Event.objects.count() == 1
    event = Event.objects.get()
    add = reverse("arbiter:event_section_add", args=[event.slug])
    assert "Open A is a section of Lyon Open." in client.post(add, {"tournament": tournament.slug},
                                                              follow=True).content.decode()
    twice = client.post(add, {"tournament": tournament.slug}, follow=True).content.decode()
    assert "Choose a tournament of the club that is in no event yet." in twice
    assert list(event.sections()) == [tournament]
    dashboard = client.get(reverse("arbiter:dashboard")).content.decode()
    assert event.get_manage_url() in dashboard
    public = client.get(reverse("public:tournament", args=[tournament.slug])).content.decode()
    assert "A section of Lyon Open" in public and event.get_absolute_url() in public


def test_the_arbiter_orders_the_sections_and_placement_follows(client, event, arbiter):
    """Open B (1600 and more) moved before Open A (2000 and more): a 2150 is placed in Open B now."""
    client.force_login(arbiter)
    open_b = sections(event)["Open B"]
    response = client.post(reverse("arbiter:event_section_up", args=[event.slug, open_b.slug]), follow=True)
    assert "Open B moved up." in response.content.decode()
    assert [s.name for s in event.sections()] == ["Open B", "Open A", "Open C"]
    assert placement(event, Registration(name="X, Y", rating=2150))[0].name == "Open B"
    first = client.post(reverse("arbiter:event_section_up", args=[event.slug, open_b.slug]), follow=True)
    assert "Open B is the first section already." in first.content.decode()
    assert [s.name for s in event.sections()] == ["Open B", "Open A", "Open C"]
    entry = open_b.audit_entries.filter(action="section").first()
    assert (entry.before, entry.after, entry.user) == ({"section": 2}, {"section": 1}, arbiter)
    lone = make_tournament(event.club, players=0, name="Lone")
    assert client.post(reverse("arbiter:event_section_up", args=[event.slug, lone.slug])).status_code == 404


def test_an_event_edited_keeps_its_slug_and_is_audited_in_each_section(event, club, arbiter):
    create_event(club, arbiter, name="Lyon Rapid")
    edited = edit_event(event, arbiter, name="Lyon Winter Open", venue="Salle Molière",
                        start_date=datetime.date(2026, 12, 12), end_date=datetime.date(2026, 12, 13))
    event.refresh_from_db()
    assert (event.name, event.venue, event.slug) == ("Lyon Winter Open", "Salle Molière", "lyon-open")
    assert edited.end_date == datetime.date(2026, 12, 13)
    for section in event.sections():
        entry = section.audit_entries.get(action="event")
        assert entry.user == arbiter and entry.summary == (
            "Event Lyon Winter Open: name, venue, start_date, end_date changed")
        assert entry.before == {"name": "Lyon Open", "venue": "Salle Rameau", "start_date": "2026-12-05",
                                "end_date": "2026-12-06"}
        assert entry.after["start_date"] == "2026-12-12"
    edit_event(event, arbiter, name="Lyon Winter Open")  # nothing changed: nothing logged
    assert sections(event)["Open A"].audit_entries.filter(action="event").count() == 1
    with pytest.raises(Refused, match="The event cannot end before it starts"):
        edit_event(event, arbiter, end_date=datetime.date(2026, 12, 1))
    with pytest.raises(Refused, match="Lyon Chess has an event named lyon rapid already"):
        edit_event(event, arbiter, name="lyon rapid")
    event.refresh_from_db()
    assert (event.name, event.end_date) == ("Lyon Winter Open", datetime.date(2026, 12, 13))
    assert sections(event)["Open A"].audit_entries.filter(action="event").count() == 1


def test_the_chief_edits_the_event_on_its_page_a_deputy_may_not(client, event, club, arbiter):
    url = reverse("arbiter:event_edit", args=[event.slug])
    client.force_login(arbiter)
    assert 'id="event-edit-link"' in client.get(event.get_manage_url()).content.decode()
    assert 'value="Lyon Open"' in client.get(url).content.decode()
    wrong = client.post(url, {"name": "Lyon Open", "start_date": "2026-12-06", "end_date": "2026-12-05"})
    assert "The event cannot end before it starts." in wrong.content.decode()
    assert Event.objects.get().end_date == datetime.date(2026, 12, 6)
    response = client.post(url, {"name": "Lyon Open 2026", "venue": "", "start_date": "2026-12-05",
                                 "end_date": "2026-12-07"}, follow=True)
    assert "The event is saved." in response.content.decode()
    assert response.redirect_chain[-1][0] == reverse("arbiter:event", args=["lyon-open"])  # the slug stays
    assert (Event.objects.get().name, Event.objects.get().venue) == ("Lyon Open 2026", "")
    deputy = get_user_model().objects.create_user("dee", password="pw-dee-123")
    Membership.objects.create(club=club, user=deputy, role=Membership.Role.DEPUTY)
    client.force_login(deputy)
    assert client.post(url, {"name": "Hijacked"}).status_code == 403
    assert 'id="event-edit-link"' not in client.get(event.get_manage_url()).content.decode()
    assert Event.objects.get().name == "Lyon Open 2026"


def test_a_section_removed_before_round_1_stays_a_single_tournament(event, arbiter):
    a, b, c = sections(event)["Open A"], sections(event)["Open B"], sections(event)["Open C"]
    fill(b, [1900, 1800])
    removed = remove_section(event, a, arbiter)
    assert removed.event is None and b.players.count() == 2
    assert [(s.name, s.section_order) for s in event.sections()] == [("Open B", 1), ("Open C", 2)]
    entry = a.audit_entries.filter(action="section").latest("pk")
    assert (entry.before, entry.after, entry.user) == ({"event": "Lyon Open", "section": 1}, {"event": None}, arbiter)
    assert b.audit_entries.filter(action="section").latest("pk").after == {"section": 1}
    with pytest.raises(Refused, match="Open A is not a section of Lyon Open"):
        remove_section(event, a, arbiter)
    assert placement(event, Registration(name="X, Y", rating=2150))[0] == b  # Open A no longer tried
    fill(c, [1500, 1400])
    pair(c)
    with pytest.raises(Refused, match="Round 1 of Open C has been paired: a section leaves its event before round 1"):
        remove_section(event, c, arbiter)
    assert [s.name for s in event.sections()] == ["Open B", "Open C"]


def test_the_arbiter_removes_a_section_on_the_event_page(client, event, arbiter):
    a = sections(event)["Open A"]
    client.force_login(arbiter)
    assert client.get(event.get_manage_url()).content.decode().count('class="secondary section-remove"') == 3
    response = client.post(reverse("arbiter:event_section_remove", args=[event.slug, a.slug]), follow=True)
    assert "Open A is no longer a section of Lyon Open: it stays, a single tournament." in response.content.decode()
    assert 'id="section-open-a"' not in response.content.decode()
    assert client.get(reverse("arbiter:tournament", args=[a.slug])).status_code == 200
    again = client.post(reverse("arbiter:event_section_remove", args=[event.slug, a.slug]), follow=True)
    assert "Open A is not a section of Lyon Open." in again.content.decode()  # the second click
    assert [s.name for s in event.sections()] == ["Open B", "Open C"]


def test_a_move_against_the_target_conditions_is_asked_first(event, arbiter):
    b, c = sections(event)["Open B"], sections(event)["Open C"]
    adult, = fill(b, [1900])
    with pytest.raises(ConfirmationNeeded) as asked:
        move_player(b, adult, c, arbiter)
    assert asked.value.errors == ["This tournament is for players rated 1599 or less.",
                                  "This tournament has an age limit: give your birth date."]
    assert Player.objects.get(pk=adult.pk).tournament == b and not c.audit_entries.filter(action="moved in")
    moved = move_player(b, adult, c, arbiter, confirm=True)
    assert moved.tournament == c
    entry = c.audit_entries.get(action="moved in")
    assert entry.after["conditions not met"] == asked.value.errors and entry.user == arbiter
    junior = register_player(c, Player(name="Junior, Leo", rating=1650, birth_date=datetime.date(2011, 4, 2)))
    assert move_player(c, junior, b, arbiter).tournament == b  # he meets Open B's: nothing asked
    assert "conditions not met" not in b.audit_entries.get(action="moved in").after


def test_the_event_page_counts_each_sections_entries_and_links_its_player_side(client, event, arbiter):
    a, b = sections(event)["Open A"], sections(event)["Open B"]
    for i, status in enumerate([Status.PENDING, Status.PENDING, Status.WAITING, Status.REFUSED]):
        Registration.objects.create(tournament=b, user=person(f"p{i}@example.org"), name=f"Late, No{i}", status=status)
    Registration.objects.create(tournament=a, user=person("w@example.org"), name="Wait, Ing", status=Status.WAITING)
    client.force_login(arbiter)
    page = client.get(event.get_manage_url()).content.decode()
    section_b = page.split('id="section-open-b"')[1].split('id="section-open-c"')[0]
    assert "2 entries to approve" in section_b and "1 on the waiting list" in section_b
    assert reverse("arbiter:entries", args=[b.slug]) in section_b
    assert reverse("arbiter:player_side", args=[b.slug]) in section_b
    section_a = page.split('id="section-open-a"')[1].split('id="section-open-b"')[0]
    assert "0 entries to approve" in section_a and "1 on the waiting list" in section_a


def test_an_event_changed_in_the_admin_is_audited_in_each_section(event):
    root = get_user_model().objects.create_superuser("root", password="pw-root-123")
    web = RequestFactory().post("/admin/")
    web.user = root
    event.venue = "Salle Molière"
    admin.site._registry[Event].save_model(web, event, None, True)
    for section in event.sections():
        entry = section.audit_entries.get(action="event")
        assert (entry.before, entry.after, entry.user, entry.via) == (
            {"venue": "Salle Rameau"}, {"venue": "Salle Molière"}, root, "admin")
    admin.site._registry[Event].delete_model(web, event)
    open_a = Tournament.objects.get(name="Open A")
    assert open_a.event is None and open_a.audit_entries.filter(action="event").latest("pk").after == {"event": None}


def test_an_event_with_no_section_has_its_own_audit_log(club, arbiter):
    """Its sections' logs cannot hold it: the event's own log has its creation and each edit, with who."""
    event = create_event(club, arbiter, name="Lyon Blitz", venue="Salle Rameau")
    edit_event(event, arbiter, name="Lyon Blitz Night", end_date=datetime.date(2026, 12, 20))
    edited, created = event.audit_entries.all()  # newest first
    assert (created.action, created.user, created.tournament) == ("event", arbiter, None)
    assert created.after == {"name": "Lyon Blitz", "venue": "Salle Rameau"}
    assert (edited.user, edited.tournament, edited.summary) == (
        arbiter, None, "Event Lyon Blitz Night: name, end_date changed")
    assert (edited.before, edited.after) == ({"name": "Lyon Blitz", "end_date": None},
                                             {"name": "Lyon Blitz Night", "end_date": "2026-12-20"})
    edit_event(event, arbiter, name="Lyon Blitz Night")  # nothing changed: nothing logged
    with pytest.raises(Refused, match="The event cannot end before it starts"):
        edit_event(event, arbiter, start_date=datetime.date(2026, 12, 21))
    assert event.audit_entries.count() == 2


def test_the_events_log_holds_each_change_once_and_its_sections_still_theirs(event, arbiter):
    a, b, c = sections(event)["Open A"], sections(event)["Open B"], sections(event)["Open C"]
    edit_event(event, arbiter, venue="Salle Molière")
    assert event.audit_entries.filter(action="event", before__venue="Salle Rameau").count() == 1
    assert all(s.audit_entries.filter(action="event").count() == 1 for s in (a, b, c))
    player, = fill(b, [2100])
    move_player(b, player, a, arbiter)
    moved = event.audit_entries.get(action="moved")
    assert moved.summary == "Player, B2100 moved from Open B to Open A" and moved.user == arbiter
    remove_section(event, a, arbiter)
    summaries = [e.summary for e in event.audit_entries.filter(action="section")]
    assert summaries[:3] == ["Open C: section 2 of the event Lyon Open", "Open B: section 1 of the event Lyon Open",
                             "Open A: no longer a section of the event Lyon Open"]
    a.delete()  # a tournament deleted later: its log goes with it, the event's stays
    assert event.audit_entries.filter(summary__startswith="Open A: section 1").exists()


def test_the_events_audit_log_is_for_its_clubs_arbiters_only(client, club, arbiter, outsider):
    event = create_event(club, arbiter, name="Lyon Blitz")
    edit_event(event, arbiter, venue="Salle Molière")
    url = reverse("arbiter:event_audit", args=[event.slug])
    csv_url = reverse("arbiter:event_audit_csv", args=[event.slug])
    assert client.get(url).status_code == 302  # to the login page
    client.force_login(arbiter)
    assert f'href="{url}"' in client.get(event.get_manage_url()).content.decode()
    page = client.get(url).content.decode()
    assert "Event Lyon Blitz: venue changed" in page and "Event Lyon Blitz created" in page and "ann" in page
    assert "Every change of the event" in page and f'href="{csv_url}"' in page
    download = client.get(csv_url)
    assert download["Content-Disposition"].startswith('attachment; filename="lyon-blitz-audit-')
    assert "Event Lyon Blitz: venue changed" in download.content.decode()
    deputy = get_user_model().objects.create_user("dee", password="pw-dee-123")
    Membership.objects.create(club=club, user=deputy, role=Membership.Role.DEPUTY)
    client.force_login(deputy)
    assert client.get(url).status_code == 200  # every arbiter of the club reads it
    client.force_login(outsider)  # another club's arbiter: the event is not there for him
    assert client.get(url).status_code == 404 and client.get(csv_url).status_code == 404


def test_placement_by_rating_reads_the_fide_lists_rating(event):
    """Typed 1450 but rated 1700 by FIDE: placed in the Open B, not the under-1600."""
    rating_list = RatingList.objects.create(kind="standard", period=datetime.date(2026, 11, 1))
    RatedPlayer.objects.create(list=rating_list, fide_id=2200009, name="Rosa, Ada", federation="ITA", sex="F",
                               rating=1700)
    junior = Registration(name="Rosa, Ada", rating=1450, fide_id="2200009", birth_date=datetime.date(2010, 3, 1))
    assert placement(event, junior)[0].name == "Open B"
    placed = register_in_event(event, junior, person("ada@example.org"))
    assert (placed.tournament.name, placed.player.rating) == ("Open B", 1700)


def test_the_public_event_page_shows_a_double_swiss_sections_matches(client, club, arbiter):
    # C.04.5: each board a match of two games, both results and the match score; the PAB its match points.
    from tournaments.services.results import enter_result
    event = create_event(club, arbiter, name="Rapid Days")
    section = make_tournament(club, players=5, rounds=3, system="double-swiss", edition="2026", name="Double")
    add_section(event, section, arbiter)
    round_ = pair(section)
    game = round_.games.exclude(result="bye").get(board=1)
    enter_result(game, "1-0")
    enter_result(game, "½-½", game_number=2)
    page = client.get(reverse("public:event", args=[event.slug])).content.decode()
    match = page[page.index('id="match-1"'):]
    match = match[:match.index("</tbody>")]
    assert 'class="game-two"' in match and "½-½" in match and 'class="match-score">1½–½<' in match
    assert "Pairing-allocated bye (a won game and a drawn game)" in page and "1½" in page
