"""Names in the reader's order (scorekeeper/words/collation.py): tables of names per language, each
in the order the browsers' Intl.Collator (ICU) gives for that language, shuffled and sorted again.

Where this collation knowingly differs from ICU for a reader of another language, the tables keep
the reader's own order for the script (Urdu's for Arabic-script names, Hindi's for Devanagari):
ICU's root order puts آ before ا as a letter of its own, and visarga (ः) before anusvara (ं).
"""

from __future__ import annotations

import random

import pytest

from scorekeeper.words.collation import by_name, sort_key

# Case and accents: a difference of case (lower first) or accent counts only between names whose
# letters are the same; spaces and punctuation sort before letters.
LATIN = [
    "10 Kings",
    "abel",
    "Abel",
    "Ábel",
    "Ahmed",
    "Ali",
    "Amit",
    "Cindy",
    "Ĉiu",
    "Dev",
    "Émile",
    "Eva",
    "Mary Ann",
    "Maryann",
    "Ñandú",
    "Nuno",
    "O'Brien",
    "Obi",
    "Ørjan",
    "Ŝako",
    "Sofia",
    "Ŭa",
    "Uma",
    "Zoe",
    "Zoë",
    "Zofia",
]
# Esperanto: ĉ ĝ ĥ ĵ ŝ ŭ are letters after c g h j s u (Ŝako after Sofia, Ŭa after Uma).
ESPERANTO = [
    "Cindy",
    "Cuko",
    "Ĉiu",
    "Gusto",
    "ĝi",
    "Ĝoja",
    "Hugo",
    "Ĥaro",
    "Juna",
    "Ĵurnalo",
    "Sofia",
    "Suno",
    "Ŝako",
    "Uma",
    "Uzi",
    "Ŭa",
]
# Urdu: پ ٹ چ ڈ ڑ ژ ک گ ں ہ ھ ی ے in the alphabet's places (codepoint order puts them after
# every letter of Arabic's); آ and أ are ا with a mark; Arabic's ي is Urdu's ی, after it.
URDU = [
    "احمد",
    "أحمد",
    "اشرف",
    "آصف",
    "بابر",
    "پرویز",
    "تنویر",
    "ٹیپو",
    "جمیل",
    "چاند",
    "ڈاکٹر",
    "رضا",
    "ڑ",
    "ژالہ",
    "عائشہ",
    "علی",
    "علي",
    "قاسم",
    "کامران",
    "گل",
    "لاہور",
    "نور",
    "وقار",
    "ہما",
    "ھ",
    "یوسف",
    "ے",
]
# Hindi: ॐ first; anusvara, candrabindu, visarga before the consonants; a nukta (ड़, फ़) is a
# mark on its letter; a virama makes a conjunct (क्ष) that comes after every vowel sign of क.
HINDI = [
    "ॐ",
    "अंकित",
    "अँकित",
    "अः",
    "अनिल",
    "अमित",
    "आशा",
    "ऋषि",
    "ओम",
    "औरत",
    "कमल",
    "काजल",
    "कोमल",
    "क्षमा",
    "खान",
    "ज्ञान",
    "ड़",
    "ढ़",
    "त्रिशा",
    "फैज",
    "फ़ैज़",
    "श्याम",
]
# Malayalam: ള ഴ റ after ഹ (codepoint order has them among ര ല വ); a chillu (ൺ ർ ൽ ൾ) is its
# consonant with a virama.
MALAYALAM = [
    "അനിൽ",
    "ആശ",
    "ഇന്ദു",
    "ക",
    "കമല",
    "കൃഷ്ണ",
    "ക്ക",
    "ക്ഷമ",
    "ഖ",
    "ങ",
    "ണ",
    "ൺ",
    "ദേവ്",
    "ര",
    "ർ",
    "ല",
    "ൽ",
    "വ",
    "ഹരി",
    "ള",
    "ൾ",
    "ഴ",
    "റ",
]


def shuffled(names: list[str], seed: int) -> list[str]:
    """`names` in a random order (each seed its own)."""
    mixed = names[:]
    random.Random(seed).shuffle(mixed)
    return mixed


@pytest.mark.parametrize(
    ("lang", "names"),
    [
        ("en", LATIN),
        ("pt", LATIN),
        ("eo", ESPERANTO),
        ("ur", URDU),
        ("hi", HINDI),
        ("ml", MALAYALAM),
    ],
)
@pytest.mark.parametrize("seed", range(5))
def test_each_language_sorts_its_names(lang: str, names: list[str], seed: int) -> None:
    assert by_name(shuffled(names, seed), lang) == names


def test_esperanto_letters_are_accents_in_other_languages() -> None:
    assert by_name(["Ŝako", "Sofia", "Ŭa", "Uma"], "en") == ["Ŝako", "Sofia", "Ŭa", "Uma"]
    assert by_name(["Ŝako", "Sofia", "Ŭa", "Uma"], "eo") == ["Sofia", "Ŝako", "Uma", "Ŭa"]


@pytest.mark.parametrize(
    ("lang", "first"),
    [
        ("en", ["Asha", "عائشہ", "आशा", "ആശ"]),
        ("pt", ["Asha", "عائشہ", "आशा", "ആശ"]),
        ("ur", ["عائشہ", "Asha", "आशा", "ആശ"]),
        ("hi", ["आशा", "ആശ", "Asha", "عائشہ"]),
        ("ml", ["ആശ", "Asha", "आशा", "عائشہ"]),
    ],
)
def test_the_readers_script_comes_first(lang: str, first: list[str]) -> None:
    assert by_name(shuffled(first, 1), lang) == first


def test_a_region_or_a_dash_does_not_change_the_language() -> None:
    names = ["Sofia", "Ŝako", "عائشہ", "Asha"]
    assert by_name(names, "eo_XX") == by_name(names, "eo") == ["Asha", "Sofia", "Ŝako", "عائشہ"]
    assert by_name(names, "ur-PK") == ["عائشہ", "Asha", "Ŝako", "Sofia"]  # ŝ is s, accented


def test_invisible_marks_and_other_digits_do_not_move_a_name() -> None:
    # A name copied from right-to-left words may carry isolates; the soft hyphen is invisible.
    assert sort_key("\u2068Dev\u2069")[:3] == sort_key("Dev")[:3]
    assert sort_key("De\u00adv")[:3] == sort_key("Dev")[:3]
    assert by_name(["٣ Kings", "10 Kings", "2 Kings"]) == ["10 Kings", "2 Kings", "٣ Kings"]


def test_equal_names_keep_a_fixed_order() -> None:
    # Names the levels cannot tell apart (a name and its NFC twin) still sort the same every time.
    names = ["Zoe\u0308", "Zoë"]
    assert by_name(names) == by_name(names[::-1])
