# Odyssey² project. The two commands a newcomer needs: `make run` and `make test`.
PYTHON ?= python3
VENV   := .venv
PY     := $(VENV)/bin/python
STAMP  := $(VENV)/.installed
CC     ?= cc
CSTRICT := -std=c11 -O2 -Wall -Wextra -Werror -Inative

.PHONY: all run test native cstrict sanitize fuzz tsan bench roms hardware-inc conformance clean

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
	@$(CC) $(CSTRICT) -DCPU8048_SWITCH_DISPATCH -c native/cpu8048.c -o /dev/null
	@$(CC) $(CSTRICT) -DCPU8048_SWITCH_DISPATCH -DCPU8048_NO_BUS_SHORTCUTS -c native/cpu8048.c -o /dev/null
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

# Random programs, cartridges and mutated save states through the C core under ASan+UBSan, and
# libFuzzer (clang) on the loaders. The defaults are CI's short pass; raise them for a long one:
# make fuzz FUZZ_INSTRUCTIONS=1000000000 FUZZ_IMAGES=10000 FUZZ_SECONDS=600
FUZZ_INSTRUCTIONS ?= 20000000
FUZZ_IMAGES ?= 1000
FUZZ_SECONDS ?= 30
FUZZ_SEED ?= 1
FUZZ_FLAGS := -std=c11 -O1 -g -fsanitize=address,undefined -fno-sanitize-recover=all -Wall -Wextra -Werror -Inative
fuzz:
	mkdir -p build/fuzz/corpus
	$(CC) $(FUZZ_FLAGS) native/fuzz/fuzz_core.c $$(ls native/*.c) -lm -o build/fuzz/fuzz_core
	build/fuzz/fuzz_core programs $(FUZZ_INSTRUCTIONS) $(FUZZ_SEED)
	build/fuzz/fuzz_core carts $(FUZZ_IMAGES) $(FUZZ_SEED)
	build/fuzz/fuzz_core states $(FUZZ_IMAGES) $(FUZZ_SEED)
	@if command -v clang >/dev/null 2>&1; then \
	    clang $(FUZZ_FLAGS) -fsanitize=fuzzer native/fuzz/fuzz_loaders.c $$(ls native/*.c) -lm -o build/fuzz/fuzz_loaders && \
	    { build/fuzz/fuzz_loaders -max_total_time=$(FUZZ_SECONDS) -timeout=10 -max_len=20000 -print_final_stats=1 \
	        build/fuzz/corpus > build/fuzz/loaders.log 2>&1 || { tail -40 build/fuzz/loaders.log; exit 1; }; } && \
	    grep -E "^(Done|stat::new_units_added)" build/fuzz/loaders.log; \
	else echo "fuzz: no clang, libFuzzer on the loaders skipped (apt-get install clang)"; fi
	$(MAKE) --no-print-directory fuzz-hypothesis
	$(MAKE) --no-print-directory tsan

# Machines made and run in several threads at once under ThreadSanitizer: the core's shared tables
# are only read (native/fuzz/threads.c; ~10 s). Clang: GCC's ThreadSanitizer leaves a memset of
# a variable length inline, unchecked.
TSAN_CC ?= clang
tsan:
	@if ! command -v $(TSAN_CC) >/dev/null 2>&1; then echo "tsan: no $(TSAN_CC), skipped (apt-get install clang)"; exit 0; fi; \
	mkdir -p build/tsan && \
	$(TSAN_CC) -std=c11 -O1 -g -fsanitize=thread -Wall -Wextra -Werror -Inative native/fuzz/threads.c $$(ls native/*.c) \
	    -lm -lpthread -o build/tsan/threads && \
	TSAN_OPTIONS=halt_on_error=1 build/tsan/threads roms_free/bios.bin roms_free/charset.bin roms_free/conquest.bin

bench: native
	$(PY) tests/run_bench.py

# The hardware names of roms_free/src/hardware.inc come from native/o2.h (the generated block).
hardware-inc: $(STAMP)
	$(PY) -m cart.asm.hardware_inc

roms: $(STAMP) hardware-inc
	$(PY) -m cart.build_roms

# Then random programs against MAME (tests/conformance/random_run.py): RANDOM_FIRST=100000 for unseen seeds.
RANDOM_NTSC ?= 500
RANDOM_PAL ?= 200
RANDOM_CPU ?= 200
RANDOM_FIRST ?= 1
conformance: native
	O2_REQUIRE_MAME=1 $(PY) -m pytest -q -m conformance
	$(PY) tests/conformance/random_run.py --ntsc $(RANDOM_NTSC) --pal $(RANDOM_PAL) --cpu $(RANDOM_CPU) --first $(RANDOM_FIRST)

clean:
	rm -rf build emu/_native*.so

# Property-based fuzzing of every board input (CLI arguments, game databases, scenario files);
# the test suite runs a short pass, this a long one.
.PHONY: fuzz-board
fuzz-board: $(STAMP)
	BOARD_FUZZ_EXAMPLES=$${BOARD_FUZZ_EXAMPLES:-2000} $(PY) -m pytest -q -p no:cacheprovider tests/board/test_board_fuzz.py

# The libretro core for RetroArch (docs/libretro.md): the C core's sources and
# native/libretro/libretro.c, with our free BIOS, character set and Conquest of the World built in
# (build/libretro/o2_generated.h, generated). Needs only a C compiler and python3.
LIBRETRO := build/libretro
# -fwrapv as the package's build has it (Python's CFLAGS): the same machine code as in Python.
LIBRETRO_CFLAGS := -std=c11 -O3 -fwrapv -fPIC -fvisibility=hidden -Wall -Wextra -Werror -Inative -Inative/libretro -I$(LIBRETRO)
.PHONY: libretro
libretro: $(LIBRETRO)/odyssey2_libretro.so $(LIBRETRO)/odyssey2_libretro.info

$(LIBRETRO)/o2_generated.h: native/libretro/generate.py emu/keys.py emu/version.py roms_free/bios.bin roms_free/charset.bin roms_free/conquest.bin
	$(PYTHON) native/libretro/generate.py $@

$(LIBRETRO)/odyssey2_libretro.so: $(wildcard native/*.c native/*.h) native/libretro/libretro.c native/libretro/libretro.h $(LIBRETRO)/o2_generated.h
	$(CC) $(LIBRETRO_CFLAGS) -shared $(wildcard native/*.c) native/libretro/libretro.c -lm -o $@

$(LIBRETRO)/odyssey2_libretro.info: native/libretro/odyssey2_libretro.info
	cp $< $@

# The libretro core's tests (tests/libretro/test_core.py, and each picture converter of
# test_fast_path.py) against an ASan+UBSan build of it.
.PHONY: libretro-sanitize
libretro-sanitize: $(STAMP) $(LIBRETRO)/o2_generated.h $(LIBRETRO)/odyssey2_libretro.info
	mkdir -p build/libretro-sanitize
	$(CC) $(LIBRETRO_CFLAGS) -O1 -g -fno-omit-frame-pointer -fsanitize=address,undefined -fno-sanitize-recover=undefined \
	    -shared $(wildcard native/*.c) native/libretro/libretro.c -lm -o build/libretro-sanitize/odyssey2_libretro.so
	cp native/libretro/odyssey2_libretro.info build/libretro-sanitize/
	O2_LIBRETRO_LIB=build/libretro-sanitize/odyssey2_libretro.so \
	LD_PRELOAD="$$($(CC) -print-file-name=libasan.so) $$($(CC) -print-file-name=libubsan.so)" \
	ASAN_OPTIONS=detect_leaks=0 UBSAN_OPTIONS=halt_on_error=1:print_stacktrace=1 \
	$(PY) -m pytest -q -p no:cacheprovider tests/libretro/test_core.py tests/libretro/test_fast_path.py -k 'not broken_is_caught'

# Every Hypothesis property test on fresh random draws (the suite's CI runs draw a fixed sequence),
# pass after pass until FUZZ_HYPOTHESIS_SECONDS have gone: make fuzz FUZZ_HYPOTHESIS_SECONDS=600
FUZZ_HYPOTHESIS_SECONDS ?= 60
HYPOTHESIS_TESTS := tests/board/test_board_fuzz.py tests/board/test_board_properties.py \
    tests/combat/test_combat_properties.py tests/fuzz/test_python_inputs.py tests/asm/test_asm_disassembler.py
.PHONY: fuzz-hypothesis
fuzz-hypothesis: native
	@mkdir -p build/fuzz; end=$$(( $$(date +%s) + $(FUZZ_HYPOTHESIS_SECONDS) )); passes=0; \
	while [ $$(date +%s) -lt $$end ]; do \
	    HYPOTHESIS_PROFILE=fuzz BOARD_FUZZ_EXAMPLES=$${BOARD_FUZZ_EXAMPLES:-200} \
	        $(PY) -m pytest -q -x -p no:cacheprovider $(HYPOTHESIS_TESTS) > build/fuzz/hypothesis.log 2>&1 \
	        || { tail -60 build/fuzz/hypothesis.log; exit 1; }; \
	    passes=$$((passes + 1)); \
	done; echo "fuzz-hypothesis: $$passes passes of fresh random draws, no failure"
