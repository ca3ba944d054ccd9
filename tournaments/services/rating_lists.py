"""A tournament's players rated from the FIDE rating list before round 1 (C.04.2 B.1-B.3); the
list's import is ``tournaments.exchange.rating_list_import``."""

from __future__ import annotations

import copy
from dataclasses import dataclass

from django.db import transaction
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy

from pairing.engine import DIGITS
from tournaments import audit
from tournaments.audit import Kind
from tournaments.models import Player, RatedPlayer, RatingList, Registration, Tournament
from tournaments.services import Refused, last_paired_round, lock_tournament
from tournaments.services.players import assign_pairing_numbers, renumbering_of


@dataclass(frozen=True)
class RatingChange:
    """A registered player whose list entry differs from his entry: ``before`` and ``after`` of
    each field that changes (rating, title, federation, K, birth year)."""

    player: Player
    before: dict
    after: dict

    def rows(self) -> list[tuple[str, object, object]]:
        """(field's label, before, after) of each change, for the page."""
        return [(FIELD_LABELS[field], self.before[field], self.after[field]) for field in self.before]


#: What the list updates of a registered player, and how the page names it.
UPDATED = ("rating", "title", "federation", "k_factor", "birth_year")
FIELD_LABELS = {"rating": gettext_lazy("Rating"), "title": gettext_lazy("Title"),
                "federation": gettext_lazy("Federation"), "k_factor": gettext_lazy("K factor"),
                "birth_year": gettext_lazy("Birth year")}


def _title(entry: RatedPlayer) -> str:
    """The player's title as the pairing order reads it (C.04.2 B.2 b): Tit, else WTit."""
    return entry.title or entry.w_title


def listed_rating(tournament: Tournament, who: Player | Registration) -> int | None:
    """The rating that counts for ``who`` (an entry online or a player) in ``tournament``: its FIDE
    list's when his FIDE id is there with a rating (what :func:`update_ratings` sets before round 1),
    else the one typed (unrated in the list: a national rating, say)."""
    fide_id = (who.fide_id or "").strip()
    rating_list = RatingList.objects.latest_of(tournament.rating_kind) if DIGITS.fullmatch(fide_id) else None
    if rating_list is None:
        return who.rating
    listed = RatedPlayer.objects.filter(list=rating_list, fide_id=int(fide_id)).values_list("rating", flat=True)
    return listed.first() or who.rating


def rating_changes(tournament: Tournament) -> tuple[RatingList | None, list[RatingChange]]:
    """The latest list of the tournament's kind, and what it changes of its players who have a
    FIDE id found there (in pairing-number order)."""
    rating_list = RatingList.objects.latest_of(tournament.rating_kind)
    if rating_list is None:
        return None, []
    players = [p for p in tournament.players.all() if DIGITS.fullmatch(p.fide_id)]
    entries = {e.fide_id: e for e in RatedPlayer.objects.filter(
        list=rating_list, fide_id__in=[int(p.fide_id) for p in players])}
    changes = []
    for player in players:
        entry = entries.get(int(player.fide_id))
        if entry is None:
            continue
        listed = {"rating": entry.rating, "title": _title(entry) if _title(entry) in Player.Title.values else "",
                  "federation": entry.federation, "k_factor": entry.k, "birth_year": entry.birth_year}
        # Empty in the list (unrated, no K): what the arbiter typed (a national rating) stays.
        before = {f: getattr(player, f) for f in UPDATED if getattr(player, f) != listed[f] and listed[f] is not None}
        if before:
            changes.append(RatingChange(player, before, {f: listed[f] for f in before}))
    return rating_list, changes


def renumbering(tournament: Tournament, changes: list[RatingChange]) -> list[tuple[str, int, int]]:
    """The pairing numbers the changes would move (C.04.2 B.2-B.3): ``(name, old, new)``."""
    corrected = []
    for change in changes:
        player = copy.copy(change.player)
        for field, value in change.after.items():
            setattr(player, field, value)
        corrected.append(player)
    return renumbering_of(tournament, corrected)


@transaction.atomic
def update_ratings(tournament: Tournament, user=None) -> int:
    """Rate the players from the latest list before round 1 (C.04.2 B.1); the pairing numbers
    follow the new initial order (B.2-B.3).  Returns how many players changed."""
    lock_tournament(tournament)
    if last_paired_round(tournament):
        raise Refused(_("The ratings are updated from the list before round 1 is paired only."))
    rating_list, changes = rating_changes(tournament)
    if rating_list is None:
        raise Refused(_("No %(kind)s rating list is imported yet.") % {"kind": tournament.get_rating_kind_display()})
    for change in changes:
        for field, value in change.after.items():
            setattr(change.player, field, value)
    Player.objects.bulk_update([c.player for c in changes], list(UPDATED))
    if changes:
        audit.record(tournament, Kind.PLAYER, "rated",
                     f"Ratings of {len(changes)} player{'s' if len(changes) != 1 else ''} updated from the "
                     f"{rating_list.kind} list of {rating_list.period:%Y-%m}", user=user,
                     before={c.player.name: c.before for c in changes},
                     after={c.player.name: c.after for c in changes})
    assign_pairing_numbers(tournament, user=user)
    return len(changes)
