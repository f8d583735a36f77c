"""Werkzeug's own descriptions of the HTTP errors, in the reader's language.

An error raised without a description of ours (an unknown address, a method the address does not
take) carries Werkzeug's English sentence; the same sentence is a msgid here, so it is translated
when shown. A description of ours (`abort(403, description=gettext(...))`) is translated already.
"""

from __future__ import annotations

from werkzeug import exceptions as http

from . import lazy_gettext

# Werkzeug's sentences, word for word: the English answers stay as they were.
DESCRIPTIONS = {
    http.BadRequest: lazy_gettext(
        "The browser (or proxy) sent a request that this server could not understand."
    ),
    http.Unauthorized: lazy_gettext(
        "The server could not verify that you are authorized to access the URL requested. You "
        "either supplied the wrong credentials (e.g. a bad password), or your browser doesn't "
        "understand how to supply the credentials required."
    ),
    http.Forbidden: lazy_gettext(
        "You don't have the permission to access the requested resource. It is either "
        "read-protected or not readable by the server."
    ),
    http.NotFound: lazy_gettext(
        "The requested URL was not found on the server. If you entered the URL manually please "
        "check your spelling and try again."
    ),
    http.MethodNotAllowed: lazy_gettext("The method is not allowed for the requested URL."),
    http.RequestTimeout: lazy_gettext(
        "The server closed the network connection because the browser didn't finish the request "
        "within the specified time."
    ),
    http.RequestURITooLarge: lazy_gettext(
        "The length of the requested URL exceeds the capacity limit for this server. The request "
        "cannot be processed."
    ),
    http.UnsupportedMediaType: lazy_gettext(
        "The server does not support the media type transmitted in the request."
    ),
    http.UnprocessableEntity: lazy_gettext(
        "The request was well-formed but was unable to be followed due to semantic errors."
    ),
    http.TooManyRequests: lazy_gettext(
        "This user has exceeded an allotted request count. Try again later."
    ),
    http.RequestHeaderFieldsTooLarge: lazy_gettext(
        "One or more header fields exceeds the maximum size."
    ),
}


def described(error: http.HTTPException) -> str | None:
    """The error's description in the reader's language (None if it has none)."""
    for kind in type(error).__mro__:
        said = DESCRIPTIONS.get(kind)
        if said is not None and error.description == getattr(kind, "description", None):
            return str(said)
    return error.description
