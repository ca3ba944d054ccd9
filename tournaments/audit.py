"""The audit log: every change of a tournament, who made it, when, before and after.

One way to write it: :func:`record`, called by the business actions (``services``,
``pairing.rounds``, ``exchange.trf_import``) inside the transaction of the change, with the
user they are given, and by the Django admin (``admin.AuditedAdmin``) with the request's user.
A bulk write (a CSV import, a renumbering) is one entry with a summary.  An event's change (its
name, venue, dates, sections) is in the event's own log (``record(None, ..., event=)``: an event
with no section has one too), and :func:`record_event` writes it there and in each section's.

The log is a record, written in English whatever the language of the pages (as the TRF file is):
the summaries are plain text, and a label given translatable (``Round.Status.DRAFT.label``) is
stored untranslated.
"""

from __future__ import annotations

import csv
import datetime
import decimal
import io

from django.db import models
from django.utils.functional import Promise
from django.utils.translation import override

from tournaments.models import AuditEntry, Club, Event, Tournament

Kind = AuditEntry.Kind


def _plain(value):
    """A JSON value for a field's value."""
    if isinstance(value, models.Model):
        return str(value)
    if isinstance(value, decimal.Decimal):
        return format(value.normalize(), "f")
    if isinstance(value, datetime.date | datetime.datetime):
        return value.isoformat()
    return value


def _untranslated(value):
    """``value`` with its translatable texts in English (JSON cannot hold a lazy text)."""
    if isinstance(value, Promise):
        with override(None):
            return str(value)
    if isinstance(value, dict):
        return {name: _untranslated(item) for name, item in value.items()}
    if isinstance(value, list | tuple):
        return [_untranslated(item) for item in value]
    return value


def snapshot(instance: models.Model, exclude: tuple[str, ...] = ()) -> dict:
    """The instance's own fields (foreign keys by their text), as JSON values."""
    data = {}
    for field in instance._meta.concrete_fields:
        if field.primary_key or field.name in exclude or field.name in ("revision", "brackets", "created_at"):
            continue
        value = getattr(instance, field.name, None) if field.is_relation else field.value_from_object(instance)
        data[field.name] = _plain(value)
    return data


def filled(data: dict) -> dict:
    """The fields that have a value (what a new object is, shortly)."""
    return {name: value for name, value in data.items() if value not in (None, "", False)}


def changes(before: dict, after: dict) -> tuple[dict, dict]:
    """The fields that differ, before and after."""
    names = [name for name in after if before.get(name) != after.get(name)]
    return {name: before.get(name) for name in names}, {name: after.get(name) for name in names}


def record(tournament: Tournament | int | None, kind: str, action: str, summary: str, *, user=None, before=None,
           after=None, game=None, via: str = "", event: Event | None = None, club: Club | None = None) -> AuditEntry:
    """One entry in the tournament's log, or (``tournament`` None) in the ``event``'s or the ``club``'s."""
    tournament_id = tournament if isinstance(tournament, int) or tournament is None else tournament.pk
    if user is not None and not user.is_authenticated:
        user = None
    return AuditEntry.objects.create(tournament_id=tournament_id, event=event, club=club, kind=kind, action=action,
                                     summary=_untranslated(summary)[:300], before=_untranslated(before),
                                     after=_untranslated(after), game=game, user=user, via=via)


def record_event(event: Event, sections, kind: str, action: str, summary: str, **details) -> None:
    """An event's change in its own log and in the log of each of ``sections`` (what their arbiters read)."""
    record(None, kind, action, summary, event=event, **details)
    for section in sections:
        record(section, kind, action, summary, **details)


def entries(owner: Tournament | Event | Club, kind: str = ""):
    """A tournament's log, an event's or a club's, newest first, of one kind if ``kind`` is one."""
    queryset = owner.audit_entries.select_related("user")
    return queryset.filter(kind=kind) if kind in Kind.values else queryset


def _text(value) -> str:
    if value in (None, "", {}):
        return ""
    if isinstance(value, dict):
        return "; ".join(f"{name}: {'—' if item in (None, '') else item}" for name, item in value.items())
    return str(value)


def _cell(text: str) -> str:
    """A cell a spreadsheet shows as text, never runs as a formula (a player named "=1+1")."""
    return "'" + text if text[:1] in ("=", "+", "-", "@", "\t", "\r") else text


def as_csv(queryset) -> str:
    out = io.StringIO()
    writer = csv.writer(out)
    writer.writerow(["time", "user", "via", "kind", "action", "summary", "before", "after"])
    for entry in queryset:
        writer.writerow([_cell(text) for text in (
            entry.at.isoformat(timespec="seconds"), entry.user.get_username() if entry.user else "", entry.via,
            entry.get_kind_display(), entry.action, entry.summary, _text(entry.before), _text(entry.after))])
    return out.getvalue()
