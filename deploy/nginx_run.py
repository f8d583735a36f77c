"""nginx as supervisord starts it: `python -m deploy.nginx_run <run directory> <nginx args…>`.

nginx's workers outlive a master killed outright (kill -9, the OOM killer), and go on holding
its ports, so a new master could not listen there. They are in the dead master's process group,
whose number is the pid in the run directory's nginx.pid: they are told to finish what they
hold and stop (then killed if they have not within nginx's worker_shutdown_timeout), and then
this process becomes nginx, once gunicorn accepts connections (or after APP_PATIENCE seconds
without: nginx then answers 503 until it does), so that a fresh start's first requests reach
the app.
"""

from __future__ import annotations

import contextlib
import os
import signal
import socket
import sys
import time
from pathlib import Path

PATIENCE = 12  # seconds: nginx.conf's worker_shutdown_timeout (10 s) and a little more
APP_PATIENCE = 30  # seconds: an app that takes longer is answered for with 503s meanwhile


def leftovers(master: int) -> list[int]:
    """The nginx processes still in the group of a master that is gone."""
    found = []
    for entry in Path("/proc").glob("[0-9]*"):
        try:
            stat = (entry / "stat").read_text()
            command = (entry / "cmdline").read_bytes()
        except OSError:
            continue  # ended meanwhile
        fields = stat.rsplit(")", 1)[1].split()  # after "pid (name)": state, ppid, pgrp, …
        if int(fields[2]) == master and command.startswith(b"nginx: "):
            found.append(int(entry.name))
    return found


def master_alive(master: int) -> bool:
    """Whether the pid file's master still runs (then its workers are not left over)."""
    try:
        command = Path(f"/proc/{master}/cmdline").read_bytes()
    except OSError:
        return False
    return command.startswith(b"nginx: master")


def end_leftovers(pid_file: Path) -> None:
    """Stop the workers of a killed master, gently first."""
    try:
        master = int(pid_file.read_text().strip())
    except (OSError, ValueError):
        return
    if master_alive(master):
        return
    workers = leftovers(master)
    if not workers:
        return
    print(f"make serve: ending {len(workers)} nginx workers left by a killed master", flush=True)
    for gentle in (signal.SIGQUIT, signal.SIGKILL):
        for pid in workers:
            with contextlib.suppress(ProcessLookupError):
                os.kill(pid, gentle)
        give_up = time.monotonic() + PATIENCE
        while leftovers(master) and time.monotonic() < give_up:
            time.sleep(0.1)
        workers = leftovers(master)
        if not workers:
            return


def wait_for_app(path: Path) -> None:
    """Until gunicorn accepts connections on its unix socket, for APP_PATIENCE seconds at most."""
    give_up = time.monotonic() + APP_PATIENCE
    while time.monotonic() < give_up:
        try:
            with socket.socket(socket.AF_UNIX) as probe:
                probe.connect(str(path))
                return
        except OSError:
            time.sleep(0.1)


def main() -> None:
    """End the leftovers, wait for the app, then exec nginx with the arguments given."""
    run, arguments = Path(sys.argv[1]), sys.argv[2:]
    end_leftovers(run / "nginx.pid")
    wait_for_app(run / "app" / "gunicorn.sock")  # where serve.Settings.app_socket puts it
    os.execvp("nginx", ["nginx", *arguments])


if __name__ == "__main__":
    main()
