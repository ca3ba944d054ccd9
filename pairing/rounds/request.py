"""A pairing requested: the round created in the database first (its unique (tournament,
number) makes a second request fail however it arrives), then the task queued."""

from __future__ import annotations

import random

from django.db import IntegrityError, transaction
from django.utils import timezone
from django.utils.text import get_text_list
from django.utils.translation import gettext as _
from django.utils.translation import ngettext

from pairing.rounds import team_run
from pairing.rounds.outbox import new_task_id, send
from pairing.rounds.publish import discard_round
from pairing.rounds.watch import watch_round
from tournaments import audit
from tournaments.models import Game, Round, Tournament, is_team_event, pending_games
from tournaments.services import Refused, all_paired, lock_tournament


class ServiceUnavailable(Refused):
    """The pairing service (the Celery broker) cannot be reached; nothing was changed."""


def check_can_pair(tournament: Tournament) -> int:
    """The number of the next round, or :class:`Refused` with the reason it cannot be paired.

    A failed last round is paired again (``request_pairing`` replaces it).
    """
    last = tournament.round_set.order_by("-number").first()
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
    missing = _missing_results(tournament)
    if missing:
        raise Refused(missing)
    if number > tournament.rounds:
        raise Refused(all_paired(tournament))
    if is_team_event(tournament):
        team_run.check_can_pair_teams(tournament, number)
    elif sum(p.plays_in(number) for p in tournament.players.all()) < 2:
        raise Refused(_("At least two players are needed to pair a round."))
    return number


def _missing_results(tournament: Tournament) -> str:
    """"Round 3 still has missing results: boards 4, 7 and 12." (every round's), or ""."""
    boards: dict[int, list[int]] = {}
    # a Double-Swiss match: either game (C.04.5)
    for number, board in (Game.objects.filter(pending_games("", tournament), round__tournament=tournament)
                          .order_by("round__number", "board").values_list("round__number", "board")):
        boards.setdefault(number, []).append(board)
    if not boards:
        return ""

    def listed(numbers: list[int]) -> str:
        return ngettext("board %(boards)s", "boards %(boards)s", len(numbers)) % {
            "boards": get_text_list([str(n) for n in numbers], _("and"))}

    if len(boards) == 1:
        (number, missing), = boards.items()
        return _("Round %(round)s still has missing results: %(boards)s.") % {"round": number,
                                                                              "boards": listed(missing)}
    return _("Rounds %(rounds)s still have missing results: %(boards)s.") % {
        "rounds": get_text_list([str(n) for n in boards], _("and")),
        "boards": "; ".join(_("round %(round)s, %(boards)s") % {"round": number, "boards": listed(missing)}
                            for number, missing in boards.items())}


def request_pairing(tournament: Tournament, user=None) -> Round:
    """Create round N in the *pairing* state and queue the engine for it once that is committed.

    When the broker cannot be reached the round is withdrawn and :class:`ServiceUnavailable`
    says so (at once when called outside a transaction, as the views and the API do).
    """
    last = tournament.round_set.order_by("-number").first()
    if last is not None:
        watch_round(last)  # a lost pairing sent again or failed, before (the watcher sends at once)
    with transaction.atomic():
        lock_tournament(tournament)
        number = check_can_pair(tournament)
        tournament.round_set.filter(number=number, status=Round.Status.FAILED).delete()
        try:
            with transaction.atomic():
                # The outbox's entry: sent once this commits (_queue), else by the watcher.
                round_ = Round.objects.create(tournament=tournament, number=number, requested_by=user,
                                              date=timezone.localdate(), task_id=new_task_id())
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
    """Send the task (the outbox's entry); when the broker cannot be reached, withdraw the round."""
    if send(round_.pk):
        return
    with transaction.atomic():
        withdrawn, _deleted = Round.objects.filter(pk=round_.pk, status=Round.Status.PAIRING, task_sent=False).delete()
        if not withdrawn:
            return  # the watcher sent it meanwhile
        if drew_colour:
            Tournament.objects.filter(pk=round_.tournament_id).update(initial_colour="",
                                                                      initial_colour_by_lot=False)
    raise ServiceUnavailable(_("The pairing service cannot be reached: nothing was changed. Try again in a "
                               "moment."))


def pair_again(round_: Round, user=None) -> Round:
    """Discard the draft of ``round_`` and pair the round again, in one action (C.04.2 D.10: a
    round not yet played may be paired again): what the arbiter wants of an out-of-date draft."""
    try:
        with transaction.atomic():
            lock_tournament(round_.tournament)
            round_ = Round.objects.filter(pk=round_.pk).select_related("tournament").first()
            if round_ is None or round_.status != Round.Status.DRAFT:
                raise Refused(_("This round has no draft to pair again: reload the page."))
            discard_round(round_, user)
            return request_pairing(round_.tournament, user)
    except ServiceUnavailable:
        # The queueing runs once the discard is committed: the draft is gone, nothing is paired.
        raise ServiceUnavailable(_("The draft was discarded, but the pairing service cannot be reached: pair the "
                                   "round again in a moment.")) from None
