"""Players' own entries (docs/players.md): registration online, its dates and entry conditions, the
approval (automatic or the arbiter's), the waiting list.  An entry becomes a ``Player`` only when
approved, through :func:`players.register_player` (a late entry as C.04.2 C.2 says: paired from the
next round, the rounds before as absences).  A place freed before round 1 (an entry cancelled or refused,
a player removed or withdrawn) moves the waiting list up; the player approved or refused by the arbiter,
or moved up, gets a mail (``services.notices.queue_mail``)."""

from __future__ import annotations

from django.db import transaction
from django.utils import timezone
from django.utils.translation import gettext as _

from tournaments import audit
from tournaments.audit import Kind
from tournaments.cache import bump
from tournaments.models import Approval, Notice, Player, PlayerSide, Registration, Tournament
from tournaments.services import Refused, all_paired, full_stop, last_paired_round, local_when, lock_tournament
from tournaments.services.notices import queue_mail
from tournaments.services.players import Registered, register_player, remove_player, withdraw_player
from tournaments.services.rating_lists import listed_rating

Status = Registration.Status


def player_side(tournament: Tournament) -> PlayerSide:
    """The tournament's settings of the player's side (every part off when the arbiter set none)."""
    return PlayerSide.objects.filter(tournament=tournament).first() or PlayerSide(tournament=tournament)


@transaction.atomic
def save_player_side(side: PlayerSide, user=None) -> None:
    tournament = lock_tournament(side.tournament)
    stored = PlayerSide.objects.filter(tournament=tournament).first() or PlayerSide(tournament=tournament)
    before, after = audit.changes(audit.snapshot(stored, exclude=("tournament",)),
                                  audit.snapshot(side, exclude=("tournament",)))
    side.pk = stored.pk
    side.save()
    bump(pk=tournament.pk)  # the public page's sign-up link
    if after:
        audit.record(tournament, Kind.SETTINGS, "player side", f"Player side: {', '.join(after)} changed",
                     user=user, before=before, after=after)
    promote_waiting(tournament, user)


def registration_closed(side: PlayerSide) -> str | None:
    """Why the tournament takes no entry online now (None: it does)."""
    now = timezone.now()
    if not side.registration:
        return _("This tournament takes no entries online: ask the arbiter.")
    if side.opens_at and now < side.opens_at:
        return full_stop(_("Registration opens on %(when)s.") % {"when": local_when(side.opens_at)})
    if side.closes_at and now >= side.closes_at:
        return full_stop(_("Registration closed on %(when)s.") % {"when": local_when(side.closes_at)})
    if last_paired_round(side.tournament) >= side.tournament.rounds:
        return all_paired(side.tournament)
    return None


def condition_problem(side: PlayerSide, entry: Registration) -> str | None:
    """Which entry condition of the tournament ``entry`` does not meet first (None: it meets them all)."""
    problems = condition_problems(side, entry)
    return problems[0] if problems else None


def condition_problems(side: PlayerSide, entry: Registration | Player) -> list[str]:
    """Every entry condition of the tournament that ``entry`` (an entry online, or a player: the same
    rating, birth date and federation) does not meet; the rating is the FIDE list's when he is there
    (a rating typed lower does not enter a section below it)."""
    problems = []
    rating = listed_rating(side.tournament, entry) or 0
    if side.min_rating is not None and rating < side.min_rating:
        problems.append(_("This tournament is for players rated %(min)s or more.") % {"min": side.min_rating})
    if side.max_rating is not None and rating > side.max_rating:
        problems.append(_("This tournament is for players rated %(max)s or less.") % {"max": side.max_rating})
    if (side.born_from or side.born_until) and entry.birth_date is None:
        problems.append(_("This tournament has an age limit: give your birth date."))
    elif side.born_from and entry.birth_date < side.born_from:
        problems.append(_("This tournament is for players born on or after %(date)s.") % {
            "date": side.born_from.isoformat()})
    elif side.born_until and entry.birth_date > side.born_until:
        problems.append(_("This tournament is for players born on or before %(date)s.") % {
            "date": side.born_until.isoformat()})
    codes = side.federation_codes()
    if codes and entry.federation not in codes:
        problems.append(_("This tournament is for players of the federations %(codes)s.") % {
            "codes": ", ".join(codes)})
    return problems


def _active(tournament: Tournament):
    return tournament.registrations.filter(status__in=Registration.ACTIVE)


def duplicate_problem(tournament: Tournament, entry: Registration, user) -> str | None:
    """Why ``entry`` would enter somebody a second time (None: it would not)."""
    if _active(tournament).filter(user=user).exists() or tournament.players.filter(user=user).exists():
        return _("You are registered in this tournament already.")
    others = Registered([*tournament.players.all(),
                         *(other.as_player() for other in _active(tournament).filter(player__isnull=True))])
    other = others.find(entry.as_player())
    if other is None:
        return None
    if entry.fide_id and other.fide_id == entry.fide_id:
        return _("FIDE id %(fide_id)s is registered already.") % {"fide_id": entry.fide_id}
    return _("%(name)s is registered already with the same rating: if that is you, ask the arbiter.") % {
        "name": other.name}


def _full(side: PlayerSide) -> bool:
    """Whether the field is full: the players (but those withdrawn before round 1, who never play) and the
    entries waiting for approval hold the places."""
    if side.max_players is None:
        return False
    taken = (side.tournament.players.exclude(withdrawn_from_round=1).count()
             + side.tournament.registrations.filter(status=Status.PENDING).count())
    return taken >= side.max_players


@transaction.atomic
def register_online(tournament: Tournament, entry: Registration, user) -> Registration:
    """A signed-in player enters himself: pending (or approved at once), or on the waiting list."""
    tournament = lock_tournament(tournament)
    side = player_side(tournament)
    entry.tournament, entry.user = tournament, user
    entry.rating = listed_rating(tournament, entry)  # the FIDE list's, when he is there
    problem = registration_closed(side) or condition_problem(side, entry) or duplicate_problem(tournament, entry, user)
    if problem:
        raise Refused(problem)
    entry.status = Status.WAITING if _full(side) else Status.PENDING
    entry.save()
    audit.record(tournament, Kind.REGISTRATION, "entered", f"{entry.name} entered online ({entry.status})",
                 user=user, after=audit.filled(audit.snapshot(entry, exclude=("tournament", "player"))))
    if entry.status == Status.PENDING and side.approval == Approval.AUTOMATIC:
        approve(entry, user, mail=False)  # he reads it on the page
        entry.refresh_from_db()
    return entry


def _locked(entry: Registration, *statuses: str) -> Registration:
    lock_tournament(entry.tournament)
    entry = Registration.objects.select_related("tournament").get(pk=entry.pk)
    if entry.status not in statuses:
        raise Refused(_("This entry is no longer %(wanted)s: it is %(status)s.") % {
            "wanted": " / ".join(str(Status(s).label).lower() for s in statuses),
            "status": entry.get_status_display().lower()})
    return entry


@transaction.atomic
def approve(entry: Registration, user=None, mail: bool = True, confirm: bool = True):
    """The entry becomes a player of the tournament (a late entry after round 1: C.04.2 C.2); the player
    is told by mail (``mail``), unless he was there (registered online and approved at once).
    ``confirm``: a namesake with the same rating is another player (the arbiter approving says so; the
    same FIDE id is refused all the same)."""
    entry = _locked(entry, Status.PENDING, Status.WAITING)
    player = entry.as_player()
    player.user = entry.user
    register_player(entry.tournament, player, user, confirm=confirm)
    entry.status, entry.player = Status.APPROVED, player
    entry.save(update_fields=["status", "player"])
    audit.record(entry.tournament, Kind.REGISTRATION, "approved",
                 f"{entry.name}'s entry approved: #{player.pairing_number}", user=user)
    if mail:
        queue_mail(entry, Notice.Kind.APPROVED)
    return player


@transaction.atomic
def refuse(entry: Registration, reason: str, user=None) -> None:
    entry = _locked(entry, Status.PENDING, Status.WAITING)
    entry.status, entry.reason = Status.REFUSED, reason[:300]
    entry.save(update_fields=["status", "reason"])
    audit.record(entry.tournament, Kind.REGISTRATION, "refused", f"{entry.name}'s entry refused: {reason}"[:300],
                 user=user)
    queue_mail(entry, Notice.Kind.REFUSED)
    promote_waiting(entry.tournament, user)


@transaction.atomic
def cancel(entry: Registration, user=None) -> None:
    """The player takes his entry back: before his first game only (then the arbiter withdraws him)."""
    entry = _locked(entry, *Registration.ACTIVE)
    if entry.player is not None:
        try:
            remove_player(entry.player, user)
        except Refused:
            raise Refused(_("You have been paired already: ask the arbiter to withdraw you.")) from None
        entry.player = None  # deleted (the key was set null in the database)
    entry.status = Status.CANCELLED
    entry.save(update_fields=["status", "player"])
    audit.record(entry.tournament, Kind.REGISTRATION, "cancelled", f"{entry.name}'s entry cancelled", user=user)
    promote_waiting(entry.tournament, user)


@transaction.atomic
def remove(player: Player, user=None) -> None:
    """A player removed by the arbiter (registered by mistake): his online entry, if he has one, is
    refused and he is told by mail (it would stay "approved" with no player, and bar him from entering
    again); the waiting list moves up."""
    entry = Registration.objects.filter(player=player).first()
    remove_player(player, user)
    if entry is not None:
        entry.status, entry.player = Status.REFUSED, None
        entry.save(update_fields=["status", "player"])
        audit.record(entry.tournament, Kind.REGISTRATION, "refused", f"{entry.name}'s entry refused: removed",
                     user=user)
        queue_mail(entry, Notice.Kind.REFUSED)
    promote_waiting(player.tournament, user)


@transaction.atomic
def withdraw(player: Player, from_round: int | None, user=None) -> bool:
    """C.04.2 D.3: the player withdrawn from ``from_round`` on (None: reinstated), and, withdrawn before
    round 1 (he never plays), his place goes to the waiting list.  Whether anything changed."""
    lock_tournament(player.tournament)
    changed = withdraw_player(player, from_round, user)
    if changed and from_round == 1:
        promote_waiting(player.tournament, user)
    return changed


def promote_waiting(tournament: Tournament, user=None) -> None:
    """Places freed: the first entries of the waiting list move up, in the order they came."""
    side = player_side(tournament)
    for entry in tournament.registrations.filter(status=Status.WAITING).order_by("created_at", "pk"):
        if _full(side):
            return
        entry.status = Status.PENDING
        entry.save(update_fields=["status"])
        audit.record(tournament, Kind.REGISTRATION, "promoted", f"{entry.name} moved up from the waiting list",
                     user=user)
        queue_mail(entry, Notice.Kind.PROMOTED)  # says "approved" too when it is by then
        if side.approval == Approval.AUTOMATIC:
            _approve_if_clear(entry, user)


def _approve_if_clear(entry: Registration, user) -> None:
    """Approved automatically unless in doubt (his FIDE id or a namesake with his rating registered by the
    arbiter meanwhile): then left to the arbiter, never failing the action that freed the place."""
    try:
        with transaction.atomic():
            approve(entry, user, mail=False, confirm=False)
    except Refused:
        audit.record(entry.tournament, Kind.REGISTRATION, "left pending",
                     f"{entry.name}'s entry left to the arbiter: like a registered player's", user=user)
