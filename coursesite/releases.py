"""The dependencies whose private internals the build reads: each is checked to be the release
its reading was written for, and the build stops with what to do otherwise.

>>> require("numpy", "0.0", "coursesite.example", "reads the array internals", "check them", installed="0.0")
>>> require("numpy", "0.0", "coursesite.example", "reads the array internals", "check them", installed="9.9")
Traceback (most recent call last):
...
mkdocs.exceptions.PluginError: coursesite.example reads the array internals of numpy 0.0, but 9.9 is installed: check them against the new release, then change VERIFIED there and the pin in pyproject.toml
"""

from __future__ import annotations

from importlib.metadata import version

from mkdocs.exceptions import PluginError


def require(
    distribution: str,
    verified: str,
    reader: str,
    reads: str,
    check: str,
    installed: str | None = None,
) -> None:
    """Stop the build unless ``distribution`` is release ``verified``, which ``reader`` (a
    module) ``reads`` the internals of; ``check`` says how to check a new release."""
    found = installed if installed is not None else version(distribution)
    if found != verified:
        raise PluginError(
            f"{reader} {reads} of {distribution} {verified}, but {found} is installed: {check} "
            "against the new release, then change VERIFIED there and the pin in pyproject.toml"
        )
