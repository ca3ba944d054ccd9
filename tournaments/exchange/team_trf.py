"""A team event as the engine sees it: a TRF-2026 team file built from the database.

The board games are the ``001`` lines (players numbered team by team, in TPN and roster order),
the teams the ``310`` records, the team rules ``192`` (colour model and scores) and ``362``
(match points), the matches lost by forfeit ``330``, the teams not to be paired ``240`` (absent,
withdrawn, or a late team before its entry round).  A late team's rounds before its entry are its
players' ``0000 - Z`` (TRF-2026: a zero-point bye, a known absence; GHR 2026 Art. 2.4, which C.04.6's
preface applies to teams: no points for the rounds before arrival), or nothing when no later round
follows: the engine's team reader takes both for a round without a match (``absent``, no points).  The
text is read back by the engine's own reader (``parse_team``), so the pairing task, the team
standings and the TRF download read one document, and what the app pairs is what
``python -m pairing.engine --team`` pairs on the downloaded file.
"""

from __future__ import annotations

from dataclasses import replace

from pairing.engine import (
    ABSENT,
    BLACK,
    NO_RESULT,
    WHITE,
    PlayerRecord,
    RoundEntry,
    TeamDocument,
    TeamRecord,
    TrfDocument,
    dump,
    dump_team,
    format_points,
    parse_team,
    team_line,
)
from tournaments.exchange.trf import manual_change_comments, scoring, tenths
from tournaments.models import RESULT_CODES, Game, Match, Round, Team, TeamAbsence, Tournament


def numbered_teams(tournament: Tournament) -> list[Team]:
    """The teams with a pairing number (TPN), in its order, with their rosters."""
    return list(tournament.teams.filter(pairing_number__isnull=False).order_by("pairing_number")
                .prefetch_related("members__player"))


def team_text(tournament: Tournament, rounds: int) -> str:
    """The TRF-2026 team file of rounds 1..``rounds`` (results pending written blank)."""
    rules = tournament.team_rules
    teams = numbered_teams(tournament)
    ids: dict[int, int] = {}  # a player's key -> his number in the file
    for team in teams:
        for member in team.members.all():
            ids[member.player_id] = len(ids) + 1
    entries = _played(tournament, rounds, ids)
    # C.04.6 1.4: the PAB is a drawn match, each of its boards worth a draw
    board_points = replace(scoring(tournament), pairing_bye=tenths(tournament.points_draw))
    document = TrfDocument(name=tournament.name, headers=[f"012 {tournament.name}"], total_rounds=tournament.rounds,
                           initial_colour=tournament.initial_colour or None, scoring=board_points,
                           system_code=rules.trf_code)
    for team in teams:
        for member in team.members.all():
            player = member.player
            document.players[ids[player.pk]] = PlayerRecord(
                number=ids[player.pk], name=player.name, title=player.title, rating=player.rating or 0,
                federation=player.federation, fide_id=player.fide_id,
                rounds=_history(entries, player.pk, rounds))
    lines = [dump(document, "26").replace("\r\n", "\n").rstrip("\n"),
             f"362 TW {format_points(tenths(rules.match_win))}   TD {format_points(tenths(rules.match_draw))}   "
             f"TL {format_points(tenths(rules.match_loss))}",
             "352 " + "WB" * (rules.boards // 2) + "W" * (rules.boards % 2)]  # services.lineups.make_games
    # GHR 3.5: the matches lost by forfeit as a whole (record 330, from the first team's side)
    for match in Match.objects.filter(round__tournament=tournament, round__number__lte=rounds).exclude(forfeit="") \
            .select_related("round", "white_team", "black_team"):
        lines.append(f"330 {match.forfeit} {match.round.number:3d} {match.white_team.pairing_number:3d} "
                     f"{match.black_team.pairing_number:3d}")
    # Teams not to be paired in a later round (record 240: what the pairing of round rounds + 1 reads)
    absent: dict[int, list[int]] = {}
    for number, tpn in TeamAbsence.objects.filter(team__tournament=tournament, round_number__gt=rounds,
                                                  team__pairing_number__isnull=False).values_list(
            "round_number", "team__pairing_number").order_by("round_number", "team__pairing_number"):
        absent.setdefault(number, []).append(tpn)
    # A withdrawn team: in none of the rounds from its withdrawal on; a late team in none before its entry
    for team in teams:
        for number in range(rounds + 1, tournament.rounds + 1):
            if not (team.plays(number) and team.entered(number)):
                absent.setdefault(number, []).append(team.pairing_number)
    absent = {number: sorted(set(tpns)) for number, tpns in sorted(absent.items())}
    lines += [f"240 Z {number:03d} " + " ".join(f"{tpn:04d}" for tpn in tpns) for number, tpns in absent.items()]
    for team in teams:
        record = TeamRecord(tpn=team.pairing_number, name=team.name, nickname=team.short_name,
                            strength=team.rating or 0, members=tuple(ids[m.player_id] for m in team.members.all()))
        lines.append(team_line(record, 0, 0, None))
    return "\n".join(lines) + "\n"


def _history(entries: dict[tuple[int, int], RoundEntry], player: int, rounds: int) -> list[RoundEntry]:
    """A player's rounds: his boards, a round he did not play as not paired (a substitute's); none
    after his last board (a TRF-2026 writer would take those for byes of the next round, 240)."""
    history = [entries.get((player, r), ABSENT) for r in range(1, rounds + 1)]
    while history and history[-1] is ABSENT:
        history.pop()
    return history


def _played(tournament: Tournament, rounds: int, ids: dict[int, int]) -> dict[tuple[int, int], RoundEntry]:
    entries: dict[tuple[int, int], RoundEntry] = {}
    games = Game.objects.filter(round__tournament=tournament, round__number__lte=rounds).values_list(
        "round__number", "white_id", "black_id", "result")
    for r, white, black, result in games:
        if black is None:
            entries[white, r] = RoundEntry(None, None, "U")
        else:
            white_code, black_code = RESULT_CODES[result] if result else (NO_RESULT, NO_RESULT)
            entries[white, r] = RoundEntry(ids[black], WHITE, white_code)
            entries[black, r] = RoundEntry(ids[white], BLACK, black_code)
    return entries


def team_document(tournament: Tournament, rounds: int) -> TeamDocument:
    """The team document of rounds 1..``rounds``: what the engine pairs round ``rounds + 1`` from."""
    return parse_team(team_text(tournament, rounds))


def published_rounds(tournament: Tournament) -> int:
    return max(tournament.round_set.filter(status=Round.Status.PUBLISHED).values_list("number", flat=True),
               default=0)


def export_team(tournament: Tournament) -> str:
    """The TRF-2026 download: every published round, the teams' points and ranks after them, the
    manual changes of the pairings as comment lines (``###``, as in the players' export)."""
    document = team_document(tournament, published_rounds(tournament))
    document.games.comments = manual_change_comments(tournament)
    return dump_team(document, tournament.name)
