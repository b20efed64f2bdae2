# package_format: the C sources follow .clang-format (scripts/format.sh
# --check lists each file that clang-format would change).  Skipped where
# clang-format is not installed (scripts/install-deps.sh --test installs it).
# Usage: bash format.sh SOURCE_DIR
set -u
command -v "${CLANG_FORMAT:-clang-format}" >/dev/null || { echo "SKIP: no clang-format"; exit 0; }
bash "$1/scripts/format.sh" --check
