// A page that follows a table hears of each change the moment it is saved: a stream of the
// table's versions (Server-Sent Events, GET …/changes), one per phone however many of its tabs
// follow that table. The tab holding the Web Lock named for the stream reads it and tells the
// others on a BroadcastChannel; when it closes, the next tab takes the lock and the stream over.
// A stream the server ends (its tier restarting) is opened again after PERIOD_MS, with the last
// event's id, so nothing is missed. Where the stream cannot be opened, or goes silent for a
// minute (a proxy buffering it), the tab falls back to asking every PERIOD_MS whether the table
// changed, and tries the stream again a few minutes later.
const PERIOD_MS = 2000; // the fallback's period: the ETag poll of the pages before streams
const SILENT_MS = 60_000; // no event nor ping for this long (the server pings every 20 s)
const POLL_FOR_MS = 3 * 60_000; // how long the fallback lasts before the stream is tried again

/**
 * Call `changed(version)` for each new version of the table whose stream is at `url`, and
 * `changed(null)` every PERIOD_MS while the stream is down (then ask the server yourself).
 */
export function followChanges(url, changed) {
  const name = url; // the lock's and the channel's: one per stream
  const channel = "BroadcastChannel" in window ? new BroadcastChannel(name) : null;
  const heard = (version) => { changed(version); channel?.postMessage(version); };
  if (channel) channel.onmessage = (event) => changed(event.data);
  const lead = () => streamOn(url, heard);
  if (channel && navigator.locks) navigator.locks.request(name, lead); // held until the tab goes
  else lead();
}

async function streamOn(url, heard) {
  let last = null;
  for (;;) {
    const [id, ended] = await read(url, last, heard);
    last = id;
    if (ended) { // by the server: opened again, told what it missed by the last event's id
      await sleep(PERIOD_MS);
      continue;
    }
    const until = Date.now() + POLL_FOR_MS;
    while (Date.now() < until) {
      heard(null);
      await sleep(PERIOD_MS);
    }
  }
}

/** Read the stream until it ends, fails or goes silent: the last event's id, and whether the
 * server ended a stream it had opened. */
async function read(url, last, heard) {
  const stop = new AbortController();
  let silence = setTimeout(() => stop.abort(), SILENT_MS);
  let ended = false;
  try {
    const headers = { Accept: "text/event-stream", ...(last ? { "Last-Event-ID": last } : {}) };
    const response = await fetch(url, { headers, cache: "no-store", credentials: "omit", signal: stop.signal });
    if (!response.ok || !response.body) return [last, false];
    const lines = response.body.pipeThrough(new TextDecoderStream()).pipeThrough(splitLines()).getReader();
    let event = {};
    for (;;) {
      const { value: line, done } = await lines.read();
      if (done) {
        ended = true;
        break;
      }
      clearTimeout(silence);
      silence = setTimeout(() => stop.abort(), SILENT_MS);
      if (line === "") {
        if (event.type === "version" && event.data) {
          last = event.id ?? last;
          heard(JSON.parse(event.data).version);
        }
        event = {};
      } else if (!line.startsWith(":")) {
        const [, field, value] = line.match(/^([^:]*):? ?(.*)$/);
        if (field === "event") event.type = value;
        else if (field === "data") event.data = value;
        else if (field === "id") event.id = value;
      }
    }
  } catch {
    // Offline, refused or silent: the caller polls for a while.
  } finally {
    clearTimeout(silence);
  }
  return [last, ended];
}

/** A stream of text split into lines, as SSE ends them (\n, \r\n or \r). */
function splitLines() {
  let rest = "";
  return new TransformStream({
    transform(chunk, out) {
      const parts = (rest + chunk).split(/\r\n|\r|\n/);
      rest = parts.pop();
      parts.forEach((line) => out.enqueue(line));
    },
  });
}

const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));
