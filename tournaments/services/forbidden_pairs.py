"""Forbidden pairs: players the tournament keeps apart (family members, say), which the engine
treats as players who have met (an absolute criterion, C.04.3 C.1); TRF: XXP / 260."""

from __future__ import annotations

from django.db import transaction
from django.utils.translation import gettext as _
from django.utils.translation import override

from tournaments import audit
from tournaments.audit import Kind
from tournaments.models import ForbiddenPair, Player, Tournament
from tournaments.services import Refused, all_paired, last_paired_round, lock_tournament, only_rounds


@transaction.atomic
def forbid_pair(tournament: Tournament, player: Player, other: Player, first_round: int | None = None,
                last_round: int | None = None, user=None) -> ForbiddenPair:
    """Keep two players apart (family members, say) from ``first_round`` (default: the next round to
    be paired) to ``last_round`` (default: the last round).  The engine treats the pair as it treats
    players who have met (an absolute criterion, C.04.3 C.1); TRF: XXP / 260."""
    lock_tournament(tournament)
    if player.tournament_id != tournament.pk or other.tournament_id != tournament.pk:
        raise Refused(_("Both players must be registered in this tournament."))
    if player.pk == other.pk:
        raise Refused(_("Choose two different players: %(name)s was chosen twice.") % {
            "name": player.name})
    paired = last_paired_round(tournament)
    if paired >= tournament.rounds:
        raise Refused(all_paired(tournament))
    if first_round is None:
        first_round = paired + 1
    elif first_round <= paired:
        raise Refused(_("Round %(number)s has been paired already: a forbidden pair applies from round "
                        "%(next)s on.") % {"number": first_round, "next": paired + 1})
    if first_round > tournament.rounds or (last_round or 0) > tournament.rounds:
        raise Refused(only_rounds(tournament))
    if last_round is not None and last_round < first_round:
        raise Refused(_("The last round (%(last)s) comes before the first (%(first)s).") % {
            "last": last_round, "first": first_round})
    if last_round == tournament.rounds:
        last_round = None
    low, high = sorted((player, other), key=lambda p: p.pk)
    existing = ForbiddenPair.objects.filter(player=low, other=high).first()
    if existing is not None:
        raise Refused(_("%(player)s and %(other)s are already kept apart (%(rounds)s).") % {
            "player": low.name, "other": high.name, "rounds": existing.rounds_display()})
    pair = ForbiddenPair.objects.create(tournament=tournament, player=low, other=high, first_round=first_round,
                                        last_round=last_round)
    with override(None):  # the audit log is written in English (audit.py)
        audit.record(tournament, Kind.FORBIDDEN_PAIR, "added", f"{low.name} and {high.name} kept apart "
                     f"({pair.rounds_display()})", user=user, after=_pair_data(pair))
    return pair


def _pair_data(pair: ForbiddenPair) -> dict:
    """For the audit log (in English: called under ``override(None)``)."""
    return {"players": f"{pair.player.name} – {pair.other.name}", "rounds": pair.rounds_display()}


@transaction.atomic
def allow_pair(pair: ForbiddenPair, user=None) -> str:
    """Remove a forbidden pair.  Rounds already paired under it keep it (it then ends with the last
    paired round), so that the exported file still explains their pairings; the message says which."""
    lock_tournament(pair.tournament)
    pair = ForbiddenPair.objects.select_for_update().select_related("tournament", "player", "other").get(pk=pair.pk)
    paired = last_paired_round(pair.tournament)
    names = f"{pair.player.name} and {pair.other.name}"
    players = {"player": pair.player.name, "other": pair.other.name}
    with override(None):
        before = _pair_data(pair)
    if pair.first_round > paired:
        pair.delete()
        audit.record(pair.tournament, Kind.FORBIDDEN_PAIR, "removed", f"{names} may be paired again", user=user,
                     before=before)
        return _("%(player)s and %(other)s may be paired with each other again.") % players
    if pair.last_round is not None and pair.last_round <= paired:
        raise Refused(_("The pairings of %(rounds)s kept %(player)s and %(other)s apart and stay as they are; the "
                        "pair applies to no later round.") % {**players, "rounds": pair.rounds_display()})
    pair.last_round = paired
    pair.save(update_fields=["last_round"])
    with override(None):
        audit.record(pair.tournament, Kind.FORBIDDEN_PAIR, "ended", f"{names} may be paired from round {paired + 1} "
                     "on", user=user, before=before, after=_pair_data(pair))
    return _("%(player)s and %(other)s may be paired with each other from round %(next)s on (kept apart in "
             "%(rounds)s, which have been paired already).") % {**players, "next": paired + 1,
                                                                 "rounds": pair.rounds_display()}
