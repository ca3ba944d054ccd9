"""Unsubscribing from the pairing notices: the signed link in every mail, and what it records."""

from __future__ import annotations

from django.core import signing
from django.db import IntegrityError, transaction
from django.db.models import Q

from tournaments.models import Tournament, Unsubscription

SALT = "swiss.notices.unsubscribe"


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
