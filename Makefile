# Two commands for a newcomer: `make serve` and `make test`. Everything else is set up on demand.
VENV   := .venv
PY     := $(VENV)/bin/python
BIN    := $(VENV)/bin
STAMP  := $(VENV)/.installed
export NO_MKDOCS_2_WARNING := 1

.PHONY: setup system-deps serve build pages test lint schema clean bench-deps bench screenshots

$(STAMP): requirements.lock pyproject.toml
	python3 -m venv $(VENV)
	$(PY) -m pip install -q --upgrade pip
	$(PY) -m pip install -q -r requirements.lock
	$(PY) -m pip install -q --no-deps -e .
	touch $@

setup: $(STAMP)

# Debian's Chromium for the browser tests (never a downloaded browser); Java for the Nu HTML checker.
system-deps:
	@command -v chromium >/dev/null 2>&1 || { apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq chromium >/dev/null; }
	@command -v java >/dev/null 2>&1 || { apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq default-jre-headless >/dev/null; }

serve: setup
	$(BIN)/mkdocs serve -a 127.0.0.1:8000

build: setup
	$(BIN)/mkdocs build --strict -d build/site

# The generated Markdown alone, for another engine (Zensical, ProperDocs).
pages: setup
	$(PY) -m generator build --data data --out build/pages

lint: setup
	$(BIN)/ruff check generator tests quality bench
	$(BIN)/ruff format --check generator tests quality bench
	$(BIN)/mypy
	$(PY) -m generator schema --check

test: setup system-deps lint build
	$(PY) -m pytest -q

schema: setup
	$(PY) -m generator schema

# Lighthouse 12.2.3 from package-lock.json (Node 18+; never shipped in the site).
bench-deps: node_modules/.installed

node_modules/.installed: package.json package-lock.json
	@command -v npm >/dev/null 2>&1 || { echo "npm not found: install Node.js 18 or newer" >&2; exit 1; }
	npm ci --no-audit --no-fund
	touch $@

# Lighthouse on every page, desktop and mobile, median of 3 runs: prints a table (takes minutes).
bench: setup system-deps bench-deps
	$(PY) -m bench.lighthouse

# Reviewer screenshots of the overview matrix: light and dark, desktop and phone (not committed).
screenshots: setup system-deps
	$(PY) -m quality.screenshots build/screenshots

clean:
	rm -rf build site
