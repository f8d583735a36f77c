"""The club's ratings (clubs/ratings.py, GET /api/v1/clubs/<id>/ratings): a small history
rated by hand with the Plackett–Luce update (Weng & Lin 2011, Algorithm 4, as openskill
applies it), then what the ratings are derived from: edits, merges, other clubs."""

from __future__ import annotations

import math
import re
from typing import Any

import pytest
from flask import Flask
from flask.testing import FlaskClient

from scorekeeper.data import players
from scorekeeper.data.extensions import db
from scorekeeper.data.models import Club
from tests.helpers import fifty_six
from tests.helpers.api import FOUR, add_deals, alone, new_club, new_session, played, put_deal
from tests.helpers.casino import SEVEN_FOUR
from tests.helpers.seep import deal

Json = dict[str, Any]
Rating = tuple[float, float]  # (mu, sigma)

# openskill's PlackettLuce defaults (checked below against the package's model).
MU, SIGMA, BETA, KAPPA, TAU = 25.0, 25 / 3, 25 / 6, 0.0001, 25 / 300
NEW = (MU, SIGMA)
# Seep, Lions (Asha, Ravi) against Tigers (Meena, Dev): 95 leaves Tigers 5, under 9 (M3):
# Lions' baazi; 5 is Lions' under 9: Tigers' baazi.
LIONS_THEN_TIGERS = [deal(95), deal(5)]


def by_hand(winners: list[Rating], losers: list[Rating]) -> tuple[list[Rating], list[Rating]]:
    """One game of two teams, `winners` ahead, by the formulas (no ties):

    - each sigma first grows by tau: sigma' = sqrt(sigma^2 + tau^2);
    - a team's mu_i is its players' mu summed, its sigma_i^2 their sigma'^2 summed;
    - c = sqrt(sigma_w^2 + sigma_l^2 + 2 beta^2);
    - p_w = e^(mu_w / c) / (e^(mu_w / c) + e^(mu_l / c)), p_l = 1 - p_w;
    - Omega_w = sigma_w^2 / c (1 - p_w), Omega_l = -sigma_l^2 / c p_l;
    - Delta_i = gamma_i sigma_i^2 / c^2 p_i (1 - p_i), with gamma_i = sigma_i / c;
    - each player j of team i: mu_j += sigma_j^2 / sigma_i^2 Omega_i,
      sigma_j *= sqrt(max(1 - sigma_j^2 / sigma_i^2 Delta_i, kappa)).
    """
    teams = [[(mu, math.sqrt(s * s + TAU * TAU)) for mu, s in team] for team in (winners, losers)]
    mus = [sum(mu for mu, _ in team) for team in teams]
    variances = [sum(s * s for _, s in team) for team in teams]
    c = math.sqrt(sum(variances) + 2 * BETA * BETA)
    p_win = math.exp(mus[0] / c) / (math.exp(mus[0] / c) + math.exp(mus[1] / c))
    chances = [p_win, 1 - p_win]
    omegas = [variances[0] / c * (1 - p_win), -variances[1] / c * chances[1]]
    after = []
    for team, variance, omega, p in zip(teams, variances, omegas, chances, strict=True):
        delta = math.sqrt(variance) / c * variance / c**2 * p * (1 - p)
        after.append(
            [
                (
                    mu + s * s / variance * omega,
                    s * math.sqrt(max(1 - s * s / variance * delta, KAPPA)),
                )
                for mu, s in team
            ]
        )
    return after[0], after[1]


def chance(first: list[Rating], second: list[Rating]) -> float:
    """The first team's chance against the second: Phi((mu_1 - mu_2) / sqrt(2 beta^2 +
    sigma_1^2 + sigma_2^2)), each team's mu and sigma^2 its players' summed."""
    mu = sum(m for m, _ in first) - sum(m for m, _ in second)
    spread = math.sqrt(2 * BETA**2 + sum(s * s for _, s in first + second))
    return 0.5 * (1 + math.erf(mu / spread / math.sqrt(2)))


def ratings(client: FlaskClient, club_id: str, game: str = "seep", teams: str = "") -> Json:
    query = {"game": game} | ({"teams": teams} if teams else {})
    response = client.get(f"/api/v1/clubs/{club_id}/ratings", query_string=query)
    assert response.status_code == 200, response.get_json()
    body: Json = response.get_json()
    return body


def by_name(body: Json) -> dict[str, Json]:
    return {row["name"]: row for row in body["players"]}


def assert_rated(row: Json, rating: Rating, games: int) -> None:
    mu, sigma = rating
    assert row["mu"] == pytest.approx(mu, abs=1e-3)
    assert row["sigma"] == pytest.approx(sigma, abs=1e-3)
    assert row["rating"] == pytest.approx(mu - 3 * sigma, abs=2e-3)
    assert row["games"] == games


def test_the_defaults_are_the_packages() -> None:
    from scorekeeper.clubs.ratings import MODEL

    assert (MODEL.mu, MODEL.sigma, MODEL.beta) == pytest.approx((MU, SIGMA, BETA))
    assert (MODEL.kappa, MODEL.tau) == pytest.approx((KAPPA, TAU))


def test_the_first_game_by_hand() -> None:
    """Four new players, two a side. sigma'^2 = (25/3)^2 + (1/12)^2 = 69.4514; a team's
    sigma^2 = 138.9028; c^2 = 2 x 138.9028 + 2 (25/6)^2 = 312.5278, c = 17.6785; equal mu:
    p = 1/2. Omega = 138.9028 / 17.6785 x 1/2 = 3.9286, half of it to each player: mu =
    25 +- 1.9643. Delta = (11.7857 / 17.6785) x (138.9028 / 312.5278) x 1/4 = 0.074076:
    sigma = 8.33375 x sqrt(1 - 0.5 x 0.074076) = 8.1780."""
    won, lost = by_hand([NEW, NEW], [NEW, NEW])
    assert won == [pytest.approx((26.9643, 8.1780), abs=1e-4)] * 2
    assert lost == [pytest.approx((23.0357, 8.1780), abs=1e-4)] * 2


def test_a_small_history_rated_by_hand(client: FlaskClient) -> None:
    """Two Seep baazis (Lions, then Tigers) and a Casino game (Asha alone beats Meena): each
    game's players and partnerships as worked out by hand; each game rated on its own."""
    club = new_club(client)["id"]
    played(client, "seep", *LIONS_THEN_TIGERS, lineup=FOUR, club=club)
    played(client, "casino", *[SEVEN_FOUR] * 3, lineup=alone("Asha", "Meena"), club=club)

    lions, tigers = by_hand([NEW, NEW], [NEW, NEW])  # baazi 1
    tigers, lions = by_hand(tigers, lions)  # baazi 2
    seep = ratings(client, club)
    assert seep["game"] == "seep"
    rows = by_name(seep)
    for name, rating in zip(("Asha", "Ravi", "Meena", "Dev"), lions + tigers, strict=True):
        assert_rated(rows[name], rating, 2)
    # Partnerships: each a team of one against the other.
    (pair_lions,), (pair_tigers,) = by_hand([NEW], [NEW])
    (pair_tigers,), (pair_lions,) = by_hand([pair_tigers], [pair_lions])
    pairs = {len(row["players"]): row for row in seep["partnerships"]}
    assert len(seep["partnerships"]) == 2 and set(pairs) == {2}
    ids = {name: row["id"] for name, row in rows.items()}
    found = {tuple(row["players"]): row for row in seep["partnerships"]}
    assert_rated(found[tuple(sorted((ids["Asha"], ids["Ravi"])))], pair_lions, 2)
    assert_rated(found[tuple(sorted((ids["Meena"], ids["Dev"])))], pair_tigers, 2)
    # Highest conservative rating first: Tigers won last, so they are ahead.
    assert [row["rating"] for row in seep["players"]] == sorted(
        (row["rating"] for row in seep["players"]), reverse=True
    )
    assert {seep["players"][0]["name"], seep["players"][1]["name"]} == {"Meena", "Dev"}

    (asha,), (meena,) = by_hand([NEW], [NEW])
    casino = ratings(client, club, "casino")
    assert [row["name"] for row in casino["players"]] == ["Asha", "Meena"]
    assert_rated(casino["players"][0], asha, 1)
    assert_rated(casino["players"][1], meena, 1)
    assert casino["partnerships"] == []  # players alone: no partnership


def test_the_chance_of_each_side(client: FlaskClient) -> None:
    """After Lions' baazi, Lions against Tigers: Phi of their mu apart over the spread."""
    club = new_club(client)["id"]
    played(client, "seep", deal(95), lineup=FOUR, club=club)
    ids = {row["name"]: row["id"] for row in ratings(client, club)["players"]}
    teams = f"{ids['Asha']},{ids['Ravi']};{ids['Meena']},{ids['Dev']}"
    answer = ratings(client, club, teams=teams)
    lions, tigers = by_hand([NEW, NEW], [NEW, NEW])
    expected = chance(lions, tigers)
    assert expected == pytest.approx(0.674, abs=1e-3)
    assert answer["prediction"] == [
        {"players": [ids["Asha"], ids["Ravi"]], "chance": pytest.approx(expected, abs=1e-3)},
        {"players": [ids["Meena"], ids["Dev"]], "chance": pytest.approx(1 - expected, abs=1e-3)},
    ]


def test_an_edited_deal_rates_again(client: FlaskClient) -> None:
    """Baazi 2 corrected into a 60-40 deal (no baazi): one game left, Lions' win."""
    club = new_club(client)["id"]
    session = played(client, "seep", *LIONS_THEN_TIGERS, lineup=FOUR, club=club)
    assert by_name(ratings(client, club))["Asha"]["games"] == 2
    assert put_deal(client, session, 2, deal(60)).status_code == 200
    lions, _ = by_hand([NEW, NEW], [NEW, NEW])
    assert_rated(by_name(ratings(client, club))["Asha"], lions[0], 1)


def merge(app: Flask, club: str, keep: str, gone: str) -> None:
    """The club's keeper says `gone` is `keep` (a name entered two ways)."""
    with app.app_context():
        found = db.session.get(Club, club)
        assert found is not None
        people = {player.name: player for player in found.players}
        players.merge(found, people[keep], people[gone])
        db.session.commit()


def test_merged_names_count_as_one(app: Flask, client: FlaskClient) -> None:
    """ "Ash" won a baazi with Ravi in another session: merged into Asha, Asha has both."""
    club = new_club(client)["id"]
    played(client, "seep", deal(95), lineup=FOUR, club=club)
    other = [{"players": ["Ash", "Ravi"]}, {"players": ["Meena", "Dev"]}]
    played(client, "seep", deal(95), lineup=other, club=club)
    assert by_name(ratings(client, club))["Ash"]["games"] == 1
    merge(app, club, "Asha", "Ash")
    rows = by_name(ratings(client, club))
    assert "Ash" not in rows
    assert rows["Asha"]["games"] == rows["Ravi"]["games"] == 2
    assert rows["Asha"]["mu"] == rows["Ravi"]["mu"]


def test_another_clubs_games_never_count(client: FlaskClient) -> None:
    club, other = new_club(client)["id"], new_club(client, "Friday table")["id"]
    played(client, "seep", deal(95), lineup=FOUR, club=club)
    played(client, "seep", *LIONS_THEN_TIGERS, lineup=FOUR, club=other)
    played(client, "seep", *LIONS_THEN_TIGERS, lineup=FOUR)  # in no club
    lions, _ = by_hand([NEW, NEW], [NEW, NEW])
    assert_rated(by_name(ratings(client, club))["Asha"], lions[0], 1)


def test_no_finished_game_no_rating(client: FlaskClient) -> None:
    club = new_club(client)["id"]
    played(client, "seep", deal(60), lineup=FOUR, club=club)  # no baazi yet
    assert ratings(client, club) == {"game": "seep", "players": [], "partnerships": []}
    assert ratings(client, club, "fifty-six")["players"] == []


def page_sides(client: FlaskClient, session: Json) -> str | None:
    """The sides a session's scoreboard asks the club's ratings about (its chance line), if any."""
    page = client.get(f"/s/{session['id']}").get_data(as_text=True)
    found = re.search(r'data-sides="([^"]*)"', page)
    return found[1] if found else None


def test_the_scoreboard_asks_each_side_s_chance_before_the_first_deal(
    client: FlaskClient,
) -> None:
    """After Lions' baazi (67 % by hand, test_the_chance_of_each_side), the next session of the
    same four asks the ratings for Lions against Tigers until its first deal; a session out of
    a club asks nothing."""
    club = new_club(client)["id"]
    first = played(client, "seep", deal(95), lineup=FOUR, club=club)
    following = new_session(client, "seep", FOUR, club)
    sides = page_sides(client, following)
    assert sides is not None
    ids = {row["name"]: row["id"] for row in ratings(client, club)["players"]}
    assert sides == f"{ids['Asha']},{ids['Ravi']};{ids['Meena']},{ids['Dev']}"
    prediction = ratings(client, club, teams=sides)["prediction"]
    assert round(prediction[0]["chance"] * 100) == 67
    assert page_sides(client, first) is None  # played already
    add_deals(client, following, deal(60))
    assert page_sides(client, following) is None
    assert page_sides(client, new_session(client, "seep", FOUR)) is None


def test_a_merged_name_is_asked_as_the_person_it_is(app: Flask, client: FlaskClient) -> None:
    """Ravi was entered as "R." too and merged: a session seating "R." asks Ravi's rating."""
    club = new_club(client)["id"]
    played(client, "seep", deal(95), lineup=FOUR, club=club)
    short = [{"players": ["Asha", "R."]}, {"players": ["Meena", "Dev"]}]
    session = new_session(client, "seep", short, club)
    merge(app, club, "Ravi", "R.")
    ids = {row["name"]: row["id"] for row in ratings(client, club)["players"]}
    assert page_sides(client, session) == f"{ids['Asha']},{ids['Ravi']};{ids['Meena']},{ids['Dev']}"


def test_three_sides_each_with_a_chance(client: FlaskClient) -> None:
    """Casino of three alone: a side each, asked in the table's order; once Asha beat Meena,
    Asha's chance is the best and Meena's the worst, Dev (new) between."""
    club = new_club(client)["id"]
    three = new_session(client, "casino", alone("Asha", "Meena", "Dev"), club)
    played(client, "casino", *[SEVEN_FOUR] * 3, lineup=alone("Asha", "Meena"), club=club)
    sides = page_sides(client, three)
    assert sides is not None and sides.count(";") == 2
    prediction = ratings(client, club, "casino", teams=sides)["prediction"]
    percents = [side["chance"] for side in prediction]
    assert percents[0] > percents[2] > percents[1]
    assert sum(percents) == pytest.approx(1, abs=2e-3)  # each rounded to 3 places


def test_casino_sides_level_at_the_end_are_rated_equal(client: FlaskClient) -> None:
    """K13: Asha wins 27-3-3; Meena and Dev, level, come second together: the same rating."""
    club = new_club(client)["id"]
    level = {"cards": [30, 11, 11], "spades": [9, 2, 2], "aces": [0, 0, 1, 2]}
    record = level | {"big_casino": 0, "little_casino": 0}
    played(client, "casino", *[record] * 3, lineup=alone("Asha", "Meena", "Dev"), club=club)
    rows = by_name(ratings(client, club, "casino"))
    assert rows["Meena"]["mu"] == rows["Dev"]["mu"] < 25 < rows["Asha"]["mu"]
    assert rows["Meena"]["games"] == rows["Dev"]["games"] == rows["Asha"]["games"] == 1


def test_fifty_six_teams_ranked_by_when_they_ran_out(client: FlaskClient) -> None:
    """F6, F17 at 2 tables: Asha & Ravi's lost 28 pays Kiran & Lata both tables (out first),
    Kiran & Lata's 40 made takes Meena & Dev's two (out second): Kiran & Lata, then Meena &
    Dev, then Asha & Ravi, in the players' ratings and the partnerships'."""
    club = new_club(client)["id"]
    six = [{"players": ["Meena", "Dev"]}, {"players": ["Asha", "Ravi"]}]
    six.append({"players": ["Kiran", "Lata"]})
    records = [fifty_six.deal(1, 10, 28), fifty_six.deal(2, 40, 40)]
    played(client, "fifty-six", *records, lineup=six, club=club, teams="pairs", tables=2)
    answer = ratings(client, club, "fifty-six")
    order = [row["name"] for row in answer["players"]]
    assert {*order[:2]} == {"Kiran", "Lata"} and {*order[2:4]} == {"Meena", "Dev"}
    assert {*order[4:]} == {"Asha", "Ravi"}
    rows = by_name(answer)
    assert rows["Kiran"]["mu"] > rows["Meena"]["mu"] > rows["Asha"]["mu"]
    names = {row["id"]: name for name, row in rows.items()}
    pairs = [sorted(names[p] for p in row["players"]) for row in answer["partnerships"]]
    assert pairs == [["Kiran", "Lata"], ["Dev", "Meena"], ["Asha", "Ravi"]]
