from rest_framework import serializers

from pairing.engine.tiebreaks import json_value

from ..models import Game, Player, Round, Tournament


class TournamentSerializer(serializers.ModelSerializer):
    club = serializers.CharField(source="club.name")

    class Meta:
        model = Tournament
        fields = ["slug", "name", "club", "place", "start_date", "end_date", "rounds", "system",
                  "edition", "acceleration", "points_win", "points_draw", "points_loss", "points_pairing_bye",
                  "points_half_bye"]


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
        fields = ["board", "white", "black", "result"]


class RoundSerializer(serializers.ModelSerializer):
    class Meta:
        model = Round
        fields = ["number", "status", "published_at"]


class RoundDetailSerializer(RoundSerializer):
    games = GameSerializer(many=True)

    class Meta(RoundSerializer.Meta):
        fields = [*RoundSerializer.Meta.fields, "games"]


class RoundStatusSerializer(serializers.ModelSerializer):
    class Meta:
        model = Round
        # While the round is being paired: brackets done of how many, the current bracket's size.
        fields = ["number", "status", "error", "progress_done", "progress_total", "progress_size"]


class StandingSerializer(serializers.Serializer):
    rank = serializers.IntegerField()
    pairing_number = serializers.IntegerField(source="player.pairing_number")
    name = serializers.CharField(source="player.name")
    points = serializers.SerializerMethodField()

    tiebreaks = serializers.SerializerMethodField()

    def get_points(self, row) -> float:
        return row.points / 10

    def get_tiebreaks(self, row) -> dict[str, float | int | None]:
        """Keyed by the FIDE codes of the tournament's list, in order."""
        return {value.code: json_value(value.value) for value in row.tiebreaks}


class CrosstableRowSerializer(StandingSerializer):
    cells = serializers.SerializerMethodField()

    def get_cells(self, row) -> list[str]:
        return [cell.text for cell in row.cells]


class ResultSerializer(serializers.Serializer):
    result = serializers.CharField(allow_blank=True, help_text="1-0, ½-½ (or =), 0-1, +-, -+, --, or empty")
    confirm = serializers.BooleanField(default=False, help_text="Change a result although a later round is paired")
