// The answer to "may I play this?", drawn the same way for every game: a hint while the move
// is not chosen yet, the server's message when it cannot check, the rule broken, or "Legal"
// with what the move does. Each game adds only the details of a legal move.
import { capital, h } from "./dom.js";
import { _ } from "./words.js";

const mark = (sign) => h("span", { class: "mark", "aria-hidden": "true" }, sign);

// Each rule code's name in the page's language, handed over by the server on the page's root
// (data-rule-names, words/verdicts.py's rule_names): a player reads "S3 · Opening bid", never the
// API's code "opening-bid".
let names = null;
const ruleNameOf = (code) => {
  names ??= JSON.parse(document.querySelector("[data-rule-names]")?.dataset.ruleNames || "{}");
  return names[code] ?? code;
};

/** The rule broken, in words: its id (when the rules give one) and its name, "S3 · Opening bid". */
export const ruleText = (id, code) => (id ? `${id} · ${ruleNameOf(code)}` : ruleNameOf(code));

/** The rule a move breaks, drawn: its id (when the rules name one) and its name. */
export const ruleLine = (a) => h("p", { class: "rule" },
  a.rule_id ? [h("span", { class: "rule-id" }, a.rule_id), " · "] : "", h("span", { class: "rule-name" }, ruleNameOf(a.rule)));

/**
 * Show in `box` an answer of postJson for /check — or {hint: text} ("" for nothing) — with
 * `details(data)`, the game's own parts of a legal answer, after its description.
 */
export function showVerdict(box, answer, details = () => []) {
  box.classList.remove("pending", "legal", "illegal", "problem-box", "hint");
  if (answer.hint === "") { box.replaceChildren(); return; }
  if (answer.hint) {
    box.classList.add("hint");
    box.replaceChildren(h("p", { class: "verdict-hint" }, answer.hint));
    return;
  }
  if (!answer.ok) {
    box.classList.add("problem-box");
    box.replaceChildren(h("p", { class: "verdict-title" }, _("Cannot check this yet")), h("p", { class: "reason" }, answer.message));
    return;
  }
  const a = answer.data;
  if (!a.legal) {
    box.classList.add("illegal");
    box.replaceChildren(h("p", { class: "verdict-title" }, mark("✗"), " ", _("Not allowed")), ruleLine(a), h("p", { class: "reason" }, a.reason));
    return;
  }
  box.classList.add("legal");
  box.replaceChildren(
    h("p", { class: "verdict-title" }, mark("✓"), " ", _("Legal")),
    h("p", { class: "description" }, capital(a.description || "")),
    ...details(a));
}

/** Show the server's message about the position in `box`, or hide it when there is none. */
export function showProblem(box, message) {
  box.hidden = !message;
  box.replaceChildren(message ? h("p", {}, message) : "");
}
