"""cycles: the Game of Cycles engine (libcycles) for Python.

    >>> import cycles
    >>> cycles.Board.family("k4").solve().winner
    2

A thin binding over the C library through cffi: boards (from the families,
files, networkx graphs or cells), positions, answers, pictures and every
reachable position's value all come from libcycles; see README.md of the
source tree ("Python").
"""
from ._core import (SVG, Board, BoardError, CyclesError, Family, Game, IllegalMoveError, Position, PositionRecord,
                    RulesError, Solution, SolverError, VariantSolution, families, position_records, positions)
from . import census

__version__ = "0.1.0"

__all__ = ["Board", "Position", "Solution", "VariantSolution", "Game", "PositionRecord", "SVG", "Family",
           "CyclesError", "BoardError", "IllegalMoveError", "SolverError", "RulesError", "families", "positions",
           "position_records", "census"]
