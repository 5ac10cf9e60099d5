# AnchorGPU Planner: every target bootstraps .venv from pyproject.toml when needed.
PYTHON ?= python3
VENV := .venv
PY := $(VENV)/bin/python
STAMP := $(VENV)/.installed

.PHONY: help run test lint typecheck pytest faults bench accuracy i18n screenshots icons dist clean oracle

help:  ## list the targets
	@grep -E '^[a-z-]+:.*## ' $(MAKEFILE_LIST) | sed 's/:.*## /\t/'

$(STAMP): pyproject.toml
	$(PYTHON) -m venv $(VENV)
	$(PY) -m pip install --quiet --upgrade "pip>=25.1"
	$(PY) -m pip install --quiet -e . --group dev
	touch $(STAMP)

run: $(STAMP)  ## launch the desktop app
	$(VENV)/bin/anchorgpu-planner

test: lint typecheck pytest  ## lint, type check core/, run the whole test suite

lint: $(STAMP)  ## ruff lint and format check, and the import contracts of core's layers
	$(VENV)/bin/ruff check .
	$(VENV)/bin/ruff format --check .
	$(VENV)/bin/lint-imports

typecheck: $(STAMP)  ## mypy strict on core/
	$(VENV)/bin/mypy

pytest: $(STAMP)  ## the test suite (Qt offscreen)
	QT_QPA_PLATFORM=offscreen $(PY) -m pytest -q

faults: $(STAMP)  ## fault injection: kills, crash points, races, fuzzing (minutes; not in test)
	QT_QPA_PLATFORM=offscreen $(PY) -m tests.faults

bench: $(STAMP)  ## benchmarks as ratios against a baseline run beside them (BENCH=name for one)
	QT_QPA_PLATFORM=offscreen $(PY) -m tests.benchmarks $(BENCH)

accuracy: $(STAMP)  ## regenerate docs/ACCURACY.md from the validation cases
	$(PY) -m tests.validation.report

i18n: $(STAMP)  ## refresh the Qt Linguist sources and compile the .qm files
	$(PY) -m gui.i18n_build

screenshots: $(STAMP)  ## render every page in both languages at 1280x800 to resources/screenshots/
	@if command -v xvfb-run >/dev/null; then \
		QT_QPA_PLATFORM=xcb xvfb-run -a -s "-screen 0 1920x1080x24" $(PY) -m tools.screenshots; \
	else \
		echo "xvfb-run not found (apt-get install xvfb): rendering offscreen"; \
		QT_QPA_PLATFORM=offscreen $(PY) -m tools.screenshots; \
	fi

icons: $(STAMP)  ## redraw the app icon and the toolbar icons in resources/icons/
	QT_QPA_PLATFORM=offscreen $(PY) -m tools.make_icons

dist: $(STAMP)  ## PyInstaller bundle, then its self-test
	$(PY) build/make_dist.py

ORACLE_PY ?= /tmp/oracle-venv/bin/python

oracle:  ## dev-only: rebuild tests/fixtures/hf_configs/expected.json (see tests/oracle/README.md)
	nice -n 10 $(ORACLE_PY) tests/oracle/make_expected.py

clean:  ## remove the venv and build output
	rm -rf $(VENV) dist .pyinstaller
