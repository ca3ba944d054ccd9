"""Unsubscribing from the pairing notices: the signed link in every mail, and what it records; the
addresses a round's notices go to (``addressed``); a team player's board notice once both line-ups of
his match are in, corrected when they change (``queue_board_notices``), dropped when the match is
forfeited before they are sent (``drop_board_notices``); a registration's mail
(approved, refused, moved up from the waiting list) put in the notices' outbox, and sent again when it failed."""

from __future__ import annotations

from django.core import signing
from django.db import IntegrityError, transaction
from django.db.models import Q
from django.db.models.functions import Lower, Now
from django.dispatch import Signal
from django.utils import timezone
from django.utils.translation import gettext as _

from tournaments import audit
from tournaments.models import Notice, Player, Registration, Round, Tournament, Unsubscription
from tournaments.services import Refused, lock_tournament

SALT = "swiss.notices.unsubscribe"

#: Sent once a transaction that put mails in the outbox commits (``round_id``: None for a
#: registration's mails); the sender (pairing/rounds/notices.py, a layer above) listens.
queued = Signal()

#: What a board notice tells: (the round's board, the colour, the opponent's id); ``OUT``: not in the line-up.
Told = tuple[int | None, str, int | None]
OUT: Told = (None, "", None)


def unsubscribe_token(address: str, tournament_id: int) -> str:
    """The signed token of an unsubscribe link: the address and the tournament it came from."""
    return signing.dumps({"a": address.lower(), "t": tournament_id}, salt=SALT, compress=True)


def read_token(token: str) -> tuple[str, Tournament | None] | None:
    """The address and tournament of a token, or None if it was not made here (or was changed)."""
    try:
        data = signing.loads(token, salt=SALT)
    except signing.BadSignature:
        return None
    if not isinstance(data, dict) or not isinstance(data.get("a"), str):
        return None
    return data["a"], Tournament.objects.filter(pk=data.get("t")).first()


def unsubscribe(address: str, tournament: Tournament | None) -> None:
    """Record that ``address`` wants no more notices from ``tournament`` (from any when None); twice is once."""
    try:
        with transaction.atomic():
            Unsubscription.objects.get_or_create(address=address.lower(), tournament=tournament)
    except IntegrityError:
        pass  # recorded meanwhile by another click


def unsubscribed(tournament: Tournament):
    """The addresses (lower case) unsubscribed from this tournament or from all, as a subquery."""
    return Unsubscription.objects.filter(Q(tournament=tournament) | Q(tournament__isnull=True)).values("address")


def entry_address(entry: Registration) -> str:
    """Where an entry's mails go: its player's address (the arbiter may correct it), else the entry's, else
    its account's."""
    player = entry.player if entry.player_id else None
    return (player and player.email) or entry.email or (entry.user.email if entry.user_id else "")


def queue_mail(entry: Registration, kind: str) -> bool:
    """Put the registration's mail of ``kind`` (a ``Notice.Kind``) in the outbox, in the caller's transaction:
    once per registration and kind, never to an address unsubscribed from the tournament (or from all).
    Whether it was queued."""
    address = entry_address(entry)
    if (not address or unsubscribed(entry.tournament).filter(address=address.lower()).exists()
            or Notice.objects.filter(registration=entry, kind=kind).exists()):  # under the tournament's lock
        return False
    Notice.objects.bulk_create([Notice(kind=kind, registration=entry, address=address)],
                               ignore_conflicts=True)  # (registration, kind) is unique: never twice
    transaction.on_commit(lambda: queued.send(sender=Notice, round_id=None))
    return True


def registration_mails(tournament: Tournament):
    """The tournament's registration mails (approved, refused, moved up) in the outbox, sent or not."""
    return Notice.objects.filter(registration__tournament=tournament)


def resend_registration_mails(tournament: Tournament, user=None) -> int:
    """Queue the tournament's failed registration mails again (their tries counted afresh), each to the
    entry's address as it is now, none to an address unsubscribed since; how many (audited)."""
    with transaction.atomic():
        lock_tournament(tournament)
        failed = registration_mails(tournament).filter(state=Notice.State.FAILED).select_related(
            "registration__user", "registration__player")
        barred = set(unsubscribed(tournament).values_list("address", flat=True))
        again = []
        for notice in failed:
            address = entry_address(notice.registration)
            if address and address.lower() not in barred:
                notice.address, notice.state, notice.attempts = address, Notice.State.QUEUED, 0
                notice.next_try_at, notice.claimed_until = timezone.now(), None
                again.append(notice)
        if not again:
            raise Refused(_("No registration mail of this tournament has failed (or each failed one's address "
                            "is gone or unsubscribed)."))
        Notice.objects.bulk_update(again, ["address", "state", "attempts", "next_try_at", "claimed_until"])
        audit.record(tournament, audit.Kind.REGISTRATION, "mails resent",
                     f"{len(again)} failed registration mails sent again", user=user, after={"mails": len(again)})
        transaction.on_commit(lambda: queued.send(sender=Notice, round_id=None))
    return len(again)


def addressed(tournament: Tournament, players: Q):
    """(id, address) of the tournament's ``players`` with an address not unsubscribed from it (nor from all):
    whom a round's notices go to."""
    return (Player.objects.filter(players, tournament=tournament).exclude(email="")
            .annotate(address=Lower("email")).exclude(address__in=unsubscribed(tournament))
            .values_list("pk", "email"))


def queue_board_notices(round_: Round, players: set[int], boards: dict[int, Told]) -> int:
    """Tell each of ``players`` (both teams' rosters) what changed of his board in ``round_`` since his last
    board notice, in the caller's transaction under the tournament's lock: his board, colour and opponent
    (``boards``, by player id: both line-ups are in), or that he is not in the line-up any more.  Once per
    player and round: nothing when it is what he was told; a notice not yet sent and no longer true is
    dropped.  Only when the tournament's notices are on, never to an unsubscribed address.  How many."""
    if not round_.tournament.pairing_notices:
        return 0
    earlier = Notice.objects.filter(round=round_, kind=Notice.Kind.BOARD, player_id__in=players)
    latest = {n.player_id: n for n in earlier.order_by("sequence")}
    changed = {p for p in players if _told(latest.get(p)) != boards.get(p, OUT)}
    _unsent(earlier.filter(player_id__in=changed)).delete()  # superseded, never sent any more
    latest = {n.player_id: n for n in earlier.filter(player_id__in=changed).order_by("sequence")}
    created = Notice.objects.bulk_create([
        Notice(kind=Notice.Kind.BOARD, round=round_, player_id=pk, address=address, board=told[0],
               colour=told[1], opponent_id=told[2], sequence=latest[pk].sequence + 1 if pk in latest else 0)
        for pk, address in addressed(round_.tournament, Q(pk__in=changed))
        if (told := boards.get(pk, OUT)) != _told(latest.get(pk))])
    if created:
        transaction.on_commit(lambda: queued.send(sender=Notice, round_id=round_.pk))
    return len(created)


def drop_board_notices(round_: Round, players: set[int]) -> int:
    """The board notices of ``players`` in ``round_`` not sent yet dropped, never sent: their match is not
    played (lost by forfeit as a whole, GHR 3.5), so a board to sit at is no longer true.  Nothing new is
    told (the forfeit is the match's result, on the public pages and each player's record).  How many."""
    return _unsent(Notice.objects.filter(round=round_, kind=Notice.Kind.BOARD, player_id__in=players)).delete()[0]


def _unsent(notices):
    """Of ``notices``, those not sent and not being sent (queued and unclaimed, or failed)."""
    return notices.exclude(state=Notice.State.SENT).exclude(state=Notice.State.QUEUED, claimed_until__gt=Now())


def _told(notice: Notice | None) -> Told:
    """What ``notice`` told (``OUT`` when none: nothing to take back from a player never told a board)."""
    return (notice.board, notice.colour, notice.opponent_id) if notice else OUT
