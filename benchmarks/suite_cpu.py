r"""Benchmark: where the test suite's CPU goes, by kind of process.

It runs a command (by default the suite on two workers, as ``make unit`` runs it:
``.venv/bin/pytest -n 2 --dist loadfile -q``) and, while it runs, reads every process's CPU time
from ``/proc`` every ``--every`` seconds. It reports the command's wall time, the machine's busy,
idle and stolen core-seconds over it (``/proc/stat``: exact), and the CPU seconds of each kind of
process (Chromium by its ``--type``, the xdist workers, the site builds, the lab's kernels, each
Node tool, the rest). A process that starts and ends between two readings is missed, and each loses
what it spent after the last reading: the kinds add up to a little less than "busy". Its own
readings cost CPU too (counted in "busy", reported apart).

Why it exists (issues 31 and 33): the suite's budget is 75 s on two cores, about 140 busy
core-seconds, and the run is CPU-bound: this says which kind of work a change would have to
remove. For the budget's own case, run it in a fresh clone with an empty ``HOME``::

    fresh=$(mktemp -d) && git clone . "$fresh" && cd "$fresh" && make install && npm ci --ignore-scripts
    HOME=$(mktemp -d) .venv/bin/python benchmarks/suite_cpu.py

Run from a project's root: ``.venv/bin/python benchmarks/suite_cpu.py [--every S] [COMMAND ...]``
(any other machine load counts in "busy": run it on an otherwise idle machine).
"""

from __future__ import annotations

import argparse
import os
import subprocess
import time
from pathlib import Path

TICKS = os.sysconf("SC_CLK_TCK")
SUITE = [".venv/bin/pytest", "-n", "2", "--dist", "loadfile", "-q"]
#: What a process's command line says it is, the first match winning (Node tools by script).
KINDS = [
    ("xdist worker", "exec(eval(sys.stdin.readline()))"),
    ("site build", "-m coursesite build"),
    ("lab kernel", "ipykernel"),
    ("Playwright's driver", "run-driver"),
    ("wrangler", "wrangler"),
    ("html-validate", "html-validate"),
    ("Observatory", "observatory"),
    ("site build", "pagefind"),
    ("pytest (controller and subprocesses)", "bin/pytest"),
    ("pytest (controller and subprocesses)", "-m pytest"),
]


def kind_of(executable: str, argv: list[str]) -> str:
    """Return the kind of a process, from its executable's name and its arguments: Chromium's
    by their ``--type`` (none: the browser process), the others by ``KINDS``."""
    if "crashpad" in executable:
        return "Chromium other"
    if executable.startswith(("chromium", "chrome", "headless_shell")):
        types = [a.removeprefix("--type=") for a in argv if a.startswith("--type=")]
        return f"Chromium {types[0] if types else 'browser'}"
    if executable == "workerd":
        return "workerd"
    line = " ".join(argv)
    return next((kind for kind, mark in KINDS if mark in line), f"other ({executable})")


def processes() -> dict[tuple[str, str], tuple[str, float]]:
    """Return each running process but this one, keyed by pid and start time, with its kind
    and the CPU seconds it has used."""
    found = {}
    for pid in filter(str.isdigit, os.listdir("/proc")):
        if int(pid) == os.getpid():
            continue
        try:
            executable = Path(f"/proc/{pid}/exe").resolve().name
            # Chromium rewrites its processes' titles: their arguments are one string.
            raw = Path(f"/proc/{pid}/cmdline").read_bytes().replace(b"\0", b" ")
            stat = Path(f"/proc/{pid}/stat").read_text()
        except OSError:
            continue  # it ended meanwhile, or is not ours to read
        fields = stat[stat.rfind(")") + 2 :].split()
        seconds = (int(fields[11]) + int(fields[12])) / TICKS
        argv = raw.decode(errors="replace").split()
        found[(pid, fields[19])] = (kind_of(executable, argv), seconds)
    return found


def machine_seconds() -> tuple[float, float, float]:
    """Return the machine's busy, idle (with I/O wait) and stolen core-seconds since boot."""
    user, nice, system, idle, iowait, irq, softirq, steal = map(
        int, Path("/proc/stat").read_text().split("\n", 1)[0].split()[1:9]
    )
    return (user + nice + system + irq + softirq) / TICKS, (idle + iowait) / TICKS, steal / TICKS


def main() -> None:
    parser = argparse.ArgumentParser(description=(__doc__ or "").split("\n\n")[0])
    parser.add_argument("--every", type=float, default=0.25, help="seconds between readings")
    parser.add_argument("command", nargs="*", help="what to run (default: the suite)")
    args = parser.parse_args()
    before = processes()  # what ran before the command is not counted
    start, machine_start = time.monotonic(), machine_seconds()
    run = subprocess.Popen(args.command or SUITE)
    last: dict[tuple[str, str], tuple[str, float]] = {}
    while run.poll() is None:
        last.update(processes())
        time.sleep(args.every)
    wall = time.monotonic() - start
    busy, idle, steal = (b - a for a, b in zip(machine_start, machine_seconds(), strict=True))
    spent: dict[str, float] = {}
    for key, (kind, seconds) in last.items():
        spent[kind] = spent.get(kind, 0.0) + seconds - (before[key][1] if key in before else 0.0)
    print(f"exit {run.returncode}, {wall:.1f} s wall")
    print(f"machine: {busy:.0f} core-s busy, {idle:.0f} idle, {steal:.0f} stolen")
    for kind, seconds in sorted(spent.items(), key=lambda item: -item[1]):
        if seconds >= 0.5:
            print(f"{seconds:7.1f} s  {kind}")
    print(f"{sum(spent.values()):7.1f} s  in all (what ended between two readings not counted)")
    print(f"{sum(os.times()[:2]):7.1f} s  this script's readings, in 'busy' only")


if __name__ == "__main__":
    main()
