"""The API's options schemas of every game, built from the engine's declaration of its options
(rules/*/options.py `OPTIONS`): what openapi.json's components hold, a test keeping them equal.

Each game has `<Game>OptionsRequest` (as a session's start takes them, each optional) and
`<Game>Options` (as answered, every default filled in); Seep's rules of play also make the
move checker's `RuleOptionsRequest`. Fifty-six's and Casino's options are named schemas of
their own that other shapes share (`Teaming` …); Seep's are written out where they are used.
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

from ..rules import GAMES
from ..rules.options import Option, Value
from ..rules.seep.options import RULES

Schema = dict[str, Any]

# The schemas' names: each game's prefix, and the named schema of each option that has one.
PREFIXES = {"seep": "Seep", "fifty-six": "FiftySix", "casino": "Casino"}
NAMED = {
    "fifty-six": {
        "teams": "Teaming",
        "doubling": "Doubling",
        "tables": "StartingTables",
        "first_dealer": "FirstDealer",
        "games": "FiftySixGames",
        "deals": "FiftySixDeals",
    },
    "casino": {
        "variant": "Variant",
        "aces": "CasinoAces",
        "games": "CasinoGames",
        "deals": "CasinoDeals",
    },
}
ON_OFF: tuple[Value, ...] = ("off", "on")  # the shared `OnOff`, described where it is used
# What a start's options are, as a whole (the engine's defaults, in words).
REQUESTS = {
    "seep": "Match and play options; those left out take the defaults of rules/seep.md. An "
    "unknown option or value answers 400.",
    "fifty-six": "Fifty-six's options; those left out take the defaults of rules/fifty-six.md "
    "(sides, multiply, 12 tables, seat 0 deals first, game after game, no number of deals). An "
    "unknown option or value answers 400.",
    "casino": "Casino's options; those left out take the defaults of rules/casino.md (classic, "
    "aces `choice`, sweeps off, no counting out, no partnerships, not a tournament round, no "
    "number of deals). An unknown option or value answers 400.",
}
ANSWERED = "The session's options, every default filled in."


def option_schemas() -> dict[str, Schema]:
    """Every options schema of openapi.json's components, by name."""
    schemas: dict[str, Schema] = {"OnOff": {"type": "string", "enum": list(ON_OFF)}}
    for name, game in GAMES.items():
        prefix, named = PREFIXES[name], NAMED.get(name)
        if named is None:
            schemas[f"{prefix}OptionsRequest"] = _inline(game.options, REQUESTS[name], True)
            schemas[f"{prefix}Options"] = _answered(_inline(game.options, ANSWERED, False))
            continue
        schemas |= {
            named[o.name]: _value(o) | {"description": o.doc}
            for o in game.options
            if o.name in named
        }
        request = {o.name: _referred(o, named, True) for o in game.options}
        schemas[f"{prefix}OptionsRequest"] = _object(request, REQUESTS[name], True)
        answered = {o.name: _referred(o, named, False) for o in game.options}
        schemas[f"{prefix}Options"] = _answered(_object(answered, ANSWERED, False))
    # The move checker's position: Seep's rules of play, undescribed.
    schemas["RuleOptionsRequest"] = _object({o.name: _value(o) for o in RULES}, None, True)
    return schemas


def _value(option: Option) -> Schema:
    """The JSON schema of an option's values: its choices, or its range of whole numbers (null
    too when that is its default: open-ended)."""
    if not option.choices:
        whole: Any = "integer" if option.default is not None else ["integer", "null"]
        return {"type": whole, "minimum": option.low, "maximum": option.high}
    kinds = {"integer" if isinstance(v, int) else "string" for v in option.choices if v is not None}
    kind: Any = kinds.pop()
    if None in option.choices:
        kind = [kind, "null"]
    return {"type": kind, "enum": list(option.choices)}


def _referred(option: Option, named: dict[str, str], requested: bool) -> Schema:
    """An option as a reference to its named schema (or to `OnOff`, described here), with its
    default when requested."""
    default = {"default": option.default} if requested else {}
    if option.name in named:
        return {"$ref": f"#/components/schemas/{named[option.name]}"} | default
    assert option.choices == ON_OFF, f"{option.name} has no named schema"
    described = {"description": option.doc} if requested else {}
    return {"$ref": "#/components/schemas/OnOff"} | default | described


def _inline(options: Iterable[Option], description: str, requested: bool) -> Schema:
    """Options written out in place, each described when requested."""
    properties = {
        o.name: _value(o) | ({"description": o.doc} if requested else {}) for o in options
    }
    return _object(properties, description, requested)


def _object(properties: Schema, description: str | None, requested: bool) -> Schema:
    """An object of exactly these options: null too when requested (every option left out)."""
    schema: Schema = {
        "type": ["object", "null"] if requested else "object",
        "properties": properties,
        "additionalProperties": False,
    }
    return schema | ({"description": description} if description else {})


def _answered(schema: Schema) -> Schema:
    """Options as answered: every one is there (listed before the description, as written)."""
    described = {"description": schema.pop("description")} if "description" in schema else {}
    return schema | {"required": list(schema["properties"])} | described
