"""Formulas: LaTeX to MathML at build time (mathml.py); ``make font`` (authoring/font.py) cuts
the math font to what they draw."""
