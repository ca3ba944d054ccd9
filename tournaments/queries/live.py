"""What the live parts of the pages show (issue 25, ``fronts/public/live.py``): the revision they were made
from, read before the data (tournaments/cache.py), so a copy is never older than the revision it names."""

from __future__ import annotations

from dataclasses import dataclass

from tournaments import cache
from tournaments.models import Game, Player, Round, Tournament
from tournaments.queries.notices import PairingNotice, player_notice
from tournaments.queries.standings import published_rounds


@dataclass(frozen=True)
class LiveNotice:
    revision: int | None
    notice: PairingNotice | None
    result: str  # the board's result once it is in, else ""


def live_notice(player: Player) -> LiveNotice:
    """The player's pairing notice of the last published round and, once it is in, his board's result."""
    revision = cache.tournament_revision(player.tournament.slug)
    notice = player_notice(player)
    result = ""
    if notice is not None and not notice.bye:
        found = Game.objects.filter(round__tournament_id=player.tournament_id, round__number=notice.round_number,
                                    board=notice.board).values_list("result", "result2").first() or ("", "")
        results = found[:player.tournament.games_per_round]  # a Double-Swiss match: both games (C.04.5)
        result = " / ".join(r or "–" for r in results) if any(results) else ""
    return LiveNotice(revision, notice, result)


def next_round(tournament: Tournament, round_: Round) -> Round | None:
    """The round published after ``round_``, if any (the board list links to it)."""
    return (published_rounds(tournament).filter(number__gt=round_.number).defer(*Round.JSON_FIELDS)
            .order_by("number").first())
