# Two commands for a newcomer: `make serve` and `make test`. Everything else is set up on demand.
VENV   := .venv
PY     := $(VENV)/bin/python
BIN    := $(VENV)/bin
STAMP  := $(VENV)/.installed
# Browser assets from npm (plotly.js for the charts), installed from package-lock.json, never committed.
NODE_STAMP := node_modules/.installed
export NO_MKDOCS_2_WARNING := 1

.PHONY: setup system-deps serve build example pages test lint schema clean diff preview chart-budget bench lighthouse-deps lighthouse screenshots

$(STAMP): requirements.lock pyproject.toml
	python3 -m venv $(VENV)
	$(PY) -m pip install -q --upgrade pip
	$(PY) -m pip install -q -r requirements.lock
	$(PY) -m pip install -q --no-deps -e .
	touch $@

$(NODE_STAMP): package.json package-lock.json
	@command -v npm >/dev/null 2>&1 || { echo "npm not found: run 'make system-deps' as root (Debian's nodejs and npm)" >&2; exit 1; }
	npm ci --no-audit --no-fund --loglevel=error
	touch $@

setup: $(STAMP) $(NODE_STAMP)

# Debian's Chromium for the browser tests (never a downloaded browser); Java for the Nu HTML checker.
system-deps:
	@command -v chromium >/dev/null 2>&1 || { apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq chromium >/dev/null; }
	@command -v npm >/dev/null 2>&1 || { apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq nodejs npm >/dev/null; }
	@command -v java >/dev/null 2>&1 || { apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq default-jre-headless >/dev/null; }

serve: setup
	$(BIN)/mkdocs serve -a 127.0.0.1:8000

# Atomic: MkDocs builds into a fresh folder that replaces build/site only if the build succeeded.
build: setup
	$(PY) -m quality.build build/site

# The generated Markdown alone, for another engine (Zensical, ProperDocs).
pages: setup
	$(PY) -m generator build --data data --out build/pages

lint: setup
	$(BIN)/ruff check generator tests quality bench tools/deploy
	$(BIN)/ruff format --check generator tests quality bench tools/deploy
	$(BIN)/mypy
	$(BIN)/mypy tools/deploy/publish.py
	$(PY) -m generator schema --check

# The example guide (examples/json-libraries/): another topic on the same engine, built strictly like the shipped one.
example: setup
	$(PY) -m quality.build build/example -f examples/json-libraries/mkdocs.yml

test: system-deps setup lint build example
	$(PY) -m pytest -q

# What the data change on this branch does to the guide (default base: the merge base with main).
diff: setup
	$(PY) -m generator diff --base "$${GUIDE_DIFF_BASE:-}"

# A PR preview in build/preview/, as the preview workflow uploads it: the site for SITE_URL with its
# "What changed in this PR" page, the same diff as Markdown (for the comment) and JSON, and the PR number.
preview: setup
	rm -rf build/preview
	base="$${GUIDE_DIFF_BASE:-$$(git merge-base main HEAD)}" && \
	GUIDE_DIFF_BASE="$$base" $(PY) -m quality.build build/preview/site && \
	$(PY) -m generator diff --base "$$base" --site-url "$${SITE_URL:-}" --out build/preview/diff.md && \
	$(PY) -m generator diff --base "$$base" --format json --out build/preview/diff.json
	printf '%s\n' "$${PR_NUMBER:-}" > build/preview/pr-number

# Performance: prints a table and writes build/bench.json (a few minutes; see README "Performance").
bench: setup
	$(PY) -m bench

schema: setup
	$(PY) -m generator schema

# Bytes a chart page transfers and what the charts add to the build time (prints figures; not a test).
chart-budget: setup system-deps
	$(PY) bench/chart_budget.py

# Lighthouse 12.2.3 from tools/lighthouse/package-lock.json (a benchmark tool, never shipped in the site).
LH_STAMP := tools/lighthouse/node_modules/.installed
$(LH_STAMP): tools/lighthouse/package.json tools/lighthouse/package-lock.json
	@command -v npm >/dev/null 2>&1 || { echo "npm not found: run 'make system-deps' as root" >&2; exit 1; }
	npm ci --prefix tools/lighthouse --no-audit --no-fund --loglevel=error
	touch $@

lighthouse-deps: $(LH_STAMP)

# Lighthouse on every page, desktop and mobile, median of 3 runs: prints a table (takes minutes).
lighthouse: setup system-deps lighthouse-deps
	$(PY) -m bench.lighthouse

# Reviewer screenshots of the overview matrix: light and dark, desktop and phone (not committed).
screenshots: setup system-deps
	$(PY) -m quality.screenshots build/screenshots

clean:
	rm -rf build site
