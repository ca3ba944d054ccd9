"""Team events (C.04.6, the Swiss team system): a tournament's team rules, its teams and their
rosters, the matches of each round and the line-ups.

A tournament is a team event when it has :class:`TeamRules` (``tournament.team_rules``).  Its
rounds are the individual rounds' rows (``Round``: the same lifecycle, request, run, publish); a
round's :class:`Match` rows pair teams, and once both line-ups are in, each board is a ``Game``
of the round, numbered ``(match - 1) * boards + board`` (so the result entry, the history and the
TRF's 001 lines are those of any game).  Imported by ``tournaments.models`` (Django finds the
models there); the relations name the models as strings, so this module imports none of it.
"""

from decimal import Decimal

from django.core.validators import MaxValueValidator, MinValueValidator
from django.db import models
from django.utils.translation import gettext_lazy as _

#: The most boards a match may have (an olympiad plays 4, a league up to 10 or 12).
MAX_BOARDS = 16


class TeamRules(models.Model):
    """What the regulations of a team event say: boards per match, the match points, the colour
    model (C.04.6 1.7: Type A, Type B or none), the primary score (1.2.2) and the line-up rule."""

    class ColourModel(models.TextChoices):
        TYPE_A = "A", _("Type A: simple colour preferences (C.04.6 1.7.1)")
        TYPE_B = "B", _("Type B: strong and mild colour preferences (C.04.6 1.7.2)")
        NONE = "none", _("No colour preferences (C.04.6 1.7)")

    class Score(models.TextChoices):
        MATCH_POINTS = "MP", _("Match points, then game points")
        GAME_POINTS = "GP", _("Game points, then match points")

    tournament = models.OneToOneField("tournaments.Tournament", on_delete=models.CASCADE, related_name="team_rules")
    boards = models.PositiveSmallIntegerField(
        _("boards per match"), default=4, validators=[MinValueValidator(1), MaxValueValidator(MAX_BOARDS)])
    match_win = models.DecimalField(_("match points for a won match"), max_digits=3, decimal_places=1,
                                    default=Decimal("2"))
    match_draw = models.DecimalField(_("match points for a drawn match"), max_digits=3, decimal_places=1,
                                     default=Decimal("1"))
    match_loss = models.DecimalField(_("match points for a lost match"), max_digits=3, decimal_places=1,
                                     default=Decimal("0"))
    colour_model = models.CharField(_("colour model"), max_length=4, choices=ColourModel.choices,
                                    default=ColourModel.TYPE_A)
    primary_score = models.CharField(_("ranked by"), max_length=2, choices=Score.choices, default=Score.MATCH_POINTS)
    roster_order = models.BooleanField(
        _("line-ups keep the roster's board order"), default=True,
        help_text=_("A player may not play above a player listed higher in the roster."))
    substitutes = models.BooleanField(
        _("substitutes allowed"), default=True,
        help_text=_("Players of the roster beyond the boards may be fielded in a round."))
    # C.07 Art. 11-13: the team tie-breaks in order (tournaments/team_tiebreaks.py).
    tiebreaks = models.CharField(_("team tie-breaks"), max_length=100, default="MPvGP,DE,BH/C1,BH,EMGSB",
                                 help_text=_("In order, from MPvGP, DE, BH, BH/C1, EMGSB, EMMSB (C.07 Art. 13)."))

    def __str__(self) -> str:
        return f"{self.tournament} ({self.boards} boards)"

    @property
    def secondary_score(self) -> str:
        return "GP" if self.primary_score == "MP" else "MP"

    @property
    def trf_code(self) -> str:
        """Record 192 of TRF-2026: FIDE_TEAM[_TYPEA|_TYPEB]_MP_GP or _GP_MP."""
        model = "" if self.colour_model == self.ColourModel.NONE else f"_TYPE{self.colour_model}"
        return f"FIDE_TEAM{model}_{self.primary_score}_{self.secondary_score}"

    def tiebreak_codes(self) -> list[str]:
        return [code.strip() for code in self.tiebreaks.split(",") if code.strip()]


class Team(models.Model):
    """A team; its pairing number (TPN) follows its strength (C.04.6 1.1.1), given when round 1 is paired."""

    tournament = models.ForeignKey("tournaments.Tournament", on_delete=models.CASCADE, related_name="teams")
    name = models.CharField(max_length=32)
    short_name = models.CharField(_("short name"), max_length=5, blank=True)
    rating = models.PositiveSmallIntegerField(_("strength"), null=True, blank=True,
                                              help_text=_("The team's rating for the initial order (C.04.6 1.1.1)."))
    pairing_number = models.PositiveIntegerField(null=True, editable=False)
    # A late entry (GHR 2026 Art. 2.4, applied to teams by C.04.6's preface): paired from this round on,
    # no points for the rounds before (its players' TRF rounds "0000 - Z", record 240 until it enters).
    entry_round = models.PositiveSmallIntegerField(_("entry round"), default=1, validators=[MinValueValidator(1)],
                                                   editable=False)
    # Withdrawn: not paired from this round on (C.04.6 and GHR, as a player's C.04.2 D.3; TRF record 240).
    withdrawn_from_round = models.PositiveSmallIntegerField(_("withdrawn from round"), null=True, blank=True,
                                                            editable=False)

    class Meta:
        ordering = ["pairing_number", "name"]
        constraints = [
            models.UniqueConstraint(fields=["tournament", "name"], name="unique_team_name"),
            models.UniqueConstraint(fields=["tournament", "pairing_number"], name="unique_team_number"),
        ]

    def __str__(self) -> str:
        return self.name

    def plays(self, round_number: int) -> bool:
        """Not withdrawn before ``round_number``."""
        return self.withdrawn_from_round is None or round_number < self.withdrawn_from_round

    def entered(self, round_number: int) -> bool:
        """Entered by ``round_number`` (a late team: from its entry round on)."""
        return self.entry_round <= round_number


class TeamMember(models.Model):
    """A player of a team's roster, at his place in the board order (1: the top board)."""

    team = models.ForeignKey(Team, on_delete=models.CASCADE, related_name="members")
    player = models.OneToOneField("tournaments.Player", on_delete=models.CASCADE, related_name="team_member")
    order = models.PositiveSmallIntegerField(validators=[MinValueValidator(1)])

    class Meta:
        ordering = ["team", "order"]
        constraints = [models.UniqueConstraint(fields=["team", "order"], name="one_player_per_roster_place")]

    def __str__(self) -> str:
        return f"{self.team}: {self.order}. {self.player}"


class TeamAbsence(models.Model):
    """A team that will not play round ``round_number`` (a league's night it cannot come to): not
    paired in it (TRF record 240), the round scoring nothing."""

    team = models.ForeignKey(Team, on_delete=models.CASCADE, related_name="absences")
    round_number = models.PositiveSmallIntegerField(validators=[MinValueValidator(1)])

    class Meta:
        ordering = ["team", "round_number"]
        constraints = [models.UniqueConstraint(fields=["team", "round_number"], name="one_team_absence_per_round")]

    def __str__(self) -> str:
        return f"{self.team} absent from round {self.round_number}"


class Match(models.Model):
    """A match of a round: the team with White on board 1 (C.04.6 1.6.1) against the other; no
    ``black_team``: the pairing-allocated bye."""

    round = models.ForeignKey("tournaments.Round", on_delete=models.CASCADE, related_name="matches")
    number = models.PositiveSmallIntegerField()
    white_team = models.ForeignKey(Team, on_delete=models.PROTECT, related_name="+")
    black_team = models.ForeignKey(Team, null=True, blank=True, on_delete=models.PROTECT, related_name="+")
    # GHR 3.5: the whole match lost by forfeit ("+-": by the second team, "-+": by the first, "--":
    # by both; TRF record 330); blank: played, or not yet.
    forfeit = models.CharField(max_length=2, blank=True, editable=False)

    class Meta:
        ordering = ["round", "number"]
        constraints = [models.UniqueConstraint(fields=["round", "number"], name="one_match_per_number")]

    def __str__(self) -> str:
        return f"{self.round}, match {self.number}: {self.white_team} – {self.black_team or 'bye'}"

    @property
    def is_bye(self) -> bool:
        return self.black_team_id is None


class LineUp(models.Model):
    """Who plays on which board of a match for a team (set before the round starts)."""

    match = models.ForeignKey(Match, on_delete=models.CASCADE, related_name="line_ups")
    team = models.ForeignKey(Team, on_delete=models.CASCADE, related_name="+")
    board = models.PositiveSmallIntegerField(validators=[MinValueValidator(1)])
    player = models.ForeignKey("tournaments.Player", on_delete=models.PROTECT, related_name="+")

    class Meta:
        ordering = ["match", "team", "board"]
        constraints = [models.UniqueConstraint(fields=["match", "team", "board"], name="one_player_per_board"),
                       models.UniqueConstraint(fields=["match", "player"], name="one_board_per_player")]

    def __str__(self) -> str:
        return f"{self.match}: {self.team}, board {self.board}"


def is_team_event(tournament) -> bool:
    """A tournament (or its id) is a team event when it has team rules."""
    return TeamRules.objects.filter(tournament=tournament).exists()
