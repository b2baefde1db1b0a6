# Two commands for a newcomer: `make serve` and `make test`. Everything else is set up on demand.
VENV   := .venv
PY     := $(VENV)/bin/python
BIN    := $(VENV)/bin
STAMP  := $(VENV)/.installed
export NO_MKDOCS_2_WARNING := 1

.PHONY: setup system-deps serve build pages test lint schema clean bench

$(STAMP): requirements.lock pyproject.toml
	python3 -m venv $(VENV)
	$(PY) -m pip install -q --upgrade pip
	$(PY) -m pip install -q -r requirements.lock
	$(PY) -m pip install -q --no-deps -e .
	touch $@

setup: $(STAMP)

# Debian's Chromium for the browser tests (never a downloaded browser).
system-deps:
	@command -v chromium >/dev/null 2>&1 || { apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq chromium >/dev/null; }

serve: setup
	$(BIN)/mkdocs serve -a 127.0.0.1:8000

build: setup
	$(BIN)/mkdocs build --strict -d build/site

# The generated Markdown alone, for another engine (Zensical, ProperDocs).
pages: setup
	$(PY) -m generator build --data data --out build/pages

lint: setup
	$(BIN)/ruff check generator tests bench
	$(BIN)/ruff format --check generator tests bench
	$(BIN)/mypy
	$(PY) -m generator schema --check

test: setup system-deps lint build
	$(PY) -m pytest -q

# Performance: prints a table and writes build/bench.json (a few minutes; see README "Performance").
bench: setup
	$(PY) -m bench

schema: setup
	$(PY) -m generator schema

clean:
	rm -rf build site
