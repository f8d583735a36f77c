"""The stream tier's refusals, written by the app: the API's JSON error shape and code, in the
language asked for, with Retry-After where the client should wait."""

from __future__ import annotations

import json

import pytest
from flask import Flask

from scorekeeper.streams.app import Refusal
from scorekeeper.web.stream_refusals import worded_by


@pytest.mark.parametrize(
    ("refusal", "code", "english"),
    [
        (Refusal(404, "not-found", "session", "abc"), "not-found", "There is no session 'abc'."),
        (Refusal(404, "not-found", "club", "abc"), "not-found", "There is no club 'abc'."),
        (Refusal(404, "not-found"), "not-found", None),
        (Refusal(405, "method-not-allowed"), "method-not-allowed", None),
        (Refusal(503, "unavailable", wait=2), "unavailable", None),
        (Refusal(429, "rate-limited", most=16, wait=5), "rate-limited", None),
    ],
)
def test_each_refusal_is_the_api_s_json_error_in_the_language_asked(
    app: Flask, refusal: Refusal, code: str, english: str | None
) -> None:
    worded = worded_by(app)
    said = json.loads(worded(refusal, "en"))
    assert said["error"] == code
    assert said["message"] == english or english is None
    assert said["message"] != json.loads(worded(refusal, "pt"))["message"]


def test_a_429_names_the_figure_and_when_to_try_again(app: Flask) -> None:
    message = json.loads(worded_by(app)(Refusal(429, "rate-limited", most=16, wait=5), "en"))
    assert "at most 16 at a time" in message["message"]
    assert "Try again in 5 seconds." in message["message"]
