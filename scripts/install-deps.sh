#!/usr/bin/env bash
# Installs what cycles needs on a Debian machine (run as root, or with sudo).
set -euo pipefail
export DEBIAN_FRONTEND=noninteractive
SUDO=
[ "$(id -u)" = 0 ] || SUDO=sudo
$SUDO apt-get update -qq
$SUDO apt-get install -y -qq --no-install-recommends \
  build-essential cmake make pkg-config \
  libjansson-dev libcmocka-dev libnauty2-dev \
  libmicrohttpd-dev libglib2.0-dev libsqlite3-dev sqlite3 libedit-dev tmux libopenmpi-dev openmpi-bin nauty chromium fonts-dejavu-core curl librsvg2-dev \
  clang libclang-rt-14-dev \
  python3-cffi python3-pytest python3-networkx python3-matplotlib jupyter-nbconvert python3-ipykernel \
  python3-setuptools python3-pip groff-base man-db graphviz time >/dev/null
# node and npm for the browser test (tests/e2e); a machine that has them
# from elsewhere keeps its own (Debian's npm conflicts with NodeSource's node)
command -v npm >/dev/null 2>&1 || $SUDO apt-get install -y -qq --no-install-recommends nodejs npm >/dev/null
echo "cycles: dependencies installed"
