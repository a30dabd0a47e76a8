r"""Check: the built site as two outside tools grade it (issue: security headers).

* **W3C Nu Html Checker** (npm ``vnu-jar``, run with Java 17 or newer) on every built page:
  no error but the theme's known one, ``autocomplete`` on Material's checkbox toggles (two a
  page). html-validate checks every page in the tests; the Nu checker knows more of the HTML
  standard (ARIA on custom elements, stray attributes) and needs Java, so it runs here.
* **MDN HTTP Observatory** (npm ``@mdn/mdn-http-observatory``, which works offline) against the
  site served with its own ``_headers`` as the host serves it (``tests/browser.py``): every test
  passes but the two that need HTTPS, the redirect to it and HSTS, which ``_headers`` declares
  (a year or more) for the host's HTTPS to send.

Both come from ``package-lock.json`` (``npm ci --ignore-scripts``: the Observatory's install
script downloads an HSTS preload list, which this check writes empty instead). Java: on Debian,
``apt-get install default-jre-headless``. Run from the project root::

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

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from tests.browser import serving  # noqa: E402
from tests.host_headers import cloudflare_headers  # noqa: E402
from tests.site import host_content_types, site_to_read  # noqa: E402

VNU = ROOT / "node_modules" / "vnu-jar" / "build" / "dist" / "vnu.jar"
OBSERVATORY = ROOT / "node_modules" / "@mdn" / "mdn-http-observatory"
#: Material's known error: its drawer and search toggles are checkboxes with ``autocomplete``.
THEME_ERROR = re.compile(r"Attribute “autocomplete” is only allowed when the input type is")
#: The Observatory's tests that plain HTTP cannot pass; the host's HTTPS does.
NEEDS_HTTPS = {"redirection", "strict-transport-security"}
HSTS = re.compile(r"max-age=(\d+)")
A_YEAR = 31_536_000


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


def observatory_failures(site: Path) -> list[str]:
    """Return what the Observatory fails of the site served with its ``_headers``, but what
    needs HTTPS; and whether ``_headers`` declares HSTS for a year or more."""
    preload = OBSERVATORY / "conf" / "hsts-preload.json"
    if not preload.exists():  # installed with --ignore-scripts: no list downloaded
        preload.write_text("{}", encoding="utf-8")
    with serving(site, host_content_types(site)) as base:
        host = base.removeprefix("http://").rstrip("/")
        scan = subprocess.run(
            [str(ROOT / "node_modules" / ".bin" / "mdn-http-observatory-scan"), host],
            capture_output=True,
            text=True,
            check=True,
        )
    report = json.loads(scan.stdout)
    tests = report["tests"]
    print(f"Observatory over HTTP: {report['scan']['grade']} ({report['scan']['score']}/100)")
    for name, test in tests.items():
        print(f"  {'pass' if test['pass'] else 'FAIL'} {name}: {test['result']}")
    failures = [
        f"{name}: {t['result']}"
        for name, t in tests.items()
        if not t["pass"] and name not in NEEDS_HTTPS
    ]
    declared = cloudflare_headers((site / "_headers").read_text(encoding="utf-8"), "/")
    age = HSTS.search(declared.get("strict-transport-security", ""))
    if age is None or int(age[1]) < A_YEAR:
        failures.append("_headers declares no Strict-Transport-Security of a year or more")
    return failures


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--site", type=Path, help="a built site (default: build one)")
    args = parser.parse_args()
    os.environ.setdefault("NO_MKDOCS_2_WARNING", "1")
    with tempfile.TemporaryDirectory() as tmp:
        site = site_to_read(args.site, Path(tmp))
        found = nu_errors(site) + observatory_failures(site)
    for line in found:
        print(line)
    sys.exit(1 if found else 0)


if __name__ == "__main__":
    main()
