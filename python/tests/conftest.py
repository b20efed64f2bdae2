"""Makes the package of this source tree importable without installing it
(the build's libcycles.so.0 is found by cycles/_ffi.py, or CYCLES_LIBRARY)."""
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))
