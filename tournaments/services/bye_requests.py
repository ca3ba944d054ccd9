"""Bye requests (docs/players.md): a player asks not to play a future round, within the tournament's
limits (how many, not in the last rounds, until a deadline before the round); granted automatically
or by the arbiter.  A granted request is an ``Absence`` (C.04.2 D.4), what the engine and the TRF see."""

from __future__ import annotations

import datetime

from django.db import transaction
from django.db.models import Q
from django.utils import timezone
from django.utils.translation import gettext as _

from tournaments import audit
from tournaments.audit import Kind
from tournaments.models import Approval, ByeRequest, Player, PlayerSide, Tournament
from tournaments.services import Refused, last_paired_round, local_when, lock_tournament, only_rounds
from tournaments.services.players import set_absence
from tournaments.services.registration import player_side

Status = ByeRequest.Status
ACTIVE = (Status.PENDING, Status.GRANTED)


def deadline(side: PlayerSide, number: int) -> datetime.datetime | None:
    """The last moment to ask for a bye in round ``number`` (None: until the round is paired)."""
    start = side.round_start(number)
    return None if start is None else start - datetime.timedelta(hours=side.bye_deadline)


def _limits_problem(side: PlayerSide, player: Player, number: int) -> str | None:
    tournament = side.tournament
    last_allowed = tournament.rounds - side.no_byes_last_rounds
    if number > last_allowed:
        return _("No bye in the last %(count)s rounds: ask for round %(last)s at the latest.") % {
            "count": side.no_byes_last_rounds, "last": last_allowed} if last_allowed > 0 else _(
            "This tournament gives no bye on request.")
    # granted, or still to decide: a request left pending until its round was paired can no longer be granted
    asked = player.bye_requests.filter(Q(status=Status.GRANTED) | Q(
        status=Status.PENDING, round_number__gt=last_paired_round(tournament))).count()
    if asked >= side.max_byes:
        return _("You have %(count)s bye requests already: the tournament allows %(max)s.") % {
            "count": asked, "max": side.max_byes}
    when = deadline(side, number)
    if when and timezone.now() >= when:
        return _("Too late: requests for round %(number)s closed at %(when)s (%(hours)s hours before the "
                 "round).") % {"number": number, "when": local_when(when),
                               "hours": side.bye_deadline}
    return None


def bye_problem(side: PlayerSide, player: Player, number: int, bye: str) -> str | None:
    """Why ``player`` may not ask for a ``bye`` in round ``number`` (None: he may)."""
    tournament = side.tournament
    if not side.bye_requests:
        return _("This tournament takes no bye requests: ask the arbiter.")
    if number > tournament.rounds:
        return only_rounds(tournament)
    if number <= last_paired_round(tournament):
        return _("Round %(number)s has been paired already.") % {"number": number}
    if not player.plays_in(number):
        return _("You are not paired in round %(number)s.") % {"number": number}
    if bye == Tournament.Bye.HALF and not tournament.half_point_byes:
        return _("This tournament does not give half-point byes.")
    if player.absences.filter(round_number=number).exists() or player.bye_requests.filter(
            round_number=number, status__in=ACTIVE).exists():
        return _("You have asked for a bye in round %(number)s already.") % {"number": number}
    return _limits_problem(side, player, number)


@transaction.atomic
def request_bye(player: Player, number: int, bye: str, user=None) -> ByeRequest:
    """The request, granted at once when the tournament grants them automatically."""
    tournament = lock_tournament(player.tournament)
    side = player_side(tournament)
    problem = bye_problem(side, player, number, bye)
    if problem:
        raise Refused(problem)
    request = ByeRequest.objects.create(player=player, round_number=number, bye=bye)
    audit.record(tournament, Kind.BYE_REQUEST, "asked",
                 f"{player.name} asked for a {request.get_bye_display().lower()} in round {number}", user=user)
    if side.bye_approval == Approval.AUTOMATIC:
        grant(request, user)
        request.refresh_from_db()
    return request


def _locked(request: ByeRequest, *statuses: str) -> ByeRequest:
    lock_tournament(request.player.tournament)
    request = ByeRequest.objects.select_related("player__tournament").get(pk=request.pk)
    if request.status not in statuses:
        raise Refused(_("This request is %(status)s already.") % {"status": request.get_status_display().lower()})
    return request


@transaction.atomic
def grant(request: ByeRequest, user=None) -> None:
    request = _locked(request, Status.PENDING)
    set_absence(request.player, request.round_number, request.bye, user)  # refuses a round paired already
    request.status = Status.GRANTED
    request.save(update_fields=["status"])
    audit.record(request.player.tournament, Kind.BYE_REQUEST, "granted",
                 f"{request.player.name}: bye in round {request.round_number} granted", user=user)


@transaction.atomic
def refuse(request: ByeRequest, reason: str, user=None) -> None:
    request = _locked(request, Status.PENDING)
    request.status, request.reason = Status.REFUSED, reason[:300]
    request.save(update_fields=["status", "reason"])
    audit.record(request.player.tournament, Kind.BYE_REQUEST, "refused",
                 f"{request.player.name}: bye in round {request.round_number} refused: {reason}"[:300], user=user)


@transaction.atomic
def cancel(request: ByeRequest, user=None) -> None:
    """The player takes his request back (a granted one too, while its round is not paired)."""
    request = _locked(request, *ACTIVE)
    if request.status == Status.GRANTED:
        set_absence(request.player, request.round_number, None, user)
    request.status = Status.CANCELLED
    request.save(update_fields=["status"])
    audit.record(request.player.tournament, Kind.BYE_REQUEST, "cancelled",
                 f"{request.player.name}: bye request for round {request.round_number} cancelled", user=user)
