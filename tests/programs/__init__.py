"""Programs the tests run in a process of their own (each a module that ruff and mypy check)."""
