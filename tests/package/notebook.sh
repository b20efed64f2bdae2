# notebook: executes docs/tour.ipynb top to bottom with Debian's jupyter
# nbconvert and python3 kernel; a cell that raises fails the test.
# Usage: bash notebook.sh SOURCE_DIR WORK_DIR (CYCLES_LIBRARY and PYTHONPATH
# point at the build's library and the package of the source tree).
set -u
SRC=$1
WORK=$2/notebook
mkdir -p "$WORK"
export JUPYTER_PLATFORM_DIRS=1 PYDEVD_DISABLE_FILE_VALIDATION=1 HOME=${HOME:-$WORK}
cp "$SRC/docs/tour.ipynb" "$WORK/tour.ipynb"
cd "$WORK" || exit 1
timeout 500 /usr/bin/python3 -m nbconvert --to notebook --execute --ExecutePreprocessor.timeout=120 \
  --ExecutePreprocessor.kernel_name=python3 --output executed.ipynb tour.ipynb || exit 1
# every code cell ran and none holds an error output
/usr/bin/python3 - executed.ipynb <<'PY'
import json, sys
nb = json.load(open(sys.argv[1]))
code = [c for c in nb["cells"] if c["cell_type"] == "code"]
assert code and all(c.get("execution_count") for c in code), "a cell did not run"
errors = [o for c in code for o in c.get("outputs", []) if o.get("output_type") == "error"]
assert not errors, errors
svgs = sum(1 for c in code for o in c.get("outputs", []) if "image/svg+xml" in o.get("data", {}))
pngs = sum(1 for c in code for o in c.get("outputs", []) if "image/png" in o.get("data", {}))
assert svgs >= 3 and pngs >= 1, (svgs, pngs)
print(f"{len(code)} cells ran, {svgs} SVG pictures, {pngs} plots")
PY
