"""Names in the reader's order: a collation key close to the Unicode Collation Algorithm's.

No ICU binding is installed, so this is a small pure-Python one that agrees with the browsers'
`Intl.Collator` (ICU) on the names a card table writes (tests/words/test_collation.py compares):

- Three levels, as ICU's: letters first (the whole name), then accents (é after e, ड़ after ड,
  آ after ا), then case (lower before upper). NFKD takes accents off their letters; ø, đ, ł, æ
  and œ, which it leaves whole, are folded by a table.
- Spaces and punctuation sort before digits, digits before letters (any script's digits by value).
- The reader's script first: Devanagari for hi, Arabic for ur, Malayalam for ml (CLDR's reorder),
  then Latin, then the others in Unicode's order of scripts.
- Within a script, codepoint order, which is close to each alphabet's; where it is not, a table:
  Urdu's letters (پ after ب, ٹ after ت, چ after ج, ک and گ after ق, ہ ھ ی ے at the end; codepoint
  order puts the Persian and Urdu letters after all of Arabic's), Malayalam's ള ഴ റ after ഹ
  (codepoint puts them among ര ല വ) and its chillu letters (ൺ ൻ ർ ൽ ൾ) as their consonant with
  a virama, Devanagari's ॐ before अ and candrabindu (ँ) as anusvara (ं) with a mark.
  A virama (्, ്) is a letter here, not an accent: क्ष is not कष.
- Esperanto's tailoring: ĉ ĝ ĥ ĵ ŝ ŭ are letters of their own, after c g h j s u.
"""

from __future__ import annotations

import unicodedata
from collections.abc import Callable, Iterable
from typing import TypeVar

T = TypeVar("T")

# Scripts, in Unicode's (DUCET's) order; the reader's own is moved first.
PUNCTUATION, DIGITS, LATIN, ARABIC, DEVANAGARI, MALAYALAM, OTHER = range(7)
# The scripts a reader's language puts first, as ICU's tailorings do (CLDR's reorder).
FIRST = {"hi": (DEVANAGARI, MALAYALAM), "ur": (ARABIC,), "ml": (MALAYALAM, LATIN, DEVANAGARI)}
RANGES = (
    (LATIN, 0x0041, 0x024F),
    (LATIN, 0x1E00, 0x1EFF),
    (ARABIC, 0x0600, 0x06FF),
    (ARABIC, 0x0750, 0x077F),
    (ARABIC, 0x08A0, 0x08FF),
    (DEVANAGARI, 0x0900, 0x097F),
    (DEVANAGARI, 0xA8E0, 0xA8FF),
    (MALAYALAM, 0x0D00, 0x0D7F),
)
# Letters NFKD leaves whole that ICU sorts as a base letter with a difference (secondary).
FOLDED = {
    "ø": "o",
    "đ": "d",
    "ł": "l",
    "ħ": "h",
    "ŧ": "t",
    "ı": "i",
    "æ": "ae",
    "œ": "oe",
    "þ": "th",
}
# Esperanto: these letter + mark pairs are letters of their own (after the plain letter).
ESPERANTO = {("c", "\u0302"), ("g", "\u0302"), ("h", "\u0302"), ("j", "\u0302"), ("s", "\u0302")}
ESPERANTO |= {("u", "\u0306")}
# Urdu's alphabet (the Arabic script's order for ur); Arabic's own forms of the same letters
# (ك ي ى ه ة) sort as Urdu's. Letters not listed sort after these, by codepoint.
URDU = "ا ب پ ت ٹ ث ج چ ح خ د ڈ ذ ر ڑ ز ژ س ش ص ض ط ظ ع غ ف ق ک گ ل م ن ں و ہ ھ ء ی ے"
ARABIC_ORDER = {letter: n for n, letter in enumerate(URDU.split())}
# Arabic's own forms of Urdu's letters: the same letter, after Urdu's (a difference, as an accent).
ARABIC_FORMS = {"ك": "ک", "ي": "ی", "ى": "ی", "ه": "ہ", "ة": "ہ", "ۃ": "ہ"}
ARABIC_FORM = "\u0001"  # a mark that sorts before every real one
# Malayalam: ള ഴ റ come after ഹ; chillu letters are their consonant and a virama.
MALAYALAM_AFTER_HA = {"ള": 1, "ഴ": 2, "റ": 3}
CHILLU = {"ൺ": "ണ്", "ൻ": "ന്", "ർ": "ര്", "ൽ": "ല്", "ൾ": "ള്", "ൿ": "ക്"}
# Devanagari: ॐ before the vowels; candrabindu is anusvara with a mark.
OM, CANDRABINDU, ANUSVARA = "ॐ", "\u0901", "\u0902"
# Invisible: joiners, the soft hyphen, direction marks and isolates.
IGNORED = {"\u00ad", "\u200c", "\u200d", "\u200e", "\u200f"} | {
    chr(c) for c in range(0x2066, 0x206A)
}
VIRAMA = 9  # the canonical combining class of a virama (्, ്): a letter of its own here

Element = tuple[int, int, int]  # script, weight in it, tailoring (Esperanto's ĉ after c)


def script_of(char: str) -> int:
    """The script group of one character (punctuation and digits are groups of their own)."""
    if unicodedata.category(char)[0] == "N" and unicodedata.digit(char, None) is not None:
        return DIGITS
    code = ord(char)
    for script, low, high in RANGES:
        if low <= code <= high:
            return script if unicodedata.category(char)[0] in "LM" else PUNCTUATION
    return OTHER if unicodedata.category(char)[0] in "LM" else PUNCTUATION


def weight(char: str, script: int) -> int:
    """Where a letter stands in its script (tables where codepoint order is not the alphabet's)."""
    if script == DIGITS:
        return unicodedata.digit(char)
    if script == ARABIC and char in ARABIC_ORDER:
        return ARABIC_ORDER[char] - 1000
    if script == MALAYALAM and char in MALAYALAM_AFTER_HA:
        return ord("ഹ") * 10 + MALAYALAM_AFTER_HA[char]
    if char == OM:
        return ord("अ") * 10 - 5
    return ord(char) * 10


def letters(name: str) -> list[tuple[str, str, bool]]:
    """The name as (letter, its marks, upper case) triples, decomposed and folded."""
    found: list[tuple[str, str, bool]] = []
    for char in unicodedata.normalize("NFKD", "".join(CHILLU.get(c, c) for c in name)):
        if char in IGNORED:
            continue
        if char == CANDRABINDU:
            found.append((ANUSVARA, CANDRABINDU, False))
        elif unicodedata.combining(char) and unicodedata.combining(char) != VIRAMA and found:
            letter, marks, upper = found[-1]
            found[-1] = (letter, marks + char, upper)
        elif char in ARABIC_FORMS:
            found.append((ARABIC_FORMS[char], ARABIC_FORM, False))
        else:
            upper = char != char.casefold()
            folded = char.casefold()
            for part in FOLDED.get(folded, folded):
                mark = "\u0338" if folded in FOLDED else ""  # ø is o with a difference
                found.append((part, mark, upper))
    return found


def sort_key(name: str, lang: str = "en") -> tuple[object, ...]:
    """A key that sorts names as a reader of `lang` expects (e.g. sorted(names, key=...))."""
    lang = lang.replace("-", "_").split("_")[0].lower()
    first = FIRST.get(lang, ())
    primary: list[Element] = []
    secondary: list[str] = []
    tertiary: list[bool] = []
    for letter, marks, upper in letters(name):
        script = script_of(letter)
        tailored = lang == "eo" and (letter, marks[:1]) in ESPERANTO
        # Punctuation, digits, the reader's script, then every script in its place.
        group = (
            script
            if script <= DIGITS
            else first.index(script) + 2
            if script in first
            else script + 9
        )
        primary.append((group, weight(letter, script), int(tailored)))
        secondary.append(marks[1:] if tailored else marks)
        tertiary.append(upper)
    return (tuple(primary), tuple(secondary), tuple(tertiary), name)


def by_name(items: Iterable[T], lang: str = "en", name: Callable[[T], str] = str) -> list[T]:
    """`items` sorted by their names (`name` of each) in the order of `lang`."""
    return sorted(items, key=lambda item: sort_key(name(item), lang))
