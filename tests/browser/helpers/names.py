"""Long names in three scripts, teams of them for every game's line-up, and the checks that a
page shows them whole: no word broken across lines, labels on one line, nothing cut off; names
of 20-31 characters in each language's script, and the check that each name on a page shows the
longest of its forms that fits its room (scorekeeper/web/names.py, static/js/names.js)."""

from __future__ import annotations

from typing import Any

from playwright.sync_api import Locator, Page

# Long names as people have them: long words, none longer than a phone's line.
PLAYERS = {
    "latin": [
        "Bartholomew-Alexander Krishnamurthy",
        "Venkataraghavan Subrahmanyam",
        "Maximilian Oppenheimer-Vandenberg",
        "Alexandrina Featherstonehaugh",
        "Christopher Montgomery-Smith",
        "Krishnamurthy Ramaswamy Iyengar",
    ],
    "devanagari": [
        "वेंकटरामन सुब्रह्मण्यम",
        "राजलक्ष्मी श्रीनिवासन",
        "कृष्णमूर्ति रामस्वामी अय्यंगार",
        "विश्वनाथन आनंद कुमारस्वामी",
        "सत्यनारायण चक्रवर्ती",
        "लक्ष्मीनारायण बंद्योपाध्याय",
    ],
    "arabic": [
        "عبد الرحمن الاسكندراني",
        "محمد عبد العزيز القحطاني",
        "فاطمة الزهراء المنصوري",
        "خديجة بنت عبد الله الهاشمي",
        "عبد الله بن عبد العزيز",
        "نور الهدى البغدادي",
    ],
}
TEAMS = {
    "latin": [
        "The Magnificent Krishnamurthy Brothers",
        "Featherstonehaugh and Oppenheimer",
        "The Unbeatable Vandenberg Family",
    ],
    "devanagari": ["चांदनी चौक के महान खिलाड़ी", "पुरानी दिल्ली सीप मंडली", "कृष्णमूर्ति परिवार के शेर"],
    "arabic": ["أبطال الإسكندرية الرائعون", "نادي البصرة للورق", "فرسان القاهرة القديمة"],
}
SCRIPTS = list(PLAYERS)

# Each game's line-ups: (game, options, teams, players a team).
LINEUPS = {
    "seep": ("seep", {}, 2, 2),
    "fifty-six-pairs": ("fifty-six", {"teams": "pairs"}, 3, 2),
    "fifty-six-sides": ("fifty-six", {"teams": "sides"}, 2, 3),
    "casino-players": ("casino", {}, 2, 1),
    "casino-teams": ("casino", {"partnerships": "on"}, 2, 2),
}


def sides(script: str, teams: int, players: int) -> list[dict[str, Any]]:
    """`teams` teams of `players` long names in `script` (a player alone goes by their name)."""
    names = PLAYERS[script]
    return [
        {
            "name": None if players == 1 else TEAMS[script][team],
            "players": names[team * players : (team + 1) * players],
        }
        for team in range(teams)
    ]


# How many lines a range's boxes sit on: tops more than 8 px apart (text of several sizes on one
# line sits a few pixels apart; lines of these pages are 18 px or more).
ROWS = """const rows = range => [...range.getClientRects()].filter(r => r.width > 0)
    .map(r => r.top).sort((a, b) => a - b)
    .filter((top, i, tops) => i === 0 || top - tops[i - 1] > 8).length;"""

# The words (split after a hyphen too: a line may break there) of the text in an element that
# run over more than one line, each with its line tops; hidden elements have no lines.
BROKEN_WORDS = """els => els.flatMap(el => {
  ROWS
  const broken = [];
  const walker = document.createTreeWalker(el, NodeFilter.SHOW_TEXT);
  for (let node = walker.nextNode(); node; node = walker.nextNode()) {
    for (const m of node.data.matchAll(/[^\\s-]+-?/gu)) {
      const range = document.createRange();
      range.setStart(node, m.index);
      range.setEnd(node, m.index + m[0].length);
      const where = node.parentElement.className || node.parentElement.tagName;
      if (rows(range) > 1) broken.push(`${m[0]} (${where})`);
    }
  }
  return broken;
})"""


def broken_words(page: Page | Locator, selector: str) -> list[str]:
    """The words inside `selector`'s elements (on a page, or inside an element) that a line
    break cuts: none, on a good page."""
    return page.locator(selector).evaluate_all(BROKEN_WORDS.replace("ROWS", ROWS))


# Elements whose text does not all show: clamped lines, or a word cut by an ellipsis.
# (Text only a screen reader reads, .visually-hidden, is left out.)
CUT = """els => els.filter(el => el.getClientRects().length).filter(el => {
  const box = el.getBoundingClientRect();
  const walker = document.createTreeWalker(el, NodeFilter.SHOW_TEXT);
  const range = document.createRange();
  for (let node = walker.nextNode(); node; node = walker.nextNode()) {
    if (node.parentElement.closest(".visually-hidden")) continue;
    range.selectNodeContents(node);
    if ([...range.getClientRects()].some(r => r.width > 0 && (r.right > box.right + 1
      || r.left < box.left - 1 || r.bottom > box.bottom + 1))) return true;
  }
  return el.scrollHeight > el.clientHeight + 1;
}).map(el => el.textContent.trim())"""


def cut(page: Page | Locator, selector: str) -> list[str]:
    """The texts of `selector`'s visible elements that do not show whole."""
    return page.locator(selector).evaluate_all(CUT)


LINES = """els => els.filter(el => el.getClientRects().length).map(el => {
  ROWS
  const range = document.createRange();
  range.selectNodeContents(el);
  return rows(range);
})"""


def lines(page: Page | Locator, selector: str) -> list[int]:
    """How many lines each visible element of `selector` runs over."""
    return page.locator(selector).evaluate_all(LINES.replace("ROWS", ROWS))


# Names of 20-31 characters as each language's tables write them, four a language (two teams of
# two); a title among them, as people are called at the table.
LONG = {
    "ml": [
        "ശ്രീലക്ഷ്മി പുത്തൻവീട്ടിൽ മേനോൻ",
        "അനന്തകൃഷ്ണൻ ഉണ്ണികൃഷ്ണൻ നായർ",
        "ഗോപാലകൃഷ്ണൻ കുഞ്ഞിക്കണ്ണൻ പിള്ള",
        "ജയലക്ഷ്മി രാധാകൃഷ്ണൻ കുറുപ്പ്",
    ],
    "ur": [
        "فاطمہ زہرا چوہدری خان",
        "محمد عبدالرحمن صاحب قریشی",
        "عائشہ صدیقہ بیگم ملک",
        "سید رضا حسین شاہ بخاری",
    ],
    "hi": [
        "राजलक्ष्मी श्रीनिवासन अय्यर",
        "वेंकटरामन सुब्रह्मण्यम शास्त्री",
        "कृष्णमूर्ति रामस्वामी अय्यंगार",
        "सत्यनारायण चक्रवर्ती",
    ],
    "pt": [
        "Conceição Albuquerque Magalhães",
        "Sebastião Vasconcelos Figueira",
        "Maria da Glória Nogueira Pinto",
        "João Baptista Guimarães Lobo",
    ],
    "eo": [
        "Ludoviko Lazaro Zamenhof",
        "Klara Silbernik-Zamenhof",
        "Aŭgusto Ĝustaĵo Ĥorvatoviĉ",
        "Eŭfemia Ŝanĝiĝema Ĉefpaŝo",
    ],
}


def long_teams(language: str) -> list[dict[str, Any]]:
    """Two teams left unnamed, each called after its two long-named players."""
    names = LONG[language]
    return [{"name": None, "players": names[:2]}, {"name": None, "players": names[2:]}]


# The box whose room a name has (its nearest element laid out as a box), and whether its text
# runs out of it: a line clamped away (or starting below the box), or a line too long on either
# side. The whole name kept for screen readers (.visually-hidden) is not shown, so not measured.
FITTING = """
const inline = el => ["inline", "contents"].includes(getComputedStyle(el).display);
const boxOf = el => { let box = el;
  while (box.parentElement && inline(box)) box = box.parentElement;
  return box; };
const overflows = box => {
  if (box.scrollWidth > box.clientWidth + 1) return true;
  const below = box.scrollHeight - box.clientHeight;  // a line clamped away, not a tag's padding
  if (below > 1 && below > parseFloat(getComputedStyle(box).fontSize) / 2) return true;
  const edge = box.getBoundingClientRect();
  const foot = edge.top + box.clientTop + box.clientHeight;
  const walker = document.createTreeWalker(box, NodeFilter.SHOW_TEXT);
  const range = document.createRange();
  for (let node = walker.nextNode(); node; node = walker.nextNode()) {
    if (node.parentElement.closest(".visually-hidden")) continue;
    range.selectNodeContents(node);
    for (const r of range.getClientRects()) {
      const out = r.left < edge.left - 1 || r.right > edge.right + 1 || r.top >= foot - 1;
      if (r.width && out) return true;
    }
  }
  return false; };
"""

# Each name drawn with its forms: the forms, the one shown, whether it fits its box, and whether
# the next longer form would have (tried in place, then put back).
FITTED = (
    "els => {"
    + FITTING
    + """
  return els.filter(el => el.getClientRects().length).map(el => {
    const forms = JSON.parse(el.dataset.fit);
    const seen = (el.querySelector("[aria-hidden=true]") || el).textContent;
    const at = forms.indexOf(seen), box = boxOf(el);
    const result = { forms, seen, at, fits: !overflows(box), longer: null,
      read: el.querySelector(".visually-hidden")?.textContent ?? el.textContent,
      title: el.getAttribute("title") };
    if (at > 0) {
      const kept = [...el.childNodes], overflow = el.dataset.overflow;
      delete el.dataset.overflow;
      el.textContent = forms[at - 1];
      result.longer = !overflows(box);
      el.replaceChildren(...kept);
      if (overflow !== undefined) el.dataset.overflow = overflow;
    }
    return result;
  });
}"""
)


def fitted(page: Page | Locator, selector: str = "[data-fit]") -> list[dict[str, Any]]:
    """Each visible name of `selector` with forms (data-fit): what static/js/names.js shows."""
    return page.locator(selector).evaluate_all(FITTED)


def longest_that_fits(page: Page | Locator, selector: str = "[data-fit]") -> list[dict[str, Any]]:
    """Every visible name with forms shows the longest form that fits its box (where none does,
    the shortest, or the whole name where a word longer than the line is what overflows), and
    is read (and titled) whole when shortened; the names, for more checks."""
    names = fitted(page, selector)
    for name in names:
        last = len(name["forms"]) - 1
        assert name["at"] >= 0, f"{name['seen']!r} is none of {name['forms']}"
        assert name["fits"] or name["at"] in (0, last), f"{name['seen']!r} does not fit"
        assert not name["longer"], (
            f"{name['forms'][name['at'] - 1]!r} fits, yet {name['seen']!r} is shown"
        )
        assert name["read"] == name["forms"][0]
        assert name["title"] == (name["forms"][0] if name["at"] else None)
    return names


def overflowing(page: Page | Locator, selector: str) -> list[str]:
    """The texts of `selector`'s visible elements that run out of them (on either side, or
    below their lines): what a reader of any script does not see whole."""
    found: list[str] = page.locator(selector).evaluate_all(
        "els => {" + FITTING + "return els.filter(el => el.getClientRects().length)"
        ".filter(overflows).map(el => el.textContent.trim()); }"
    )
    return found
