#!/usr/bin/env python3
"""The dependencies among the modules of src/, and their cycles.

Usage: includes.py SOURCE_DIR [BUILD_DIR] [--list]

A module is a source file and the header of the same name (src/rules.c and
src/rules.h are the module src/rules).  Module A depends on module B when a
file of A includes a header of B (#include "..."), or, given BUILD_DIR, when
the object file of A uses a function or variable that the object file of B
defines (nm): a header shared by many modules (internal.h) hides who calls
whom, the objects do not.  Exits 1 naming each cycle (modules that depend on
each other, directly or round a ring) that is not one of ALLOWED below; 0
when there is none.  --list prints every dependency with its reason.
"""
import collections
import glob
import os
import re
import subprocess
import sys

# Files that are one module although they are two files: they call each other
# by design.
UNITS = {
    # the fast engine's df-pn search is the fast engine: df-pn calls back
    # into the engine's table and its rounds search, and the engine calls it
    "src/engine/solver_dfpn": "src/engine/solver_fast",
}

# Cycles allowed for now, each a set of modules and why.  A cycle listed here
# that is gone is reported (remove it from the list); a new one fails.
ALLOWED = []

# Dependencies left out, each with why.
IGNORED = {
    ("src/cli/common", "src/cli/main"):
        "common.c looks commands up (cli_find, the help) in main.c's table, which names every command",
}

OBJECT_DIRS = ["libcycles.dir", "cycles_census.dir", "cycles.dir", "cycles_server.dir", "cycles-check.dir"]


def module(path):
    m = os.path.splitext(path)[0]
    return UNITS.get(m, m)


def include_edges(src):
    edges = collections.defaultdict(set)
    files = [os.path.relpath(p, src) for p in glob.glob(os.path.join(src, "src", "**", "*.[ch]"), recursive=True)]
    for f in sorted(files):
        with open(os.path.join(src, f), encoding="utf-8", errors="replace") as fh:
            for line in fh:
                m = re.match(r'\s*#\s*include\s+"([^"]+)"', line)
                if not m:
                    continue
                for base in (os.path.dirname(f), "src"):
                    target = os.path.normpath(os.path.join(base, m.group(1)))
                    if os.path.exists(os.path.join(src, target)):
                        if module(target) != module(f):
                            edges[(module(f), module(target))].add("#include \"%s\" in %s" % (m.group(1), f))
                        break
    return edges


def object_edges(build):
    defs, uses = {}, collections.defaultdict(set)
    objs = []
    for d in OBJECT_DIRS:
        objs += glob.glob(os.path.join(build, "CMakeFiles", d, "src", "**", "*.o"), recursive=True)
    if not objs:
        sys.exit("includes.py: no object files under %s/CMakeFiles/{%s}/src: build first" % (build, ",".join(OBJECT_DIRS)))
    for o in objs:
        mod = module("src/" + o.split(os.sep + "src" + os.sep, 1)[1][:-len(".c.o")] + ".c")
        out = subprocess.run(["nm", o], capture_output=True, text=True, check=True).stdout
        for line in out.splitlines():
            p = line.split()
            if len(p) == 3 and p[1] in "TDBR":
                defs[p[2]] = mod
            elif len(p) == 2 and p[0] == "U":
                uses[mod].add(p[1])
    edges = collections.defaultdict(set)
    for mod, names in uses.items():
        for n in sorted(names):
            if n in defs and defs[n] != mod:
                edges[(mod, defs[n])].add("calls %s" % n)
    return edges


def cycles(nodes, succ):
    """The strongly connected components of more than one module (Tarjan)."""
    index, low, stack, on, out = {}, {}, [], set(), []
    counter = [0]

    def visit(v):
        work = [(v, iter(sorted(succ[v])))]
        index[v] = low[v] = counter[0]
        counter[0] += 1
        stack.append(v)
        on.add(v)
        while work:
            node, it = work[-1]
            advanced = False
            for w in it:
                if w not in index:
                    index[w] = low[w] = counter[0]
                    counter[0] += 1
                    stack.append(w)
                    on.add(w)
                    work.append((w, iter(sorted(succ[w]))))
                    advanced = True
                    break
                if w in on:
                    low[node] = min(low[node], index[w])
            if advanced:
                continue
            work.pop()
            if work:
                low[work[-1][0]] = min(low[work[-1][0]], low[node])
            if low[node] == index[node]:
                comp = []
                while True:
                    w = stack.pop()
                    on.discard(w)
                    comp.append(w)
                    if w == node:
                        break
                if len(comp) > 1:
                    out.append(set(comp))

    for v in sorted(nodes):
        if v not in index:
            visit(v)
    return out


def main():
    args = [a for a in sys.argv[1:] if a != "--list"]
    if not args:
        sys.exit(__doc__)
    src = args[0]
    edges = include_edges(src)
    if len(args) > 1:
        for k, v in object_edges(args[1]).items():
            edges[k] |= v
    for k in IGNORED:
        edges.pop(k, None)
    if "--list" in sys.argv:
        for (a, b), why in sorted(edges.items()):
            print("%s -> %s: %s" % (a, b, "; ".join(sorted(why)[:4]) + (" ..." if len(why) > 4 else "")))
    succ = collections.defaultdict(set)
    nodes = set()
    for a, b in edges:
        succ[a].add(b)
        nodes |= {a, b}
    bad = 0
    found = cycles(nodes, succ)
    for comp in found:
        if any(comp == allowed for allowed, _ in ALLOWED):
            continue
        bad += 1
        print("cycle among %s:" % ", ".join(sorted(comp)))
        for a in sorted(comp):
            for b in sorted(succ[a] & comp):
                print("  %s -> %s: %s" % (a, b, "; ".join(sorted(edges[(a, b)])[:3])))
    for allowed, why in ALLOWED:
        if not any(comp == allowed for comp in found):
            print("note: the allowed cycle among %s is gone: remove it from ALLOWED (%s)" % (", ".join(sorted(allowed)), why))
    return 1 if bad else 0


if __name__ == "__main__":
    sys.exit(main())
