# Two commands for a newcomer: `make serve` and `make test`. Everything else is set up on demand.
# `make serve` / `make build` install only the runtime lock; `make test` adds the development lock.
PYTHON ?= python3
VENV   := .venv
PY     := $(VENV)/bin/python
BIN    := $(VENV)/bin
STAMP  := $(VENV)/.installed
DEV_STAMP := $(VENV)/.installed-dev
# AIPerf, for the end-to-end import test, in an environment of its own (its pins clash with the guide's).
AIPERF_VENV  := .venv-aiperf
AIPERF_STAMP := $(AIPERF_VENV)/.installed
# Browser assets from npm (plotly.js for the charts), installed from package-lock.json, never committed.
NODE_STAMP := node_modules/.installed
SERVE_ADDR ?= 127.0.0.1:8000
export NO_MKDOCS_2_WARNING := 1

# pip runs from the host Python into .venv (`pip --python`), so pip and setuptools stay out of the
# runtime environment; a host Python without pip gives .venv its own. Both locks are complete, so
# nothing is resolved at install time (--no-deps), and modules are compiled when first imported.
PIP = $(if $(wildcard $(VENV)/bin/pip),$(PY) -m pip,$(PYTHON) -m pip --python $(PY))
PIP_INSTALL = $(PIP) install -q --no-deps --no-compile

.PHONY: snapshot plotly-bundle setup setup-dev system-deps serve build example pages test lint schema clean diff preview chart-budget bench lighthouse-deps lighthouse screenshots first-run fuzz-long zensical-build zensical-serve properdocs-build

$(STAMP): requirements.lock pyproject.toml
	@v=$$($(PYTHON) -c 'import sys; print("%d.%d" % sys.version_info[:2])' 2>/dev/null) || { echo "make serve needs Python 3.11 or newer: '$(PYTHON)' does not run (install python3, or run make PYTHON=/path/to/python3.11)" >&2; exit 1; }; \
	  $(PYTHON) -c 'import sys; sys.exit(sys.version_info < (3, 11))' || { echo "make serve needs Python 3.11 or newer: '$(PYTHON)' is Python $$v (run make PYTHON=/path/to/python3.11)" >&2; exit 1; }
	@test -x $(PY) || { $(PYTHON) -m pip --python "$$($(PYTHON) -c 'import sys; print(sys.executable)')" --version >/dev/null 2>&1 \
	  && $(PYTHON) -m venv --without-pip $(VENV) \
	  || { $(PYTHON) -c 'import ensurepip' 2>/dev/null || { echo "make serve needs pip or venv for $(PYTHON): install python3-venv (Debian/Ubuntu) or python3-pip" >&2; exit 1; }; $(PYTHON) -m venv $(VENV); }; }
	$(PIP_INSTALL) -r requirements.lock -e .
	touch $@

$(DEV_STAMP): $(STAMP) requirements-dev.lock
	$(PIP_INSTALL) -r requirements-dev.lock
	touch $@

$(NODE_STAMP): package.json package-lock.json
	@command -v npm >/dev/null 2>&1 || { echo "make serve needs npm (for the charts' plotly.js): install Node.js 18+ with npm (Debian/Ubuntu: apt-get install nodejs npm)" >&2; exit 1; }
	npm ci --no-audit --no-fund --loglevel=error
	touch $@

# The guide's own plotly.js (bar charts only, ~25 KiB less than the basic bundle gzipped), built with
# esbuild from the plotly.js package (tools/plotly/package-lock.json; never committed). `make build`,
# `make test`, `make preview` and the benchmarks use it; `make serve` uses it once built, and the basic
# bundle from node_modules/ until then (so a first `make serve` does not wait for it).
PLOTLY_BUNDLE := tools/plotly/dist/plotly-guide.min.js
$(PLOTLY_BUNDLE): tools/plotly/entry.js tools/plotly/package.json tools/plotly/package-lock.json
	@command -v npm >/dev/null 2>&1 || { echo "npm is needed to build the charts' plotly.js: install Node.js 18+ with npm" >&2; exit 1; }
	npm ci --prefix tools/plotly --no-audit --no-fund --loglevel=error
	npm run --prefix tools/plotly --silent build

plotly-bundle: $(PLOTLY_BUNDLE)

# The engine as a wheel in build/dist/, plotly.js inside: `pip install` it into any environment to build a
# guide that lives anywhere (README, "A guide on another topic").
.PHONY: wheel
wheel: setup $(PLOTLY_BUNDLE)
	rm -rf build/wheel-src build/dist
	$(PYTHON) tools/wheel/stage.py build/wheel-src --plotly-js $(PLOTLY_BUNDLE)
	$(PIP) wheel -q --no-deps -w build/dist build/wheel-src

# The wheel in build/dist/ as a release needs it (the release workflow, after `make wheel`): named for its version
# (and for the tag in RELEASE_TAG when set), plotly.js inside, and a new guide built strictly from it in a fresh environment.
.PHONY: wheel-check
wheel-check:
	$(PYTHON) tools/wheel/check.py build/dist

# What `make serve` and `make build` need (npm first: it is quick, and a missing npm is said at once).
setup: $(NODE_STAMP) $(STAMP)

# What `make test` and the benchmarks need on top: the development lock.
setup-dev: setup $(DEV_STAMP)

# AIPerf from requirements-aiperf.lock (complete, so --no-deps): about 1.2 GB, a few minutes the first time.
$(AIPERF_STAMP): requirements-aiperf.lock
	@test -x $(AIPERF_VENV)/bin/python || { $(PYTHON) -m pip --version >/dev/null 2>&1 \
	  && $(PYTHON) -m venv --without-pip $(AIPERF_VENV) || $(PYTHON) -m venv $(AIPERF_VENV); }
	if test -x $(AIPERF_VENV)/bin/pip; then $(AIPERF_VENV)/bin/python -m pip install -q --no-deps -r requirements-aiperf.lock; \
	  else $(PYTHON) -m pip --python $(AIPERF_VENV)/bin/python install -q --no-deps -r requirements-aiperf.lock; fi
	touch $@

.PHONY: setup-aiperf
setup-aiperf: $(AIPERF_STAMP)

# What `make test` needs on the machine besides `make serve`'s: a Chromium (Debian's, never a downloaded
# browser; see quality/chromium.py for the names tried and CHROMIUM=...), npm, and Java for the Nu HTML
# checker. Whatever is missing is installed with apt-get when run as root, else named in one line.
APT_INSTALL = apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq
CAN_APT = test "$$(id -u)" = 0 && command -v apt-get >/dev/null 2>&1
system-deps:
	@$(PYTHON) -m quality.chromium >/dev/null 2>&1 || { $(CAN_APT) && $(APT_INSTALL) chromium >/dev/null; } \
	  || { $(PYTHON) -m quality.chromium >/dev/null; exit 1; }
	@command -v npm >/dev/null 2>&1 || { $(CAN_APT) && $(APT_INSTALL) nodejs npm >/dev/null; } \
	  || { echo "make test needs npm: apt-get install nodejs npm as root (make system-deps)" >&2; exit 1; }
	@command -v java >/dev/null 2>&1 || { $(CAN_APT) && $(APT_INSTALL) default-jre-headless >/dev/null; } \
	  || { echo "make test needs Java 17+ for the Nu HTML checker: apt-get install default-jre-headless as root (make system-deps)" >&2; exit 1; }

serve: setup
	@if [ -f $(PLOTLY_BUNDLE) ]; then export GUIDE_PLOTLY_JS=$(CURDIR)/$(PLOTLY_BUNDLE); fi; $(BIN)/mkdocs serve -a $(SERVE_ADDR)

# Atomic: MkDocs builds into a fresh folder that replaces build/site only if the build succeeded.
build: setup $(PLOTLY_BUNDLE)
	GUIDE_PLOTLY_JS=$(CURDIR)/$(PLOTLY_BUNDLE) $(PY) -m quality.build build/site

# A citable snapshot (docs/reader-tools.md, "Citable snapshots"): mike deploys the guide as version $(GUIDE_SNAPSHOT), also
# aliased "latest", into versions/ of a local gh-pages branch (fetched first when the remote has one; never
# pushed here), and build/snapshots/versions/ gets every snapshot and versions.json for the deploy job.
SNAPSHOT_GIT = GIT_AUTHOR_NAME="decision-guide" GIT_AUTHOR_EMAIL="decision-guide@localhost" \
  GIT_COMMITTER_NAME="decision-guide" GIT_COMMITTER_EMAIL="decision-guide@localhost"
snapshot: setup-dev $(PLOTLY_BUNDLE)
	@test -n "$(GUIDE_SNAPSHOT)" || { echo "make snapshot needs GUIDE_SNAPSHOT=<version name, e.g. the tag>" >&2; exit 1; }
	-git fetch -q origin gh-pages:refs/heads/gh-pages
	export SITE_URL="$${SITE_URL:-http://127.0.0.1:8000/}versions/" GUIDE_PLOTLY_JS=$(CURDIR)/$(PLOTLY_BUNDLE) && \
	  checked=$$($(PY) -m generator.adapters.config_gate --write mkdocs-snapshot.yml) && \
	  { $(SNAPSHOT_GIT) PATH="$(CURDIR)/$(BIN):$$PATH" $(BIN)/mike deploy -F "$$checked" --deploy-prefix versions \
	    --branch gh-pages --alias-type copy --update-aliases "$(GUIDE_SNAPSHOT)" latest; status=$$?; rm -f "$$checked"; exit $$status; }
	rm -rf build/snapshots && mkdir -p build/snapshots
	git archive gh-pages versions | tar -x -C build/snapshots

# The generated Markdown alone, for another engine (Zensical, ProperDocs).
pages: setup
	$(PY) -m generator build --data data --out build/pages

# The same guide with Zensical (Material's successor; docs/engines.md): the project in build/zensical/,
# the site in build/zensical/site/ (atomically). zensical-serve regenerates the pages when data/ changes.
zensical-build: setup-dev $(PLOTLY_BUNDLE)
	GUIDE_PLOTLY_JS=$(CURDIR)/$(PLOTLY_BUNDLE) $(PY) -m generator.adapters.zensical build --out build/zensical

zensical-serve: setup-dev
	@if [ -f $(PLOTLY_BUNDLE) ]; then export GUIDE_PLOTLY_JS=$(CURDIR)/$(PLOTLY_BUNDLE); fi; \
	  $(PY) -m generator.adapters.zensical serve --out build/zensical -a $(SERVE_ADDR)

# The same guide with ProperDocs (the maintained fork of MkDocs 1.6), plugin and all, into build/properdocs/.
properdocs-build: setup-dev $(PLOTLY_BUNDLE)
	export GUIDE_PLOTLY_JS=$(CURDIR)/$(PLOTLY_BUNDLE) && checked=$$($(PY) -m generator.adapters.config_gate --write mkdocs.yml) && \
	  { $(BIN)/properdocs build --strict -f "$$checked" -d build/properdocs; status=$$?; rm -f "$$checked"; exit $$status; }

.PHONY: test-slow-machine

# Each tool is given its configuration by name: a mypy.ini, pytest.ini, ruff.toml or GNUmakefile a change adds
# would otherwise be read first, and its plugins would run (docs/previews.md).
lint: setup-dev
	$(BIN)/ruff check --config pyproject.toml generator tests quality bench tools/deploy tools/wheel
	$(BIN)/ruff format --config pyproject.toml --check generator tests quality bench tools/deploy tools/wheel
	$(BIN)/mypy --config-file pyproject.toml
	$(BIN)/mypy --config-file pyproject.toml tools/deploy/publish.py tools/wheel/stage.py tools/wheel/check.py
	$(PY) -m generator schema --check

# The example guide (examples/json-libraries/): another topic on the same engine, built strictly like the shipped one.
example: setup
	$(PY) -m quality.build build/example -f examples/json-libraries/mkdocs.yml

# The suite runs in TEST_WORKERS processes (pytest-xdist), a test file to a worker so each module's fixtures
# are built once; the guides' sites are built once a run whatever the number of workers (tests/conftest.py).
TEST_WORKERS ?= 2
test: system-deps setup-dev setup-aiperf lint build example
	GUIDE_PLOTLY_JS=$(CURDIR)/$(PLOTLY_BUNDLE) $(PY) -m pytest -c pyproject.toml -q -n $(TEST_WORKERS) --dist loadfile -m "not bench"

# The browser tests on a deliberately loaded machine: two processes keep both cores busy while they run
# (quality/busy.py), so a test whose outcome depends on the machine's speed fails here, not in someone's CI.
BROWSER_TESTS = $(sort $(wildcard tests/test_*_browser.py)) tests/test_waits.py tests/test_csp.py
test-slow-machine: system-deps setup-dev $(PLOTLY_BUNDLE)
	GUIDE_PLOTLY_JS=$(CURDIR)/$(PLOTLY_BUNDLE) $(PY) -m quality.busy 2 -- $(PY) -m pytest -c pyproject.toml -q -p no:cacheprovider $(BROWSER_TESTS)

# The property tests with 3,000 examples each instead of 150 (nightly-style; about half an hour).
fuzz-long: setup-dev
	FUZZ_EXAMPLES=3000 $(PY) -m pytest -c pyproject.toml -q -p no:cacheprovider tests/test_fuzz.py

# What the data change on this branch does to the guide (default base: the merge base with main).
diff: setup
	$(PY) -m generator diff --base "$${GUIDE_DIFF_BASE:-}"

# A PR preview in build/preview/, as the preview workflow uploads it: the site for SITE_URL with its
# "What changed in this PR" page, the same diff as Markdown (for the comment) and JSON, and the PR number.
preview: setup $(PLOTLY_BUNDLE)
	rm -rf build/preview
	base="$${GUIDE_DIFF_BASE:-$$(git merge-base main HEAD)}" && \
	GUIDE_DIFF_BASE="$$base" GUIDE_PLOTLY_JS=$(CURDIR)/$(PLOTLY_BUNDLE) $(PY) -m quality.build build/preview/site && \
	$(PY) -m generator diff --base "$$base" --site-url "$${SITE_URL:-}" --title "What changed in this PR" --out build/preview/diff.md && \
	$(PY) -m generator diff --base "$$base" --format json --out build/preview/diff.json
	printf '%s\n' "$${PR_NUMBER:-}" > build/preview/pr-number

# Performance: prints a table and writes build/bench.json (a few minutes; Chromium for the search figure;
# see README "Performance").
bench: setup-dev system-deps $(PLOTLY_BUNDLE)
	GUIDE_PLOTLY_JS=$(CURDIR)/$(PLOTLY_BUNDLE) $(PY) -m pytest -c pyproject.toml -q -p no:cacheprovider -m bench tests/test_bench.py
	GUIDE_PLOTLY_JS=$(CURDIR)/$(PLOTLY_BUNDLE) $(PY) -m bench

schema: setup
	$(PY) -m generator schema

# Bytes a chart page transfers and what the charts add to the build time (prints figures; not a test).
chart-budget: setup-dev system-deps $(PLOTLY_BUNDLE)
	GUIDE_PLOTLY_JS=$(CURDIR)/$(PLOTLY_BUNDLE) $(PY) bench/chart_budget.py

# Lighthouse 12.2.3 from tools/lighthouse/package-lock.json (a benchmark tool, never shipped in the site).
LH_STAMP := tools/lighthouse/node_modules/.installed
$(LH_STAMP): tools/lighthouse/package.json tools/lighthouse/package-lock.json
	@command -v npm >/dev/null 2>&1 || { echo "npm not found: run 'make system-deps' as root" >&2; exit 1; }
	npm ci --prefix tools/lighthouse --no-audit --no-fund --loglevel=error
	touch $@

lighthouse-deps: $(LH_STAMP)

# Lighthouse on every page, desktop and mobile, median of 3 runs: prints a table (takes most of an hour);
# make lighthouse LIGHTHOUSE_ARGS=--sample runs one page of each kind (a quarter of an hour).
lighthouse: setup-dev system-deps lighthouse-deps $(PLOTLY_BUNDLE)
	GUIDE_PLOTLY_JS=$(CURDIR)/$(PLOTLY_BUNDLE) $(PY) -m bench.lighthouse $(LIGHTHOUSE_ARGS)

# Reviewer screenshots of the overview matrix: light and dark, desktop and phone (not committed).
screenshots: setup-dev system-deps $(PLOTLY_BUNDLE)
	GUIDE_PLOTLY_JS=$(CURDIR)/$(PLOTLY_BUNDLE) $(PY) -m quality.screenshots build/screenshots

clean:
	rm -rf build site

# A fresh clone of HEAD, `make serve`, seconds to the first page and the runtime .venv's size (host Python only).
first-run:
	$(PYTHON) -m bench.first_run
