import logging
import secrets

from django.contrib import messages
from django.core.cache import cache

from tournaments.services import Refused

log = logging.getLogger(__name__)


def perform(request, action, success: str) -> bool:
    """Run a service action; tell the arbiter what happened (the refusal's reason, or ``success``)."""
    try:
        action()
    except Refused as refusal:
        messages.error(request, refusal.message)
        return False
    messages.success(request, success)
    return True


def once_token() -> str:
    """A form's token (a hidden ``once`` field): the same form sent twice, by a second click or a page
    sent again, acts once (:func:`first_sending`)."""
    return secrets.token_urlsafe(12)


def first_sending(request) -> bool:
    """Whether the form's ``once`` token comes for the first time (a form without one: yes)."""
    token = request.POST.get("once", "")[:40]
    if not token:
        return True
    try:
        return cache.add(f"form-once:{request.user.pk}:{token}", 1, timeout=24 * 3600)
    except Exception:  # the cache down: the action's own checks decide
        log.warning("cache unavailable: a form's second sending is not recognised", exc_info=True)
        return True
