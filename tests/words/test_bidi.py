"""Right-to-left sentences isolate what they name (scorekeeper/words/bidi.py): a name or a card
filled into an Urdu sentence keeps its own direction; in an English sentence only a name in a
right-to-left script is isolated."""

from __future__ import annotations

import pytest
from flask import Flask, render_template_string
from markupsafe import Markup

from scorekeeper.words import gettext, ngettext

FSI, PDI = "\u2068", "\u2069"


@pytest.mark.parametrize(
    ("lang", "marks"), [("ur", (FSI, PDI)), ("en", ("", "")), ("hi", ("", ""))]
)
def test_python_sentences_isolate_names_on_rtl_pages(
    app: Flask, lang: str, marks: tuple[str, str]
) -> None:
    with app.test_request_context(headers={"Accept-Language": lang}):
        start, end = marks
        said = gettext("%(who)s played %(card)s.", who="Asha", card="A♠")
        assert said == f"{start}Asha{end} played {start}A♠{end}."
        # A number in %(num)d stays a number (an isolate would not format as %d).
        counted = ngettext("%(num)d deal by %(who)s", "%(num)d deals by %(who)s", 3, who="Dev")
        assert counted == f"3 deals by {start}Dev{end}"


@pytest.mark.parametrize("lang", ["en", "hi"])
def test_a_right_to_left_name_is_isolated_on_a_left_to_right_page(app: Flask, lang: str) -> None:
    with app.test_request_context(headers={"Accept-Language": lang}):
        # Unisolated, "شیر دل" would take the 0 after it into its own run: "0 :شیر دل".
        said = gettext("%(who)s played %(card)s.", who="شیر دل", card="A♠")
        assert said.startswith(f"{FSI}شیر دل{PDI} ") and f"{FSI}A♠" not in said
        page = render_template_string('{{ _("Swap %(gone)s for %(kept)s?", gone=a, kept=b) }}',
                                      a="دیو", b="Asha")  # fmt: skip
        assert page.startswith(f"Swap {FSI}دیو{PDI} for Asha")


def test_template_sentences_isolate_and_escape_once(app: Flask) -> None:
    source = (
        # Messages no catalog has, so the English is what any language shows.
        '{{ _("Swap %(gone)s for %(kept)s?", gone=gone, kept=kept) }}|'
        "{% trans who=who %}{{ who }} shuffles{% endtrans %}|"
        '{{ ngettext("%(num)d point", "%(num)d points", 2) }}'
    )
    names = {"gone": "A&B", "kept": Markup("<b>Dev</b>"), "who": "<i>"}
    with app.test_request_context(headers={"Accept-Language": "ur"}):
        page = render_template_string(source, **names)
    assert (
        page
        == f"Swap {FSI}A&amp;B{PDI} for {FSI}<b>Dev</b>{PDI}?|{FSI}&lt;i&gt;{PDI} shuffles|2 points"
    )
    with app.test_request_context(headers={"Accept-Language": "en"}):
        page = render_template_string(source, **names)
    assert page == "Swap A&amp;B for <b>Dev</b>?|&lt;i&gt; shuffles|2 points"


def test_a_link_in_a_sentence_is_never_isolated(app: Flask) -> None:
    # Issue 33: an Urdu scoreboard's club link went to /s/%E2%81%A8/c/<id>%E2%81%A9, a 404.
    source = (
        '{% trans url="/c/abc", club="Thursday" %}In <a href="{{ url }}">{{ club }}</a>.'
        "{% endtrans %}|"
        '{{ _("Open %(link)s, %(who)s", link="https://example.org/s/x#key=k", who="Dev") }}'
    )
    with app.test_request_context(headers={"Accept-Language": "ur"}):
        page = render_template_string(source)
        said = gettext("Show %(url)s to %(who)s", url="/s/abc", who="Asha")
        # Inside a tag a value is an attribute, whatever it holds.
        tagged = gettext('<a title="%(who)s">%(who)s</a>', who="Asha")
    assert page == (
        f'In <a href="/c/abc">{FSI}Thursday{PDI}</a>.|'
        f"Open https://example.org/s/x#key=k, {FSI}Dev{PDI}"
    )
    assert said == f"Show /s/abc to {FSI}Asha{PDI}"
    assert tagged == f'<a title="Asha">{FSI}Asha{PDI}</a>'


def test_a_value_written_with_r_is_isolated_quotes_and_all(app: Flask) -> None:
    with app.test_request_context(headers={"Accept-Language": "ur"}):
        said = gettext("No table called %(id)r here.", id="x1")  # in no catalog
    assert said == f"No table called {FSI}'x1'{PDI} here."  # not '\\u2068x1\\u2069'
