"""Formulas: LaTeX to MathML at build time (mathml.py), and the math font cut to what they draw
(font.py, ``make font``)."""
