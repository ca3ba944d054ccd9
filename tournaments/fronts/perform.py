from django.contrib import messages

from tournaments.services import Refused


def perform(request, action, success: str) -> bool:
    """Run a service action; tell the arbiter what happened (the refusal's reason, or ``success``)."""
    try:
        action()
    except Refused as refusal:
        messages.error(request, refusal.message)
        return False
    messages.success(request, success)
    return True
