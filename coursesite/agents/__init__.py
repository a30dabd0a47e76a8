"""What the site publishes for agents: raw twins, full-text views, llms.txt, originals.zip,
sitemaps where Material asks for them, and the host's content types."""
