"""The API's view of a team event (C.04.6): teams and rosters, a round's matches, team standings."""

from rest_framework import serializers

from pairing.engine import json_value
from tournaments.fronts.api.serializers import PlayerRefSerializer, TeamRefSerializer
from tournaments.models import Team


class TeamSerializer(serializers.ModelSerializer):
    roster = serializers.SerializerMethodField()

    class Meta:
        model = Team
        fields = ["pairing_number", "name", "short_name", "rating", "entry_round", "withdrawn_from_round", "roster"]

    def get_roster(self, team) -> list[str]:
        """The players' names in board order."""
        return [member.player.name for member in team.members.all()]


class MatchBoardSerializer(serializers.Serializer):
    board = serializers.IntegerField()
    home = PlayerRefSerializer(allow_null=True, help_text="the player of the team with White on board 1")
    away = PlayerRefSerializer(allow_null=True)
    home_white = serializers.BooleanField()
    result = serializers.CharField(help_text="from the home player's side (1-0: he won); blank until played")


class MatchSerializer(serializers.Serializer):
    number = serializers.IntegerField(source="match.number")
    home = TeamRefSerializer(source="match.white_team", help_text="the team with White on board 1 (C.04.6 1.6.1)")
    away = TeamRefSerializer(source="match.black_team", allow_null=True, help_text="null: the pairing-allocated bye")
    score = serializers.CharField(help_text="game points, home first (2½–1½); blank before any result")
    boards = MatchBoardSerializer(many=True)


class TeamStandingSerializer(serializers.Serializer):
    rank = serializers.IntegerField(source="row.rank")
    pairing_number = serializers.IntegerField(source="team.pairing_number")
    name = serializers.CharField(source="team.name")
    match_points = serializers.SerializerMethodField()
    game_points = serializers.SerializerMethodField()
    tiebreaks = serializers.SerializerMethodField()

    def get_match_points(self, line) -> float:
        return line.row.match_points / 10

    def get_game_points(self, line) -> float:
        return line.row.game_points / 10

    def get_tiebreaks(self, line) -> dict[str, float]:
        """Keyed by the codes of the team tie-breaks (C.07 Art. 13), in order."""
        codes = self.context["codes"]
        return {code: json_value(value) for code, value in zip(codes, line.row.values, strict=True)}
