#!/usr/bin/env python3
"""Lists the functions of src/ longer than a number of lines (default 150),
longest first: LINES FILE:LINE NAME.  Usage: scripts/long-functions.py [LINES]
(from the repository's root).  A function is taken to run from its
signature, which starts a line, to the "}" that starts a line after its
"{" alone on a line, the layout of every function of src/."""
import re
import subprocess
import sys

files = subprocess.check_output(['git','ls-files','src/*.c','src/**/*.c','src/*.h','src/**/*.h'], text=True).split()
lim = int(sys.argv[1]) if len(sys.argv) > 1 else 150
found = []
for f in sorted(set(files)):
    lines = open(f, encoding='utf-8', errors='replace').read().split('\n')
    start = None
    for i, l in enumerate(lines):
        if l == '{' and i > 0:
            # signature: walk back to a line at column 0 that is not blank/comment
            j = i - 1
            while j > 0 and (lines[j].startswith(' ') or lines[j].startswith('\t')):
                j -= 1
            start = j
            name = re.search(r'(\w+)\s*\(', ' '.join(lines[j:i]))
            name = name.group(1) if name else '?'
        elif l.startswith('}') and start is not None:
            n = i - start + 1
            if n > lim:
                found.append((n, f'{n:5d} {f}:{start+1} {name}'))
            start = None
for n, line in sorted(found, reverse=True):
    print(line)
