# The README's commands. Each target installs what it needs first, so a fresh clone needs
# nothing but python3 (>= 3.11), make and, for the browser tests, root or a chromium.
PYTHON ?= python3
VENV   ?= .venv
BIN    := $(VENV)/bin
# Re-install whenever the lock or the package metadata changes.
STAMP  := $(VENV)/.installed-$(shell cat requirements/lock.txt pyproject.toml | cksum | cut -d' ' -f1)

# Material 9.8 prints a banner about MkDocs 2 on every build; it changes nothing here.
export NO_MKDOCS_2_WARNING := 1

.PHONY: help install serve build test lint unit lock bench stamp clean

help:
	@echo "make serve  - install, build and serve the site on http://127.0.0.1:8000"
	@echo "make test   - install and run every check (lint, types, unit, pages)"
	@echo "make build  - build the site into site/ (strict)"
	@echo "make bench  - run the benchmarks under benchmarks/"
	@echo "make lock   - re-pin requirements/lock.txt after editing pyproject.toml"
	@echo "make stamp PAGE=R36 - after reviewing docs/PAGE.en.md against a changed PAGE.zh.md"

$(STAMP):
	test -x $(BIN)/python || $(PYTHON) -m venv $(VENV)
	$(BIN)/python -m pip install --quiet --upgrade pip
	$(BIN)/python -m pip install --quiet -r requirements/lock.txt
	$(BIN)/python -m pip install --quiet --no-deps -e .
	rm -f $(VENV)/.installed-*
	touch $@

install: $(STAMP)

serve: install
	$(BIN)/mkdocs serve --strict -a 127.0.0.1:8000

build: install
	$(BIN)/mkdocs build --strict

lint: install
	$(BIN)/ruff check .
	$(BIN)/ruff format --check .
	$(BIN)/mypy

unit: install
	$(BIN)/pytest

test: lint unit

bench: install
	$(BIN)/python benchmarks/read_vs_floor.py

lock:
	test -x $(BIN)/uv || $(BIN)/python -m pip install --quiet uv
	$(BIN)/uv pip compile pyproject.toml --extra docs --extra test --python-version 3.11.5 \
	  --no-header --no-annotate -o requirements/lock.txt

stamp: install
	$(BIN)/python -m tests.docs_pages stamp docs/$(PAGE).en.md

clean:
	rm -rf $(VENV) site .pytest_cache .mypy_cache .ruff_cache
