# Odyssey² project. The two commands a newcomer needs: `make run` and `make test`.
PYTHON ?= python3
VENV   := .venv
PY     := $(VENV)/bin/python
STAMP  := $(VENV)/.installed
CC     ?= cc
CSTRICT := -std=c11 -O2 -Wall -Wextra -Werror -Inative

.PHONY: all run test native cstrict sanitize bench roms conformance clean

all: native roms

$(STAMP): pyproject.toml setup.py
	$(PYTHON) -m venv $(VENV)
	$(PY) -m pip install -q --upgrade pip
	$(PY) -m pip install -q -e '.[test]'
	touch $@

# Rebuild the C core in place (emu/_native*.so).
native: $(STAMP)
	$(PY) native/build_ffi.py > /dev/null

# Every C file must compile cleanly with -Wall -Wextra -Werror.
cstrict:
	@for f in native/*.c; do $(CC) $(CSTRICT) -c $$f -o /dev/null || exit 1; done
	@echo "cstrict: native/*.c clean under -Wall -Wextra -Werror"

run: native
	$(VENV)/bin/o2 run

test: native cstrict
	$(PY) -m pytest -q

# The C-level tests (CPU, machine, VDC and sound, debugger) against an ASan+UBSan build of the core.
sanitize: $(STAMP)
	O2_SANITIZE=1 $(PY) native/build_ffi.py --out build/sanitize > /dev/null
	O2_NATIVE_LIB=$$(ls build/sanitize/emu/_native*.so) \
	LD_PRELOAD="$$($(CC) -print-file-name=libasan.so) $$($(CC) -print-file-name=libubsan.so)" \
	ASAN_OPTIONS=detect_leaks=0 UBSAN_OPTIONS=halt_on_error=1:print_stacktrace=1 \
	$(PY) -m pytest -q -p no:cacheprovider tests/cpu tests/machine tests/vdc tests/debugger

bench: native
	$(PY) tests/run_bench.py

roms: $(STAMP)
	$(PY) -m cart.build_roms

conformance: native
	O2_REQUIRE_MAME=1 $(PY) -m pytest -q -m conformance

clean:
	rm -rf build emu/_native*.so
