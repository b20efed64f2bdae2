#!/usr/bin/env bash
# Installs what cycles needs on a Debian machine (run as root, or with sudo).
#
#   bash scripts/install-deps.sh          what builds and runs the program, its
#                                         manual page and the Python package
#   bash scripts/install-deps.sh --test   that, and what `make test` needs
#
# Without --test, configure with -DCYCLES_TESTS=OFF or let CMake leave out
# what it cannot build: `make` builds the program either way.
set -euo pipefail
export DEBIAN_FRONTEND=noninteractive
TEST=0
case "${1:-}" in
  --test) TEST=1 ;;
  "") ;;
  *) echo "usage: bash scripts/install-deps.sh [--test]" >&2; exit 2 ;;
esac
SUDO=
[ "$(id -u)" = 0 ] || SUDO=sudo
install() { $SUDO apt-get install -y -qq --no-install-recommends "$@" >/dev/null; }
if [ "$TEST" = 1 ]; then
  # The static site's test builds jansson and nauty for WebAssembly from
  # Debian's source packages (apt-get source): apt needs the deb-src lines of
  # the machine's own archives, added here when missing
  if [ -f /etc/apt/sources.list.d/debian.sources ] &&
     ! grep -rqs '^Types:.*deb-src' /etc/apt/sources.list.d/ /etc/apt/sources.list; then
    sed 's/^Types: deb$/Types: deb-src/' /etc/apt/sources.list.d/debian.sources |
      $SUDO tee /etc/apt/sources.list.d/cycles-deb-src.sources >/dev/null
  elif [ -f /etc/apt/sources.list ] && grep -qs '^deb ' /etc/apt/sources.list &&
       ! grep -rqs '^deb-src ' /etc/apt/sources.list /etc/apt/sources.list.d/; then
    sed -n 's/^deb /deb-src /p' /etc/apt/sources.list | $SUDO tee /etc/apt/sources.list.d/cycles-deb-src.list >/dev/null
  fi
fi
$SUDO apt-get update -qq

# The program: the compiler and build tools; jansson (JSON), nauty (canonical
# forms; its geng and planarg tools enumerate the census's boards), libmicrohttpd
# and GLib (cycles serve), SQLite (the census), libedit (line editing in
# cycles play); librsvg and a font for PNG
# pictures (cycles draw -o FILE.png); man for `man cycles`; Python with cffi,
# setuptools and pip for the Python package.
install build-essential cmake make pkg-config \
  libjansson-dev libnauty2-dev nauty \
  libmicrohttpd-dev libglib2.0-dev libsqlite3-dev libedit-dev \
  librsvg2-dev fonts-dejavu-core man-db \
  python3 python3-cffi python3-setuptools python3-pip

if [ "$TEST" = 1 ]; then
  # The tests: cmocka (unit tests), the sqlite3 and curl commands (census and
  # server tests), graphviz and /usr/bin/time (drawing and memory tests),
  # OpenMPI (the MPI programs and their tests), clang with libFuzzer (the
  # parsers' fuzzing), pytest, networkx, matplotlib and Jupyter (the Python
  # package and its notebook), Chromium (the browser test), tmux (the terminal
  # game's test on a real terminal), Emscripten (the static site: the engine
  # in WebAssembly, `make site`, and its browser test) and dpkg-dev (apt-get
  # source unpacks jansson and nauty with dpkg-source for it); clang-format
  # (the layout check, tests/package/format.sh).
  install libcmocka-dev sqlite3 curl graphviz time tmux emscripten dpkg-dev \
    libopenmpi-dev openmpi-bin \
    clang libclang-rt-dev clang-format \
    python3-pytest python3-networkx python3-matplotlib jupyter-nbconvert python3-ipykernel \
    chromium
  # node and npm for the browser test (tests/e2e); a machine that has them
  # from elsewhere keeps its own (Debian's npm conflicts with NodeSource's node)
  command -v npm >/dev/null 2>&1 || install nodejs npm
fi
if [ "$TEST" = 1 ]; then
  echo "cycles: dependencies installed, with the tests'"
else
  echo "cycles: dependencies installed (add --test for the tests')"
fi
