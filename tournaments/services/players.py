"""Players: registration, corrections, the initial order and pairing numbers (C.04.2 B.2-B.3),
late entries (C.2), withdrawals (D.3) and announced absences (D.4)."""

from __future__ import annotations

import math
from collections.abc import Sequence

from django.db import transaction
from django.utils.translation import gettext as _
from django.utils.translation import override

from tournaments import audit
from tournaments.audit import Kind
from tournaments.cache import bump
from tournaments.limits import MAX_PLAYERS
from tournaments.models import Absence, Game, Player, Tournament
from tournaments.services import ConfirmationNeeded, Refused, last_paired_round, lock_tournament, only_rounds
from tournaments.validation import name_key

#: C.04.2 B.3: pairing numbers may be reassigned only for the first three rounds.
FREEZE_ROUND = 4
#: Rows per UPDATE when many players are renumbered (Django writes one CASE branch per row: keep it short).
UPDATE_BATCH = 250
TITLE_ORDER = {title: i for i, title in enumerate(Player.Title.values)}


def initial_order_key(player: Player):
    """C.04.2 B.2: rating, then FIDE title, then alphabetically."""
    return (-(player.rating or 0), TITLE_ORDER.get(player.title, len(TITLE_ORDER)),
            player.name.casefold(), player.pk or math.inf)  # players being registered last, in their order


def pairing_numbers_frozen(tournament: Tournament) -> bool:
    """C.04.2 B.3: no pairing number changes once the fourth round has been paired."""
    return last_paired_round(tournament) >= FREEZE_ROUND


def order_kept(tournament: Tournament) -> bool:
    """Once round 1 is paired, a correction no longer reorders the numbered players.

    Our reading of C.04.2 B.3 / 2026 Art. 2.3 ("the TPNs *may* be reassigned", never
    after round 4 is paired) and 2026 Art. 4.3 (a correction is used for the standings
    and the next pairing, not for pairings already made): a round is paired with the
    numbers it was paired with, for good.  The TRF holds one numbering, from which
    the engine's checker re-pairs every round, so a correction that reordered the
    numbers after round 1 would make the published rounds irreproducible (and would
    move the Baku group GA of rounds already paired, C.04.7 1.2-1.3).  The corrected
    rating counts for the standings and rating tie-breaks at once.  Late entries
    still get their place in the list (C.3, 2026 Art. 2.5) until round 4 is paired,
    without reordering the others.
    """
    return last_paired_round(tournament) > 0


def _numbered_order(tournament: Tournament, registered: Sequence[Player], new: Sequence[Player]) -> list[Player]:
    """Everybody in pairing-number order (C.04.2 B.2-B.3), the ``new`` players in their place."""
    if not order_kept(tournament):
        return sorted([*registered, *new], key=initial_order_key)
    # Round 1 paired: the numbered keep their order, the others are merged in by initial order.
    kept = sorted((p for p in registered if p.pairing_number is not None), key=lambda p: p.pairing_number)
    entering = sorted([*(p for p in registered if p.pairing_number is None), *new], key=initial_order_key)
    order = []
    while kept and entering:
        order.append(entering.pop(0) if initial_order_key(entering[0]) < initial_order_key(kept[0])
                     else kept.pop(0))
    return order + kept + entering


def _log_renumbering(tournament: Tournament, old: dict[int, int | None], players: Sequence[Player], user) -> None:
    """One entry for the numbers of registered players that changed (new players' are in their own entry)."""
    moved = [p for p in players if p.pk in old and old[p.pk] is not None and old[p.pk] != p.pairing_number]
    if moved:
        audit.record(tournament, Kind.PAIRING_NUMBERS, "renumbered",
                     f"Pairing numbers of {len(moved)} player{'s' if len(moved) != 1 else ''} changed", user=user,
                     before={p.name: old[p.pk] for p in moved}, after={p.name: p.pairing_number for p in moved})


def assign_pairing_numbers(tournament: Tournament, new: Sequence[Player] = (), user=None) -> None:
    """Number the players in initial order (C.04.2 B.3), late entries included (C.3).

    ``new`` players (not yet saved) are saved here, already numbered, in one statement.
    Once round 1 is paired the numbered players keep their order (:func:`order_kept`);
    once the numbers are frozen (round 4 paired), only players without a number
    (a late entry after round 3) get one, after everybody else.
    """
    bump(pk=tournament.pk)  # bulk writes send no signal (tournaments/cache.py)
    registered = list(tournament.players.select_for_update().all())
    old = {p.pk: p.pairing_number for p in registered}
    if pairing_numbers_frozen(tournament):
        last = max((p.pairing_number or 0 for p in registered), default=0)
        unnumbered = sorted((p for p in [*registered, *new] if p.pairing_number is None), key=initial_order_key)
        for offset, player in enumerate(unnumbered, start=1):
            player.pairing_number = last + offset
        Player.objects.bulk_update([p for p in unnumbered if p.pk], ["pairing_number"], batch_size=UPDATE_BATCH)
        Player.objects.bulk_create(new)
        _log_renumbering(tournament, old, unnumbered, user)
        return
    players = _numbered_order(tournament, registered, new)
    changed = [p for number, p in enumerate(players, start=1) if p.pk and p.pairing_number != number]
    # Two steps, so that the unique (tournament, pairing_number) holds throughout.
    if changed:
        Player.objects.filter(pk__in=[p.pk for p in changed]).update(pairing_number=None)
    for number, player in enumerate(players, start=1):
        player.pairing_number = number
    Player.objects.bulk_create(new)
    Player.objects.bulk_update(changed, ["pairing_number"], batch_size=UPDATE_BATCH)
    _log_renumbering(tournament, old, changed, user)


def renumbering_preview(player: Player) -> list[tuple[str, int, int]]:
    """What saving ``player`` (corrected, not saved) would renumber: ``(name, old, new)``
    in new-number order, nothing once the order is kept (:func:`order_kept`)."""
    return renumbering_of(player.tournament, [player])


def renumbering_of(tournament: Tournament, corrected: Sequence[Player]) -> list[tuple[str, int, int]]:
    """What saving the ``corrected`` players (not saved) would renumber, as :func:`renumbering_preview`."""
    if order_kept(tournament):
        return []
    corrections = {p.pk: p for p in corrected}
    stored = list(tournament.players.all())
    old = {p.pk: p.pairing_number for p in stored}
    registered = [corrections.get(p.pk, p) for p in stored]
    return [(p.name, old[p.pk], number) for number, p in enumerate(_numbered_order(tournament, registered, ()), 1)
            if old[p.pk] != number]


def check_entry_round(tournament: Tournament, player: Player, paired: int) -> None:
    """``paired``: the last round paired so far."""
    if player.entry_round > tournament.rounds:
        raise Refused(only_rounds(tournament))
    if player._state.adding and paired and player.entry_round <= paired:
        # C.04.2 C.2 b: a late entry is paired only from his arrival on.
        player.entry_round = paired + 1


def check_room(tournament: Tournament, adding: int) -> None:
    registered = tournament.players.count()
    if registered + adding > MAX_PLAYERS:
        raise Refused(_("A tournament has at most %(max)s players (TRF pairing numbers have four digits): this "
                        "one has %(registered)s, and %(adding)s more would make %(total)s.") % {
            "max": MAX_PLAYERS, "registered": registered, "adding": adding, "total": registered + adding})


class Registered:
    """Who is registered, to find a player entered again: the same FIDE id, or the same name (order,
    case and accents aside) and rating where at most one of the two has a FIDE id (two different
    ids are two people)."""

    def __init__(self, players=()):
        self.by_fide_id: dict[str, Player] = {}
        self.by_name: dict[tuple, list[Player]] = {}
        for player in players:
            self.add(player)

    def add(self, player: Player) -> None:
        if player.fide_id:
            self.by_fide_id.setdefault(player.fide_id, player)
        self.by_name.setdefault((name_key(player.name), player.rating), []).append(player)

    def find(self, player: Player) -> Player | None:
        if player.fide_id in self.by_fide_id:
            return self.by_fide_id[player.fide_id]
        return next((other for other in self.by_name.get((name_key(player.name), player.rating), [])
                     if not (player.fide_id and other.fide_id)), None)


def registered_as(tournament: Tournament, player: Player) -> Player | None:
    """The player of the tournament (another one than ``player``) whom ``player`` enters again."""
    others = tournament.players.exclude(pk=player.pk) if player.pk else tournament.players.all()
    return Registered(others).find(player)


def check_not_registered(tournament: Tournament, player: Player, confirm: bool = False) -> None:
    """A FIDE id is registered once per tournament; the same name and rating asks first."""
    other = registered_as(tournament, player)
    if other is None:
        return
    data = {"fide_id": player.fide_id, "name": other.name, "number": other.pairing_number}
    if player.fide_id and other.fide_id == player.fide_id:
        raise Refused(_("FIDE id %(fide_id)s is registered already: %(name)s, #%(number)s.") % data)
    if not confirm:
        raise ConfirmationNeeded(_("%(name)s (#%(number)s) is registered already with the same name and rating. "
                                   "Register this player too?") % data)


@transaction.atomic
def register_player(tournament: Tournament, player: Player, user=None, confirm: bool = False) -> Player:
    """``confirm``: the arbiter has answered that a namesake with the same rating is another player."""
    lock_tournament(tournament)
    player.tournament = tournament
    check_not_registered(tournament, player, confirm)
    check_room(tournament, 1)
    check_entry_round(tournament, player, last_paired_round(tournament))
    assign_pairing_numbers(tournament, [player], user=user)
    player.refresh_from_db()
    audit.record(tournament, Kind.PLAYER, "registered", f"{player.name} registered as #{player.pairing_number}",
                 user=user, after=audit.filled(_player_data(player)))
    return player


def _player_data(player: Player) -> dict:
    return audit.snapshot(player, exclude=("tournament", "lot"))


@transaction.atomic
def update_player(player: Player, user=None) -> Player:
    """Save corrected data; the numbers follow until round 1 is paired (C.04.2 B.3, 2026
    Art. 2.3 and 4.3: see :func:`order_kept`), then past rounds keep theirs."""
    lock_tournament(player.tournament)
    paired = last_paired_round(player.tournament)
    stored = Player.objects.get(pk=player.pk)
    other = registered_as(player.tournament, player) if player.fide_id else None
    if other is not None and other.fide_id == player.fide_id:
        raise Refused(_("FIDE id %(fide_id)s is registered already: %(name)s, #%(number)s.") % {
            "fide_id": player.fide_id, "name": other.name, "number": other.pairing_number})
    if player.entry_round != stored.entry_round and min(player.entry_round, stored.entry_round) <= paired:
        raise Refused(_("The entry round can only be changed for rounds not yet paired."))
    before, after = audit.changes(_player_data(stored), _player_data(player))
    player.save()
    if after:
        audit.record(player.tournament, Kind.PLAYER, "changed", f"{player.name}: {', '.join(after)} changed",
                     user=user, before=before, after=after)
    assign_pairing_numbers(player.tournament, user=user)
    player.refresh_from_db()
    return player


@transaction.atomic
def remove_player(player: Player, user=None) -> None:
    lock_tournament(player.tournament)
    if Game.objects.filter(white=player).exists() or Game.objects.filter(black=player).exists():
        raise Refused(_("%(name)s has been paired already: withdraw the player instead.") % {"name": player.name})
    tournament = player.tournament
    audit.record(tournament, Kind.PLAYER, "removed", f"{player.name} (#{player.pairing_number}) removed", user=user,
                 before=_player_data(player))
    player.delete()
    if not pairing_numbers_frozen(tournament):
        assign_pairing_numbers(tournament, user=user)


@transaction.atomic
def withdraw_player(player: Player, from_round: int | None, user=None) -> bool:
    """C.04.2 D.3: a withdrawn player is not paired from ``from_round`` on (None: reinstated).
    Whether anything changed."""
    lock_tournament(player.tournament)
    paired = last_paired_round(player.tournament)
    if from_round is not None and from_round <= paired:
        raise Refused(_("Round %(number)s has been paired already; withdraw from round %(next)s on.") % {
            "number": from_round, "next": paired + 1})
    if from_round is not None and from_round > player.tournament.rounds:
        raise Refused(only_rounds(player.tournament))
    before = player.withdrawn_from_round
    player.withdrawn_from_round = from_round
    player.save(update_fields=["withdrawn_from_round"])
    if before != from_round:
        audit.record(player.tournament, Kind.PLAYER, "withdrawn" if from_round else "reinstated",
                     f"{player.name} withdrawn from round {from_round}" if from_round else f"{player.name} reinstated",
                     user=user, before={"withdrawn_from_round": before}, after={"withdrawn_from_round": from_round})
    return before != from_round


@transaction.atomic
def set_absence(player: Player, round_number: int, bye: str | None, user=None) -> bool:
    """C.04.2 D.4: a player known not to play ``round_number`` is not paired in it (``bye`` None: he
    plays).  Whether anything changed."""
    tournament = lock_tournament(player.tournament)
    if round_number <= last_paired_round(tournament):
        raise Refused(_("Round %(number)s has been paired already.") % {"number": round_number})
    if round_number > tournament.rounds:
        raise Refused(only_rounds(tournament))
    if bye == Tournament.Bye.HALF and not tournament.half_point_byes:
        raise Refused(_("This tournament does not give half-point byes."))
    stored = Absence.objects.filter(player=player, round_number=round_number).first()
    if bye is None:
        Absence.objects.filter(player=player, round_number=round_number).delete()
    else:
        Absence.objects.update_or_create(player=player, round_number=round_number, defaults={"bye": bye})
    with override(None):  # the audit log is written in English (audit.py)
        before = str(Absence.Kind(stored.bye).label) if stored else None
        after = str(Absence.Kind(bye).label) if bye else None
    if before != after:
        audit.record(tournament, Kind.ABSENCE, "set" if after else "cleared",
                     f"{player.name}, round {round_number}: {after or 'plays'}", user=user,
                     before={"round": round_number, "absence": before}, after={"round": round_number, "absence": after})
    return before != after
