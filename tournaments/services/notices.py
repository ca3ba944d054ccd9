"""Unsubscribing from the pairing notices: the signed link in every mail, and what it records; a
registration's mail (approved, refused, moved up from the waiting list) put in the notices' outbox."""

from __future__ import annotations

from django.core import signing
from django.db import IntegrityError, transaction
from django.db.models import Q
from django.dispatch import Signal

from tournaments.models import Notice, Registration, Tournament, Unsubscription

SALT = "swiss.notices.unsubscribe"

#: Sent once a transaction that put mails in the outbox commits (``round_id``: None for a
#: registration's mails); the sender (pairing/rounds/notices.py, a layer above) listens.
queued = Signal()


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


def queue_mail(entry: Registration, kind: str) -> bool:
    """Put the registration's mail of ``kind`` (a ``Notice.Kind``) in the outbox, in the caller's transaction:
    once per registration and kind, never to an address unsubscribed from the tournament (or from all).
    Whether it was queued."""
    address = entry.email or (entry.user.email if entry.user_id else "")
    if (not address or unsubscribed(entry.tournament).filter(address=address.lower()).exists()
            or Notice.objects.filter(registration=entry, kind=kind).exists()):  # under the tournament's lock
        return False
    Notice.objects.bulk_create([Notice(kind=kind, registration=entry, address=address)],
                               ignore_conflicts=True)  # (registration, kind) is unique: never twice
    transaction.on_commit(lambda: queued.send(sender=Notice, round_id=None))
    return True
