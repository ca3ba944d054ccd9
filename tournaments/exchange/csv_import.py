"""Players from a CSV file (a header row naming columns of :data:`CSV_FIELDS`, separated by commas,
semicolons or tabs): every line
checked first, the same way as a player typed in; one bad line refuses the whole file."""

from __future__ import annotations

import csv
import io

from django.db import transaction
from django.utils.translation import gettext as _

from tournaments import audit
from tournaments.audit import Kind
from tournaments.limits import listed
from tournaments.models import Player, Tournament
from tournaments.services import Refused, last_paired_round, lock_tournament
from tournaments.services.players import (
    Registered,
    assign_pairing_numbers,
    check_entry_round,
    check_room,
)
from tournaments.validation import PlayerForm

CSV_FIELDS = ("name", "title", "rating", "fide_id", "federation", "sex", "birth_date", "club")


#: The separators spreadsheets write: a comma, a semicolon (Excel where the decimal mark is a comma:
#: Italy, France, Germany, Spain), a tab ("Unicode text").
DELIMITERS = (",", ";", "\t")


def delimiter(text: str) -> str:
    """The separator of the header line: the one it holds most of (a comma when none)."""
    header = next((line for line in text.splitlines() if line.strip()), "")
    counts = {mark: header.count(mark) for mark in DELIMITERS}
    best = max(DELIMITERS, key=lambda mark: counts[mark])
    return best if counts[best] else ","


def _csv_rows(text: str) -> list[tuple[int, list[str]]]:
    """The non-empty records of a CSV text with their line numbers (any line ends: CR, LF, CRLF;
    fields separated as the header line is)."""
    reader = csv.reader(io.StringIO(text, newline=""), delimiter=delimiter(text))
    rows = []
    try:
        for row in reader:
            if any(cell.strip() for cell in row):
                rows.append((reader.line_num, row))
    except csv.Error as error:
        raise Refused(_("Nothing was imported: line %(line)s cannot be read as CSV (%(error)s).") % {
            "line": reader.line_num, "error": error}) from None
    return rows


class ImportedPlayers(list):
    """The players registered by an import, and ``skipped``: the file's rows already registered
    (``#3 Rossi, Paolo``), left out so that importing a file twice registers nobody twice."""

    def __init__(self, players=(), skipped=()):
        super().__init__(players)
        self.skipped = list(skipped)


def _header(rows: list[tuple[int, list[str]]]) -> list[str]:
    header = [h.strip().lower() for h in rows[0][1]] if rows else []
    if "name" not in header:
        raise Refused(_("The CSV file needs a header line with at least a 'name' column."))
    unknown = [h for h in header if h not in CSV_FIELDS]
    if unknown:
        raise Refused(_("Unknown column(s): %(unknown)s. Known: %(known)s.") % {
            "unknown": ", ".join(unknown), "known": ", ".join(CSV_FIELDS)})
    twice = sorted({h for h in header if header.count(h) > 1})
    if twice:
        raise Refused(_("Column(s) named twice: %(names)s.") % {"names": ", ".join(twice)})
    return header


def _checked_rows(header: list[str], rows) -> list[tuple[int, Player]]:
    """Every line checked as a typed entry is; one bad line refuses the file."""
    players, errors = [], []
    for line, row in rows:
        if len(row) > len(header):
            errors.append(_("Line %(line)s: more fields than columns.") % {"line": line})
            continue
        form = PlayerForm(data={key: value.strip() for key, value in zip(header, row, strict=False)})
        if form.is_valid():
            players.append((line, form.save(commit=False)))
        else:
            problems = "; ".join(f"{field}: {' '.join(msgs)}" for field, msgs in form.errors.items())
            errors.append(_("Line %(line)s: %(problems)s") % {"line": line, "problems": problems})
    if errors:
        raise Refused(_("Nothing was imported: the file has errors."),
                      listed(errors, _("and {count} more problems")))
    return players


def _refuse_repeated_rows(players: list[tuple[int, Player]]) -> None:
    """The same player twice in the file (same FIDE id, or same name and rating): the file is wrong."""
    errors, lines, seen = [], {}, Registered()
    for line, player in players:
        earlier = seen.find(player)
        if earlier is not None:
            errors.append(_("Line %(line)s: %(name)s is the player of line %(first)s again.") % {
                "line": line, "name": player.name, "first": lines[id(earlier)]})
        seen.add(player)
        lines[id(player)] = line
    if errors:
        raise Refused(_("Nothing was imported: the file holds the same player twice."),
                      listed(errors, _("and {count} more problems")))


@transaction.atomic
def import_players_csv(tournament: Tournament, text: str, user=None) -> ImportedPlayers:
    """Register the players of a CSV text (a header row naming columns of CSV_FIELDS).

    Every line is checked first; one bad line refuses the whole file.  Rows already registered
    (the same FIDE id, or the same name and rating) are skipped, so a file imported twice adds
    nobody twice.  The new players are saved in one statement, then numbered.
    """
    rows = _csv_rows(text)
    header = _header(rows)
    checked = _checked_rows(header, rows[1:])
    if not checked:
        raise Refused(_("The file holds no players."))
    _refuse_repeated_rows(checked)
    lock_tournament(tournament)
    registered = Registered(tournament.players.all())
    players, skipped = [], []
    for _line, player in checked:
        other = registered.find(player)
        if other is None:
            players.append(player)
        else:
            skipped.append(f"#{other.pairing_number} {other.name}")
    check_room(tournament, len(players))
    paired = last_paired_round(tournament)
    for player in players:
        player.tournament = tournament
        check_entry_round(tournament, player, paired)
    if players:
        assign_pairing_numbers(tournament, players, user=user)
    if players or skipped:
        after = {"players": [f"#{p.pairing_number} {p.name}" for p in players]}
        if skipped:
            after["skipped (already registered)"] = skipped
        audit.record(tournament, Kind.PLAYER, "imported",
                     f"{len(players)} player{'s' if len(players) != 1 else ''} imported from a CSV file"
                     + (f", {len(skipped)} already registered skipped" if skipped else ""), user=user, after=after)
    return ImportedPlayers(players, skipped)
