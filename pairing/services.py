"""The round lifecycle: request a pairing, run the engine, publish or discard.

``request_pairing`` creates the round in the database first: the unique
(tournament, number) constraint makes a second request for the same round
fail however it arrives (double click, two arbiters, the API), so one
pairing task runs per round.
"""

from __future__ import annotations

import logging
import random

from django.db import IntegrityError, transaction
from django.utils import timezone

from pairing.engine import EngineError, NoValidPairing, pair_round
from tournaments.models import Game, Result, Round, Tournament
from tournaments.services import Refused, draw_lots, last_paired_round
from tournaments.trf import tournament_document

log = logging.getLogger(__name__)


def check_can_pair(tournament: Tournament) -> int:
    """The number of the next round, or :class:`Refused` with the reason it cannot be paired."""
    last = tournament.round_set.order_by("-number").first()
    number = last.number + 1 if last else 1
    if last is not None and last.status == Round.Status.PAIRING:
        raise Refused(f"Round {last.number} is being paired.")
    if last is not None and last.status != Round.Status.PUBLISHED:
        raise Refused(f"Round {last.number} is not published yet: publish or discard it first.")
    if last is not None and not last.results_complete:
        raise Refused(f"Round {last.number} still has missing results.")
    if number > tournament.rounds:
        raise Refused(f"All {tournament.rounds} rounds have been paired.")
    if sum(p.plays_in(number) for p in tournament.players.all()) < 2:
        raise Refused("At least two players are needed to pair a round.")
    return number


def request_pairing(tournament: Tournament, user=None) -> Round:
    """Create round N in the *pairing* state and queue the engine for it."""
    from .tasks import pair_round_task

    with transaction.atomic():
        Tournament.objects.select_for_update().get(pk=tournament.pk)
        number = check_can_pair(tournament)
        try:
            with transaction.atomic():
                round_ = Round.objects.create(tournament=tournament, number=number, requested_by=user,
                                              date=timezone.localdate())
        except IntegrityError:
            raise Refused(f"Round {number} is already being paired.") from None
        if number == 1 and not tournament.initial_colour:
            # The initial colour is drawn by lot and recorded with the tournament.
            tournament.initial_colour = random.SystemRandom().choice("wb")
            tournament.initial_colour_by_lot = True
            tournament.save(update_fields=["initial_colour", "initial_colour_by_lot"])
        transaction.on_commit(lambda: pair_round_task.delay(round_.pk))
    return round_


def run_pairing(round_id: int) -> None:
    """The task's body: pair the round with the engine and store its boards (a draft)."""
    with transaction.atomic():
        round_ = (Round.objects.select_for_update().select_related("tournament")
                  .filter(pk=round_id, status=Round.Status.PAIRING).first())
        if round_ is None:
            return  # discarded meanwhile, or already done
        tournament = round_.tournament
        document = tournament_document(tournament, rounds=round_.number - 1, pairing=round_.number)
        try:
            # The tournament's edition of the rules, its acceleration, and (in the document) its
            # forbidden pairs: the same as the exported file says.
            pairing = pair_round(document, tournament.system, round_number=round_.number,
                                 total_rounds=tournament.rounds, edition=tournament.edition,
                                 baku=tournament.baku)
        except Exception as error:  # the round must never stay "being paired"
            if isinstance(error, NoValidPairing):
                message = f"No valid pairing exists: {error}"
            elif isinstance(error, EngineError):
                message = str(error)
            else:
                log.exception("pairing %s failed", round_)
                message = "The pairing engine failed unexpectedly; the error has been logged."
            round_.status, round_.error = Round.Status.FAILED, message
            round_.save(update_fields=["status", "error"])
            return
        players = {p.pairing_number: p for p in tournament.players.all()}
        Game.objects.bulk_create(
            Game(round=round_, board=board, white=players[white],
                 black=players[black] if black else None, result=Result.BYE if not black else "")
            for board, (white, black) in enumerate(pairing.as_numbers(), start=1)
        )
        round_.status, round_.paired_at = Round.Status.DRAFT, timezone.now()
        round_.save(update_fields=["status", "paired_at"])


def publish_round(round_: Round) -> None:
    with transaction.atomic():
        round_ = Round.objects.select_for_update().get(pk=round_.pk)
        if round_.status != Round.Status.DRAFT:
            raise Refused(f"Round {round_.number} has no draft pairing to publish.")
        round_.status, round_.published_at = Round.Status.PUBLISHED, timezone.now()
        round_.save(update_fields=["status", "published_at"])
        draw_lots(round_.tournament)


def discard_round(round_: Round) -> None:
    """Throw the pairing away so the round can be paired again (C.04.2 D.10: not once played)."""
    with transaction.atomic():
        round_ = Round.objects.select_for_update().get(pk=round_.pk)
        if round_.number != last_paired_round(round_.tournament):
            raise Refused("Only the last round can be discarded.")
        if round_.games.exclude(result__in=["", Result.BYE]).exists():
            raise Refused(f"Round {round_.number} has results: it cannot be paired again.")
        round_.delete()
