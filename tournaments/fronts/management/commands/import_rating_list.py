"""``python manage.py import_rating_list FILE [--kind standard] [--month 2026-11]``: a FIDE rating
list (the .txt, the .xml or the .zip FIDE serves; the format found from the content) imported as
the staff's upload page does, all or nothing."""

import datetime
from pathlib import Path

from django.core.management.base import BaseCommand, CommandError

from tournaments.exchange.rating_list_import import import_rating_list
from tournaments.models import RatingKind
from tournaments.services import Refused


def month(text: str) -> datetime.date:
    try:
        return datetime.datetime.strptime(text, "%Y-%m").date()
    except ValueError:
        raise CommandError(f"--month is YYYY-MM, e.g. 2026-11, not {text!r}") from None


class Command(BaseCommand):
    help = "Import a FIDE rating list (TXT, XML or zip; standard, rapid, blitz or combined)."

    def add_arguments(self, parser):
        parser.add_argument("file", type=Path)
        parser.add_argument("--kind", choices=RatingKind.values,
                            help="the list's kind, when the file's name does not say it")
        parser.add_argument("--month", type=month, help="the list's month (YYYY-MM), when the file does not say it")

    def handle(self, *args, file: Path, kind=None, month=None, **options):
        if not file.is_file():
            raise CommandError(f"No such file: {file}")
        try:
            lists = import_rating_list(file, file.name, kind, month)
        except Refused as refusal:
            raise CommandError(refusal.message) from None
        for rating_list in lists:
            self.stdout.write(f"{rating_list}: {rating_list.count} players imported")
