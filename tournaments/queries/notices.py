"""A round's pairing notice (issue 25): what each player is told when the round is published (his
board, colour, opponent and the round's start time), one copy for the mail and the player's page."""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from datetime import datetime

from django.db.models import Count, Q

from tournaments.models import Game, Notice, Player, PlayerSide, Round


@dataclass(frozen=True)
class PairingNotice:
    round_number: int
    board: int
    colour: str  # "w" or "b"; "" for the pairing-allocated bye
    opponent: str  # his name; "" for the bye
    opponent_number: int | None
    opponent_rating: int | None
    starts_at: datetime | None

    @property
    def bye(self) -> bool:
        return not self.opponent


def round_start(round_: Round) -> datetime | None:
    """When the round starts: the time the arbiter set on it, else the one of the player side's schedule
    (which the check-in window and the bye deadline are reckoned from); None when neither is given."""
    if round_.starts_at:
        return round_.starts_at
    side = PlayerSide.objects.filter(tournament_id=round_.tournament_id).only("round_times").first()
    return side.round_start(round_.number) if side else None


def round_notices(round_: Round, player_ids: Iterable[int] | None = None) -> dict[int, PairingNotice]:
    """The notice of each player with a board in ``round_`` (of ``player_ids`` only, if given), by player id."""
    games = Game.objects.filter(round=round_).select_related("white", "black")
    if player_ids is not None:
        ids = list(player_ids)
        games = games.filter(Q(white_id__in=ids) | Q(black_id__in=ids))
    notices, starts_at = {}, round_start(round_)
    for game in games:
        for player, colour, opponent in ((game.white, "w", game.black), (game.black, "b", game.white)):
            if player is None:
                continue
            notices[player.pk] = PairingNotice(
                round_.number, game.board, colour if opponent else "", opponent.name if opponent else "",
                opponent.pairing_number if opponent else None, opponent.rating if opponent else None,
                starts_at)
    return notices


def player_notice(player: Player) -> PairingNotice | None:
    """The player's notice of the tournament's last published round (None without a board there)."""
    round_ = (Round.objects.filter(tournament_id=player.tournament_id, status=Round.Status.PUBLISHED)
              .defer(*Round.JSON_FIELDS).order_by("-number").first())
    if round_ is None:
        return None
    return round_notices(round_, [player.pk]).get(player.pk)


def notice_counts(round_: Round) -> dict[str, int]:
    """How many of the round's notices are queued, sent and failed."""
    counts = dict(Notice.objects.filter(round=round_).values_list("state").annotate(n=Count("pk")).order_by())
    return {state: counts.get(state, 0) for state in Notice.State.values}
