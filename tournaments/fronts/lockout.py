"""The answer to a login that django-axes refuses (too many failures for the account or from the
address, ``AXES_*`` in ``config/settings.py``): the app's own page, "429 Too Many Requests", with
how long the wait is, in the visitor's language."""

from http import HTTPStatus
from math import ceil

from django.conf import settings
from django.http import HttpResponse
from django.shortcuts import render


def locked_out(request, original_response=None, credentials=None) -> HttpResponse:
    """``AXES_LOCKOUT_CALLABLE``: every refused login, the arbiter's and the admin's."""
    seconds = int(settings.AXES_COOLOFF_TIME.total_seconds())
    response = render(request, "registration/locked_out.html",
                      {"limit": settings.AXES_FAILURE_LIMIT, "minutes": ceil(seconds / 60)},
                      status=HTTPStatus.TOO_MANY_REQUESTS)
    response["Retry-After"] = str(seconds)
    return response
