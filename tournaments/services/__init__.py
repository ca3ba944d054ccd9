"""The business actions on tournaments, split by workflow: a tournament's settings
(:mod:`.setup`), its players and their absences (:mod:`.players`), the pairs kept apart
(:mod:`.forbidden_pairs`) and the results (:mod:`.results`); the files in and out are
:mod:`tournaments.exchange`.

The fronts (pages, API) call these functions; each validates, changes the
database in one transaction, and raises :class:`Refused` with a message for
the arbiter when the action is not allowed (nothing is changed then).

Every action that changes what a pairing reads (players, absences, forbidden
pairs, results) first takes the tournament's lock (:func:`lock_tournament`):
the pairing task stores its boards under that lock after checking that its
input did not change (``pairing.rounds.run``).
"""

from __future__ import annotations

from django.db import OperationalError, connection
from django.db.models import Max
from django.utils import timezone
from django.utils.formats import date_format
from django.utils.translation import gettext as _
from django.utils.translation import ngettext

from tournaments.models import Round, Tournament


def local_when(moment) -> str:
    """A moment as the messages write it: the local date and time in the reader's language.  A
    sentence ending with it goes through :func:`full_stop` (English writes "9:30 a.m.")."""
    return date_format(timezone.localtime(moment), "DATETIME_FORMAT")


def full_stop(sentence: str) -> str:
    """``sentence`` with one full stop at its end where a moment ending it brought its own ("... opens
    at 9:30 a.m.." -> "... at 9:30 a.m."); in any language, whatever its format; an ellipsis stays.
    The template filter of the same name (``templatetags/chess.py``) is this one."""
    return sentence[:-1] if sentence.endswith("..") and not sentence.endswith("...") else sentence


class Refused(Exception):
    """An action that the rules or the tournament's state do not allow."""

    def __init__(self, message: str, errors: list[str] | None = None):
        super().__init__(message)
        self.message = message
        self.errors = errors or []


class ConfirmationNeeded(Refused):
    """An action allowed only once the arbiter confirms it; the message says what it affects."""


class Busy(Refused):
    """Another action holds the tournament past the lock's wait (:func:`lock_tournament`): nothing changed."""


#: How long an action waits for another one holding the tournament (PostgreSQL): an action is over in
#: milliseconds; past this one is long (a big import), and the arbiter is told at once that the
#: tournament is busy rather than left waiting until the web server gives up.
LOCK_WAIT_SECONDS = 5
#: PostgreSQL's lock_not_available, raised past ``lock_timeout``.
LOCK_NOT_AVAILABLE = "55P03"


def lock_tournament(tournament: Tournament) -> Tournament:
    """Serialise the changes of the pairing input (players, absences, pairs, results) until the
    transaction ends.

    PostgreSQL locks the tournament's row, waiting at most ``LOCK_WAIT_SECONDS`` for another action
    (then :class:`Busy`, nothing changed); SQLite takes its write lock when the transaction
    begins (``transaction_mode`` IMMEDIATE in the settings).
    """
    if connection.vendor == "postgresql":
        with connection.cursor() as cursor:
            cursor.execute(f"SET LOCAL lock_timeout = '{LOCK_WAIT_SECONDS}s'")
    try:
        return Tournament.objects.select_for_update().get(pk=tournament.pk)
    except OperationalError as error:
        if getattr(error.__cause__, "sqlstate", None) != LOCK_NOT_AVAILABLE:
            raise
        raise Busy(_("Another action on this tournament is still under way (an import, say): nothing was "
                        "changed. Try again in a moment.")) from None


def last_paired_round(tournament: Tournament) -> int:
    """The last round paired, being paired or published; a failed pairing is no pairing (the round is
    paired again: players may still enter it, be absent from it, be kept apart in it)."""
    return tournament.round_set.exclude(status=Round.Status.FAILED).aggregate(last=Max("number"))["last"] or 0


def only_rounds(tournament: Tournament) -> str:
    return ngettext("The tournament has only %(rounds)s round.", "The tournament has only %(rounds)s rounds.",
                    tournament.rounds) % {"rounds": tournament.rounds}


def all_paired(tournament: Tournament) -> str:
    return _("All %(rounds)s rounds have been paired.") % {"rounds": tournament.rounds}
