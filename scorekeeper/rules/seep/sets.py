"""Seep's set arithmetic is the shared one (rules/sets.py): a card's value is its rank."""

from __future__ import annotations

from ..sets import has_subset_sum, splits_into, values_key

__all__ = ["has_subset_sum", "splits_into", "values_key"]
