// worker.js - the engine of the static site (`make site`) in a Web Worker:
// libcycles compiled to WebAssembly (cycles.js and cycles.wasm, built by
// scripts/build-site.sh) answers the page's questions with the JSON that
// `cycles serve` sends, so the page stays responsive while it thinks.  The
// census explorer's questions (/api/census) are answered from census.json,
// the compact index of scripts/census-index.py.  engine.js posts
// {id, endpoint, params, body} and gets {id, status, text, dead} (dead: the
// engine failed and the worker is to be replaced).
'use strict';
/* global importScripts, CyclesEngine */
importScripts('cycles.js');

const ready = CyclesEngine();
let census = null; // the promise of the census index, loaded when first asked

// Asks the engine: "STATUS\nTEXT" from cyw_call (src/wasm/api.c).
function call(m, endpoint, params, body) {
  const ptr = m.ccall('cyw_call', 'number', ['string', 'string', 'string'],
    [endpoint, JSON.stringify(params), body === undefined ? null : body]);
  const s = m.UTF8ToString(ptr);
  m._free(ptr);
  const nl = s.indexOf('\n');
  return {status: Number(s.slice(0, nl)), text: s.slice(nl + 1)};
}

// An error answer as the server's: {"error": message}.
function fail(status, message) {
  return {status, text: JSON.stringify({error: message})};
}

// The native JSON board of an index row's "walks" (scripts/census-index.py).
const ALPHABET = '123456789abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ';
function boardOf(walks, n) {
  if (walks.startsWith('{'))
    return JSON.parse(walks);
  const [cells, outer, special] = walks.split('|');
  const dec = (w) => [...w].map((c) => String(ALPHABET.indexOf(c) + 1));
  const b = {format: 'cycles-board', version: 1, vertices: Array.from({length: n}, (_, i) => String(i + 1)),
    cells: cells ? cells.split(',').map(dec) : [], outer: dec(outer)};
  if (special)
    b.special = dec(special);
  return b;
}

// The thumbnail of a board (as the server's census explorer draws it):
// {xy: coordinates in thousandths, y up, edges: [u0, v0, ...], special}.
function drawing(m, board) {
  const r = call(m, 'board', {}, JSON.stringify(board));
  if (r.status !== 200)
    return null;
  const v = JSON.parse(r.text);
  return {xy: v.vertices.flatMap((p) => [Math.round(p.x * 1000), Math.round(p.y * 1000)]),
    edges: v.edges.flat(), special: v.vertices.flatMap((p, i) => p.special ? [i] : [])};
}

// /api/census: the filters of the server's census explorer over the index.
async function censusAnswer(m, p) {
  if (!census)
    census = fetch('census.json').then((r) => {
      if (!r.ok)
        throw new Error('census.json: ' + r.status);
      return r.json();
    });
  let idx;
  try {
    idx = await census;
  } catch (e) {
    census = null;
    return fail(503, 'the census of this site could not be read (' + e.message + ')');
  }
  const known = ['kind', 'rules', 'edges', 'grundy', 'winner', 'parity_breaker', 'triangle_free', 'leaves',
    'limit', 'offset'];
  for (const k of Object.keys(p))
    if (!known.includes(k))
      return fail(400, "unknown parameter '" + k + "' (/api/census takes " + known.join(', ') + ')');
  const kind = p.kind || 'board';
  if (kind !== 'board' && kind !== 'tree')
    return fail(400, "kind: '" + kind + "' is not board or tree");
  const rules = p.rules || 'standard';
  if (!idx.rules.includes(rules))
    return fail(400, "rules: the census has no boards solved under '" + rules + "' (it has " +
      idx.rules.join(', ') + ')');
  const num = {};
  const ranges = {edges: [0, 100000], grundy: [0, 100000], winner: [0, 1000], parity_breaker: [0, 1],
    triangle_free: [0, 1], leaves: [0, 1], limit: [1, 200], offset: [0, 1000000000]};
  for (const [k, [lo, hi]] of Object.entries(ranges)) {
    if (p[k] === undefined)
      continue;
    const v = Number(p[k]);
    if (!/^[0-9]+$/.test(p[k]) || v < lo || v > hi)
      return fail(400, k + ": '" + p[k] + "' is not a whole number from " + lo + ' to ' + hi);
    num[k] = v;
  }
  const limit = num.limit === undefined ? 50 : num.limit, offset = num.offset || 0;
  const col = Object.fromEntries(idx.columns.map((c, i) => [c, i]));
  const want = (r) => r[col.kind] === kind && r[col.rules] === rules &&
    ['edges', 'grundy', 'winner', 'parity_breaker', 'triangle_free'].every((k) =>
      num[k] === undefined || Number(r[col[k]]) === num[k]) &&
    (num.leaves === undefined || (r[col.leaves] > 0) === (num.leaves === 1));
  const match = idx.rows.filter(want);
  const rows = match.slice(offset, offset + limit).map((r) => {
    const o = {board: boardOf(r[col.walks], r[col.vertices])};
    for (const c of idx.columns)
      if (c !== 'walks')
        o[c] = r[col[c]];
    for (const c of ['triangle_free', 'bipartite', 'biconnected', 'outerplanar', 'parity_breaker'])
      o[c] = o[c] === null ? null : Boolean(o[c]);
    o.drawing = drawing(m, o.board);
    return o;
  });
  return {status: 200, text: JSON.stringify({total: match.length, offset, limit, rows, census_rules: idx.rules})};
}

onmessage = async (e) => {
  const {id, endpoint, params, body} = e.data;
  let a, dead = false;
  try {
    const m = await ready;
    a = endpoint === 'census' ? await censusAnswer(m, params) : call(m, endpoint, params, body);
  } catch (err) {
    // the engine's memory may be left broken: engine.js starts a new worker
    a = fail(500, 'the engine failed: ' + (err && err.message ? err.message : String(err)));
    dead = true;
  }
  postMessage({id, status: a.status, text: a.text, dead});
};
