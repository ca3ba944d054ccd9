from drf_spectacular.utils import PolymorphicProxySerializer, extend_schema_field
from rest_framework import serializers

from pairing.engine import TEAM, json_value
from pairing.rounds.publish import draft_revision
from pairing.rounds.watch import STAGES, stage
from tournaments.models import Event, Game, ManualChange, Player, Prize, RatedPlayer, Round, Team, TeamRules, Tournament
from tournaments.queries.boards import board_list
from tournaments.queries.teams import teams_not_paired


class TeamRulesSerializer(serializers.ModelSerializer):
    """What makes a tournament a team event (C.04.6): boards, match points, colours, the ranking."""
    match_points = serializers.SerializerMethodField(help_text="of a won, drawn and lost match (C.04.6 1.2)")
    tiebreaks = serializers.ListField(source="tiebreak_codes", child=serializers.CharField())

    class Meta:
        model = TeamRules
        fields = ["boards", "match_points", "colour_model", "primary_score", "roster_order", "substitutes",
                  "tiebreaks"]

    def get_match_points(self, rules) -> dict[str, float]:
        return {"win": float(rules.match_win), "draw": float(rules.match_draw), "loss": float(rules.match_loss)}


def team_rules_of(tournament: Tournament) -> TeamRules | None:
    try:
        return tournament.team_rules
    except TeamRules.DoesNotExist:
        return None


class TournamentSerializer(serializers.ModelSerializer):
    club = serializers.CharField(source="club.name")
    system = serializers.SerializerMethodField(help_text="the pairing system; \"team\": a team event (see team)")
    team = serializers.SerializerMethodField(help_text="a team event's rules; null for an individual tournament")

    class Meta:
        model = Tournament
        fields = ["slug", "name", "club", "place", "start_date", "end_date", "rounds", "system", "team",
                  "edition", "acceleration", "points_win", "points_draw", "points_loss", "points_pairing_bye",
                  "points_half_bye", "listing"]

    def get_system(self, tournament) -> str:
        return TEAM.name if team_rules_of(tournament) else tournament.system

    @extend_schema_field(TeamRulesSerializer(allow_null=True))
    def get_team(self, tournament) -> dict | None:
        rules = team_rules_of(tournament)
        return TeamRulesSerializer(rules).data if rules else None


class SectionSerializer(TournamentSerializer):
    """A section of an event: the tournament, its place in the event's order and its field."""
    players = serializers.IntegerField(source="entrants", read_only=True)

    class Meta(TournamentSerializer.Meta):
        fields = ["section_order", *TournamentSerializer.Meta.fields, "players"]


class EventSerializer(serializers.ModelSerializer):
    club = serializers.CharField(source="club.name")
    sections = serializers.SlugRelatedField(source="tournaments", many=True, read_only=True, slug_field="slug")

    class Meta:
        model = Event
        fields = ["slug", "name", "club", "venue", "start_date", "end_date", "sections"]


class PlayerSerializer(serializers.ModelSerializer):
    class Meta:
        model = Player
        # Public fields only: no birth date.
        fields = ["pairing_number", "name", "title", "rating", "fide_id", "federation",
                  "entry_round", "withdrawn_from_round"]


class PlayerRefSerializer(serializers.ModelSerializer):
    class Meta:
        model = Player
        fields = ["pairing_number", "name", "title", "rating"]


class GameSerializer(serializers.ModelSerializer):
    white = PlayerRefSerializer()
    black = PlayerRefSerializer(allow_null=True)

    class Meta:
        model = Game
        # result2: a Double-Swiss match's second game (C.04.5), the colours reversed, written in its
        # own colours (White, i.e. "black" of game 1, first); empty in the other systems
        fields = ["board", "white", "black", "result", "result2"]


class RoundSerializer(serializers.ModelSerializer):
    class Meta:
        model = Round
        fields = ["number", "status", "published_at"]


class NotPairedSerializer(serializers.Serializer):
    player = PlayerRefSerializer()
    reason = serializers.CharField(help_text="as the public round page says it, in the request's language")
    code = serializers.CharField(help_text="the round's TRF code: H, F (byes asked for), Z")
    points = serializers.SerializerMethodField()

    def get_points(self, entry) -> float:
        """What the player scores for the round."""
        return entry.scored / 10


class TeamRefSerializer(serializers.ModelSerializer):
    class Meta:
        model = Team
        fields = ["pairing_number", "name"]


class TeamNotPairedSerializer(serializers.Serializer):
    team = TeamRefSerializer()
    reason = serializers.CharField(help_text="as the public matches page says it, in the request's language: "
                                             "not yet entered, withdrawn, absent (announced), not paired")


class RoundDetailSerializer(RoundSerializer):
    games = GameSerializer(many=True)
    not_paired = serializers.SerializerMethodField()
    teams_not_paired = serializers.SerializerMethodField()

    class Meta(RoundSerializer.Meta):
        fields = [*RoundSerializer.Meta.fields, "games", "not_paired", "teams_not_paired"]

    @extend_schema_field(NotPairedSerializer(many=True))
    def get_not_paired(self, round_) -> list[dict]:
        """The players without a board in the round and why (``queries.boards``, as the round page)."""
        return NotPairedSerializer(board_list(round_.tournament, round_).not_paired, many=True).data

    @extend_schema_field(TeamNotPairedSerializer(many=True))
    def get_teams_not_paired(self, round_) -> list[dict]:
        """A team event's teams without a match in the round and why (the PAB's team has one), as the
        public matches page lists them; empty for an individual tournament."""
        return TeamNotPairedSerializer(teams_not_paired(round_), many=True).data


class RoundStatusSerializer(serializers.ModelSerializer):
    # queued, computing, resent (its task was lost and sent again), failed, done
    # (pairing/rounds/watch.py); resent: how often the watcher sent the task again.
    stage = serializers.SerializerMethodField()
    draft_revision = serializers.SerializerMethodField()

    class Meta:
        model = Round
        # While the round is being paired: brackets done of how many, the current bracket's size.
        fields = ["number", "status", "stage", "resent", "error", "progress_done", "progress_total",
                  "progress_size", "draft_revision"]

    @extend_schema_field(serializers.ChoiceField(choices=STAGES))
    def get_stage(self, round_) -> str:
        return stage(round_)

    def get_draft_revision(self, round_) -> str | None:
        """Which draft the round holds (null without one): sent with publish, it publishes this one only."""
        return draft_revision(round_) if round_.status == Round.Status.DRAFT else None


class StandingSerializer(serializers.Serializer):
    rank = serializers.IntegerField()
    pairing_number = serializers.IntegerField(source="player.pairing_number")
    name = serializers.CharField(source="player.name")
    points = serializers.SerializerMethodField()

    tiebreaks = serializers.SerializerMethodField()

    def get_points(self, row) -> float:
        return row.points / 10

    def get_tiebreaks(self, row) -> dict[str, float | None]:
        """Keyed by the FIDE codes of the tournament's list, in order."""
        # A JSON number, whole or not: ``float | int`` would make a ``oneOf`` that 0 matches twice.
        return {value.code: json_value(value.value) for value in row.tiebreaks}


class CrosstableRowSerializer(StandingSerializer):
    line = serializers.IntegerField(help_text="The row's number in the table, unique where ranks are shared: "
                                              "the cells name opponents by it")
    cells = serializers.SerializerMethodField()
    opponents = serializers.SerializerMethodField()

    def get_cells(self, row) -> list[str]:
        """Per round: the opponent's line, colour and result (``12w1``), or the bye."""
        return [cell.text for cell in row.cells]

    def get_opponents(self, row) -> list[int | None]:
        """Per round: the opponent's pairing number (None: no opponent)."""
        return [cell.opponent.pairing_number if cell.opponent else None for cell in row.cells]


class ResultSerializer(serializers.Serializer):
    result = serializers.CharField(allow_blank=True, help_text="1-0, ½-½ (or =), 0-1, +-, -+, --, or empty")
    confirm = serializers.BooleanField(default=False, help_text="Change a result although a later round is paired")
    game = serializers.ChoiceField(choices=[1, 2], default=1, help_text="Double-Swiss (C.04.5): the game of the "
                                   "match, 2 the second (colours reversed, its result White first)")
    was = serializers.CharField(required=False, allow_blank=True, help_text="The result you read (empty: none): "
                                "refused if it was changed meanwhile, by another arbiter or a player's report")


# Why a round was paired so (pairing.engine.core.explanation.Explanation.to_json), typed for the schema.
# Scores are in tenths of a point (30: 3 points), players by their pairing numbers in the round.

class NoteSerializer(serializers.Serializer):
    article = serializers.CharField()
    text = serializers.CharField()
    players = serializers.ListField(child=serializers.IntegerField())


class MoveSerializer(serializers.Serializer):
    number = serializers.IntegerField()
    score = serializers.IntegerField(help_text="tenths of a point")
    went = serializers.ChoiceField(["paired", "floated", "bye"])
    to_score = serializers.IntegerField(allow_null=True,
                                        help_text="floated: the score of the bracket the player is paired in")


class BracketNoteSerializer(serializers.Serializer):
    score = serializers.IntegerField(help_text="the residents' score, tenths of a point")
    label = serializers.CharField(help_text='"PPB", "CLB" (Dutch 2017 A.9) or empty')
    residents = serializers.ListField(child=serializers.IntegerField())
    incoming = MoveSerializer(many=True, help_text="MDPs (from above) and upfloaters (from below)")
    pairs = serializers.ListField(child=serializers.ListField(child=serializers.IntegerField()),
                                  help_text="[white, black]")
    floaters = serializers.ListField(child=serializers.IntegerField(), help_text="residents left unpaired")
    mdp_opponents = serializers.ListField(child=serializers.IntegerField())
    barred = NoteSerializer(many=True, help_text="why the floaters may not meet others of the bracket")
    criteria = NoteSerializer(many=True, help_text="the criteria not at their ideal value, and whom they concern")


class BoardNoteSerializer(serializers.Serializer):
    board = serializers.IntegerField()
    white = serializers.IntegerField()
    black = serializers.IntegerField()
    article = serializers.CharField()
    reason = serializers.CharField(help_text="the colour rule applied: first, both, one, stronger, wider, "
                                             "equalise, alternate, higher, initial, median")


class ExplanationDataSerializer(serializers.Serializer):
    system = serializers.CharField()
    article = serializers.CharField()
    edition = serializers.CharField()
    round = serializers.IntegerField()
    brackets = BracketNoteSerializer(many=True, help_text="in the order they were paired")
    boards = BoardNoteSerializer(many=True)
    bye = serializers.IntegerField(allow_null=True)
    bye_reasons = NoteSerializer(many=True)
    names = serializers.DictField(child=serializers.CharField(), help_text="pairing number: name")
    virtual_points = serializers.DictField(child=serializers.IntegerField(), required=False,
                                           help_text="pairing number: the virtual points (tenths) in the "
                                                     "player's score, with an acceleration")
    acceleration = serializers.CharField(required=False, help_text='the acceleration method ("C.04.7"), or empty')
    text = serializers.ListField(child=serializers.ListField(), help_text="[heading, [sentences]]: in plain words")


class TeamExplanationDataSerializer(serializers.Serializer):
    """A team round's explanation (C.04.6): the engine's facts under ``team``, its English ``text``."""
    system = serializers.CharField(help_text='"team"')
    text = serializers.ListField(child=serializers.ListField(), help_text="[heading, [sentences]]: in plain words")
    team = serializers.DictField(help_text="the engine's explanation of the team pairing (teams by TPN)")


class RoundExplanationSerializer(serializers.ModelSerializer):
    published = serializers.BooleanField(source="explanation_published",
                                         help_text="shown with the published round to everybody")
    explanation = serializers.SerializerMethodField()
    manual_changes = serializers.SerializerMethodField()

    class Meta:
        model = Round
        fields = ["number", "status", "published", "explanation", "manual_changes"]

    def get_manual_changes(self, round_) -> int:
        """How many times the engine's pairing was changed by hand: the explanation is the engine's."""
        return round_.manual_changes.count()

    @extend_schema_field(PolymorphicProxySerializer(
        component_name="AnyExplanationData", serializers=[ExplanationDataSerializer, TeamExplanationDataSerializer],
        resource_type_field_name=None, allow_null=True))
    def get_explanation(self, round_) -> dict | None:
        """None: the round has none (paired without one, or not paired yet)."""
        return round_.explanation or None


class ManualBoardSerializer(serializers.Serializer):
    """A board of a players' round; of a team round (C.04.6), a match: ``white_team`` (White on board 1)
    and ``black_team``, ``white`` and ``black`` null."""

    white = PlayerRefSerializer(allow_null=True, help_text="null: a player removed from the tournament since")
    black = PlayerRefSerializer(allow_null=True, help_text="null: the pairing-allocated bye (or a player removed)")
    white_team = TeamRefSerializer(allow_null=True, required=False, default=None,
                                   help_text="a team round's match: the team with White on board 1")
    black_team = TeamRefSerializer(allow_null=True, required=False, default=None,
                                   help_text="a team round's match: the other team (null: the PAB)")


class FindingSerializer(serializers.Serializer):
    code = serializers.CharField()
    article = serializers.CharField()
    text = serializers.CharField()
    players = serializers.ListField(child=serializers.IntegerField(), help_text="pairing numbers at the time")
    absolute = serializers.BooleanField()


class ManualChangeSerializer(serializers.ModelSerializer):
    """A manual change of the round's draft pairing: its boards before and after (the players as
    they are now), and the rules it broke that the pairing before it did not."""

    user = serializers.CharField(source="user.get_username", allow_null=True, default=None)
    before = serializers.SerializerMethodField()
    after = serializers.SerializerMethodField()
    findings = FindingSerializer(many=True)

    class Meta:
        model = ManualChange
        fields = ["kind", "summary", "at", "user", "fide_mode", "before", "after", "findings"]

    def _boards(self, keys: list[list[int]]) -> list[dict]:
        players, teams = self.context["players"], self.context.get("teams")
        if teams:  # a team event: the keys are the teams'
            return ManualBoardSerializer([{"white": None, "black": None, "white_team": teams.get(white),
                                           "black_team": teams.get(black)} for white, black in keys], many=True).data
        return ManualBoardSerializer([{"white": players.get(white), "black": players.get(black)}
                                      for white, black in keys], many=True).data

    @extend_schema_field(ManualBoardSerializer(many=True))
    def get_before(self, change) -> list[dict]:
        return self._boards(change.before)

    @extend_schema_field(ManualBoardSerializer(many=True))
    def get_after(self, change) -> list[dict]:
        return self._boards(change.after)


class RefusalSerializer(serializers.Serializer):
    """An action refused (nothing changed): the reason, in the request's language."""
    detail = serializers.CharField()


class QuestionSerializer(RefusalSerializer):
    """An action refused until it is confirmed (nothing changed), or refused outright."""
    confirm_required = serializers.BooleanField(required=False, help_text="true: send it again with confirm")
    reasons = serializers.ListField(child=serializers.CharField(), required=False,
                                    help_text="each thing to confirm, apart (the players left out named)")


class PublishSerializer(serializers.Serializer):
    confirm = serializers.BooleanField(default=False, help_text="Publish although the draft is out of date or "
                                                                "leaves players to be paired without a board")
    revision = serializers.CharField(required=False, max_length=64,
                                     help_text="The round status's draft_revision: refused (409) if the draft "
                                               "changed since (paired again, changed by hand)")


class RatedPlayerSerializer(serializers.ModelSerializer):
    """A player of a FIDE rating list, each field as FIDE publishes it."""

    class Meta:
        model = RatedPlayer
        fields = ["fide_id", "name", "federation", "sex", "title", "w_title", "o_title", "foa_title", "rating",
                  "games", "k", "birth_year", "inactive"]


class PrizePlaceSerializer(serializers.Serializer):
    place = serializers.IntegerField()
    amount = serializers.IntegerField(help_text="in cents; 0 for an object")
    object = serializers.CharField(help_text="the object prize, empty for an amount")


class PrizeCategorySerializer(serializers.Serializer):
    name = serializers.CharField()
    places = PrizePlaceSerializer(many=True)
    fund = serializers.IntegerField(help_text="in cents")


class PrizeAwardSerializer(serializers.Serializer):
    category = serializers.CharField()
    places = serializers.CharField(help_text="the place, or the places a tied group shared (2–3)")
    pairing_number = serializers.IntegerField(source="number")
    name = serializers.CharField()
    points = serializers.SerializerMethodField()
    amount = serializers.IntegerField(help_text="in cents")
    object = serializers.CharField()
    shared_with = serializers.ListField(child=serializers.CharField())

    def get_points(self, award) -> float:
        return award.points / 10


class PrizeWorkingSerializer(serializers.Serializer):
    category = serializers.CharField()
    places = serializers.CharField()
    lines = serializers.ListField(child=serializers.CharField(), help_text="in the request's language")


class NotAwardedSerializer(serializers.Serializer):
    category = serializers.CharField()
    place = serializers.CharField()
    prize = serializers.CharField()


class PrizeListSerializer(serializers.Serializer):
    """The prize list: final once the last round is complete, provisional before."""
    final = serializers.BooleanField()
    completed_rounds = serializers.IntegerField(source="completed")
    currency = serializers.CharField()
    rules = serializers.CharField()
    fund = serializers.IntegerField(help_text="in cents")
    awarded = serializers.IntegerField(help_text="in cents")
    categories = PrizeCategorySerializer(many=True)
    awards = PrizeAwardSerializer(many=True)
    not_awarded = serializers.SerializerMethodField()
    working = PrizeWorkingSerializer(many=True)

    @extend_schema_field(NotAwardedSerializer(many=True))
    def get_not_awarded(self, prizes) -> list[dict]:
        return [{"category": c, "place": p, "prize": x} for c, p, x in prizes.not_awarded]


class PrizeCategoryInputSerializer(serializers.Serializer):
    """A prize category added with its places, from the first: each an amount (``150.50``) or an object."""
    kind = serializers.ChoiceField(choices=Prize.Kind.choices)
    values = serializers.ListField(child=serializers.CharField(max_length=100), min_length=1, max_length=50)
    label = serializers.CharField(max_length=60, required=False, default="", allow_blank=True)
    rating_min = serializers.IntegerField(min_value=0, max_value=3500, required=False, allow_null=True, default=None)
    rating_max = serializers.IntegerField(min_value=0, max_value=3500, required=False, allow_null=True, default=None)
    year = serializers.IntegerField(min_value=1900, max_value=2100, required=False, allow_null=True, default=None)
    club = serializers.CharField(max_length=60, required=False, default="", allow_blank=True)


# Results from the board (docs/players.md): a player's own board of the current round and his report.

class ReportSerializer(serializers.Serializer):
    result = serializers.CharField()
    state = serializers.ChoiceField(["reported", "confirmed", "disputed", "official"])
    reporter = serializers.CharField(source="reporter.name")
    reported_by_me = serializers.BooleanField()


class MyBoardSerializer(serializers.Serializer):
    """``tournaments.queries.board_results.PlayerBoard``: the board, its official result and its report."""

    round = serializers.IntegerField(source="round.number")
    board = serializers.IntegerField(source="game.board")
    colour = serializers.ChoiceField(["w", "b"], help_text="the player's colour (w for the pairing-allocated bye)")
    white = PlayerRefSerializer(source="game.white")
    black = PlayerRefSerializer(source="game.black", allow_null=True)
    result = serializers.CharField(source="game.result", help_text="the official result; empty until there is one")
    report = serializers.SerializerMethodField()

    @extend_schema_field(ReportSerializer(allow_null=True))
    def get_report(self, board) -> dict | None:
        if board.report is None:
            return None
        return ReportSerializer({"result": board.report.result, "state": board.report.state,
                                 "reporter": board.report.reporter, "reported_by_me": board.reported_by_me}).data


class ReportActionSerializer(serializers.Serializer):
    action = serializers.ChoiceField(["report", "withdraw", "confirm", "dispute"],
                                     help_text="report (or change) my result, withdraw it, or answer my opponent's")
    result = serializers.ChoiceField(["1-0", "½-½", "0-1"], required=False,
                                     help_text="with report: the result from white's side; with confirm or "
                                               "dispute: the report you read (refused if it changed since)")
