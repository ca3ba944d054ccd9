"""What the app accepts, in one place: the imports check these limits and their pages state them.

A text field's limit is its model column (``max_length``), read from the model where it is needed.
No Django import here: the settings read ``MAX_FILE_BYTES``.
"""

#: Players of a tournament: TRF pairing numbers have four digits.
MAX_PLAYERS = 9999
#: Rounds of a tournament (``Tournament.rounds``): Swiss opens have 15 or fewer, a season's weekly
#: ladder fits in 99, and the crosstable of 99 rounds still opens in a browser.
MAX_ROUNDS = 99
#: An imported file, TRF or CSV: the largest tournament the other limits let in, 9999 players of
#: 12 rounds, takes 2.1 MB in TRF; a CSV of 9999 players, under 1 MB.
MAX_FILE_BYTES = 3 * 1024 * 1024
#: Round results in an imported TRF file (players x rounds played): 5000 players of 24 rounds, 9999 of 12.
#: Their import takes a few seconds (``manage.py bench_import``); 4500 players of 99 rounds, which the file
#: size allows, would take half a minute.
MAX_ROUND_RESULTS = 120_000
#: Pairs of players kept apart (XXP / 260; a group of n players is n(n-1)/2 pairs).
MAX_FORBIDDEN_PAIRS = 100_000
#: The time the engine may take to pair one round (``Tournament.pairing_time_limit``, seconds): ten
#: minutes by default, set per tournament between these bounds.  The longest bound also decides when
#: Redis hands the task of a dead worker to another (config/settings.py): never while it may still run.
PAIRING_TIME_LIMIT = 10 * 60
MIN_PAIRING_TIME_LIMIT = 10
MAX_PAIRING_TIME_LIMIT = 60 * 60
#: Problems listed on the page when a file is refused (the rest are counted).
MAX_LISTED_PROBLEMS = 50


def listed(problems: list[str], more: str = "and {count} more problems") -> list[str]:
    """The first problems of a refused file, then how many more there are (``more``, translated by
    the caller)."""
    if len(problems) <= MAX_LISTED_PROBLEMS:
        return problems
    return [*problems[:MAX_LISTED_PROBLEMS], more.format(count=len(problems) - MAX_LISTED_PROBLEMS)]
#: A FIDE rating list uploaded or read from a zip: FIDE's whole XML list is some 500 MB unpacked.
MAX_RATING_LIST_BYTES = 1024 * 1024 * 1024
