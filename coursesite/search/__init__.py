"""Search: Pagefind's index of the built pages, one per language (index.py), its runs and their
bundles put together (pagefind.py)."""
