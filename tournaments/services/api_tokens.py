"""An arbiter's API token (Django REST framework's ``Authorization: Token ...``): created, shown once,
revoked; logged in the audit log of each tournament it gives access to (those of his clubs)."""

from __future__ import annotations

from django.db import transaction
from rest_framework.authtoken.models import Token

from tournaments import audit
from tournaments.models import Tournament


def _log(user, action: str, summary: str) -> None:
    tournaments = Tournament.objects.filter(club__memberships__user=user).values_list("pk", flat=True).distinct()
    for tournament_id in tournaments:
        audit.record(tournament_id, audit.Kind.SETTINGS, action, summary, user=user)


@transaction.atomic
def create_token(user) -> str:
    """A new token for ``user`` (any earlier one stops working); its key, to show once."""
    replaced, _ = Token.objects.filter(user=user).delete()
    token = Token.objects.create(user=user)
    _log(user, "api_token", f"API token created for {user.get_username()}"
         + (" (the earlier one revoked)" if replaced else ""))
    return token.key


@transaction.atomic
def revoke_token(user) -> bool:
    """``user``'s token stops working at once; False if he had none."""
    deleted, _ = Token.objects.filter(user=user).delete()
    if deleted:
        _log(user, "api_token", f"API token of {user.get_username()} revoked")
    return bool(deleted)


def token_created(user):
    """When ``user``'s token was created, or None (its key is never shown again)."""
    return Token.objects.filter(user=user).values_list("created", flat=True).first()
