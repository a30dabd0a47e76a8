# The README's commands. Each target installs what it needs first, so a fresh clone needs
# nothing but python3 (>= 3.11.5), make, npm and, for the browser tests, root or a chromium.
PYTHON ?= python3
VENV   ?= .venv
BIN    := $(VENV)/bin
# Re-install whenever the lock or the package metadata changes.
STAMP  := $(VENV)/.installed-$(shell cat requirements/lock.txt pyproject.toml | cksum | cut -d' ' -f1)

# Material 9.8 prints a banner about MkDocs 2 on every build; it changes nothing here.
export NO_MKDOCS_2_WARNING := 1
# nbconvert, imported by mkdocs-jupyter as each build loads its configuration, otherwise makes
# every exporter it has to learn which are enabled, only to list their names in its command's
# help: most of what loading a configuration costs, in every build and test process. Its
# documented switch (nbconvert's "Configuration options") lists them unchecked; the site is the
# same, byte for byte (benchmarks/NOTES.md).
export NBCONVERT_DISABLE_CONFIG_EXPORTERS := 1
# The lab's notebooks run and render the same for every user: Jupyter's and IPython's documented
# variables point them at the build's own (empty) folders, not at ~/.jupyter (a user's nbconvert
# config there drops the lab's code cells) nor ~/.ipython (its startup files, and a
# PYTHONSTARTUP, run in the kernel before the notebook and can change how its numbers print);
# the venv's kernel and templates come first, before a user's (ipykernel install --user).
# Nor do these variables of a user's reach the build: more data folders, a sitecustomize on
# PYTHONPATH (the kernel inherits it), -OO (attn's reference is its docstrings), Pagefind's
# own options.
export JUPYTER_CONFIG_DIR := $(CURDIR)/.cache/jupyter
export IPYTHONDIR := $(CURDIR)/.cache/ipython
export JUPYTER_PREFER_ENV_PATH := 1
unexport PYTHONSTARTUP PYTHONPATH PYTHONHOME PYTHONOPTIMIZE JUPYTER_PATH
unexport $(filter PAGEFIND_%,$(.VARIABLES))
# Jupyter's documented JUPYTER_CONFIG_PATH names the lab's own nbconvert settings,
# coursesite/jupyter/, in place of a user's folders: nbclient's documented shutdown_kernel =
# "immediate" kills each kernel once its cells' outputs are in (its atexit hooks skipped; the lab
# has none), where a graceful stop kept the build waiting while the kernel tore down; the same
# pages (benchmarks/NOTES.md).
export JUPYTER_CONFIG_PATH := $(CURDIR)/coursesite/jupyter
# Bytecode caches are written (an environment may turn them off): the test run's processes
# (workers, copy builds, kernels, make check) then share the project's compiled modules, and
# pytest keeps its rewritten test modules between runs. Empty means unset to Python.
export PYTHONDONTWRITEBYTECODE :=

.PHONY: help install browser serve build test lint unit lock bench repro new check stamp font clean

help:
	@echo "make serve  - install, build and serve the Chinese pages on http://127.0.0.1:8000 (CONFIG=mkdocs.en.yml: the English)"
	@echo "make test   - install and run every check (lint, types, unit, pages)"
	@echo "make build  - build the site into site/ (strict)"
	@echo "make bench  - run the benchmarks under benchmarks/ (attn speed, page weight, lab weight, build budget, search, browser CPU, the suite's CPU, Nu checker and Observatory)"
	@echo "make repro  - build HEAD twice from empty caches, the second time varied (path, HOME, TZ, locale, umask, no Chinese fonts): same bytes?"
	@echo "make lock   - re-pin requirements/lock.txt after editing pyproject.toml"
	@echo "make new PAGE=R37 TITLE_ZH='缩放与遮罩' TITLE_EN='Scale and mask' - a new lesson: both pages, its nav entry"
	@echo "make check PAGE=R37 - while writing a page: the strict build, its examples and parity (seconds)"
	@echo "make stamp PAGE=R37 - after reviewing docs/en/PAGE.md against a changed docs/zh/PAGE.md"
	@echo "make font   - cut the math font and the heatmaps' Chinese font to what they draw (after a new formula or label)"

# attn's distribution is attn alone; the build (coursesite) and the author's commands
# (authoring) are the repository's code: a .pth file puts the project's folder on the path.
# uv installs the lock (pip only installs uv): the same pins, faster than pip on a fresh machine
# (benchmarks/NOTES.md); it makes the lock too.
UV := uv==0.13.9
# The lock is made for Python 3.11.5 (make lock): an older Python (Debian 12's is 3.11.2) would
# stop the install on a pin it cannot have, so it is refused first, saying how to name another.
$(STAMP):
	@py=$(BIN)/python; [ -x $$py ] || py=$(PYTHON); \
	$$py -c 'import sys; sys.exit(sys.version_info < (3, 11, 5))' 2>/dev/null || { \
	  found=$$(command -v $$py >/dev/null && $$py --version 2>&1 || echo "not found"); \
	  echo "make needs Python 3.11.5 or newer: $$py is $$found." >&2; \
	  echo "Name another with PYTHON=, e.g.: make test PYTHON=python3.12" >&2; \
	  [ $$py = $(PYTHON) ] || echo "(after rm -rf $(VENV), made with the older one)" >&2; exit 1; }
	test -x $(BIN)/python || $(PYTHON) -m venv $(VENV)
	$(BIN)/python -m pip install --quiet $(UV)
	$(BIN)/uv pip install --quiet --python $(BIN)/python --compile-bytecode -r requirements/lock.txt
	$(BIN)/uv pip install --quiet --python $(BIN)/python --no-deps -e .
	$(BIN)/python -c 'import pathlib, sysconfig; pathlib.Path(sysconfig.get_path("purelib"), "course-site.pth").write_text("$(CURDIR)\n")'
	rm -f $(VENV)/.installed-*
	touch $@

# Pagefind (the build's search index) and the tests' and benchmarks' tools (axe-core for the
# accessibility checks, the math font's source, MathJax for the benchmark's comparison, the Nu
# checker and MDN's HTTP Observatory for benchmarks/audit.py), pinned by package-lock.json.
# No install scripts: the Observatory's would download an HSTS preload list (the audit writes
# it empty).
NODE_STAMP := node_modules/.installed-$(shell cat package-lock.json | cksum | cut -d' ' -f1)

$(NODE_STAMP):
	npm ci --ignore-scripts --no-audit --no-fund --loglevel=error
	touch $@

# mkdocs-jupyter keys its cache of executed notebooks on the notebook and its options: a
# notebook imports attn, numpy and matplotlib, so a change to attn (its code or its font), to the
# lab's nbconvert settings or to the pinned packages empties that cache.
LAB_CACHE := .cache/mkdocs-jupyter/.attn-$(shell cat $(sort $(wildcard attn/*.py attn/fonts/* coursesite/jupyter/*)) requirements/lock.txt | cksum | cut -d' ' -f1)

$(LAB_CACHE):
	rm -rf .cache/mkdocs-jupyter
	mkdir -p .cache/mkdocs-jupyter
	touch $@

install: $(STAMP) $(LAB_CACHE)


serve: install
	$(BIN)/mkdocs serve --strict -a 127.0.0.1:8000 -f $(or $(CONFIG),mkdocs.yml)

build: install $(NODE_STAMP)
	$(BIN)/python -m coursesite build

lint: install
	$(BIN)/ruff check .
	$(BIN)/ruff format --check .
	$(BIN)/mypy

# The browser tests drive Debian's build of Chromium's headless shell (never a downloaded one), the
# browser Playwright itself runs headless tests in: Chromium's engine without its browser UI, so
# less CPU a page than chromium --headless (benchmarks/browser_cpu.py). CHROMIUM names another.
CHROMIUM ?= /usr/bin/chromium-headless-shell
export CHROMIUM

# Chromium draws the pages' Chinese with the system's fonts (fontconfig's): both it and a Chinese
# font are checked on every run, whether or not the browser was just installed.
browser:
	@missing=""; \
	[ -x "$(CHROMIUM)" ] || missing="chromium-headless-shell"; \
	fc-list :lang=zh family 2>/dev/null | grep -q . || missing="$$missing fonts-noto-cjk"; \
	set -- $$missing; missing="$$*"; \
	if [ -n "$$missing" ]; then \
	  if [ "$$(id -u)" = 0 ] && command -v apt-get >/dev/null; then \
	    echo "installing $$missing (Debian) for the browser tests"; \
	    apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq $$missing >/dev/null; \
	    fc-list :lang=zh family | grep -q . || { echo "fontconfig lists no Chinese font yet" >&2; exit 1; }; \
	  else \
	    echo "The browser tests need $$missing. Run: sudo apt-get install $$missing" >&2; \
	    [ -x "$(CHROMIUM)" ] || echo "(or set CHROMIUM=/path/to/chromium)" >&2; \
	    exit 1; \
	  fi; \
	fi

# Two workers on this project's two cores (WORKERS=0: one process). A page's examples share
# one namespace and must run in order in one worker, hence --dist loadfile.
WORKERS ?= 2

unit: install $(NODE_STAMP) browser
	$(BIN)/pytest -n $(WORKERS) --dist loadfile

test: lint unit

bench: install $(NODE_STAMP) browser
	$(BIN)/python benchmarks/read_vs_floor.py
	$(BIN)/python benchmarks/page_weight.py
	$(BIN)/python benchmarks/lab_weight.py
	$(BIN)/python benchmarks/build_budget.py
	$(BIN)/python benchmarks/search_budget.py
	$(BIN)/python benchmarks/browser_cpu.py
	$(BIN)/python benchmarks/suite_cpu.py
	$(BIN)/python benchmarks/audit.py

# One commit, one site, on any machine: HEAD cloned and built twice from empty caches, the second
# time varied as reprotest varies a build (reproducible-builds.org): another path, TZ, locale and
# umask, a HOME with a user's own IPython startup file and nbconvert config and, as root, the
# system's Chinese fonts hidden (a tmpfs over each folder fontconfig finds them in, in a mount
# namespace of the build's own). Each build runs its own clone's code with this venv's packages;
# diff names the files that differ, and make fails.
repro: install $(NODE_STAMP)
	@set -e; tmp=$$(mktemp -d); trap 'rm -rf "$$tmp"' EXIT; \
	[ "$$(id -u)" != 0 ] || hide=$$(fc-list :lang=zh file | sed 's|/[^/]*$$||' | sort -u | sed 's|.*|mount -t tmpfs fonts "&";|'); \
	build() { dir=$$tmp/$$1 mask=$$2 settings=$$3; shift 3; \
	  echo "build: HEAD at $$dir, umask $$mask, $$settings, HOME $$dir.home, empty caches"; \
	  (umask $$mask && git clone -q . "$$dir" && ln -s "$(CURDIR)/node_modules" "$$dir/" && \
	  mkdir -p "$$dir.home" && cd "$$dir" && \
	  env -u MPLCONFIGDIR -u XDG_CACHE_HOME HOME="$$dir.home" PYTHONPATH="$$dir" \
	  JUPYTER_CONFIG_PATH="$$dir/coursesite/jupyter" $$settings "$$@" \
	  $(abspath $(BIN))/python -m coursesite build "$$dir.site"); }; \
	build a/course 022 "TZ=UTC LANG=C.UTF-8 LC_ALL=C.UTF-8"; \
	user=$$tmp/b/another/place/course.home; mkdir -p "$$user/.ipython/profile_default/startup" "$$user/.jupyter"; \
	echo 'import numpy; numpy.set_printoptions(sign="+")' > "$$user/.ipython/profile_default/startup/00-mine.py"; \
	echo 'c.HTMLExporter.exclude_input = True' > "$$user/.jupyter/jupyter_nbconvert_config.py"; \
	build b/another/place/course 077 "TZ=Pacific/Kiritimati LANG=C LC_ALL=C" $${hide:+unshare --mount} \
	  sh -c "set -e; $$hide"' echo "$$(fc-list :lang=zh | wc -l) Chinese fonts in sight"; exec "$$@"' sh; \
	diff -rq "$$tmp/a/course.site" "$$tmp/b/another/place/course.site" || { echo "make repro: the sites differ" >&2; exit 1; }; \
	echo "make repro: the two sites are byte-identical ($$(find "$$tmp/a/course.site" -type f | wc -l) files)"

lock:
	test -x $(BIN)/python || $(PYTHON) -m venv $(VENV)
	test -x $(BIN)/uv || $(BIN)/python -m pip install --quiet $(UV)
	$(BIN)/uv pip compile pyproject.toml --extra docs --extra test --python-version 3.11.5 \
	  --no-header --no-annotate -o requirements/lock.txt

# Without PAGE a target would work on docs/en/.md: it stops first, saying how to name the page.
page = $(or $(PAGE),$(error make $@ needs the page: make $@ PAGE=R36))

# The titles come through the environment, so that any quote or space in them stays as typed.
new: install
	@$(BIN)/python -m authoring.new "$$PAGE" "$$TITLE_ZH" "$$TITLE_EN"

# One page while it is written: each language's strict build into a folder of its own (as make
# serve builds it: no search index, no _headers), then the page's examples in both languages
# and the tests that read its sources (-k: those whose ids name it). make test runs the rest.
check: install
	@test -f docs/zh/$(page).md -a -f docs/en/$(page).md || { echo "a page is docs/zh/$(page).md \
	  and docs/en/$(page).md (a new lesson: make new PAGE=$(page) TITLE_ZH=… TITLE_EN=…)" >&2; exit 2; }
	@out=$$(mktemp -d); trap 'rm -rf "$$out"' EXIT; for config in mkdocs.yml mkdocs.en.yml; do \
	  $(BIN)/mkdocs build --strict -f $$config -d "$$out/$$config" || exit 1; done
	$(BIN)/pytest -p no:xdist -p no:hypothesispytest -q --no-header --tb=short -k '$(page)' \
	  docs/zh/$(page).md docs/en/$(page).md tests/test_translation_parity.py tests/test_glossary.py \
	  tests/test_page_examples.py

stamp: install
	@$(BIN)/python -m authoring.stamp docs/en/$(page).md

font: install $(NODE_STAMP)
	$(BIN)/python -m authoring.font

clean:
	rm -rf $(VENV) node_modules site .pytest_cache .mypy_cache .ruff_cache
