r"""Check: the built site as two outside tools grade it (issue: security headers).

* **W3C Nu Html Checker** (npm ``vnu-jar``, run with Java 17 or newer) on every built page:
  no error but the theme's known one, ``autocomplete`` on Material's checkbox toggles (two a
  page). html-validate checks every page in the tests; the Nu checker knows more of the HTML
  standard (ARIA on custom elements, stray attributes) and needs Java, so it runs here.
* **MDN HTTP Observatory** (npm ``@mdn/mdn-http-observatory``, which works offline) against the
  site served by Cloudflare Pages' own runtime over HTTPS with a local CA: every test passes.
  The suite's own test does this (``test_security_headers.py``, which builds and serves its
  site as the tests serve it): the audit runs it, so that one piece of code grades the site.

Both come from ``package-lock.json`` (``npm ci --ignore-scripts``: the Observatory's install
script downloads an HSTS preload list, which ``tests/runtime.py`` writes empty instead). Java:
on Debian, ``apt-get install default-jre-headless``. Run from the project root (``--site``: the
site the Nu checker reads)::

    .venv/bin/python benchmarks/audit.py [--site FOLDER]

It prints what each tool found and exits non-zero if either finds more than it should.
"""

from __future__ import annotations

import argparse
import json
import os
import re
import shutil
import subprocess
import sys
import tempfile
from pathlib import Path

from synthetic_course import ROOT, site_to_read

VNU = ROOT / "node_modules" / "vnu-jar" / "build" / "dist" / "vnu.jar"
OBSERVATORY_TEST = (
    "tests/test_security_headers.py::test_the_observatory_grades_the_served_site_a_plus"
)
#: Material's known error: its drawer and search toggles are checkboxes with ``autocomplete``.
THEME_ERROR = re.compile(r"Attribute “autocomplete” is only allowed when the input type is")


def nu_errors(site: Path) -> list[str]:
    """Return every error the Nu checker finds on the site's pages, but the theme's known one."""
    java = shutil.which("java")
    if java is None:
        sys.exit("The Nu checker needs Java 17+. On Debian: apt-get install default-jre-headless")
    if not VNU.is_file():
        sys.exit(f"no {VNU.relative_to(ROOT)}: run `npm ci --ignore-scripts` (or `make bench`)")
    pages = sorted(str(p) for p in site.rglob("*.html"))
    run = subprocess.run(
        [java, "-jar", str(VNU), "--errors-only", "--format", "json", *pages],
        capture_output=True,
        text=True,
        check=False,
    )
    messages = json.loads(run.stderr)["messages"]
    theme = [m for m in messages if THEME_ERROR.search(m["message"])]
    print(f"Nu checker: {len(pages)} pages, {len(theme)} errors of the theme's known kind")
    return [
        f"{Path(m['url'].removeprefix('file:')).relative_to(site)}:{m.get('lastLine')}: "
        f"{m['message']}"
        for m in messages
        if m not in theme
    ]


def observatory_failures() -> list[str]:
    """Run the suite's Observatory test; return what it says of the tests it fails, or
    nothing if the site gets A+ with every test passed."""
    run = subprocess.run(
        [sys.executable, "-m", "pytest", "-p", "no:xdist", "-q", "-s", "-rN", OBSERVATORY_TEST],
        cwd=ROOT,
        capture_output=True,
        text=True,
        check=False,
    )
    graded = [line for line in run.stdout.splitlines() if line.startswith("Observatory:")]
    print(*graded or ["Observatory: no report"], sep="\n")
    return [] if run.returncode == 0 else [run.stdout[-3000:] + run.stderr[-3000:]]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--site", type=Path, help="a built site (default: build one)")
    args = parser.parse_args()
    os.environ.setdefault("NO_MKDOCS_2_WARNING", "1")
    with tempfile.TemporaryDirectory() as tmp:
        site = site_to_read(args.site, Path(tmp))
        found = nu_errors(site) + observatory_failures()
    for line in found:
        print(line)
    sys.exit(1 if found else 0)


if __name__ == "__main__":
    main()
