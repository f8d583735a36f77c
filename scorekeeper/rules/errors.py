"""Errors the rules engine raises: bad input is not the same as an illegal move."""


class InvalidInput(ValueError):
    """Input that cannot be read: an unknown card, a card twice, a missing field."""

    def __init__(self, code: str, message: str, **facts: object) -> None:
        super().__init__(message)
        self.code = code
        self.message = message  # a plain English fallback; the web layer may say it better
        self.facts = facts  # what went wrong as data (a side's number, its counts), for the words
