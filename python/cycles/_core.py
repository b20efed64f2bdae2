"""Boards, positions, answers and pictures: thin wrappers over libcycles.

Every rule of the game, every answer and every picture comes from the C
library; this module converts between Python objects and the library's
structures (labels, moves as "U->V" strings, networkx graphs) and nothing
else.
"""
import json
import math
import os
from dataclasses import dataclass, field
from typing import Dict, Iterator, List, Optional

from ._ffi import ffi, lib

# Codes of the solver (include/cycles.h).
_SOLVE_TIMEOUT, _SOLVE_MEMORY, _SOLVE_TOO_BIG = -2, -3, -4


class CyclesError(Exception):
    """An error the library reported; str() is its message."""


class BoardError(CyclesError, ValueError):
    """A board the library cannot build or read."""


class IllegalMoveError(CyclesError, ValueError):
    """A move that is not a move of the board or is illegal in the position."""


class SolverError(CyclesError):
    """The solver could not start or finish (board too big, no memory)."""


class RulesError(CyclesError, ValueError):
    """A rule set the library does not know, or a combination that means
    nothing (such as extra_turn without the score rules)."""


def _msg(err) -> str:
    return ffi.string(err.msg).decode("utf-8", "replace")


# The bounds the command line puts on --threads and --memory (src/cli/cli.h
# and common.c), checked here with the same messages.
_MAX_THREADS = 256
_MIN_MEMORY_MIB = 1
_MAX_MEMORY = 10 ** 15
_MAX_TIMEOUT = 1e9
_MAX_FILE = 64 << 20


def _c(text: str, what: str) -> bytes:
    """text as the UTF-8 C string the library reads; a ValueError when it is
    not a str or holds a NUL character, where C would stop reading (so that
    "k4\\0zzz" is refused rather than read as "k4")."""
    if not isinstance(text, str):
        raise TypeError(f"{what} is a str, not {type(text).__name__}")
    if "\0" in text:
        raise ValueError(f"{what} {text!r} holds a NUL character")
    return text.encode("utf-8")


def _whole(value, what: str, lo: int, hi: int) -> int:
    """value as an int from lo to hi, else the command line's ValueError."""
    if isinstance(value, bool) or not isinstance(value, int) or not lo <= value <= hi:
        raise ValueError(f"{what} wants a whole number from {lo} to {hi}, not {value!r}")
    return value


def _rules(rules="standard", players=None, extra_turn=False):
    """The cy_rules of a rule name ("standard", "misere", "draw", "score",
    "any-cycle"), players (None or 2: two; 3..8 with the standard rules) and
    extra_turn (score rules), checked by cy_rules_parse; None for the
    standard two-player game, whose own engine then answers."""
    if not isinstance(rules, str):
        raise RulesError("rules is a name: standard, misere, draw, score or any-cycle")
    if players is not None and (isinstance(players, bool) or not isinstance(players, int)):
        raise RulesError("players is a whole number of players, 2 to 8")
    if players is not None and not -2 ** 31 < players < 2 ** 31:
        players = 2 ** 31 - 1  # out of any range: the library refuses it in its words (a C int)
    r = ffi.new("cy_rules *")
    err = ffi.new("cy_error *")
    if lib.cy_rules_parse(_c(rules, "rules"), players or 0, 1 if extra_turn else 0, r, err) < 0:
        raise RulesError(_msg(err))
    return None if lib.cy_rules_is_standard(r) else r


def _load_board(src, data: bytes, field: str, message):
    """The board of the game cy_game_load makes from src (its board only:
    no move played) with src.<field> set to data, and the moves its file
    carries (or None); a BoardError with message(the library's message)."""
    keep = ffi.new("char[]", data)  # alive while the library reads it
    setattr(src, field, keep)
    g = ffi.new("cy_game *")
    err = ffi.new("cy_game_error *")
    if lib.cy_game_load(src, g, err) < 0:
        raise BoardError(message(_msg(err.err)))
    b = g.board
    fm = ffi.string(g.file_moves).decode("utf-8") if g.file_moves != ffi.NULL else None
    g.board = ffi.NULL
    lib.cy_game_free(g)
    return b, fm


def _take(ptr) -> str:
    """The malloc'd C string ptr as a str; the C memory is freed."""
    try:
        return ffi.string(ptr).decode("utf-8")
    finally:
        lib.cy_free(ptr)


class SVG:
    """An SVG picture: Jupyter draws it inline (_repr_svg_); save() writes it."""

    def __init__(self, data: str):
        self.data = data

    def _repr_svg_(self) -> str:
        return self.data

    def __str__(self) -> str:
        return self.data

    def save(self, path) -> None:
        with open(path, "w", encoding="utf-8") as f:
            f.write(self.data)


@dataclass
class _Answer:
    """What every answer says about its position and its run: moves played,
    the player to move, whether the game is over, and the positions searched,
    the seconds taken and whether the answer is complete."""
    to_move: int
    moves_played: int
    over: bool
    positions: int
    seconds: float
    complete: bool


@dataclass
class Solution(_Answer):
    """What the solver says about a position (the keys of ``cycles solve --json``).

    outcome is "N" when the player to move wins, "P" when the previous player
    does ("?" when the time ran out before it was known); winner is 1 or 2 (0
    when unknown); grundy is the normal-play Grundy value, None where a cycle
    cell can be completed at once or the game ended with one, or when not
    asked for; winning_moves the moves that win; replies, for a lost position,
    a winning answer to each move; complete is False when the time or memory
    ran out (the rest is then what was known by then); proof names the
    theorem that gave the answer (None when it was found by search).
    """
    outcome: str
    winner: int
    grundy: Optional[int]
    winning_moves: List[str]
    replies: Dict[str, Optional[str]]
    proof: Optional[str] = None
    raw: dict = field(repr=False, default_factory=dict)


@dataclass
class VariantSolution(_Answer):
    """What the search says about a position under a rule variant (the keys
    of ``cycles solve --rules NAME --json``).

    outcome, for the player to move: "N" wins, "P" loses, "D" a draw (None
    with three or more players, or when the time ran out); winner 1..K, None
    for a draw or when unknown; best_moves the winning moves (score rules and
    K >= 3 players: the moves that reach the value); drawing_moves (draw
    rules) the moves that secure a draw but no win; grundy the misère
    nim-value (misère rules); score the points so far and score_difference
    what the player to move makes more than the opponent from here on (score
    rules); can_force_win (K >= 3) whether each player wins against all the
    others together.
    """
    rules: str
    players: int
    extra_turn: bool
    outcome: Optional[str]
    winner: Optional[int]
    best_moves: List[str]
    grundy: Optional[int] = None
    drawing_moves: List[str] = field(default_factory=list)
    score: Optional[List[int]] = None
    score_difference: Optional[int] = None
    can_force_win: Optional[List[Optional[bool]]] = None
    raw: dict = field(repr=False, default_factory=dict)


@dataclass(frozen=True)
class Game:
    """The state of a game under a rule set after its moves (Position.game):
    moves played, the player to move (1..K), who moved last (0 before any
    move), the points of players 1..K (score rules), whether the game is
    over and who ended it by a completion (0: nobody)."""
    played: int
    to_move: int
    last: int
    score: List[int]
    over: bool
    completed_by: int


@dataclass(slots=True)
class PositionRecord:
    """One reachable position (cycles.positions): its moves (the marked edges
    as "U->V" in edge order), moves played, who is to move, whether the game
    is over, the outcome ("N": the player to move wins; "P"), the winner and
    the Grundy value (None where a cycle cell can be completed or exists);
    .position is the Position itself.  Under a rule variant (positions(...,
    rules=...)) value is the variant search's value of the position for the
    player to move (include/cycles.h, cy_vsearch_value: 1 win, 0 draw, -1
    loss; misère rules the misère nim-value; score rules the points still to
    be made more than the opponent; K >= 3 players the winner as an offset
    from the player to move), outcome is "N", "P" or "D" (None with K >= 3
    players), and to_move and winner are None where unknown (extra turns,
    draws); grundy is then None but under the misère rules."""
    moves: str
    played: int
    to_move: Optional[int]
    over: bool
    outcome: Optional[str]
    winner: Optional[int]
    grundy: Optional[int]
    value: Optional[int] = None
    _board: "Board" = field(repr=False, compare=False, default=None)
    _marks: bytes = field(repr=False, compare=False, default=b"")
    _variant: bool = field(repr=False, compare=False, default=False)

    @property
    def position(self) -> "Position":
        """The position itself."""
        return Position(self._board, self._marks)

    def as_dict(self) -> dict:
        """The keys of the record in ``cycles positions --json`` (value for
        grundy under a rule variant)."""
        last = ("value", self.value) if self._variant else ("grundy", self.grundy)
        return {"moves": self.moves, "played": self.played, "to_move": self.to_move, "over": self.over,
                "outcome": self.outcome, "winner": self.winner, last[0]: last[1]}


def _memory(memory) -> int:
    """memory in bytes: an int, or a str such as "512M" read as --memory
    reads it (cy_parse_size); at least _MIN_MEMORY_MIB MiB, as on the
    command line, with its messages."""
    given = memory
    if isinstance(memory, str):
        size = ffi.new("size_t *")
        # cy_parse_size refuses what is under one byte: "0.5M" is not that
        if lib.cy_parse_size(_c(memory, "memory"), size) < 0:
            raise ValueError(f"memory wants a size such as 512M or 2G, not {memory!r}")
        memory = size[0]
    elif isinstance(memory, bool) or not isinstance(memory, int) or not 0 <= memory <= _MAX_MEMORY:
        raise ValueError(f"memory wants a size such as 512M or 2G (or a number of bytes), not {memory!r}")
    if memory < _MIN_MEMORY_MIB << 20:
        raise ValueError(f"memory is at least {_MIN_MEMORY_MIB}M, not {given!r}")
    return memory


def _opts(timeout=None, grundy=True, memory=None, threads=None, engine="fast"):
    """The cy_solver_opts of the keyword arguments, each checked as the
    command line checks --timeout, --memory, --threads and --engine."""
    o = ffi.new("cy_solver_opts *")
    if timeout is not None:
        # (the bound before isfinite: a huge int does not convert to float)
        if (isinstance(timeout, bool) or not isinstance(timeout, (int, float)) or not timeout > 0
                or timeout > _MAX_TIMEOUT or not math.isfinite(timeout)):
            raise ValueError(f"timeout wants a positive number of seconds, not {timeout!r}")
        o.timeout = float(timeout)
    if memory is not None:
        o.memory = _memory(memory)
    if threads is not None:
        o.threads = _whole(threads, "threads", 1, _MAX_THREADS)
    if engine not in ("fast", "plain"):
        raise ValueError(f"engine is fast or plain, not {engine!r}")
    o.engine = 0 if engine == "fast" else 1
    o.no_grundy = 0 if grundy else 1
    o.progress = 0
    return o


class Position:
    """A position of a board: the board and the arrows drawn so far.

    Positions are values: play() returns a new one.  Moves are strings
    "U->V" (several separated by blanks or commas) with the board's labels.
    """

    __slots__ = ("board", "_mark", "_last", "_history")

    def __init__(self, board: "Board", mark: bytes, last: int = -1, history: Optional[tuple] = None):
        """The position of board whose edges carry mark: bytes, one for each
        edge in board.edges order, 0 unmarked, 1 from the edge's first
        vertex to its second, 2 the other way (Position.marks)."""
        if not isinstance(board, Board):
            raise TypeError(f"a position's board is a cycles.Board, not {type(board).__name__}")
        if isinstance(mark, str) or not isinstance(mark, (bytes, bytearray, memoryview, list, tuple)):
            raise TypeError(f"marks are bytes, one for each edge, not {type(mark).__name__}")
        try:
            mark = bytes(mark)
        except (TypeError, ValueError):
            raise ValueError("marks are 0, 1 or 2, one for each edge") from None
        # the library reads exactly board.ne marks: a shorter buffer would be
        # read past its end, a longer one would mean another board
        if len(mark) != board.ne:
            raise ValueError(f"{board.name}: {len(mark)} marks for a board of {board.ne} edges "
                             "(one mark for each edge)")
        bad = next((i for i, m in enumerate(mark) if m > 2), None)
        if bad is not None:
            raise ValueError(f"{board.name}: mark {mark[bad]} of edge {bad} is not 0 (unmarked), 1 or 2 "
                             "(the two directions)")
        # last and history are darts the library reads without checking
        # them: each must be a dart of this board (0 to 2*ne - 1), and the
        # history the marked edges each once, the way they are marked
        ndarts = 2 * board.ne
        if isinstance(last, bool) or not isinstance(last, int) or not -1 <= last < ndarts:
            raise ValueError(f"{board.name}: last {last!r} is not a move of the board (-1, or 0 to {ndarts - 1})")
        if history is not None:
            history = tuple(history)
            if any(isinstance(d, bool) or not isinstance(d, int) or not 0 <= d < ndarts for d in history):
                raise ValueError(f"{board.name}: the history holds a dart that is not one of the board's "
                                 f"(0 to {ndarts - 1})")
            if (len({d >> 1 for d in history}) != len(history)
                    or sum(1 for m in mark if m) != len(history)
                    or any(mark[d >> 1] != (2 if d & 1 else 1) for d in history)):
                raise ValueError(f"{board.name}: the history is not the moves of the marks")
        self.board = board
        self._mark = mark
        self._last = last
        # the darts played from the empty board in order, when known (the
        # turn and points of the score rules depend on it)
        self._history = history

    # ---------------------------------------------------------------- reading
    @property
    def marks(self) -> bytes:
        """The edges' marks, one byte for each edge in board.edges order: 0
        unmarked, 1 from its first vertex to its second, 2 the other way
        (Position(board, marks) gives the position back)."""
        return self._mark

    @property
    def _b(self):
        return self.board._ptr

    def _cmark(self):
        return ffi.new("unsigned char[]", self._mark + b"\0")

    @property
    def moves(self) -> str:
        """The marked edges as moves "U->V ..." in edge order ("" when none)."""
        return _take(lib.cy_position_moves(self._b, self._cmark()))

    @property
    def played(self) -> int:
        """Moves played (marked edges)."""
        return lib.cy_rules_played(self._b, self._cmark())

    @property
    def to_move(self) -> int:
        """The player to move, 1 or 2."""
        return 1 if self.played % 2 == 0 else 2

    @property
    def over(self) -> bool:
        """Whether a cycle cell exists or no legal move remains."""
        return bool(lib.cy_rules_over(self._b, self._cmark()))

    @property
    def cycle_cell(self) -> Optional[List[str]]:
        """The walk of a cycle cell of the position, or None."""
        c = lib.cy_rules_cycle_cell(self._b, self._cmark())
        return self.board._face(c) if c >= 0 else None

    @property
    def last_move(self) -> Optional[str]:
        """The move that made this position from the one before, if known."""
        return self.board._move_str(self._last) if self._last >= 0 else None

    def _darts(self, text: str) -> List[int]:
        darts = ffi.new("int **")
        n = ffi.new("int *")
        err = ffi.new("cy_error *")
        if lib.cy_moves_parse(self._b, _c(text, "moves"), darts, n, err) < 0:
            raise IllegalMoveError(_msg(err))
        try:
            return [darts[0][i] for i in range(n[0])]
        finally:
            lib.cy_free(darts[0])

    # ---------------------------------------------------------------- playing
    def play(self, moves: str, rules: str = "standard", players: Optional[int] = None,
             extra_turn: bool = False) -> "Position":
        """The position after the moves, each checked by the rules (rules,
        players and extra_turn as for solve: under the score rules a move
        after a completed cell is legal); an IllegalMoveError names the first
        illegal one and why, a RulesError an unknown rule set."""
        if not isinstance(moves, str):
            moves = " ".join(moves)
        r = _rules(rules, players, extra_turn)
        d = self._darts(moves)
        if r is None:
            mark = self._cmark()
            err = ffi.new("cy_error *")
            if d and lib.cy_moves_play(self._b, mark, ffi.new("int[]", d), len(d), err) < 0:
                raise IllegalMoveError(_msg(err))
        else:
            mark, _ = self._variant_game(r, d)
        history = self._history + tuple(d) if self._history is not None else None
        return Position(self.board, bytes(ffi.buffer(mark, self.board.ne)), d[-1] if d else self._last, history)

    def _variant_game(self, r, darts):
        """(marks, cy_variant_game) after darts under r: the whole game from
        the empty board when this position's moves are known in order (as
        cycles solve --rules plays a file's moves and --moves), else from
        this position's marks, counted as played in turn without points."""
        if self._history is not None:
            mark = ffi.new("unsigned char[]", self.board.ne + 1)
            darts = list(self._history) + list(darts)
        else:
            mark = self._cmark()
        g = ffi.new("cy_variant_game *")
        err = ffi.new("cy_error *")
        if lib.cy_variant_play(self._b, r, mark, ffi.new("int[]", darts or [0]), len(darts), g, err) < 0:
            raise IllegalMoveError(_msg(err))
        return mark, g

    def game(self, rules: str = "standard", players: Optional[int] = None, extra_turn: bool = False) -> Game:
        """The state of the game under the rules: whose turn (extra turns of
        the score rules included), the points so far, whether it is over."""
        r = _rules(rules, players, extra_turn)
        if r is None:
            r = ffi.new("cy_rules *", {"kind": lib.CY_RULES_STANDARD, "players": 2})
        _, g = self._variant_game(r, [])
        k = r.players if r.players > 2 else 2
        return Game(played=g.played, to_move=g.to_move, last=g.last, score=list(g.score[1:k + 1]),
                    over=bool(g.ended), completed_by=g.completed_by)

    def legal_moves(self) -> List[str]:
        """The legal moves (the sink/source rule; death moves included)."""
        return [self.board._move_str(d) for d in self._legal()]

    def _legal(self) -> List[int]:
        out = ffi.new("int[]", 2 * self.board.ne + 1)
        n = lib.cy_rules_legal(self._b, self._cmark(), out)
        return list(out[0:n])

    def death_moves(self) -> List[str]:
        """The legal moves after which the opponent can complete a cycle cell."""
        mark = self._cmark()
        return [self.board._move_str(d) for d in self._legal() if lib.cy_rules_is_death(self._b, mark, d, ffi.NULL)]

    # ---------------------------------------------------------------- solving
    def _answer(self, opts, g, replies: bool = True):
        """The answer of cy_answer_game to the game g of this position as
        a dict (its JSON), and the winning moves found (darts)."""
        err = ffi.new("cy_error *")
        ao = ffi.new("cy_answer_opts *", {"no_replies": 0 if replies else 1})
        a = ffi.new("cy_answer *")
        try:
            rc = lib.cy_answer_game(g, opts, ao, a, err)
            if not a.started or (rc < 0 and rc not in (_SOLVE_TIMEOUT, _SOLVE_MEMORY)):
                raise SolverError(_msg(err))
            win = a.v.best[0:a.v.nbest] if a.variant else a.a.winning[0:a.a.nwin]
            return json.loads(_take(lib.cy_answer_json(self._b, a))), list(win)
        finally:
            lib.cy_answer_free(a)

    def _analyse(self, opts, replies: bool):
        """(winning darts, the standard answer as a dict) from cy_answer_game."""
        mark = self._cmark()
        g = ffi.new("cy_game *", {"board": self._b, "mark": mark})
        d, winning = self._answer(opts, g, replies)
        return winning, d

    def solve(self, timeout: Optional[float] = None, grundy: bool = True, replies: bool = True,
              memory: Optional[int] = None, threads: Optional[int] = None, engine: str = "fast",
              rules: str = "standard", players: Optional[int] = None, extra_turn: bool = False):
        """Who wins with perfect play, the winning moves and the Grundy value
        (grundy=False: only who wins, faster); for a lost position a winning
        reply to every move (replies=False leaves them out).  timeout in
        seconds; when it runs out the Solution has complete=False.

        Under a rule variant (rules "misere", "draw", "score", "any-cycle";
        players 3..8; extra_turn with "score") the answer is a
        VariantSolution, as ``cycles solve --rules NAME --json`` gives it."""
        r = _rules(rules, players, extra_turn)
        if r is not None:
            return self._solve_variant(r, _opts(timeout, True, memory, threads, engine))
        _, d = self._analyse(_opts(timeout, grundy, memory, threads, engine), replies)
        return Solution(outcome=d["outcome"], winner=d["winner"], grundy=d["grundy"],
                        winning_moves=d["winning_moves"], replies=d.get("replies", {}),
                        positions=d["positions"], seconds=d["seconds"], complete=d.get("complete", True),
                        to_move=d["to_move"], moves_played=d["moves_played"], over=d["over"],
                        proof=d.get("proof"), raw=d)

    def _solve_variant(self, r, opts) -> VariantSolution:
        mark, state = self._variant_game(r, [])
        g = ffi.new("cy_game *", {"board": self._b, "rules": r[0], "mark": mark, "state": state[0], "ruled": 1})
        d, _ = self._answer(opts, g)
        return VariantSolution(rules=d["rules"], players=d.get("players", 2), extra_turn=d.get("extra_turn", False),
                               outcome=d.get("outcome"), winner=d["winner"],
                               best_moves=d.get("winning_moves", d.get("best_moves", [])),
                               positions=d["positions"], seconds=d["seconds"], complete=d.get("complete", True),
                               to_move=d["to_move"], moves_played=d["moves_played"], over=d["over"],
                               grundy=d.get("grundy"), drawing_moves=d.get("drawing_moves", []),
                               score=d.get("score"), score_difference=d.get("score_difference"),
                               can_force_win=d.get("can_force_win"), raw=d)

    # ---------------------------------------------------------------- pictures and formats
    def draw(self, hints: bool = False, caption: Optional[str] = None, timeout: Optional[float] = 10,
             width: Optional[float] = None, legend: bool = False) -> SVG:
        """An SVG picture of the position (cy_render_svg): the last move
        thicker, with hints=True the winning moves green (solved within
        timeout); width in pixels (16 to 8192) scales it, legend=True says
        what its signs mean."""
        nh, harr = 0, ffi.NULL
        if hints:
            winning, _ = self._analyse(_opts(timeout), False)
            nh, harr = len(winning), ffi.new("int[]", winning or [0])
        cap = ffi.new("char[]", _c(caption, "caption")) if caption else ffi.NULL
        mark = self._cmark()
        pic = ffi.new("cy_picture *", {"mark": mark, "last": self._last, "hints": harr, "nhints": nh,
                                       "caption": cap, "width": float(width or 0), "legend": int(bool(legend))})
        err = ffi.new("cy_error *")
        svg = lib.cy_render_svg(self._b, pic, err)
        if svg == ffi.NULL:
            raise CyclesError(_msg(err))
        return SVG(_take(svg))

    def _repr_svg_(self) -> str:
        return self.draw().data

    def to_json(self) -> str:
        """The board with this position's moves as native JSON (cycles convert --to json)."""
        return self.board._write("json", self._cmark())

    def __eq__(self, other) -> bool:
        return isinstance(other, Position) and other.board is self.board and other._mark == self._mark

    def __hash__(self) -> int:
        return hash((id(self.board), self._mark))

    def __repr__(self) -> str:
        return f"<cycles.Position of {self.board.name}: {self.moves or 'no moves'}>"


class Board(Position):
    """A board, which is also its own empty position.

    Build one with Board.family("grid:3x3"), Board.load(path),
    Board.from_networkx(G) or Board.from_cells(cells)."""

    __slots__ = ("_ptr", "file_moves", "_name", "__weakref__")

    def __init__(self, ptr, file_moves: Optional[str] = None):
        if ptr == ffi.NULL:
            raise BoardError("no board")
        self._ptr = ffi.gc(ptr, lib.cy_board_free)
        self.file_moves = file_moves
        self._name = None
        self.board = self
        self._mark = bytes(ptr.ne)
        self._last = -1
        self._history = ()

    # ---------------------------------------------------------------- building
    @classmethod
    def family(cls, spec: str) -> "Board":
        """A named board such as "k4", "cycle:5" or "grid:3x3" (cycles.families())."""
        src = ffi.new("cy_game_source *", {"from": lib.CY_GAME_FROM_FAMILY, "board_only": 1})
        b, _ = _load_board(src, _c(spec, "the board name"), "spec", lambda m: f"{spec}: {m}")
        return cls(b)

    @classmethod
    def load(cls, path) -> "Board":
        """A board read from a file in any format the program reads.  Moves
        the file carries are in .file_moves (board.play(board.file_moves))."""
        path = os.fspath(path)
        if not os.path.isfile(path):
            raise FileNotFoundError(f"{path}: no such file")
        # the program's limit, checked by the file's size before it is read
        # (and the read bounded below, should the file grow meanwhile)
        if os.path.getsize(path) > _MAX_FILE:
            raise BoardError(f"{path}: file is larger than {_MAX_FILE >> 20} MiB")
        with open(path, "rb") as f:
            # the bound of the command line's BOARD files (src/load.c), read
            # at most one byte past it whatever the file claims
            text = f.read(_MAX_FILE + 1)
        if len(text) > _MAX_FILE:
            raise BoardError(f"{path}: file is larger than {_MAX_FILE >> 20} MiB")
        src = ffi.new("cy_game_source *", {"from": lib.CY_GAME_FROM_TEXT, "len": len(text), "board_only": 1})
        b, fm = _load_board(src, text, "text", lambda m: f"{path}: {m}")
        board = cls(b, fm)
        if b.name == ffi.NULL:
            board._name = os.path.basename(path)
        return board

    @classmethod
    def from_json(cls, text: str) -> "Board":
        """A board from the text of a board file (any format the program reads)."""
        data = text.encode("utf-8")
        src = ffi.new("cy_game_source *", {"from": lib.CY_GAME_FROM_TEXT, "len": len(data), "board_only": 1})
        b, fm = _load_board(src, data, "text", lambda m: m)
        return cls(b, fm)

    @classmethod
    def from_cells(cls, cells, outer=None, special=(), labels=None, name: Optional[str] = None) -> "Board":
        """A board from its cells, each a closed walk of vertices (any
        hashable names; str() of each is its label), all listed the same way
        round; outer is the outer face's walk (the other way round), or None
        to let the library derive it; special names special vertices."""
        order = list(labels) if labels is not None else []
        index = {v: i for i, v in enumerate(order)}
        walks = [list(c) for c in cells]
        # read once: an iterator given as outer or special is a list from here
        outer = list(outer) if outer is not None else None
        special = list(special)
        for w in walks + ([list(outer)] if outer is not None else []):
            for v in w:
                if v not in index:
                    index[v] = len(order)
                    order.append(v)
        for v in special:
            if v not in index:
                raise BoardError(f"special vertex {v!r} is on no cell")
        labs = [str(v) for v in order]
        if len(set(labs)) != len(labs):
            raise BoardError("two vertices have the same label")
        keep = []
        c_labels = [ffi.new("char[]", _c(s, "the vertex label")) for s in labs]
        keep += c_labels
        c_walks = [ffi.new("int[]", [index[v] for v in w] or [0]) for w in walks]
        keep += c_walks
        desc = ffi.new("cy_board_desc *")
        desc.nv = len(order)
        lab_arr = ffi.new("char *[]", c_labels or [ffi.NULL])
        desc.labels = lab_arr
        desc.ncells = len(walks)
        cell_arr = ffi.new("int *[]", c_walks or [ffi.NULL])
        desc.cells = cell_arr
        len_arr = ffi.new("int[]", [len(w) for w in walks] or [0])
        desc.cell_len = len_arr
        if outer is not None:
            o = ffi.new("int[]", [index[v] for v in outer] or [0])
            keep.append(o)
            desc.outer = o
            desc.outer_len = len(list(outer))
        sp = ffi.new("unsigned char[]", [1 if v in set(special) else 0 for v in order] or [0])
        desc.special = sp
        nm = ffi.new("char[]", _c(name, "the board name")) if name else ffi.NULL
        desc.name = nm
        err = ffi.new("cy_error *")
        b = lib.cy_board_from_faces(desc, err)
        if b == ffi.NULL:
            raise BoardError(_msg(err))
        return cls(b)

    @classmethod
    def from_networkx(cls, G, outer=None, special=None, name: Optional[str] = None, labels=None) -> "Board":
        """A board from a planar networkx graph.  The embedding is G itself
        when G is a networkx.PlanarEmbedding, G.graph["embedding"] when G has
        one (to_networkx() gives one), else networkx.check_planarity(G)'s.
        outer chooses the outer face: a sequence of the vertices of one face
        of the embedding in order round it (either way round); by default
        G.graph["outer"] when present, else the face with the longest walk.
        special: vertices exempt from the sink/source rule (by default those
        with a true "special" node attribute).  labels: a dict or function
        giving each node its vertex label; by default str(node), a tuple's
        parts joined by "_" ((0, 1) is "0_1", as nx.grid_2d_graph names
        them)."""
        import networkx as nx
        # a plane board has no loops and no parallel edges: refused here
        # with a message, since a planar embedding would drop the loops and
        # a simple graph merge the parallel edges without a word
        loop = next(iter(nx.selfloop_edges(G)), None)
        if loop is not None:
            raise BoardError(f"the graph has a loop at vertex {loop[0]!r} (loops are allowed only on a closed "
                             "surface, and a plane board has none)")
        if G.is_multigraph():
            for u, v in G.edges():
                if G.number_of_edges(u, v) > 1:
                    raise BoardError(f"the graph has {G.number_of_edges(u, v)} edges joining {u!r} and {v!r}: "
                                     "parallel edges are allowed only on a closed surface, and a plane board has none")
        if isinstance(G, nx.PlanarEmbedding):
            emb = G
        elif isinstance(G.graph.get("embedding"), nx.PlanarEmbedding):
            emb = G.graph["embedding"]
        else:
            planar, emb = nx.check_planarity(G)
            if not planar:
                raise BoardError("the graph is not planar")
        if outer is None:
            outer = G.graph.get("outer")
        if special is None:
            special = [v for v, d in G.nodes(data=True) if d.get("special")]
        faces, seen = [], set()
        for u, v in emb.edges():
            if (u, v) not in seen:
                faces.append(emb.traverse_face(u, v, mark_half_edges=seen))
        if not faces:
            raise BoardError("the graph has no edges")

        def edges_of(walk):
            return sorted(tuple(sorted((str(a), str(b)))) for a, b in zip(walk, walk[1:] + walk[:1]))

        if outer is None:
            k = max(range(len(faces)), key=lambda i: len(faces[i]))
        else:
            want = edges_of(list(outer))
            hits = [i for i, f in enumerate(faces) if edges_of(f) == want]
            if not hits:
                raise BoardError(f"no face of the embedding runs round {list(outer)!r}")
            k = hits[0]
        if labels is None:
            def labels(v):
                return "_".join(map(str, v)) if isinstance(v, tuple) else str(v)
        lab = labels.__getitem__ if isinstance(labels, dict) else labels
        named = {v: lab(v) for v in emb.nodes()}
        cells = [[named[v] for v in f] for i, f in enumerate(faces) if i != k]
        return cls.from_cells(cells, outer=[named[v] for v in faces[k]], special=[named[v] for v in special],
                              labels=[named[v] for v in emb.nodes()], name=name)

    # ---------------------------------------------------------------- reading
    @property
    def nv(self) -> int:
        return self._ptr.nv

    @property
    def ne(self) -> int:
        return self._ptr.ne

    @property
    def name(self) -> str:
        if self._name:
            return self._name
        return ffi.string(self._ptr.name).decode("utf-8") if self._ptr.name != ffi.NULL else "board"

    @property
    def vertices(self) -> List[str]:
        """The vertex labels."""
        return [ffi.string(self._ptr.label[v]).decode("utf-8") for v in range(self.nv)]

    @property
    def special(self) -> List[str]:
        """The labels of the special vertices."""
        return [lab for v, lab in enumerate(self.vertices) if self._ptr.special[v]]

    @property
    def edges(self) -> List[tuple]:
        """The edges as pairs of labels, in the library's edge order."""
        lab = self.vertices
        return [(lab[self._ptr.eu[e]], lab[self._ptr.ev[e]]) for e in range(self.ne)]

    def _face(self, f) -> List[str]:
        b, lab = self._ptr, self.vertices
        return [lab[b.eu[d >> 1] if d % 2 == 0 else b.ev[d >> 1]] for d in b.fdarts[b.fstart[f]:b.fstart[f + 1]]]

    @property
    def cells(self) -> List[List[str]]:
        """The cells as closed walks of labels, all the same way round."""
        return [self._face(c) for c in range(self._ptr.ncells)]

    @property
    def outer(self) -> List[str]:
        """The outer face's walk (empty for a board on a closed surface)."""
        return self._face(self._ptr.ncells)

    @property
    def surface(self) -> Optional[Dict[str, object]]:
        """None for a plane board; for a board on a closed surface (every
        face a cell, no outer face) {"orientable": bool, "genus": int}, the
        genus or crosscap number, as in the native board's "surface"."""
        b = self._ptr
        if not b.surface:
            return None
        return {"orientable": bool(b.orientable), "genus": int(b.genus)}

    def layout(self) -> Dict[str, tuple]:
        """Coordinates for drawing: the board's own, or a plane layout."""
        xy = ffi.new("double[]", 2 * self.nv + 2)
        err = ffi.new("cy_error *")
        if lib.cy_layout(self._ptr, xy, err) < 0:
            raise CyclesError(_msg(err))
        return {lab: (xy[2 * v], xy[2 * v + 1]) for v, lab in enumerate(self.vertices)}

    def _move_str(self, d: int) -> str:
        buf = ffi.new("char[]", 160)
        lib.cy_move_str(self._ptr, d, buf, 160)
        return ffi.string(buf).decode("utf-8")

    def _write(self, fmt: str, mark=ffi.NULL) -> str:
        err = ffi.new("cy_error *")
        f = lib.cy_format_parse(_c(fmt, "the format"))
        s = lib.cy_write_board(self._ptr, mark, f, err)
        if s == ffi.NULL:
            raise CyclesError(_msg(err))
        return _take(s)

    def convert(self, fmt: str) -> str:
        """The board as "table", "table-text", "json", "drawing" or "dot"."""
        if lib.cy_format_parse(_c(fmt, "the format")) < 0:
            raise ValueError(f"unknown format {fmt!r}")
        return self._write(fmt)

    def to_networkx(self):
        """A networkx.Graph: nodes are the labels (attributes "pos" from
        layout() and "special"), edges carry "index"; G.graph holds
        "embedding" (a PlanarEmbedding of the board's rotation system),
        "outer" and "cells" (walks of labels) and "name".  from_networkx(G)
        gives the board back.  A board on a closed surface has no plane
        drawing: no "pos" and no "embedding", and G.graph["surface"] holds
        its surface (the property surface); with parallel edges (possible
        on a closed surface only) the graph is a networkx.MultiGraph."""
        import networkx as nx
        b, lab = self._ptr, self.vertices
        G = nx.Graph(name=self.name)
        if b.surface:
            if b.multi:  # parallel edges (a closed surface only)
                G = nx.MultiGraph(name=self.name)
            for v, s in enumerate(lab):
                G.add_node(s, special=bool(b.special[v]))
            for e, (u, v) in enumerate(self.edges):
                G.add_edge(u, v, index=e)
            G.graph["surface"] = self.surface
            G.graph["cells"] = self.cells
            return G
        pos = self.layout()
        for v, s in enumerate(lab):
            G.add_node(s, pos=pos[s], special=bool(b.special[v]))
        for e, (u, v) in enumerate(self.edges):
            G.add_edge(u, v, index=e)
        emb = nx.PlanarEmbedding()
        for v in range(self.nv):
            ref = None
            for d in b.vdarts[b.vstart[v]:b.vstart[v + 1]]:
                w = lab[b.ev[d >> 1] if d % 2 == 0 else b.eu[d >> 1]]
                emb.add_half_edge_cw(lab[v], w, ref) if ref is not None else emb.add_half_edge_first(lab[v], w)
                ref = w
        G.graph["embedding"] = emb
        G.graph["outer"] = self.outer
        G.graph["cells"] = self.cells
        return G

    def isomorphic(self, other: "Board") -> bool:
        """Whether the boards are the same up to relabelling, rotation and
        reflection (cells to cells, outer face to outer face)."""
        return bool(lib.cy_board_isomorphic(self._ptr, other._ptr, ffi.NULL))

    def __repr__(self) -> str:
        return f"<cycles.Board {self.name}: {self.nv} vertices, {self.ne} edges, {self._ptr.ncells} cells>"


def positions(position: Position, timeout: Optional[float] = None, grundy: bool = True,
              rules: str = "standard", players: Optional[int] = None, extra_turn: bool = False,
              memory: Optional[int] = None) -> Iterator[PositionRecord]:
    """Every position reachable from position (a Board: from the empty one)
    under the original rules, in order of moves played, with its outcome and
    Grundy value (cy_positions; boards of at most 20 edges), as
    ``cycles positions`` lists them.  Positions come one by one as they are
    valued, in memory that does not grow with their number (memory bounds
    the solver's table, in bytes); timeout bounds the whole listing.

    Under a rule variant (rules, players, extra_turn as for Position.solve)
    the positions reachable by that variant's moves, each with its value
    (PositionRecord.value), as ``cycles positions --rules NAME``."""
    r = _rules(rules, players, extra_turn)
    b = position.board
    err = ffi.new("cy_error *")
    it = lib.cy_positions_new_rules(b._ptr, r if r is not None else ffi.NULL, position._cmark(),
                                    _opts(timeout, grundy, memory, threads=1), err)
    if it == ffi.NULL:
        raise SolverError(f"{b.name}: {_msg(err)}")
    it = ffi.gc(it, lib.cy_positions_free)
    p = ffi.new("cy_position_info *")
    while True:
        rc = lib.cy_positions_next(it, p, err)
        if rc == 0:
            return
        if rc < 0:
            raise SolverError(f"{b.name}: {_msg(err)}")
        yield PositionRecord(moves=_take(lib.cy_position_moves(b._ptr, p.mark)), played=p.played,
                             to_move=p.to_move or None, over=bool(p.over),
                             outcome=chr(p.outcome) if p.outcome else None, winner=p.winner or None,
                             grundy=p.grundy if p.grundy >= 0 else None, value=p.value,
                             _board=b, _marks=ffi.buffer(p.mark, b.ne)[:], _variant=r is not None)


def position_records(position: Position, **kw) -> List[dict]:
    """positions(position) as a list of plain dicts (for csv.DictWriter,
    pandas.DataFrame or JSON)."""
    return [r.as_dict() for r in positions(position, **kw)]


@dataclass(frozen=True)
class Family:
    """A board family: its name, how to write a spec, what it is."""
    name: str
    usage: str
    summary: str


def families() -> List[Family]:
    """The families Board.family() knows (cycles families)."""
    out, f = [], lib.cy_family_list()
    i = 0
    while f[i].name != ffi.NULL:
        out.append(Family(*(ffi.string(x).decode("utf-8") for x in (f[i].name, f[i].usage, f[i].summary))))
        i += 1
    return out
