"""Shared by the tests: the cycles program of the build (CYCLES_BIN, set by
ctest) and an exhaustive search of the original game written over the
binding's moves alone (legal_moves, play, cycle_cell), independent of the
solver."""
import json
import os
import subprocess

import pytest

BIN = os.environ.get("CYCLES_BIN")
SOURCE = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))


def cli(*args, ok=True):
    """Runs the cycles program; (exit status, stdout, stderr).  Skips the
    test when the program is not known (CYCLES_BIN)."""
    if not BIN:
        pytest.skip("CYCLES_BIN not set (ctest sets it)")
    r = subprocess.run([BIN, *args], capture_output=True, text=True, timeout=60)
    if ok:
        assert r.returncode == 0, r.stderr
    return r.returncode, r.stdout, r.stderr


def cli_json(*args):
    return json.loads(cli(*args, "--json", "--quiet")[1])


def minimax(pos, memo=None):
    """Whether the player to move wins the original game from pos: some legal
    move completes a cycle cell or leaves a position the opponent loses."""
    memo = {} if memo is None else memo
    key = pos.moves
    if key not in memo:
        if pos.cycle_cell is not None:
            memo[key] = False
        else:
            memo[key] = False
            for m in pos.legal_moves():
                q = pos.play(m)
                if q.cycle_cell is not None or not minimax(q, memo):
                    memo[key] = True
                    break
    return memo[key]


def reachable(board):
    """The moves strings of every position reachable from the empty board by
    legal moves, a position with a cycle cell being an end (breadth first
    over the binding's legal_moves and play)."""
    seen, todo = {board.moves: board}, [board]
    while todo:
        p = todo.pop()
        if p.cycle_cell is not None:
            continue
        for m in p.legal_moves():
            q = p.play(m)
            if q.moves not in seen:
                seen[q.moves] = q
                todo.append(q)
    return set(seen)
