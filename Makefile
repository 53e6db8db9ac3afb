# Two commands do all set-up on a fresh machine:
#   make play   create .venv if missing, install the locked app environment, open the app
#   make test   create/refresh .venv with the locked test tools, run ruff, mypy and pytest
#               headless (the lock: requirements/, `make lock` and `make upgrade` below)
PYTHON ?= python3
VENV ?= .venv
BIN := $(VENV)/bin

.PHONY: play test lint typecheck pytest docs bench system-deps clean i18n lock upgrade

$(BIN)/python:
	$(PYTHON) -m venv $(VENV)

# The environment is locked (requirements/, written by `make lock` from pyproject.toml's
# ranges): every package at one version, checked against its hashes, so a release on the
# index cannot change what `make play` and `make test` install. pip installs the lock
# first (pip and setuptools included), then Tabletop and the examples as editable
# distributions with --no-deps (the lock holds their dependencies) and
# --no-build-isolation (built with the locked setuptools, nothing fetched).
PIP_LOCKED := $(BIN)/python -m pip install --quiet --disable-pip-version-check \
	--require-hashes --no-deps
PIP_EDITABLE := $(BIN)/python -m pip install --quiet --disable-pip-version-check \
	--no-deps --no-build-isolation

# The example games are separate distributions, installed beside Tabletop like any
# third-party plugin (so the launcher lists them and the tests use them).
EXAMPLES := examples/tabletop-reversi
EXAMPLE_INSTALLS := $(foreach example,$(EXAMPLES),-e $(example))

# Stamps: reinstall only when the lock or a pyproject.toml (packages, entry points)
# changed, so `make play` on an installed checkout starts the app at once. The test
# install is a superset of the plain one, so it renews both stamps.
$(VENV)/.installed: requirements/app.txt pyproject.toml $(EXAMPLES:%=%/pyproject.toml) \
		| $(BIN)/python
	$(PIP_LOCKED) -r requirements/app.txt
	$(PIP_EDITABLE) -e . $(EXAMPLE_INSTALLS)
	touch $@

# The OpenSpiel bridge is an optional plugin (it brings in open_spiel): the test install
# adds it so that its kit and app tests run; `make play` leaves it out.
# The learning environments' extras (tabletop[pettingzoo], tabletop[openspiel]) too, so
# that tests/env runs PettingZoo's and OpenSpiel's own tests on our games; and the
# benchmarks' (bench), so that `make bench` uses the same lock.
OPENSPIEL := examples/tabletop-openspiel

$(VENV)/.installed-test: requirements/test.txt pyproject.toml \
		$(EXAMPLES:%=%/pyproject.toml) $(OPENSPIEL)/pyproject.toml | $(BIN)/python
	$(PIP_LOCKED) -r requirements/test.txt
	$(PIP_EDITABLE) -e . $(EXAMPLE_INSTALLS) -e $(OPENSPIEL)
	touch $@ $(VENV)/.installed

# `make lock` re-resolves the lock after pyproject.toml (or requirements/*.in) changed,
# keeping every pin it can; `make upgrade` moves every package to its newest allowed
# release. Both write requirements/test.txt (everything: all extras, the build tools and
# uv) and requirements/app.txt (what the app needs, at the same versions), for every
# platform and Python from 3.11 on, with hashes. tests/host/test_lock.py fails when
# pyproject.toml and the lock disagree.
UV_COMPILE := $(BIN)/uv pip compile --quiet --universal --python-version 3.11 \
	--generate-hashes --custom-compile-command "make lock"

lock: $(VENV)/.installed-test
	$(UV_COMPILE) $(UPGRADE) --all-extras pyproject.toml requirements/build.in \
		requirements/dev.in -o requirements/test.txt
	$(UV_COMPILE) pyproject.toml requirements/build.in -c requirements/test.txt \
		-o requirements/app.txt

upgrade:
	$(MAKE) lock UPGRADE=--upgrade

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

bench: $(VENV)/.installed-test
	for script in bench/*.py; do ARCADE_HEADLESS=1 $(BIN)/python $$script; done

clean:
	rm -rf $(VENV) build *.egg-info .mypy_cache .ruff_cache .pytest_cache
