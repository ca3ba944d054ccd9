"""The round lifecycle: request a pairing, run the engine, publish or discard.

A refusal speaks the arbiter's language; what is stored (the audit log, a failed round's
``error``, written by the task as well) stays in English.

``request_pairing`` creates the round in the database first: the unique
(tournament, number) constraint makes a second request for the same round
fail however it arrives (double click, two arbiters, the API), so one
pairing task runs per round.

No lock is held while the engine computes: ``run_pairing`` reads the
tournament as a TRF document, pairs it outside any transaction, then stores
the boards in a short transaction under the tournament's lock, only if the
round is still being paired and the document read again is the same.  Every
action that changes what a pairing reads takes that lock first
(``tournaments.services.lock_tournament``), so it waits for that short write,
never for the engine.

A round never stays "being paired": the task is redelivered when its worker
dies (``CELERY_TASK_ACKS_LATE``, ``CELERY_TASK_REJECT_ON_WORKER_LOST``), the
round fails with a message past ``PAIRING_TIME_LIMIT``, and a round whose task
was lost is released by whoever looks at it or asks to pair, or by the task
itself if it arrives that late (``PAIRING_STALE_AFTER``: no beat process
needed).  The arbiter can cancel a pairing at any time (``discard_round``); a
task that finishes afterwards stores nothing.
"""

from __future__ import annotations

import logging
import random
from dataclasses import dataclass
from datetime import timedelta

from celery.exceptions import SoftTimeLimitExceeded
from django.conf import settings
from django.db import IntegrityError, transaction
from django.utils import timezone
from django.utils.translation import gettext as _
from kombu.exceptions import OperationalError as BrokerError

from pairing.engine import EngineError, NoValidPairing, pair_round
from tournaments import audit
from tournaments.models import Game, Player, Result, Round, Tournament
from tournaments.services import Refused, all_paired, draw_lots, last_paired_round, lock_tournament
from tournaments.standings import published_aros
from tournaments.trf import tournament_document

log = logging.getLogger(__name__)

#: Engine runs for one request when players or results keep changing meanwhile.
PAIRING_ATTEMPTS = 3


class ServiceUnavailable(Refused):
    """The pairing service (the Celery broker) cannot be reached; nothing was changed."""


def release_if_stale(round_: Round) -> bool:
    """Fail a round being paired for longer than any task can take (its task was lost)."""
    limit = timedelta(seconds=settings.PAIRING_STALE_AFTER)
    if round_.status != Round.Status.PAIRING or timezone.now() - round_.requested_at < limit:
        return False
    message = (f"The pairing did not finish within {settings.PAIRING_STALE_AFTER // 60} minutes: the pairing "
               f"service may have stopped. Nothing was paired; pair again or discard.")
    released = Round.objects.filter(pk=round_.pk, status=Round.Status.PAIRING).update(
        status=Round.Status.FAILED, error=message)
    if released:
        log.warning("%s released: its pairing task was lost", round_)
        _log_failure(round_.tournament_id, round_.number, message)
        round_.status, round_.error = Round.Status.FAILED, message
    return bool(released)


def check_can_pair(tournament: Tournament) -> int:
    """The number of the next round, or :class:`Refused` with the reason it cannot be paired.

    A failed last round is paired again (``request_pairing`` replaces it).
    """
    last = tournament.round_set.order_by("-number").first()
    if last is not None:
        release_if_stale(last)
    number = last.number + 1 if last else 1
    if last is not None and last.status == Round.Status.FAILED:
        number = last.number
    elif last is not None and last.status == Round.Status.PAIRING:
        raise Refused(_("Round %(number)s is being paired: wait for it, or cancel it on the round's page.") % {
            "number": last.number})
    elif last is not None and last.status != Round.Status.PUBLISHED:
        raise Refused(_("Round %(number)s is not published yet: publish or discard it first.") % {
            "number": last.number})
    # Every earlier round, not only the last: a result cleared later would allow a rematch.
    missing = sorted(set(Game.objects.filter(round__tournament=tournament, result=Result.PENDING)
                         .values_list("round__number", flat=True)))
    if missing:
        rounds = ", ".join(map(str, missing))
        raise Refused((_("Round %(rounds)s still has missing results.") if len(missing) == 1 else
                       _("Rounds %(rounds)s still have missing results.")) % {"rounds": rounds})
    if number > tournament.rounds:
        raise Refused(all_paired(tournament))
    if sum(p.plays_in(number) for p in tournament.players.all()) < 2:
        raise Refused(_("At least two players are needed to pair a round."))
    return number


def request_pairing(tournament: Tournament, user=None) -> Round:
    """Create round N in the *pairing* state and queue the engine for it once that is committed.

    When the broker cannot be reached the round is withdrawn and :class:`ServiceUnavailable`
    says so (at once when called outside a transaction, as the views and the API do).
    """
    with transaction.atomic():
        lock_tournament(tournament)
        number = check_can_pair(tournament)
        tournament.round_set.filter(number=number, status=Round.Status.FAILED).delete()
        try:
            with transaction.atomic():
                round_ = Round.objects.create(tournament=tournament, number=number, requested_by=user,
                                              date=timezone.localdate())
        except IntegrityError:
            raise Refused(_("Round %(number)s is already being paired.") % {"number": number}) from None
        drew_colour = number == 1 and not tournament.initial_colour
        if drew_colour:
            # The initial colour is drawn by lot and recorded with the tournament.
            tournament.initial_colour = random.SystemRandom().choice("wb")
            tournament.initial_colour_by_lot = True
            tournament.save(update_fields=["initial_colour", "initial_colour_by_lot"])
        audit.record(tournament, audit.Kind.ROUND, "requested", f"Round {number}: pairing requested", user=user,
                     after={"round": number, "status": Round.Status(round_.status).label})
        transaction.on_commit(lambda: _queue(round_, drew_colour))
    return round_


def _queue(round_: Round, drew_colour: bool) -> None:
    from .tasks import pair_round_task

    try:
        # Retries and timeouts: CELERY_TASK_PUBLISH_RETRY_POLICY, CELERY_BROKER_TRANSPORT_OPTIONS.
        # No time limits in the message: the worker's own PAIRING_TIME_LIMIT applies.
        pair_round_task.apply_async((round_.pk,), retry=True, time_limit=None, soft_time_limit=None)
    except (BrokerError, OSError):
        log.exception("the pairing of %s could not be queued", round_)
        with transaction.atomic():
            Round.objects.filter(pk=round_.pk, status=Round.Status.PAIRING).delete()
            if drew_colour:
                Tournament.objects.filter(pk=round_.tournament_id).update(initial_colour="",
                                                                          initial_colour_by_lot=False)
        raise ServiceUnavailable(_("The pairing service cannot be reached: nothing was changed. Try again in a "
                                   "moment.")) from None


def run_pairing(round_id: int) -> None:
    """The task's body: pair the round with the engine and store its boards (a draft).

    Inputs that change while the engine runs (a late entry, a corrected result) make it pair
    again, as the arbiter would want the pairing of what is in the database now; up to
    ``PAIRING_ATTEMPTS`` times, then the round fails with a message.
    """
    try:
        for _attempt in range(PAIRING_ATTEMPTS):
            round_ = (Round.objects.select_related("tournament")
                      .filter(pk=round_id, status=Round.Status.PAIRING).first())
            if round_ is None or release_if_stale(round_):
                return  # cancelled, released, or done by an earlier delivery of this task
            tournament = round_.tournament
            document = tournament_document(tournament, rounds=round_.number - 1, pairing=round_.number)
            try:
                # The tournament's edition of the rules, its acceleration, and (in the document) its
                # forbidden pairs: the same as the exported file says.
                pairing = pair_round(document, tournament.system, round_number=round_.number,
                                     total_rounds=tournament.rounds, edition=tournament.edition,
                                     baku=tournament.baku)
            except SoftTimeLimitExceeded:
                raise
            except Exception as error:  # the round must never stay "being paired"
                _fail(round_id, _failure(error, round_))
                return
            if _store(round_id, document, pairing):
                return
        _fail(round_id, "Players or results kept changing while the round was being paired: nothing was "
                        "paired. Pair again.")
    except SoftTimeLimitExceeded:  # raised by Celery at PAIRING_TIME_LIMIT, wherever the task is
        _fail(round_id, f"The pairing engine did not finish within its time limit ({settings.PAIRING_TIME_LIMIT} s)."
                        f" Nothing was paired; pair again or discard.")


def _failure(error: Exception, round_: Round) -> str:
    if isinstance(error, NoValidPairing):
        return f"No valid pairing exists: {error}"
    if isinstance(error, EngineError):
        return str(error)
    log.exception("pairing %s failed", round_)
    return "The pairing engine failed unexpectedly; the error has been logged."


def _fail(round_id: int, message: str) -> None:
    with transaction.atomic():
        if Round.objects.filter(pk=round_id, status=Round.Status.PAIRING).update(status=Round.Status.FAILED,
                                                                                 error=message):
            tournament_id, number = Round.objects.values_list("tournament_id", "number").get(pk=round_id)
            _log_failure(tournament_id, number, message)


def _log_failure(tournament_id: int, number: int, message: str) -> None:
    audit.record(tournament_id, audit.Kind.ROUND, "failed", f"Round {number}: the pairing failed", via="task",
                 before={"round": number, "status": Round.Status.PAIRING.label},
                 after={"round": number, "status": Round.Status.FAILED.label, "error": message})


def _store(round_id: int, document, pairing) -> bool:
    """Store the boards if nothing changed meanwhile; False if the input changed (pair again)."""
    with transaction.atomic():
        round_ = Round.objects.filter(pk=round_id).select_related("tournament").first()
        if round_ is None:
            return True  # cancelled: store nothing
        tournament = lock_tournament(round_.tournament)
        round_ = Round.objects.select_for_update().filter(pk=round_id, status=Round.Status.PAIRING).first()
        if round_ is None:
            return True  # cancelled, released, or stored by another delivery
        if tournament_document(tournament, rounds=round_.number - 1, pairing=round_.number) != document:
            log.info("%s: the tournament changed during the pairing; pairing again", round_)
            return False
        players = {p.pairing_number: p for p in tournament.players.all()}
        Game.objects.bulk_create(
            Game(round=round_, board=board, white=players[white],
                 black=players[black] if black else None, result=Result.BYE if not black else "")
            for board, (white, black) in enumerate(pairing.as_numbers(), start=1)
        )
        round_.brackets = [_bracket_of_players(bracket, players) for bracket in pairing.brackets]
        round_.status, round_.paired_at = Round.Status.DRAFT, timezone.now()
        round_.save(update_fields=["status", "paired_at", "brackets"])
        numbers = pairing.as_numbers()
        audit.record(tournament, audit.Kind.ROUND, "paired", f"Round {round_.number} paired: {len(numbers)} boards "
                     f"(draft)", via="task", before={"round": round_.number, "status": Round.Status.PAIRING.label},
                     after={"round": round_.number, "status": Round.Status.DRAFT.label,
                            "boards": [f"{w}-{b or 'bye'}" for w, b in numbers]})
    return True


def _bracket_of_players(bracket, players: dict) -> dict:
    """A bracket the engine reported (``Bracket.as_json``), its pairing numbers as the players'
    primary keys: what the round page shows stays right if the numbers change."""
    data = bracket.as_json()
    pk = {number: player.pk for number, player in players.items()}
    return {**data, "residents": [pk[n] for n in data["residents"]],
            "upfloaters": [[pk[n], score] for n, score in data["upfloaters"]],
            "pairs": [[pk[white], pk[black]] for white, black in data["pairs"]],
            "groups": [[label, [pk[n] for n in numbers]] for label, numbers in data["groups"]]}


@dataclass
class BracketReport:
    """A stored bracket (``Round.brackets``) with its players: each has ``aro`` (the ARO the pairing
    read, Dubov) or None."""

    score: int
    residents: list[Player]
    upfloaters: list[tuple[Player, int]]
    groups: list[tuple[str, list[Player]]]
    pairs: list[tuple[Player, Player]]
    note: str


def bracket_reports(round_: Round) -> list[BracketReport]:
    """How the engine formed the round's brackets, for the arbiter to check (empty if the system
    reports none)."""
    if not round_.brackets:
        return []
    tournament = round_.tournament
    players = {p.pk: p for p in tournament.players.all()}
    aros = published_aros(tournament, round_.number - 1) or {}
    for player in players.values():
        player.aro = aros.get(player.pairing_number)
    return [BracketReport(
        score=b["score"], residents=[players[pk] for pk in b["residents"]],
        upfloaters=[(players[pk], score) for pk, score in b["upfloaters"]],
        groups=[(label, [players[pk] for pk in members]) for label, members in b["groups"]],
        pairs=[(players[white], players[black]) for white, black in b["pairs"]], note=b["note"])
        for b in round_.brackets]


def publish_round(round_: Round, user=None) -> None:
    with transaction.atomic():
        round_ = Round.objects.select_for_update().get(pk=round_.pk)
        if round_.status != Round.Status.DRAFT:
            raise Refused(_("Round %(number)s has no draft pairing to publish.") % {"number": round_.number})
        round_.status, round_.published_at = Round.Status.PUBLISHED, timezone.now()
        round_.save(update_fields=["status", "published_at"])
        audit.record(round_.tournament, audit.Kind.ROUND, "published", f"Round {round_.number} published", user=user,
                     before={"round": round_.number, "status": Round.Status.DRAFT.label},
                     after={"round": round_.number, "status": Round.Status.PUBLISHED.label})
        draw_lots(round_.tournament, user=user)


def _boards(round_: Round) -> list[str]:
    return [f"{g.white.pairing_number}-{g.black.pairing_number if g.black else 'bye'}"
            for g in round_.games.select_related("white", "black")]


def discard_round(round_: Round, user=None) -> None:
    """Throw the pairing away so the round can be paired again (C.04.2 D.10: not once played).

    This also cancels a pairing under way: its task finds no round and stores nothing.
    """
    with transaction.atomic():
        round_ = Round.objects.select_for_update().filter(pk=round_.pk).first()
        if round_ is None:
            return  # discarded already (a second click)
        if round_.number != last_paired_round(round_.tournament):
            raise Refused(_("Only the last round can be discarded."))
        if round_.games.exclude(result__in=["", Result.BYE]).exists():
            raise Refused(_("Round %(number)s has results: it cannot be paired again.") % {"number": round_.number})
        action = "cancelled" if round_.status == Round.Status.PAIRING else "discarded"
        audit.record(round_.tournament, audit.Kind.ROUND, action, f"Round {round_.number}: pairing {action}",
                     user=user, before={"round": round_.number, "status": Round.Status(round_.status).label,
                                        "boards": _boards(round_)})
        round_.delete()
