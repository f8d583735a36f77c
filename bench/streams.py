"""The change streams' figures (issue 36): `python -m bench.streams` (in `make bench`).

Over a throwaway PostgreSQL, two app servers (gunicorn, one worker each) and a stream tier
(`python -m deploy.streams`) per app server, as two machines would run them:
- **latency**: 1,000 streams held on tier B, four per session; deals posted through app server
  A, one at a time; from each post sent to each of its four events heard on B (an upper bound
  of commit to event: it includes the post's own time), p50 and p99;
- **reads per write**: what tier B sent the database and heard from it, as it says when it
  stops: its reads are the streams' openings (batched), none per write; one notification per
  write (the trigger's, at commit);
- **open streams**: 10,000 idle streams through `make serve`'s nginx on its one tier: the tier's
  and nginx's resident memory over the streams, and their CPU while idle with the heartbeats,
  for 30 s;
- **polling, measured again**: a poll's 304 (GET of the session's API with its tag) on app
  server A, CPU per poll; and what a phone fetches on an event (`?since=`), CPU per fetch;
- **the paper**: cores and memory for 10,000 tables with four phones each, both ways.
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import os
import resource
import signal
import subprocess
import sys
import tempfile
import time
from collections.abc import Iterator
from contextlib import ExitStack, contextmanager
from dataclasses import dataclass
from pathlib import Path

from bench.load import (
    ROOMY_LIMITS,
    SECRET_KEY,
    cpu_seconds,
    database,
    family,
    free_port,
    gunicorn,
    proxied,
    stop,
)
from bench.load_http import HOST, exchange
from bench.seep_moves import percentile, table
from tests.helpers.seep import deal

ROOT = Path(__file__).resolve().parent.parent
TEAMS = [{"players": ["Asha"]}, {"players": ["Dev"]}]
PHONES = 4  # per table
DEAL_SECONDS = 180  # a Seep deal entered whole, about every three minutes at a table
PLAY_SECONDS = 5  # a card played live, about every five seconds
TABLES_PLANNED = 10_000


@contextmanager
def stream_tier(url: str, log: Path) -> Iterator[tuple[int, int]]:
    """`python -m deploy.streams` on a free port over the database; yields (port, pid)."""
    port = free_port()
    env = {
        **os.environ,
        **ROOMY_LIMITS,
        "DATABASE_URL": url,
        "SECRET_KEY": SECRET_KEY,
        "SCOREKEEPER_STREAMS_BIND": f"{HOST}:{port}",
    }
    with log.open("w") as output:
        tier = subprocess.Popen(
            [sys.executable, "-m", "deploy.streams"],
            cwd=ROOT,
            env=env,
            stdout=output,
            stderr=subprocess.STDOUT,
        )
    try:
        give_up = time.monotonic() + 60
        while exchange(port, 2, "GET", "/api/v1/sessions/none/changes", None, {}).status != "404":
            if time.monotonic() > give_up or tier.poll() is not None:
                raise SystemExit(f"the stream tier did not start:\n{log.read_text()[-3000:]}")
            time.sleep(0.2)
        yield port, tier.pid
    finally:
        stop(tier, signal.SIGTERM, 20)


class Follower:
    """One stream held by the bench: the times its events came, by version."""

    def __init__(self) -> None:
        self.heard: dict[int, float] = {}
        self.writer: asyncio.StreamWriter | None = None

    async def follow(self, port: int, session_id: str, opened: asyncio.Event) -> None:
        reader, self.writer = await asyncio.open_connection(HOST, port)
        path = f"/api/v1/sessions/{session_id}/changes"
        self.writer.write(f"GET {path} HTTP/1.1\r\nHost: bench\r\n\r\n".encode())
        await self.writer.drain()
        await reader.readuntil(b"\r\n\r\n")
        while True:
            line = await reader.readline()
            if not line:
                return
            if line.startswith(b"id: "):
                self.heard[int(line[4:])] = time.monotonic()
                if len(self.heard) == 1:
                    opened.set()

    def close(self) -> None:
        if self.writer is not None:
            self.writer.close()


async def hold(port: int, sessions: list[str], per: int) -> list[Follower]:
    """`per` streams of each session on the tier at `port`, each heard once at least."""
    followers: list[Follower] = []
    for at in range(0, len(sessions), 100):  # in batches: no thundering herd of connects
        batch = []
        for session_id in sessions[at : at + 100]:
            for _ in range(per):
                follower, opened = Follower(), asyncio.Event()
                asyncio.get_running_loop().create_task(follower.follow(port, session_id, opened))
                batch.append(opened)
                followers.append(follower)
        await asyncio.wait_for(asyncio.gather(*(o.wait() for o in batch)), 120)
    return followers


def start(port: int) -> tuple[str, str]:
    """A Seep session started on the app server at `port`: its id and token."""
    answer = exchange(port, 30, "POST", "/api/v1/sessions", {"game": "seep", "teams": TEAMS}, {})
    made = answer.json()
    return made["id"], made["edit_token"]


def post(port: int, session: tuple[str, str]) -> float:
    """A deal posted on the app server at `port`; when it was sent."""
    sent = time.monotonic()
    headers = {"Authorization": f"Bearer {session[1]}"}
    answer = exchange(port, 30, "POST", f"/api/v1/sessions/{session[0]}/deals", deal(60), headers)
    assert answer.status == "201", answer.body[:300]
    return sent


@dataclass
class Heard:
    """Milliseconds from each post sent to each of its events heard, each post's own time (sent
    to answered: its commit is within it), the events never heard, and the sessions posted to."""

    waits: list[float]
    posts: list[float]
    missed: int
    sessions: list[str]


async def latency(app: int, tier: int, streams: int, writes: int) -> Heard:
    """Each post sent on app server `app` (a deal to each session in turn) and its events heard
    on `tier`, `streams` held there over sessions of four phones each."""
    sessions = [await asyncio.to_thread(start, app) for _ in range(streams // PHONES)]
    followers = await hold(tier, [s for s, _ in sessions], PHONES)
    by_session = {s: followers[n * PHONES : (n + 1) * PHONES] for n, (s, _) in enumerate(sessions)}
    found: list[float] = []
    posts: list[float] = []
    missed = 0
    for n in range(writes):
        session = sessions[n % len(sessions)]
        version = 1 + 1 + n // len(sessions)  # each session's deals, in turn
        sent = await asyncio.to_thread(post, app, session)
        posts.append(1000 * (time.monotonic() - sent))
        listening = by_session[session[0]]
        give_up = time.monotonic() + 10
        while any(version not in f.heard for f in listening) and time.monotonic() < give_up:
            await asyncio.sleep(0.001)
        found += [1000 * (f.heard[version] - sent) for f in listening if version in f.heard]
        missed += sum(version not in f.heard for f in listening)
    for follower in followers:
        follower.close()
    return Heard(found, posts, missed, [s for s, _ in sessions])


def tier_of(launcher: int) -> int:
    """The stream tier make serve's launcher started (deploy/streams.py under supervisord)."""
    found = started_by(launcher, b"deploy.streams")
    if len(found) != 1:
        raise SystemExit(f"make serve started {len(found)} stream tiers")
    return found[0]


def nginx_of(launcher: int) -> list[int]:
    """make serve's nginx: its master and workers."""
    return started_by(launcher, b"nginx: ")


def started_by(launcher: int, marker: bytes) -> list[int]:
    """The launcher's descendants whose command line holds `marker`."""
    found = []
    for pid in family(launcher):
        with contextlib.suppress(OSError):
            if marker in Path(f"/proc/{pid}/cmdline").read_bytes():
                found.append(pid)
    return found


def resident_kb(pid: int) -> int:
    """A process's resident memory, KB."""
    status = Path(f"/proc/{pid}/status").read_text()
    return int(next(line.split()[1] for line in status.splitlines() if line.startswith("VmRSS")))


@dataclass
class Idle:
    """What idle streams cost: KB per stream in the tier and in nginx, and % of a core each."""

    tier_kb: float
    nginx_kb: float
    tier_cpu: float
    nginx_cpu: float


async def idle(app: int, served: int, launcher: int, streams: int, seconds: float) -> Idle:
    """What `streams` idle streams cost the tier and nginx of make serve (at `served`, started
    by `launcher`), held through its nginx as phones hold them, over `seconds` of heartbeats."""
    sessions = [await asyncio.to_thread(start, app) for _ in range(max(1, streams // PHONES // 10))]
    tier, nginx = tier_of(launcher), nginx_of(launcher)
    before = resident_kb(tier), sum(map(resident_kb, nginx))
    followers = await hold(served, [s for s, _ in sessions], streams // len(sessions))
    await asyncio.sleep(2)
    tier_kb = (resident_kb(tier) - before[0]) / len(followers)
    nginx_kb = (sum(map(resident_kb, nginx)) - before[1]) / len(followers)
    used = cpu_seconds(tier), cpu_seconds(tuple(nginx))
    await asyncio.sleep(seconds)
    tier_cpu = 100 * (cpu_seconds(tier) - used[0]) / seconds
    nginx_cpu = 100 * (cpu_seconds(tuple(nginx)) - used[1]) / seconds
    for follower in followers:
        follower.close()
    return Idle(tier_kb, nginx_kb, tier_cpu, nginx_cpu)


def poll_cost(app: int, app_pid: int, polls: int) -> tuple[float, float]:
    """CPU milliseconds of the app server per poll's 304 (a HEAD with the session's tag), and
    per `?since=` answer of the last deal (what each phone fetches on an event: the same for
    every phone, worked out once per version)."""
    session, token = start(app)
    post(app, (session, token))
    path = f"/api/v1/sessions/{session}"
    tag = exchange(app, 10, "GET", path, None, {}).headers["etag"]
    costs = []
    for target, headers in ((path, {"If-None-Match": tag}), (f"{path}?since=1", {})):
        used = cpu_seconds(app_pid)
        for _ in range(polls):
            answer = exchange(app, 10, "GET", target, None, headers)
            assert answer.status in ("200", "304"), answer.status
        costs.append(1000 * (cpu_seconds(app_pid) - used) / polls)
    return costs[0], costs[1]


def tier_reads(log: Path) -> str:
    """What the tier said of its reads when it stopped."""
    said = [line for line in log.read_text().splitlines() if "streams: " in line]
    return said[-1] if said else "(the tier said nothing of its reads)"


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--streams", type=int, default=1000)
    parser.add_argument("--writes", type=int, default=200)
    parser.add_argument("--idle", type=int, default=10_000)
    parser.add_argument("--seconds", type=float, default=30)
    args = parser.parse_args(argv)
    resource.setrlimit(resource.RLIMIT_NOFILE, (20_000, 20_000))
    with tempfile.TemporaryDirectory(prefix="scorekeeper-streams-") as scratch, ExitStack() as up:
        logs = Path(scratch)
        url, _ = up.enter_context(database("postgresql"))
        app_a, pid_a = up.enter_context(gunicorn(url, 1, logs / "a.log"))
        up.enter_context(gunicorn(url, 1, logs / "b.log"))
        with stream_tier(url, logs / "streams-b.log") as (tier_b, _):
            heard = asyncio.run(latency(app_a, tier_b, args.streams, args.writes))
        said = tier_reads(logs / "streams-b.log")
        costs = poll_cost(app_a, pid_a, 2000)
        served, launcher = up.enter_context(proxied(url, 2, logs / "serve.log"))
        held = asyncio.run(idle(app_a, served, launcher, args.idle, args.seconds))
    report(args, heard, held, costs, said)


def report(
    args: argparse.Namespace, heard: Heard, held: Idle, costs: tuple[float, float], said: str
) -> None:
    """The figures beside their targets, and the paper."""
    waits, posts = heard.waits, heard.posts
    poll_ms, since_ms = costs
    rows = [
        [f"post sent → event on the other server, p50 ({args.streams} streams)",
         f"{percentile(waits, 50):.1f} ms", "< 50 ms"],
        ["… p99", f"{percentile(waits, 99):.1f} ms", "< 250 ms"],
        ["events never heard", str(heard.missed), "0"],
        ["the post's own time (its commit within), p50", f"{percentile(posts, 50):.1f} ms", ""],
        [f"tier memory per idle stream ({args.idle} through nginx)", f"{held.tier_kb:.1f} KB",
         "< 20 KB"],
        ["nginx memory per idle stream", f"{held.nginx_kb:.1f} KB", ""],
        ["CPU of the idle tier, its heartbeats", f"{held.tier_cpu:.2f} % of a core", "< 2 %"],
        ["CPU of nginx meanwhile", f"{held.nginx_cpu:.2f} % of a core", ""],
        ["app CPU per poll's 304 (GET with If-None-Match)", f"{poll_ms:.2f} ms", ""],
        ["app CPU per ?since= answer (a phone's fetch on an event)", f"{since_ms:.2f} ms", ""],
    ]  # fmt: skip
    table("The change streams", ["figure", "measured", "target"], rows)
    print(f"\nTier B, after {args.writes} writes to its {args.streams} streams: {said}")
    paper(args, held, poll_ms, since_ms)


def paper(args: argparse.Namespace, held: Idle, poll_ms: float, since_ms: float) -> None:
    """Cores and memory for TABLES_PLANNED tables of PHONES phones, polling and streaming."""
    phones = TABLES_PLANNED * PHONES
    polls = phones / 2  # every 2 s
    deals = TABLES_PLANNED / DEAL_SECONDS
    plays = TABLES_PLANNED / PLAY_SECONDS
    kb = held.tier_kb + held.nginx_kb
    print(
        f"\nThe paper, {TABLES_PLANNED:,} tables × {PHONES} phones = {phones:,} phones:\n"
        f"- polling every 2 s: {polls:,.0f} polls/s × {poll_ms:.2f} ms = "
        f"{polls * poll_ms / 1000:.1f} app cores, and {polls:,.0f} database reads/s;\n"
        f"- streams: {phones:,} × {kb:.1f} KB (tier and nginx) = {phones * kb / 1024:.0f} MB; "
        f"{phones / args.idle:.0f} tiers of {args.idle:,}, idle CPU "
        f"{(held.tier_cpu + held.nginx_cpu) * phones / args.idle / 100:.2f} cores;\n"
        f"  score keeping (a deal every {DEAL_SECONDS} s a table): {deals:,.0f} changes/s × "
        f"{PHONES} fetches × {since_ms:.2f} ms = {deals * PHONES * since_ms / 1000:.2f} app "
        f"cores, {deals:,.0f} notifications/s;\n"
        f"  play by play (a card every {PLAY_SECONDS} s a table): {plays:,.0f} changes/s × "
        f"{PHONES} × {since_ms:.2f} ms = {plays * PHONES * since_ms / 1000:.1f} app cores."
    )


if __name__ == "__main__":
    main()
