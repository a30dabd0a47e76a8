"""The whole site: each language built by MkDocs as a plain build of its own (the root's first,
then each other into its folder), then what speaks for every language at once.

``python -m coursesite build`` runs it (``make build``); ``mkdocs build`` or ``mkdocs serve``
alone makes one language, without the whole site's files. Each build is MkDocs' own
(``mkdocs.commands.build.build``, as FastAPI's ``scripts/docs.py`` builds each language), each
language in a process forked from this one once the configurations are loaded: the builds run
side by side, and nothing is imported twice (``fork``: Linux, where the site is built).
"""

from __future__ import annotations

import multiprocessing
import os
from pathlib import Path

from mkdocs.commands.build import build
from mkdocs.config import load_config
from mkdocs.config.defaults import MkDocsConfig
from mkdocs.exceptions import Abort, BuildError

from coursesite import caches
from coursesite.agents.archive import site_archive
from coursesite.agents.headers import write_headers
from coursesite.agents.llms import WHOLE_SITE, whole_site_llms
from coursesite.content.generated import Sources, generators
from coursesite.dates import dated_from_the_commit
from coursesite.events import BUILD, Build
from coursesite.languages import folder, languages, site_root
from coursesite.search.index import write_search_index

#: Each language's configuration, the one built at the site's root first.
CONFIGS = ("mkdocs.yml", "mkdocs.en.yml")


def build_site(project: Path, site: Path | None = None) -> Path:
    """Build every language of the project in the folder ``project`` (its configurations')
    into ``site`` (by default the root language's ``site_dir``), each in its folder there
    (``extra.languages``), then the whole site's files; return the site's folder."""
    dated_from_the_commit(project)  # one commit, one site
    configs = [load_config(str(project / name)) for name in CONFIGS]
    root = Path(site or configs[0].site_dir)
    for config in configs:
        config.extra[WHOLE_SITE] = True  # each language keeps what the whole site's files need
        # Published at the site's address and its folder (`mkdocs serve` of one language
        # previews it at the root).
        if config.site_url:
            config.site_url = config.site_url.rstrip("/") + "/" + folder(config)
        # The root language's build cleans the root, so each other language builds beside it
        # and moves in.
        place = folder(config).rstrip("/")
        config.site_dir = str(root.with_name(f".{root.name}-{place}") if place else root)
    # What the builds keep, checked before they start side by side: both read the compiled
    # templates, and each entry cut short is named once.
    for config in configs:
        caches.on_pre_build(config)
    # originals.zip, the same bytes in every language's folder, made once for the builds
    # forked below, with the sources they share filled once (the lessons' list from the root's
    # nav, which mkdocs.en.yml inherits).
    sources = Sources(generators(configs[0]))
    try:
        archive = site_archive(configs[0], sources)
    except BuildError as error:  # as MkDocs stops a build on it: its message alone
        raise SystemExit(str(error)) from None
    for config in configs:
        config.extra[BUILD] = Build(sources, archive, caches_checked=True)
    # Every language at once, one process each (forked: nothing is imported twice).
    forked = multiprocessing.get_context("fork")
    builds = [forked.Process(target=build_language, args=(config,)) for config in configs]
    for process in builds:
        process.start()
    for process in builds:
        process.join()
    failed = [c.config_file_path for c, p in zip(configs, builds, strict=True) if p.exitcode]
    if failed:
        raise SystemExit(f"the build of {', '.join(failed)} failed: see its lines above")
    for config in configs[1:]:
        os.replace(config.site_dir, root / folder(config))
    # What speaks for every language at once: llms.txt and llms-full.txt at the root, the
    # search index, then _headers and _redirects (which keep the index's chunks a year).
    whole_site_llms(root, [entry["folder"] for entry in languages(configs[0])], project)
    write_search_index(root, project)
    write_headers(root, site_root(configs[0]))
    return root


def build_language(config: MkDocsConfig) -> None:
    """Build one language's site as ``mkdocs build`` does: its plugins started, then shut."""
    config.plugins.on_startup(command="build", dirty=False)
    try:
        build(config)
    except Abort as error:
        # As MkDocs' command line shows it ("Aborted with 1 warnings in strict mode!"): a
        # forked process ends on it without a word (it is a SystemExit).
        error.show()
        raise
    finally:
        config.plugins.on_shutdown()
