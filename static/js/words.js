// Words at the edge, for the pages' script: plural forms by the language's rules (Intl.PluralRules),
// so "1 point" and "2 points" are right, and each sentence is one string a catalog can translate.
const rules = new Intl.PluralRules(document.documentElement.lang || "en");

/** The form of `forms` ({one, other, …}) for `n`, with "{n}" replaced: plural(3, {one: "{n} point", other: "{n} points"}). */
export function plural(n, forms) {
  const form = forms[rules.select(n)] ?? forms.other;
  return form.replaceAll("{n}", String(n));
}

/** `text` with each "{name}" replaced by `values[name]`: fill("{who} to call", {who: "Dev"}). */
export const fill = (text, values) => text.replace(/\{(\w+)\}/g, (all, key) => (key in values ? String(values[key]) : all));
