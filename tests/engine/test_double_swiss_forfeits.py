"""C.04.5 Preface: "A match ends by forfeit only if at least one player forfeits both games ... In
all other cases, the match is considered as regularly played and, for the purposes of tie-breaks
and standings, any forfeited (single) game shall be treated as played." (``forfeits_as_played``)"""

from pairing.engine import PlayerRecord, RoundEntry, TrfDocument, forfeits_as_played, score


def document(first: tuple[str, str], second: tuple[str, str]) -> TrfDocument:
    """Player 1 (White in game 1) against player 2 in match 1; player 3 has the PAB."""
    return TrfDocument(total_rounds=2, players={
        1: PlayerRecord(1, rounds=[RoundEntry(2, "w", first[0]), RoundEntry(2, "b", second[0])]),
        2: PlayerRecord(2, rounds=[RoundEntry(1, "b", first[1]), RoundEntry(1, "w", second[1])]),
        3: PlayerRecord(3, rounds=[RoundEntry(None, None, "U"), RoundEntry(None, None, "H")])})


def codes(doc: TrfDocument, number: int) -> list[str]:
    return [entry.code for entry in doc.players[number].rounds]


def test_a_single_forfeit_of_a_regular_match_reads_as_a_played_game():
    # game 1 forfeited by player 2, game 2 played (a draw): a regular match
    doc = document(("+", "-"), ("=", "="))
    read = forfeits_as_played(doc)
    assert codes(read, 1) == ["1", "="] and codes(read, 2) == ["0", "="]
    assert all(entry.played for entry in read.players[1].rounds)
    # the points do not change, nor the document read
    assert [score(read, read.players[n], 2) for n in (1, 2)] == [score(doc, doc.players[n], 2) for n in (1, 2)]
    assert codes(doc, 1) == ["+", "="]
    assert codes(read, 3) == ["U", "H"]  # the PAB stays a bye


def test_a_match_ended_by_forfeit_keeps_its_forfeits():
    # player 2 forfeits both games: the match ends by forfeit, no meeting, unplayed for tie-breaks
    doc = document(("+", "-"), ("+", "-"))
    read = forfeits_as_played(doc)
    assert codes(read, 1) == ["+", "+"] and codes(read, 2) == ["-", "-"]


def test_a_double_forfeit_in_one_game_of_a_regular_match_is_a_game_lost_by_both():
    doc = document(("-", "-"), ("1", "0"))
    assert codes(forfeits_as_played(doc), 1) == ["0", "1"]
    assert codes(forfeits_as_played(doc), 2) == ["0", "0"]
