"""A tournament's settings: creation, the settings and tie-breaks, FIDE mode, its place on the
public home page, and the lots that break ties (C.07)."""

from __future__ import annotations

import random

from django.db import IntegrityError, transaction
from django.utils import timezone
from django.utils.text import slugify
from django.utils.translation import gettext as _
from django.utils.translation import gettext_noop, override

from tournaments import audit
from tournaments.audit import Kind
from tournaments.cache import bump
from tournaments.models import Club, Player, Round, Tournament
from tournaments.services import ConfirmationNeeded, Refused, last_paired_round, lock_tournament

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
    """A new tournament of ``club``: hidden from the public home page until an arbiter lists it
    (:func:`set_listing`), so that a test or a tournament still being set up is not announced."""
    fields.setdefault("listing", Tournament.Listing.HIDDEN)
    tournament = save_new_tournament(Tournament(club=club, **fields))
    audit.record(tournament, Kind.SETTINGS, "created", f"Tournament “{tournament.name}” created", user=user,
                 after=audit.filled(audit.snapshot(tournament, exclude=("club",))))
    return tournament


def namesakes(tournament: Tournament):
    """The club's other tournaments of the same name (case aside): an arbiter creating or importing
    one is warned, and his dashboard tells them apart."""
    return (Tournament.objects.filter(club_id=tournament.club_id, name__iexact=tournament.name)
            .exclude(pk=tournament.pk).order_by("created_at"))


#: The scoring and the PAB value: fixed once round 1 is paired in FIDE mode (C.04.1 2026 Art. 3: the
#: same points for every pairing-allocated bye; the points of the rounds played are the pairings' input),
#: and what a late entrant scores for the rounds before his arrival (C.04.2 C.2 b: "the rules of the
#: tournament", announced beforehand; changed later, it would rewrite scores that rounds were paired on).
SCORING_FIELDS = ("points_win", "points_draw", "points_loss", "points_pairing_bye", "points_half_bye",
                  "late_entry_bye")


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


@transaction.atomic
def draw_lots(tournament: Tournament, user=None) -> None:
    """C.07: once a round is published, every player without a lot gets one, after the lots drawn
    before; recorded, never drawn again.  Called where that can change: a round published
    (``pairing.rounds.publish.publish_round``), the tournament's settings saved (ties by lot switched on).
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
