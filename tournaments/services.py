"""Business actions on tournaments, players and results.

Views and API endpoints call these functions; each validates, changes the
database in one transaction, and raises :class:`Refused` with a message for
the arbiter when the action is not allowed (nothing is changed then).

Every action that changes what a pairing reads (players, absences, forbidden
pairs, results) first takes the tournament's lock (:func:`lock_tournament`):
the pairing task stores its boards under that lock after checking that its
input did not change (``pairing.services``).
"""

from __future__ import annotations

import csv
import io
import math
import random
from collections.abc import Sequence

from django.db import IntegrityError, transaction
from django.db.models import Max
from django.utils import timezone
from django.utils.text import slugify
from django.utils.translation import gettext as _
from django.utils.translation import gettext_noop, ngettext, override

from . import audit
from .audit import Kind
from .cache import bump
from .forms import PlayerForm
from .limits import MAX_PLAYERS, listed
from .models import Absence, Club, ForbiddenPair, Game, Player, Result, Round, Tournament

#: C.04.2 B.3: pairing numbers may be reassigned only for the first three rounds.
FREEZE_ROUND = 4
#: Rows per UPDATE when many players are renumbered (Django writes one CASE branch per row: keep it short).
UPDATE_BATCH = 250
TITLE_ORDER = {title: i for i, title in enumerate(Player.Title.values)}


class Refused(Exception):
    """An action that the rules or the tournament's state do not allow."""

    def __init__(self, message: str, errors: list[str] | None = None):
        super().__init__(message)
        self.message = message
        self.errors = errors or []


class ConfirmationNeeded(Refused):
    """An action allowed only once the arbiter confirms it; the message says what it affects."""


# Tournaments ------------------------------------------------------------------------------------

#: Tries for a free address when tournaments of one name are created at the same moment.
SLUG_ATTEMPTS = 20


def _free_slug(base: str) -> str:
    slug, n = base, 1
    while Tournament.objects.filter(slug=slug).exists():
        n += 1
        slug = f"{base}-{n}"
    return slug


def save_new_tournament(tournament: Tournament) -> Tournament:
    """Insert ``tournament`` under a free slug made from its name.

    Another tournament of the same name created at the same moment may take
    the slug between the check and the insert: the insert then fails in its
    savepoint and the next free suffix is tried.
    """
    base = slugify(tournament.name)[:120] or "tournament"
    for _attempt in range(SLUG_ATTEMPTS):
        tournament.slug = _free_slug(base)
        try:
            with transaction.atomic():
                tournament.save(force_insert=True)
            return tournament
        except IntegrityError:
            tournament.pk = None
            if not Tournament.objects.filter(slug=tournament.slug).exists():
                raise  # another constraint: not ours to hide
    raise Refused(_("Many tournaments named “%(name)s” are being created at this moment: try again.") % {
        "name": tournament.name})


@transaction.atomic
def create_tournament(club: Club, user=None, **fields) -> Tournament:
    tournament = save_new_tournament(Tournament(club=club, **fields))
    audit.record(tournament, Kind.SETTINGS, "created", f"Tournament “{tournament.name}” created", user=user,
                 after=audit.filled(audit.snapshot(tournament, exclude=("club",))))
    return tournament


#: The scoring and the PAB value: fixed once round 1 is paired in FIDE mode (C.04.1 2026 Art. 3: the
#: same points for every pairing-allocated bye; the points of the rounds played are the pairings' input).
SCORING_FIELDS = ("points_win", "points_draw", "points_loss", "points_pairing_bye", "points_half_bye")


def scoring_fixed(tournament: Tournament) -> bool:
    """Whether the scoring and the PAB value can no longer change: in FIDE mode once round 1 is
    paired, and with the Baku acceleration (its virtual points are counted in wins) in any mode."""
    return (tournament.fide_mode or tournament.baku) and last_paired_round(tournament) > 0


#: The settings that decide the standings' order (C.07): changing them once a round is published
#: reorders standings already read, so it needs confirming.
TIEBREAK_FIELDS = ("tiebreaks", "tiebreak_edition", "ties_by_lot")


@transaction.atomic
def update_tournament(tournament: Tournament, user=None, confirm: bool = False) -> Tournament:
    """Save the changed settings of ``tournament`` (an unsaved copy, as a form leaves it).

    Once a round is published, a new tie-break list needs ``confirm`` (the published standings
    change).  Settings and tie-breaks are logged as separate entries.
    """
    lock_tournament(tournament)
    stored = Tournament.objects.get(pk=tournament.pk)
    if tournament.rounds < last_paired_round(stored):
        raise Refused(_("Fewer rounds than have been paired already."))
    before, after = audit.changes(audit.snapshot(stored, exclude=("club",)),
                                  audit.snapshot(tournament, exclude=("club",)))
    scoring = [name for name in after if name in SCORING_FIELDS]
    if scoring and scoring_fixed(stored):
        raise Refused(_("The scoring cannot change once round 1 is paired: in FIDE mode the points and the PAB "
                        "value stay as they were when round 1 was paired (C.04.1 2026 Art. 3).") if stored.fide_mode
                      else _("The scoring cannot change once round 1 is paired: with the Baku acceleration the "
                             "virtual points are counted in the points of a win."))
    tiebreaks = [name for name in after if name in TIEBREAK_FIELDS]
    published = stored.round_set.filter(status=Round.Status.PUBLISHED).exists()
    if tiebreaks and published and not confirm:
        raise ConfirmationNeeded(
            _("Round 1 has been published: changing the tie-breaks (%(before)s → %(after)s) changes the order "
              "of standings already published. Confirm to change them.") % {
                "before": stored.tiebreaks, "after": tournament.tiebreaks})
    tournament.save()
    if tiebreaks:
        audit.record(tournament, Kind.TIEBREAKS, "changed",
                     f"Tie-breaks: {stored.tiebreaks} → {tournament.tiebreaks}" if "tiebreaks" in tiebreaks
                     else "Tie-break settings changed", user=user,
                     before={name: before[name] for name in tiebreaks}, after={name: after[name] for name in tiebreaks})
    others = [name for name in after if name not in TIEBREAK_FIELDS]
    if others:
        audit.record(tournament, Kind.SETTINGS, "changed", f"Settings changed: {', '.join(others)}", user=user,
                     before={name: before[name] for name in others}, after={name: after[name] for name in others})
    draw_lots(tournament, user=user)
    return tournament


FIDE_MODE_QUESTIONS = (  # translated when asked
    gettext_noop("Leave FIDE mode? The points of a win, a draw, a loss and the byes could then be changed during "
                 "the tournament (FIDE mode keeps them as they were when round 1 was paired, C.04.1 2026 Art. 3), "
                 "and the tournament's file says it left FIDE mode."),
    gettext_noop("Second confirmation: FIDE mode cannot be turned on again for this tournament. Leave it for good?"),
)


@transaction.atomic
def leave_fide_mode(tournament: Tournament, user=None, confirmations: int = 0) -> Tournament:
    """Leave FIDE mode, for good: two explicit confirmations (``confirmations`` given so far; fewer
    than two raise :class:`ConfirmationNeeded` with the next question, and nothing changes)."""
    tournament = lock_tournament(tournament)
    if not tournament.fide_mode:
        raise Refused(_("The tournament has already left FIDE mode."))
    if confirmations < len(FIDE_MODE_QUESTIONS):
        raise ConfirmationNeeded(_(FIDE_MODE_QUESTIONS[confirmations]))
    tournament.fide_mode, tournament.fide_mode_left_at = False, timezone.now()
    tournament.save(update_fields=["fide_mode", "fide_mode_left_at"])
    audit.record(tournament, Kind.SETTINGS, "left FIDE mode", "Left FIDE mode (for good, confirmed twice)",
                 user=user, before={"fide_mode": True}, after={"fide_mode": False})
    return tournament


@transaction.atomic
def set_listing(tournament: Tournament, listing: str, user=None) -> Tournament:
    """List the tournament on the public home page, archive it (listed with the finished ones) or
    hide it (a test tournament); its pages stay open to whoever has their address."""
    if listing not in Tournament.Listing.values:
        raise Refused(_("Choose listed, archived or hidden."))
    stored = Tournament.objects.select_for_update().get(pk=tournament.pk)
    if stored.listing == listing:
        return stored
    with override(None):  # the log in English, whatever the arbiter's language
        before, after = stored.get_listing_display(), str(Tournament.Listing(listing).label)
    stored.listing = listing
    stored.save(update_fields=["listing"])
    audit.record(stored, Kind.SETTINGS, listing or "listed", f"Home page: {before} → {after}", user=user,
                 before={"listing": before}, after={"listing": after})
    tournament.listing = listing
    return stored


def lock_tournament(tournament: Tournament) -> Tournament:
    """Serialise the changes of the pairing input (players, absences, pairs, results) until the
    transaction ends.

    PostgreSQL locks the tournament's row; SQLite takes its write lock when
    the transaction begins (``transaction_mode`` IMMEDIATE in the settings).
    """
    return Tournament.objects.select_for_update().get(pk=tournament.pk)


def last_paired_round(tournament: Tournament) -> int:
    return tournament.round_set.aggregate(last=Max("number"))["last"] or 0


def _only_rounds(tournament: Tournament) -> str:
    return ngettext("The tournament has only %(rounds)s round.", "The tournament has only %(rounds)s rounds.",
                    tournament.rounds) % {"rounds": tournament.rounds}


def all_paired(tournament: Tournament) -> str:
    return _("All %(rounds)s rounds have been paired.") % {"rounds": tournament.rounds}


# Players and the initial order -------------------------------------------------------------------

def initial_order_key(player: Player):
    """C.04.2 B.2: rating, then FIDE title, then alphabetically."""
    return (-(player.rating or 0), TITLE_ORDER.get(player.title, len(TITLE_ORDER)),
            player.name.casefold(), player.pk or math.inf)  # players being registered last, in their order


def pairing_numbers_frozen(tournament: Tournament) -> bool:
    """C.04.2 B.3: no pairing number changes once the fourth round has been paired."""
    return tournament.round_set.filter(number__gte=FREEZE_ROUND).exists()


def _log_renumbering(tournament: Tournament, old: dict[int, int | None], players: Sequence[Player], user) -> None:
    """One entry for the numbers of registered players that changed (new players' are in their own entry)."""
    moved = [p for p in players if p.pk in old and old[p.pk] is not None and old[p.pk] != p.pairing_number]
    if moved:
        audit.record(tournament, Kind.PAIRING_NUMBERS, "renumbered",
                     f"Pairing numbers of {len(moved)} player{'s' if len(moved) != 1 else ''} changed", user=user,
                     before={p.name: old[p.pk] for p in moved}, after={p.name: p.pairing_number for p in moved})


def assign_pairing_numbers(tournament: Tournament, new: Sequence[Player] = (), user=None) -> None:
    """Number the players in initial order (C.04.2 B.3), late entries included (C.3).

    ``new`` players (not yet saved) are saved here, already numbered, in one statement.
    Once the numbers are frozen, only players without a number (a late entry
    after round 3) get one, after everybody else.
    """
    bump(pk=tournament.pk)  # bulk writes send no signal (tournaments/cache.py)
    registered = list(tournament.players.select_for_update().all())
    old = {p.pk: p.pairing_number for p in registered}
    if pairing_numbers_frozen(tournament):
        last = max((p.pairing_number or 0 for p in registered), default=0)
        unnumbered = sorted((p for p in [*registered, *new] if p.pairing_number is None), key=initial_order_key)
        for offset, player in enumerate(unnumbered, start=1):
            player.pairing_number = last + offset
        Player.objects.bulk_update([p for p in unnumbered if p.pk], ["pairing_number"], batch_size=UPDATE_BATCH)
        Player.objects.bulk_create(new)
        _log_renumbering(tournament, old, unnumbered, user)
        return
    players = sorted([*registered, *new], key=initial_order_key)
    changed = [p for number, p in enumerate(players, start=1) if p.pk and p.pairing_number != number]
    # Two steps, so that the unique (tournament, pairing_number) holds throughout.
    if changed:
        Player.objects.filter(pk__in=[p.pk for p in changed]).update(pairing_number=None)
    for number, player in enumerate(players, start=1):
        player.pairing_number = number
    Player.objects.bulk_create(new)
    Player.objects.bulk_update(changed, ["pairing_number"], batch_size=UPDATE_BATCH)
    _log_renumbering(tournament, old, changed, user)


def _check_entry_round(tournament: Tournament, player: Player, paired: int) -> None:
    """``paired``: the last round paired so far."""
    if player.entry_round > tournament.rounds:
        raise Refused(_only_rounds(tournament))
    if player._state.adding and paired and player.entry_round <= paired:
        # C.04.2 C.2 b: a late entry is paired only from his arrival on.
        player.entry_round = paired + 1


def _check_room(tournament: Tournament, adding: int) -> None:
    registered = tournament.players.count()
    if registered + adding > MAX_PLAYERS:
        raise Refused(_("A tournament has at most %(max)s players (TRF pairing numbers have four digits): this "
                        "one has %(registered)s, and %(adding)s more would make %(total)s.") % {
            "max": MAX_PLAYERS, "registered": registered, "adding": adding, "total": registered + adding})


@transaction.atomic
def register_player(tournament: Tournament, player: Player, user=None) -> Player:
    lock_tournament(tournament)
    player.tournament = tournament
    _check_room(tournament, 1)
    _check_entry_round(tournament, player, last_paired_round(tournament))
    assign_pairing_numbers(tournament, [player], user=user)
    player.refresh_from_db()
    audit.record(tournament, Kind.PLAYER, "registered", f"{player.name} registered as #{player.pairing_number}",
                 user=user, after=audit.filled(_player_data(player)))
    return player


def _player_data(player: Player) -> dict:
    return audit.snapshot(player, exclude=("tournament", "lot"))


@transaction.atomic
def update_player(player: Player, user=None) -> Player:
    """Save corrected data; the numbers follow while they are not frozen (C.04.2 B.3)."""
    lock_tournament(player.tournament)
    paired = last_paired_round(player.tournament)
    stored = Player.objects.get(pk=player.pk)
    if player.entry_round != stored.entry_round and min(player.entry_round, stored.entry_round) <= paired:
        raise Refused(_("The entry round can only be changed for rounds not yet paired."))
    before, after = audit.changes(_player_data(stored), _player_data(player))
    player.save()
    if after:
        audit.record(player.tournament, Kind.PLAYER, "changed", f"{player.name}: {', '.join(after)} changed",
                     user=user, before=before, after=after)
    assign_pairing_numbers(player.tournament, user=user)
    player.refresh_from_db()
    return player


@transaction.atomic
def remove_player(player: Player, user=None) -> None:
    lock_tournament(player.tournament)
    if Game.objects.filter(white=player).exists() or Game.objects.filter(black=player).exists():
        raise Refused(_("%(name)s has been paired already: withdraw the player instead.") % {"name": player.name})
    tournament = player.tournament
    audit.record(tournament, Kind.PLAYER, "removed", f"{player.name} (#{player.pairing_number}) removed", user=user,
                 before=_player_data(player))
    player.delete()
    if not pairing_numbers_frozen(tournament):
        assign_pairing_numbers(tournament, user=user)


@transaction.atomic
def withdraw_player(player: Player, from_round: int | None, user=None) -> None:
    """C.04.2 D.3: a withdrawn player is not paired from ``from_round`` on (None: reinstated)."""
    lock_tournament(player.tournament)
    paired = last_paired_round(player.tournament)
    if from_round is not None and from_round <= paired:
        raise Refused(_("Round %(number)s has been paired already; withdraw from round %(next)s on.") % {
            "number": from_round, "next": paired + 1})
    if from_round is not None and from_round > player.tournament.rounds:
        raise Refused(_only_rounds(player.tournament))
    before = player.withdrawn_from_round
    player.withdrawn_from_round = from_round
    player.save(update_fields=["withdrawn_from_round"])
    if before != from_round:
        audit.record(player.tournament, Kind.PLAYER, "withdrawn" if from_round else "reinstated",
                     f"{player.name} withdrawn from round {from_round}" if from_round else f"{player.name} reinstated",
                     user=user, before={"withdrawn_from_round": before}, after={"withdrawn_from_round": from_round})


@transaction.atomic
def set_absence(player: Player, round_number: int, bye: str | None, user=None) -> None:
    """C.04.2 D.4: a player known not to play ``round_number`` is not paired in it."""
    tournament = lock_tournament(player.tournament)
    if round_number <= last_paired_round(tournament):
        raise Refused(_("Round %(number)s has been paired already.") % {"number": round_number})
    if round_number > tournament.rounds:
        raise Refused(_only_rounds(tournament))
    if bye == Tournament.Bye.HALF and not tournament.half_point_byes:
        raise Refused(_("This tournament does not give half-point byes."))
    stored = Absence.objects.filter(player=player, round_number=round_number).first()
    if bye is None:
        Absence.objects.filter(player=player, round_number=round_number).delete()
    else:
        Absence.objects.update_or_create(player=player, round_number=round_number, defaults={"bye": bye})
    with override(None):  # the audit log is written in English (audit.py)
        before = str(Absence.Kind(stored.bye).label) if stored else None
        after = str(Absence.Kind(bye).label) if bye else None
    if before != after:
        audit.record(tournament, Kind.ABSENCE, "set" if after else "cleared",
                     f"{player.name}, round {round_number}: {after or 'plays'}", user=user,
                     before={"round": round_number, "absence": before}, after={"round": round_number, "absence": after})


# Forbidden pairs ----------------------------------------------------------------------------------

@transaction.atomic
def forbid_pair(tournament: Tournament, player: Player, other: Player, first_round: int | None = None,
                last_round: int | None = None, user=None) -> ForbiddenPair:
    """Keep two players apart (family members, say) from ``first_round`` (default: the next round to
    be paired) to ``last_round`` (default: the last round).  The engine treats the pair as it treats
    players who have met (an absolute criterion, C.04.3 C.1); TRF: XXP / 260."""
    lock_tournament(tournament)
    if player.tournament_id != tournament.pk or other.tournament_id != tournament.pk:
        raise Refused(_("Both players must be registered in this tournament."))
    if player.pk == other.pk:
        raise Refused(_("Choose two different players: %(name)s cannot be kept apart from himself.") % {
            "name": player.name})
    paired = last_paired_round(tournament)
    if paired >= tournament.rounds:
        raise Refused(all_paired(tournament))
    if first_round is None:
        first_round = paired + 1
    elif first_round <= paired:
        raise Refused(_("Round %(number)s has been paired already: a forbidden pair applies from round "
                        "%(next)s on.") % {"number": first_round, "next": paired + 1})
    if first_round > tournament.rounds or (last_round or 0) > tournament.rounds:
        raise Refused(_only_rounds(tournament))
    if last_round is not None and last_round < first_round:
        raise Refused(_("The last round (%(last)s) comes before the first (%(first)s).") % {
            "last": last_round, "first": first_round})
    if last_round == tournament.rounds:
        last_round = None
    low, high = sorted((player, other), key=lambda p: p.pk)
    existing = ForbiddenPair.objects.filter(player=low, other=high).first()
    if existing is not None:
        raise Refused(_("%(player)s and %(other)s are already kept apart (%(rounds)s).") % {
            "player": low.name, "other": high.name, "rounds": existing.rounds_display()})
    pair = ForbiddenPair.objects.create(tournament=tournament, player=low, other=high, first_round=first_round,
                                        last_round=last_round)
    with override(None):  # the audit log is written in English (audit.py)
        audit.record(tournament, Kind.FORBIDDEN_PAIR, "added", f"{low.name} and {high.name} kept apart "
                     f"({pair.rounds_display()})", user=user, after=_pair_data(pair))
    return pair


def _pair_data(pair: ForbiddenPair) -> dict:
    """For the audit log (in English: called under ``override(None)``)."""
    return {"players": f"{pair.player.name} – {pair.other.name}", "rounds": pair.rounds_display()}


@transaction.atomic
def allow_pair(pair: ForbiddenPair, user=None) -> str:
    """Remove a forbidden pair.  Rounds already paired under it keep it (it then ends with the last
    paired round), so that the exported file still explains their pairings; the message says which."""
    lock_tournament(pair.tournament)
    pair = ForbiddenPair.objects.select_for_update().select_related("tournament", "player", "other").get(pk=pair.pk)
    paired = last_paired_round(pair.tournament)
    names = f"{pair.player.name} and {pair.other.name}"
    players = {"player": pair.player.name, "other": pair.other.name}
    with override(None):
        before = _pair_data(pair)
    if pair.first_round > paired:
        pair.delete()
        audit.record(pair.tournament, Kind.FORBIDDEN_PAIR, "removed", f"{names} may be paired again", user=user,
                     before=before)
        return _("%(player)s and %(other)s may be paired with each other again.") % players
    if pair.last_round is not None and pair.last_round <= paired:
        raise Refused(_("The pairings of %(rounds)s kept %(player)s and %(other)s apart and stay as they are; the "
                        "pair applies to no later round.") % {**players, "rounds": pair.rounds_display()})
    pair.last_round = paired
    pair.save(update_fields=["last_round"])
    with override(None):
        audit.record(pair.tournament, Kind.FORBIDDEN_PAIR, "ended", f"{names} may be paired from round {paired + 1} "
                     "on", user=user, before=before, after=_pair_data(pair))
    return _("%(player)s and %(other)s may be paired with each other from round %(next)s on (kept apart in "
             "%(rounds)s, which have been paired already).") % {**players, "next": paired + 1,
                                                                 "rounds": pair.rounds_display()}


CSV_FIELDS = ("name", "title", "rating", "fide_id", "federation", "sex", "birth_date")


def _csv_rows(text: str) -> list[tuple[int, list[str]]]:
    """The non-empty records of a CSV text with their line numbers (any line ends: CR, LF, CRLF)."""
    reader = csv.reader(io.StringIO(text, newline=""))
    rows = []
    try:
        for row in reader:
            if any(cell.strip() for cell in row):
                rows.append((reader.line_num, row))
    except csv.Error as error:
        raise Refused(_("Nothing was imported: line %(line)s cannot be read as CSV (%(error)s).") % {
            "line": reader.line_num, "error": error}) from None
    return rows


@transaction.atomic
def import_players_csv(tournament: Tournament, text: str, user=None) -> list[Player]:
    """Register the players of a CSV text (a header row naming columns of CSV_FIELDS).

    Every line is checked first; one bad line refuses the whole file.  The players are
    saved in one statement, then numbered.
    """
    rows = _csv_rows(text)
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
    _check_room(tournament, len(rows) - 1)
    players, errors = [], []
    for line, row in rows[1:]:
        if len(row) > len(header):
            errors.append(_("Line %(line)s: more fields than columns.") % {"line": line})
            continue
        form = PlayerForm(data={key: value.strip() for key, value in zip(header, row, strict=False)})
        if form.is_valid():
            players.append(form.save(commit=False))
        else:
            problems = "; ".join(f"{field}: {' '.join(msgs)}" for field, msgs in form.errors.items())
            errors.append(_("Line %(line)s: %(problems)s") % {"line": line, "problems": problems})
    if errors:
        raise Refused(_("Nothing was imported: the file has errors."),
                      listed(errors, _("and {count} more problems")))
    if not players:
        raise Refused(_("The file holds no players."))
    lock_tournament(tournament)
    paired = last_paired_round(tournament)
    for player in players:
        player.tournament = tournament
        _check_entry_round(tournament, player, paired)
    assign_pairing_numbers(tournament, players, user=user)
    audit.record(tournament, Kind.PLAYER, "imported", f"{len(players)} player{'s' if len(players) != 1 else ''} "
                 f"imported from a CSV file", user=user,
                 after={"players": [f"#{p.pairing_number} {p.name}" for p in players]})
    return players


# Standings -----------------------------------------------------------------------------------------

@transaction.atomic
def draw_lots(tournament: Tournament, user=None) -> None:
    """C.07: once a round is published, every player without a lot gets one, after the lots drawn
    before; recorded, never drawn again.  Called where that can change: a round published
    (``pairing.services.publish_round``), the tournament's settings saved (ties by lot switched on).
    Standings only read the lots (``Tournament.lot_order``)."""
    if not tournament.ties_by_lot or not tournament.round_set.filter(status=Round.Status.PUBLISHED).exists():
        return
    players = list(tournament.players.select_for_update())
    undrawn = [p for p in players if p.lot is None]
    if not undrawn:
        return
    taken = {p.lot for p in players if p.lot is not None}
    free = [n for n in range(1, len(players) + len(taken) + 1) if n not in taken][:len(undrawn)]
    random.SystemRandom().shuffle(free)
    for player, lot in zip(undrawn, free, strict=True):
        player.lot = lot
    Player.objects.bulk_update(undrawn, ["lot"])
    bump(pk=tournament.pk)  # a bulk update sends no signal
    audit.record(tournament, Kind.TIEBREAKS, "lots drawn", f"Lots drawn for {len(undrawn)} player"
                 f"{'s' if len(undrawn) != 1 else ''} (ties broken by lot)", user=user,
                 after={p.name: p.lot for p in undrawn})


# Results -------------------------------------------------------------------------------------------

#: What an arbiter may type for each result (fast keyboard entry).
RESULT_INPUTS = {
    Result.WHITE_WINS: ("1-0", "1", "10", "1:0"),
    Result.DRAW: ("½-½", "=", "½", "5", "1/2", "0.5", "1/2-1/2", "0.5-0.5", "d"),
    Result.BLACK_WINS: ("0-1", "0", "01", "0:1"),
    Result.WHITE_FORFEIT_WIN: ("+-", "+", "+/-", "1f"),
    Result.BLACK_FORFEIT_WIN: ("-+", "-/+", "0f"),
    Result.DOUBLE_FORFEIT: ("--", "-/-"),
    Result.PENDING: ("", "?"),
}
_RESULT_BY_INPUT = {text: result for result, texts in RESULT_INPUTS.items() for text in texts}


def parse_result(text: str) -> str:
    try:
        return _RESULT_BY_INPUT[text.strip().lower().replace(" ", "")]
    except KeyError:
        raise Refused(_("“%(text)s” is not a result: type 1, =, 0, + (white wins by forfeit), -+ (black wins by "
                        "forfeit) or -- (double forfeit).") % {"text": text}) from None


@transaction.atomic
def enter_result(game: Game, result: str, user=None, confirm: bool = False) -> Game:
    """Record ``result`` for ``game``; a correction keeps the old value in the history.

    Once a later round is paired, the result can no longer be cleared (the next pairing would
    not know these players have met), and changing it needs ``confirm``: the later pairings
    stay as they were made, the standings change.
    """
    round_ = Round.objects.select_related("tournament").get(games=game)
    lock_tournament(round_.tournament)
    game = Game.objects.select_for_update().select_related("round").get(pk=game.pk)
    if result not in Result.values or result == Result.BYE:
        raise Refused(_("“%(text)s” is not a result.") % {"text": result})
    if game.is_bye:
        raise Refused(_("The pairing-allocated bye is scored automatically."))
    if game.round.status != Round.Status.PUBLISHED:
        raise Refused(_("Publish the pairing before entering results."))
    if game.result == result:
        return game
    later = sorted(round_.tournament.round_set.filter(number__gt=round_.number)
                   .exclude(status=Round.Status.FAILED).values_list("number", flat=True))
    if later:
        values = {"first": later[0], "last": later[-1], "board": game.board, "round": round_.number,
                  "old": game.result or _("none"), "new": result}
        if result == Result.PENDING:
            raise Refused((_("Round %(first)s has been paired with the result of board %(board)s of round "
                             "%(round)s: it cannot be cleared, only corrected.") if len(later) == 1 else
                           _("Rounds %(first)s–%(last)s have been paired with the result of board %(board)s of "
                             "round %(round)s: it cannot be cleared, only corrected.")) % values)
        if not confirm:
            raise ConfirmationNeeded((
                _("Round %(first)s has been paired with the old result of board %(board)s of round %(round)s "
                  "(%(old)s). Changing it to %(new)s changes the scores and standings but not the pairings "
                  "already made. Confirm to change it.") if len(later) == 1 else
                _("Rounds %(first)s–%(last)s have been paired with the old result of board %(board)s of round "
                  "%(round)s (%(old)s). Changing it to %(new)s changes the scores and standings but not the "
                  "pairings already made. Confirm to change it.")) % values)
    audit.record(round_.tournament, Kind.RESULT, "changed" if game.result else "entered",
                 f"Round {round_.number} board {game.board}: {game.result or '—'} → {result or '—'}", user=user,
                 before={"result": game.result}, after={"result": result}, game=game)
    game.result = result
    game.save(update_fields=["result"])
    return game
