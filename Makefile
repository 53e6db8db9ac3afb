# Two commands do all set-up on a fresh machine:
#   make play   create .venv if missing, install Tabletop, open the desktop app
#   make test   create/refresh .venv with the test tools, run ruff, mypy and pytest headless
PYTHON ?= python3
VENV ?= .venv
BIN := $(VENV)/bin

.PHONY: play test lint typecheck pytest docs bench system-deps clean i18n

$(BIN)/python:
	$(PYTHON) -m venv $(VENV)
	$(BIN)/python -m pip install --quiet --upgrade pip

# The example games are separate distributions, installed beside Tabletop like any
# third-party plugin (so the launcher lists them and the tests use them).
EXAMPLES := examples/tabletop-reversi
EXAMPLE_INSTALLS := $(foreach example,$(EXAMPLES),-e $(example))

# Stamps: reinstall only when a pyproject.toml (dependencies, packages, entry points)
# changed, so `make play` on an installed checkout starts the app at once. The test
# install is a superset of the plain one, so it renews both stamps.
$(VENV)/.installed: pyproject.toml $(EXAMPLES:%=%/pyproject.toml) | $(BIN)/python
	$(BIN)/python -m pip install --quiet -e . $(EXAMPLE_INSTALLS)
	touch $@

# The OpenSpiel bridge is an optional plugin (it brings in open_spiel): the test install
# adds it so that its kit and app tests run; `make play` leaves it out.
# The learning environments' extras (tabletop[pettingzoo], tabletop[openspiel]) too, so
# that tests/env runs PettingZoo's and OpenSpiel's own tests on our games.
OPENSPIEL := examples/tabletop-openspiel

$(VENV)/.installed-test: pyproject.toml $(EXAMPLES:%=%/pyproject.toml) \
		$(OPENSPIEL)/pyproject.toml | $(BIN)/python
	$(BIN)/python -m pip install --quiet -e ".[test,ray,pettingzoo,openspiel]" \
		$(EXAMPLE_INSTALLS) -e $(OPENSPIEL)
	touch $@ $(VENV)/.installed

# Headless tests draw with Mesa's software OpenGL through EGL; install it if it is missing
# (Debian/Ubuntu, as root), or say what is needed.
system-deps:
	@if ! ldconfig -p | grep -q 'libEGL.so.1' || ! ls /usr/lib/*/dri/swrast_dri.so >/dev/null 2>&1; then \
	  if command -v apt-get >/dev/null && [ "$$(id -u)" = 0 ]; then \
	    apt-get update -qq && apt-get install -y -qq libegl1 libegl-mesa0 libgl1-mesa-dri libglu1-mesa; \
	  else \
	    echo "Install Mesa's EGL and software OpenGL (Debian: libegl1 libegl-mesa0 libgl1-mesa-dri)"; exit 1; \
	  fi; \
	fi

play: $(VENV)/.installed
	$(BIN)/tabletop

# lint and typecheck run beside pytest (together about 15 s of one core, while pytest
# takes minutes on all of them); --keep-going lets all three finish and report, and make
# fails if any did. Each one's output is printed in one piece when it ends.
test: $(VENV)/.installed-test system-deps
	$(MAKE) --jobs=3 --keep-going --output-sync=target lint typecheck pytest

lint:
	$(BIN)/ruff check .

# The three runs share one cache: the examples' runs reuse the first run's analysis of
# tabletop (mypy re-checks whatever its cache does not match).
typecheck:
	$(BIN)/mypy
	cd examples/tabletop-reversi && MYPYPATH=$(CURDIR) $(abspath $(BIN))/mypy \
		--cache-dir $(CURDIR)/.mypy_cache
	$(BIN)/mypy $(OPENSPIEL)/tabletop_openspiel

# The translations (gettext catalogs managed with Babel, docs/translating.md): extract
# every text of the host, the built-in games and the Reversi example, update each
# language's catalog from it and compile them. The tests fail on a text left untranslated.
i18n: $(VENV)/.installed
	$(BIN)/python -m tabletop.catalogs

# In parallel (pytest-xdist), each test file on one worker (module fixtures built once).
# One worker more than there are cores: the tests spend part of their time waiting (on
# AI worker processes, subprocesses, sleeps), which the extra worker fills. Bytecode is
# cached even if PYTHONDONTWRITEBYTECODE is set: the tests start some 200 Python
# processes (the CLI, AI workers, the scaffolded games' own pytest), which would each
# compile Tabletop again. `pytest tests/some_test.py` by hand runs in one process.
PYTEST_WORKERS ?= $(shell echo $$(( $$(getconf _NPROCESSORS_ONLN 2>/dev/null || echo 1) + 1 )))

pytest:
	ARCADE_HEADLESS=1 PYTHONDONTWRITEBYTECODE= $(BIN)/pytest -n $(PYTEST_WORKERS) --dist loadfile

# The API reference, generated from the docstrings by pdoc into build/api (git-ignored);
# it fails listing any public name without a docstring and any broken reference.
docs: $(VENV)/.installed-test
	ARCADE_HEADLESS=1 $(BIN)/python docs/api.py build/api

bench: $(BIN)/python
	$(BIN)/python -m pip install --quiet -e ".[test,bench,ray]"
	for script in bench/*.py; do ARCADE_HEADLESS=1 $(BIN)/python $$script; done

clean:
	rm -rf $(VENV) build *.egg-info .mypy_cache .ruff_cache .pytest_cache
