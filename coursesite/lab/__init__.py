"""The lab: jupytext notebooks run in their own kernels (runs.py), rendered as pages (pages.py,
notebook_html.py, template/); cells.py reads the percent format."""
