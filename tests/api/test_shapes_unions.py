"""The glue that writes a union as the document does (oneOf of $refs, not pydantic's anyOf) and
a nameless shape in place (not by $ref to a schema the document does not have)."""

from __future__ import annotations

from scorekeeper.api.shapes.answered_deals import SeepDeal
from scorekeeper.api.shapes.sessions import Session, SessionChanges
from scorekeeper.api.shapes.writing import SCHEMAS, document_schema


def test_a_union_is_a_one_of_its_members_refs_in_order() -> None:
    members = ["SeepSession", "FiftySixSession", "CasinoSession"]
    assert document_schema(Session) == {"oneOf": [{"$ref": SCHEMAS + m} for m in members]}
    assert document_schema(SessionChanges)["oneOf"][2] == {"$ref": SCHEMAS + "CasinoSessionChanges"}


def test_an_inlined_shape_is_written_in_place() -> None:
    sweep = document_schema(SeepDeal)["properties"]["sweeps"]["items"]
    assert "$ref" not in sweep
    assert sweep["type"] == "object" and sweep["additionalProperties"] is False
    assert sweep["required"] == ["team", "when"]
    assert sweep["properties"]["when"] == {"type": "string", "enum": ["opening", "play", "last"]}
