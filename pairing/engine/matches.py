"""The two-game matches of the Double-Swiss system (C.04.5) in a TRF file.

TRF-2026 has one result per round and no record for a two-game match, so match ``k`` is
written as TRF rounds ``2k - 1`` and ``2k`` (the layout of the open implementations):

* the same opponent in both rounds, the colours reversed (C.04.5 4.4: the player given White
  plays the first game with White and the second with Black), each game with its own result
  code, forfeits included (``1 0 = W L D + -``);
* the pairing-allocated bye as ``U`` then ``H``: worth a won game plus a drawn game
  (C.04.5 1.4, 1½ points with the standard scoring);
* any other bye (``H F Z``, an absence) the same in both rounds: "Byes (requested or
  assigned) apply only to matches, never to individual games" (Preface).

A bye already known for the next match may be given in its first round only (a ``240``
record, or a file cut after it).  :func:`read_matches` checks the layout and says what is
broken with the line and column of the player's second round.
"""

from __future__ import annotations

import dataclasses
from dataclasses import dataclass

from .errors import TrfError
from .trf import ABSENT, PLAYED_CODES, RoundEntry, TrfDocument

#: The codes of the PAB of a match: a won game (U, the points of BBU) and a drawn game (H).
PAB_CODES = ("U", "H")


def match_rounds(match: int) -> tuple[int, int]:
    """The TRF rounds of match ``match`` (1-based)."""
    return 2 * match - 1, 2 * match


def matches_in(rounds: int) -> int:
    """The matches of ``rounds`` TRF rounds, a match begun counting."""
    return (rounds + 1) // 2


@dataclass(frozen=True)
class Match:
    """One player's match: the opponent (None: a bye or an absence), the colour of the first game
    as scheduled, both games' codes and the match's points (tenths), with the opponent's."""

    opponent: int | None
    colour: str | None
    codes: tuple[str, str]
    points: int
    opponent_points: int = 0
    opponent_codes: tuple[str, str] = ("", "")

    @property
    def played(self) -> bool:
        """A game of the match was played over the board: only then has the player had the
        colour of the first game (C.04.5 1.6)."""
        return self.opponent is not None and any(code in PLAYED_CODES for code in self.codes)

    @property
    def ended_by_forfeit(self) -> bool:
        """A player forfeited both games (Preface): the match is no meeting ([C1]) and may be
        paired again; any other match "is considered as regularly played"."""
        return self.opponent is not None and ("-", "-") in (self.codes, self.opponent_codes)

    @property
    def meeting(self) -> bool:
        """The two met (C.04.5 [C1], C.04.1 Art. 2): a match not ended by forfeit."""
        return self.opponent is not None and not self.ended_by_forfeit

    @property
    def won_by_forfeit(self) -> bool:
        """A match ended by forfeit with more points than the opponent ([C2])."""
        return self.ended_by_forfeit and self.points > self.opponent_points

    @property
    def pab(self) -> bool:
        return self.opponent is None and self.codes == PAB_CODES

    @property
    def paired(self) -> bool:
        """The player took part in the pairing of the match (an opponent or the PAB)."""
        return self.opponent is not None or self.pab or "+" in self.codes


#: A match the player had no entry for: absent.
NO_MATCH = Match(None, None, ("Z", "Z"), 0)


def _column(round_number: int) -> int:
    return 92 + 10 * (round_number - 1)


def _check_game(number: int, line: int, match: int, first: RoundEntry, second: RoundEntry | None,
                complete: bool) -> None:
    """A match with an opponent: the same opponent in both rounds, the colours reversed."""
    one, two = match_rounds(match)
    if second is None and not complete:
        return  # the match in progress: its second game not yet written
    if second is None or second.opponent != first.opponent:
        what = "no opponent" if second is None or second.opponent is None else f"player {second.opponent}"
        raise TrfError(f"match {match} (rounds {one} and {two}): player {number} meets player {first.opponent} "
                       f"in round {one} but {what} in round {two}; the two games of a match have one opponent "
                       "(C.04.5 Preface)", line, _column(two))
    if second.colour == first.colour:
        raise TrfError(f"match {match} (rounds {one} and {two}): player {number} has colour {first.colour!r} "
                       "in both games; the second game reverses the colours (C.04.5 4.4)", line, _column(two) + 5)
    # A result of game 2 before game 1's is a match in progress as an arbiter enters it (in any order):
    # no layout error; the next match is not paired before both are in (``unfinished_round``).


def _check_bye(number: int, line: int, match: int, first: RoundEntry, second: RoundEntry | None,
               complete: bool) -> None:
    """A match without an opponent: the PAB (U, H) or one bye for both games."""
    one, two = match_rounds(match)
    if second is None and not complete:
        return  # a bye known for the next match, given in its first round
    second = second or ABSENT
    if second.opponent is not None:
        raise TrfError(f"match {match} (rounds {one} and {two}): player {number} has no opponent in round {one} "
                       f"but player {second.opponent} in round {two}; the two games of a match have one opponent "
                       "(C.04.5 Preface)", line, _column(two))
    codes = (first.code, second.code)
    if first.code == "U" and codes != PAB_CODES:
        raise TrfError(f"match {match}: the pairing-allocated bye of player {number} is written U in round {one} "
                       f"and H in round {two} (a won game plus a drawn game, C.04.5 1.4), not {second.code!r}",
                       line, _column(two) + 7)
    if first.code != "U" and codes[0] != codes[1]:
        raise TrfError(f"match {match} (rounds {one} and {two}): player {number} has {codes[0]!r} in round {one} "
                       f"but {codes[1]!r} in round {two}; a bye applies to the whole match, never to one game "
                       "(C.04.5 Preface)", line, _column(two) + 7)


def read_matches(document: TrfDocument, matches: int | None = None) -> dict[int, list[Match]]:
    """Every player's first ``matches`` matches (default: every match in the file, the last one
    possibly begun only), the layout checked (TrfError naming the line and column)."""
    rounds_in_file = document.rounds_in_file
    matches = matches_in(rounds_in_file) if matches is None else matches
    history = {}
    for number, record in document.players.items():
        own = []
        for match in range(1, matches + 1):
            one, two = match_rounds(match)
            complete = two <= rounds_in_file
            first, second = record.entry(one), record.entry(two)
            if first is None and second is not None:
                first = ABSENT
            if first is None:
                own.append(NO_MATCH)
                continue
            check = _check_game if first.opponent is not None else _check_bye
            check(number, record.line, match, first, second, complete)
            own.append(_match(document, match, first, second or ABSENT))
        history[number] = own
    return history


def _match(document: TrfDocument, match: int, first: RoundEntry, second: RoundEntry) -> Match:
    points = document.scoring.points
    codes = (first.code, second.code)
    if first.opponent is None:
        return Match(None, None, codes, points(codes[0]) + points(codes[1]))
    opponent = document.players[first.opponent]
    theirs = tuple((opponent.entry(r) or ABSENT).code for r in match_rounds(match))
    return Match(first.opponent, first.colour, codes, points(codes[0]) + points(codes[1]),
                 points(theirs[0]) + points(theirs[1]), theirs)


def match_entries(white: int, black: int, white_codes: tuple[str, str],
                  black_codes: tuple[str, str]) -> tuple[list[RoundEntry], list[RoundEntry]]:
    """The two TRF rounds of a match for the player given White (C.04.5 4.4: White in the first game,
    Black in the second) and for his opponent."""
    return ([RoundEntry(black, "w", white_codes[0]), RoundEntry(black, "b", white_codes[1])],
            [RoundEntry(white, "b", black_codes[0]), RoundEntry(white, "w", black_codes[1])])


def pab_entries() -> list[RoundEntry]:
    """The two TRF rounds of the pairing-allocated bye (C.04.5 1.4)."""
    return [RoundEntry(None, None, code) for code in PAB_CODES]



#: A single forfeited game of a match that is "regularly played" (C.04.5 Preface), as played:
#: the forfeit win a won game, the forfeit loss a lost one.
_AS_PLAYED = {"+": "1", "-": "0"}


def forfeits_as_played(document: TrfDocument) -> TrfDocument:
    """The document as the tie-breaks and standings read a Double-Swiss tournament: "a match ends by
    forfeit only if at least one player forfeits both games ... In all other cases ... any forfeited
    (single) game shall be treated as played" (C.04.5 Preface).  A match ended by forfeit, a bye and
    a game without a result are left as they are; the points do not change (a forfeit scores as the
    game).  "This rule does not apply to rating": the players' records read the games themselves."""
    copy = dataclasses.replace(document, players={})
    history = read_matches(document)
    for number, record in document.players.items():
        rounds = list(record.rounds)
        for index, match in enumerate(history[number], start=0):
            if match.opponent is None or match.ended_by_forfeit:
                continue
            for r in match_rounds(index + 1):
                entry = rounds[r - 1] if r <= len(rounds) else None
                if entry is not None and entry.code in _AS_PLAYED:
                    rounds[r - 1] = dataclasses.replace(entry, code=_AS_PLAYED[entry.code])
        copy.players[number] = dataclasses.replace(record, rounds=rounds)
    return copy
