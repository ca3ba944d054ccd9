"""Clubs, tournaments, players, rounds and games.

Pairing numbers are derived data (C.04.2 B); games refer to players, never
to numbers, so renumbering before the freeze changes nothing else.
"""

import datetime
from decimal import Decimal

from django.conf import settings
from django.core.exceptions import ValidationError
from django.core.validators import MaxValueValidator, MinValueValidator
from django.db import models
from django.db.models.functions import Now
from django.urls import reverse
from django.utils.text import format_lazy
from django.utils.translation import gettext
from django.utils.translation import gettext_lazy as _

from pairing.engine import (
    BAKU_MINIMUM_ROUNDS,
    MINIMUM_ROUNDS,
    STANDARD_SCORING,
    SYSTEMS,
    TEAM,
    WIN_TWO_DRAWS,
    Edition,
    SwissSystem,
    baku_premises_broken,
    get_system,
)
from tournaments.limits import MAX_PAIRING_TIME_LIMIT, MAX_ROUNDS, MIN_PAIRING_TIME_LIMIT, PAIRING_TIME_LIMIT

#: New tournaments are paired with the FIDE Dutch system in its latest edition.
DEFAULT_SYSTEM = "dutch"


def system_choices() -> list[tuple[str, str]]:
    """The pairing systems of the engine's registry (nothing is listed by hand) whose round is one
    game or a two-game match (Double-Swiss, C.04.5: a round of the app is a match, ``Game.result2``)."""
    return [(system.name, f"{system.title} ({system.article})") for system in SYSTEMS.values()
            if system.games_per_round in (1, 2)]


def edition_choices() -> list[tuple[str, str]]:
    """Every edition name of the registered systems; which belong to a system is checked in ``clean``."""
    names = sorted({edition.name for system in SYSTEMS.values() for edition in system.editions})
    return [(name, name) for name in names]


def default_edition() -> str:
    return get_system(DEFAULT_SYSTEM).latest.name


def _points(value) -> str:
    return format(Decimal(value).normalize(), "f")


def baku_problem(edition: Edition, rounds: int | None, win, draw, loss,
                 system: SwissSystem | None = None) -> str | None:
    """Why the Baku acceleration of ``edition`` (of ``system``) cannot run with these rounds and points
    (None if it can)."""
    if None in (rounds, win, draw, loss):
        return None  # reported on the fields themselves
    points = gettext("here a win is worth %(win)s, a draw %(draw)s and a loss %(loss)s") % {
        "win": _points(win), "draw": _points(draw), "loss": _points(loss)}
    if not edition.acceleration:
        offered = [e for e in (system.editions if system else ()) if e.acceleration]
        if not offered:
            return gettext("The pairing system's rules provide for no acceleration: choose none.")
        # C.04.7 (2026) preface: its methods go with any system, so the 2026 edition of each has one
        return gettext("The %(edition)s edition of the %(system)s provides for no acceleration: choose none, "
                       "or the edition that has the Baku method (%(editions)s).") % {
            "edition": edition.name, "system": system.title,
            "editions": ", ".join(f"{e.name}: {e.acceleration}" for e in offered)}
    broken = baku_premises_broken(edition.acceleration, rounds, *(int(Decimal(v) * 10) for v in (win, draw, loss)))
    if WIN_TWO_DRAWS in broken:
        return gettext("The Baku acceleration of C.04.7 needs a win worth two draws and a loss worth nothing "
                       "(C.04.7 1.1): %(points)s.") % {"points": points}
    if STANDARD_SCORING in broken:
        return gettext("The Baku acceleration of the 2017 edition (C.04.5.1) needs the standard scoring, "
                       "1 for a win, ½ for a draw, 0 for a loss (C.04.5.1 rule 1): %(points)s.") % {
            "points": points}
    if MINIMUM_ROUNDS in broken:
        return gettext("The Baku acceleration of the 2017 edition (C.04.5.1) is for tournaments of "
                       "%(minimum)s rounds or more (C.04.5.1 rule 1); this one has %(rounds)s. "
                       "The 2026 edition (C.04.7) has no such limit.") % {
            "minimum": BAKU_MINIMUM_ROUNDS, "rounds": rounds}
    return None


class Club(models.Model):
    name = models.CharField(max_length=120)
    slug = models.SlugField(unique=True)

    class Meta:
        ordering = ["name"]

    def __str__(self) -> str:
        return self.name


class Membership(models.Model):
    """A user's role in a club; what each role may do is the table of ``permissions.py``."""

    class Role(models.TextChoices):
        ADMIN = "admin", _("Club admin")
        CHIEF = "chief", _("Chief arbiter")
        DEPUTY = "deputy", _("Deputy arbiter")

    club = models.ForeignKey(Club, on_delete=models.CASCADE, related_name="memberships")
    user = models.ForeignKey(settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="memberships")
    role = models.CharField(max_length=10, choices=Role.choices, default=Role.DEPUTY)

    class Meta:
        constraints = [models.UniqueConstraint(fields=["club", "user"], name="one_membership_per_club")]

    def __str__(self) -> str:
        return f"{self.user} ({self.get_role_display()}, {self.club})"


class RatingKind(models.TextChoices):
    """FIDE's three rating lists (B.02): a tournament is rated in one."""

    STANDARD = "standard", _("Standard")
    RAPID = "rapid", _("Rapid")
    BLITZ = "blitz", _("Blitz")


class PrizeSharing(models.TextChoices):
    NONE = "none", _("Tie-breaks decide")
    SPLIT = "split", _("Shared equally")
    HORT = "hort", _("Hort system")


class PrizeTies(models.TextChoices):
    POINTS = "points", _("Points")
    TIEBREAKS = "tiebreaks", _("Points and every tie-break")


class Event(models.Model):
    """Several tournaments (sections: an Open A, an Open B, an under-1800) sharing one registration,
    one venue, one public page and one arbiter's page.  A tournament without an event is a single
    tournament, as before: nothing to do for it."""

    club = models.ForeignKey(Club, on_delete=models.CASCADE, related_name="events")
    name = models.CharField(max_length=120)
    slug = models.SlugField(unique=True, max_length=140)
    venue = models.CharField(_("venue"), max_length=200, blank=True)
    start_date = models.DateField(null=True, blank=True)
    end_date = models.DateField(null=True, blank=True)
    created_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        ordering = ["-start_date", "name"]

    def __str__(self) -> str:
        return self.name

    def get_absolute_url(self) -> str:
        return reverse("public:event", args=[self.slug])

    def get_manage_url(self) -> str:
        return reverse("arbiter:event", args=[self.slug])

    def sections(self):
        """The event's tournaments in the arbiter's order (the order a placement by rating tries them)."""
        return self.tournaments.order_by("section_order", "pk")


class TournamentQuerySet(models.QuerySet):
    def listed(self):
        """The tournaments whoever lists them sees (the home page, the API's list): all but those
        their arbiter hid; archived ones stay listed.  A hidden one's own pages stay open."""
        return self.exclude(listing=Tournament.Listing.HIDDEN)


class Tournament(models.Model):
    class Acceleration(models.TextChoices):
        NONE = "", _("None")
        BAKU = "baku", _("Baku acceleration")

    class InitialColour(models.TextChoices):
        LOT = "", _("Drawn by lot when round 1 is paired")
        WHITE = "w", _("White for the top seed")
        BLACK = "b", _("Black for the top seed")

    class Bye(models.TextChoices):
        ZERO = "Z", _("Zero-point bye")
        HALF = "H", _("Half-point bye")

    class Listing(models.TextChoices):
        LISTED = "", _("Listed on the home page")
        ARCHIVED = "archived", _("Archived: listed with the finished tournaments")
        HIDDEN = "hidden", _("Hidden from the home page")

    class TiebreakEdition(models.TextChoices):
        FROM_2026 = "2026", _("C.07 from 1 March 2026")
        FROM_2024 = "2024", _("C.07 from 1 August 2024")
        SPPC_2009 = "2009", _("Unplayed games against a virtual opponent (2009)")

    club = models.ForeignKey(Club, on_delete=models.CASCADE, related_name="tournaments")
    name = models.CharField(max_length=120)
    slug = models.SlugField(unique=True, max_length=140)
    # A section of an event (None: a single tournament); the event's sections in this order.
    event = models.ForeignKey(Event, null=True, blank=True, on_delete=models.SET_NULL, related_name="tournaments",
                              editable=False)
    section_order = models.PositiveSmallIntegerField(default=0, editable=False)
    place = models.CharField(_("city"), max_length=120, blank=True)
    federation = models.CharField(max_length=3, blank=True, help_text=_("Host federation, e.g. FRA."))
    chief_arbiter = models.CharField(max_length=120, blank=True)
    deputy_arbiters = models.TextField(blank=True, help_text=_("One per line."))
    time_control = models.CharField(max_length=120, blank=True, help_text=_("e.g. 90 min + 30 s/move"))
    start_date = models.DateField(null=True, blank=True)
    end_date = models.DateField(null=True, blank=True)
    rounds = models.PositiveSmallIntegerField(validators=[MinValueValidator(1), MaxValueValidator(MAX_ROUNDS)])
    # The pairing system and the edition of its rules (C.04 family), both from the engine's registry.
    system = models.CharField(max_length=20, choices=system_choices, default=DEFAULT_SYSTEM)
    edition = models.CharField(_("edition of the rules"), max_length=10, choices=edition_choices,
                               default=default_edition)
    # C.04.2 A.3: an accelerated method announced in advance; Baku (C.04.5.1 in 2017, C.04.7 in 2026).
    acceleration = models.CharField(max_length=10, choices=Acceleration.choices, blank=True,
                                    default=Acceleration.NONE)
    # Point values (C.04.1 c: the PAB is worth a win unless the rules say otherwise).
    points_win = models.DecimalField(max_digits=4, decimal_places=1, default=Decimal("1"))
    points_draw = models.DecimalField(max_digits=4, decimal_places=1, default=Decimal("0.5"))
    points_loss = models.DecimalField(max_digits=4, decimal_places=1, default=Decimal("0"))
    points_pairing_bye = models.DecimalField(max_digits=4, decimal_places=1, default=Decimal("1"))
    points_half_bye = models.DecimalField(max_digits=4, decimal_places=1, default=Decimal("0.5"))
    initial_colour = models.CharField(max_length=1, choices=InitialColour.choices, blank=True, default="")
    initial_colour_by_lot = models.BooleanField(default=False, editable=False)
    half_point_byes = models.BooleanField(
        _("half-point byes on request"), default=True,
        help_text=_("Players who announce an absence may take a half-point bye (else a zero-point bye)."))
    late_entry_bye = models.CharField(
        max_length=1, choices=Bye.choices, default=Bye.ZERO,
        help_text=_("What a late entrant scores for the rounds before arrival (C.04.2 C.2 b)."))
    # C.07: the ordered tie-breaks (FIDE codes), their edition, and what breaks the last ties.
    tiebreaks = models.CharField(
        max_length=200, default="DE,BH/C1,BH,SB,PS,WIN",
        help_text=_("FIDE codes in order, e.g. DE,BH/C1,BH,SB,PS,WIN (C.07)."))
    tiebreak_edition = models.CharField(max_length=4, choices=TiebreakEdition.choices,
                                        default=TiebreakEdition.FROM_2026)
    ties_by_lot = models.BooleanField(
        _("break remaining ties by lot"), default=False,
        help_text=_("When every tie-break is equal: a lot drawn by the app and recorded (else the place is shared)."))
    # The engine's time for one round; past it the round goes back to not paired (pairing/rounds/run.py).
    pairing_time_limit = models.PositiveIntegerField(
        _("pairing time limit (seconds)"), default=PAIRING_TIME_LIMIT,
        validators=[MinValueValidator(MIN_PAIRING_TIME_LIMIT), MaxValueValidator(MAX_PAIRING_TIME_LIMIT)],
        help_text=format_lazy(_("How long the engine may take to pair a round, {min} to {max} s ({default} s = "
                                "{minutes} minutes). Past it the round is not paired and the round's page says so."),
                              min=MIN_PAIRING_TIME_LIMIT, max=MAX_PAIRING_TIME_LIMIT, default=PAIRING_TIME_LIMIT,
                              minutes=PAIRING_TIME_LIMIT // 60))
    # FIDE mode (on by default): the scoring and the PAB value are fixed once round 1 is paired
    # (C.04.1 2026 Art. 3); leaving it takes two confirmations and is for good
    # (services.leave_fide_mode).  Manual pairing changes are reviewed and recorded in either mode.
    fide_mode = models.BooleanField(_("FIDE mode"), default=True, editable=False)
    fide_mode_left_at = models.DateTimeField(null=True, blank=True, editable=False)
    # The FIDE rating list the players are looked up in and rated from (tournaments/queries/rating_list.py).
    rating_kind = models.CharField(_("rating list"), max_length=10, choices=RatingKind.choices,
                                   default=RatingKind.STANDARD)
    # Where the public home page lists it: a test tournament is hidden, an old one archived.
    listing = models.CharField(max_length=10, choices=Listing.choices, blank=True, default=Listing.LISTED,
                               editable=False)
    # Pairing notices (pairing/rounds/notices.py): when a round is published, each player with an
    # e-mail address is sent his board, colour, opponent and the round's start time, in this language (unless
    # he registered online in another: his).
    pairing_notices = models.BooleanField(
        _("pairing notices by e-mail"), default=False,
        help_text=_("When a round is published, every player with an e-mail address is sent his board, colour, "
                    "opponent and the round's start time."))
    notice_language = models.CharField(
        _("language of the notices"), max_length=7, blank=True, choices=settings.LANGUAGES,
        help_text=_("Blank: the site's language."))
    # The prize list's rules (tournaments/prizes.py, services/prizes.py).
    prize_sharing = models.CharField(_("tied players"), max_length=5, choices=PrizeSharing.choices,
                                     default=PrizeSharing.HORT)
    prize_ties = models.CharField(_("tied on"), max_length=9, choices=PrizeTies.choices, default=PrizeTies.POINTS)
    one_prize_per_player = models.BooleanField(_("one prize per player"), default=True, help_text=_(
        "A player eligible for several prizes takes the most valuable; the others go to the next players."))
    prize_currency = models.CharField(_("currency"), max_length=3, default="EUR", help_text=_("e.g. EUR, USD, CHF"))
    created_at = models.DateTimeField(auto_now_add=True)
    # One more at every change of what the public pages show: their cache key (tournaments/cache.py).
    revision = models.PositiveIntegerField(default=0, editable=False)

    objects = TournamentQuerySet.as_manager()

    class Meta:
        ordering = ["-start_date", "name"]

    def __str__(self) -> str:
        return self.name

    def save(self, *args, **kwargs):
        # The revision is bumped in the database, never written back from a copy read earlier.
        bump = not self._state.adding
        if bump:
            self.revision = models.F("revision") + 1
            if kwargs.get("update_fields") is not None:
                kwargs["update_fields"] = [*kwargs["update_fields"], "revision"]
        super().save(*args, **kwargs)
        if bump:
            self.refresh_from_db(fields=["revision"])

    def get_absolute_url(self) -> str:
        return reverse("public:tournament", args=[self.slug])

    def get_manage_url(self) -> str:
        return reverse("arbiter:tournament", args=[self.slug])

    def clean(self):
        super().clean()
        system = SYSTEMS.get(self.system)
        if system is None:
            return  # the field's choices report it
        names = [edition.name for edition in system.editions]
        if self.edition not in names:
            raise ValidationError({"edition": gettext("The %(system)s has no edition %(edition)s: choose %(names)s.")
                                   % {"system": system.title, "edition": self.edition,
                                      "names": gettext(" or ").join(names)}})
        if self.baku:
            problem = baku_problem(system.edition(self.edition), self.rounds, self.points_win,
                                   self.points_draw, self.points_loss, system)
            if problem:
                raise ValidationError({"acceleration": problem})

    @property
    def swiss_system(self) -> SwissSystem:
        return get_system(self.system)

    @property
    def rules_edition(self) -> Edition:
        return self.swiss_system.edition(self.edition)

    @property
    def pairs_by_aro(self) -> bool:
        """The system pairs by ARO (Dubov, C.04.4.1 Art. 1.7, 3.2.5): its pages publish it."""
        return self.swiss_system.aros is not None

    @property
    def baku(self) -> bool:
        return self.acceleration == self.Acceleration.BAKU

    @property
    def system_code(self) -> str:
        """The TRF-2026 record 192 code (ETT26), e.g. FIDE_DUTCH_2025_BAKU."""
        return self.swiss_system.trf_code(self.rules_edition, self.baku)

    def pairing_rules(self) -> str:
        """What the header says: system, edition and acceleration (a team event: the team system)."""
        team_rules = TeamRules.objects.filter(tournament=self).first()
        if team_rules is not None:
            return gettext("%(system)s (%(article)s), %(boards)s boards a match") % {
                "system": TEAM.title, "article": TEAM.article, "boards": team_rules.boards}
        system, edition = self.swiss_system, self.rules_edition
        text = gettext("%(system)s (%(article)s), %(edition)s edition") % {
            "system": system.title, "article": system.article, "edition": edition.name}
        if self.baku:
            text += gettext(", Baku acceleration (%(method)s)") % {"method": edition.acceleration}
        return text

    def tiebreak_codes(self) -> list[str]:
        return [code.strip() for code in self.tiebreaks.split(",") if code.strip()]

    def lot_order(self) -> list[int] | None:
        """C.07: the pairing numbers in the order drawn by lot (``services.setup.draw_lots``), when ties are
        broken by lot.  Players without a lot yet come after, by pairing number (the engine's order)."""
        if not self.ties_by_lot:
            return None
        return list(self.players.filter(lot__isnull=False).order_by("lot").values_list("pairing_number", flat=True))

    def published_round_numbers(self) -> list[int]:
        """The numbers of the published rounds (the public pages' tabs): numbers only, a round's row
        holds its explanation (JSON, big on a big event)."""
        return list(self.round_set.filter(status=Round.Status.PUBLISHED).values_list("number", flat=True))

    @property
    def games_per_round(self) -> int:
        """2 for a Double-Swiss tournament (C.04.5: each round a match of two games), else 1."""
        return self.swiss_system.games_per_round

    def completed_rounds(self) -> int:
        """The last round r such that rounds 1..r are published with every result in; in a team event,
        every match's boards too (they are games only once both line-ups are in)."""
        rules = TeamRules.objects.filter(tournament=self).first()
        complete = 0
        rounds = (self.round_set.annotate(pending=models.Count("games", filter=pending_games("games__", self)),
                                          games_count=models.Count("games", distinct=True),
                                          matches_count=models.Count("matches", distinct=True))
                  .order_by("number"))  # an aggregation ignores Meta.ordering
        for number, status, pending, games, matches in rounds.values_list(
                "number", "status", "pending", "games_count", "matches_count"):
            if status != Round.Status.PUBLISHED or pending or (rules and games < rules.boards * matches):
                break
            complete = number
        return complete


class Player(models.Model):
    class Title(models.TextChoices):
        # In the order of C.04.2 B.2 b; labelled as FIDE writes them (a label left out would read "Gm").
        GM = "GM", "GM"
        IM = "IM", "IM"
        WGM = "WGM", "WGM"
        FM = "FM", "FM"
        WIM = "WIM", "WIM"
        CM = "CM", "CM"
        WFM = "WFM", "WFM"
        WCM = "WCM", "WCM"

    class Sex(models.TextChoices):
        MALE = "m", _("Male")
        FEMALE = "w", _("Female")

    tournament = models.ForeignKey(Tournament, on_delete=models.CASCADE, related_name="players")
    name = models.CharField(max_length=33, help_text=_("Lastname, Firstname"))
    title = models.CharField(max_length=3, choices=Title.choices, blank=True)
    rating = models.PositiveSmallIntegerField(null=True, blank=True, validators=[MaxValueValidator(3500)])
    fide_id = models.CharField(_("FIDE id"), max_length=11, blank=True)
    federation = models.CharField(max_length=3, blank=True)
    sex = models.CharField(max_length=1, choices=Sex.choices, blank=True)
    birth_date = models.DateField(null=True, blank=True)
    # From the FIDE rating list (looked up, or "update ratings from the list"): B.02 8.3.3's K as FIDE
    # lists it, and the birth year where no birth date is known.
    k_factor = models.PositiveSmallIntegerField(_("K factor"), null=True, blank=True,
                                                validators=[MinValueValidator(10), MaxValueValidator(40)])
    birth_year = models.PositiveSmallIntegerField(_("birth year"), null=True, blank=True)
    # A national federation's id and rating, for the national rating report (blank: the FIDE ones).
    national_id = models.CharField(_("national id"), max_length=11, blank=True)
    national_rating = models.PositiveSmallIntegerField(_("national rating"), null=True, blank=True,
                                                       validators=[MaxValueValidator(3500)])
    pairing_number = models.PositiveIntegerField(null=True, editable=False)
    # C.04.2 C.2 b: a late entry is paired from this round on.
    entry_round = models.PositiveSmallIntegerField(default=1, validators=[MinValueValidator(1)])
    # C.04.2 D.3: not paired any more from this round on.
    withdrawn_from_round = models.PositiveSmallIntegerField(null=True, blank=True)
    # C.07: the lot drawn (once, then kept) for ties that no tie-break separates.
    lot = models.PositiveIntegerField(null=True, editable=False)
    # The player's side (docs/players.md): where notices go, and the person signed in for this entry.
    email = models.EmailField(_("e-mail"), blank=True)
    club = models.CharField(_("club"), max_length=60, blank=True)
    user = models.ForeignKey(settings.AUTH_USER_MODEL, null=True, blank=True, on_delete=models.SET_NULL,
                             related_name="entries", editable=False)

    class Meta:
        ordering = ["pairing_number", "name"]
        constraints = [
            models.UniqueConstraint(fields=["tournament", "pairing_number"], name="unique_pairing_number"),
            # A FIDE id is registered once per tournament (services.players.check_not_registered).
            models.UniqueConstraint(fields=["tournament", "fide_id"], condition=~models.Q(fide_id=""),
                                    name="unique_fide_id"),
        ]

    def __str__(self) -> str:
        return f"{self.title} {self.name}".strip()

    def get_absolute_url(self) -> str:
        return reverse("public:player", args=[self.tournament.slug, self.pairing_number])

    def plays_in(self, round_number: int) -> bool:
        """Whether the player is to be paired in ``round_number`` (late entry, withdrawal)."""
        return self.entry_round <= round_number and (
            self.withdrawn_from_round is None or round_number < self.withdrawn_from_round)


class Prize(models.Model):
    """One place of a prize category: an amount (in cents) or an object.  The rows of one category
    share its kind and parameters; the table's order is the order they were entered in."""

    class Kind(models.TextChoices):
        OVERALL = "overall", _("Overall")
        RATING = "rating", _("Rating band")
        WOMEN = "women", _("Women")
        JUNIORS = "juniors", _("Juniors")
        SENIORS = "seniors", _("Seniors")
        UNRATED = "unrated", _("Unrated")
        CLUB = "club", _("Club")

    tournament = models.ForeignKey(Tournament, on_delete=models.CASCADE, related_name="prizes")
    kind = models.CharField(max_length=10, choices=Kind.choices, default=Kind.OVERALL)
    label = models.CharField(max_length=60, blank=True)
    rating_min = models.PositiveSmallIntegerField(null=True, blank=True)
    rating_max = models.PositiveSmallIntegerField(null=True, blank=True)
    year = models.PositiveSmallIntegerField(null=True, blank=True)
    club = models.CharField(max_length=60, blank=True)
    place = models.PositiveSmallIntegerField(validators=[MinValueValidator(1)])
    amount = models.PositiveIntegerField(default=0)  # cents
    object = models.CharField(max_length=80, blank=True)

    class Meta:
        ordering = ["pk"]  # a place is entered once per category: services.prizes checks it

    def __str__(self) -> str:
        return f"{self.get_kind_display()} {self.place}"

    def category_key(self) -> tuple:
        return (self.kind, self.label, self.rating_min, self.rating_max, self.year, self.club)


class Absence(models.Model):
    """A player known in advance not to play a round (C.04.2 D.4): a requested bye."""

    player = models.ForeignKey(Player, on_delete=models.CASCADE, related_name="absences")
    round_number = models.PositiveSmallIntegerField(validators=[MinValueValidator(1)])
    class Kind(models.TextChoices):
        ZERO = "Z", _("Zero-point bye")
        HALF = "H", _("Half-point bye")
        FULL = "F", _("Full-point bye")

    bye = models.CharField(max_length=1, choices=Kind.choices, default=Kind.ZERO)

    class Meta:
        ordering = ["round_number"]
        constraints = [
            models.UniqueConstraint(fields=["player", "round_number"], name="one_absence_per_round"),
        ]

    def __str__(self) -> str:
        return f"{self.player}: {self.get_bye_display()} in round {self.round_number}"


class ForbiddenPair(models.Model):
    """Two players the tournament's rules keep apart (family members, say): never paired with each
    other from ``first_round`` to ``last_round`` (None: the last round).  TRF: XXP / 260.

    Private: shown to the club's arbiters only.  ``player`` has the lower primary key, so a pair
    is stored once whichever way round it is entered.
    """

    tournament = models.ForeignKey(Tournament, on_delete=models.CASCADE, related_name="forbidden_pairs")
    player = models.ForeignKey(Player, on_delete=models.CASCADE, related_name="+")
    other = models.ForeignKey(Player, on_delete=models.CASCADE, related_name="+")
    first_round = models.PositiveSmallIntegerField(default=1, validators=[MinValueValidator(1)])
    last_round = models.PositiveSmallIntegerField(null=True, blank=True, validators=[MinValueValidator(1)])

    class Meta:
        ordering = ["pk"]
        constraints = [
            models.UniqueConstraint(fields=["player", "other"], name="one_forbidden_pair"),
            models.CheckConstraint(condition=models.Q(player__lt=models.F("other")), name="forbidden_pair_ordered"),
        ]

    def __str__(self) -> str:
        return f"{self.player.name} – {self.other.name} ({self.rounds_display()})"

    def rounds_display(self) -> str:
        if self.last_round is None:
            return gettext("every round") if self.first_round == 1 else gettext("from round %(first)s") % {
                "first": self.first_round}
        if self.first_round == self.last_round:
            return gettext("round %(number)s") % {"number": self.first_round}
        return gettext("rounds %(first)s–%(last)s") % {"first": self.first_round, "last": self.last_round}

    def applies(self, round_number: int) -> bool:
        return self.first_round <= round_number and (self.last_round is None or round_number <= self.last_round)


class Round(models.Model):
    class Status(models.TextChoices):
        PAIRING = "pairing", _("Being paired")
        FAILED = "failed", _("Pairing failed")
        DRAFT = "draft", _("Draft")
        PUBLISHED = "published", _("Published")

    tournament = models.ForeignKey(Tournament, on_delete=models.CASCADE, related_name="round_set")
    number = models.PositiveSmallIntegerField()
    status = models.CharField(max_length=10, choices=Status.choices, default=Status.PAIRING)
    error = models.TextField(blank=True)
    requested_by = models.ForeignKey(settings.AUTH_USER_MODEL, null=True, on_delete=models.SET_NULL,
                                     related_name="+")
    requested_at = models.DateTimeField(auto_now_add=True)
    date = models.DateField(null=True, blank=True, help_text=_("The day the round is played."))
    # When the round starts: set by the arbiter on the round page, told in the pairing notices.
    starts_at = models.DateTimeField(null=True, blank=True)
    paired_at = models.DateTimeField(null=True)
    published_at = models.DateTimeField(null=True)
    # How the engine formed each bracket, when the system reports it (the Dubov system does):
    # RoundPairing.brackets as JSON, players by primary key (pairing/rounds/run.py ``_store``).
    brackets = models.JSONField(default=list, blank=True, editable=False)
    # While it is being paired: the engine's progress, brackets done of how many and the size of
    # the bracket being paired (written by the task at most once a second, pairing/rounds/run.py).
    progress_done = models.PositiveIntegerField(default=0, editable=False)
    progress_total = models.PositiveIntegerField(default=0, editable=False)
    progress_size = models.PositiveIntegerField(default=0, editable=False)
    # The queueing's outbox and the task's heartbeat (pairing/rounds/outbox.py, watch.py): the
    # current task's id, when it was queued, whether it was sent to the broker; when a worker
    # started it and last said it is alive; how often the watcher sent it again.
    task_id = models.CharField(max_length=36, blank=True, editable=False)
    queued_at = models.DateTimeField(db_default=Now(), editable=False)
    task_sent = models.BooleanField(default=False, editable=False)
    started_at = models.DateTimeField(null=True, editable=False)
    heartbeat_at = models.DateTimeField(null=True, editable=False)
    resent = models.PositiveSmallIntegerField(default=0, editable=False)
    # Why the engine paired the round so (Explanation.to_json(): pairing numbers and names as
    # paired, and the text in plain words); on the public round page once the arbiter publishes it.
    explanation = models.JSONField(default=dict, blank=True, editable=False)
    explanation_published = models.BooleanField(default=False)
    # What a draft was paired from: a digest of each part of the TRF document the task paired
    # (players, results, absences, forbidden pairs, settings; pairing/rounds/stale.py), compared
    # when the draft is shown and published.  Empty for rounds paired before it was stored.
    paired_from = models.JSONField(default=dict, blank=True, editable=False)
    #: The JSON fields, big on a big event: what a query that needs only a game's round defers.
    JSON_FIELDS = ("brackets", "explanation", "paired_from")

    class Meta:
        ordering = ["number"]
        constraints = [
            # One pairing per round, whoever asks and however often.
            models.UniqueConstraint(fields=["tournament", "number"], name="one_pairing_per_round"),
        ]

    def __str__(self) -> str:
        return f"{self.tournament} round {self.number}"

    @property
    def is_published(self) -> bool:
        return self.status == self.Status.PUBLISHED

    @property
    def results_complete(self) -> bool:
        return not self.games.filter(pending_games("", self.tournament)).exists()


class Result(models.TextChoices):
    PENDING = "", _("Not yet played")
    WHITE_WINS = "1-0", "1-0"
    DRAW = "½-½", "½-½"
    BLACK_WINS = "0-1", "0-1"
    WHITE_FORFEIT_WIN = "+-", _("+/- (forfeit)")
    BLACK_FORFEIT_WIN = "-+", _("-/+ (forfeit)")
    DOUBLE_FORFEIT = "--", _("-/- (double forfeit)")
    BYE = "bye", _("Pairing-allocated bye")


#: TRF result codes (white's, black's) of each result (shared/formats/trf.md).
RESULT_CODES = {
    Result.WHITE_WINS: ("1", "0"),
    Result.DRAW: ("=", "="),
    Result.BLACK_WINS: ("0", "1"),
    Result.WHITE_FORFEIT_WIN: ("+", "-"),
    Result.BLACK_FORFEIT_WIN: ("-", "+"),
    Result.DOUBLE_FORFEIT: ("-", "-"),
}
#: Games that lasted less than one move (W D L) are imported as played games.
RESULT_OF_CODES = {codes: result for result, codes in RESULT_CODES.items()} | {
    ("W", "L"): Result.WHITE_WINS, ("D", "D"): Result.DRAW, ("L", "W"): Result.BLACK_WINS,
    ("", ""): Result.PENDING}  # the round in progress: a game paired, its result blank


#: The systems whose round is a two-game match (the registry's hook, never a system's name).
MATCH_SYSTEMS = [name for name, system in SYSTEMS.items() if system.games_per_round == 2]


def pending_games(prefix: str, tournament: "Tournament | None" = None) -> models.Q:
    """The games (``prefix``: the path to Game) still without a result: in a Double-Swiss match
    either game (C.04.5 Preface; the PAB, a board without black, has none to enter).  Without
    ``tournament``: the games of any tournament, each by its system."""
    pending = models.Q(**{f"{prefix}result": ""})
    second = models.Q(**{f"{prefix}result2": "", f"{prefix}black__isnull": False})
    if tournament is None:
        pending |= second & models.Q(**{f"{prefix}round__tournament__system__in": MATCH_SYSTEMS})
    elif tournament.games_per_round == 2:
        pending |= second
    return pending


class Game(models.Model):
    """A board of a round; a pairing-allocated bye is a board without black.  In a Double-Swiss
    tournament (C.04.5) the board is a match: ``result`` is game 1 (``white`` has White) and
    ``result2`` game 2, the colours reversed (4.4) and its result written in its own colours, White
    first, as on its score sheet (``1-0`` in ``result2``: ``black`` won game 2 with White)."""

    round = models.ForeignKey(Round, on_delete=models.CASCADE, related_name="games")
    board = models.PositiveSmallIntegerField()
    white = models.ForeignKey(Player, on_delete=models.PROTECT, related_name="white_games")
    black = models.ForeignKey(Player, null=True, blank=True, on_delete=models.PROTECT, related_name="black_games")
    result = models.CharField(max_length=3, choices=Result.choices, blank=True, default="")
    result2 = models.CharField(_("result of game 2"), max_length=3, choices=Result.choices, blank=True, default="")

    class Meta:
        ordering = ["round__number", "board"]
        constraints = [
            models.UniqueConstraint(fields=["round", "board"], name="unique_board"),
            models.CheckConstraint(
                condition=models.Q(black__isnull=True, result="bye") | models.Q(black__isnull=False)
                & ~models.Q(result="bye"),
                name="bye_has_no_black",
            ),
        ]

    def __str__(self) -> str:
        return f"{self.round} board {self.board}"

    @property
    def is_bye(self) -> bool:
        return self.black_id is None


class ManualChange(models.Model):
    """A change the arbiter made by hand to the engine's draft pairing of a round, after reviewing
    what it breaks (``pairing.rounds.manual.apply_manual_change``).  Boards as ``[white, black]`` players'
    primary keys (black 0: the pairing-allocated bye), right whatever the numbers become; the summary
    and the findings (``pairing.engine.review.Finding.as_json``, what this change brought) name the
    players by their pairing numbers at the time.  A team event's change (C.04.6): its boards are the
    matches as ``[white team, black team]`` teams' keys (white: White on board 1), the teams named by
    their TPNs.  Written into the TRF export (the team TRF download) as ``###`` lines."""

    class Kind(models.TextChoices):
        SWAP = "swap", _("Swap colours")
        EXCHANGE = "exchange", _("Exchange opponents")
        UNPAIR = "unpair", _("Unpair a board")
        PAIR = "pair", _("Pair two players")
        BYE = "bye", _("Give the pairing-allocated bye")

    round = models.ForeignKey(Round, on_delete=models.CASCADE, related_name="manual_changes")
    kind = models.CharField(max_length=10, choices=Kind.choices)
    summary = models.CharField(max_length=300)
    before = models.JSONField()
    after = models.JSONField()
    findings = models.JSONField(default=list)
    fide_mode = models.BooleanField()
    user = models.ForeignKey(settings.AUTH_USER_MODEL, null=True, blank=True, on_delete=models.SET_NULL,
                             related_name="+")
    at = models.DateTimeField(auto_now_add=True)

    class Meta:
        ordering = ["round__number", "pk"]

    def __str__(self) -> str:
        return f"{self.round}: {self.summary}"


class AuditEntry(models.Model):
    """One change of a tournament, of an event (its name, venue, dates, sections: ``event``, no
    tournament; an event's change is in each section's log too) or of a club (its members: ``club``):
    who, when, what it was before and after (``tournaments/audit.py``).

    Written by the business actions (``tournaments.services``, ``pairing.rounds``) in the transaction of the
    change, and by the Django admin (``admin.AuditedAdmin``).  Never changed nor deleted by the app.
    """

    class Kind(models.TextChoices):
        RESULT = "result", _("Result")
        PLAYER = "player", _("Player")
        PAIRING_NUMBERS = "numbers", _("Pairing numbers")
        ABSENCE = "absence", _("Absence")
        SETTINGS = "settings", _("Settings")
        TIEBREAKS = "tiebreaks", _("Tie-breaks")
        FORBIDDEN_PAIR = "pair", _("Forbidden pair")
        ROUND = "round", _("Round")
        MANUAL = "manual", _("Manual pairing change")
        REGISTRATION = "entry", _("Registration")
        CHECK_IN = "check_in", _("Check-in")
        BYE_REQUEST = "bye_req", _("Bye request")
        PRIZE = "prize", _("Prize")
        TEAM = "team", _("Team")
        MEMBER = "member", _("Club member")

    tournament = models.ForeignKey(Tournament, null=True, blank=True, on_delete=models.CASCADE,
                                   related_name="audit_entries")
    #: A club's own log (its members and their roles); the entry names no tournament nor event.
    club = models.ForeignKey(Club, null=True, blank=True, on_delete=models.CASCADE, related_name="audit_entries")
    #: An event's own log (an event with no section has one too); the entry names no tournament.
    event = models.ForeignKey(Event, null=True, blank=True, on_delete=models.CASCADE, related_name="audit_entries")
    kind = models.CharField(max_length=10, choices=Kind.choices)
    action = models.CharField(max_length=20)
    summary = models.CharField(max_length=300)
    before = models.JSONField(null=True, blank=True)
    after = models.JSONField(null=True, blank=True)
    # The result changes of a board, shown on the round page.
    game = models.ForeignKey(Game, null=True, blank=True, on_delete=models.SET_NULL, related_name="changes")
    user = models.ForeignKey(settings.AUTH_USER_MODEL, null=True, blank=True, on_delete=models.SET_NULL,
                             related_name="+")
    #: Where the change was made: the arbiter's pages or the API (""), the Django admin, the pairing task.
    via = models.CharField(max_length=10, blank=True)
    at = models.DateTimeField(auto_now_add=True)

    class Meta:
        ordering = ["-at", "-pk"]
        indexes = [models.Index(fields=["tournament", "-at"], name="audit_by_tournament"),
                   models.Index(fields=["event", "-at"], name="audit_by_event"),
                   models.Index(fields=["club", "-at"], name="audit_by_club")]
        constraints = [models.CheckConstraint(
            condition=models.Q(tournament__isnull=False) | models.Q(event__isnull=False) | models.Q(club__isnull=False),
            name="audit_of_something")]
        verbose_name_plural = "audit entries"

    def __str__(self) -> str:
        return f"{self.tournament or self.event}: {self.summary}"


# The player's side (docs/players.md): online registration, check-in and bye requests.


class Approval(models.TextChoices):
    AUTOMATIC = "auto", _("Automatic")
    ARBITER = "arbiter", _("By the arbiter")


MINUTES_A_WEEK = 7 * 24 * 60


class PlayerSide(models.Model):
    """What a tournament lets its players do themselves; each part is off until the arbiter turns it on."""

    tournament = models.OneToOneField(Tournament, on_delete=models.CASCADE, related_name="player_side")
    # Registration: dates, the field's size (then a waiting list), entry conditions, approval.
    registration = models.BooleanField(_("online registration"), default=False)
    opens_at = models.DateTimeField(_("registration opens"), null=True, blank=True)
    closes_at = models.DateTimeField(_("registration closes"), null=True, blank=True)
    max_players = models.PositiveIntegerField(_("maximum field"), null=True, blank=True,
                                              help_text=_("Past it, entries go to a waiting list."))
    min_rating = models.PositiveSmallIntegerField(_("lowest rating"), null=True, blank=True)
    max_rating = models.PositiveSmallIntegerField(_("highest rating"), null=True, blank=True)
    born_from = models.DateField(_("born on or after"), null=True, blank=True)
    born_until = models.DateField(_("born on or before"), null=True, blank=True)
    federations = models.CharField(_("federations"), max_length=200, blank=True,
                                   help_text=_("Three-letter codes separated by commas; empty: any."))
    approval = models.CharField(_("approval of entries"), max_length=10, choices=Approval.choices,
                                default=Approval.ARBITER)
    # The start of each round, round 1 first: the check-in window and the bye deadline are reckoned from it.
    round_times = models.JSONField(default=list, blank=True)
    # Check-in (C.04.2 D.4: a player who does not come is not paired).
    check_in = models.BooleanField(_("check-in before round 1"), default=False)
    check_in_each_round = models.BooleanField(_("check-in before each round"), default=False)
    check_in_opens = models.PositiveIntegerField(_("check-in opens (minutes before the round)"), default=120,
                                                 validators=[MaxValueValidator(MINUTES_A_WEEK)])
    check_in_closes = models.PositiveIntegerField(_("check-in closes (minutes before the round)"), default=15,
                                                  validators=[MaxValueValidator(MINUTES_A_WEEK)])
    # Bye requests (C.04.2 D.4: a requested bye).
    bye_requests = models.BooleanField(_("bye requests"), default=False)
    bye_approval = models.CharField(_("approval of byes"), max_length=10, choices=Approval.choices,
                                    default=Approval.AUTOMATIC)
    max_byes = models.PositiveSmallIntegerField(_("byes per player"), default=1)
    no_byes_last_rounds = models.PositiveSmallIntegerField(_("no bye in the last rounds"), default=1,
                                                           help_text=_("How many of the last rounds take no bye."))
    bye_deadline = models.PositiveSmallIntegerField(
        _("bye deadline (hours before the round)"), default=2,
        help_text=_("Without a start time for the round: until the round is paired."))
    # Results from the board: the players report them, the opponent confirms (docs/players.md).
    board_results = models.BooleanField(_("results from the board"), default=False, help_text=_(
        "Either player reports the result from the phone; the opponent confirms or disputes it."))
    accept_confirmed = models.BooleanField(_("accept confirmed results automatically"), default=False, help_text=_(
        "Without it, the arbiter makes each confirmed result official."))

    def __str__(self) -> str:
        return f"{self.tournament}: player side"

    def round_start(self, number: int):
        """When round ``number`` starts (an aware datetime), or None when the arbiter gave no time."""
        if not 0 < number <= len(self.round_times) or not self.round_times[number - 1]:
            return None
        return datetime.datetime.fromisoformat(self.round_times[number - 1])

    def federation_codes(self) -> list[str]:
        return [code.strip().upper() for code in self.federations.split(",") if code.strip()]


class Registration(models.Model):
    """A player's own entry, typed by him: not a ``Player`` (never paired) until approved."""

    class Status(models.TextChoices):
        PENDING = "pending", _("Waiting for approval")
        WAITING = "waiting", _("On the waiting list")
        APPROVED = "approved", _("Approved")
        REFUSED = "refused", _("Refused")
        CANCELLED = "cancelled", _("Cancelled")

    ACTIVE = (Status.PENDING, Status.WAITING, Status.APPROVED)

    tournament = models.ForeignKey(Tournament, on_delete=models.CASCADE, related_name="registrations")
    user = models.ForeignKey(settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="registrations")
    name = models.CharField(max_length=33)
    title = models.CharField(max_length=3, choices=Player.Title.choices, blank=True)
    rating = models.PositiveSmallIntegerField(null=True, blank=True)
    fide_id = models.CharField(max_length=11, blank=True)
    federation = models.CharField(max_length=3, blank=True)
    sex = models.CharField(max_length=1, choices=Player.Sex.choices, blank=True)
    birth_date = models.DateField(null=True, blank=True)
    email = models.EmailField(blank=True)
    # The language the player registered in: his mails (approved, refused, moved up) are written in it.
    language = models.CharField(max_length=7, blank=True, choices=settings.LANGUAGES)
    status = models.CharField(max_length=10, choices=Status.choices, default=Status.PENDING)
    reason = models.CharField(max_length=300, blank=True)
    player = models.OneToOneField(Player, null=True, blank=True, on_delete=models.SET_NULL,
                                  related_name="registration")
    created_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        ordering = ["created_at", "pk"]
        constraints = [
            models.UniqueConstraint(fields=["tournament", "user"], name="one_registration_per_user",
                                    condition=models.Q(status__in=["pending", "waiting", "approved"])),
        ]

    def __str__(self) -> str:
        return f"{self.name} ({self.get_status_display()}, {self.tournament})"

    def as_player(self) -> Player:
        """The entry as the arbiter would type it (not saved)."""
        return Player(tournament=self.tournament, name=self.name, title=self.title, rating=self.rating,
                      fide_id=self.fide_id, federation=self.federation, sex=self.sex, birth_date=self.birth_date,
                      email=self.email)


class CheckIn(models.Model):
    """A player present for a round (from his phone, the venue's QR code or the arbiter's page)."""

    player = models.ForeignKey(Player, on_delete=models.CASCADE, related_name="check_ins")
    round_number = models.PositiveSmallIntegerField()
    at = models.DateTimeField(auto_now_add=True)

    class Meta:
        ordering = ["round_number"]
        constraints = [models.UniqueConstraint(fields=["player", "round_number"], name="one_check_in_per_round")]

    def __str__(self) -> str:
        return f"{self.player}: round {self.round_number}"


class ByeRequest(models.Model):
    """A player's request not to play a round; once granted it is an ``Absence`` (what the engine sees)."""

    class Status(models.TextChoices):
        PENDING = "pending", _("Waiting for the arbiter")
        GRANTED = "granted", _("Granted")
        REFUSED = "refused", _("Refused")
        CANCELLED = "cancelled", _("Cancelled")

    player = models.ForeignKey(Player, on_delete=models.CASCADE, related_name="bye_requests")
    round_number = models.PositiveSmallIntegerField(validators=[MinValueValidator(1)])
    bye = models.CharField(max_length=1, choices=Tournament.Bye.choices, default=Tournament.Bye.HALF)
    status = models.CharField(max_length=10, choices=Status.choices, default=Status.PENDING)
    reason = models.CharField(max_length=300, blank=True)
    created_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        ordering = ["round_number", "pk"]

    def __str__(self) -> str:
        return f"{self.player}: {self.get_bye_display()} in round {self.round_number} ({self.get_status_display()})"


class Notice(models.Model):
    """A mail to one player in the outbox (pairing/rounds/notices.py, mailer.py): a round's pairing notice,
    created with the publication, a team player's board notice, created once both line-ups of his match
    are in (a correction when they change: services/notices.py), or a registration's news (approved,
    refused, moved up from the waiting list), created with the arbiter's decision; sent once by a Celery
    task, marked sent in its own commit once the server took it."""

    class State(models.TextChoices):
        QUEUED = "queued", _("queued")
        SENT = "sent", _("sent")
        FAILED = "failed", _("failed")

    class Kind(models.TextChoices):
        PAIRING = "pairing", _("pairing notice")
        BOARD = "board", _("board notice")  # a team player's board once both line-ups are in
        APPROVED = "approved", _("entry approved")
        REFUSED = "refused", _("entry refused")
        PROMOTED = "promoted", _("moved up from the waiting list")

    kind = models.CharField(max_length=8, choices=Kind.choices, default=Kind.PAIRING)
    # A pairing notice: its round and player; a registration's mail: the registration.
    round = models.ForeignKey(Round, null=True, blank=True, on_delete=models.CASCADE, related_name="notices")
    player = models.ForeignKey(Player, null=True, blank=True, on_delete=models.CASCADE, related_name="notices")
    registration = models.ForeignKey(Registration, null=True, blank=True, on_delete=models.CASCADE,
                                     related_name="notices")
    # A board notice: what it tells (the round's board, the colour, the opponent; no board: not in the
    # line-up) and its place among the player's board notices of the round (0 first, then corrections).
    board = models.PositiveSmallIntegerField(null=True, blank=True)
    colour = models.CharField(max_length=1, blank=True)
    opponent = models.ForeignKey(Player, null=True, blank=True, on_delete=models.SET_NULL, related_name="+")
    sequence = models.PositiveSmallIntegerField(default=0)
    address = models.EmailField()
    state = models.CharField(max_length=6, choices=State.choices, default=State.QUEUED)
    attempts = models.PositiveSmallIntegerField(default=0)
    # A sender's claim (its lease): nobody else sends the notice before then; a killed sender's
    # claim runs out and the notice is sent by the next.
    claimed_until = models.DateTimeField(null=True, blank=True)
    next_try_at = models.DateTimeField(db_default=Now())
    sent_at = models.DateTimeField(null=True, blank=True)
    last_error = models.CharField(max_length=300, blank=True)
    created_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        constraints = [
            models.UniqueConstraint(fields=["round", "player", "kind", "sequence"],
                                    name="one_notice_per_round_player_kind_and_sequence"),
            models.UniqueConstraint(fields=["registration", "kind"], name="one_mail_per_registration_and_kind",
                                    condition=models.Q(registration__isnull=False)),
        ]
        indexes = [models.Index(fields=["state", "next_try_at"], name="notices_due",
                                condition=models.Q(state="queued"))]

    def __str__(self) -> str:
        return f"{self.round or self.registration}: {self.kind} to {self.address}"


class Unsubscription(models.Model):
    """An address that wants no more pairing notices: from one tournament, or from any (no tournament)."""

    address = models.EmailField()  # lower case
    tournament = models.ForeignKey(Tournament, null=True, blank=True, on_delete=models.CASCADE,
                                   related_name="unsubscriptions")
    at = models.DateTimeField(auto_now_add=True)

    class Meta:
        constraints = [
            models.UniqueConstraint(fields=["address", "tournament"], condition=models.Q(tournament__isnull=False),
                                    name="unsubscribed_once_per_tournament"),
            models.UniqueConstraint(fields=["address"], condition=models.Q(tournament__isnull=True),
                                    name="unsubscribed_once_from_all"),
        ]

    def __str__(self) -> str:
        return f"{self.address} unsubscribed from {self.tournament or 'every tournament'}"
class RatingListQuerySet(models.QuerySet):
    def latest_of(self, kind: str) -> "RatingList | None":
        """The most recent list of ``kind`` (standard, rapid, blitz)."""
        return self.filter(kind=kind).order_by("-period").first()


class RatingList(models.Model):
    """One month's FIDE rating list of one kind, as published (tournaments/exchange/rating_list.py);
    shared by every club.  Earlier months are kept; importing a month again replaces it."""

    Kind = RatingKind

    kind = models.CharField(max_length=10, choices=RatingKind.choices)
    # The list's month, as its first day.
    period = models.DateField()
    imported_at = models.DateTimeField(auto_now_add=True)
    count = models.PositiveIntegerField(default=0)
    source = models.CharField(max_length=200, blank=True)

    objects = RatingListQuerySet.as_manager()

    class Meta:
        ordering = ["-period", "kind"]
        constraints = [models.UniqueConstraint(fields=["kind", "period"], name="one_rating_list_per_month")]

    def __str__(self) -> str:
        return f"{self.get_kind_display()} {self.period:%Y-%m}"


class RatedPlayer(models.Model):
    """A player of a rating list, each field as FIDE publishes it (docs/rating-lists.md).  Found by
    FIDE id (the unique index) and by name prefix: an index on (list, UPPER(name)) in the "C"
    collation, made by migration 0014 (tournaments/queries/rating_list.py reads it)."""

    # No index of its own: the unique (list, fide_id) leads with it.  No foreign key constraint either:
    # its check, a lookup per row, would double the time of a million-row COPY; the import writes a
    # list and its players in one transaction, and a list's players are deleted with it (by Django).
    list = models.ForeignKey(RatingList, on_delete=models.CASCADE, related_name="players", db_index=False,
                             db_constraint=False)
    fide_id = models.PositiveBigIntegerField()
    name = models.CharField(max_length=100)
    federation = models.CharField(max_length=3)
    sex = models.CharField(max_length=1)
    title = models.CharField(max_length=3, blank=True)
    w_title = models.CharField(max_length=3, blank=True)
    o_title = models.CharField(max_length=30, blank=True)
    foa_title = models.CharField(max_length=4, blank=True)
    rating = models.PositiveSmallIntegerField(null=True)
    games = models.PositiveSmallIntegerField(null=True)
    k = models.PositiveSmallIntegerField(null=True)
    birth_year = models.PositiveSmallIntegerField(null=True)
    inactive = models.BooleanField(default=False)

    #: The columns in the order the import writes them (COPY or bulk_create).
    COLUMNS = ("list_id", "fide_id", "name", "federation", "sex", "title", "w_title", "o_title", "foa_title",
               "rating", "games", "k", "birth_year", "inactive")

    class Meta:
        ordering = ["name"]
        constraints = [models.UniqueConstraint(fields=["list", "fide_id"], name="one_fide_id_per_list")]

    def __str__(self) -> str:
        return f"{self.name} ({self.fide_id})"


class ResultHelper(models.Model):
    """A phone enrolled by the arbiter's QR code to fill the empty boards of a tournament's current round.
    Only the hash of its token is kept; revoked, it is refused at once."""

    tournament = models.ForeignKey(Tournament, on_delete=models.CASCADE, related_name="result_helpers")
    label = models.CharField(max_length=40)
    token_hash = models.CharField(max_length=64, unique=True, editable=False)
    created_by = models.ForeignKey(settings.AUTH_USER_MODEL, null=True, on_delete=models.SET_NULL, related_name="+")
    created_at = models.DateTimeField(auto_now_add=True)
    revoked_at = models.DateTimeField(null=True, blank=True)

    class Meta:
        ordering = ["pk"]

    def __str__(self) -> str:
        return f"{self.tournament}: helper {self.label}"


class ResultReport(models.Model):
    """A board's result as a player reported it, and what his opponent answered; official only once
    the arbiter (or the tournament's automatic acceptance) enters it as the game's result."""

    class State(models.TextChoices):
        REPORTED = "reported", _("Reported")
        CONFIRMED = "confirmed", _("Confirmed")
        DISPUTED = "disputed", _("Disputed")
        OFFICIAL = "official", _("Official")

    game = models.OneToOneField(Game, on_delete=models.CASCADE, related_name="report")
    result = models.CharField(max_length=3, choices=Result.choices)
    state = models.CharField(max_length=10, choices=State.choices, default=State.REPORTED)
    reporter = models.ForeignKey(Player, on_delete=models.CASCADE, related_name="+")
    answered_by = models.ForeignKey(Player, null=True, blank=True, on_delete=models.CASCADE, related_name="+")
    reported_at = models.DateTimeField(auto_now_add=True)
    answered_at = models.DateTimeField(null=True, blank=True)
    decided_at = models.DateTimeField(null=True, blank=True)

    class Meta:
        ordering = ["game__board"]

    def __str__(self) -> str:
        return f"{self.game}: {self.result} ({self.state})"
# The team events' models (C.04.6): a module of their own, found by Django through this import.
from tournaments.team_models import LineUp, Match, Team, TeamAbsence, TeamMember, TeamRules, is_team_event  # noqa: E402, F401
