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

The engine reports its progress through a callback (``RoundProgress``): the
task writes it to the round at most once a second, in a one-row UPDATE of its
own, and the round's page shows it.  The same callback enforces the
tournament's time limit in any process (a worker, or the web process when
tasks run eagerly), besides Celery's soft and hard limits sent with the task.

A round never stays "being paired": the task is redelivered when its worker
dies (``CELERY_TASK_ACKS_LATE``, ``CELERY_TASK_REJECT_ON_WORKER_LOST``), the
round fails with a message past its tournament's ``pairing_time_limit``, and
a round whose task was lost is released by whoever looks at it or asks to
pair, or by the task itself if it arrives that late (``stale_after``: no beat
process needed).  The arbiter can cancel a pairing at any time
(``discard_round``): the engine stops at its next bracket, and a task that
finishes afterwards stores nothing.
"""

from __future__ import annotations

import logging
import random
import time
from dataclasses import dataclass
from datetime import timedelta

from celery.exceptions import SoftTimeLimitExceeded
from django.conf import settings
from django.db import IntegrityError, transaction
from django.utils import timezone
from django.utils.translation import gettext as _
from kombu.exceptions import OperationalError as BrokerError

from pairing.engine import EngineError, NoValidPairing, pair_round
from pairing.engine.review import Board, Finding, differences, in_publishing_order, new_findings, review
from tournaments import audit
from tournaments.models import Game, ManualChange, Player, Result, Round, Tournament
from tournaments.services import Refused, all_paired, draw_lots, last_paired_round, lock_tournament
from tournaments.standings import published_aros
from tournaments.trf import tournament_document

log = logging.getLogger(__name__)

#: Engine runs for one request when players or results keep changing meanwhile.
PAIRING_ATTEMPTS = 3


#: The engine's progress is written to the round at most this often (seconds).
PROGRESS_EVERY = 1.0


class ServiceUnavailable(Refused):
    """The pairing service (the Celery broker) cannot be reached; nothing was changed."""


class PairingTimeout(Exception):
    """The pairing passed its tournament's time limit: raised in the engine by its progress callback."""


class PairingStopped(Exception):
    """The round is no longer being paired (cancelled or released): the engine stops."""


def duration(seconds: int) -> str:
    """``45 s``, ``10 min``, ``2 min 05 s``: a time limit or a pairing's running time."""
    minutes, seconds = divmod(max(int(seconds), 0), 60)
    if not minutes:
        return f"{seconds} s"
    return f"{minutes} min {seconds:02d} s" if seconds else f"{minutes} min"


def stale_after(tournament: Tournament) -> int:
    """Seconds after which a round still being paired has certainly lost its task: no task runs
    longer than its tournament's limit plus the hard-kill delay.  A worker that died whole is not
    waited for (Redis would give its task back only after PAIRING_REDELIVERY_AFTER, an hour): the
    arbiter gets the round back with a message, and a task arriving later finds it no longer being
    paired and stores nothing."""
    return tournament.pairing_time_limit + settings.PAIRING_KILL_AFTER + settings.PAIRING_STALE_MARGIN


def release_if_stale(round_: Round) -> bool:
    """Fail a round being paired for longer than any task can take (its task was lost)."""
    stale = stale_after(round_.tournament)
    if round_.status != Round.Status.PAIRING or timezone.now() - round_.requested_at < timedelta(seconds=stale):
        return False
    message = (f"The pairing did not finish within {duration(stale)}: the pairing service may have stopped. "
               f"Nothing was paired; pair again or discard.")
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

    limit = round_.tournament.pairing_time_limit
    try:
        # Retries and timeouts: CELERY_TASK_PUBLISH_RETRY_POLICY, CELERY_BROKER_TRANSPORT_OPTIONS.
        # The tournament's time limit: Celery raises SoftTimeLimitExceeded in the task, then kills it.
        pair_round_task.apply_async((round_.pk,), retry=True, soft_time_limit=limit,
                                    time_limit=limit + settings.PAIRING_KILL_AFTER)
    except (BrokerError, OSError):
        log.exception("the pairing of %s could not be queued", round_)
        with transaction.atomic():
            Round.objects.filter(pk=round_.pk, status=Round.Status.PAIRING).delete()
            if drew_colour:
                Tournament.objects.filter(pk=round_.tournament_id).update(initial_colour="",
                                                                          initial_colour_by_lot=False)
        raise ServiceUnavailable(_("The pairing service cannot be reached: nothing was changed. Try again in a "
                                   "moment.")) from None


class RoundProgress:
    """The engine's ``progress(done, total, size)`` for one round being paired.

    It writes the progress to the round at most every ``PROGRESS_EVERY`` seconds, and the last
    report, in a one-row UPDATE outside any transaction (no lock is held while the engine
    computes), and stops the engine: :class:`PairingTimeout` past ``deadline``
    (``time.monotonic()``), :class:`PairingStopped` once the round is no longer being paired.
    """

    def __init__(self, round_id: int, deadline: float):
        self.round_id, self.deadline, self.written = round_id, deadline, None

    def __call__(self, done: int, total: int, size: int) -> None:
        now = time.monotonic()
        if now > self.deadline:
            raise PairingTimeout
        if self.written is not None and now - self.written < PROGRESS_EVERY and done < total:
            return  # the first report, the last (storing the boards) and one a second
        self.written = now
        if not Round.objects.filter(pk=self.round_id, status=Round.Status.PAIRING).update(
                progress_done=done, progress_total=total, progress_size=size):
            raise PairingStopped


def run_pairing(round_id: int) -> None:
    """The task's body: pair the round with the engine and store its boards (a draft).

    Inputs that change while the engine runs (a late entry, a corrected result) make it pair
    again, as the arbiter would want the pairing of what is in the database now; up to
    ``PAIRING_ATTEMPTS`` times, then the round fails with a message.  All of them within the
    tournament's time limit, counted from the task's start as Celery counts its own.
    """
    started = time.monotonic()
    try:
        for _attempt in range(PAIRING_ATTEMPTS):
            round_ = (Round.objects.select_related("tournament")
                      .filter(pk=round_id, status=Round.Status.PAIRING).first())
            if round_ is None or release_if_stale(round_):
                return  # cancelled, released, or done by an earlier delivery of this task
            tournament = round_.tournament
            document = tournament_document(tournament, rounds=round_.number - 1, pairing=round_.number)
            progress = RoundProgress(round_id, deadline=started + tournament.pairing_time_limit)
            try:
                pairing = _pair(document, tournament, round_, progress)
            except (SoftTimeLimitExceeded, PairingTimeout, PairingStopped):
                raise
            except Exception as error:  # the round must never stay "being paired"
                _fail(round_id, _failure(error, round_))
                return
            if _store(round_id, document, pairing):
                return
        _fail(round_id, "Players or results kept changing while the round was being paired: nothing was "
                        "paired. Pair again.")
    except PairingStopped:
        log.info("round %s is no longer being paired: the engine stopped", round_id)
    except (SoftTimeLimitExceeded, PairingTimeout):  # Celery's soft limit, or the engine's callback
        fail_past_time_limit(round_id)


def fail_past_time_limit(round_id: int) -> None:
    """The round goes back to not paired with a message: its pairing passed the tournament's limit."""
    limit = Tournament.objects.filter(round_set__pk=round_id).values_list("pairing_time_limit", flat=True).first()
    _fail(round_id, f"The pairing did not finish within the tournament's time limit ({duration(limit or 0)}): "
                    f"the round is not paired. Pair again, or give the engine more time in the tournament's "
                    f"settings.")


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
        round_.explanation = pairing.explanation.to_json() if pairing.explanation else {}
        round_.status, round_.paired_at = Round.Status.DRAFT, timezone.now()
        round_.save(update_fields=["status", "paired_at", "brackets", "explanation"])
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


def publish_explanation(round_: Round, publish: bool, user=None) -> None:
    """Show (or stop showing) why the round was paired so on its public page, once the round is
    published there."""
    with transaction.atomic():
        round_ = Round.objects.select_for_update().get(pk=round_.pk)
        if not round_.explanation:
            raise Refused(_("Round %(number)s has no explanation to publish.") % {"number": round_.number})
        if round_.explanation_published == publish:
            return  # a second click
        round_.explanation_published = publish
        round_.save(update_fields=["explanation_published"])
        action = "explained" if publish else "unexplained"
        summary = (f"Round {round_.number}: the explanation of the pairing published" if publish
                   else f"Round {round_.number}: the explanation of the pairing withdrawn")
        audit.record(round_.tournament, audit.Kind.ROUND, action, summary, user=user,
                     before={"round": round_.number, "explanation published": not publish},
                     after={"round": round_.number, "explanation published": publish})


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


# Manual changes of a draft pairing ---------------------------------------------------------------

ManualKind = ManualChange.Kind


@dataclass
class Proposal:
    """A manual change of a draft round, before it is saved: the boards now and after, the engine's
    pairing and how the change differs from it, and the rules the new pairing breaks that the
    engine's does not (``pairing.engine.review``)."""

    round: Round
    kind: str
    summary: str
    before: list[Board]
    after: list[Board]
    engine: list[Board]
    removed: list[Board]        # boards of the engine's pairing no longer there
    added: list[Board]          # boards the engine did not make
    findings: list[Finding]     # what the new pairing breaks beyond the engine's pairing
    introduced: list[Finding]   # of those, what this change breaks (not the pairing before it)
    names: dict[int, str]

    @property
    def fingerprint(self) -> str:
        """The boards the change was reviewed on: a change confirmed on other boards is refused."""
        return _fingerprint(self.before)

    @property
    def breaks_absolute(self) -> bool:
        return any(f.absolute for f in self.findings)

    @property
    def named(self) -> dict[str, list[tuple[str, str]]]:
        """The boards after, removed and added, each player as "number. name" (black "" for the bye)."""
        def label(number: int) -> str:
            return f"{number}. {self.names.get(number, '')}" if number else ""
        return {which: [(label(white), label(black)) for white, black in boards]
                for which, boards in (("after", self.after), ("removed", self.removed), ("added", self.added))}

    @property
    def moved(self) -> set[str]:
        """The players (as in ``named``) on the boards the engine did not make."""
        return {label for pair in self.named["added"] for label in pair if label}


def _fingerprint(boards: list[Board]) -> str:
    return " ".join(f"{white}-{black}" for white, black in boards)


def current_boards(round_: Round) -> list[Board]:
    return [(g.white.pairing_number, g.black.pairing_number if g.black_id else 0)
            for g in round_.games.select_related("white", "black").order_by("board")]


def engine_boards(round_: Round) -> list[Board]:
    """The engine's pairing of the round: the boards before the first manual change (stored by the
    players' keys, so a renumbering since, a late entry's, changes nothing).  A board of a player
    removed since (unpaired by hand, then removed from the tournament) is left out."""
    first = round_.manual_changes.order_by("pk").first()
    if first is None:
        return current_boards(round_)
    number = dict(round_.tournament.players.values_list("pk", "pairing_number")) | {0: 0}
    return [(number[white], number[black]) for white, black in first.before
            if white in number and black in number]


def unpaired_players(round_: Round) -> list[Player]:
    """The players to be paired in the round who have no board (left out by a manual change)."""
    state = _state(round_)
    on_boards = {n for board in current_boards(round_) for n in board}
    numbers = [p.number for p in state.players if p.number not in on_boards]
    return list(round_.tournament.players.filter(pairing_number__in=numbers).order_by("pairing_number"))


def _state(round_: Round):
    tournament = round_.tournament
    document = tournament_document(tournament, rounds=round_.number - 1, pairing=round_.number)
    return tournament.rules_edition.round_state(document, round_.number, tournament.rounds)


def _board(boards: list[Board], number: int | None) -> Board:
    if number is None or not 1 <= number <= len(boards):
        raise Refused(_("Choose a board from 1 to %(count)s.") % {"count": len(boards)})
    return boards[number - 1]


def _changed(boards: list[Board], kind: str, board: int | None, other_board: int | None,
             player: int | None, other: int | None, state) -> tuple[list[Board], str]:
    """The boards after the change, and what it does in words (players by pairing number)."""
    boards = list(boards)
    if kind in (ManualKind.SWAP, ManualKind.UNPAIR, ManualKind.EXCHANGE):
        first = _board(boards, board)
        if kind == ManualKind.UNPAIR:
            boards.remove(first)
            if not first[1]:
                return boards, f"the pairing-allocated bye of {first[0]} withdrawn: {first[0]} is not paired"
            return boards, f"board {board} ({first[0]}-{first[1]}) unpaired: {first[0]} and {first[1]} are not paired"
        if not first[1]:
            raise Refused(_("Board %(board)s is the pairing-allocated bye: it has no colours nor opponent.") % {
                "board": board})
        if kind == ManualKind.SWAP:
            boards[board - 1] = (first[1], first[0])
            return boards, f"colours swapped on board {board}: {first[0]}-{first[1]} becomes {first[1]}-{first[0]}"
        second = _board(boards, other_board)
        if second == first or not second[1]:
            raise Refused(_("Exchange opponents between two different boards, neither of them the bye."))
        boards[board - 1], boards[other_board - 1] = (first[0], second[1]), (second[0], first[1])
        return boards, (f"opponents exchanged between boards {board} and {other_board}: {first[0]}-{first[1]} and "
                        f"{second[0]}-{second[1]} become {first[0]}-{second[1]} and {second[0]}-{first[1]}")
    to_pair = {p.number for p in state.players}
    chosen = [n for n in (player, other) if n is not None]
    for number in chosen:
        if number not in to_pair:
            raise Refused(_("Player %(number)s is not to be paired in round %(round)s (absent, withdrawn, not yet "
                            "entered, or no such pairing number).") % {"number": number, "round": state.round_number})
    holder = next((white for white, black in boards if not black), None)
    seat = {n: b for b in boards for n in b if n}
    if kind == ManualKind.PAIR:
        if player is None or other is None or player == other:
            raise Refused(_("Choose two different players to pair, white first."))
        for number in (player, other):
            if number in seat and number != holder:
                raise Refused(_("Player %(number)s is on a board: unpair it first, or exchange opponents.") % {
                    "number": number})
        boards = [b for b in boards if b[0] not in (player, other) or b[1]] + [(player, other)]
        return boards, f"{player} (white) paired with {other} (black)"
    if kind == ManualKind.BYE:
        if player is None:
            raise Refused(_("Choose the player to get the pairing-allocated bye."))
        if player == holder:
            raise Refused(_("Player %(number)s has the pairing-allocated bye already.") % {"number": player})
        left = seat.get(player)
        boards = [b for b in boards if b != left and b[1]]
        said = f"the pairing-allocated bye given to {player}"
        opponent = None if left is None else left[1] if left[0] == player else left[0]
        if opponent and holder:
            # The former PAB holder takes the new one's place, with the colour the new one had.
            boards.append((holder, opponent) if left[0] == player else (opponent, holder))
            said += f"; {holder} (who had it) meets {opponent} instead"
        elif opponent:
            said += f"; {opponent} is not paired"
        elif holder:
            said += f"; {holder} (who had it) is not paired"
        return [*boards, (player, 0)], said
    raise Refused(_("Choose a change: swap colours, exchange opponents, unpair, pair, or give the bye."))


def propose_change(round_: Round, kind: str, board: int | None = None, other_board: int | None = None,
                   player: int | None = None, other: int | None = None) -> Proposal:
    """What a manual change of the draft ``round_`` would make, and what it would break; changes nothing.

    Raises :class:`Refused` when the round is not a draft or the change cannot be made."""
    if round_.status != Round.Status.DRAFT:
        raise Refused(_("Round %(number)s is not a draft: only a draft pairing can be changed by hand (C.04.2 D.10: "
                        "a published pairing stays as it is).") % {"number": round_.number})
    tournament = round_.tournament
    state = _state(round_)
    before = current_boards(round_)
    after, said = _changed(before, kind, board, other_board, player, other, state)
    after = in_publishing_order(state, after)
    engine = engine_boards(round_)
    system, edition = tournament.swiss_system, tournament.rules_edition
    try:
        found = review(state, system, edition, after)
        findings = new_findings(found, review(state, system, edition, engine))
        introduced = new_findings(findings, review(state, system, edition, before))
    except EngineError as error:
        raise Refused(_("This change cannot be made: %(error)s.") % {"error": error}) from None
    removed, added = differences(engine, after)
    names = dict(tournament.players.values_list("pairing_number", "name"))
    return Proposal(round_, kind, f"Round {round_.number}: {said}", before, after, engine, removed, added,
                    findings, introduced, names)


def apply_manual_change(round_: Round, kind: str, fingerprint: str, user=None, **change) -> ManualChange:
    """Save a manual change the arbiter reviewed (``propose_change``) on the boards ``fingerprint``:
    the round's boards in their new publishing order, a :class:`ManualChange` row and an audit entry."""
    with transaction.atomic():
        lock_tournament(round_.tournament)
        round_ = Round.objects.select_for_update().select_related("tournament").filter(pk=round_.pk).first()
        if round_ is None:
            raise Refused(_("The round was discarded meanwhile: nothing was changed."))
        proposal = propose_change(round_, kind, **change)
        if proposal.fingerprint != fingerprint:
            raise Refused(_("The draft changed since this change was reviewed: nothing was saved. Review it again."))
        players = {p.pairing_number: p for p in round_.tournament.players.all()}
        round_.games.all().delete()
        Game.objects.bulk_create(
            Game(round=round_, board=number, white=players[white], black=players[black] if black else None,
                 result=Result.BYE if not black else "")
            for number, (white, black) in enumerate(proposal.after, start=1))
        findings = [f.as_json() for f in proposal.introduced]
        fide = round_.tournament.fide_mode

        def keys(boards: list[Board]) -> list[list[int]]:
            return [[players[white].pk, players[black].pk if black else 0] for white, black in boards]

        change_row = ManualChange.objects.create(
            round=round_, kind=kind, summary=proposal.summary[:300], before=keys(proposal.before),
            after=keys(proposal.after), findings=findings, fide_mode=fide, user=user)
        breaks = [f"{f.article}: {f.text}" for f in proposal.introduced]
        audit.record(round_.tournament, audit.Kind.MANUAL, kind,
                     proposal.summary + (f" (breaks {len(breaks)} rule{'s' if len(breaks) > 1 else ''})" if breaks
                                         else ""), user=user,
                     before={"round": round_.number, "boards": _board_texts(proposal.before)},
                     after={"round": round_.number, "boards": _board_texts(proposal.after),
                            "FIDE mode": "on" if fide else "off", "breaks": breaks or "nothing"})
    return change_row


def _board_texts(boards: list[Board]) -> list[str]:
    return [f"{white}-{black or 'bye'}" for white, black in boards]

