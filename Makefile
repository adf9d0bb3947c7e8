# Two commands on a fresh machine:  `make run` (the service on embedded defaults)  and  `make test`.
VENV ?= .venv
PY := $(VENV)/bin/python
# `make run PORT=9000 HOST=0.0.0.0`: where the service listens (threadkeep serve's defaults).
PORT ?= 8000
HOST ?= 127.0.0.1

.PHONY: run chat test install lint screenshots

$(VENV)/.installed: pyproject.toml
	python3 -m venv $(VENV)
	$(PY) -m pip install -q --upgrade pip
	$(PY) -m pip install -q -e '.[dev]'
	touch $@

install: $(VENV)/.installed

run: $(VENV)/.installed
	$(VENV)/bin/threadkeep serve --host $(HOST) --port $(PORT)

chat: $(VENV)/.installed
	$(VENV)/bin/threadkeep chat

test: $(VENV)/.installed
	$(VENV)/bin/pytest

lint: $(VENV)/.installed
	$(VENV)/bin/ruff check src tests bench evals
	$(VENV)/bin/ruff format --check src tests bench evals
	$(VENV)/bin/lint-imports
	$(VENV)/bin/mypy

# The pictures in docs/screenshots/, taken by the browser tests at 1400 and 390 px.
screenshots: $(VENV)/.installed
	THREADKEEP_SCREENSHOTS=docs/screenshots $(VENV)/bin/pytest -q tests/test_web_browser.py \
	  tests/test_admin_browser.py -k "scrolls_and_everything or times_ratings_and_width"
