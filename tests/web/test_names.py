"""The forms of a name, longest first: every partner in each, one style, no title taken for a
name or an initial; the server's count of characters where the page cannot measure."""

from __future__ import annotations

from dataclasses import dataclass, field

import pytest
from markupsafe import Markup

from scorekeeper.web.names import (
    ROOM,
    first_name,
    fitted,
    initials,
    name_words,
    partners_forms,
    person_forms,
    team_card,
    team_forms,
    title_forms,
    whole_name,
    within,
)

NB = "\u00a0"  # a person's initials are kept together: "W. M."
WAJID = "Wajid Mohammad Mumtaz Mirza-Wadhwa MMMMM"
VENKAT = "वेंकटरामन सुब्रह्मण्यम"  # Devanagari: a vowel sign belongs to its letter
ABDUL = "عبد الرحمن الاسكندراني"
# Thirty-character names in Malayalam (two of them lost a surname to the 60-character cut).
SREE = "ശ്രീലക്ഷ്മി പുത്തൻവീട്ടിൽ മേനോൻ"
ANANTH = "അനന്തകൃഷ്ണൻ ഉണ്ണികൃഷ്ണൻ നായർ"


@dataclass
class Team:
    """A team as the pages are given one: a name (the API's), its players."""

    players: list[str]
    name: str = field(default="")

    def __post_init__(self) -> None:
        if not self.name:  # left unnamed: the API's name, cut at 60 characters
            joined = " & ".join(self.players)
            self.name = joined if len(joined) <= 60 else joined[:59].rstrip() + "…"


def test_a_first_name_is_the_first_word_hyphen_and_all() -> None:
    assert first_name("Bartholomew-Alexander Krishnamurthy") == "Bartholomew-Alexander"
    assert first_name("Asha") == "Asha"
    assert first_name(VENKAT) == "वेंकटरामन"


def test_a_given_name_of_two_words_stays_whole() -> None:
    """ "عبد" alone means "servant of": Abd al-Rahman is called "عبد الرحمن", never "عبد"."""
    assert first_name(ABDUL) == "عبد الرحمن"
    assert first_name("Abdul Karim Qureshi") == "Abdul Karim"
    assert first_name("عبد الله") == "عبد الله"


def test_initials_are_the_first_and_last_words_letters() -> None:
    assert initials(WAJID) == f"W.{NB}M."
    assert initials("M" * 40) == "M."
    assert initials(VENKAT) == f"वें.{NB}सु."  # the letter with its marks, never a bare mark
    assert initials(ABDUL) == f"ع.{NB}ا."
    assert initials(SREE) == f"ശ്രീ.{NB}മേ."  # a conjunct whole


# Titles and honorifics, before or after a name, in each language: kept in the whole name,
# never a first name nor an initial.
@pytest.mark.parametrize(
    ("name", "first", "letters"),
    [
        ("Dr Meena Iyer", "Meena", f"M.{NB}I."),
        ("Mrs. Asha Rao", "Asha", f"A.{NB}R."),
        ("Shri Ravi Kumar", "Ravi", f"R.{NB}K."),
        ("Smt Lakshmi Devi", "Lakshmi", f"L.{NB}D."),
        ("Asha Kumari", "Asha", f"A.{NB}K."),  # a surname, though it means "Miss"
        ("Sharma Ji", "Sharma", "S."),
        ("श्री राम प्रसाद", "राम", f"रा.{NB}प्र."),
        ("श्रीमती सीता देवी", "सीता", f"सी.{NB}दे."),
        ("डॉ. अमित शाह", "अमित", f"अ.{NB}शा."),
        ("رضا صاحب", "رضا", "ر."),
        ("بیگم نسیم اختر", "نسیم", f"ن.{NB}ا."),
        ("جناب فاطمہ زہرا", "فاطمہ", f"ف.{NB}ز."),
        ("ശ്രീ രാമൻ നായർ", "രാമൻ", f"രാ.{NB}നാ."),
        ("ശ്രീമതി ലക്ഷ്മി മേനോൻ", "ലക്ഷ്മി", f"ല.{NB}മേ."),
        ("Sr. João Silva", "João", f"J.{NB}S."),
        ("Sra. Conceição Magalhães", "Conceição", f"C.{NB}M."),
        ("D. Pedro Alvares", "Pedro", f"P.{NB}A."),
        ("S-ro Ludoviko Zamenhof", "Ludoviko", f"L.{NB}Z."),
        ("S-ino Klara Zamenhof", "Klara", f"K.{NB}Z."),
    ],
)
def test_titles_are_neither_first_names_nor_initials(name: str, first: str, letters: str) -> None:
    assert (first_name(name), initials(name)) == (first, letters)
    assert person_forms(name)[0] == name  # the whole name keeps its title


def test_a_name_that_is_only_a_title_is_left_as_it_is() -> None:
    assert name_words("Sahib") == ["Sahib"]
    assert name_words("Dr") == ["Dr"]
    assert first_name("D") == "D"  # "D." with its dot is Dom; a letter alone is a name
    assert first_name("D Souza") == "D"


def test_a_persons_forms_run_from_whole_to_initials_without_repeats() -> None:
    assert person_forms(WAJID) == [WAJID, "Wajid", f"W.{NB}M.", "W. M."]
    assert person_forms("Asha") == ["Asha", "A."]


# A team named by its players: all whole, all first names, all initials; the last, initials
# free to wrap where a line is too short for "W. M." whole.
@pytest.mark.parametrize(
    ("names", "forms"),
    [
        (["Asha", "Ravi"], ["Asha & Ravi", "A. & R."]),
        (
            ["Rajagopalan", "Priya Suresh"],  # seen: "Rajagopalan & P. S."
            [
                "Rajagopalan & Priya Suresh",
                "Rajagopalan & Priya",
                f"R. & P.{NB}S.",
                "R. & P. S.",
            ],
        ),
        (
            [SREE, ANANTH],
            [
                f"{SREE} & {ANANTH}",
                "ശ്രീലക്ഷ്മി & അനന്തകൃഷ്ണൻ",
                f"ശ്രീ.{NB}മേ. & അ.{NB}നാ.",
                "ശ്രീ. മേ. & അ. നാ.",
            ],
        ),
        (
            ["رضا صاحب", "فاطمہ زہرا چوہدری خان"],  # seen: an initial of «صاحب»
            [
                "رضا صاحب & فاطمہ زہرا چوہدری خان",
                "رضا & فاطمہ",
                f"ر. & ف.{NB}خ.",
                "ر. & ف. خ.",
            ],
        ),
        (
            ["Asha", "Ravi", "Meena Iyer"],  # three partners (Fifty-six's sides)
            [
                "Asha & Ravi & Meena Iyer",
                "Asha & Ravi & Meena",
                f"A. & R. & M.{NB}I.",
                "A. & R. & M. I.",
            ],
        ),
    ],
)
def test_partners_step_down_together(names: list[str], forms: list[str]) -> None:
    assert partners_forms(names) == forms
    assert all(form.count(" & ") == len(names) - 1 for form in forms)


@pytest.mark.parametrize(
    ("name", "forms"),
    [
        ("Chandni Chowk Champions", ["Chandni Chowk Champions", "Chandni Chowk…", "Chandni…"]),
        ("W" * 60, ["W" * 60]),  # one word: CSS cuts it where it is too long
    ],
)
def test_a_teams_own_name_is_cut_after_words(name: str, forms: list[str]) -> None:
    assert title_forms(name) == forms


def test_a_team_left_unnamed_goes_by_its_players_whole_however_long() -> None:
    """Seen: two 30-character Malayalam names lost the second partner's surname to the API's
    60-character name. The pages take the players' names whole."""
    team = Team([SREE, ANANTH])
    assert team.name.endswith("…")
    assert whole_name(team) == f"{SREE} & {ANANTH}"
    assert team_forms(team) == partners_forms([SREE, ANANTH])
    named = Team([SREE, ANANTH], "Old Delhi Seep Club")
    assert whole_name(named) == "Old Delhi Seep Club"
    assert team_forms(named) == title_forms("Old Delhi Seep Club")


@pytest.mark.parametrize(
    ("names", "room", "shown"),
    [
        (["Asha", "Ravi"], 28, "Asha & Ravi"),
        (
            ["Bartholomew-Alexander Krishnamurthy", "Meena Iyer"],
            30,
            "Bartholomew-Alexander & Meena",
        ),
        ([WAJID, "M" * 40], 28, f"W.{NB}M. & M."),  # every partner, never "Wajid & M."
        ([WAJID, "M" * 40], 3, "W. M. & M."),  # never less than every partner's initials
    ],
)
def test_without_script_the_server_counts_characters(
    names: list[str], room: int, shown: str
) -> None:
    assert within(partners_forms(names), room) == shown


def test_a_teams_own_name_in_a_count_of_characters() -> None:
    assert within(title_forms("The Magnificent Krishnamurthy Brothers"), 20) == "The Magnificent…"
    assert within(title_forms("Chandni Chowk Champions"), 30) == "Chandni Chowk Champions"


def test_a_fitted_name_carries_every_form_and_is_read_whole() -> None:
    forms = person_forms("Asha Kumari")
    whole = fitted(forms, 30)
    assert whole == Markup(
        '<bdi class="fit" data-fit="[&#34;Asha Kumari&#34;, &#34;Asha&#34;, &#34;A.\u00a0K.&#34;,'
        ' &#34;A. K.&#34;]">Asha Kumari</bdi>'
    )
    short = fitted(forms, 4)
    assert 'title="Asha Kumari"' in short and "data-short" in short
    assert (
        '<span aria-hidden="true">Asha</span><span class="visually-hidden">Asha Kumari</span>'
        in short
    )
    assert fitted(["Dev"], 1) == Markup("<bdi>Dev</bdi>")  # one form: nothing to fit
    assert "&lt;b&gt;" in fitted(person_forms("<b>Raj</b> Kumar"), 30)  # escaped


def test_a_card_opens_only_when_a_name_may_be_shortened() -> None:
    assert team_card(Team(["Asha", "Ravi"])).whole
    plain = team_card(Team(["Meena", "Dev"], "Old Delhi Seep Club"))
    assert plain.whole and plain.players is not None and "Meena &amp; Dev" in plain.players
    alone = team_card(Team(["Bartholomew-Alexander Smith"]))
    assert alone.players is None and alone.whole  # a hyphen breaks a line: its parts fit
    assert not team_card(Team([SREE, ANANTH])).whole
    assert not team_card(Team([WAJID, "M" * 40], "Featherstonehaugh and Oppenheimer")).whole


def test_room_holds_each_place_a_name_is_written() -> None:
    assert set(ROOM) >= {"team", "partners", "person", "label", "heading", "column", "sentence"}
