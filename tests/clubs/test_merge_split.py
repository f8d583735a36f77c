"""Merging two names of one person, only once the keeper has chosen both and seen what the merge
will do; and splitting them again at any later time (issue 21)."""

from __future__ import annotations

import html
import re
from pathlib import Path
from typing import Any

from flask import Flask
from flask.testing import FlaskClient

from scorekeeper import create_app
from tests.helpers.backup import export, import_into
from tests.helpers.casino_forms import deal as casino_deal
from tests.helpers.club_pages import history, player_ids, problems
from tests.helpers.pages import FORMS, flash_texts, keeper_link, start_in_club


def merge(client: FlaskClient, club_id: str, gone: int, kept: int) -> str:
    """Merge through the form and its confirm step; the page after."""
    return client.post(
        f"/c/{club_id}/merge", data={"other": gone, "keep": kept}, follow_redirects=True
    ).get_data(as_text=True)


def casino_players(client: FlaskClient, club_id: str) -> list[str]:
    """The players of the club's Casino statistics."""
    stats = client.get(f"/api/v1/clubs/{club_id}/stats").get_json()
    return sorted(row["name"] for row in stats["games"]["casino"]["players"])


def test_the_merge_form_chooses_nobody_until_the_keeper_does(
    client: FlaskClient, evening: dict[str, Any]
) -> None:
    page = client.get(f"/c/{evening['club']}").get_data(as_text=True)
    form = re.search(r'data-testid="merge-form">(.*?)</form>', page, re.S)
    assert form
    selects = re.findall(r"<select[^>]*>(.*?)</select>", form.group(1), re.S)
    assert len(selects) == 2
    for options in selects:  # each one's chosen option is the empty "Choose a player"
        assert re.findall(r'<option value="([^"]*)" selected', options) == [""]
        assert "<option" in options and "Choose a player" in options
    assert form.group(1).count("required") == 2


def test_the_confirm_step_names_both_and_says_what_happens(
    app: Flask, client: FlaskClient, evening: dict[str, Any]
) -> None:
    ids = player_ids(app, evening["club"])
    asked = client.get(f"/c/{evening['club']}/merge?other={ids['raj']}&keep={ids['Ravi']}")
    assert asked.status_code == 200
    page = html.unescape(asked.get_data(as_text=True))
    assert "Merge raj into Ravi?" in page
    assert "raj's 1 session becomes Ravi's, and the name raj leaves the club's lists." in page
    assert f'name="other" value="{ids["raj"]}"' in page
    assert f'name="keep" value="{ids["Ravi"]}"' in page
    assert player_ids(app, evening["club"]) == ids  # asking changes nothing
    # Nothing chosen, or a pair that sat at one table: said on the club page, nothing merged.
    for query, message in [
        (f"other=&keep={ids['Ravi']}", "Choose two players of this club."),
        (
            f"other={ids['Asha']}&keep={ids['Ravi']}",
            "Ravi and Asha played in the same session: they are two people.",
        ),
    ]:
        refused = client.get(f"/c/{evening['club']}/merge?{query}")
        assert refused.status_code == 400
        assert problems(refused.get_data(as_text=True)) == [message]
    # Only the keeper asks.
    stranger = app.test_client().get(f"/c/{evening['club']}/merge?{query}")
    assert stranger.status_code == 403


def test_the_merge_message_can_undo_it(
    app: Flask, client: FlaskClient, evening: dict[str, Any]
) -> None:
    ids = player_ids(app, evening["club"])
    page = merge(client, evening["club"], ids["raj"], ids["Ravi"])
    assert flash_texts(page) == ["raj and Ravi are one player now (1 session moved)."]
    undo = re.search(r'action="([^"]*/split)"', page)
    assert undo
    split = client.post(html.unescape(undo.group(1)), follow_redirects=True)
    assert flash_texts(split.get_data(as_text=True)) == ["Ravi and raj are two players again."]
    assert player_ids(app, evening["club"]) == ids  # raj is raj again, under the same id
    # Sent twice: nothing is split.
    twice = client.post(html.unescape(undo.group(1)))
    assert twice.status_code == 400
    assert problems(twice.get_data(as_text=True)) == [
        "That name is not merged into another player."
    ]


def test_a_merge_is_split_at_any_later_time(
    app: Flask, client: FlaskClient, evening: dict[str, Any]
) -> None:
    """Merged, then more sessions under both names and a rename: the keeper's tools split
    them later, and each has their own sessions and statistics back."""
    club = evening["club"]
    ids = player_ids(app, club)
    client.post(f"/s/{evening['casino']}/deals/new", data=casino_deal(1))
    merge(client, club, ids["raj"], ids["Ravi"])
    assert casino_players(client, club) == ["Asha", "Ravi"]
    # Later: "raj" typed at a new table is Ravi's seat now; Ravi is renamed.
    later = start_in_club(client, "casino", FORMS["casino"] | {"b1": "RAJ"})
    client.post(f"/s/{later}/deals/new", data=casino_deal(1))
    client.post(f"/c/{club}/players/{ids['Ravi']}/rename", data={"name": "Ravi K"})
    assert set(player_ids(app, club)) == {"Asha", "Ravi K", "Meena", "Dev"}
    both = history(client, club, f"?player={ids['Ravi']}")
    assert both == [later, evening["casino"], evening["seep"]]
    # The keeper's tools list the merged name, with a split.
    page = client.get(f"/c/{club}").get_data(as_text=True)
    tools = re.search(r'data-testid="merged-names">(.*?)</ul>', page, re.S)
    assert tools and "raj, merged into Ravi K" in html.unescape(tools.group(1))
    split = client.post(f"/c/{club}/players/{ids['raj']}/split", follow_redirects=True)
    assert flash_texts(split.get_data(as_text=True)) == ["Ravi K and raj are two players again."]
    assert player_ids(app, club) == {
        "Asha": ids["Asha"],
        "Ravi K": ids["Ravi"],
        "Meena": ids["Meena"],
        "Dev": ids["Dev"],
        "raj": ids["raj"],
    }
    assert history(client, club, f"?player={ids['raj']}") == [later, evening["casino"]]
    assert history(client, club, f"?player={ids['Ravi']}") == [evening["seep"]]
    assert casino_players(client, club) == ["Asha", "raj"]
    board = client.get(f"/s/{evening['casino']}").get_data(as_text=True)
    assert "raj" in board and "Ravi K" not in board


def test_the_players_page_splits_a_merge_too(
    app: Flask, client: FlaskClient, evening: dict[str, Any]
) -> None:
    club = evening["club"]
    ids = player_ids(app, club)
    merge(client, club, ids["raj"], ids["Ravi"])
    page = html.unescape(client.get(f"/c/{club}/players/{ids['Ravi']}").get_data(as_text=True))
    assert "Also played as: raj" in page
    assert f'action="/c/{club}/players/{ids["raj"]}/split"' in page
    # A watcher sees the name, not the button.
    watcher = app.test_client().get(f"/c/{club}/players/{ids['Ravi']}").get_data(as_text=True)
    assert "Also played as: raj" in html.unescape(watcher) and "/split" not in watcher


def test_a_split_of_a_name_taken_since_is_refused(
    app: Flask, client: FlaskClient, evening: dict[str, Any]
) -> None:
    club = evening["club"]
    ids = player_ids(app, club)
    merge(client, club, ids["raj"], ids["Ravi"])
    client.post(f"/c/{club}/players/{ids['Ravi']}/rename", data={"name": "Raj"})
    refused = client.post(f"/c/{club}/players/{ids['raj']}/split")
    assert refused.status_code == 400
    assert problems(refused.get_data(as_text=True)) == [
        "Raj is a player of this club already: rename them to split raj off."
    ]


def test_a_backup_keeps_the_merge_to_split_after_a_restore(
    app: Flask, client: FlaskClient, evening: dict[str, Any], tmp_path: Path
) -> None:
    club = evening["club"]
    ids = player_ids(app, club)
    merge(client, club, ids["raj"], ids["Ravi"])
    document = export(app, tmp_path / "backup.json")
    players = {p["name"]: p["merged_into"] for c in document["clubs"] for p in c["players"]}
    assert players["raj"] == ids["Ravi"] and players["Ravi"] is None
    url = f"sqlite:///{tmp_path / 'restored.sqlite'}"
    restored = create_app(
        {"TESTING": True, "SECRET_KEY": "test", "SQLALCHEMY_DATABASE_URI": url}
        | {"WTF_CSRF_ENABLED": False}
    )
    assert import_into(restored, tmp_path / "backup.json").exit_code == 0
    other = restored.test_client()
    assert set(player_ids(restored, club)) == {"Asha", "Ravi", "Meena", "Dev"}
    other.post(f"/c/{club}/key", data={"key": keeper_link(client, club)})
    split = other.post(f"/c/{club}/players/{ids['raj']}/split", follow_redirects=True)
    assert "Ravi and raj are two players again." in flash_texts(split.get_data(as_text=True))
    assert history(other, club, f"?player={ids['raj']}") == [evening["casino"]]
