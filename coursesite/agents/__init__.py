"""What the site publishes for agents: raw twins, full-text views, llms.txt, originals.zip,
and what the host sends with them (_headers, _redirects)."""
