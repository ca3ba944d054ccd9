"""The REST API: published data for everybody, pairing and results for the club's arbiters.

Who may call what: ``tournaments.permissions.RULES``, checked by the default permission class.
"""

from django.db.models import Count, Prefetch
from django.shortcuts import get_object_or_404
from django.urls import reverse
from django.utils.translation import get_language
from django.utils.translation import gettext as _
from drf_spectacular.utils import OpenApiParameter, extend_schema
from rest_framework import generics, status
from rest_framework.exceptions import NotFound, ValidationError
from rest_framework.response import Response
from rest_framework.views import APIView

from pairing.rounds.publish import publish_round
from pairing.rounds.request import ServiceUnavailable, request_pairing
from pairing.rounds.watch import watch_round
from tournaments import cache
from tournaments.fronts.api import pagination, serializers
from tournaments.models import Event, Game, Player, RatingKind, RatingList, Round, Tournament
from tournaments.queries.board_results import player_board
from tournaments.queries.prizes import prize_list
from tournaments.queries.rating_list import search
from tournaments.queries.standings import completed_round, crosstable, published_rounds
from tournaments.queries.tasks import build_soon
from tournaments.services import ConfirmationNeeded, Refused, board_results
from tournaments.services.prizes import add_category
from tournaments.services.registration import player_side
from tournaments.services.results import enter_result, parse_result


class ApiRoot(APIView):
    """The API's entry point: every endpoint and the docs, as absolute links.  An endpoint of one
    tournament, event or entry is a URL template (``{slug}``, ``{number}``, ``{board}``, ``{event}``,
    ``{entry}``)."""

    # Each endpoint of a tournament: its URL name and the parameters after the tournament's slug.
    PER_TOURNAMENT = {
        "tournament": ("api:tournament",), "players": ("api:players",), "rounds": ("api:rounds",),
        "round": ("api:round", "number"), "round_status": ("api:round_status", "number"),
        "publish": ("api:publish", "number"), "standings": ("api:standings",), "crosstable": ("api:crosstable",),
        "prizes": ("api:prizes",), "pair": ("api:pair",), "result": ("api:result", "number", "board"),
        "explanation": ("api:explanation", "number"), "arbiter_explanation": ("api:arbiter_explanation", "number"),
        "manual_changes": ("api:manual_changes", "number"), "teams": ("api:teams",),
        "team_round": ("api:team_round", "number"), "team_standings": ("api:team_standings",),
    }
    OTHERS = {"event": ("api:event", "event"), "event_sections": ("api:event_sections", "event"),
              "my_board": ("api:my_board", "entry")}
    # Values the URL patterns accept, replaced by their templates once reversed.
    STAND_INS = {"slug": "SLUG", "event": "EVENT", "number": 7001, "board": 7002, "entry": 7003}

    @extend_schema(exclude=True)
    def get(self, request):
        def absolute(name):
            return request.build_absolute_uri(reverse(name))

        def template(name: str, *parameters: str) -> str:
            path = reverse(name, kwargs={key: self.STAND_INS[key] for key in parameters})
            for key in parameters:
                path = path.replace(str(self.STAND_INS[key]), f"{{{key}}}")
            return request.build_absolute_uri(path).replace("%7B", "{").replace("%7D", "}")

        return Response({
            "tournaments": absolute("api:tournaments"),
            "rating_list": absolute("api:rating_list"),
            "events": absolute("api:events"),
            **{key: template(*endpoint) for key, endpoint in self.OTHERS.items()},
            "per_tournament": {key: template(name, "slug", *parameters)
                               for key, (name, *parameters) in self.PER_TOURNAMENT.items()},
            "schema": absolute("schema"),
            "docs": absolute("api-docs"),
        })


class TournamentList(generics.ListAPIView):
    """The listed tournaments (as on the home page: hidden ones left out, archived ones kept); a
    hidden one is still found at its own address."""

    queryset = Tournament.objects.listed().select_related("club", "team_rules")
    serializer_class = serializers.TournamentSerializer


class TournamentDetail(generics.RetrieveAPIView):
    queryset = Tournament.objects.select_related("club", "team_rules")
    serializer_class = serializers.TournamentSerializer
    lookup_field = "slug"


EVENTS = Event.objects.select_related("club").prefetch_related(
    Prefetch("tournaments", queryset=Tournament.objects.order_by("section_order", "pk")))


class EventList(generics.ListAPIView):
    """The events (several tournaments, its sections, under one name); each names its sections' slugs
    in the organisers' order."""

    queryset = EVENTS
    serializer_class = serializers.EventSerializer


class EventDetail(generics.RetrieveAPIView):
    queryset = EVENTS
    serializer_class = serializers.EventSerializer
    lookup_field = "slug"
    lookup_url_kwarg = "event"


class EventSections(generics.ListAPIView):
    """An event's sections in the organisers' order (the order a placement by rating tries them)."""

    serializer_class = serializers.SectionSerializer

    def get_queryset(self):
        event = get_object_or_404(Event, slug=self.kwargs["event"])
        return event.sections().select_related("club", "team_rules").annotate(entrants=Count("players"))


class TournamentMixin:
    def tournament(self) -> Tournament:
        return get_object_or_404(Tournament, slug=self.kwargs["slug"])


class PlayerList(TournamentMixin, generics.ListAPIView):
    serializer_class = serializers.PlayerSerializer

    def get_queryset(self):
        return self.tournament().players.all()


class RoundList(TournamentMixin, generics.ListAPIView):
    serializer_class = serializers.RoundSerializer

    def get_queryset(self):
        return published_rounds(self.tournament()).defer(*Round.JSON_FIELDS)


class RoundDetail(TournamentMixin, generics.RetrieveAPIView):
    """A published round and its boards, made once per revision of the tournament (5,000 boards
    take seconds to serialize)."""

    serializer_class = serializers.RoundDetailSerializer
    lookup_field = "number"

    def get_queryset(self):
        players = [f"{colour}__{field}" for colour in ("white", "black")
                   for field in ("pairing_number", "name", "title", "rating")]
        games = Game.objects.select_related("white", "black").only(
            "board", "result", "result2", "round_id", "white_id", "black_id", *players)
        return published_rounds(self.tournament()).defer(*Round.JSON_FIELDS).prefetch_related(
            Prefetch("games", queryset=games))

    def retrieve(self, request, *args, **kwargs):
        tournament = self.tournament()
        # the reasons of the players not paired are in the request's language
        key = f"api:round:{tournament.pk}:{tournament.revision}:{kwargs['number']}:{get_language()}"
        return Response(cache.shared(key, lambda: super(RoundDetail, self).retrieve(request, *args, **kwargs).data,
                                     local=None))


class RoundExplanation(TournamentMixin, generics.RetrieveAPIView):
    """Why the round was paired as it was: published with the round by its chief arbiter."""

    serializer_class = serializers.RoundExplanationSerializer
    lookup_field = "number"

    def get_queryset(self):
        return published_rounds(self.tournament()).filter(explanation_published=True)


class ArbiterRoundExplanation(generics.RetrieveAPIView):
    """Why the round was paired as it was, for the club's arbiters: a draft's too, published or not."""

    serializer_class = serializers.RoundExplanationSerializer
    lookup_field = "number"

    def get_queryset(self):
        return self.request.tournament.round_set.all()  # checked by permissions.Rules


class ManualChangeList(generics.ListAPIView):
    """The manual changes of the round's pairing, in order, for the club's arbiters (read only)."""

    serializer_class = serializers.ManualChangeSerializer

    def get_queryset(self):
        tournament = self.request.tournament  # checked by permissions.Rules
        round_ = get_object_or_404(tournament.round_set, number=self.kwargs["number"])
        return round_.manual_changes.select_related("user")

    def get_serializer_context(self):
        tournament = getattr(self.request, "tournament", None)  # None: the schema's generator
        players = {p.pk: p for p in tournament.players.all()} if tournament else {}
        teams = {t.pk: t for t in tournament.teams.all()} if tournament else {}  # a team event's (C.04.6)
        return {**super().get_serializer_context(), "players": players, "teams": teams}


class Standings(TournamentMixin, APIView):
    @extend_schema(parameters=[OpenApiParameter("after", int, description="round (default: last complete)"),
                               *pagination.PARAMETERS],
                   responses=serializers.StandingSerializer(many=True))
    def get(self, request, slug):
        tournament = self.tournament()
        completed = tournament.completed_rounds()
        after = completed_round(request.query_params.get("after", str(completed)), completed)
        if after is None:
            raise NotFound(_("No standings after that round."))
        rows = crosstable(tournament, after) if after else []
        return pagination.paginated(request, self, rows, serializers.StandingSerializer)


class Crosstable(TournamentMixin, APIView):
    @extend_schema(parameters=pagination.PARAMETERS, responses=serializers.CrosstableRowSerializer(many=True))
    def get(self, request, slug):
        tournament = self.tournament()
        completed = tournament.completed_rounds()
        rows = crosstable(tournament, completed) if completed else []
        return pagination.paginated(request, self, rows, serializers.CrosstableRowSerializer)


class Prizes(TournamentMixin, APIView):
    """The prize list (final once the last round is complete, provisional before, with the working);
    POST: the arbiter adds a prize category with its places (``tournaments.services.prizes``)."""

    @extend_schema(responses=serializers.PrizeListSerializer)
    def get(self, request, slug):
        return Response(serializers.PrizeListSerializer(prize_list(self.tournament())).data)

    @extend_schema(request=serializers.PrizeCategoryInputSerializer,
                   responses={201: serializers.PrizeListSerializer})
    def post(self, request, slug):
        tournament = request.tournament  # checked by permissions.Rules
        data = serializers.PrizeCategoryInputSerializer(data=request.data)
        data.is_valid(raise_exception=True)
        try:
            add_category(tournament, user=request.user, **data.validated_data)
        except Refused as refusal:  # 400 as a field's error (DRF's form): nothing was added
            raise ValidationError({"non_field_errors": [refusal.message]}) from None
        return Response(serializers.PrizeListSerializer(prize_list(tournament)).data, status=status.HTTP_201_CREATED)


class PairRound(APIView):
    """Start the pairing of the next round (a Celery task); poll the round for its status."""

    @extend_schema(request=None, responses={202: serializers.RoundStatusSerializer})
    def post(self, request, slug):
        tournament = request.tournament  # checked by permissions.Rules
        try:
            round_ = request_pairing(tournament, request.user)
        except ServiceUnavailable as refusal:
            return Response({"detail": refusal.message}, status=status.HTTP_503_SERVICE_UNAVAILABLE)
        except Refused as refusal:
            return Response({"detail": refusal.message}, status=status.HTTP_409_CONFLICT)
        round_.refresh_from_db()
        return Response(serializers.RoundStatusSerializer(round_).data, status=status.HTTP_202_ACCEPTED)


class PublishRound(APIView):
    """Publish a round's draft pairing: the players see it, results can be entered.  The arbiter's
    publish button's service (``pairing.rounds.publish.publish_round``): a draft out of date or
    leaving players to be paired without a board answers 409 with ``confirm_required`` and the
    reasons until it is sent again with ``confirm``; with ``revision`` (the status's ``draft_revision``)
    only the draft read is published; the other refusals are 409 with the reason."""

    @extend_schema(request=serializers.PublishSerializer,
                   responses={200: serializers.RoundStatusSerializer, 409: serializers.QuestionSerializer})
    def post(self, request, slug, number):
        tournament = request.tournament  # checked by permissions.Rules
        round_ = get_object_or_404(tournament.round_set, number=number)
        data = serializers.PublishSerializer(data=request.data)
        data.is_valid(raise_exception=True)
        try:
            publish_round(round_, request.user, confirm=data.validated_data["confirm"],
                          revision=data.validated_data.get("revision"))
        except ConfirmationNeeded as question:
            return Response({"detail": question.message, "confirm_required": True, "reasons": question.errors},
                            status=status.HTTP_409_CONFLICT)
        except Refused as refusal:
            return Response({"detail": refusal.message}, status=status.HTTP_409_CONFLICT)
        round_.refresh_from_db()
        return Response(serializers.RoundStatusSerializer(round_).data)


class RoundStatus(APIView):
    @extend_schema(responses=serializers.RoundStatusSerializer)
    def get(self, request, slug, number):
        tournament = request.tournament  # checked by permissions.Rules
        round_ = get_object_or_404(tournament.round_set, number=number)
        watch_round(round_)
        return Response(serializers.RoundStatusSerializer(round_).data)


class EnterResult(APIView):
    """Enter or correct a result.  A change to a round whose successor is paired answers 409 with
    what it affects until it is sent again with ``confirm``."""

    @extend_schema(request=serializers.ResultSerializer, responses=serializers.GameSerializer)
    def post(self, request, slug, number, board):
        tournament = request.tournament  # checked by permissions.Rules
        game = get_object_or_404(Game, round__tournament=tournament, round__number=number, board=board)
        data = serializers.ResultSerializer(data=request.data)
        data.is_valid(raise_exception=True)
        try:
            game = enter_result(game, parse_result(data.validated_data["result"]), request.user,
                                confirm=data.validated_data["confirm"], game_number=data.validated_data["game"],
                                was=_was(data.validated_data))
            build_soon(tournament)  # the new standings, built before the first reader asks
        except ConfirmationNeeded as question:
            return Response({"detail": question.message, "confirm_required": True}, status=status.HTTP_409_CONFLICT)
        except Refused as refusal:
            raise ValidationError({"result": refusal.message}) from None
        return Response(serializers.GameSerializer(game).data)


def _was(data: dict) -> str | None:
    """The result the client read, as stored (``1-0``, ``½-½``...; None when it did not say)."""
    return parse_result(data["was"]) if "was" in data else None


class RatingListSearch(APIView):
    """Players of the latest FIDE rating list of a kind, by FIDE id (digits) or by the beginning of
    the name as FIDE writes it ("Carlsen, M"), at most 20 in name order; none while no list of that
    kind is imported.  The header X-Rating-List names the list searched."""

    @extend_schema(parameters=[
        OpenApiParameter("q", str, required=True, description="A FIDE id, or the beginning of a name"),
        OpenApiParameter("kind", str, enum=RatingKind.values, description="standard (default), rapid or blitz")],
        responses=serializers.RatedPlayerSerializer(many=True))
    def get(self, request):
        kind = request.query_params.get("kind", RatingKind.STANDARD)
        if kind not in RatingKind.values:
            raise ValidationError({"kind": _("Unknown rating list %(kind)r: standard, rapid or blitz.") % {
                "kind": kind}})
        rating_list = RatingList.objects.latest_of(kind)
        found = search(rating_list, request.query_params.get("q", ""))
        response = Response(serializers.RatedPlayerSerializer(found, many=True).data)
        if rating_list is not None:
            response["X-Rating-List"] = f"{rating_list.kind} {rating_list.period:%Y-%m}"
        return response


class MyBoard(APIView):
    """A player's own board of the current round and its report (results from the board); POST reports
    his result, withdraws it, or confirms or disputes his opponent's.  The entry must be the caller's
    (``permissions.OWNER``: another's is 404)."""

    @extend_schema(responses=serializers.MyBoardSerializer)
    def get(self, request, entry):
        return Response(serializers.MyBoardSerializer(self._board(entry)).data)

    @extend_schema(request=serializers.ReportActionSerializer, responses=serializers.MyBoardSerializer)
    def post(self, request, entry):
        data = serializers.ReportActionSerializer(data=request.data)
        data.is_valid(raise_exception=True)
        player = get_object_or_404(Player.objects.select_related("tournament"), pk=entry)
        action, result = data.validated_data["action"], data.validated_data.get("result", "")
        if action == "report" and not result:
            raise ValidationError({"result": _("Give the result: 1-0, ½-½ or 0-1.")})
        try:
            done = {"report": lambda: board_results.report(player, result, request.user),
                    "withdraw": lambda: board_results.withdraw(player, request.user),
                    "confirm": lambda: board_results.answer(player, True, request.user, read=result or None),
                    "dispute": lambda: board_results.answer(player, False, request.user, read=result or None),
                    }[action]()
        except Refused as refusal:
            raise ValidationError({"detail": refusal.message}) from None
        if done is not None and done.state == done.State.OFFICIAL:
            build_soon(player.tournament)
        return Response(serializers.MyBoardSerializer(self._board(entry)).data)

    @staticmethod
    def _board(entry):
        player = get_object_or_404(Player.objects.select_related("tournament"), pk=entry)
        board = player_board(player) if player_side(player.tournament).board_results else None
        if board is None:
            raise NotFound(_("You have no board in the current round."))
        return board
