# Thin wrapper over CMake.  make: build build/cycles; make test: unit tests,
# command-line tests and fuzzing, then the same tests under ASan and UBSan;
# make run: the main job (solve the default board); make install: the program,
# libcycles.so, cycles.h, libcycles.pc, the man page and bash completion under
# PREFIX (default /usr/local), staged under DESTDIR when given; make site:
# the static site build/site/ (the page and its engine in WebAssembly).
MAKEFLAGS += --no-print-directory
JOBS ?= $(shell nproc 2>/dev/null || echo 2)
DEFAULT_BOARD ?= boards/figure1.json

PREFIX ?= /usr/local

.PHONY: all build test test-plain test-asan run bench clean install site

all: build

build:
	@cmake -S . -B build -DCMAKE_BUILD_TYPE=RelWithDebInfo >/dev/null
	@cmake --build build -j $(JOBS) >/dev/null || cmake --build build -j 1

test: test-plain test-asan

test-plain: build
	cd build && ctest --output-on-failure -j $(JOBS)

test-asan:
	@cmake -S . -B build-asan -DCMAKE_BUILD_TYPE=Debug -DCYCLES_SANITIZE=ON >/dev/null
	@cmake --build build-asan -j $(JOBS)
	cd build-asan && ASAN_OPTIONS=detect_leaks=1 UBSAN_OPTIONS=print_stacktrace=1 ctest --output-on-failure -j $(JOBS) -E fuzz_parsers

# make site: build/site/, the page with the engine in WebAssembly (Emscripten)
# and a census of the boards of up to 10 edges: a static folder any web host
# serves (docs/browser.md)
site: build
	bash scripts/build-site.sh . build/site

run: build
	./build/cycles solve $(DEFAULT_BOARD)

install:
	@cmake -S . -B build -DCMAKE_BUILD_TYPE=RelWithDebInfo -DCMAKE_INSTALL_PREFIX=$(PREFIX) >/dev/null
	@cmake --build build -j $(JOBS) >/dev/null || cmake --build build -j 1
	DESTDIR=$(DESTDIR) cmake --install build
	@if [ -z "$(DESTDIR)" ] && [ "$$(id -u)" = 0 ]; then ldconfig; fi

clean:
	rm -rf build build-asan
