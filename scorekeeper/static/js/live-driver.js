// What drives every game's live-deal page (Seep's seep-live.js, Casino's casino-live.js,
// Fifty-six's fifty-six-live.js): the root's data, the API call and what its refusals mean,
// and the deal itself (liveDeal), polled and written; the pieces it draws are live-widgets.js's.
import { byId as $, h } from "./dom.js";
import { donePanel, noteBox, tell } from "./live-widgets.js";
import { followChanges } from "./changes.js";
import { replayDeal } from "./live-replay.js";
import { answeredWith, apiHeaders, unreachable } from "./requests.js";
import { _, ngettext } from "./words.js";

/** What the page's root (templates/sessions/live.html) tells its script. */
export function liveConfig(root) {
  const data = root.dataset;
  return {
    api: data.api,
    board: data.board,
    seats: JSON.parse(data.seats),
    teams: JSON.parse(data.teams),
    token: data.token || null,
    nextDealer: Number(data.nextDealer) || 0,
    number: Number(data.number),
    open: data.open === "true",
    replay: data.replay || null, // the replay's address: a finished deal shown step by step
    // Whether a deal was under way as the page was drawn (with none, GET …/live would be a
    // 404), and the page's tag, to ask for the page again until one is.
    underWay: data.underWay === "true",
    tag: data.tag || null,
    // The session's stream of versions (static/js/changes.js), and its version as drawn.
    changes: data.changes || null,
    version: Number(data.version) || 0,
  };
}

/** The session's own API address, beside its live deal's (cfg.api: …/sessions/<id>/live). */
export const sessionApi = (cfg) => cfg.api.replace(/\/live$/, "");

/**
 * A page's `take(state, before)`: `reset(state)` when the deal moved on (a play, an undo, no
 * deal, or the first state seen), so a move half chosen never carries over to the next play;
 * then `keep(state)`.
 */
export function moveKeeper(reset, keep) {
  return (state, before) => {
    if (!state || !before || state.plays.length !== before.plays.length) reset(state);
    keep(state);
  };
}

/**
 * A JSON request in the page's language, the scorer's `token` as its bearer: {status, data,
 * etag}; status 0 offline.
 */
export async function request(method, url, body, extra, token) {
  const headers = apiHeaders(extra || {});
  if (body !== undefined) headers["Content-Type"] = "application/json";
  if (token && method !== "GET") headers.Authorization = `Bearer ${token}`;
  try {
    const response = await fetch(url, {
      method, headers, cache: "no-store", credentials: "same-origin",
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    const data = response.status === 304 ? null : await response.json().catch(() => null);
    return { status: response.status, data, etag: response.headers.get("ETag") };
  } catch (e) {
    return { status: 0, data: null };
  }
}

/** What a failed write means to the page: a refusal with its rule, another phone first, a problem. */
export function noteFor(answer) {
  const data = answer.data || {};
  if (answer.status === 400 && data.rule_id !== undefined) {
    return { kind: "refused", rule: data.rule_id, code: data.rule, message: data.message, params: data.params };
  }
  if (answer.status === 409 || answer.status === 404) {
    // Another phone was first (the same play number, a deal already started or ended).
    return { kind: "info", message: data.error === "play-exists" || data.error === "play-out-of-order"
      ? _("Another phone entered this play first: here is the deal as it stands.")
      : (data.message || _("The deal changed on another phone.")) };
  }
  if (answer.status === 0) return { kind: "problem", offline: true, message: unreachable() };
  return { kind: "problem", message: data.message || answeredWith(answer.status) };
}

/**
 * A message with each "seat N" of the engine's sentences written as the player's name: for the
 * games whose answers still say "seat N" (Seep's are written with the names by the server).
 */
export const named = (text, seats) => String(text).replace(/\b([Ss])eat (\d+)\b/g,
  (word, _s, n) => (seats[Number(n)] === undefined ? word : seats[Number(n)]));

/** A selector for the element in a live panel that has the focus, to find it drawn again. */
function focusKey(el) {
  const panel = el && el.closest && el.closest("section.panel[id]");
  if (!panel) return null;
  if (el.id) return `#${CSS.escape(el.id)}`;
  const data = Object.entries(el.dataset).map(([k, v]) => `[data-${k.replace(/[A-Z]/g, (c) => "-" + c.toLowerCase())}="${CSS.escape(v)}"]`);
  const cls = el.classList[0] ? `.${CSS.escape(el.classList[0])}` : "";
  return data.length ? `#${panel.id} ${el.tagName.toLowerCase()}${cls}${data.join("")}` : null;
}

/**
 * A live deal as a page follows it: `deal` holds what the page knows ({live, loaded, busy,
 * ended, note}); every change reaches `page.take(state, before)` and is drawn by the shell's
 * panels through `page`: {startHint, plays, status(live), scores(), start(), floor(), play(),
 * restart(start) to fill the start panel in again with a start taken back, and optionally
 * refusal(note) to say a refused play from the engine's params, null to leave it to the server}.
 * A finished deal stays on show beside "recorded" (its last floor, tricks or result).
 * `take(state)` then `floor()` and `scores()` draw a state alone, with no start or play panel
 * (a replay of a finished deal needs only those). Everything comes from GET …/live (polled
 * every 2 s with its ETag), so a reload loses nothing. While no deal is under way (the page
 * was drawn without one, or the one followed ended) the page asks instead for itself, with its
 * tag: the live API is asked again only once the page drawn anew says a deal began.
 */
export function liveDeal(cfg, page) {
  const deal = { live: null, etag: null, loaded: false, busy: false, ended: null, note: null, stopping: false };
  const call = (method, url, body, extra) => request(method, url, body, extra, cfg.token);
  // A panel put away is emptied: its note would be a second #live-note, and it is drawn anew when shown.
  const show = (id, visible) => { $(id).hidden = !visible; if (!visible) $(id).replaceChildren(); };
  let writes = 0; // writes begun: a read begun before the last one is stale
  function take(state) { page.take(state, deal.live); deal.live = state; }
  // Once recorded, the finished deal stays on show (until another deal begins).
  const kept = () => Boolean(deal.live && deal.live.finished);

  async function refresh(force) {
    const tag = deal.etag && !force ? { "If-None-Match": deal.etag } : {};
    const mark = writes;
    const answer = await call("GET", cfg.api, undefined, tag);
    // A write began while this read was on its way: its answer is older than the write's.
    if (mark !== writes) return;
    if (answer.status !== 0 && deal.note && deal.note.offline) {
      // What failed to send is still chosen: say it can be sent now.
      deal.note = { kind: "info", message: _("The connection is back: tap again to send it.") };
      render();
    }
    if (answer.status === 200) {
      // The state a write already drew (its answer has no ETag): drawing it again would
      // replace the buttons under a finger about to tap one.
      if (deal.live && !deal.ended && answer.data.version === deal.live.version) { deal.etag = answer.etag; return; }
      if (deal.ended) nextDeal(deal.ended.number + 1);
      const shown = deal.live ? deal.live.plays.length : 0, now = answer.data.plays.length;
      if (now < shown) deal.note = { kind: "info", message: now === shown - 1
        ? _("Another phone took back play {number}.", { number: shown })
        : _("Another phone took back plays {first} to {last}.", { first: now + 1, last: shown }) };
      take(answer.data); deal.etag = answer.etag;
    }
    else if (answer.status === 404) {
      // Still no deal: drawing the start panel again would wipe what is being typed in it.
      if (deal.loaded && (!deal.live || (deal.ended && kept()))) return;
      // Gone on another phone: recorded by its last play, or taken back (its start, or its
      // plays discarded to enter the deal whole).
      if (deal.live && !deal.ended) {
        if (await recorded()) deal.ended = { number: cfg.number };
        else deal.note = { kind: "info", message: deal.live.plays.length
          ? _("Another phone stopped playing deal {deal} live, to enter it whole: its plays were discarded.", { deal: cfg.number })
          : _("Another phone took back the start of deal {deal}.", { deal: cfg.number }) };
      }
      if (mark !== writes) return;
      if (!kept()) take(null);
      deal.etag = answer.etag;
    } else return; // 304, offline or a hiccup: the next poll tries again
    deal.loaded = true;
    render();
  }

  /**
   * Whether the session now holds this deal (the live deal gone was recorded, not taken back);
   * if so, its last state (from the deal's replay) is drawn, to stay on show as it would had
   * this phone sent the last play.
   */
  async function recorded() {
    const session = sessionApi(cfg);
    const answer = await call("GET", session);
    const held = answer.status === 200 && answer.data.deals.find((d) => d.number === cfg.number && !d.deleted);
    if (!held) return false;
    const replay = await call("GET", `${session}/deals/${held.id}/plays`);
    if (replay.status === 200) {
      const { steps, plays } = replay.data;
      take({ ...steps[steps.length - 1], plays });
    }
    return true;
  }

  /** A deal begun (on another phone) after the one on show, if any: the page follows it as `number`. */
  function nextDeal(number) {
    cfg.number = number;
    deal.ended = null;
    take(null); // what was kept on show is not this deal's
    document.querySelectorAll("[data-deal-number]").forEach((n) => { n.textContent = cfg.number; });
  }

  /** Whether a deal is being followed: else its API would answer 404, so the page is asked. */
  const following = () => Boolean(deal.live) && !deal.ended;

  /**
   * Asks for this page again (a 304 while the session is unchanged); when it says a deal is under
   * way, the deal is read from the API. Its number is the page's: deals entered whole since count.
   */
  async function told() {
    let response;
    try {
      const headers = cfg.tag ? { "If-None-Match": `W/"${cfg.tag}"` } : {};
      response = await fetch(location.pathname, { headers, cache: "no-store", credentials: "same-origin" });
    } catch (e) {
      return; // offline: the next poll tries again
    }
    // Read even when empty (a 304): a body left unread cancels the request, which then shows
    // as failed (net::ERR_ABORTED) where the page's requests are watched.
    const text = await response.text().catch(() => "");
    if (response.status !== 200 || deal.busy) return;
    const root = new DOMParser().parseFromString(text, "text/html").getElementById("live-deal");
    if (!root) return;
    const now = liveConfig(root);
    cfg.tag = now.tag;
    if (!now.underWay || following()) return;
    nextDeal(now.number);
    await refresh(true);
  }

  /** Read the deal (or the page, with none under way) now, unless busy or hidden: then later. */
  async function check() {
    if (deal.busy || document.hidden) {
      behind = true; // read when the write ends, or when the page is shown again
      return;
    }
    behind = false;
    await (following() ? refresh(false) : told());
  }
  let behind = false;

  async function poll() {
    await check();
    setTimeout(poll, 2000);
  }

  /** A version from the session's stream: read what changed; null (the stream is down): poll. */
  let heardVersion = cfg.version;
  function heard(version) {
    if (version === null) check();
    else if (version > heardVersion) {
      heardVersion = version;
      check();
    } // the version already drawn: nothing is asked
  }

  function listen() {
    followChanges(cfg.changes, heard);
    document.addEventListener("visibilitychange", () => { if (behind) check(); });
    setInterval(() => { if (behind && !deal.busy) check(); }, 500);
    // A play that could not be sent: ask as the poll did, to say when the connection is back.
    setInterval(() => { if (deal.note && deal.note.offline) check(); }, 2000);
  }

  /** A new state written: drawn, and the deal it recorded, if it was the last play. */
  function adopt(data) {
    take(data);
    if (data.deal) deal.ended = { number: data.deal.number || cfg.number };
  }

  /**
   * A write: its answer drawn (by `done`, a state's by default); a refusal shows its rule and
   * changes nothing; a 409 shows the deal.
   */
  async function write(method, url, body, done = adopt) {
    deal.busy = true; deal.note = null; writes += 1; render();
    const answer = await call(method, url, body);
    deal.busy = false;
    const data = answer.data || {};
    if (answer.status === 200 || answer.status === 201) {
      done(data); deal.etag = null; deal.loaded = true; // the next poll reads it with its tag
    } else {
      deal.note = noteFor(answer);
      // A game's page may say a refusal from the engine's data (page.refusal); else each "seat N".
      deal.note.message = (page.refusal && page.refusal(deal.note)) || named(deal.note.message, cfg.seats);
      if (deal.note.kind === "info") { await refresh(true); return; }
    }
    render();
  }

  function status() {
    const { live, loaded, ended } = deal;
    if (!loaded) return _("Loading the deal…");
    if (!live) {
      if (ended) return _("Deal {deal} recorded.", { deal: ended.number });
      return cfg.token && cfg.open ? page.startHint : _("No deal is being played live.");
    }
    if (live.finished) return ngettext("All {n} card played.", "All {n} cards played.", page.plays);
    return page.status(live);
  }

  function render() {
    const focus = focusKey(document.activeElement);
    draw();
    // A redraw replaces the buttons: the one a keyboard was on keeps the focus.
    const again = focus && document.querySelector(focus);
    if (again && again !== document.activeElement) again.focus({ preventScroll: true });
  }

  function draw() {
    const { live, loaded, ended } = deal;
    const now = status();
    if ($("live-status").textContent !== now) $("live-status").textContent = now;
    page.scores();
    show("start-panel", loaded && !live && !ended && cfg.token !== null && cfg.open);
    show("floor-panel", Boolean(live));
    show("play-panel", Boolean(live) && cfg.token !== null && !live.finished);
    show("done-panel", Boolean(ended) || (loaded && !live && (!cfg.token || !cfg.open)));
    if (!$("start-panel").hidden) page.start();
    if (live) page.floor();
    if (!$("play-panel").hidden) page.play();
    if (!$("done-panel").hidden) donePanel($("done-panel"), ended, cfg);
    tell(now);
  }

  const playsUrl = (k) => cfg.api + "/plays" + (k === undefined ? "" : "/" + k);
  /** Send the next play: `move` numbered after the plays so far. */
  const play = (move) => write("POST", playsUrl(), { number: deal.live.plays.length + 1, ...move });

  /**
   * The foot of the play panel: the note, a hint of what is missing, Play (`wanted.play`) and
   * Undo; with no `wanted` (a tap sends the play at once, as Fifty-six's calls and cards) the
   * note and Undo only.
   */
  function playFoot(wanted) {
    const done = deal.live.plays.length;
    return [
      noteBox(deal.note),
      wanted ? h("p", { class: "muted small live-hint", "aria-live": "polite" }, wanted.hint || "") : null,
      h("div", { class: "live-buttons" },
        wanted ? h("button", { type: "button", class: "button big", id: "play-button", disabled: !wanted.play || deal.busy,
          onclick: () => play(wanted.play) }, _("Play")) : null,
        done ? h("button", { type: "button", class: "button secondary", id: "undo-button", disabled: deal.busy,
          onclick: () => write("DELETE", playsUrl(done)) }, _("Undo play {number}", { number: done }))
          : h("button", { type: "button", class: "button secondary", id: "undo-button", disabled: deal.busy,
            onclick: unstart }, _("Undo the start"))),
      done ? stopBox(done) : null,
    ].filter(Boolean);
  }

  /**
   * Stop playing the deal live, to enter it whole instead: asked first, as its plays are
   * discarded; the count sent is the plays shown, so one entered since on another phone is not.
   */
  function stopBox(done) {
    const ask = (asking) => { deal.stopping = asking; render(); };
    if (!deal.stopping) {
      return h("p", { class: "live-stop" }, h("button", { type: "button", class: "button secondary small", id: "stop-button",
        disabled: deal.busy, onclick: () => ask(true) }, _("Stop playing live and enter the deal whole")));
    }
    return h("div", { class: "live-stop problem", role: "group", "aria-labelledby": "stop-q" },
      h("p", { id: "stop-q" }, ngettext(
        "Stop playing deal {deal} live? Its play is discarded and you enter the deal whole.",
        "Stop playing deal {deal} live? Its {n} plays are discarded and you enter the deal whole.",
        done, { deal: cfg.number })),
      h("div", { class: "live-buttons" },
        h("button", { type: "button", class: "button", id: "stop-confirm", disabled: deal.busy,
          onclick: () => write("DELETE", `${cfg.api}?plays=${done}`, undefined, () => location.assign(`${cfg.board}/deals/new`)) },
          ngettext("Discard the play", "Discard the {n} plays", done)),
        h("button", { type: "button", class: "button secondary", onclick: () => ask(false) }, _("Keep playing live"))));
  }

  /** Take back the start (no play yet): the start panel again, filled in as it was sent. */
  const unstart = () => write("DELETE", cfg.api, undefined, (data) => { take(null); page.restart(data.start); });

  /** The deal as the page was drawn: read from the API if one was under way; else none, unasked. */
  async function first() {
    if (cfg.underWay) return refresh(true);
    deal.loaded = true;
    render();
  }
  const follow = () => first().then(() => (cfg.changes ? listen() : setTimeout(poll, 2000)));
  Object.assign(deal, { render, write, play, playFoot, begin: () => (cfg.replay ? replayDeal(cfg.replay, page) : follow()) });
  return deal;
}
