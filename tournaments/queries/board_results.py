"""Results from the board as the pages read them: a player's board of the current round and its
report; a round's reports by state, for the arbiter (reported, confirmed, disputed boards apart)."""

from __future__ import annotations

from dataclasses import dataclass

from django.db.models import Count

from tournaments.models import Game, Player, ResultReport, Round
from tournaments.services.board_results import board_of, current_round

State = ResultReport.State
#: The states the arbiter's round page counts and filters, in this order.
OPEN = (State.REPORTED, State.CONFIRMED, State.DISPUTED)


@dataclass(frozen=True)
class PlayerBoard:
    """The player's board of the current round, and where its result stands."""

    round: Round
    game: Game
    report: ResultReport | None
    player_id: int

    @property
    def colour(self) -> str:
        return "w" if self.mine_is_white else "b"

    @property
    def mine_is_white(self) -> bool:
        return self.game.white_id == self.player_id

    @property
    def opponent(self) -> Player | None:
        return self.game.black if self.mine_is_white else self.game.white

    @property
    def reported_by_me(self) -> bool:
        return self.report is not None and self.report.reporter_id == self.player_id

    @property
    def to_answer(self) -> bool:
        """The opponent reported: the player confirms or disputes."""
        return self.report is not None and not self.reported_by_me and self.report.state == State.REPORTED


def player_board(player: Player) -> PlayerBoard | None:
    round_ = current_round(player.tournament)
    game = board_of(player, round_)
    if game is None:
        return None
    game = Game.objects.select_related("white", "black").get(pk=game.pk)
    report = ResultReport.objects.filter(game=game).first()
    return PlayerBoard(round=round_, game=game, report=report, player_id=player.pk)


def round_reports(round_: Round, state: str = "") -> dict:
    """The counts of the round's open reports by state, and the reports (of ``state``, else all open ones)."""
    waiting = ResultReport.objects.filter(game__round=round_, game__result="", state__in=OPEN)
    counts = dict(waiting.values_list("state").annotate(n=Count("pk")).values_list("state", "n"))
    shown = waiting.filter(state=state) if state in OPEN else waiting
    return {"counts": [(value, State(value).label, counts.get(value, 0)) for value in OPEN],
            "reports": shown.select_related("game__white", "game__black", "reporter", "answered_by"),
            "state": state if state in OPEN else "", "confirmed": counts.get(State.CONFIRMED, 0)}
