"""Search: Pagefind's index of the built pages, one per language (index.py)."""
