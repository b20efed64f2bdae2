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
  clang libclang-rt-14-dev >/dev/null
echo "cycles: dependencies installed"
