"""The lab: jupytext notebooks run in their own kernels (runs.py, runner.py), rendered as pages
(pages.py, notebook_html.py); cells.py reads the percent format."""
