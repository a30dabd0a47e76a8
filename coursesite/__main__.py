"""``python -m coursesite build [SITE]``: every language of the project in the current folder,
then the whole site (``site.py``)."""

import sys
from pathlib import Path

from coursesite.site import build_site

if __name__ == "__main__":
    if sys.argv[1:2] != ["build"] or len(sys.argv) > 3:
        sys.exit("usage: python -m coursesite build [SITE_FOLDER]")
    build_site(Path.cwd(), Path(sys.argv[2]) if len(sys.argv) > 2 else None)
