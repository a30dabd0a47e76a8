"""What the build adds to the pages' content: generated parts (glossary, attn reference), the
footer, and the doctests' highlighting."""
