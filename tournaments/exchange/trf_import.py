"""A tournament from a TRF-16 or TRF-2026 file, in three phases: read, validate, save."""

from __future__ import annotations

import re
from contextlib import suppress
from dataclasses import dataclass, field, replace
from datetime import UTC, date, datetime
from decimal import Decimal
from itertools import combinations

from django.core.exceptions import ValidationError
from django.db import models, transaction
from django.utils import timezone
from django.utils.formats import number_format
from django.utils.translation import gettext

from pairing.engine import (
    ABSENT,
    SYSTEMS,
    WHITE,
    Edition,
    RoundEntry,
    Scoring,
    SwissSystem,
    TiebreakCodeError,
    TrfDocument,
    TrfError,
    format_points,
    infer_initial_colour,
    parse,
    parse_codes,
    publishing_key,
    read_matches,
    read_trf_code,
    resolve_edition,
    with_baku_acceleration,
)
from tournaments import audit
from tournaments.exchange.trf import FIDE_MODE_LEFT, first_game_round
from tournaments.exchange.trf import scoring as trf_scoring
from tournaments.limits import MAX_FORBIDDEN_PAIRS, MAX_ROUND_RESULTS, MAX_ROUNDS, listed
from tournaments.models import (
    DEFAULT_SYSTEM,
    RESULT_OF_CODES,
    Absence,
    Club,
    ForbiddenPair,
    Game,
    Player,
    Result,
    Round,
    Tournament,
    baku_problem,
)
from tournaments.services.setup import save_new_tournament
from tournaments.validation import birth_date_problem


class TrfImportError(Exception):
    def __init__(self, errors: list[str]):
        super().__init__("; ".join(errors))
        self.errors = listed(errors, gettext("and {count} more problems"))


#: The records an imported tournament's fields come from, for the messages.
RECORDS = {"name": "012", "place": "022", "federation": "032", "chief_arbiter": "102", "deputy_arbiters": "112",
           "time_control": "122", "rounds": "XXR/142", "points_win": "BBW/162/XXS", "points_draw": "BBD/162/XXS",
           "points_loss": "BBL/162/XXS", "points_pairing_bye": "BBU/162/XXS", "points_half_bye": "BBD/162/XXS",
           "tiebreaks": "212/202"}


def _field_errors(instance: models.Model, exclude: list[str]) -> dict[str, list[str]]:
    """What the model's fields say of ``instance`` (lengths, ranges, choices): the database would refuse it."""
    try:
        instance.clean_fields(exclude=exclude)
    except ValidationError as error:
        return error.message_dict
    return {}


def _tenths_to_points(value: int) -> Decimal:
    return Decimal(value) / 10


def _date(text: str) -> date | None:
    text = text.strip()
    for pattern in ("%Y/%m/%d", "%Y-%m-%d", "%Y.%m.%d"):
        try:
            return datetime.strptime(text, pattern).date()
        except ValueError:
            continue
    return None


def _header(document: TrfDocument, tag: str) -> str:
    return next((line[4:].strip() for line in document.headers if line.startswith(tag + " ")), "")


@dataclass
class Import:
    """What a TRF file holds for the app, checked field by field before anything is saved."""

    document: TrfDocument
    paired: int                               # rounds with results in the 001 lines
    total: int                                # rounds announced (XXR/142), else those paired
    games: int = 1                            # a round's games: a Double-Swiss match's 2 TRF rounds
    tournament: Tournament = None
    players: list[Player] = field(default_factory=list)
    forbidden: dict[tuple[int, int], tuple] = field(default_factory=dict)
    tiebreaks: str | None = None              # record 212 (else 202) as the settings store it; None: none
    errors: list[str] = field(default_factory=list)


def import_tournament(club: Club, text: str, user=None) -> Tournament:
    """Create a tournament from a TRF-16 or TRF-2026 file: players, rounds, results, byes.

    The file's pairing numbers are kept; every round in it is published.  Three phases: the
    file is read (:func:`read`), every field is checked (:func:`validate`), and only then, on no
    problem, everything is saved in one transaction (:func:`save`).  On any problem nothing is
    saved and :class:`TrfImportError` lists each one by line.
    """
    found = validate(read(text), text, club)
    if found.errors:
        raise TrfImportError(found.errors)
    return save(found, user)


def read(text: str) -> Import:
    """The parsed file, refused at once when it cannot be read or is larger than the app takes."""
    try:
        document = parse(text)
    except TrfError as error:
        raise TrfImportError([str(error)]) from None
    if not document.players:
        raise TrfImportError([gettext("the file has no player (001) lines")])
    paired = document.paired_rounds
    total = document.total_rounds or max(paired, 1)
    if total > MAX_ROUNDS or paired > MAX_ROUNDS:
        values = {"paired": paired, "total": total, "max": MAX_ROUNDS}
        raise TrfImportError([(gettext("the 001 lines hold %(paired)s rounds: a tournament has at most %(max)s rounds")
                               if paired > MAX_ROUNDS else
                               gettext("XXR/142 announces %(total)s rounds: a tournament has at most %(max)s rounds"))
                              % values])
    if len(document.players) * paired > MAX_ROUND_RESULTS:
        raise TrfImportError([gettext("the file holds %(players)s players of %(rounds)s rounds: the app imports at "
                                      "most %(max)s round results (players x rounds)") % {
            "players": len(document.players), "rounds": paired,
            "max": number_format(MAX_ROUND_RESULTS, force_grouping=True)}])
    return Import(document, paired, total)


def validate(found: Import, text: str, club: Club) -> Import:
    """Every player, the tournament's fields, its pairing rules and forbidden pairs, each problem
    added to ``found.errors`` (nothing saved)."""
    found.players = [_player(record, found.errors) for record in found.document.players.values()]
    _repeated_fide_ids(found)
    if found.paired > found.total:
        found.errors.append(gettext("the file holds %(paired)s rounds but announces %(total)s (XXR/142)") % {
            "paired": found.paired, "total": found.total})
    rules = _pairing_rules(found.document, text, found.total, found.errors)
    found.forbidden = _forbidden_pairs(found.document, found.total, found.errors)
    found.tiebreaks = _tiebreaks(text, found.errors)
    if rules and rules[0].games_per_round == 2:
        _as_matches(found)
    found.tournament = _tournament(club, found.document, found.total, rules)
    if found.tiebreaks is not None:
        found.tournament.tiebreaks = found.tiebreaks
    _dates(found)
    for name, messages in _field_errors(found.tournament, ["club", "slug"]).items():
        label, problems = Tournament._meta.get_field(name).verbose_name, " ".join(messages)
        found.errors.append(gettext("%(field)s (record %(record)s): %(problems)s") % {
            "field": label, "record": RECORDS[name], "problems": problems} if name in RECORDS else
            gettext("%(field)s: %(problems)s") % {"field": label, "problems": problems})
    return found


def _dates(found: Import) -> None:
    """Records 042 and 052 (the edition in force and the entrants' ages are reckoned from them): a date
    written but not readable is a problem, not a date left out; so is an end before the start."""
    tournament = found.tournament
    for tag, value in (("042", tournament.start_date), ("052", tournament.end_date)):
        if value is None and (written := _header(found.document, tag)):
            found.errors.append(gettext("record %(record)s: %(value)s is not a date (YYYY/MM/DD)") % {
                "record": tag, "value": written})
    if tournament.start_date and tournament.end_date and tournament.end_date < tournament.start_date:
        found.errors.append(gettext("record 052: the end (%(end)s) is before the start (%(start)s, record 042)") % {
            "end": tournament.end_date.isoformat(), "start": tournament.start_date.isoformat()})


def _as_matches(found: Import) -> None:
    """A Double-Swiss file (C.04.5) read back as the export writes it: match k is TRF rounds 2k-1 and
    2k (``pairing.engine.matches``: one opponent, the colours reversed, the PAB U then H, any other
    bye in both rounds), so the rounds, the round to be paired and the forbidden pairs count matches.
    A broken layout is a problem with its line and column."""
    problems = []
    if not found.document.total_rounds:  # no XXR/142: the matches in the file, at least one
        found.total = max(found.paired + found.paired % 2, 2)
    if found.total % 2:
        problems.append(gettext("XXR/142 announces %(total)s rounds: a Double-Swiss tournament writes each match "
                                "as two rounds (C.04.5), so their number is even") % {"total": found.total})
    if found.paired % 2:
        problems.append(gettext("the 001 lines hold %(paired)s rounds: match %(match)s has its first game only; "
                                "its second game is round %(next)s (C.04.5: a match is two games)") % {
            "paired": found.paired, "match": found.paired // 2 + 1, "next": found.paired + 1})
    try:
        read_matches(found.document)
    except TrfError as error:
        problems.append(str(error))
    found.errors += problems
    if problems:
        return
    found.games, found.paired, found.total = 2, found.paired // 2, found.total // 2
    # a 260 range counts TRF rounds: it applies to a match when it holds the match's first game
    found.forbidden = {pair: (first // 2 + 1, last and (last + 1) // 2)
                       for pair, (first, last) in found.forbidden.items()}


def _tiebreaks(text: str, errors: list[str]) -> str | None:
    """The tie-breaks of record 212 (TRF-2026: the standings' order, PTS first), else of 202 (those
    of players tied on points), as the settings store them (``BH/C1,SB``: C.07 Art. 14 / MTB26 codes
    with their modifiers, PTS left out); None when the file has neither record (the defaults).  An
    unknown code or a bad modifier is a problem with its line and column."""
    found = {}
    for number, line in enumerate(re.split(r"\r\n|\r|\n", text), start=1):
        if line[:4] in ("212 ", "202 "):
            found.setdefault(line[:3], (number, line))
    number, line = found.get("212") or found.get("202") or (0, "")
    if not line:
        return None
    codes, column, problems = [], 5, len(errors)
    for written in line[4:].split(","):
        code = written.strip().upper()
        try:
            if code:
                parse_codes([code])
                codes.append(code)
        except TiebreakCodeError as error:
            errors.append(gettext("line %(line)s, column %(column)s: record %(record)s: %(problem)s (C.07 Art. 14, "
                                  "MTB26)") % {"line": number, "column": column + len(written) - len(written.lstrip()),
                                               "record": line[:3], "problem": error})
        column += len(written) + 1
    if len(errors) > problems:
        return None  # refused: each bad code named
    if codes[:1] == ["PTS"]:
        codes = codes[1:]  # 212 starts with the points (MTB26); the settings list what follows them
    return ",".join(codes)


def _repeated_fide_ids(found: Import) -> None:
    """A FIDE id is registered once per tournament (services.players.check_not_registered)."""
    lines: dict[str, int] = {}
    for record, player in zip(found.document.players.values(), found.players, strict=True):
        if player.fide_id in lines:
            found.errors.append(gettext("line %(line)s: FIDE id %(fide_id)s is the one of line %(first)s: a player "
                                        "is registered once") % {
                "line": record.line, "fide_id": player.fide_id, "first": lines[player.fide_id]})
        elif player.fide_id:
            lines[player.fide_id] = record.line


def _player(record, errors: list[str]) -> Player:
    """The player of a 001 line, its problems added to ``errors``."""
    birth = _date(record.birth_date) if record.birth_date.strip("0/.") else None  # 0000/00/00: unknown
    if record.birth_date.strip("0/.") and birth is None:
        errors.append(gettext("line %(line)s: birth date %(value)s is not YYYY/MM/DD") % {
            "line": record.line, "value": repr(record.birth_date)})
    elif birth_date_problem(birth):
        errors.append(gettext("line %(line)s: %(problem)s") % {"line": record.line,
                                                               "problem": birth_date_problem(birth)})
    title = record.title.upper()
    if title and title not in Player.Title.values:
        errors.append(gettext("line %(line)s: unknown title %(value)s") % {
            "line": record.line, "value": repr(record.title)})
    if record.sex and record.sex.lower() not in ("m", "w", "f"):
        errors.append(gettext("line %(line)s: sex must be m or w, not %(value)s") % {
            "line": record.line, "value": repr(record.sex)})
    if not record.name:
        errors.append(gettext("line %(line)s: the player has no name") % {"line": record.line})
    player = Player(
        name=record.name, title=title, rating=record.rating or None, fide_id=record.fide_id,
        federation=record.federation.upper(), sex={"f": "w"}.get(record.sex.lower(), record.sex.lower()),
        birth_date=birth, pairing_number=record.number)
    for name, messages in _field_errors(player, ["tournament", "name", "title", "sex"]).items():
        errors.append(gettext("line %(line)s: %(field)s: %(problems)s") % {
            "line": record.line, "field": Player._meta.get_field(name).verbose_name,
            "problems": " ".join(messages)})
    return player


def _tournament(club: Club, document: TrfDocument, total: int, rules) -> Tournament:
    """The tournament of the header records (012-132, 192, BB*/162/XXS), not saved."""
    system, edition, baku = rules or (SYSTEMS[DEFAULT_SYSTEM], SYSTEMS[DEFAULT_SYSTEM].latest, False)
    scoring = document.scoring
    tournament = Tournament(
        # Hidden from the public home page until an arbiter lists it: an import is often a test or
        # a restore (services.setup.create_tournament does the same).
        club=club, name=document.name or "Imported tournament", listing=Tournament.Listing.HIDDEN,
        place=_header(document, "022"), federation=_header(document, "032")[:3].upper(),
        chief_arbiter=_header(document, "102"), time_control=_header(document, "122"),
        deputy_arbiters="\n".join(line[4:].strip() for line in document.headers if line.startswith("112 ")),
        start_date=_date(_header(document, "042")),
        end_date=_date(_header(document, "052")), rounds=total,
        system=system.name, edition=edition.name,
        acceleration=Tournament.Acceleration.BAKU if baku else Tournament.Acceleration.NONE,
        initial_colour=document.initial_colour or infer_initial_colour(
            with_baku_acceleration(document, edition.acceleration) if baku else document) or "",
        points_win=_tenths_to_points(scoring.win), points_draw=_tenths_to_points(scoring.draw),
        points_loss=_tenths_to_points(scoring.loss),
        points_pairing_bye=_tenths_to_points(scoring.pairing_bye),
        points_half_bye=_tenths_to_points(scoring.half_bye),
    )
    tournament.points_half_bye = _tenths_to_points(_half_bye(document, trf_scoring(tournament)))
    tournament.fide_mode_left_at = _fide_mode_left(document)
    tournament.fide_mode = tournament.fide_mode_left_at is None
    return tournament


def _fide_mode_left(document: TrfDocument) -> datetime | None:
    """When the tournament left FIDE mode, as its export's comment line (``###``) says; None: in FIDE mode."""
    before, moment, after = FIDE_MODE_LEFT
    for comment in document.comments:
        text = comment.strip()
        if text.startswith(before) and text.endswith(after):
            with suppress(ValueError):
                return datetime.strptime(text[len(before):-len(after)], moment).replace(tzinfo=UTC)
    return None


def _half_bye(document: TrfDocument, scoring: Scoring) -> int:
    """The points of a half-point bye, in tenths.  BBD (TRF-16) and 162's D (TRF-2026) give a draw's
    and a half-point bye's points as one value (JaVaFo's XXS gives HPB apart, and the engine has
    checked the points against it, so what follows reads that value back), but the 001 lines'
    points (columns 81-84) are scored with the tournament's own: when those of the players without
    a half-point bye are the file's scoring's and every player with one gives the same value, it
    is that one (a tournament whose half-point bye is not worth a draw, C.04.1 2026 Art. 3, read
    back); otherwise a draw's.
    ``scoring``: the points as the app scores the file's values (``exchange.trf.scoring``)."""
    values = set()
    for record in document.players.values():
        byes = sum(entry.code == "H" for entry in record.rounds)
        rest = sum(scoring.points(entry.code) for entry in record.rounds if entry.code != "H")
        if record.points is None:
            continue
        if (not byes and record.points != rest) or (byes and (record.points - rest) % byes):
            return scoring.half_bye  # points not scored as the file says: nothing to read from them
        if byes:
            values.add((record.points - rest) // byes)
    return values.pop() if len(values) == 1 and min(values) >= 0 else scoring.half_bye


@transaction.atomic
def save(found: Import, user=None) -> Tournament:
    """Save a validated import: the tournament, its players and forbidden pairs, every round of
    the file published with its boards, and the absences; one entry in the audit log."""
    tournament = save_new_tournament(found.tournament)
    for player in found.players:
        player.tournament = tournament
    by_number = {p.pairing_number: p for p in Player.objects.bulk_create(found.players)}
    ForbiddenPair.objects.bulk_create(
        ForbiddenPair(tournament=tournament, player=min(pair, key=lambda p: p.pk),
                      other=max(pair, key=lambda p: p.pk), first_round=first, last_round=last)
        for (a, b), (first, last) in found.forbidden.items()
        for pair in [(by_number[a], by_number[b])])
    pk = {number: player.pk for number, player in by_number.items()}
    games, absences = _rounds(tournament, found, pk)
    Game.objects.bulk_create(games)
    Absence.objects.bulk_create(absences)
    # The bulk writes above, in one entry of the audit log.
    document, paired = found.document, found.paired
    audit.record(tournament, audit.Kind.SETTINGS, "imported",
                 f"Imported from a TRF file: {len(found.players)} players, {paired} published round"
                 f"{'s' if paired != 1 else ''}, {len([g for g in games if g.result])} results, "
                 f"{len(absences)} absences, {len(found.forbidden)} forbidden pairs", user=user,
                 after={**audit.snapshot(tournament, exclude=("club",)),
                        "players": [f"#{p.pairing_number} {p.name}" for p in found.players],
                        # The file's ### lines (manual pairing changes, say), kept with the import.
                        **({"comments": [c.strip() for c in document.comments]} if document.comments else {})})
    return tournament


def _rounds(tournament: Tournament, found: Import, pk: dict[int, int]) -> tuple[list[Game], list[Absence]]:
    """The file's rounds, saved as published, with their boards (in D.9 order) and absences, and the
    absences already known for the round to be paired next (0000 - H/Z in its columns).  A
    Double-Swiss round is a match: its TRF rounds 2k-1 and 2k (``found.games``)."""
    document, scoring, games = found.document, found.document.scoring, found.games
    now = timezone.now()
    dates = _round_dates(document)
    rounds = Round.objects.bulk_create(
        Round(tournament=tournament, number=r, status=Round.Status.PUBLISHED,
              date=dates.get(first_game_round(r, games)), paired_at=now, published_at=now)
        for r in range(1, found.paired + 1))
    saved, absences = [], []
    points = dict.fromkeys(document.players, 0)  # the scores after the rounds read so far
    for round_ in rounds:
        first = first_game_round(round_.number, games)
        boards, byes = _boards(document, first, games)
        absences += [Absence(player_id=pk[number], round_number=round_.number, bye=code) for number, code in byes]
        boards.sort(key=lambda board: _board_key(board, points))
        saved += [Game(round_id=round_.pk, board=i, white_id=pk[w], black_id=pk.get(b), result=result,
                       result2=result2) for i, (w, b, result, result2) in enumerate(boards, start=1)]
        for record in document.players.values():
            points[record.number] += sum(scoring.points(entry.code) for r in range(first, first + games)
                                         if (entry := record.entry(r)) is not None)
    for record in document.players.values():
        absences += [Absence(player_id=pk[record.number], round_number=number, bye=bye)
                     for number in range(found.paired + 1, found.total + 1)
                     if (bye := _bye_to_come(record.entry(first_game_round(number, games))))]
    return saved, absences


def _bye_to_come(entry: RoundEntry | None) -> str:
    """The bye a round to come's column (or a 240 line) gives (H, Z or F); "" for none.  A blank column
    before a later one (the parser's ``ABSENT``, the very object) says nothing of a round not yet paired."""
    if entry is None or entry is ABSENT or entry.opponent is not None or entry.code not in ("H", "Z", "F"):
        return ""
    return entry.code


def _boards(document: TrfDocument, first: int, games: int) -> tuple[list[tuple], list[tuple[int, str]]]:
    """The boards of the round whose first game is TRF round ``first`` as (white, black or None for
    the PAB, result, result2), and its byes as (player, code).  A Double-Swiss match's game 2 reverses
    the colours (C.04.5 4.4): ``result2`` is written White first, the board's black's code first; its
    PAB is U then H, any other bye the same in both rounds (``read_matches`` checked the layout)."""
    boards, byes = [], []
    for record in document.players.values():
        entry = record.entry(first)
        if entry is None or entry == ABSENT:
            continue  # not paired: exported as a zero-point absence again
        if entry.opponent is None:
            if entry.code in ("U", "+"):  # "0000 - +": the PAB as some programs write it (the engine reads it so)
                boards.append((record.number, None, Result.BYE, ""))
            else:
                byes.append((record.number, entry.code))
        elif entry.colour == WHITE:
            other = document.players[entry.opponent]
            second = "" if games == 1 else RESULT_OF_CODES[other.entry(first + 1).code, record.entry(first + 1).code]
            boards.append((record.number, entry.opponent, RESULT_OF_CODES[entry.code, other.entry(first).code],
                           second))
    return boards, byes


def _pairing_rules(document: TrfDocument, text: str, total: int,
                   errors: list[str]) -> tuple[SwissSystem, Edition, bool] | None:
    """The system, edition and acceleration of an imported file.

    Record 192 names them (``FIDE_DUTCH_2025_BAKU``); without it (or with a code that
    names no edition) the edition in force on the start date of record 042, else the
    latest.  Explicit virtual points (XXA/250) are accepted when they are the Baku
    acceleration of that edition: the app runs no other acceleration.
    """
    lines = re.split(r"\r\n|\r|\n", text)
    system, baku = SYSTEMS[DEFAULT_SYSTEM], False
    if document.system_code:
        code = read_trf_code(document.system_code)
        line = next((n for n, t in enumerate(lines, start=1) if t.startswith("192")), 0)
        if code is None and document.system_code.upper().startswith("FIDE_TEAM"):
            # C.04.6: a team event's file pairs teams; the import makes individual tournaments
            errors.append(gettext("line %(line)s: record 192 names the Swiss team system (%(code)s): a team "
                                  "event is created in the app (Team events), not imported from a file") % {
                "line": line, "code": document.system_code})
            return None
        if code is None:
            known = ", ".join(swiss.trf_code(e) for swiss in SYSTEMS.values() for e in swiss.editions)
            errors.append(gettext("line %(line)s: record 192 names the pairing system %(code)s, which the app does "
                                  "not run (it runs %(known)s, each also with _BAKU)") % {
                "line": line, "code": repr(document.system_code), "known": known})
            return None
        system, baku = code.system, code.baku
    edition = resolve_edition(document, system)
    problem = baku_problem(edition, total, _tenths_to_points(document.scoring.win),
                           _tenths_to_points(document.scoring.draw), _tenths_to_points(document.scoring.loss), system)
    given = {(n, r): v for n, values in document.accelerations.items() for r, v in enumerate(values, start=1)}
    if not baku and not any(given.values()):
        return system, edition, False  # no acceleration (or only zero virtual points)
    if problem:
        errors.append((gettext("record 192 asks for the Baku acceleration, which cannot apply here: %(problem)s")
                       if baku else
                       gettext("the file gives virtual points (XXA/250), which cannot apply here: %(problem)s"))
                      % {"problem": problem})
        return None
    baku_points = with_baku_acceleration(replace(document, total_rounds=total, accelerations={}),
                                         edition.acceleration).accelerations
    expected = {(n, r): v for n, values in baku_points.items() for r, v in enumerate(values, start=1)}
    # Only the rounds a player is paired in count (virtual points change nothing else); the file is
    # read for the rounds played and the round to be paired, where a missing value is 0 unless 192
    # asks for Baku (the engine then computes it).  Later rounds: the app computes them.
    paired = document.paired_rounds

    def counts(cell: tuple[int, int]) -> bool:
        number, r = cell
        entry = document.players[number].entry(r)
        if r <= paired:
            return entry is not None and entry.paired
        return r > paired + 1 or entry is None or entry.paired

    read = set(given) if baku else set(given) | {(n, r) for n, r in expected if r <= paired + 1}
    wrong = {cell for cell in read if counts(cell) and given.get(cell, 0) != expected.get(cell, 0)}
    if wrong:
        errors += _acceleration_errors(document, lines, wrong, given, expected, system, edition)
        return None
    return system, edition, True


def _acceleration_errors(document: TrfDocument, lines: list[str], wrong: set[tuple[int, int]], given: dict,
                         expected: dict, system: SwissSystem, edition: Edition, limit: int = 10) -> list[str]:
    """One message per XXA/250 line (or player without one) whose virtual points are not Baku's."""
    baku = gettext("the Baku acceleration of the %(edition)s edition (%(method)s)") % {
        "edition": edition.name, "method": edition.acceleration}
    messages, seen = [], set()
    for number, line in enumerate(lines, start=1):
        if line.startswith("XXA"):  # player at 5-8, round r at 10+5(r-1)
            cells = [(int(line[4:8]), r) for r in range(1, (len(line.rstrip()) - 10) // 5 + 2)]
        elif line.startswith("250"):  # rounds at 15-17 and 19-21, players at 23-26 and 28-31
            first_round, first = int(line[14:17]), int(line[22:26])
            last_round, last = int(line[18:21].strip() or first_round), int(line[27:31].strip() or first)
            cells = [(p, r) for p in range(first, last + 1) for r in range(first_round, last_round + 1)]
        else:
            continue
        bad = sorted(cell for cell in cells if cell in wrong)
        if bad:
            player, r = bad[0]
            seen.update(bad)
            messages.append(gettext("line %(line)s: %(record)s gives player %(player)s %(given)s virtual points in "
                                    "round %(round)s, where %(baku)s gives %(expected)s; the app runs no other "
                                    "acceleration") % {
                "line": number, "record": line[:3], "player": player, "given": format_points(given.get(bad[0], 0)),
                "round": r, "baku": baku, "expected": format_points(expected.get(bad[0], 0))})
    uncovered: dict[int, int] = {}  # player -> first round no line gives (the engine takes 0)
    for player, r in sorted(wrong - seen, reverse=True):
        uncovered[player] = r
    for player, r in sorted(uncovered.items()):
        messages.append(gettext("line %(line)s: player %(player)s has no virtual points (XXA/250) in round "
                                "%(round)s, where %(baku)s gives %(expected)s") % {
            "line": document.players[player].line, "player": player, "round": r, "baku": baku,
            "expected": format_points(expected.get((player, r), 0))})
    if len(messages) > limit:
        messages = [*messages[:limit], gettext("and %(count)s more lines with other virtual points") % {
            "count": len(messages) - limit}]
    if uncovered:
        messages.append(gettext("with record 192 %(code)s, the virtual points the file does not give are those of "
                                "%(baku)s") % {"code": system.trf_code(edition, baku=True), "baku": baku})
    return messages


def _forbidden_pairs(document: TrfDocument, total: int, errors: list[str]) -> dict[tuple[int, int], tuple]:
    """XXP / 260 as pairs of pairing numbers with their rounds (a group of n players is n(n-1)/2 pairs);
    a range that runs to the last round is kept open (None)."""
    pairs: dict[tuple[int, int], tuple[int, int | None]] = {}
    count = sum(len(group.players) * (len(group.players) - 1) // 2 for group in document.forbidden_pairs)
    if count > MAX_FORBIDDEN_PAIRS:
        errors.append(gettext("XXP/260 keep %(count)s pairs of players apart: the app keeps at most %(max)s") % {
            "count": count, "max": MAX_FORBIDDEN_PAIRS})
        return pairs
    for group in document.forbidden_pairs:
        last = group.last_round if group.last_round is not None and group.last_round < total else None
        if group.first_round > total:
            errors.append(gettext("XXP/260 keeps players %(players)s apart from round %(round)s, but the tournament "
                                  "has %(total)s rounds") % {
                "players": ", ".join(map(str, sorted(group.players))), "round": group.first_round, "total": total})
            continue
        for a, b in combinations(sorted(group.players), 2):
            if pairs.get((a, b), (group.first_round, last)) != (group.first_round, last):
                errors.append(gettext("XXP/260 keeps players %(a)s and %(b)s apart twice, over different rounds")
                              % {"a": a, "b": b})
            pairs[a, b] = (group.first_round, last)
    return pairs


def _round_dates(document: TrfDocument) -> dict[int, date]:
    """Record 132: round r's date (YY/MM/DD) at columns 92+10(r-1) to 99+10(r-1)."""
    line = next((line for line in document.headers if line.startswith("132")), "")
    dates, r = {}, 1
    while 91 + 10 * (r - 1) < len(line):
        cell = line[91 + 10 * (r - 1):99 + 10 * (r - 1)].strip()
        with suppress(ValueError):  # blank or unreadable: the round has no date
            dates[r] = datetime.strptime(cell, "%y/%m/%d").date()
        r += 1
    return dates


def _board_key(board, points: dict[int, int]):
    """The publishing order (C.04.2 D.9, the engine's one copy) of a round read from a file
    (``points``: the scores before it; a player's rank: his pairing number); the bye last."""
    white, black, *_ = board
    if black is None:
        return (1, white)
    return (0, *publishing_key(points[white], white, points[black], black))
