"""Exceptions raised by the pairing engine."""


class EngineError(Exception):
    """Base class of every error the engine reports to its caller."""


class TrfError(EngineError):
    """A TRF file that cannot be read: the message names the line and column."""

    def __init__(self, message: str, line: int | None = None, column: int | None = None):
        self.line = line
        self.column = column
        where = ""
        if line is not None:
            where = f"line {line}"
            if column is not None:
                where += f", column {column}"
            where += ": "
        super().__init__(where + message)


class NoValidPairing(EngineError):
    """No pairing satisfies the absolute criteria (C.04.3 A.9: the arbiter decides)."""
