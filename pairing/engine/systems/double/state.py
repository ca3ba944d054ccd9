"""The state of a Double-Swiss tournament before its next match, read from the TRF layout of
``pairing.engine.matches`` (match k: TRF rounds 2k-1 and 2k): one :class:`Player` per player to
pair, whose score, colours, opponents and floats are by match, not by game."""

from __future__ import annotations

from ...core.state import (
    FLOAT_DOWN,
    FLOAT_NONE,
    FLOAT_UP,
    NO_PREFERENCE,
    Player,
    RoundResult,
    RoundState,
    infer_initial_colour,
)
from ...errors import TrfError
from ...matches import NO_MATCH, Match, match_rounds, matches_in, read_matches
from ...trf import WHITE, PlayerRecord, TrfDocument


def total_matches(document: TrfDocument, total_rounds: int | None) -> int:
    """The matches of the tournament: ``total_rounds`` when given, else half the rounds of XXR/142
    (two TRF rounds a match)."""
    if total_rounds:
        return total_rounds
    if not document.total_rounds:
        raise TrfError("the number of rounds is unknown: add an XXR (or 142) line, two rounds a match")
    if document.total_rounds % 2:
        raise TrfError(f"XXR/142 gives {document.total_rounds} rounds: a Double-Swiss tournament writes each match "
                       "as two rounds, so their number is even")
    return document.total_rounds // 2


def next_match(document: TrfDocument) -> int:
    """The match to pair: the one after the last match paired, which must have both its games."""
    paired = document.paired_rounds
    if paired % 2:
        match = matches_in(paired)
        raise TrfError(f"match {match} has its first game only (round {paired}): write its second game, round "
                       f"{paired + 1}, before pairing match {match + 1}")
    return paired // 2 + 1


def _unfinished(document: TrfDocument, match: int) -> None:
    unfinished = document.unfinished_round
    if unfinished is not None and unfinished < 2 * match - 1:
        raise TrfError(f"round {unfinished} (match {matches_in(unfinished)}) is not finished: enter every result "
                       f"of match {matches_in(unfinished)} before pairing match {match}")


def build_double_state(document: TrfDocument, match: int | None = None, total: int | None = None) -> RoundState:
    """The state for pairing match ``match`` (default: the next) of ``total`` matches (default:
    XXR / 2); the layout checked (TrfError)."""
    total = total_matches(document, total)
    if any(any(values) for values in document.accelerations.values()):
        raise TrfError("the file gives virtual points (XXA/250), but the Double-Swiss system is paired without "
                       "acceleration: remove those lines (docs/systems/double-swiss.md)")
    history = read_matches(document)  # the layout checked first
    match = next_match(document) if match is None else match
    if match > total:
        raise TrfError(f"all {total} matches have been paired already")
    _unfinished(document, match)
    history = {n: matches + [NO_MATCH] * (match - len(matches)) for n, matches in history.items()}
    before = {number: matches[:match - 1] for number, matches in history.items()}
    paired_rounds = document.paired_rounds
    to_pair = sorted(n for n, matches in history.items()
                     if _to_pair(document.players[n], paired_rounds, match, matches[match - 1]))
    valid = sorted(n for n in document.players if n in to_pair or any(m.paired for m in before[n]))
    ranks = {n: i for i, n in enumerate(valid)}
    forbidden = _forbidden(document, match)
    scores = _scores_before(before)
    players = [_player(document, number, ranks[number], before[number], forbidden[number], scores)
               for number in to_pair]
    players.sort(key=lambda p: (-p.pairing_score, p.rank))
    for order, player in enumerate(players):
        player.order = order
    initial = document.initial_colour or infer_initial_colour(document) or WHITE
    scoring = document.scoring
    results = {n: tuple(RoundResult(m.opponent if m.meeting else None, m.points, m.played, m.codes[0])
                        for m in matches) for n, matches in before.items()}
    return RoundState(match, total, initial, players, 2 * scoring.win, 2 * scoring.draw, results)


def _to_pair(record: PlayerRecord, paired_rounds: int, match: int, current: Match) -> bool:
    """Paired in ``match`` unless a bye or an absence is written for it; when the file holds the
    match already (the checker pairs it again), those it paired."""
    entry = record.entry(match_rounds(match)[0])
    if entry is None:
        return paired_rounds < match_rounds(match)[0]
    return current.paired


def _forbidden(document: TrfDocument, match: int) -> dict[int, set[int]]:
    """XXP / 260: a 260 range counts TRF rounds, so a match is forbidden when its first round is."""
    forbidden: dict[int, set[int]] = {n: set() for n in document.players}
    for group in document.forbidden_pairs:
        if group.applies(match_rounds(match)[0]):
            for number in group.players:
                forbidden[number] |= group.players - {number}
    return forbidden


def _scores_before(history: dict[int, list[Match]]) -> dict[int, list[int]]:
    """Each player's score before each match (and after the last)."""
    scores = {}
    for number, matches in history.items():
        running = [0]
        for match in matches:
            running.append(running[-1] + match.points)
        scores[number] = running
    return scores


def float_in(number: int, index: int, history: list[Match], scores: dict[int, list[int]]) -> str:
    """C.04.5 1.5: a floater plays against an opponent with a different score.  Read off the
    pairing: a match later ended by forfeit made its floats too (docs/systems/double-swiss.md)."""
    if index < 0:
        return FLOAT_NONE
    match = history[index]
    if match.opponent is None:
        return FLOAT_NONE
    own, other = scores[number][index], scores[match.opponent][index]
    return FLOAT_DOWN if own > other else FLOAT_UP if own < other else FLOAT_NONE


def _player(document: TrfDocument, number: int, rank: int, history: list[Match], forbidden: set[int],
            scores: dict[int, list[int]]) -> Player:
    score = scores[number][-1]
    count = len(history)
    player = Player(
        number=number, rank=rank, score=score, pairing_score=score,
        # 1.6: the colour of the first game, of a match with a game played
        colours="".join(m.colour for m in history if m.played),
        # [C1]: a match ended by forfeit is no meeting (Preface)
        played_opponents=frozenset(m.opponent for m in history if m.meeting),
        forbidden=frozenset(forbidden),
        # [C2]: no PAB after a PAB, a match won by forfeit or a full-point bye
        bye_eligible=not any(m.pab or m.won_by_forfeit or "F" in m.codes for m in history),
        floats=(float_in(number, count - 1, history, scores), float_in(number, count - 2, history, scores)),
        played_games=sum(m.meeting for m in history),  # 3.4.3: the matches played
        rating=document.players[number].rating,
    )
    # no colour preference in C.04.5 (D5): the colour of a match goes by Article 4 alone, and the
    # review of a manual pairing finds no preference to break
    player.preference, player.strength, player.repeated_colour = None, NO_PREFERENCE, None
    return player
