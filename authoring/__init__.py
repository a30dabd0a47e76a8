"""The author's commands, run by hand while writing the course (``make new``, ``stamp``,
``font``; ``make check`` is the Makefile's): each ``python -m authoring.NAME`` from the
project's folder.

The build (``coursesite``) never imports this package; ``font`` imports the formulas'
converter it shares with the build.
"""
