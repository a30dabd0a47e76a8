"""``python -m coursesite build [SITE]``: every language of the project in the current folder,
then the whole site (``site.py``); MkDocs' messages printed as its own command prints them."""

import logging
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
