"""A manual change of a pairing, as board arithmetic: the boards after it and what it does in
words (players by pairing number).  The arbiter's five changes of a draft (C.04.2 D.10 lets the
arbiter change a pairing before it is published): swap the colours of a board, exchange the
opponents of two boards, unpair a board, pair two players, give the PAB.

The same five changes of a team draft (C.04.6), the boards being matches as (white TPN, black TPN):
``words=TEAMS`` says "match" and "team" where ``PLAYERS`` says "board" and "player".

Pure: the app proposes the change, has it reviewed against the rules (:mod:`.review`), and stores
it.  A change that cannot be made raises :class:`ChangeError`, whose English message is marked for
the app's catalogue (it translates ``message`` and fills in ``values``).
"""

from __future__ import annotations

from dataclasses import dataclass

from .core.explanation import gettext_noop
from .errors import EngineError
from .review import Board

SWAP, EXCHANGE, UNPAIR, PAIR, BYE = "swap", "exchange", "unpair", "pair", "bye"
#: No black player: the board is the pairing-allocated bye.
PAB = 0


@dataclass(frozen=True)
class ChangeWords:
    """What a change names: ``board`` and ``boards`` in the summaries (English), then the refusals (marked
    for the app's catalogue)."""

    board: str
    boards: str
    not_to_pair: str
    choose_board: str
    board_is_bye: str
    two_boards: str
    two_to_pair: str
    on_board: str
    choose_bye: str
    has_bye: str


PLAYERS = ChangeWords(
    "board", "boards",
    gettext_noop("Player %(number)s is not to be paired in round %(round)s (absent, withdrawn, not yet entered, or "
                 "no such pairing number)."),
    gettext_noop("Choose a board from 1 to %(count)s."),
    gettext_noop("Board %(board)s is the pairing-allocated bye: it has no colours nor opponent."),
    gettext_noop("Exchange opponents between two different boards, neither of them the bye."),
    gettext_noop("Choose two different players to pair, white first."),
    gettext_noop("Player %(number)s is on a board: unpair it first, or exchange opponents."),
    gettext_noop("Choose the player to get the pairing-allocated bye."),
    gettext_noop("Player %(number)s has the pairing-allocated bye already."))
TEAMS = ChangeWords(
    "match", "matches",
    gettext_noop("Team %(number)s is not to be paired in round %(round)s (not paired in this round, withdrawn, or "
                 "no such team number)."),
    gettext_noop("Choose a match from 1 to %(count)s."),
    gettext_noop("Match %(board)s is the pairing-allocated bye: it has no colours nor opponent."),
    gettext_noop("Exchange opponents between two different matches, neither of them the bye."),
    gettext_noop("Choose two different teams to pair, the one with White on board 1 first."),
    gettext_noop("Team %(number)s is in a match: unpair it first, or exchange opponents."),
    gettext_noop("Choose the team to get the pairing-allocated bye."),
    gettext_noop("Team %(number)s has the pairing-allocated bye already."))


class ChangeError(EngineError):
    """A change that cannot be made on these boards; nothing was changed."""

    def __init__(self, message: str, **values):
        super().__init__(message % values)
        self.message, self.values = message, values


def change_boards(boards: list[Board], kind: str, board: int | None = None, other_board: int | None = None,
                  player: int | None = None, other: int | None = None,
                  to_pair: set[int] = frozenset(), round_number: int = 0,
                  words: ChangeWords = PLAYERS) -> tuple[list[Board], str]:
    """The boards after the change, and what it does in words.  ``board`` and ``other_board`` are
    board numbers (from 1); ``player`` and ``other`` pairing numbers, who must be in ``to_pair``
    (the players to be paired in round ``round_number``); ``words``: players' boards or teams' matches."""
    boards = list(boards)
    if kind in (SWAP, EXCHANGE, UNPAIR):
        return _change_board(boards, kind, board, other_board, words)
    for number in (n for n in (player, other) if n is not None):
        if number not in to_pair:
            raise ChangeError(words.not_to_pair, number=number, round=round_number)
    if kind == PAIR:
        return _pair(boards, player, other, words)
    if kind == BYE:
        return _give_bye(boards, player, words)
    raise ChangeError(gettext_noop("Choose a change: swap colours, exchange opponents, unpair, pair, or give "
                                   "the bye."))


def _board(boards: list[Board], number: int | None, words: ChangeWords) -> Board:
    if number is None or not 1 <= number <= len(boards):
        raise ChangeError(words.choose_board, count=len(boards))
    return boards[number - 1]


def _change_board(boards: list[Board], kind: str, board: int | None,
                  other_board: int | None, words: ChangeWords) -> tuple[list[Board], str]:
    """Swap, exchange or unpair: changes of the boards as they stand."""
    first, noun = _board(boards, board, words), words.board
    if kind == UNPAIR:
        boards.remove(first)
        if first[1] == PAB:
            return boards, f"the pairing-allocated bye of {first[0]} withdrawn: {first[0]} is not paired"
        return boards, f"{noun} {board} ({first[0]}-{first[1]}) unpaired: {first[0]} and {first[1]} are not paired"
    if first[1] == PAB:
        raise ChangeError(words.board_is_bye, board=board)
    if kind == SWAP:
        boards[board - 1] = (first[1], first[0])
        return boards, f"colours swapped on {noun} {board}: {first[0]}-{first[1]} becomes {first[1]}-{first[0]}"
    second = _board(boards, other_board, words)
    if second == first or second[1] == PAB:
        raise ChangeError(words.two_boards)
    boards[board - 1], boards[other_board - 1] = (first[0], second[1]), (second[0], first[1])
    return boards, (f"opponents exchanged between {words.boards} {board} and {other_board}: {first[0]}-{first[1]} and "
                    f"{second[0]}-{second[1]} become {first[0]}-{second[1]} and {second[0]}-{first[1]}")


def _holder(boards: list[Board]) -> int | None:
    """Who has the pairing-allocated bye."""
    return next((white for white, black in boards if black == PAB), None)


def _pair(boards: list[Board], player: int | None, other: int | None, words: ChangeWords) -> tuple[list[Board], str]:
    """Two players without a board (or one of them the PAB holder) paired, ``player`` with White."""
    if player is None or other is None or player == other:
        raise ChangeError(words.two_to_pair)
    holder = _holder(boards)
    seated = {n for b in boards for n in b if n != PAB}
    for number in (player, other):
        if number in seated and number != holder:
            raise ChangeError(words.on_board, number=number)
    boards = [b for b in boards if b[0] not in (player, other) or b[1] != PAB] + [(player, other)]
    return boards, f"{player} (white) paired with {other} (black)"


def _give_bye(boards: list[Board], player: int | None, words: ChangeWords) -> tuple[list[Board], str]:
    """The PAB given to ``player``; his opponent, if he had one, meets the former holder instead (with
    the colour ``player`` had), or is left unpaired."""
    if player is None:
        raise ChangeError(words.choose_bye)
    holder = _holder(boards)
    if player == holder:
        raise ChangeError(words.has_bye, number=player)
    left = next((b for b in boards if player in b and b[1] != PAB), None)
    boards = [b for b in boards if b != left and b[1] != PAB]
    said = f"the pairing-allocated bye given to {player}"
    opponent = None if left is None else left[1] if left[0] == player else left[0]
    if opponent and holder:
        boards.append((holder, opponent) if left[0] == player else (opponent, holder))
        said += f"; {holder} (who had it) meets {opponent} instead"
    elif opponent:
        said += f"; {opponent} is not paired"
    elif holder:
        said += f"; {holder} (who had it) is not paired"
    return [*boards, (player, PAB)], said
