// app.js - the page of `cycles serve`: draws the board as SVG, turns clicks
// into moves, asks the server (/api/solve, /api/move) for the analysis and the
// engine's answers.  Plain JavaScript, no build step.  The rules picker
// (rules, players, extra turn) adds ?rules= to /api/solve (issue 12) and the
// panel shows what that answer holds: outcome N, P or D, scores, draws.
'use strict';

const W = 640, H = 520, MARGIN = 42, RADIUS = 13;
const SVGNS = 'http://www.w3.org/2000/svg';

// The whole state of the page; the server keeps none.
const state = {
  spec: 'k4',        // the family on the board, or null for an uploaded file
  upload: null,      // {name, text} of an uploaded board file
  board: null,       // the answer of /api/board
  fileMoves: [],     // moves the board file carries (played before ours)
  moves: [],         // moves played here: {move: 'U->V', engine: bool}
  analysis: null,    // the answer of /api/solve for the current position
  gen: 0,            // bumped by every new board or game: stale answers are dropped
  busy: 0,
};

const $ = (id) => document.getElementById(id);

// Shows a message above the board; kind is '', 'error' or 'over'.
function say(text, kind) {
  const s = $('status');
  s.textContent = text;
  s.className = kind || '';
}

// The rules picked: {rules, players, extra}.
function rules() {
  return {rules: $('rules').value, players: Number($('players').value), extra: $('extra-turn').checked};
}

// Whether the rules picked are a variant (not the standard two-player game).
function variant() {
  const r = rules();
  return r.rules !== 'standard' || r.players > 2 || r.extra;
}

// The query of the rules picked for /api/solve ('' for the standard game).
function rulesQuery() {
  if (!variant())
    return '';
  const r = rules();
  return '&rules=' + encodeURIComponent(r.rules) + (r.players > 2 ? '&players=' + r.players : '') +
    (r.extra ? '&extra_turn=1' : '');
}

// Calls /api/ENDPOINT for the current board and the given moves: GET with
// ?board= for a family, POST with the file for an upload; /api/solve under
// the rules picked.  Resolves to the JSON answer; rejects with the server's
// error message.
async function api(endpoint, moves) {
  let url = '/api/' + endpoint + '?moves=' + encodeURIComponent(moves.join(' '));
  if (endpoint === 'solve')
    url += rulesQuery();
  const init = {};
  if (state.upload) {
    url += '&name=' + encodeURIComponent(state.upload.name);
    init.method = 'POST';
    init.body = state.upload.text;
    init.headers = {'Content-Type': 'text/plain'};
  } else {
    url += '&board=' + encodeURIComponent(state.spec);
  }
  let r;
  try {
    r = await fetch(url, init);
  } catch (e) {
    throw new Error('the server does not answer (is cycles serve still running?)');
  }
  let data = null;
  try {
    data = await r.json();
  } catch (e) {
    data = null;
  }
  if (!r.ok)
    throw new Error((data && data.error) || 'the server answered ' + r.status);
  return data;
}

// Runs an action of the user with the page marked busy; an action started
// for an older board or game is ignored once it resumes.
async function act(fn) {
  state.busy++;
  document.body.dataset.state = 'busy';
  try {
    await fn();
  } catch (e) {
    say(e.message, 'error');
  } finally {
    if (--state.busy === 0)
      document.body.dataset.state = 'ready';
  }
}

// All moves of the position: the file's, then ours, as 'U->V' strings.
function allMoves() {
  return state.fileMoves.concat(state.moves.map((m) => m.move));
}

// The player (1 .. players) who made move number i (0-based) of allMoves()
// (with the extra turn a player may move twice running: the colours are then
// only a guide; the panel's "to move" is the server's).
function playerOf(i) {
  return (i % rules().players) + 1;
}

// The good moves of an answer: winning moves, or the best ones (score,
// three or more players).
function goodMoves(a) {
  return a.winning_moves || a.best_moves || [];
}

// The player the engine plays: 0 (nobody), 1 or 2.
function enginePlayer() {
  return Number($('engine').value);
}

// The edge between vertex indices a and b, or -1.
function edgeOf(a, b) {
  const k = state.board.edgeIndex.get(a + ',' + b);
  return k === undefined ? -1 : k;
}

// The marks of the position: per edge 0, 1 (eu -> ev), 2 (ev -> eu), and who
// played each (1 or 2), from the move list.
function marks() {
  const b = state.board, mark = new Array(b.edges.length).fill(0), by = new Array(b.edges.length).fill(0);
  allMoves().forEach((m, i) => {
    const [u, v] = m.split('->').map((l) => b.labelIndex.get(l));
    const e = edgeOf(u, v);
    if (e < 0)
      return;
    mark[e] = b.edges[e][0] === u ? 1 : 2;
    by[e] = playerOf(i);
  });
  return {mark, by};
}

// The indices of the cycle cells of the position: cells whose edges are all
// marked and all run the same way round the cell's walk.
function cycleCells(mark) {
  const b = state.board, out = [];
  b.cells.forEach((w, c) => {
    let fwd = 0, bwd = 0;
    for (let i = 0; i < w.length; i++) {
      const a = w[i], z = w[(i + 1) % w.length], e = edgeOf(a, z);
      if (e < 0 || !mark[e])
        return;
      const along = (b.edges[e][0] === a) === (mark[e] === 1);
      if (along) fwd++; else bwd++;
    }
    if (fwd === w.length || bwd === w.length)
      out.push(c);
  });
  return out;
}

// Creates an SVG element with attributes.
function el(name, attrs, parent) {
  const e = document.createElementNS(SVGNS, name);
  for (const k in attrs)
    e.setAttribute(k, attrs[k]);
  if (parent)
    parent.appendChild(e);
  return e;
}

// Screen coordinates of every vertex: the layout scaled into the picture,
// y pointing up as in the board's own drawing.
function placeVertices(b) {
  const xs = b.vertices.map((v) => v.x), ys = b.vertices.map((v) => v.y);
  const x0 = Math.min(...xs), x1 = Math.max(...xs), y0 = Math.min(...ys), y1 = Math.max(...ys);
  const dx = x1 - x0, dy = y1 - y0;
  let s = Math.min(dx > 0 ? (W - 2 * MARGIN) / dx : Infinity, dy > 0 ? (H - 2 * MARGIN) / dy : Infinity);
  if (!isFinite(s))
    s = 1;
  const ox = (W - dx * s) / 2, oy = (H - dy * s) / 2;
  return b.vertices.map((v) => [ox + (v.x - x0) * s, oy + (y1 - v.y) * s]);
}

// The points of an arrowhead pointing along p -> q, centred at the fraction
// at of the way (the middle by default).
function arrowHead(p, q, size, at = 0.5) {
  const dx = q[0] - p[0], dy = q[1] - p[1], len = Math.hypot(dx, dy) || 1;
  const ux = dx / len, uy = dy / len, nx = -uy, ny = ux;
  const mx = p[0] + dx * at, my = p[1] + dy * at;
  const tip = [mx + ux * size, my + uy * size];
  const bx = mx - ux * size * 0.8, by = my - uy * size * 0.8;
  const l = [bx + nx * size * 0.8, by + ny * size * 0.8], r = [bx - nx * size * 0.8, by - ny * size * 0.8];
  return [tip, l, r].map((t) => t[0].toFixed(1) + ',' + t[1].toFixed(1)).join(' ');
}

// The move a click at svg point (x, y) on edge e makes: towards the nearer
// end; null when the click is too close to the middle to tell.
function moveAt(e, x, y) {
  const b = state.board, [u, v] = b.edges[e], p = b.pos[u], q = b.pos[v];
  const dx = q[0] - p[0], dy = q[1] - p[1];
  const t = ((x - p[0]) * dx + (y - p[1]) * dy) / (dx * dx + dy * dy || 1);
  if (Math.abs(t - 0.5) < 0.06)
    return null;
  const [from, to] = t > 0.5 ? [u, v] : [v, u];
  return {from, to, move: b.vertices[from].label + '->' + b.vertices[to].label};
}

// Converts a mouse event to picture coordinates.
function svgPoint(ev) {
  const svg = $('board'), pt = svg.createSVGPoint();
  pt.x = ev.clientX;
  pt.y = ev.clientY;
  return pt.matrixTransform(svg.getScreenCTM().inverse());
}

// Draws the board and the position.
function draw() {
  const b = state.board, svg = $('board');
  svg.textContent = '';
  if (!b)
    return;
  const {mark, by} = marks();
  const cycles = new Set(cycleCells(mark));
  const all = allMoves();
  const last = all.length ? all[all.length - 1] : null;
  const gCells = el('g', {class: 'cells'}, svg);
  b.cells.forEach((w, c) => {
    el('polygon', {
      class: 'cell' + (cycles.has(c) ? ' cycle' : ''),
      'data-cell': c,
      points: w.map((v) => b.pos[v].map((t) => t.toFixed(1)).join(',')).join(' '),
    }, gCells);
  });
  const gEdges = el('g', {class: 'edges'}, svg);
  const gArrows = el('g', {class: 'arrows'}, svg);
  b.edges.forEach(([u, v], e) => {
    const p = b.pos[u], q = b.pos[v];
    const lu = b.vertices[u].label, lv = b.vertices[v].label;
    let cls = 'edge';
    let move = null;
    if (mark[e]) {
      move = mark[e] === 1 ? lu + '->' + lv : lv + '->' + lu;
      cls += ' marked p' + by[e] + (move === last ? ' last' : '');
    }
    el('line', {class: cls, x1: p[0], y1: p[1], x2: q[0], y2: q[1], 'data-edge': e}, gEdges);
    if (mark[e]) {
      const [s, t] = mark[e] === 1 ? [p, q] : [q, p];
      el('polygon', {class: 'arrow p' + by[e], points: arrowHead(s, t, 11), 'data-move': move,
                     'data-player': by[e]}, gArrows);
    }
  });
  // hints: the winning moves of the player to move, towards the head's end
  // (so the two directions of an edge stay apart)
  const a = state.analysis;
  if ($('hints').checked && a && !a.over) {
    for (const m of goodMoves(a)) {
      const [s, t] = m.split('->').map((l) => b.pos[b.labelIndex.get(l)]);
      el('polygon', {class: 'arrow hint', points: arrowHead(s, t, 12, 0.7), 'data-hint': m}, gArrows);
    }
  }
  const ghost = el('polygon', {class: 'arrow ghost', points: '', visibility: 'hidden'}, gArrows);
  // wide invisible lines on top take the clicks
  const gHits = el('g', {class: 'hits'}, svg);
  b.edges.forEach(([u, v], e) => {
    const p = b.pos[u], q = b.pos[v];
    const hit = el('line', {class: 'hit', x1: p[0], y1: p[1], x2: q[0], y2: q[1], 'data-edge': e,
                            'data-u': b.vertices[u].label, 'data-v': b.vertices[v].label}, gHits);
    hit.addEventListener('click', (ev) => clickEdge(e, ev));
    hit.addEventListener('mousemove', (ev) => {
      const pt = svgPoint(ev), m = mark[e] ? null : moveAt(e, pt.x, pt.y);
      if (!m) {
        ghost.setAttribute('visibility', 'hidden');
        return;
      }
      ghost.setAttribute('points', arrowHead(b.pos[m.from], b.pos[m.to], 11));
      ghost.setAttribute('visibility', 'visible');
    });
    hit.addEventListener('mouseleave', () => ghost.setAttribute('visibility', 'hidden'));
  });
  const gVerts = el('g', {class: 'vertices'}, svg);
  b.vertices.forEach((v, i) => {
    const [x, y] = b.pos[i];
    if (v.special)
      el('rect', {class: 'vertex special', x: x - RADIUS, y: y - RADIUS, width: 2 * RADIUS, height: 2 * RADIUS,
                  rx: 3}, gVerts);
    else
      el('circle', {class: 'vertex', cx: x, cy: y, r: RADIUS}, gVerts);
    const t = el('text', {class: 'label', x: x, y: y, 'data-vertex': i}, gVerts);
    t.textContent = v.label;
  });
}

// Writes the analysis panel and the move list.
function showAnalysis() {
  const a = state.analysis, b = state.board;
  const list = $('moves');
  list.textContent = '';
  allMoves().forEach((m, i) => {
    const li = document.createElement('li');
    li.textContent = m;
    li.className = 'p' + playerOf(i) + (i < state.fileMoves.length ? ' file' :
      state.moves[i - state.fileMoves.length].engine ? ' engine' : '');
    list.appendChild(li);
  });
  const repliesBox = $('replies-box');
  repliesBox.hidden = true;
  if (!a || !b)
    return;
  const who = (p) => 'player ' + p + (enginePlayer() === p ? ' (engine)' : enginePlayer() ? ' (you)' : '');
  const {mark} = marks();
  const cycle = cycleCells(mark).length > 0;
  const isVariant = a.rules !== undefined;
  const draw = a.outcome === 'D';
  if (a.over) {
    $('verdict').textContent = 'Game over: ' + (draw ? 'a draw.' : who(a.winner) + ' wins' +
      (isVariant ? '.' : cycle ? ' by completing a cycle cell.' : ' by making the last move.'));
    $('a-to-move').textContent = 'nobody: the game is over';
  } else {
    $('verdict').textContent = draw ? 'A draw with perfect play.' :
      a.winner ? who(a.winner) + ' wins with perfect play.' : 'Who wins is not known yet.';
    $('a-to-move').textContent = who(a.to_move) + ', move ' + (a.moves_played + 1);
  }
  showRules(a);
  // a partial answer (the server ran out of time): what is known is shown
  const partial = a.complete === false;
  $('partial').hidden = !partial;
  $('partial').textContent = !partial ? '' :
    'Partial answer: the server ran out of time. ' +
    (a.unjudged_moves ? a.unjudged_moves + ' moves were not judged; the winning moves below are those found.' :
      a.outcome === 'P' ? 'The winning replies to each move are left out.' : 'What is shown is proved.');
  $('a-winner').textContent = draw ? 'a draw (D-position)' :
    a.winner && a.outcome ? 'player ' + a.winner + ' wins (' + a.outcome + '-position)' :
      a.winner ? 'player ' + a.winner + ' wins (' + a.convention + ')' : 'not known yet';
  $('a-winner').title = a.outcome === 'N' ? 'N-position: the player to move wins' :
    a.outcome === 'P' ? 'P-position: the player who moved last wins' :
      draw ? 'D-position: neither player can force a win' : '';
  $('a-grundy').textContent = a.grundy === undefined ? 'none under these rules' :
    a.grundy !== null ? String(a.grundy) :
    partial && a.grundy_computed === false ? 'not known yet' :
      a.grundy_computed === false ? 'not computed' :
        a.over ? 'none: the game is over' : 'none: a cycle cell can be completed at once';
  const win = $('a-winning');
  win.textContent = '';
  if (!goodMoves(a).length)
    win.textContent = partial && a.outcome !== 'P' ? 'none found yet' : 'none';
  codes(win, goodMoves(a));
  const ul = $('a-replies');
  ul.textContent = '';
  if (a.replies) {
    repliesBox.hidden = false;
    for (const [m, r] of Object.entries(a.replies)) {
      const li = document.createElement('li');
      li.textContent = m + ' \u2192 ';
      const c = document.createElement('code');
      c.textContent = r === null ? 'none' : r;
      li.appendChild(c);
      ul.appendChild(li);
    }
  }
  $('a-stats').textContent = 'searched ' + a.positions + ' positions in ' + a.seconds + ' s';
  if (a.over)
    say('Game over: ' + (draw ? 'a draw.' : 'player ' + a.winner + ' wins.'), 'over');
  else if (enginePlayer() === a.to_move)
    say('The engine is thinking\u2026');
  else
    say('Player ' + a.to_move + ' to move: click an edge near the end its arrow should point to.');
}

// Writes moves into element box as <code> elements separated by blanks.
function codes(box, moves) {
  moves.forEach((m, i) => {
    if (i)
      box.appendChild(document.createTextNode(' '));
    const c = document.createElement('code');
    c.textContent = m;
    box.appendChild(c);
  });
}

// The rows of the panel that depend on the rules: the rules' name, the
// Grundy row's meaning (misère: the misère nim-value), the moves' heading,
// drawing moves (draw), the score (score) and who wins alone (3 or more
// players); the rows a variant does not have are hidden.
function showRules(a) {
  const isVariant = a.rules !== undefined;
  let name = isVariant ? a.rules : 'standard';
  if (a.players)
    name += ', ' + a.players + ' players';
  if (a.extra_turn)
    name += ', extra turn';
  $('a-rules').textContent = name;
  $('a-grundy-name').textContent = a.rules === 'misere' ? 'Misère nim-value' : 'Grundy value';
  $('a-winning-name').textContent = a.best_moves ? 'Best moves' : 'Winning moves';
  const show = (id, on) => {
    const dd = $(id);
    dd.hidden = !on;
    dd.previousElementSibling.hidden = !on;
    dd.textContent = '';
    return on;
  };
  if (show('a-drawing', !!a.drawing_moves)) {
    codes($('a-drawing'), a.drawing_moves);
    if (!a.drawing_moves.length)
      $('a-drawing').textContent = 'none';
  }
  if (show('a-score', !!a.score))
    $('a-score').textContent = a.score.map((s, i) => 'player ' + (i + 1) + ': ' + s).join(', ') +
      (a.score_difference === null || a.score_difference === undefined ? '' :
        '; from here the player to move makes ' + a.score_difference + ' more than the other');
  if (show('a-force', !!a.can_force_win))
    $('a-force').textContent = a.can_force_win.map((w, i) => w ? 'player ' + (i + 1) : null)
      .filter((x) => x).join(', ') || 'nobody';
}

// Re-draws everything from the state.
function render() {
  draw();
  showAnalysis();
}

// Asks for the analysis of the current position; then, when it is the
// engine's turn, for the engine's move, which is played and analysed in turn.
async function analyseAndAnswer(gen) {
  state.analysis = await api('solve', allMoves());
  if (gen !== state.gen)
    return;
  render();
  const a = state.analysis;
  if (!a.over && enginePlayer() === a.to_move) {
    // under a variant the engine plays a move the answer names (a winning or
    // best move, else a drawing one); only when it names none does it ask
    // /api/move, the standard game's engine, for any legal move
    let move = variant() ? goodMoves(a)[0] || (a.drawing_moves || [])[0] : null;
    if (!move) {
      const r = await api('move', allMoves());
      move = r.move;
    }
    if (gen !== state.gen || !move)
      return;
    state.moves.push({move, engine: true});
    state.analysis = await api('solve', allMoves());
    if (gen !== state.gen)
      return;
    render();
  }
}

// A click on edge e: the arrow towards the nearer end, checked by the server
// (an illegal move is explained and not played), then the engine's answer.
function clickEdge(e, ev) {
  if (state.busy || !state.board || !state.analysis)
    return;
  const a = state.analysis;
  if (a.over) {
    say('The game is over: start a new game or undo.', 'error');
    return;
  }
  if (enginePlayer() === a.to_move) {
    say('It is the engine\'s turn.', 'error');
    return;
  }
  if (marks().mark[e]) {
    say('That edge already has an arrow.', 'error');
    return;
  }
  const pt = svgPoint(ev), m = moveAt(e, pt.x, pt.y);
  if (!m) {
    say('Click nearer to one end of the edge: the arrow points to the end you click.', 'error');
    return;
  }
  const gen = state.gen;
  act(async () => {
    let after;
    try {
      after = await api('solve', allMoves().concat([m.move]));
    } catch (err) {
      say(err.message.replace(/^moves: move \d+ \(([^)]*)\) is illegal: /, '$1 is illegal: '), 'error');
      return;
    }
    if (gen !== state.gen)
      return;
    state.moves.push({move: m.move, engine: false});
    state.analysis = after;
    render();
    if (!after.over && enginePlayer() === after.to_move)
      await analyseAndAnswer(gen);
  });
}

// Takes back the last move of the human player (and the engine's answers
// after it); without the engine, the last move.
function undo() {
  if (state.busy || !state.moves.length)
    return;
  const eng = enginePlayer();
  if (eng) {
    while (state.moves.length && state.moves[state.moves.length - 1].engine)
      state.moves.pop();
    state.moves.pop();
  } else {
    state.moves.pop();
  }
  const gen = ++state.gen;
  act(() => analyseAndAnswer(gen));
}

// Starts the game again on the same board.
function newGame() {
  state.moves = [];
  const gen = ++state.gen;
  act(() => analyseAndAnswer(gen));
}

// Takes a board answer of /api/board: indexes it and lays it out.
function useBoard(b) {
  b.labelIndex = new Map(b.vertices.map((v, i) => [v.label, i]));
  b.edgeIndex = new Map();
  b.edges.forEach(([u, v], e) => {
    b.edgeIndex.set(u + ',' + v, e);
    b.edgeIndex.set(v + ',' + u, e);
  });
  b.pos = placeVertices(b);
  state.board = b;
  state.fileMoves = b.moves || [];
  state.moves = [];
  state.analysis = null;
  $('board').setAttribute('aria-label', 'the board ' + b.board);
}

// Loads the family spec (from the Board field).
function loadFamily(spec) {
  spec = spec.trim();
  if (!spec)
    return;
  const gen = ++state.gen;
  act(async () => {
    const saved = {spec: state.spec, upload: state.upload};
    state.spec = spec;
    state.upload = null;
    let b;
    try {
      b = await api('board', []);
    } catch (err) {
      Object.assign(state, saved);
      throw err;
    }
    if (gen !== state.gen)
      return;
    useBoard(b);
    const url = new URL(location.href);
    url.searchParams.set('board', spec);
    history.replaceState(null, '', url);
    render();
    await analyseAndAnswer(gen);
  });
}

// Loads an uploaded board file (any format the program reads).
function loadFile(file) {
  if (!file)
    return;
  if (file.size > 1048576) {
    say('The file is larger than 1 MiB.', 'error');
    return;
  }
  const gen = ++state.gen;
  act(async () => {
    const text = await file.text();
    const saved = {spec: state.spec, upload: state.upload};
    state.upload = {name: file.name, text};
    state.spec = null;
    let b;
    try {
      b = await api('board', []);
    } catch (err) {
      Object.assign(state, saved);
      throw err;
    }
    if (gen !== state.gen)
      return;
    useBoard(b);
    $('family').value = '';
    $('family').placeholder = 'uploaded: ' + file.name;
    render();
    await analyseAndAnswer(gen);
  });
}

// Fills the list of families and example specs.
async function loadFamilies() {
  try {
    const r = await fetch('/api/families');
    const f = await r.json();
    const dl = $('examples');
    for (const s of f.examples) {
      const o = document.createElement('option');
      o.value = s;
      dl.appendChild(o);
    }
    const ul = $('family-list');
    for (const x of f.families) {
      const li = document.createElement('li');
      const c = document.createElement('code');
      c.textContent = x.usage;
      c.title = 'use this family';
      c.addEventListener('click', () => {
        const ex = f.examples.find((s) => s.split(':')[0] === x.name) || x.name;
        $('family').value = ex;
        loadFamily(ex);
      });
      li.appendChild(c);
      li.appendChild(document.createTextNode(': ' + x.summary));
      ul.appendChild(li);
    }
  } catch (e) {
    // the list is a convenience: the Board field works without it
  }
}

// Enables the rules controls that go together: more than two players with
// the standard rules only, the extra turn with score only.
function rulesControls() {
  const r = $('rules').value;
  if (r !== 'standard')
    $('players').value = '2';
  $('players').disabled = r !== 'standard';
  if (r !== 'score')
    $('extra-turn').checked = false;
  $('extra-turn').disabled = r !== 'score';
}

// Wires the controls and loads the board named in ?board= (default k4)
// under the rules of ?rules=, ?players=, ?extra_turn=.
function start() {
  const params = new URLSearchParams(location.search);
  if (params.get('engine') !== null && ['0', '1', '2'].includes(params.get('engine')))
    $('engine').value = params.get('engine');
  if ([...$('rules').options].some((o) => o.value === params.get('rules')))
    $('rules').value = params.get('rules');
  if ([...$('players').options].some((o) => o.value === params.get('players')))
    $('players').value = params.get('players');
  $('extra-turn').checked = params.get('extra_turn') === '1';
  rulesControls();
  for (const id of ['rules', 'players', 'extra-turn'])
    $(id).addEventListener('change', () => {
      rulesControls();
      const url = new URL(location.href);
      const r = rules();
      url.searchParams.set('rules', r.rules);
      url.searchParams.set('players', r.players);
      url.searchParams.set('extra_turn', r.extra ? '1' : '0');
      history.replaceState(null, '', url);
      if (state.board)
        newGame();
    });
  const spec = params.get('board') || 'k4';
  $('family').value = spec;
  $('family-form').addEventListener('submit', (ev) => {
    ev.preventDefault();
    loadFamily($('family').value);
  });
  $('upload').addEventListener('change', (ev) => loadFile(ev.target.files[0]));
  $('undo').addEventListener('click', undo);
  $('new').addEventListener('click', newGame);
  $('hints').addEventListener('change', draw);
  $('engine').addEventListener('change', () => {
    const gen = ++state.gen;
    if (state.board)
      act(() => analyseAndAnswer(gen));
  });
  loadFamilies();
  loadFamily(spec);
}

start();
