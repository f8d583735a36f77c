"""Links on a page, for the crawls that prove none carries a bidirectional control character
(an isolate in an `href` is part of the address: `/s/%E2%81%A8/c/…%E2%81%A9`, a 404)."""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from html.parser import HTMLParser
from urllib.parse import unquote

# Every bidirectional control: the Arabic letter mark, LRM and RLM, the embeddings and
# overrides, the isolates.
CONTROLS = re.compile("[\u061c\u200e\u200f\u202a-\u202e\u2066-\u2069]")
# Attributes whose whole value is an address.
ADDRESSES = {"href", "src", "srcset", "action", "formaction", "poster", "cite", "xlink:href"}
# Within any other value a script reads (data-*, a copy box's value): each run of non-space
# characters with a slash in it, an isolate beside it included.
PATHLIKE = re.compile(r"[^\s\"',;]*/[^\s\"',;]*")


def marked(value: str) -> bool:
    """Whether `value` carries a bidirectional control character (percent-encoded too)."""
    return CONTROLS.search(unquote(value)) is not None


def marked_paths(value: str) -> list[str]:
    """The paths and URLs inside `value` that carry a control character."""
    return [path for path in PATHLIKE.findall(value) if marked(path)]


def attribute_problems(tag: str, name: str, value: str) -> list[str]:
    """What is wrong with one attribute: an address (or a path in a script's data) marked."""
    if name in ADDRESSES or (tag == "meta" and name == "content" and "url=" in value.lower()):
        return [f"<{tag} {name}={value!r}>"] if marked(value) else []
    if name.startswith("data-") or (tag == "input" and name == "value"):
        return [f"<{tag} {name}=…{path!r}…>" for path in marked_paths(value)]
    return []


class _Attributes(HTMLParser):
    """Collects what is wrong with each attribute of a page."""

    def __init__(self) -> None:
        super().__init__(convert_charrefs=True)
        self.problems: list[str] = []

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        for name, value in attrs:
            self.problems += attribute_problems(tag, name, value or "")


def page_problems(html: str) -> list[str]:
    """Every attribute of the page that carries a control character in a link."""
    parser = _Attributes()
    parser.feed(html)
    parser.close()
    return parser.problems


@dataclass
class Form:
    """A form as a browser would send it untouched: its method, action and fields, and each way
    of sending it (a submit button's own name, value and formaction)."""

    method: str
    action: str
    fields: list[tuple[str, str]] = field(default_factory=list)
    submits: list[tuple[str | None, str, str | None]] = field(default_factory=list)

    def sent(self) -> list[tuple[str, list[tuple[str, str]]]]:
        """Each (action, fields) a tap on one of its submit buttons sends."""
        taps = self.submits or [(None, "", None)]
        return [
            (formaction or self.action, self.fields + ([(name, value)] if name else []))
            for name, value, formaction in taps
        ]


class _Forms(HTMLParser):
    """Collects a page's forms and the fields each sends as it stands."""

    def __init__(self) -> None:
        super().__init__(convert_charrefs=True)
        self.forms: list[Form] = []
        self.form: Form | None = None
        self.select: str | None = None
        self.options: list[tuple[str, bool]] = []
        self.textarea: str | None = None

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        a = {name: value or "" for name, value in attrs}
        if tag == "form":
            self.form = Form(a.get("method", "get").lower(), a.get("action", ""))
            self.forms.append(self.form)
        elif self.form is None or "disabled" in a:
            return
        elif tag == "input":
            self._input(a)
        elif tag == "button" and a.get("type", "submit") == "submit":
            self.form.submits.append((a.get("name"), a.get("value", ""), a.get("formaction")))
        elif tag == "select":
            self.select, self.options = a.get("name"), []
        elif tag == "option" and self.select is not None:
            self.options.append((a.get("value", ""), "selected" in a))
        elif tag == "textarea":
            self.textarea = a.get("name")
            self.form.fields.append((self.textarea or "", ""))

    def _input(self, a: dict[str, str]) -> None:
        assert self.form is not None
        kind, name = a.get("type", "text"), a.get("name")
        if kind in ("submit", "image"):
            self.form.submits.append((name, a.get("value", ""), a.get("formaction")))
        elif name and kind not in ("button", "reset", "file", "radio", "checkbox"):
            self.form.fields.append((name, a.get("value", "")))
        elif name and kind in ("radio", "checkbox") and "checked" in a:
            self.form.fields.append((name, a.get("value", "on")))

    def handle_data(self, data: str) -> None:
        if self.form is not None and self.textarea is not None:
            name, value = self.form.fields[-1]
            self.form.fields[-1] = (name, value + data)

    def handle_endtag(self, tag: str) -> None:
        if tag == "form":
            self.form = None
        elif tag == "textarea":
            self.textarea = None
        elif tag == "select" and self.select is not None and self.form is not None:
            chosen = [value for value, selected in self.options if selected] or [
                value for value, _ in self.options[:1]
            ]
            self.form.fields += [(self.select, value) for value in chosen]
            self.select = None


def forms(html: str) -> list[Form]:
    """The page's forms, as a browser would send them untouched."""
    parser = _Forms()
    parser.feed(html)
    parser.close()
    return parser.forms
