// Asking the JSON API from a page: a POST helper, and sequencing so that only the answer
// to the latest question is shown, however the answers arrive. Every call to the API says the
// page's language: the API answers in Accept-Language's (never the menu's cookie), so its
// `message` and `reason` come back in the words of the page that shows them.
import { _ } from "./words.js";

/** The headers of a call to the JSON API, `extra` added: JSON, in the page's language. */
export const apiHeaders = (extra = {}) => ({
  Accept: "application/json", "Accept-Language": document.documentElement.lang || "en", ...extra,
});

/** What the page says when the server answered `status` with no message of its own. */
export const answeredWith = (status) => _("The server answered {status}.", { status });

/** What the page says when the server could not be reached. */
export const unreachable = () => _("Could not reach the server: check the connection and tap again.");

/**
 * POST `body` as JSON; resolves to {ok: true, data}, {ok: false, message} or, when
 * `signal` aborted it, {aborted: true}. Never rejects.
 */
export async function postJson(url, body, signal) {
  try {
    const response = await fetch(url, {
      method: "POST", headers: apiHeaders({ "Content-Type": "application/json" }),
      body: JSON.stringify(body), signal,
    });
    let data = null;
    try { data = await response.json(); } catch (e) { data = null; }
    if (response.ok && data) return { ok: true, data };
    return { ok: false, message: (data && data.message) || answeredWith(response.status) };
  } catch (e) {
    if (e.name === "AbortError") return { aborted: true };
    return { ok: false, message: unreachable() };
  }
}

/**
 * Latest answer wins. Each `begin()` starts a question and returns {isLatest(), signal}:
 * isLatest() turns false once a newer question begins. With begin({abortable: true}) the
 * previous abortable question is aborted too (a slow answer must not hold up the next
 * ones), and `signal` is for its fetch; abort() aborts the current one.
 */
export function latestWins() {
  let seq = 0, controller = null;
  return {
    begin({ abortable = false } = {}) {
      const mine = ++seq;
      if (abortable) {
        if (controller) controller.abort();
        controller = new AbortController();
      }
      return { isLatest: () => mine === seq, signal: abortable ? controller.signal : undefined };
    },
    abort() { if (controller) controller.abort(); },
  };
}

/** `fn` called once, `ms` after the last of a burst of calls. */
export function debounce(fn, ms) {
  let timer = null;
  return () => {
    clearTimeout(timer);
    timer = setTimeout(fn, ms);
  };
}
