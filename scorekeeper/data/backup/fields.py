"""A backup's fields read and checked, each refusal a BackupError naming where it is."""

from __future__ import annotations

import re
from collections.abc import Mapping
from datetime import UTC, datetime
from typing import Any

from ..models import SESSION_ID
from .problems import BackupError, Place
from .writing import FORMAT, FORMAT_VERSION

TOKEN_HASH = re.compile(r"[0-9a-f]{64}")  # a keeper's or an edit token's SHA-256, in hex
THE_BACKUP = Place("the-backup")


def field(raw: Mapping[str, Any], name: str, kind: type | tuple[type, ...], where: Place) -> Any:
    """The field `name` of `raw`, of this kind; raise BackupError naming where it is."""
    if not isinstance(raw, Mapping) or name not in raw:
        raise BackupError("no-field", where=where, name=name)
    value = raw[name]
    wrong = isinstance(value, bool) and bool not in (kind if isinstance(kind, tuple) else (kind,))
    if wrong or not isinstance(value, kind):
        raise BackupError("wrong-field", where=where, name=name)
    return value


def at_least(raw: Mapping[str, Any], name: str, low: int, where: Place) -> int:
    """The whole number `name` of `raw`, never below `low` (a version, a serial id)."""
    value: int = field(raw, name, int, where)
    if value < low:
        raise BackupError("below-least", where=where, name=name, value=value, low=low)
    return value


def token_hash(raw: Mapping[str, Any], name: str, where: Place) -> str:
    """A token's hash as the database keeps it: no link would ever match another value."""
    value: str = field(raw, name, str, where)
    if not TOKEN_HASH.fullmatch(value):
        raise BackupError("not-token-hash", where=where, name=name)
    return value


def time_of(raw: Mapping[str, Any], name: str, where: Place, optional: bool = False) -> Any:
    """A time written by stamp(), as the database stores it (naive UTC)."""
    value = field(raw, name, (str, type(None)) if optional else str, where)
    if value is None:
        return None
    try:
        parsed = datetime.fromisoformat(value)
    except ValueError:
        raise BackupError("not-time", where=where, name=name, value=value[:40]) from None
    return parsed.astimezone(UTC).replace(tzinfo=None) if parsed.tzinfo else parsed


def an_id(raw: Mapping[str, Any], where: Place) -> str:
    """A club's or session's public id."""
    value = field(raw, "id", str, where)
    if not SESSION_ID.fullmatch(value):
        raise BackupError("not-id", where=where, value=value[:40])
    return str(value)


def check_header(raw: object, known_revisions: set[str]) -> Mapping[str, Any]:
    """The document, if it is a backup that this version can read: of a format it knows, from
    a database at one of `known_revisions` (the migrations this version of the app knows)."""
    if not isinstance(raw, dict) or raw.get("format") != FORMAT:
        raise BackupError("not-a-backup")
    version = field(raw, "format_version", int, THE_BACKUP)
    if version < 1:
        raise BackupError("format-never-was", version=version)
    if version > FORMAT_VERSION:
        raise BackupError("format-newer", version=version, newest=FORMAT_VERSION)
    schema = field(raw, "schema", str, THE_BACKUP)
    if schema not in known_revisions:
        raise BackupError("schema-newer", schema=schema)
    return raw
