# paperlake — everything a fresh machine needs goes through these targets.
PYTHON ?= python3
VENV ?= .venv
PY := $(VENV)/bin/python
UV := $(VENV)/bin/uv
export PREFECT_HOME ?= $(CURDIR)/.prefect

.PHONY: run test bench clean

$(VENV)/.base:
	$(PYTHON) -m venv $(VENV)
	$(VENV)/bin/pip install --quiet --disable-pip-version-check uv==0.13.8
	touch $@

$(VENV)/.run: $(VENV)/.base pyproject.toml
	$(UV) pip install --quiet --compile-bytecode --python $(PY) -e .
	touch $@

$(VENV)/.dev: $(VENV)/.base pyproject.toml
	$(UV) pip install --quiet --compile-bytecode --python $(PY) -e '.[dev]'
	touch $@ $(VENV)/.run

run: $(VENV)/.run  ## set up, then run the flow on the bundled sample (data/raw -> warehouse/)
	$(VENV)/bin/paperlake run --input data/raw --warehouse warehouse

TEST_WORKERS ?= logical
test: $(VENV)/.dev  ## set up with dev extras, then run the test suite on one worker per logical CPU (at most 4)
	$(PY) -m pytest -n $(TEST_WORKERS) --maxprocesses 4 --durations=15

SIZES ?= 10k,100k
bench: $(VENV)/.dev  ## benchmarks: dedup quality curve, full and incremental runs, stage timings; results in bench/results/
	$(PY) -m bench --sizes $(SIZES)

clean:
	rm -rf $(VENV) .prefect .pytest_cache
