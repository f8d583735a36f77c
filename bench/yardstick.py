"""The yardstick every bench's ratio is taken against: a bare Flask page.

Its one view returns a fixed string, so a request costs Flask's own routing and response and
nothing else. (The yardstick used to call `render_template_string`, which compiles its template
on every request: that made it about eight times slower than a bare page, and every ratio about
eight times kinder; issue 34.)
"""

from __future__ import annotations

from flask import Flask

PAGE = "<!doctype html><title>ok</title><p>ok</p>"
# For gunicorn (`bench.load.gunicorn`), which takes an app as "module:expression".
BARE_APP = "bench.yardstick:bare_app()"


def bare_app() -> Flask:
    """The yardstick: a Flask app whose one page, /, is a small fixed string."""
    app = Flask("bare")

    @app.get("/")
    def page() -> str:
        return PAGE

    return app
