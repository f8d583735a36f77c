"""A load balancer in front of several machines' `make serve`: `python -m deploy.balancer
<listen> <machine> [<machine> …]`, each machine as host:port, runs nginx in the foreground with
deploy/balancer.conf filled in (its files in SCOREKEEPER_BALANCER_DIR, default a temporary
directory). Give each machine SCOREKEEPER_PROXIES=2, the balancer and its own nginx.
"""

from __future__ import annotations

import os
import sys
import tempfile
from pathlib import Path

TEMPLATE = Path(__file__).with_name("balancer.conf")


def balancer_conf(listen: str, machines: list[str], run: Path) -> str:
    """The template filled: nginx listening on `listen`, spreading over `machines`."""
    servers = "\n".join(
        f"        server {machine} max_fails=1 fail_timeout=2s;" for machine in machines
    )
    places = {"RUN": str(run), "LISTEN": listen, "MACHINES": servers}
    text = TEMPLATE.read_text()
    for name, value in places.items():
        text = text.replace(f"@{name}@", value)
    return text


def write(listen: str, machines: list[str], run: Path) -> Path:
    """Write the configuration into `run`; its path."""
    run.mkdir(parents=True, exist_ok=True)
    conf = run / "balancer.conf"
    conf.write_text(balancer_conf(listen, machines, run))
    return conf


def main(argv: list[str]) -> None:
    """Become nginx over the written configuration."""
    if len(argv) < 2:
        sys.exit("usage: python -m deploy.balancer <listen> <host:port> [<host:port> …]")
    given = os.environ.get("SCOREKEEPER_BALANCER_DIR")
    run = Path(given) if given else Path(tempfile.mkdtemp(prefix="sk-balancer-"))
    conf = write(argv[0], argv[1:], run)
    os.execvp("nginx", ["nginx", "-e", "stderr", "-p", f"{run}/", "-c", str(conf)])


if __name__ == "__main__":
    main(sys.argv[1:])
