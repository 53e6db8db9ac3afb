# Two commands do all set-up on a fresh machine:
#   make play   create .venv if missing, install Tabletop, open the desktop app
#   make test   create/refresh .venv with the test tools, run ruff, mypy and pytest headless
PYTHON ?= python3
VENV ?= .venv
BIN := $(VENV)/bin

.PHONY: play test lint typecheck pytest docs bench system-deps clean

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
OPENSPIEL := examples/tabletop-openspiel

$(VENV)/.installed-test: pyproject.toml $(EXAMPLES:%=%/pyproject.toml) \
		$(OPENSPIEL)/pyproject.toml | $(BIN)/python
	$(BIN)/python -m pip install --quiet -e ".[test,ray]" $(EXAMPLE_INSTALLS) -e $(OPENSPIEL)
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

test: $(VENV)/.installed-test system-deps
	$(MAKE) lint typecheck pytest

lint:
	$(BIN)/ruff check .

typecheck:
	$(BIN)/mypy
	cd examples/tabletop-reversi && MYPYPATH=$(CURDIR) $(abspath $(BIN))/mypy
	$(BIN)/mypy $(OPENSPIEL)/tabletop_openspiel

pytest:
	ARCADE_HEADLESS=1 $(BIN)/pytest

# The API reference, generated from the docstrings by pdoc into build/api (git-ignored);
# it fails listing any public name without a docstring and any broken reference.
docs: $(VENV)/.installed-test
	ARCADE_HEADLESS=1 $(BIN)/python docs/api.py build/api

bench: $(BIN)/python
	$(BIN)/python -m pip install --quiet -e ".[test,bench,ray]"
	for script in bench/*.py; do ARCADE_HEADLESS=1 $(BIN)/python $$script; done

clean:
	rm -rf $(VENV) build *.egg-info .mypy_cache .ruff_cache .pytest_cache
