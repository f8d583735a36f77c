"""Fifty-six: the pack, the auction, trick play and table transfers (rules/fifty-six.md)."""
