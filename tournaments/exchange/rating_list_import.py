"""A month's FIDE rating list imported, all or nothing.

The file is streamed (:mod:`tournaments.exchange.rating_list`) into new ``RatingList`` rows in one
transaction: PostgreSQL's COPY, ``bulk_create`` in batches elsewhere.  A month imported again
replaces the earlier import of that month; other months are kept.  A refused file (the first bad
record's line and reason, a FIDE id twice) changes nothing.
"""

from __future__ import annotations

import datetime
import itertools
import zipfile
import zlib
from collections.abc import Iterable, Iterator

from django.db import IntegrityError, connection, transaction
from django.utils.translation import gettext as _

from tournaments.exchange.rating_list import RatingFile, RatingListError, Record, read_rating_list
from tournaments.models import RatedPlayer, RatingKind, RatingList
from tournaments.services import Refused

#: Rows per INSERT where COPY is not available (SQLite).
BATCH = 5000


def _kinds_and_period(file: RatingFile, kind: str | None, period: datetime.date | None):
    """The kinds and the month of the lists to make: what the file says, else what the arbiter said."""
    if kind and kind not in RatingKind.values:
        raise Refused(_("Unknown rating list %(kind)r: standard, rapid or blitz.") % {"kind": kind})
    kinds = file.kinds or ((kind,) if kind else ())
    if not kinds:
        raise Refused(_("The file does not say which list it is: choose standard, rapid or blitz."))
    if kind and file.kinds and len(file.kinds) == 1 and kind != file.kinds[0]:
        raise Refused(_("The file is the %(file)s list, not the %(kind)s list.") % {"file": file.kinds[0],
                                                                                    "kind": kind})
    if file.period and period and (file.period.year, file.period.month) != (period.year, period.month):
        raise Refused(_("The file is the list of %(file)s, not of %(period)s.") % {
            "file": f"{file.period:%Y-%m}", "period": f"{period:%Y-%m}"})
    month = file.period or period
    if month is None:
        raise Refused(_("The file does not say its month: give the month of the list."))
    return kinds, month.replace(day=1)


def _rows(records: Iterable[Record], lists: list[RatingList]) -> Iterator[tuple]:
    """The table's rows (``RatedPlayer.COLUMNS``): one per record and list."""
    ids = [rating_list.pk for rating_list in lists]
    for r in records:
        person = (r.fide_id, r.name, r.federation, r.sex, r.title, r.w_title, r.o_title, r.foa_title)
        for list_id, rating in zip(ids, r.ratings, strict=True):
            yield (list_id, *person, rating.rating, rating.games, rating.k, r.birth_year, r.inactive)


def _copy(rows: Iterator[tuple]) -> int:
    """PostgreSQL: the rows by COPY (psycopg's ``cursor.copy``), streamed."""
    count = 0
    columns = ", ".join(RatedPlayer.COLUMNS)
    # Django's wrapper turns psycopg's errors into its own (a FIDE id twice: IntegrityError).
    with connection.wrap_database_errors, connection.cursor() as cursor, cursor.cursor.copy(
            f"COPY {RatedPlayer._meta.db_table} ({columns}) FROM STDIN") as copy:
        for row in rows:
            copy.write_row(row)
            count += 1
    return count


def _insert(rows: Iterator[tuple]) -> int:
    """Any other database: INSERTs of ``BATCH`` rows."""
    count = 0
    while batch := list(itertools.islice(rows, BATCH)):
        RatedPlayer.objects.bulk_create([RatedPlayer(**dict(zip(RatedPlayer.COLUMNS, row, strict=True)))
                                         for row in batch])
        count += len(batch)
    return count


def _duplicate(file: RatingFile) -> str:
    """The refusal of a file with a FIDE id twice: the file read again to find the lines."""
    seen: dict[int, int] = {}
    for record in file.records():
        if record.fide_id in seen:
            return _("line %(line)s: FIDE id %(fide_id)s appears twice (first on line %(first)s).") % {
                "line": record.line, "fide_id": record.fide_id, "first": seen[record.fide_id]}
        seen[record.fide_id] = record.line
    return _("A FIDE id appears twice in the file.")


def _refused(error: RatingListError, name: str) -> Refused:
    return Refused(_("Nothing was imported from %(name)s: %(reason)s") % {"name": name or _("the file"),
                                                                          "reason": error})


def import_rating_list(source, name: str = "", kind: str | None = None,
                       period: datetime.date | None = None) -> list[RatingList]:
    """Import the list in ``source`` (a path or a seekable binary file; ``name``: its file name,
    which may tell the kind and the month, else ``kind`` and ``period`` do).  Returns the lists made
    (three from a combined list); raises :class:`Refused` with the first problem, nothing changed."""
    try:
        file = read_rating_list(source, name)
        kinds, month = _kinds_and_period(file, kind, period)
        with transaction.atomic():
            RatedPlayer.objects.filter(list__kind__in=kinds, list__period=month).delete()
            RatingList.objects.filter(kind__in=kinds, period=month).delete()
            lists = [RatingList.objects.create(kind=k, period=month, source=(name or "")[-200:]) for k in kinds]
            rows = _rows(file.records(), lists)
            count = (_copy if connection.vendor == "postgresql" else _insert)(rows) // len(lists)
            if not count:
                raise Refused(_("Nothing was imported: the file lists no player."))
            RatingList.objects.filter(pk__in=[rating_list.pk for rating_list in lists]).update(count=count)
    except RatingListError as error:
        raise _refused(error, name) from None
    except (zipfile.BadZipFile, zlib.error, EOFError, NotImplementedError, RuntimeError) as error:
        # a zip member damaged (its CRC, its deflate data), encrypted or compressed by an unknown method
        reason = _("The zip file cannot be read (%(error)s).") % {"error": error}
        raise _refused(RatingListError(0, reason), name) from None
    except IntegrityError:
        raise Refused(_("Nothing was imported from %(name)s: %(reason)s") % {
            "name": name or _("the file"), "reason": _duplicate(file)}) from None
    for rating_list in lists:
        rating_list.count = count
    return lists
