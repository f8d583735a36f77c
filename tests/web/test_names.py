"""Short forms of names: both partners always there, whole words kept, in every script."""

from __future__ import annotations

import pytest

from scorekeeper.web.names import (
    first_name,
    initials,
    name_forms,
    short_name,
    short_team,
    team_card,
)

WAJID = "Wajid Mohammad Mumtaz Mirza-Wadhwa MMMMM"
VENKAT = "वेंकटरामन सुब्रह्मण्यम"  # Devanagari: a vowel sign belongs to its letter
ABDUL = "عبد الرحمن الاسكندراني"


def test_a_first_name_is_the_first_word_hyphen_and_all() -> None:
    assert first_name("Bartholomew-Alexander Krishnamurthy") == "Bartholomew-Alexander"
    assert first_name("Asha") == "Asha"
    assert first_name(VENKAT) == "वेंकटरामन"


def test_initials_are_the_first_and_last_words_letters() -> None:
    assert initials(WAJID) == "W.\u00a0M."
    assert initials("M" * 40) == "M."
    assert initials(VENKAT) == "वें.\u00a0सु."  # the letter with its marks, never a bare mark
    assert initials(ABDUL) == "ع.\u00a0ا."


def test_a_names_forms_run_from_whole_to_initials_without_repeats() -> None:
    assert name_forms(WAJID) == [WAJID, "Wajid", "W.\u00a0M."]
    assert name_forms("Asha") == ["Asha", "A."]


@pytest.mark.parametrize(
    ("names", "room", "shown"),
    [
        (["Asha", "Ravi"], 28, "Asha & Ravi"),  # room enough: whole
        # everyone to first names before anyone to initials
        (
            ["Bartholomew-Alexander Krishnamurthy", "Meena Iyer"],
            30,
            "Bartholomew-Alexander & Meena",
        ),
        ([WAJID, "M" * 40], 28, "Wajid & M."),  # the longest steps down first, to initials
        (["W" * 40, "Venkataraghavan Subrahmanyam Iyengar Raj"], 28, "W. & Venkataraghavan"),
        ([VENKAT, "राजलक्ष्मी श्रीनिवासन"], 22, "वेंकटरामन & राजलक्ष्मी"),
        ([VENKAT, "राजलक्ष्मी श्रीनिवासन"], 12, "वें.\u00a0सु. & रा.\u00a0श्री."),  # श्री: a conjunct whole
        ([WAJID, "M" * 40], 3, "W.\u00a0M. & M."),  # never less than every partner's initials
        (["Asha", "Ravi", "Meena Iyer"], 18, "A. & Ravi & Meena"),  # three partners (Fifty-six)
    ],
)
def test_a_team_in_its_room_keeps_every_partner(names: list[str], room: int, shown: str) -> None:
    assert short_team(names, room) == shown
    assert shown.count("&") == len(names) - 1


@pytest.mark.parametrize(
    ("name", "room", "shown"),
    [
        ("Chandni Chowk Champions", 30, "Chandni Chowk Champions"),
        (
            "Maharaja Wajid Mohammad's Magnificent Mumbai Marine Marauder",
            30,
            "Maharaja Wajid Mohammad's…",
        ),
        ("The Magnificent Krishnamurthy Brothers", 20, "The Magnificent…"),
        ("W" * 60, 12, "W" * 11 + "…"),  # one word longer than the room: cut, the only way
    ],
)
def test_a_name_is_cut_after_a_whole_word(name: str, room: int, shown: str) -> None:
    assert short_name(name, room) == shown
    assert len(shown) <= room


def test_a_card_opens_only_when_it_shortened_something_or_a_word_is_too_long() -> None:
    assert team_card("Asha & Ravi", ["Asha", "Ravi"]).whole
    plain = team_card("Old Delhi Seep Club", ["Meena", "Dev"])
    assert plain == team_card("Old Delhi Seep Club", ["Meena", "Dev"]) and plain.whole
    assert plain.players == "Meena & Dev"
    alone = team_card("Bartholomew-Alexander Smith", ["Bartholomew-Alexander Smith"])
    assert alone.players == "" and alone.whole  # a hyphen breaks a line: its parts fit
    long = team_card("Featherstonehaugh and Oppenheimer", [WAJID, "M" * 40])
    assert not long.whole and long.players == "Wajid & M."


def test_a_given_name_of_two_words_stays_whole() -> None:
    """ "عبد" alone means "servant of": Abd al-Rahman is called "عبد الرحمن", never "عبد"."""
    assert first_name(ABDUL) == "عبد الرحمن"
    assert first_name("Abdul Karim Qureshi") == "Abdul Karim"
    assert first_name("عبد الله") == "عبد الله"


def test_a_team_named_by_its_players_shows_every_partner() -> None:
    """A card written from the players' names keeps the second partner (Li), shortened as
    players are, never cut off after the first."""
    hashmi = "عبد الرحمن بن محمد الهاشمي"
    card = team_card(f"{hashmi} & Li", [hashmi, "Li"])
    assert (card.name, card.players, card.whole) == ("عبد الرحمن & Li", "", False)
