"""The task's body: the engine run outside any transaction, the boards stored in a short one
under the tournament's lock, the engine's progress written and its time limit kept."""

from __future__ import annotations

import logging
import time
from dataclasses import dataclass

from celery.exceptions import SoftTimeLimitExceeded
from django.db import transaction
from django.utils import timezone

from pairing.engine import (
    EngineError,
    NoValidPairing,
    pair_round,
)
from pairing.rounds import team_run
from pairing.rounds.heartbeat import Heartbeat
from pairing.rounds.stale import fingerprint, team_fingerprint
from pairing.rounds.timing import current, fail, fail_past_time_limit
from tournaments import audit
from tournaments.exchange.trf import first_game_round, tournament_document
from tournaments.models import Game, Player, Result, Round, Tournament, is_team_event
from tournaments.queries.standings import published_aros
from tournaments.services import Busy, lock_tournament

log = logging.getLogger(__name__)


PAIRING_ATTEMPTS = 3


#: The engine's progress is written to the round at most this often (seconds).
PROGRESS_EVERY = 1.0


class PairingTimeout(Exception):
    """The pairing passed its tournament's time limit: raised in the engine by its progress callback."""


class PairingStopped(Exception):
    """The round is no longer being paired (cancelled or released): the engine stops."""


class RoundProgress:
    """The engine's ``progress(done, total, size)`` for one round being paired.

    It writes the progress to the round at most every ``PROGRESS_EVERY`` seconds, and the last
    report, in a one-row UPDATE outside any transaction (no lock is held while the engine
    computes), and stops the engine: :class:`PairingTimeout` past ``deadline``
    (``time.monotonic()``), :class:`PairingStopped` once the round is no longer being paired.
    """

    def __init__(self, round_id: int, deadline: float, task_id: str | None = None):
        self.round_id, self.deadline, self.task_id, self.written = round_id, deadline, task_id, None

    def __call__(self, done: int, total: int, size: int) -> None:
        now = time.monotonic()
        if now > self.deadline:
            raise PairingTimeout
        if self.written is not None and now - self.written < PROGRESS_EVERY and done < total:
            return  # the first report, the last (storing the boards) and one a second
        self.written = now
        if not current(self.round_id, self.task_id).update(progress_done=done, progress_total=total,
                                                           progress_size=size):
            raise PairingStopped


def run_pairing(round_id: int, task_id: str | None = None) -> None:
    """The task's body: pair the round with the engine and store its boards (a draft).

    Only while ``task_id`` is the round's current task (the watcher may have sent it again); the
    heartbeat beats meanwhile.  Inputs that change while the engine runs (a late entry, a
    corrected result) make it pair again, as the arbiter would want the pairing of what is in the
    database now; up to ``PAIRING_ATTEMPTS`` times, then the round fails with a message.  All of
    them within the tournament's time limit, counted from the task's start as Celery counts its own.
    """
    started = time.monotonic()
    heartbeat = Heartbeat(round_id, task_id)
    if not heartbeat.start():
        return  # cancelled, done by an earlier delivery of this task, or sent again since
    with heartbeat:
        try:
            for _attempt in range(PAIRING_ATTEMPTS):
                round_ = current(round_id, task_id).select_related("tournament").first()
                if round_ is None:
                    return  # cancelled, or failed by the watcher
                tournament = round_.tournament
                progress = RoundProgress(round_id, started + tournament.pairing_time_limit, task_id)
                try:
                    document = _document(tournament, round_.number)
                    pair = team_run.pair if is_team_event(tournament) else _pair
                    pairing = pair(document, tournament, round_, progress)
                except (SoftTimeLimitExceeded, PairingTimeout, PairingStopped):
                    raise
                except Exception as error:  # the round must never stay "being paired"
                    fail(round_id, _failure(error, round_), task_id)
                    return
                if _store_when_free(round_id, task_id, document, pairing, progress):
                    return
            fail(round_id, "Players or results kept changing while the round was being paired: nothing was "
                           "paired. Pair again.", task_id)
        except PairingStopped:
            log.info("round %s is no longer being paired by this task: the engine stopped", round_id)
        except (SoftTimeLimitExceeded, PairingTimeout):  # Celery's soft limit, or the engine's callback
            fail_past_time_limit(round_id, task_id)


def _document(tournament: Tournament, number: int):
    """What round ``number`` is paired from: the TRF document (a team event's: its team document)."""
    if is_team_event(tournament):
        return team_run.document(tournament, number)
    return tournament_document(tournament, rounds=number - 1, pairing=number)


def _pair(document, tournament: Tournament, round_: Round, progress: RoundProgress):
    """The engine's pairing of the round, with its explanation (None when it could not be built:
    the engine logs it and the pairing stands).  The tournament's edition of the rules, its
    acceleration, and (in the document) its forbidden pairs: the same as the exported file says."""
    return pair_round(document, tournament.system, round_number=round_.number, total_rounds=tournament.rounds,
                      edition=tournament.edition, baku=tournament.baku, progress=progress, explain=True)


def _failure(error: Exception, round_: Round) -> str:
    if isinstance(error, NoValidPairing):
        return f"No valid pairing exists: {error}"
    if isinstance(error, EngineError):
        return str(error)
    log.exception("pairing %s failed", round_)
    return "The pairing engine failed unexpectedly; the error has been logged."


def _store_when_free(round_id: int, task_id: str | None, document, pairing, progress: RoundProgress) -> bool:
    """:func:`_store`, once the tournament is free: a long action holding it (a big import) past the
    lock's wait does not throw the engine's work away; it is stored when the action is over, within
    the round's time limit (the heartbeat beats meanwhile)."""
    while True:
        try:
            return _store(round_id, task_id, document, pairing)
        except Busy:  # lock_tournament: another action still under way
            if time.monotonic() > progress.deadline:
                raise PairingTimeout from None
            log.info("round %s: the tournament is busy; the pairing waits to be stored", round_id)


def _store(round_id: int, task_id: str | None, document, pairing) -> bool:
    """Store the boards if nothing changed meanwhile; False if the input changed (pair again)."""
    with transaction.atomic():
        round_ = Round.objects.filter(pk=round_id).select_related("tournament").first()
        if round_ is None:
            return True  # cancelled: store nothing
        tournament = lock_tournament(round_.tournament)
        round_ = current(round_id, task_id).select_for_update().first()
        if round_ is None:
            return True  # cancelled, failed, sent again, or stored by another delivery
        if _document(tournament, round_.number) != document:
            log.info("%s: the tournament changed during the pairing; pairing again", round_)
            return False
        if is_team_event(tournament):
            team_run.store(tournament, round_, pairing)
            round_.paired_from = team_fingerprint(document, round_.number)  # compared later (stale.py)
            round_.status, round_.paired_at = Round.Status.DRAFT, timezone.now()
            round_.save(update_fields=["status", "paired_at", "explanation", "paired_from"])
            return True
        players = {p.pairing_number: p for p in tournament.players.all()}
        Game.objects.bulk_create(
            Game(round=round_, board=board, white=players[white],
                 black=players[black] if black else None, result=Result.BYE if not black else "")
            for board, (white, black) in enumerate(pairing.as_numbers(), start=1)
        )
        round_.brackets = [_bracket_of_players(bracket, players) for bracket in pairing.brackets]
        round_.explanation = pairing.explanation.to_json() if pairing.explanation else {}
        # compared later (pairing/rounds/stale.py); a Double-Swiss match from its first game's column
        round_.paired_from = fingerprint(document, first_game_round(round_.number, tournament.games_per_round))
        round_.status, round_.paired_at = Round.Status.DRAFT, timezone.now()
        round_.save(update_fields=["status", "paired_at", "brackets", "explanation", "paired_from"])
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
    # A player unpaired by hand then removed is in the engine's report but no longer in the tournament.
    def known(pks):
        return [players[pk] for pk in pks if pk in players]

    return [BracketReport(
        score=b["score"], residents=known(b["residents"]),
        upfloaters=[(players[pk], score) for pk, score in b["upfloaters"] if pk in players],
        groups=[(label, known(members)) for label, members in b["groups"]],
        pairs=[(players[white], players[black]) for white, black in b["pairs"] if {white, black} <= players.keys()],
        note=b["note"])
        for b in round_.brackets]
