"""What the build adds to the pages' content: generated parts (glossary, attn reference) and the
footer."""
