"""Players' accounts (docs/players.md): a person is known by his e-mail address and signs in with a
link or a 6-digit code sent there, each valid 15 minutes and good once (no password to forget).
Signed in, he is linked to the entries registered with his address (never by a FIDE id, which anybody
can type)."""

from __future__ import annotations

import contextlib
import hashlib
import hmac
import secrets

from django.conf import settings
from django.contrib.auth import get_user_model
from django.core.cache import cache
from django.db import transaction
from django.utils.translation import gettext as _

from tournaments import audit
from tournaments.audit import Kind
from tournaments.models import Player
from tournaments.services import Refused

#: How long a code (and the link, SESAME_MAX_AGE) is good for, and how many wrong codes end it.
CODE_SECONDS = 15 * 60
CODE_TRIES = 5
HOUR = 3600


def normalized(email: str) -> str:
    return email.strip().lower()


def user_for_email(email: str):
    """The account of ``email``, made the first time it is asked for (its password unusable)."""
    email = normalized(email)
    User = get_user_model()
    user = User.objects.filter(email__iexact=email).order_by("pk").first()
    if user is None:
        user, _created = User.objects.get_or_create(username=email[:150], defaults={"email": email})
        if _created:
            user.set_unusable_password()
            user.save(update_fields=["password"])
    return user


def _mail_counters(email: str, address: str | None) -> list[tuple[str, int]]:
    keys = [(f"sign-in-mails:email:{hashlib.sha256(normalized(email).encode()).hexdigest()}",
             settings.SIGN_IN_MAILS_PER_ADDRESS)]
    if address:
        keys.append((f"sign-in-mails:ip:{address}", settings.SIGN_IN_MAILS_PER_IP))
    return keys


def uncount_mail(email: str, address: str | None) -> None:
    """A sign-in mail the server did not take: it does not count against the limits."""
    for key, _limit in _mail_counters(email, address):
        with contextlib.suppress(ValueError):  # expired meanwhile
            cache.decr(key)


def count_mail(email: str, address: str | None) -> None:
    """Count a sign-in mail against the hourly limits (per e-mail address, per IP address), or refuse it."""
    keys = _mail_counters(email, address)
    for key, limit in keys:
        if cache.get(key, 0) >= limit:
            raise Refused(_("Too many sign-in mails were asked for: try again in an hour, or use the code of the "
                            "last mail."))
    for key, _limit in keys:
        cache.add(key, 0, HOUR)
        cache.incr(key)


def _digest(code: str) -> str:
    return hmac.new(settings.SECRET_KEY.encode(), code.encode(), hashlib.sha256).hexdigest()


def new_code(user) -> str:
    """A fresh 6-digit code for ``user`` (the previous one no longer works, its tries start again)."""
    code = f"{secrets.randbelow(10 ** 6):06d}"
    cache.set_many({f"sign-in-code:{user.pk}": _digest(code), f"sign-in-tries:{user.pk}": 0}, CODE_SECONDS)
    return code


def user_for_code(email: str, code: str):
    """The user whose code this is, the code then spent; None when wrong, expired or used.  Each try is
    counted before the code is compared, in one atomic step (``incr``), so that tries made at once are
    counted too: after five wrong ones the code is spent.  A try never extends the code's 15 minutes."""
    User = get_user_model()
    user = User.objects.filter(email__iexact=normalized(email)).order_by("pk").first()
    if user is None:
        return None
    key, tries = f"sign-in-code:{user.pk}", f"sign-in-tries:{user.pk}"
    try:
        spent = cache.incr(tries)
    except ValueError:  # no code, or expired
        return None
    digest = cache.get(key)
    if digest is None or spent > CODE_TRIES:
        forget_code(user)
        return None
    if not hmac.compare_digest(digest, _digest(code.strip())):
        if spent == CODE_TRIES:
            forget_code(user)
        return None
    forget_code(user)
    return user


def forget_code(user) -> None:
    """A sign-in by the link spends the code too."""
    cache.delete_many([f"sign-in-code:{user.pk}", f"sign-in-tries:{user.pk}"])


@transaction.atomic
def link_entries(user) -> int:
    """Link ``user`` to the entries registered with his address, each in its tournament's audit log; how
    many were linked.  Only the address he signed in with proves who he is: a FIDE id is typed by
    whoever registers (a public number), so an entry is never given to him by its FIDE id."""
    email = normalized(user.email)
    if not email:
        return 0
    players = list(Player.objects.filter(user__isnull=True, email__iexact=email).select_for_update())
    for player in players:
        audit.record(player.tournament_id, Kind.PLAYER, "linked",
                     f"{player.name} linked to the account of {user.email}", user=user)
    return Player.objects.filter(pk__in=[player.pk for player in players]).update(user=user)
