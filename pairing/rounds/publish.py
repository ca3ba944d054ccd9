"""A draft published (its lots drawn, C.07), its explanation published, or the round discarded
(C.04.2 D.10: not once played; a pairing under way is cancelled)."""

from __future__ import annotations

import hashlib

from django.db import transaction
from django.utils import timezone
from django.utils.translation import gettext as _

from pairing.rounds.manual import could_be_paired, unpaired_players
from pairing.rounds.notices import notices_sent, queue_notices
from pairing.rounds.stale import changed_parts, describe
from tournaments import audit
from tournaments.models import Result, Round, is_team_event
from tournaments.queries.tasks import build_soon
from tournaments.services import ConfirmationNeeded, Refused, lock_tournament
from tournaments.services.setup import draw_lots


def draft_revision(round_: Round) -> str:
    """Which draft this is: another after a discard and a new pairing, or a manual change (of its boards,
    or of its matches in a team event: C.04.6, the boards come with the line-ups)."""
    boards = " ".join(f"{white}-{black}" for white, black in round_.games.order_by("board")
                      .values_list("white_id", "black_id"))
    matches = " ".join(f"{white}-{black}" for white, black in round_.matches.order_by("number")
                       .values_list("white_team_id", "black_team_id"))
    return hashlib.sha256(f"{round_.pk}|{boards}|{matches}".encode()).hexdigest()[:16]


def publish_round(round_: Round, user=None, confirm: bool = False, revision: str | None = None) -> None:
    """Publish the draft.  Asked first (:class:`ConfirmationNeeded`, answered with ``confirm``):
    a draft paired from what has changed since (``pairing.rounds.stale``), and players to be paired
    left without a board (``_left_out``; refused in FIDE mode when a pairing could give them one).
    ``revision`` (:func:`draft_revision`): the draft the arbiter read, refused if it is no longer the
    round's (another arbiter, or another tab, paired it again or changed it meanwhile).
    The arbiter's decision is in the audit log."""
    with transaction.atomic():
        lock_tournament(round_.tournament)  # nothing the pairing reads changes meanwhile
        round_ = Round.objects.select_for_update().select_related("tournament").filter(pk=round_.pk).first()
        if round_ is None:
            raise Refused(_("The draft was discarded meanwhile: nothing was published."))
        if round_.status != Round.Status.DRAFT:
            raise Refused(_("Round %(number)s has no draft pairing to publish.") % {"number": round_.number})
        if revision is not None and revision != draft_revision(round_):
            raise Refused(_("The draft of round %(number)s changed since you read it (paired again, or changed by "
                            "hand): read it again, then publish.") % {"number": round_.number})
        changed, left_out = changed_parts(round_), _left_out(round_)
        questions = [_stale_question(round_, changed)] if changed else []
        if left_out:
            questions.append(_left_out_question(round_, left_out))
        if questions and not confirm:
            raise ConfirmationNeeded(" ".join(questions), questions)  # each reason apart for the API
        round_.status, round_.published_at = Round.Status.PUBLISHED, timezone.now()
        round_.save(update_fields=["status", "published_at"])
        after = {"round": round_.number, "status": Round.Status.PUBLISHED.label}
        if changed:
            after["out of date"] = changed  # the parts that changed since the pairing (English keys)
        if left_out:
            after["left without a board"] = left_out
        summary = f"Round {round_.number} published" + (" although out of date" if changed else "") + (
            f" with {left_out} left without a board" if left_out else "")
        audit.record(round_.tournament, audit.Kind.ROUND, "published", summary[:300], user=user,
                     before={"round": round_.number, "status": Round.Status.DRAFT.label}, after=after)
        draw_lots(round_.tournament, user=user)
        queue_notices(round_)  # sent once this commits, publishing never waits for them
        build_soon(round_.tournament)  # its board list's points, before the first reader asks


def _stale_question(round_: Round, changed: list[str]) -> str:
    return _("The draft of round %(number)s is out of date: %(changed)s changed after it was paired. Pair again, "
             "or publish it as it is.") % {"number": round_.number, "changed": describe(changed)}


def _left_out_question(round_: Round, names: str) -> str:
    if is_team_event(round_.tournament):
        return _("%(teams)s will have no match in round %(number)s: they are to be paired but score nothing for "
                 "it (C.04.6 1.4, 3.3.1: only the team with the pairing-allocated bye is left unpaired).") % {
            "teams": names, "number": round_.number}
    return _("%(players)s will have no board in round %(number)s: they are to be paired but score nothing for it "
             "(C.04.1 Art. 3: only the player with the pairing-allocated bye is left unpaired).") % {
        "players": names, "number": round_.number}


def _left_out(round_: Round) -> str:
    """The players (teams) to be paired who have no board (match) (a manual change unpaired them), as
    "number. name", or "".  In FIDE mode :class:`Refused` when a pairing could give them a board
    without breaking an absolute criterion (``could_be_paired``): C.04.3 1.9.1 (C.04.6 3.3.1), a
    round-pairing is complete only if every player (team) is paired but the one with the PAB."""
    players = unpaired_players(round_)
    if not players:
        return ""
    names = ", ".join(f"{p.pairing_number}. {p.name}" for p in players)
    if not (round_.tournament.fide_mode and could_be_paired(round_, {p.pairing_number for p in players})):
        return names
    if is_team_event(round_.tournament):
        raise Refused(_("FIDE mode: %(teams)s have no match in round %(number)s, but the round can be paired with "
                        "a match for each of them without breaking an absolute criterion ([C1]-[C2], C.04.6 "
                        "3.3.1). Give them a match (change the pairing by hand), or discard and pair again.") % {
            "teams": names, "number": round_.number})
    raise Refused(_("FIDE mode: %(players)s have no board in round %(number)s, but the round can be paired "
                    "with a board for each of them without breaking an absolute criterion ([C1]-[C3], "
                    "C.04.3 1.9.1). Give them a board (change the pairing by hand), or discard and pair again."
                    ) % {"players": names, "number": round_.number})


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


def discard_round(round_: Round, user=None, confirm: bool = False) -> None:
    """Throw the pairing away so the round can be paired again (C.04.2 D.10: not once played).

    A published round (no result yet) is discarded only once the arbiter confirms it
    (:class:`ConfirmationNeeded`): the players may have seen its boards.
    This also cancels a pairing under way: its task finds no round and stores nothing.
    """
    with transaction.atomic():
        lock_tournament(round_.tournament)  # as results are entered: none comes in while it goes
        round_ = Round.objects.select_for_update().filter(pk=round_.pk).first()
        if round_ is None:
            return  # discarded already (a second click)
        if round_.tournament.round_set.filter(number__gt=round_.number).exists():
            raise Refused(_("Only the last round can be discarded."))
        if round_.games.exclude(result__in=["", Result.BYE], result2="").exists():  # result2: Double-Swiss
            raise Refused(_("Round %(number)s has results: it cannot be paired again.") % {"number": round_.number})
        if round_.status == Round.Status.PUBLISHED and not confirm:
            raise ConfirmationNeeded(_("Round %(number)s is published: the players may have seen its boards. "
                                       "Unpublish and discard it?") % {"number": round_.number})
        action = "cancelled" if round_.status == Round.Status.PAIRING else "discarded"
        before = {"round": round_.number, "status": Round.Status(round_.status).label, "boards": _boards(round_)}
        if told := notices_sent(round_):
            before["notices sent"] = told  # the next publication's notices say they replace these
        audit.record(round_.tournament, audit.Kind.ROUND, action, f"Round {round_.number}: pairing {action}",
                     user=user, before=before)
        round_.delete()
