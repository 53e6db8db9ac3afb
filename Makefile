# Two commands do all set-up on a fresh machine:
#   make play   create .venv if missing, install Tabletop, open the desktop app
#   make test   create/refresh .venv with the test tools, run ruff, mypy and pytest headless
PYTHON ?= python3
VENV ?= .venv
BIN := $(VENV)/bin

.PHONY: play test lint typecheck pytest bench system-deps clean

$(BIN)/python:
	$(PYTHON) -m venv $(VENV)
	$(BIN)/python -m pip install --quiet --upgrade pip

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

play: $(BIN)/python
	$(BIN)/python -m pip install --quiet -e .
	$(BIN)/tabletop

# The OpenSpiel bridge (examples/tabletop-openspiel) is an optional plugin; the tests
# install it so that its kit and app tests run.
OPENSPIEL := examples/tabletop-openspiel

test: $(BIN)/python system-deps
	$(BIN)/python -m pip install --quiet -e ".[test]" -e $(OPENSPIEL)
	$(MAKE) lint typecheck pytest

lint:
	$(BIN)/ruff check .

typecheck:
	$(BIN)/mypy
	$(BIN)/mypy $(OPENSPIEL)/tabletop_openspiel

pytest:
	ARCADE_HEADLESS=1 $(BIN)/pytest

bench: $(BIN)/python
	$(BIN)/python -m pip install --quiet -e ".[test,bench]"
	for script in bench/*.py; do ARCADE_HEADLESS=1 $(BIN)/python $$script; done

clean:
	rm -rf $(VENV) build *.egg-info .mypy_cache .ruff_cache .pytest_cache
