"""The API of a team event (C.04.6): its teams, a published round's matches, the team standings.
Published data, for everybody (``permissions.RULES``); a tournament that is not a team event has
none (empty lists)."""

from django.shortcuts import get_object_or_404
from django.utils.translation import gettext as _
from drf_spectacular.utils import OpenApiParameter, extend_schema
from rest_framework.exceptions import NotFound
from rest_framework.response import Response
from rest_framework.views import APIView

from tournaments.fronts.api import team_serializers
from tournaments.models import TeamRules, Tournament
from tournaments.queries.standings import completed_round, published_rounds
from tournaments.queries.teams import round_matches, standings, team_rules


class TeamEventMixin:
    def event(self) -> tuple[Tournament, TeamRules | None]:
        """The tournament (404 if there is none) and its team rules (None: not a team event)."""
        tournament = get_object_or_404(Tournament, slug=self.kwargs["slug"])
        return tournament, team_rules(tournament)


class TeamList(TeamEventMixin, APIView):
    @extend_schema(responses=team_serializers.TeamSerializer(many=True))
    def get(self, request, slug):
        tournament, rules = self.event()
        teams = tournament.teams.filter(pairing_number__isnull=False).prefetch_related("members__player")
        return Response(team_serializers.TeamSerializer(teams if rules else [], many=True).data)


class TeamRound(TeamEventMixin, APIView):
    @extend_schema(responses=team_serializers.MatchSerializer(many=True))
    def get(self, request, slug, number):
        tournament, rules = self.event()
        round_ = get_object_or_404(published_rounds(tournament), number=number)
        return Response(team_serializers.MatchSerializer(round_matches(round_) if rules else [], many=True).data)


class TeamStandings(TeamEventMixin, APIView):
    @extend_schema(parameters=[OpenApiParameter("after", int, description="round (default: last complete)")],
                   responses=team_serializers.TeamStandingSerializer(many=True))
    def get(self, request, slug):
        tournament, rules = self.event()
        if rules is None:
            return Response([])
        completed = tournament.completed_rounds()
        after = completed_round(request.query_params.get("after", str(completed)), completed)
        if after is None:
            raise NotFound(_("No standings after that round."))
        lines = standings(tournament, after) if after else []
        return Response(team_serializers.TeamStandingSerializer(
            lines, many=True, context={"codes": rules.tiebreak_codes()}).data)
