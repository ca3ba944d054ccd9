# The two commands of the README: `make run` and `make test`.
VENV := .venv
PYTHON := $(VENV)/bin/python

.PHONY: run test bench

$(VENV)/installed: requirements.txt
	python3 -m venv $(VENV)
	$(PYTHON) -m pip install --quiet --upgrade pip
	$(PYTHON) -m pip install --quiet -r requirements.txt
	touch $@

test: $(VENV)/installed
	$(PYTHON) -m pytest -n 2 $(PYTEST_ARGS)

bench: $(VENV)/installed
	$(PYTHON) -m pairing.engine.bench
