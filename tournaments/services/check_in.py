"""Check-in (docs/players.md): a player says he is there before round 1 (and before each round when
the tournament asks); at the deadline the arbiter marks those who did not as absent for the round,
so they are not paired (C.04.2 D.4: a player known not to play a round)."""

from __future__ import annotations

import datetime

from django.db import transaction
from django.utils import timezone
from django.utils.translation import gettext as _
from django.utils.translation import ngettext

from tournaments import audit
from tournaments.audit import Kind
from tournaments.cache import bump
from tournaments.models import Absence, CheckIn, Player, PlayerSide, Tournament
from tournaments.services import (
    ConfirmationNeeded,
    Refused,
    full_stop,
    last_paired_round,
    local_when,
    lock_tournament,
)
from tournaments.services.registration import player_side


def check_in_round(tournament: Tournament, side: PlayerSide | None = None) -> int | None:
    """The round the players check in for: the next one to pair, when the tournament asks (None: none)."""
    side = side or player_side(tournament)
    number = last_paired_round(tournament) + 1
    if number > tournament.rounds or not (side.check_in_each_round or (side.check_in and number == 1)):
        return None
    return number


def window(side: PlayerSide, number: int) -> tuple[datetime.datetime | None, datetime.datetime | None]:
    """When check-in for round ``number`` opens and closes (None, None: no start time, open until paired)."""
    start = side.round_start(number)
    if start is None:
        return None, None
    return (start - datetime.timedelta(minutes=side.check_in_opens),
            start - datetime.timedelta(minutes=side.check_in_closes))


def check_in_problem(player: Player, number: int | None, side: PlayerSide) -> str | None:
    """Why ``player`` cannot check in now (None: he can)."""
    if number is None:
        return _("There is no check-in now.")
    opens, closes = window(side, number)
    now = timezone.now()
    if opens and now < opens:
        return full_stop(_("Check-in for round %(number)s opens at %(when)s.") % {
            "number": number, "when": local_when(opens)})
    if closes and now >= closes:
        return _("Check-in for round %(number)s closed at %(when)s: see the arbiter.") % {
            "number": number, "when": local_when(closes)}
    if not player.plays_in(number):
        return _("You are not paired in round %(number)s.") % {"number": number}
    if player.absences.filter(round_number=number).exists():
        return _("You are marked absent for round %(number)s: see the arbiter.") % {"number": number}
    return None


@transaction.atomic
def check_in(player: Player, user=None) -> CheckIn:
    """The player is there for the round checked in for; checking in twice changes nothing."""
    tournament = lock_tournament(player.tournament)
    number = check_in_round(tournament)
    problem = check_in_problem(player, number, player_side(tournament))
    if problem:
        raise Refused(problem)
    done, created = CheckIn.objects.get_or_create(player=player, round_number=number)
    if created:
        audit.record(tournament, Kind.CHECK_IN, "checked in", f"{player.name} checked in for round {number}",
                     user=user)
    return done


def not_checked_in(tournament: Tournament, number: int) -> list[Player]:
    """The players to be paired in round ``number`` who have neither checked in nor announced an absence."""
    absent = set(Absence.objects.filter(player__tournament=tournament, round_number=number)
                 .values_list("player_id", flat=True))
    present = set(CheckIn.objects.filter(player__tournament=tournament, round_number=number)
                  .values_list("player_id", flat=True))
    return [player for player in tournament.players.all()
            if player.plays_in(number) and player.pk not in absent | present]


@transaction.atomic
def mark_absent(tournament: Tournament, number: int, user=None, confirm: bool = False) -> int:
    """C.04.2 D.4: the players who did not check in are absent from round ``number`` (a zero-point
    bye, not paired).  Asks first (:class:`ConfirmationNeeded`); how many were marked."""
    tournament = lock_tournament(tournament)
    if number != check_in_round(tournament):
        raise Refused(_("Round %(number)s has no check-in now (paired already?): nothing was changed.") % {
            "number": number})
    missing = not_checked_in(tournament, number)
    if not missing:
        raise Refused(_("Every player has checked in for round %(number)s.") % {"number": number})
    if not confirm:
        raise ConfirmationNeeded(ngettext(
            "%(count)s player has not checked in for round %(number)s: mark them absent (not paired)?",
            "%(count)s players have not checked in for round %(number)s: mark them absent (not paired)?",
            len(missing)) % {"count": len(missing), "number": number})
    Absence.objects.bulk_create([Absence(player=player, round_number=number, bye=Absence.Kind.ZERO)
                                 for player in missing])
    audit.record(tournament, Kind.ABSENCE, "no check-in",
                 f"{len(missing)} player{'s' if len(missing) != 1 else ''} absent from round {number}: no check-in",
                 user=user, after={"round": number, "players": [player.name for player in missing]})
    bump(pk=tournament.pk)  # bulk writes send no signal (tournaments/cache.py)
    return len(missing)
