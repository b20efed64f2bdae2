"""The declarations of cycles/_ffi.py against include/cycles.h: every struct
the binding uses has the size and field offsets the C compiler gives it."""
import os
import shutil
import subprocess
import tempfile

import pytest

from cycles._ffi import STRUCTS, ffi
from helpers import SOURCE


def test_struct_layouts_match_the_header():
    cc = shutil.which("cc") or shutil.which("gcc")
    header = os.path.join(SOURCE, "include", "cycles.h")
    if not cc or not os.path.exists(header):
        pytest.skip("no C compiler or no source tree")
    lines = ['#include "cycles.h"', "#include <stdio.h>", "#include <stddef.h>", "int main(void) {"]
    want = []
    for s in STRUCTS:
        t = ffi.typeof(s)
        lines.append(f'printf("%zu\\n", sizeof({s}));')
        want.append(ffi.sizeof(t))
        for name, f in t.fields:
            lines.append(f'printf("%zu\\n", offsetof({s}, {name}));')
            want.append(f.offset)
    lines.append("return 0; }")
    with tempfile.TemporaryDirectory() as d:
        src, exe = os.path.join(d, "layout.c"), os.path.join(d, "layout")
        with open(src, "w") as f:
            f.write("\n".join(lines))
        subprocess.run([cc, "-std=c11", "-I", os.path.dirname(header), "-o", exe, src], check=True)
        got = [int(x) for x in subprocess.run([exe], capture_output=True, text=True, check=True).stdout.split()]
    assert got == want
    assert len(want) > 40
