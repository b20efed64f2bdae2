// app.js - the page of `cycles serve`: a board editor, the game and its
// analysis on one board, and links that hold the whole position.
//
// The page draws the board as SVG and asks the server for everything that
// is the game's: the board's cells (/api/board, also for a drawn board,
// whose faces the server finds), the analysis (/api/solve), the engine's
// moves (/api/move), the legal and death moves (/api/board?moves=) and the
// files to download (/api/export).  The editor checks crossings at once for
// quick feedback; the server's answer decides.  Plain JavaScript, no build
// step, no network beyond the server.
'use strict';

const W = 640, H = 520, MARGIN = 42, RADIUS = 13;
const SVGNS = 'http://www.w3.org/2000/svg';

// The whole state of the page; the server keeps none.
const state = {
  mode: 'play',      // 'play' or 'edit'
  spec: 'k4',        // the family on the board, or null
  upload: null,      // {name, text}: a board file or a drawn board, POSTed
  drawn: null,       // the compact form of a drawn board (the link's ?d=)
  board: null,       // the answer of /api/board
  fileMoves: [],     // moves the board file carries (played before ours)
  line: [],          // the line of moves: {move: 'U->V', engine: bool}
  ply: 0,            // how many moves of the line are on the board
  analysis: null,    // the answer of /api/solve for the position
  position: null,    // the legal, death and unmarkable moves of the position
  showAnalysis: false,
  hint: null,        // a winning move shown by the hint button
  thinking: false,   // the engine is choosing its move
  looking: false,    // a partial analysis is shown while a longer look runs
  stopped: false,    // the stop button ended the looks at the analysis shown
  early: false,      // the looks ended early for the engine's move
  gen: 0,            // bumped by every new board, position or stop: stale answers are dropped
  busy: 0,
  aborts: new Set(), // the requests in flight (the stop button aborts them)
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

// Fetches url (init as for fetch) so that the stop button can abort it;
// resolves to the Response.
async function request(url, init = {}) {
  const ctl = new AbortController();
  state.aborts.add(ctl);
  try {
    return await engineFetch(url, {...init, signal: ctl.signal});
  } catch (e) {
    if (e.name === 'AbortError')
      throw e;
    throw new Error('The server does not answer: is cycles serve still running?');
  } finally {
    state.aborts.delete(ctl);
  }
}

// Calls /api/ENDPOINT for a board source (default: the current board) and
// the given moves: GET with ?board= for a family, POST with the file for an
// upload or a drawn board.  extra is more of the query.  Resolves to the
// Response; rejects with the server's error message.
async function call(endpoint, moves, source = state, extra = '') {
  let url = '/api/' + endpoint + '?moves=' + encodeURIComponent(moves.join(' ')) + extra;
  const init = {};
  if (source.upload) {
    url += '&name=' + encodeURIComponent(source.upload.name);
    init.method = 'POST';
    init.body = source.upload.text;
    init.headers = {'Content-Type': 'text/plain'};
  } else {
    url += '&board=' + encodeURIComponent(source.spec);
  }
  const r = await request(url, init);
  if (!r.ok) {
    let data = null;
    try {
      data = await r.json();
    } catch (e) {
      data = null;
    }
    throw new Error((data && data.error) || 'the server answered ' + r.status);
  }
  return r;
}

// call() for a JSON answer: the answer, with "cached": true when the server
// answered from its cache (header X-Cycles-Answer).
async function api(endpoint, moves, source = state, extra = '') {
  const r = await call(endpoint, moves, source, extra);
  const data = await r.json();
  if (data && typeof data === 'object' && r.headers.get('X-Cycles-Answer') === 'cached')
    data.cached = true;
  return data;
}

// The engine: every question the page asks about a game, one function an
// endpoint of the server (another back end, such as the engine in a worker,
// gives the same functions).  moves are 'U->V' strings after the board's own
// moves; source is {spec} or {upload: {name, text}} (default: the board on
// the page).  Each resolves to the answer or rejects with a message.
const engine = {
  // the board to draw and the position after moves (legal, death and
  // unmarkable moves): /api/board
  board: (moves, source = state) => api('board', moves, source),
  // the analysis under the rules picked, a shorter look when timeout (s) is
  // given: /api/solve
  solve: (moves, timeout = 0) => api('solve', moves, state, (timeout ? '&timeout=' + timeout : '') + rulesQuery()),
  // the engine's move within the server's time: /api/move
  move: (moves) => api('move', moves),
  // the board and position as a download (json, svg or png): a Blob
  exportFile: async (format, moves) => (await call('export', moves, state, '&format=' + format)).blob(),
  // the families and example specs
  families: async () => (await request('/api/families')).json(),
  // whether the server has a census (GET /api/census answers 404 without)
  hasCensus: async () => (await request('/api/census?limit=1')).ok,
};

// Runs an action of the user with the page marked busy (spinner, stop
// button); an action started for an older board or position is ignored
// once it resumes; a stopped one says so.
async function act(fn) {
  state.busy++;
  document.body.dataset.state = 'busy';
  $('stop').hidden = false;
  try {
    await fn();
  } catch (e) {
    if (e.name !== 'AbortError')
      say(sentence(e.message), 'error');
  } finally {
    if (--state.busy === 0) {
      document.body.dataset.state = 'ready';
      $('stop').hidden = true;
    }
  }
}

// Drops the answers still to come and aborts the requests in flight.
function abandon() {
  state.gen++;
  for (const c of state.aborts)
    c.abort();
}

// The stop button: abandons the questions in flight (the server finishes
// them on its own and keeps the answers for the next time they are asked).
function stop() {
  abandon();
  if (state.looking) {
    state.looking = false;
    state.stopped = true;
    showAnalysis();
    say('Stopped: the analysis shown is partial. Play on, or take back a move.');
    return;
  }
  state.thinking = false;
  render();
  say('Stopped. Click the board when the engine should move, or take back a move.');
}

// ------------------------------------------------------------ the position

// The moves of the line on the board, as 'U->V' strings.
function lineMoves() {
  return state.line.slice(0, state.ply).map((m) => m.move);
}

// All moves of the position: the file's, then the line's up to ply.
function allMoves() {
  return state.fileMoves.concat(lineMoves());
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

// ----------------------------------------------------------- the picture

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

// How much larger than in a wide window vertices, labels and arrows are
// drawn, so that they stay big enough to see and touch on a narrow screen;
// also set as --z for the style sheet.
function zoom() {
  const w = $('board').clientWidth || W, z = Math.min(1.8, Math.max(1, 520 / w));
  $('board').style.setProperty('--z', z.toFixed(2));
  return z;
}

// Converts a pointer event to picture coordinates.
function svgPoint(ev) {
  const svg = $('board'), pt = svg.createSVGPoint();
  pt.x = ev.clientX;
  pt.y = ev.clientY;
  return pt.matrixTransform(svg.getScreenCTM().inverse());
}

// Draws the board and the position (play mode), or the editor's drawing.
function draw() {
  if (state.mode === 'edit') {
    drawEditor();
    return;
  }
  const b = state.board, svg = $('board'), z = zoom(), R = RADIUS * z;
  svg.textContent = '';
  if (!b)
    return;
  const {mark, by} = marks();
  const cycles = new Set(cycleCells(mark));
  const all = allMoves();
  const last = all.length ? all[all.length - 1] : null;
  const pos = state.showAnalysis ? state.position : null;
  const never = new Set(pos ? pos.unmarkable : []);
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
    } else if (never.has(e)) {
      cls += ' unmarkable';
    }
    el('line', {class: cls, x1: p[0], y1: p[1], x2: q[0], y2: q[1], 'data-edge': e}, gEdges);
    if (mark[e]) {
      const [s, t] = mark[e] === 1 ? [p, q] : [q, p];
      el('polygon', {class: 'arrow p' + by[e], points: arrowHead(s, t, 11 * z), 'data-move': move,
                     'data-player': by[e]}, gArrows);
    }
  });
  // the analysis: every legal move towards its head's end (so the two
  // directions of an edge stay apart), coloured by whether it wins
  const a = state.analysis;
  const arrowFor = (m, cls, extra) => {
    const [s, t] = m.split('->').map((l) => b.pos[b.labelIndex.get(l)]);
    // on a short edge the arrow stays clear of the vertex it points to
    const size = Math.min(12 * z, 0.12 * Math.hypot(t[0] - s[0], t[1] - s[1]));
    el('polygon', {class: 'arrow hint ' + cls, points: arrowHead(s, t, size, 0.72), ...extra}, gArrows);
  };
  if (pos && a && !a.over) {
    const good = new Set(goodMoves(a)), death = new Set(pos.death);
    const judged = a.complete !== false;
    for (const m of pos.legal) {
      const cls = good.has(m) ? 'win' : judged ? 'lose' : 'unknown';
      arrowFor(m, cls + (death.has(m) ? ' death' : ''), {'data-hint': m, 'data-wins': good.has(m) ? 1 : 0,
                                                        'data-death': death.has(m) ? 1 : 0});
    }
  } else if (state.hint && a && !a.over) {
    const wins = goodMoves(a).includes(state.hint);
    arrowFor(state.hint, (wins ? 'win' : 'unknown') + ' one', {'data-hint': state.hint, 'data-wins': wins ? 1 : 0});
  }
  const ghost = el('polygon', {class: 'arrow ghost', points: '', visibility: 'hidden'}, gArrows);
  // the completed cycle cell, outlined over the edges
  for (const c of cycles)
    el('polygon', {class: 'cycle-outline', points: b.cells[c].map((v) => b.pos[v].map((t) => t.toFixed(1)).join(','))
      .join(' ')}, svg);
  // wide invisible lines on top take the clicks
  const gHits = el('g', {class: 'hits'}, svg);
  b.edges.forEach(([u, v], e) => {
    const p = b.pos[u], q = b.pos[v];
    const hit = el('line', {class: 'hit', x1: p[0], y1: p[1], x2: q[0], y2: q[1], 'data-edge': e,
                            'data-u': b.vertices[u].label, 'data-v': b.vertices[v].label}, gHits);
    hit.addEventListener('click', (ev) => clickEdge(e, ev));
    hit.addEventListener('pointermove', (ev) => {
      if (ev.pointerType !== 'mouse')
        return;
      const pt = svgPoint(ev), m = mark[e] ? null : moveAt(e, pt.x, pt.y);
      if (!m) {
        ghost.setAttribute('visibility', 'hidden');
        return;
      }
      ghost.setAttribute('points', arrowHead(b.pos[m.from], b.pos[m.to], 11 * z));
      ghost.setAttribute('visibility', 'visible');
    });
    hit.addEventListener('pointerleave', () => ghost.setAttribute('visibility', 'hidden'));
  });
  const gVerts = el('g', {class: 'vertices'}, svg);
  b.vertices.forEach((v, i) => {
    const [x, y] = b.pos[i];
    if (v.special)
      el('rect', {class: 'vertex special', x: x - R, y: y - R, width: 2 * R, height: 2 * R,
                  rx: 3}, gVerts);
    else
      el('circle', {class: 'vertex', cx: x, cy: y, r: R}, gVerts);
    const t = el('text', {class: 'label', x: x, y: y, 'data-vertex': i}, gVerts);
    t.textContent = v.label;
  });
  // a board that could not be opened leaves this one faded, with a note
  svg.classList.toggle('stale', !!state.staleNote);
  if (state.staleNote) {
    const t = el('text', {class: 'stale-note', x: W / 2, y: 24}, svg);
    t.textContent = state.staleNote;
  }
}

// Writes the move list and the analysis panel.
function showAnalysis() {
  const a = state.analysis, b = state.board;
  showMoves();
  const editing = state.mode === 'edit';
  $('analysis-body').hidden = !state.showAnalysis || editing;
  $('analysis-off').hidden = state.showAnalysis || editing;
  $('analysis-edit').hidden = !editing;
  $('analysis-toggle').textContent = state.showAnalysis ? 'Hide analysis' : 'Analysis';
  $('analysis-toggle').setAttribute('aria-pressed', String(state.showAnalysis));
  const repliesBox = $('replies-box');
  repliesBox.hidden = true;
  showRules(a || {});
  const g = b ? game() : null;
  if (!a || !b) {
    for (const id of ['a-to-move', 'a-winner', 'a-grundy', 'a-winning'])
      $(id).textContent = '-';
    $('partial').hidden = true;
    $('a-stats').textContent = '';
    $('verdict').textContent = g && g.over ? overText(g) : state.analysisNote ? state.analysisNote :
      state.busy ? 'The engine is looking at the position\u2026' : '';
    return;
  }
  const who = (p) => 'player ' + p + (named(p) === 'player ' + p ? '' : ' (' + named(p) + ')');
  const draw = a.outcome === 'D';
  if (a.over) {
    $('verdict').textContent = g ? overText(g) : 'Game over.';
    $('a-to-move').textContent = 'nobody: the game is over';
  } else {
    $('verdict').textContent = draw ? 'A draw with perfect play.' :
      a.winner ? 'P' + who(a.winner).slice(1) + ' wins with perfect play.' : 'Who wins is not known yet.';
    $('a-to-move').textContent = who(a.to_move) + ', move ' + (a.moves_played + 1);
  }
  // a partial answer (the server ran out of time): what is known is shown
  const partial = a.complete === false;
  $('partial').hidden = !partial;
  $('partial').classList.toggle('looking', state.looking);
  $('partial').textContent = !partial ? '' :
    (state.looking ? 'Partial answer, still thinking (Stop keeps it). ' :
      state.stopped ? 'Partial answer: stopped before the engine finished. ' :
        state.early ? 'Partial answer: the engine moves without waiting for the whole. ' :
        'Partial answer: the server ran out of time. ') +
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
  $('a-stats').textContent = a.cached ? 'Answered from the server\u2019s cache: this position was solved before.' :
    !a.positions ? 'Answered from what the engine found before: no new position searched.' :
    'Searched ' + a.positions + ' positions in ' + Number(a.seconds).toPrecision(2) + ' s.';
}

// Writes the move list: the file's moves, then the line, the moves past
// the position shown greyed; each move of the line a button that returns
// to the position after it.
function showMoves() {
  const list = $('moves'), k = rules().players;
  list.textContent = '';
  list.style.setProperty('--k', String(k));
  const nf = state.fileMoves.length;
  // numbered rows of one move a player: move i in column playerOf(i), the
  // row's number before its first move
  const place = (li, i) => {
    li.style.gridColumn = String(playerOf(i));
    if (i % k === 0 || i === 0)
      li.dataset.num = (Math.floor(i / k) + 1) + '.';
  };
  state.fileMoves.forEach((m, i) => {
    const li = document.createElement('li');
    li.textContent = m;
    li.className = 'p' + playerOf(i) + ' file';
    li.title = 'a move of the board file';
    place(li, i);
    list.appendChild(li);
  });
  state.line.forEach((m, i) => {
    const li = document.createElement('li');
    li.textContent = m.move;
    li.className = 'p' + playerOf(nf + i) + (m.engine ? ' engine' : '') + (i >= state.ply ? ' future' : '') +
      (i === state.ply - 1 ? ' current' : '') + (m.engine && m.proven === false ? ' unproven' : '');
    place(li, nf + i);
    li.tabIndex = 0;
    li.setAttribute('role', 'button');
    li.title = (m.engine ? 'the engine\u2019s move' + (m.proven === false ? ', not proven: the best it found in its time' : '') +
      '; ' : '') + 'click to go back to the position after this move';
    li.addEventListener('click', () => goTo(i + 1));
    li.addEventListener('keydown', (ev) => {
      if (ev.key === 'Enter' || ev.key === ' ') {
        ev.preventDefault();
        goTo(i + 1);
      }
    });
    list.appendChild(li);
  });
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
  const r = rules();
  let name = r.rules === 'misere' ? 'mis\u00e8re' : r.rules;
  if (r.players > 2)
    name += ', ' + r.players + ' players';
  if (r.extra)
    name += ', extra turn';
  $('a-rules').textContent = name;
  $('a-grundy-name').textContent = r.rules === 'misere' ? 'Misère nim-value' : 'Grundy value';
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

// Re-draws everything from the state and writes the link.
function render() {
  draw();
  showAnalysis();
  showRulesText();
  tell();
  writeLink();
}

// The rules in force, in the header: the standard game's, or how a variant
// changes them.
function showRulesText() {
  const r = rules();
  const end = {
    standard: 'Whoever completes a <em>cycle cell</em>, a cell whose arrows all run one way round, wins at once; ' +
      'otherwise whoever makes the last move wins.',
    misere: 'Mis\u00e8re rules: whoever completes a <em>cycle cell</em> (a cell whose arrows all run one way round) ' +
      'loses at once; otherwise whoever makes the last move loses.',
    draw: 'Whoever completes a <em>cycle cell</em>, a cell whose arrows all run one way round, wins at once; ' +
      'a game that ends without one is a draw.',
    score: 'Each <em>cycle cell</em> completed (a cell whose arrows all run one way round) scores a point for ' +
      'whoever completed it, and the game goes on' + (r.extra ? ', with an extra turn for the scorer' : '') +
      ' until no move is left; the higher score wins.',
    'any-cycle': 'Whoever closes any directed cycle, a cell or not, wins at once; otherwise whoever makes the ' +
      'last move wins.',
  }[r.rules] || '';
  $('rules-text').innerHTML = (r.players > 2 ? r.players + ' players take turns drawing an arrow on an edge. ' :
    'Take turns drawing an arrow on an edge. ') + 'No vertex may become a <em>sink</em> (all its arrows in) or a ' +
    '<em>source</em> (all out), except a special vertex (a square). ' + end;
}

// ------------------------------------------------------------- the game

// What the page knows of the game in the position shown without a search:
// {over, toMove, winner (at game over; 0 for a draw), cell (a cycle cell
// completed, or -1), pending (the position's legal moves are not in yet)},
// or null while a variant's analysis is not in.  Standard rules: the legal
// moves of /api/board (none: the game is over, won by whoever moved last)
// and the count of moves; a variant: its analysis.
function game() {
  const n = allMoves().length;
  const cells = state.board ? cycleCells(marks().mark) : [];
  const cell = cells.length ? cells[0] : -1;
  if (variant()) {
    const a = state.analysis;
    if (a)
      return {over: !!a.over, toMove: a.to_move, winner: a.over ? (a.outcome === 'D' ? 0 : a.winner) : null, cell,
              pending: false};
    if (!state.variantFailed)
      return null;
  }
  // the standard game, or a variant the server could not search: by the
  // legal moves (whoever moved last wins; under misère loses; under draw a
  // game with no cycle cell is a draw)
  if (!state.position)
    return {over: false, toMove: playerOf(n), winner: null, cell, pending: true};
  const over = state.position.legal.length === 0, r = rules().rules;
  const last = n ? playerOf(n - 1) : rules().players;
  const winner = !over ? null : r === 'misere' ? playerOf(n % rules().players) : r === 'draw' && cell < 0 ? 0 : last;
  return {over, toMove: playerOf(n), winner, cell, pending: false};
}

// A player as the person at the screen calls them: "you" or "the engine"
// against the engine, "player N" when people play each other.
function named(p) {
  const e = enginePlayer();
  if (!e || rules().players > 2)
    return 'player ' + p;
  return p === e ? 'the engine' : 'you';
}

// The sentence of a finished game g: who won, in the player's terms, and how.
function overText(g) {
  if (g.winner === 0)
    return 'Game over: a draw.';
  const who = named(g.winner);
  const won = who === 'you' ? 'you win' : who + ' wins';
  const how = variant() ? '' : g.cell >= 0 ? ' by completing the outlined cycle cell' : ' by making the last move';
  return 'Game over: ' + won + how + '.';
}

// The server's time for one engine move or solve, in seconds.
function timeLimit() {
  return (state.board && state.board.timeout) || 10;
}

// Writes the status line from the state of the game: game over, the
// engine thinking, whose move it is and what the engine last played.
function tell() {
  if (state.mode !== 'play' || !state.board || state.staleNote)
    return;
  const g = game();
  if (!g)
    return;
  if (g.over) {
    const lost = g.winner && enginePlayer() === g.winner && rules().players <= 2;
    say(overText(g), lost ? 'lost' : 'over');
    return;
  }
  if (state.thinking) {
    say('The engine is thinking: it moves within ' + timeLimit() + ' s.');
    return;
  }
  const last = state.ply ? state.line[state.ply - 1] : null;
  let pre = '';
  if (last && last.engine)
    pre = 'The engine played ' + last.move + (last.proven === false ?
      ', the best move it found in its time (not proven).' : '.') + ' ';
  if (enginePlayer() === g.toMove)
    say(pre + 'The engine\u2019s turn: click the board and it moves.');
  else
    say(pre + (enginePlayer() ? 'Your move' : 'Player ' + g.toMove + ' to move') +
      ': click an edge near the end its arrow should point to.' +
      (state.looking ? ' The analysis is still looking; a move ends the look.' : ''));
}

// Brings the page up to date with the position: its legal moves (and under
// a variant its analysis, which says whose turn it is); then, when
// engineMoves and it is the engine's turn, the engine's move, again while
// the turn stays the engine's; then the analysis when it is shown.
async function advance(gen, engineMoves = true) {
  for (let i = 0; i < 64; i++) {
    await refresh(gen);
    if (gen !== state.gen)
      return;
    render();
    const g = game();
    if (!engineMoves || !g || g.over || enginePlayer() !== g.toMove)
      break;
    const m = await engineMove(gen);
    if (gen !== state.gen || !m.move)
      return;
    play(m.move, true, m.proven);
    render();
  }
  if (state.showAnalysis && !variant()) {
    state.analysisNote = null;
    try {
      await analyse(gen);
    } catch (e) {
      if (e.name === 'AbortError')
        throw e;
      state.analysisNote = 'The engine found nothing certain about this position in the ' + timeLimit() +
        ' s it has. Play on: the engine still moves in time.';
    }
    if (gen !== state.gen)
      return;
    render();
  }
}

// Fetches the position after the moves (legal, death and unmarkable moves)
// and, under a variant, its analysis; a standard analysis is asked for
// later (analyse), only when it is shown or a hint is asked for.
async function refresh(gen) {
  const moves = allMoves();
  state.variantFailed = false;
  state.analysisNote = null;
  const solved = variant() ? engine.solve(moves).catch((e) => {
    if (e.name === 'AbortError')
      throw e;
    state.variantFailed = true;
    state.analysisNote = 'The engine cannot search this board under these rules: ' + sentence(e.message) +
      ' It plays moves that give no cycle cell away, not proven.';
    return null;
  }) : null;
  const [b, a] = await Promise.all([engine.board(moves), solved]);
  if (gen !== state.gen)
    return;
  state.position = b.position;
  state.analysis = a;
  state.hint = null;
}

// The engine's move in the position: {move, proven}.  Under a variant a
// move the analysis names (a winning or best move, else a drawing one);
// else /api/move, the best move the server finds in its time; when the
// server cannot answer, a legal move that hands over no cycle cell.
async function engineMove(gen) {
  state.thinking = true;
  tell();
  try {
    if (variant() && state.analysis) {
      const a = state.analysis, m = goodMoves(a)[0] || (a.drawing_moves || [])[0];
      if (m)
        return {move: m, proven: a.complete !== false};
    }
    try {
      const r = await engine.move(allMoves());
      if (r.move)
        return {move: r.move, proven: r.complete !== false && !variant()};
    } catch (e) {
      if (e.name === 'AbortError' || gen !== state.gen)
        throw e;
    }
    const p = state.position, death = new Set(p.death);
    const safe = p.legal.filter((m) => !death.has(m));
    return {move: (safe.length ? safe : p.legal)[0], proven: false};
  } finally {
    state.thinking = false;
  }
}

// The first look at a position takes at most PEEK seconds of the server's
// time; each longer look twice the one before, up to the server's limit.
const PEEK = 2;

// Fetches the standard analysis of the position into the state: short
// looks first (?timeout=), each partial answer shown at once (who wins and
// the winning moves found so far, marked partial) while a longer look runs,
// until the answer is whole or the server's own limit is reached; with
// enough, the first partial answer will do (the hint's).  The stop button
// keeps what is shown.
async function analyse(gen, enough = false) {
  const moves = allMoves();
  const limit = (state.board && state.board.timeout) || 0;
  let a = null;
  state.stopped = false;
  try {
    for (let t = PEEK; ; t *= 2) {
      const last = !limit || t >= limit;
      let got = null;
      try {
        got = await engine.solve(moves, last ? 0 : t);
      } catch (e) {
        // a short look that knew nothing yet: look longer
        if (e.name === 'AbortError' || last || !/ran out of time/.test(e.message))
          throw e;
      }
      if (gen !== state.gen)
        return;
      a = got || a;
      if (last || (a && (a.complete !== false || enough)))
        break;
      if (a) {
        state.analysis = a;
        state.looking = true;
        render();
      }
    }
  } finally {
    if (gen === state.gen)
      state.looking = false;
  }
  state.analysis = a;
}

// Plays move on the line at ply: the line's next move keeps the line, any
// other move at its end extends it, earlier it starts a new line there.
// engine: the engine played it; proven: false when the engine's search did
// not finish.
function play(move, engine, proven = true) {
  if (state.ply < state.line.length && state.line[state.ply].move === move) {
    state.ply++;
  } else {
    state.line = state.line.slice(0, state.ply);
    state.line.push({move, engine, proven});
    state.ply = state.line.length;
  }
  state.position = null;
  state.analysis = null;
  state.hint = null;
}

// Ends what the page is asking (a look at the analysis, a position) so that
// a new question starts; the engine's move is not ended so.
function interrupt() {
  if (state.busy) {
    abandon();
    state.looking = false;
  }
  return ++state.gen;
}

// A click on edge e: on the player's turn the arrow towards the nearer end,
// played and shown at once when the position's legal moves hold it (else
// the server says why it is illegal), then the engine's answer; on the
// engine's turn the engine moves.
function clickEdge(e, ev) {
  if (state.mode !== 'play' || !state.board)
    return;
  if (state.thinking) {
    say('The engine is thinking: it moves within ' + timeLimit() + ' s.', 'info');
    return;
  }
  const g = game();
  if (g && g.over) {
    say(overText(g) + ' Take back a move, or start a new game.', 'error');
    return;
  }
  if (g && !g.pending && enginePlayer() === g.toMove) {
    const gen = interrupt();
    act(() => advance(gen));
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
  if (state.looking)
    state.stopped = true;
  const gen = interrupt();
  if (g && !g.pending && state.position.legal.includes(m.move)) {
    play(m.move, false);
    render();
    act(() => advance(gen));
    return;
  }
  act(async () => {
    try {
      await engine.board(allMoves().concat([m.move]));
    } catch (err) {
      if (err.name === 'AbortError')
        throw err;
      say(err.message.replace(/^moves: move \d+ \(([^)]*)\) is illegal: /, '$1 is illegal: '), 'error');
      return;
    }
    if (gen !== state.gen)
      return;
    play(m.move, false);
    render();
    await advance(gen);
  });
}

// Returns to the position after ply moves of the line (the line is kept
// until a new move is played there).
function goTo(ply) {
  if (ply < 0 || ply > state.line.length)
    return;
  const gen = interrupt();
  state.ply = ply;
  state.position = null;
  state.analysis = null;
  state.hint = null;
  render();
  act(() => advance(gen, false));
}

// Takes back the last move of the human player (and the engine's answers
// after it); without the engine, the last move.  The moves taken back leave
// the line; a take-back that lands on the engine's turn gets its move.
function undo() {
  if (!state.ply || state.mode !== 'play')
    return;
  if (state.thinking)
    abandon();
  let ply = state.ply;
  if (enginePlayer()) {
    while (ply && state.line[ply - 1].engine)
      ply--;
    ply = Math.max(ply - 1, 0);
  } else {
    ply--;
  }
  const gen = interrupt();
  state.thinking = false;
  state.line = state.line.slice(0, ply);
  state.ply = ply;
  state.position = null;
  state.analysis = null;
  state.hint = null;
  render();
  act(() => advance(gen));
}

// Starts the game again on the same board.
function newGame() {
  if (!state.board)
    return;
  if (state.thinking)
    abandon();
  const gen = interrupt();
  state.thinking = false;
  state.line = [];
  state.ply = 0;
  state.position = null;
  state.analysis = null;
  state.hint = null;
  setMode('play');
  render();
  act(() => advance(gen));
}

// The hint button: one winning move of the position, drawn on the board;
// in a lost position (or one the engine could not judge in its time) one
// move that keeps the game going: a move that hands no cycle cell over.
function hint() {
  if (!state.board || state.mode !== 'play')
    return;
  const g = game();
  if (g && g.over)
    return tell();
  if (state.thinking)
    return say('The engine is thinking: it moves within ' + timeLimit() + ' s.', 'info');
  if (state.analysis && state.position)
    return showHint();
  const gen = interrupt();
  say('Looking for a hint\u2026');
  act(async () => {
    if (!state.position)
      await refresh(gen);
    if (gen !== state.gen)
      return;
    if (!state.analysis)
      await analyse(gen, true);
    if (gen !== state.gen || !state.analysis)
      return;
    showHint();
  });
}

// Shows the hint of the analysis in the state (see hint).
function showHint() {
  const a = state.analysis, good = goodMoves(a);
  if (good.length) {
    state.hint = good[0];
    render();
    say('Hint: ' + good[0] + ' wins.');
    return;
  }
  const p = state.position, death = new Set(p.death);
  const safe = p.legal.filter((m) => !death.has(m));
  const tellPick = (pick, room) => {
    state.hint = pick;
    render();
    say((a.complete === false ? 'No winning move was found in the time the server allows. ' :
      'No move wins here against perfect play. ') +
      (safe.length ? 'To keep the game going, play ' + pick + ': it gives no cycle cell away' +
        (room !== undefined ? ' and leaves the most room, ' + room + ' safe move' + (room === 1 ? '' : 's') +
          ' after it' : '') +
        (safe.length > 1 ? '; ' + (safe.length - 1) + ' other move' + (safe.length === 2 ? ' gives' : 's give') +
          ' none away either.' : '.') :
        'Every move lets the other player complete a cycle cell.'));
  };
  const pick = safe[0] || p.legal[0];
  if (!pick)
    return;
  tellPick(pick);
  if (safe.length < 2)
    return;
  // rank the safe moves by the room they leave (the safe moves after each,
  // as the terminal's hint does): one board question each, no search
  const gen = state.gen, moves = allMoves();
  Promise.all(safe.slice(0, 40).map((m) => engine.board(moves.concat([m])).then((b) => {
    const d = new Set(b.position.death);
    return {m, room: b.position.legal.filter((x) => !d.has(x)).length};
  }))).then((ranked) => {
    if (gen !== state.gen || state.hint !== pick)
      return;
    ranked.sort((x, y) => y.room - x.room);
    tellPick(ranked[0].m, ranked[0].room);
  }, () => {});
}

// Shows or hides the analysis.
function toggleAnalysis() {
  state.showAnalysis = !state.showAnalysis;
  if (!state.board || state.mode !== 'play')
    return render();
  const gen = interrupt();
  act(() => advance(gen, state.ply === state.line.length));
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
  state.line = [];
  state.ply = 0;
  state.analysis = null;
  state.position = null;
  state.hint = null;
  state.staleNote = null;
  $('board').setAttribute('aria-label', 'the board ' + b.board);
}

// A server's message as a sentence for a player: no advice for the
// command line, a full stop at the end.
function sentence(msg) {
  msg = msg.replace(/;?\s*`[^`]*`[^.;]*/g, '').replace(/\s*\(--[a-z-]+[^)]*\)/g, '').replace(/: cannot lay the board out: /, ' cannot be drawn: ')
    .replace(/the board lies on the (\w+), not in the plane, so it has no plane drawing/,
             'it lies on the $1, a closed surface, so it has no flat picture to play on')
    .trim();
  return /[.!?]$/.test(msg) ? msg : msg + '.';
}

// Loads a board from source ({spec} or {upload, drawn}), plays moves
// (strings) on it, shows ply of them and starts the game: the engine moves
// when the position shown is the end of the line and its turn.  When the
// server refuses the new board, the old one stays, faded, with a sentence
// naming what could not be opened.
function loadBoard(source, moves = [], ply = moves.length) {
  const gen = interrupt();
  return act(async () => {
    let b;
    try {
      b = await engine.board([], source);
    } catch (e) {
      if (e.name === 'AbortError' || gen !== state.gen)
        throw e;
      const what = source.spec || (source.upload && source.upload.name !== 'drawn' && source.upload.name !== 'board' ?
        'The file ' + source.upload.name : 'The board');
      const why = sentence(e.message.replace(/^the board file: /, ''));
      const text = why.startsWith(source.spec || '\u0000') ? why : what + ': ' + why;
      state.staleNote = state.board ? 'Not opened. The board shown is still ' + (state.spec || 'the last one') + '.' :
        'No board yet.';
      draw();
      say(text, 'error');
      return;
    }
    if (gen !== state.gen)
      return;
    state.spec = source.spec || null;
    state.upload = source.upload || null;
    state.drawn = source.drawn || null;
    useBoard(b);
    state.line = moves.map((m) => ({move: m, engine: false}));
    state.ply = Math.min(ply, moves.length);
    setMode('play');
    boardField();
    render();
    await advance(gen, state.ply === state.line.length);
  });
}

// Writes what is on the board into the Board field: the family, else empty
// with the kind of board as its placeholder.
function boardField() {
  const f = $('family');
  if (state.mode === 'edit') {
    f.value = '';
    f.placeholder = 'drawn';
  } else if (state.spec) {
    f.value = state.spec;
  } else {
    f.value = '';
    f.placeholder = !state.upload ? 'k4, cycle:5, figure1 ...' : state.drawn || state.upload.name === 'drawn' ?
      'drawn' : state.upload.name === 'board' ? 'from a link' : 'opened: ' + state.upload.name;
  }
}

// Loads the family spec (from the Board field).
function loadFamily(spec) {
  spec = spec.trim();
  if (spec)
    loadBoard({spec});
}

// Loads an uploaded board file (any format the program reads).
function loadFile(file) {
  if (!file)
    return;
  if (file.size > 1048576) {
    say('The file ' + file.name + ' is larger than 1 MiB: it was not opened.', 'error');
    return;
  }
  file.text().then((text) => loadBoard({upload: {name: file.name, text}}));
}

// ------------------------------------------------------------ the editor

// The drawing being edited: vertices {x, y, special} in picture coordinates
// (y down), edges [u, v]; the undo and redo stacks of earlier drawings; the
// tool; the vertex chosen by a first click; the server's answer for the
// drawing (its cells) or its refusal.
const editor = {
  vertices: [],
  edges: [],
  undo: [],
  redo: [],
  tool: 'draw',
  sel: null,
  drag: null,
  answer: null,
  problem: null,
  checked: 0,        // bumped by every change: stale answers of the server are dropped
};

const MIN_GAP = 20;  // closest two vertices may be (picture units)
const ON_EDGE = 9;   // a vertex closer than this to an edge lies on it

// The orientation of the triangle a, b, c: > 0 counterclockwise (y down: clockwise).
function orient(a, b, c) {
  return (b.x - a.x) * (c.y - a.y) - (b.y - a.y) * (c.x - a.x);
}

// The distance from point p to the segment a-b.
function segDist(p, a, b) {
  const dx = b.x - a.x, dy = b.y - a.y, l = dx * dx + dy * dy;
  const t = l ? Math.max(0, Math.min(1, ((p.x - a.x) * dx + (p.y - a.y) * dy) / l)) : 0;
  return Math.hypot(p.x - a.x - t * dx, p.y - a.y - t * dy);
}

// Whether segments a-b and c-d cross or overlap anywhere but a shared end.
function segsMeet(a, b, c, d) {
  const shared = [a, b].filter((p) => p === c || p === d).length;
  const o1 = orient(a, b, c), o2 = orient(a, b, d), o3 = orient(c, d, a), o4 = orient(c, d, b);
  if (shared) {
    // two edges of one vertex meet elsewhere only when they overlap
    const [o, q] = a === c || b === c ? [d, a === c ? b : a] : [c, a === d ? b : a];
    const s = a === c || a === d ? a : b;
    const cross = (q.x - s.x) * (o.y - s.y) - (q.y - s.y) * (o.x - s.x);
    const dot = (q.x - s.x) * (o.x - s.x) + (q.y - s.y) * (o.y - s.y);
    return Math.abs(cross) < 1e-9 && dot > 0;
  }
  if (((o1 > 0 && o2 < 0) || (o1 < 0 && o2 > 0)) && ((o3 > 0 && o4 < 0) || (o3 < 0 && o4 > 0)))
    return true;
  return (o1 === 0 && segDist(c, a, b) < 1e-9) || (o2 === 0 && segDist(d, a, b) < 1e-9) ||
    (o3 === 0 && segDist(a, c, d) < 1e-9) || (o4 === 0 && segDist(b, c, d) < 1e-9);
}

// The label of vertex i of the drawing.
function vlabel(i) {
  return String(i + 1);
}

// Why edge u-v may not be drawn in drawing g (vertices, edges), or null.
function edgeProblem(g, u, v, skip = -1) {
  const V = g.vertices, a = V[u], b = V[v];
  for (let w = 0; w < V.length; w++)
    if (w !== u && w !== v && segDist(V[w], a, b) < ON_EDGE)
      return 'the edge ' + vlabel(u) + '\u2013' + vlabel(v) + ' would run through vertex ' + vlabel(w) +
        '. Edges may only touch vertices at their ends.';
  for (let f = 0; f < g.edges.length; f++) {
    if (f === skip)
      continue;
    const [c, d] = g.edges[f];
    if ((c === u && d === v) || (c === v && d === u))
      continue;
    if (segsMeet(a, b, V[c], V[d]))
      return 'the edge ' + vlabel(u) + '\u2013' + vlabel(v) + ' would cross the edge ' + vlabel(c) + '\u2013' +
        vlabel(d) + '. Edges may only meet at their ends: go round, or add a vertex where they should meet.';
  }
  return null;
}

// Why vertex v may not stand at point p in drawing g, or null.
function vertexProblem(g, v, p) {
  const V = g.vertices;
  for (let w = 0; w < V.length; w++)
    if (w !== v && Math.hypot(V[w].x - p.x, V[w].y - p.y) < MIN_GAP)
      return 'that is too close to vertex ' + vlabel(w) + '.';
  for (const [c, d] of g.edges)
    if (c !== v && d !== v && segDist(p, V[c], V[d]) < ON_EDGE)
      return 'a vertex cannot sit on the edge ' + vlabel(c) + '\u2013' + vlabel(d) +
        ': put it beside the edge.';
  return null;
}

// A copy of the drawing (for the undo stack).
function snapshot() {
  return {vertices: editor.vertices.map((v) => ({...v})), edges: editor.edges.map((e) => e.slice())};
}

// Makes drawing g (vertices, edges) the editor's, keeping the old one for undo.
function commit(g) {
  editor.undo.push(snapshot());
  if (editor.undo.length > 200)
    editor.undo.shift();
  editor.redo = [];
  editor.vertices = g.vertices;
  editor.edges = g.edges;
  changed();
}

// Refuses an edit with a sentence.
function refuse(text) {
  editor.refused = editor.checked;
  say('Not allowed: ' + text, 'error');
  flash();
}

// Flashes the board's frame red for a refused edit.
function flash() {
  const svg = $('board');
  svg.classList.remove('refused');
  void svg.getBoundingClientRect();
  svg.classList.add('refused');
}

// Adds a vertex at p (joined to vertex join when not null).
function addVertex(p, join) {
  const g = snapshot();
  const why = vertexProblem(g, -1, p);
  if (why)
    return refuse(why);
  g.vertices.push({x: Math.round(p.x), y: Math.round(p.y), special: false});
  const v = g.vertices.length - 1;
  if (join !== null) {
    const whyE = edgeProblem(g, join, v);
    if (whyE)
      return refuse(whyE);
    g.edges.push([join, v]);
  }
  editor.sel = join !== null ? v : null;
  commit(g);
}

// Adds the edge u-v.
function addEdge(u, v) {
  if (u === v)
    return;
  if (editor.edges.some(([a, b]) => (a === u && b === v) || (a === v && b === u)))
    return refuse('vertices ' + vlabel(u) + ' and ' + vlabel(v) + ' are joined already.');
  const g = snapshot();
  const why = edgeProblem(g, u, v);
  if (why)
    return refuse(why);
  g.edges.push([u, v]);
  commit(g);
}

// Moves vertex v to p.
function moveVertex(v, p) {
  const g = snapshot();
  p = {x: Math.round(p.x), y: Math.round(p.y)};
  const why = vertexProblem(g, v, p);
  if (why)
    return refuse('moving vertex ' + vlabel(v) + ' there: ' + why);
  g.vertices[v] = {...g.vertices[v], x: p.x, y: p.y};
  for (let f = 0; f < g.edges.length; f++) {
    const [a, b] = g.edges[f];
    if (a === v || b === v) {
      const whyE = edgeProblem(g, a, b, f);
      if (whyE)
        return refuse('moving vertex ' + vlabel(v) + ' there: ' + whyE);
    }
  }
  commit(g);
}

// Deletes vertex v and its edges (the later vertices are numbered down).
function deleteVertex(v) {
  const g = snapshot();
  g.vertices.splice(v, 1);
  g.edges = g.edges.filter(([a, b]) => a !== v && b !== v).map(([a, b]) => [a - (a > v), b - (b > v)]);
  editor.sel = null;
  commit(g);
}

// Deletes edge f.
function deleteEdge(f) {
  const g = snapshot();
  g.edges.splice(f, 1);
  commit(g);
}

// Makes vertex v special, or ordinary again.
function toggleSpecial(v) {
  const g = snapshot();
  g.vertices[v].special = !g.vertices[v].special;
  commit(g);
}

// The drawing as the server reads it (the drawing format: coordinates with
// y up, edges by label).
function drawingText(g = editor) {
  return JSON.stringify({
    format: 'cycles-board',
    name: 'drawn',
    vertices: g.vertices.map((v, i) => {
      const o = {label: vlabel(i), x: v.x, y: -v.y};
      if (v.special)
        o.special = true;
      return o;
    }),
    edges: g.edges.map(([a, b]) => [vlabel(a), vlabel(b)]),
  });
}

// The compact form of a drawing for the link: "x,y;x,y*;...|u-v;..." with
// vertex numbers from 1, '*' after a special vertex.
function compact(g = editor) {
  return g.vertices.map((v) => v.x + ',' + v.y + (v.special ? '*' : '')).join(';') + '|' +
    g.edges.map(([a, b]) => (a + 1) + '-' + (b + 1)).join(';');
}

// The drawing of a compact form, or null when it is not one.
function uncompact(s) {
  const m = /^([^|]*)\|(.*)$/.exec(s || '');
  if (!m)
    return null;
  const vertices = [], edges = [];
  for (const t of m[1].split(';').filter((x) => x)) {
    const v = /^(-?\d+),(-?\d+)(\*?)$/.exec(t);
    if (!v)
      return null;
    vertices.push({x: Number(v[1]), y: Number(v[2]), special: v[3] === '*'});
  }
  for (const t of m[2].split(';').filter((x) => x)) {
    const e = /^(\d+)-(\d+)$/.exec(t);
    if (!e || Number(e[1]) < 1 || Number(e[2]) < 1 || Number(e[1]) > vertices.length || Number(e[2]) > vertices.length)
      return null;
    edges.push([Number(e[1]) - 1, Number(e[2]) - 1]);
  }
  return {vertices, edges};
}

// The editor's drawing changed: drawn at once, then sent to the server,
// whose answer (the cells) or refusal is shown.
let checkTimer = null;
function changed() {
  editor.answer = null;
  editor.problem = null;
  const n = ++editor.checked;
  const svg = $('board');
  svg.dataset.drawing = 'checking';
  drawEditor();
  writeLink();
  clearTimeout(checkTimer);
  if (!editor.vertices.length) {
    say('An empty board: click to add a vertex.');
    svg.dataset.drawing = 'empty';
    return;
  }
  // a refusal said after this change stays on the status line
  const tell = (text, kind) => {
    if (editor.refused !== n)
      say(text, kind);
  };
  checkTimer = setTimeout(async () => {
    const text = drawingText();
    try {
      const b = await engine.board([], {upload: {name: 'drawn', text}});
      if (n !== editor.checked)
        return;
      editor.answer = b;
      svg.dataset.drawing = 'ok';
      tell('The board has ' + b.vertices.length + ' vertices, ' + b.edges.length + ' edges and ' + b.cells.length +
        (b.cells.length === 1 ? ' cell' : ' cells') + '. Play it, or go on drawing.');
    } catch (e) {
      if (n !== editor.checked || e.name === 'AbortError')
        return;
      editor.problem = explain(e.message);
      svg.dataset.drawing = 'refused';
      tell(editor.problem, 'info');
    }
    drawEditor();
  }, 150);
}

// A sentence for a student from the server's refusal of a drawing.
function explain(msg) {
  msg = msg.replace(/^the board file: /, '');
  if (/not connected/.test(msg)) {
    const m = /no path from vertex (\S+) to vertex ([^)\s]+)/.exec(msg);
    return 'The drawing is in more than one piece' + (m ? ': no path of edges joins vertex ' + m[1] + ' to vertex ' +
      m[2] : '') + '. Join the pieces with edges to play it.';
  }
  if (/has no edges/.test(msg))
    return 'Draw an edge: drag from one vertex to another, or click them one after the other.';
  if (/cross|overlap|lies on/.test(msg))
    return 'Edges may only meet at their ends: ' + sentence(msg);
  return 'This drawing cannot be played: ' + sentence(msg);
}

// Draws the editor's drawing: the cells the server found, the edges, the
// vertices (the chosen one ringed), and what is being dragged.
function drawEditor() {
  const svg = $('board'), R = RADIUS * zoom();
  svg.textContent = '';
  const V = editor.vertices;
  const gCells = el('g', {class: 'cells'}, svg);
  const ans = editor.answer;
  if (ans && ans.vertices.length === V.length)
    ans.cells.forEach((w) => {
      el('polygon', {class: 'cell', points: w.map((i) => {
        const v = V[Number(ans.vertices[i].label) - 1] || V[i];
        return v.x + ',' + v.y;
      }).join(' ')}, gCells);
    });
  const gEdges = el('g', {class: 'edges'}, svg);
  editor.edges.forEach(([a, b], f) => {
    el('line', {class: 'edge drawn', x1: V[a].x, y1: V[a].y, x2: V[b].x, y2: V[b].y, 'data-edge': f}, gEdges);
  });
  const d = editor.drag;
  if (d && d.moved) {
    const s = V[d.v];
    el('line', {class: 'rubber', x1: s.x, y1: s.y, x2: d.p.x, y2: d.p.y}, svg);
    if (d.over === null)
      el('circle', {class: 'vertex ghost', cx: d.p.x, cy: d.p.y, r: R}, svg);
  }
  const gHits = el('g', {class: 'hits'}, svg);
  editor.edges.forEach(([a, b], f) => {
    el('line', {class: 'hit edit', x1: V[a].x, y1: V[a].y, x2: V[b].x, y2: V[b].y, 'data-edge': f}, gHits);
  });
  const gVerts = el('g', {class: 'vertices'}, svg);
  V.forEach((v, i) => {
    const cls = 'vertex' + (v.special ? ' special' : '') + (editor.sel === i ? ' chosen' : '') +
      (d && d.moved && d.over === i ? ' target' : '');
    if (v.special)
      el('rect', {class: cls, x: v.x - R, y: v.y - R, width: 2 * R, height: 2 * R, rx: 3,
                  'data-vertex': i}, gVerts);
    else
      el('circle', {class: cls, cx: v.x, cy: v.y, r: R, 'data-vertex': i}, gVerts);
    const t = el('text', {class: 'label', x: v.x, y: v.y}, gVerts);
    t.textContent = vlabel(i);
  });
  $('ed-undo').disabled = !editor.undo.length;
  $('ed-redo').disabled = !editor.redo.length;
  $('ed-play').disabled = !editor.answer;
}

// The vertex at point p (within reach of a finger), or null.
function vertexAt(p, reach) {
  let best = null, bd = reach;
  editor.vertices.forEach((v, i) => {
    const d = Math.hypot(v.x - p.x, v.y - p.y);
    if (d <= bd) {
      best = i;
      bd = d;
    }
  });
  return best;
}

// The edge at point p, or null.
function edgeAt(p, reach) {
  let best = null, bd = reach;
  editor.edges.forEach(([a, b], f) => {
    const d = segDist(p, editor.vertices[a], editor.vertices[b]);
    if (d <= bd) {
      best = f;
      bd = d;
    }
  });
  return best;
}

// How far a pointer reaches: further for a finger than for a mouse.
function reach(ev) {
  return (ev.pointerType === 'touch' ? 26 : 16) * zoom();
}

// The editor's pointer handling: pointerdown on the board.
function editDown(ev) {
  if (state.mode !== 'edit' || ev.button > 0)
    return;
  ev.preventDefault();
  const p = svgPoint(ev), v = vertexAt(p, reach(ev));
  editor.drag = {v, start: p, p, moved: false, over: null, id: ev.pointerId, reach: reach(ev)};
  $('board').setPointerCapture(ev.pointerId);
}

// pointermove: a drag from a vertex shows the edge or the move it makes.
function editMove(ev) {
  const d = editor.drag;
  if (!d || ev.pointerId !== d.id)
    return;
  d.p = svgPoint(ev);
  if (!d.moved && Math.hypot(d.p.x - d.start.x, d.p.y - d.start.y) > 6)
    d.moved = true;
  if (d.moved && d.v !== null) {
    const o = vertexAt(d.p, d.reach);
    d.over = o === d.v ? null : o;
    drawEditor();
  }
}

// pointerup: a click or the end of a drag, by the tool.
function editUp(ev) {
  const d = editor.drag;
  if (!d || ev.pointerId !== d.id)
    return;
  editor.drag = null;
  const p = svgPoint(ev), tool = editor.tool;
  if (d.moved && d.v !== null) {
    const o = vertexAt(p, d.reach);
    if (tool === 'draw' && o !== null && o !== d.v)
      addEdge(d.v, o);
    else if ((tool === 'draw' || tool === 'move') && o === null)
      moveVertex(d.v, p);
    else
      drawEditor();
    return;
  }
  if (d.moved)
    return drawEditor();
  // a click
  const v = d.v;
  if (tool === 'delete') {
    if (v !== null)
      deleteVertex(v);
    else {
      const f = edgeAt(p, d.reach);
      if (f !== null)
        deleteEdge(f);
    }
    return;
  }
  if (tool === 'special') {
    if (v !== null)
      toggleSpecial(v);
    return;
  }
  if (tool === 'move')
    return;
  if (v === null) {
    if (edgeAt(p, ON_EDGE) !== null && editor.sel === null)
      return refuse('a vertex cannot sit on an edge: put it beside the edge.');
    addVertex(p, editor.sel);
  } else if (editor.sel === null || editor.sel === v) {
    editor.sel = editor.sel === v ? null : v;
    if (editor.sel !== null)
      say('Vertex ' + vlabel(v) + ' chosen: click another vertex to join them, or empty space for a new ' +
        'vertex joined to it. Click it again to let go.');
    drawEditor();
  } else {
    const u = editor.sel;
    editor.sel = null;
    addEdge(u, v);
    drawEditor();
  }
}

// Undoes or redoes the last change of the drawing.
function editUndo(redo) {
  const from = redo ? editor.redo : editor.undo, to = redo ? editor.undo : editor.redo;
  if (!from.length)
    return;
  to.push(snapshot());
  const g = from.pop();
  editor.vertices = g.vertices;
  editor.edges = g.edges;
  editor.sel = null;
  changed();
}

// Opens the board on the page in the editor (its picture's coordinates),
// or an empty drawing.
function openEditor(empty) {
  editor.undo = [];
  editor.redo = [];
  editor.sel = null;
  const b = state.board;
  editor.fromBoard = !empty && !!b;
  if (empty || !b) {
    editor.vertices = [];
    editor.edges = [];
  } else {
    editor.vertices = b.vertices.map((v, i) => ({x: Math.round(b.pos[i][0]), y: Math.round(b.pos[i][1]),
                                                 special: !!v.special}));
    editor.edges = b.edges.map((e) => e.slice());
  }
  setMode('edit');
  boardField();
  changed();
  writeLink();
  // on a narrow screen the board may be out of sight
  const r = $('board').getBoundingClientRect();
  if (r.top < 0 || r.bottom > window.innerHeight)
    $('play').scrollIntoView({block: 'start'});
}

// Plays the drawing: the server's board of it becomes the board on the page.
function playDrawing() {
  if (!editor.answer) {
    say(editor.problem || 'Wait for the server to read the drawing.', 'error');
    return;
  }
  loadBoard({upload: {name: 'drawn', text: drawingText()}, drawn: compact()});
}

// Switches between playing and editing.
function setMode(mode) {
  state.mode = mode;
  document.body.dataset.mode = mode;
  $('tab-play').setAttribute('aria-selected', String(mode === 'play'));
  $('tab-edit').setAttribute('aria-selected', String(mode === 'edit'));
  $('toolbar').hidden = mode !== 'edit';
  $('game-controls').hidden = mode === 'edit';
  $('board-legend').hidden = mode === 'edit';
  showAnalysis();
  $('help-edit').hidden = mode !== 'edit';
  $('help-play').hidden = mode !== 'play';
}

// Picks the editor's tool.
function setTool(tool) {
  editor.tool = tool;
  editor.sel = null;
  for (const b of document.querySelectorAll('.tool'))
    b.setAttribute('aria-pressed', String(b.dataset.tool === tool));
  drawEditor();
}

// -------------------------------------------------------- link and export

// The link of the page as it stands: the board (family or drawing), the
// line and how much of it is on the board, the rules, who the engine plays,
// whether the analysis is shown, and the editor when it is open.
function link() {
  const q = new URLSearchParams();
  if (state.mode === 'edit') {
    q.set('edit', compact());
  } else if (state.drawn) {
    q.set('d', state.drawn);
  } else if (state.spec) {
    q.set('board', state.spec);
  } else if (state.board) {
    // an opened file: its picture as a drawing, and its moves
    q.set('d', compact({vertices: state.board.pos.map((p, i) => ({x: Math.round(p[0]), y: Math.round(p[1]),
      special: !!state.board.vertices[i].special})), edges: state.board.edges}));
  }
  const moves = state.fileMoves.concat(state.line.map((m) => m.move));
  if (state.mode !== 'edit' && moves.length)
    q.set('moves', moves.join(' '));
  if (state.ply < state.line.length)
    q.set('ply', String(state.fileMoves.length + state.ply));
  const r = rules();
  if (r.rules !== 'standard')
    q.set('rules', r.rules);
  if (r.players !== 2)
    q.set('players', String(r.players));
  if (r.extra)
    q.set('extra_turn', '1');
  q.set('engine', $('engine').value);
  if (state.showAnalysis)
    q.set('analysis', '1');
  // the characters of moves and drawings need no escaping in a query: kept readable
  const query = q.toString().replace(/%3E/g, '>').replace(/%2C/g, ',').replace(/%3B/g, ';')
    .replace(/%7C/g, '|').replace(/%2A/g, '*');
  return location.origin + location.pathname + '?' + query;
}

// Writes the link into the address bar and the share field.
function writeLink() {
  const url = link();
  history.replaceState(null, '', url);
  $('share-url').value = url;
}

// Copies the link.
async function share() {
  const url = link();
  $('share-url').value = url;
  try {
    await navigator.clipboard.writeText(url);
    say('The link to this position is copied.');
  } catch (e) {
    $('share-url').select();
    say('Copy the link from the field below the button.');
  }
}

// Downloads the board and position as format (json, svg or png).
function exportAs(format) {
  if (!state.board)
    return;
  act(async () => {
    const blob = await engine.exportFile(format, lineMoves());
    const a = document.createElement('a');
    a.href = URL.createObjectURL(blob);
    a.download = (state.spec || (state.drawn ? 'drawn' : 'board')).replace(/[^A-Za-z0-9_.-]/g, '_') + '.' + format;
    document.body.appendChild(a);
    a.click();
    a.remove();
    setTimeout(() => URL.revokeObjectURL(a.href), 10000);
    say('Exported as ' + format.toUpperCase() + '.');
  });
}

// ---------------------------------------------------------------- start

// Fills the list of families and example specs.
async function loadFamilies() {
  try {
    const f = await engine.families();
    const dl = $('examples');
    for (const s of f.examples) {
      const o = document.createElement('option');
      o.value = s;
      dl.appendChild(o);
    }
    const ul = $('family-list');
    for (const x of f.families) {
      const li = document.createElement('li');
      const c = document.createElement('button');
      c.type = 'button';
      c.className = 'link';
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

// Wires the controls and restores the page from its link: the board
// (?board=SPEC, default k4, or ?d=DRAWING, or ?file=TEXT of a board file, or
// ?edit=DRAWING for the editor),
// the moves (?moves=, ?ply=), the rules (?rules=, ?players=, ?extra_turn=),
// the engine (?engine=) and the analysis (?analysis=1).
function start() {
  const params = new URLSearchParams(location.search);
  if (['0', '1', '2'].includes(params.get('engine')))
    $('engine').value = params.get('engine');
  if ([...$('rules').options].some((o) => o.value === params.get('rules')))
    $('rules').value = params.get('rules');
  if ([...$('players').options].some((o) => o.value === params.get('players')))
    $('players').value = params.get('players');
  $('extra-turn').checked = params.get('extra_turn') === '1';
  state.showAnalysis = params.get('analysis') === '1';
  rulesControls();
  for (const id of ['rules', 'players', 'extra-turn'])
    $(id).addEventListener('change', () => {
      rulesControls();
      if (state.board && state.mode === 'play')
        newGame();
      else
        writeLink();
    });
  $('family-form').addEventListener('submit', (ev) => {
    ev.preventDefault();
    loadFamily($('family').value);
  });
  $('upload').addEventListener('change', (ev) => {
    loadFile(ev.target.files[0]);
    ev.target.value = '';
  });
  $('undo').addEventListener('click', undo);
  $('new').addEventListener('click', newGame);
  $('stop').addEventListener('click', stop);
  $('hint').addEventListener('click', hint);
  $('analysis-toggle').addEventListener('click', toggleAnalysis);
  $('share').addEventListener('click', share);
  for (const b of document.querySelectorAll('button.export'))
    b.addEventListener('click', () => exportAs(b.dataset.format));
  $('engine').addEventListener('change', () => {
    const gen = interrupt();
    if (state.board && state.mode === 'play')
      act(() => advance(gen));
    else
      writeLink();
  });
  $('tab-play').addEventListener('click', () => {
    if (state.mode !== 'edit')
      return;
    if (editor.fromBoard && !editor.undo.length && state.board) {
      // the board was not changed: back to its game
      setMode('play');
      render();
    } else {
      playDrawing();
    }
  });
  $('tab-edit').addEventListener('click', () => {
    if (state.mode !== 'edit')
      openEditor(false);
  });
  $('draw-new').addEventListener('click', () => openEditor(true));
  for (const b of document.querySelectorAll('.tool'))
    b.addEventListener('click', () => setTool(b.dataset.tool));
  $('ed-undo').addEventListener('click', () => editUndo(false));
  $('ed-redo').addEventListener('click', () => editUndo(true));
  $('ed-clear').addEventListener('click', () => commit({vertices: [], edges: []}));
  $('ed-play').addEventListener('click', playDrawing);
  const svg = $('board');
  svg.addEventListener('pointerdown', editDown);
  svg.addEventListener('pointermove', editMove);
  svg.addEventListener('pointerup', editUp);
  svg.addEventListener('pointercancel', () => {
    editor.drag = null;
    if (state.mode === 'edit')
      drawEditor();
  });
  document.addEventListener('keydown', (ev) => {
    const typing = ev.target.closest && ev.target.closest('input, select, textarea');
    if (typing)
      return;
    if (state.mode === 'edit' && (ev.ctrlKey || ev.metaKey) && (ev.key === 'z' || ev.key === 'y')) {
      ev.preventDefault();
      editUndo(ev.key === 'y' || ev.shiftKey);
    } else if (state.mode === 'play' && ev.key === 'ArrowLeft' && state.ply > 0) {
      goTo(state.ply - 1);
    } else if (state.mode === 'play' && ev.key === 'ArrowRight' && state.ply < state.line.length) {
      goTo(state.ply + 1);
    }
  });
  loadFamilies();
  engine.hasCensus().then(async (yes) => {
    // the static site has the explorer as a file beside the page
    if (yes && await engineDetect() === 'worker')
      $('census-link').href = 'census.html';
    $('census-link').hidden = !yes;
  }, () => {});
  const moves = (params.get('moves') || '').split(/\s+/).filter((m) => m);
  const drawing = uncompact(params.get('d')), edit = uncompact(params.get('edit'));
  if (edit) {
    editor.vertices = edit.vertices;
    editor.edges = edit.edges;
    setMode('edit');
    boardField();
    changed();
    writeLink();
    document.body.dataset.state = 'ready';
    return;
  }
  let source;
  if (params.get('file')) {
    // a board file's text in the address (any format the program reads; the
    // census explorer opens its boards so)
    source = {upload: {name: 'board', text: params.get('file')}};
    $('family').value = '';
    $('family').placeholder = 'from a link';
  } else if (drawing) {
    source = {upload: {name: 'drawn', text: drawingText(drawing)}, drawn: params.get('d')};
    $('family').value = '';
    $('family').placeholder = 'drawn';
  } else {
    source = {spec: params.get('board') || 'k4'};
    $('family').value = source.spec;
  }
  const ply = params.get('ply') !== null ? Number(params.get('ply')) : moves.length;
  loadBoard(source, moves, ply).then(() => {
    // a drawn board's moves are the line's (the drawing carries none)
  });
}

start();
