"""``python -m coursesite build [SITE]``: every language of the project in the current folder,
then the whole site (``site.py``); MkDocs' messages printed as its own command prints them."""

import logging
import os
import sys
from pathlib import Path

from coursesite.site import build_site

if __name__ == "__main__":
    if sys.argv[1:2] != ["build"] or len(sys.argv) > 3:
        sys.exit("usage: python -m coursesite build [SITE_FOLDER]")
    said = logging.StreamHandler()
    said.setFormatter(logging.Formatter("%(levelname)-8s-  %(message)s"))
    logging.getLogger("mkdocs").addHandler(said)
    logging.getLogger("mkdocs").setLevel(logging.INFO)
    build_site(Path.cwd(), Path(sys.argv[2]) if len(sys.argv) > 2 else None)
    # Built, every file closed and every language's process joined: leave as mypy does, flushed
    # but without freeing the imported packages object by object (benchmarks/NOTES.md).
    sys.stdout.flush()
    logging.shutdown()
    os._exit(0)
