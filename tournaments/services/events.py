"""Events with sections: an event created or edited, a tournament made one of its sections or (before
its round 1) a single tournament again, an entry placed in a section (the player's choice or his
rating) through the one way to register (:mod:`.registration`), and a player moved between sections
before round 1 (C.04.2 B.3: the pairing numbers of both sections follow the initial order; the
target's entry conditions not met: asked first)."""

from __future__ import annotations

from django.db import IntegrityError, transaction
from django.db.models import Max, Q
from django.utils.text import slugify
from django.utils.translation import gettext as _
from django.utils.translation import override

from tournaments import audit
from tournaments.audit import Kind
from tournaments.cache import bump
from tournaments.models import Absence, Club, Event, ForbiddenPair, Player, Registration, TeamMember, Tournament
from tournaments.services import ConfirmationNeeded, Refused, last_paired_round, lock_tournament
from tournaments.services.players import assign_pairing_numbers, check_not_registered, check_room
from tournaments.services.registration import (
    condition_problem,
    condition_problems,
    player_side,
    promote_waiting,
    register_online,
    registration_closed,
)

SLUG_ATTEMPTS = 20
#: What an arbiter edits of an event (its slug, the address of its pages, stays).
EVENT_FIELDS = ("name", "venue", "start_date", "end_date")


def _free_slug(base: str) -> str:
    slug, n = base, 1
    while Event.objects.filter(slug=slug).exists():
        n += 1
        slug = f"{base}-{n}"
    return slug


def _check_event(event: Event) -> None:
    """An event's dates in order and its name its club's only one (the form sent twice)."""
    if event.start_date and event.end_date and event.end_date < event.start_date:
        raise Refused(_("The event cannot end before it starts."))
    if Event.objects.filter(club=event.club_id, name__iexact=event.name).exclude(pk=event.pk).exists():
        raise Refused(_("%(club)s has an event named %(name)s already.") % {
            "club": event.club.name, "name": event.name})


def create_event(club: Club, user=None, **fields) -> Event:
    """A new event under a free slug made from its name (another created at once: the next suffix);
    a second of the same name in the club (the form sent twice) is refused."""
    event = Event(club=club, **fields)
    _check_event(event)
    base = slugify(event.name)[:120] or "event"
    for _attempt in range(SLUG_ATTEMPTS):
        try:
            with transaction.atomic():
                Club.objects.select_for_update().filter(pk=club.pk).first()  # the club's events one at a time:
                _check_event(event)  # a second of the name, sent at once, sees the first
                event.slug = _free_slug(base)
                event.save()
                audit.record(None, Kind.SETTINGS, "event", f"Event {event.name} created", user=user, event=event,
                             after=audit.filled(audit.snapshot(event, exclude=("club", "slug"))))
            return event
        except IntegrityError:
            if not Event.objects.filter(slug=event.slug).exists():
                raise
    raise Refused(_("Too many events of this name are being created at once: try again."))


def _lock_sections(event: Event) -> list[Tournament]:
    """Every section's lock, in pk order (two actions at once wait, never deadlock); in the arbiter's order."""
    locked = {t.pk: lock_tournament(t) for t in event.tournaments.order_by("pk")}
    return [locked[t.pk] for t in event.sections()]


@transaction.atomic
def edit_event(event: Event, user=None, **fields) -> Event:
    """The event's name, venue and dates changed (its slug stays: its pages keep their address); in the
    event's audit log and in each of its sections'."""
    sections = _lock_sections(event)
    event = Event.objects.select_for_update().select_related("club").get(pk=event.pk)
    before = audit.snapshot(event, exclude=("club", "slug"))
    for name in EVENT_FIELDS:
        if name in fields:
            setattr(event, name, fields[name])
    _check_event(event)
    before, after = audit.changes(before, audit.snapshot(event, exclude=("club", "slug")))
    if not after:
        return event
    event.save(update_fields=list(after))
    bump(event=event)  # the sections' pages name the event
    audit.record_event(event, sections, Kind.SETTINGS, "event", f"Event {event.name}: {', '.join(after)} changed",
                       user=user, before=before, after=after)
    return event


@transaction.atomic
def add_section(event: Event, tournament: Tournament, user=None) -> Tournament:
    """``tournament`` (of the event's club, in no other event) becomes the event's last section."""
    tournament = lock_tournament(tournament)
    if tournament.club_id != event.club_id:
        raise Refused(_("A section is a tournament of the event's club."))
    if tournament.event_id is not None:
        raise Refused(_("%(tournament)s is a section of an event already.") % {"tournament": tournament.name})
    last = event.tournaments.aggregate(last=Max("section_order"))["last"]
    tournament.event, tournament.section_order = event, (last or 0) + 1
    tournament.save(update_fields=["event", "section_order", "revision"])
    audit.record_event(event, [tournament], Kind.SETTINGS, "section",
                       f"{tournament.name}: section {tournament.section_order} of the event {event.name}",
                       user=user, after={"event": event.name, "section": tournament.section_order})
    return tournament


@transaction.atomic
def move_section_up(event: Event, tournament: Tournament, user=None) -> None:
    """``tournament`` changes places with the section before it (the order a placement by rating tries)."""
    sections = list(event.sections())
    locked = {t.pk: lock_tournament(t) for t in sorted(sections, key=lambda t: t.pk)}  # as _lock_both: no deadlock
    order = [locked[section.pk] for section in sections]
    index = next((i for i, section in enumerate(order) if section.pk == tournament.pk), None)
    if index is None:
        raise Refused(_("%(tournament)s is not a section of %(event)s.") % {
            "tournament": tournament.name, "event": event.name})
    if index == 0:
        raise Refused(_("%(tournament)s is the first section already.") % {"tournament": tournament.name})
    order[index - 1], order[index] = order[index], order[index - 1]
    for number, section in enumerate(order, start=1):
        if section.section_order != number:
            before = section.section_order
            section.section_order = number
            section.save(update_fields=["section_order", "revision"])
            _record_order(event, section, before, user)


@transaction.atomic
def remove_section(event: Event, tournament: Tournament, user=None) -> Tournament:
    """``tournament`` leaves the event before its round 1 and stays, a single tournament; the sections
    after it move up one place (the order a placement by rating tries)."""
    sections = _lock_sections(event)
    index = next((i for i, section in enumerate(sections) if section.pk == tournament.pk), None)
    if index is None:
        raise Refused(_("%(tournament)s is not a section of %(event)s.") % {
            "tournament": tournament.name, "event": event.name})
    removed = sections.pop(index)
    if last_paired_round(removed):
        # Its players were placed through the event: once paired, the section it was stays on record.
        raise Refused(_("Round 1 of %(tournament)s has been paired: a section leaves its event before round 1 "
                        "only.") % {"tournament": removed.name})
    before = removed.section_order
    removed.event, removed.section_order = None, 0
    removed.save(update_fields=["event", "section_order"])
    audit.record_event(event, [removed], Kind.SETTINGS, "section",
                       f"{removed.name}: no longer a section of the event {event.name}",
                       user=user, before={"event": event.name, "section": before}, after={"event": None})
    for number, section in enumerate(sections, start=1):
        if section.section_order != number:
            old = section.section_order
            section.section_order = number
            section.save(update_fields=["section_order"])
            _record_order(event, section, old, user)
    return removed


def _record_order(event: Event, section: Tournament, before: int, user) -> None:
    """A section's new place in the event's order, in the event's log and the section's."""
    audit.record_event(event, [section], Kind.SETTINGS, "section",
                       f"{section.name}: section {section.section_order} of the event {event.name}",
                       user=user, before={"section": before}, after={"section": section.section_order})


def placement(event: Event, entry: Registration) -> tuple[Tournament | None, list[tuple[Tournament, str]]]:
    """The first section, in the arbiter's order, that takes ``entry`` online now and whose entry
    conditions it meets; and why each section before it does not."""
    refusals = []
    for section in event.sections():
        side = player_side(section)
        problem = registration_closed(side) or condition_problem(side, entry)
        if problem is None:
            return section, refusals
        refusals.append((section, problem))
    return None, refusals


def register_in_event(event: Event, entry: Registration, user, section: Tournament | None = None) -> Registration:
    """The event's one registration form: in the section chosen (its conditions checked), or,
    without one, in the section :func:`placement` finds; then registered as in a single tournament."""
    if section is None:
        section, refusals = placement(event, entry)
        if section is None:
            raise Refused(_("No section of %(event)s takes this entry: %(reasons)s") % {
                "event": event.name, "reasons": " ".join(f"{s.name}: {why}" for s, why in refusals)})
    elif section.event_id != event.pk:
        raise Refused(_("%(tournament)s is not a section of %(event)s.") % {
            "tournament": section.name, "event": event.name})
    return register_online(section, entry, user)


def _lock_both(first: Tournament, second: Tournament) -> tuple[Tournament, Tournament]:
    """Both sections' locks, always in the same order (two moves at once wait, never deadlock)."""
    locked = {t.pk: lock_tournament(t) for t in sorted((first, second), key=lambda t: t.pk)}
    return locked[first.pk], locked[second.pk]


def _check_move(section_from: Tournament, player: Player, section_to: Tournament) -> None:
    """Refused: not two sections of one event, not the player's, or either one paired already."""
    if section_from.pk == section_to.pk:
        raise Refused(_("%(name)s plays in %(tournament)s already.") % {
            "name": player.name, "tournament": section_to.name})
    if section_from.event_id is None or section_from.event_id != section_to.event_id:
        raise Refused(_("A player moves between two sections of one event."))
    if player.tournament_id != section_from.pk:
        raise Refused(_("%(name)s does not play in %(tournament)s.") % {
            "name": player.name, "tournament": section_from.name})
    member = TeamMember.objects.filter(player=player).select_related("team").first()
    if member is not None:  # his line-ups would field a player of another section
        raise Refused(_("%(name)s is on the roster of %(team)s: take him off it before moving him.") % {
            "name": player.name, "team": member.team.name})
    for section in (section_from, section_to):
        if last_paired_round(section):
            # C.04.2 B.3: the numbers of a paired round stay; a player in two sections' games never.
            raise Refused(_("Round 1 of %(tournament)s has been paired: players move between sections "
                            "before round 1 only.") % {"tournament": section.name})


def unmet_conditions(section: Tournament, player: Player) -> list[str]:
    """The entry conditions of ``section`` (its player side's) that ``player`` does not meet."""
    return condition_problems(player_side(section), player)


@transaction.atomic
def move_player(section_from: Tournament, player: Player, section_to: Tournament, user=None,
                confirm: bool = False) -> Player:
    """``player`` plays in ``section_to`` instead, before round 1 of either; both sections are
    numbered again in initial order (C.04.2 B.2-B.3).  His absences move with him (those within the
    new section's rounds); the pairs kept apart in his old section do not.  Entry conditions of
    ``section_to`` he does not meet: asked first (:class:`ConfirmationNeeded`), then on record."""
    section_from, section_to = _lock_both(section_from, section_to)
    player = Player.objects.select_for_update().get(pk=player.pk)
    _check_move(section_from, player, section_to)
    check_not_registered(section_to, player, confirm=True)  # the same FIDE id twice: refused
    check_room(section_to, 1)
    unmet = unmet_conditions(section_to, player)
    if unmet and not confirm:
        raise ConfirmationNeeded(_("%(name)s does not meet the entry conditions of %(section)s: %(reasons)s "
                                   "Confirm to move him all the same.") % {
            "name": player.name, "section": section_to.name, "reasons": " ".join(unmet)}, unmet)
    old_number = player.pairing_number
    _leave_section(section_from, player, section_to, user)
    player.tournament, player.pairing_number = section_to, None
    player.save(update_fields=["tournament", "pairing_number"])
    Registration.objects.filter(player=player).update(tournament=section_to)
    assign_pairing_numbers(section_from, user=user)
    assign_pairing_numbers(section_to, user=user)
    player.refresh_from_db()
    data = {"from": section_from.name, "to": section_to.name}
    confirmed = {}
    if unmet:
        with override(None):  # the log is in English (tournaments/audit.py)
            confirmed = {"conditions not met": unmet_conditions(section_to, player)}
    audit.record(section_from, Kind.PLAYER, "moved out",
                 f"{player.name} (#{old_number}) moved to the section {section_to.name}", user=user,
                 before={**data, "pairing_number": old_number}, after={**data, **confirmed})
    audit.record(section_to, Kind.PLAYER, "moved in",
                 f"{player.name} moved from the section {section_from.name} as #{player.pairing_number}", user=user,
                 before={**data, "pairing_number": old_number},
                 after={**data, "pairing_number": player.pairing_number, **confirmed})
    audit.record(None, Kind.PLAYER, "moved", f"{player.name} moved from {section_from.name} to {section_to.name}",
                 user=user, event=section_to.event, before={**data, "pairing_number": old_number},
                 after={**data, "pairing_number": player.pairing_number, **confirmed})
    promote_waiting(section_from, user)  # his place is free there (docs/players.md)
    return player


def _leave_section(section_from: Tournament, player: Player, section_to: Tournament, user) -> None:
    """What does not move with him, each in the old section's log: the pairs kept apart there, and his
    absences from rounds the new section has not."""
    with override(None):  # the log is in English (tournaments/audit.py)
        for pair in ForbiddenPair.objects.filter(Q(player=player) | Q(other=player)).select_related("player", "other"):
            audit.record(section_from, Kind.FORBIDDEN_PAIR, "removed", f"{pair.player.name} and {pair.other.name} "
                         f"may be paired again: {player.name} moved to {section_to.name}", user=user,
                         before={"players": f"{pair.player.name} – {pair.other.name}", "rounds": pair.rounds_display()})
            pair.delete()
        for absence in Absence.objects.filter(player=player, round_number__gt=section_to.rounds):
            audit.record(section_from, Kind.PLAYER, "absence", f"{player.name}: absence from round "
                         f"{absence.round_number} dropped ({section_to.name} has {section_to.rounds} rounds)",
                         user=user, before={"round": absence.round_number, "bye": absence.bye})
            absence.delete()
