// census.js - the census explorer of `cycles serve --census FILE`: filters
// the boards of the census through GET /api/census, a page at a time, draws
// each as a thumbnail and links it to the play page.  The filters live in
// the page's address (?edges=11&grundy=3 ...) so a view can be shared.
'use strict';

const FILTERS = ['kind', 'rules', 'edges', 'grundy', 'winner', 'parity_breaker', 'triangle_free', 'leaves', 'limit'];
const SVGNS = 'http://www.w3.org/2000/svg';
const $ = (id) => document.getElementById(id);
let offset = 0;
let total = 0;
let asked = 0; // the generation of the last query, so a late answer is dropped

// The filters on the form as query parameters (empty ones left out).
function formParams() {
  const p = new URLSearchParams();
  for (const k of FILTERS) {
    const v = $('f-' + k).value.trim();
    if (v !== '' && !(k === 'kind' && v === 'board') && !(k === 'rules' && v === 'standard'))
      p.set(k, v);
  }
  return p;
}

// Puts the parameters of the page's address on the form.
function fromAddress() {
  const p = new URLSearchParams(location.search);
  for (const k of FILTERS) {
    const v = p.get(k);
    if (v === null)
      continue;
    const el = $('f-' + k);
    if (el.tagName === 'SELECT' && ![...el.options].some((o) => o.value === v)) {
      const o = document.createElement('option');
      o.value = o.textContent = v;
      el.appendChild(o);
    }
    el.value = v;
  }
  offset = Math.max(0, parseInt(p.get('offset') || '0', 10) || 0);
}

// The play page's address for a row: the board as a native JSON board file
// (?file=TEXT) and its rules (the census's keys "score+extra-turn" and
// "players=K" become the page's extra_turn and players).
function playLink(row) {
  const p = new URLSearchParams();
  p.set('file', JSON.stringify(row.board));
  const r = row.rules;
  if (r.startsWith('players=')) {
    p.set('rules', 'standard');
    p.set('players', r.slice(8));
  } else if (r === 'score+extra-turn') {
    p.set('rules', 'score');
    p.set('extra_turn', '1');
  } else if (r !== 'standard') {
    p.set('rules', r);
  }
  return './?' + p.toString();
}

// An SVG thumbnail of a row's drawing (coordinates in thousandths, y up).
function thumbnail(d) {
  const svg = document.createElementNS(SVGNS, 'svg');
  svg.setAttribute('viewBox', '0 0 120 100');
  svg.setAttribute('role', 'img');
  if (!d)
    return svg;
  const xs = [], ys = [];
  for (let i = 0; i < d.xy.length; i += 2) {
    xs.push(d.xy[i]);
    ys.push(-d.xy[i + 1]);
  }
  const minx = Math.min(...xs), maxx = Math.max(...xs), miny = Math.min(...ys), maxy = Math.max(...ys);
  const s = Math.min(104 / Math.max(maxx - minx, 1e-9), 84 / Math.max(maxy - miny, 1e-9));
  const px = (v) => 60 + (xs[v] - (minx + maxx) / 2) * s;
  const py = (v) => 50 + (ys[v] - (miny + maxy) / 2) * s;
  for (let i = 0; i < d.edges.length; i += 2) {
    const l = document.createElementNS(SVGNS, 'line');
    const u = d.edges[i], v = d.edges[i + 1];
    l.setAttribute('x1', px(u).toFixed(1));
    l.setAttribute('y1', py(u).toFixed(1));
    l.setAttribute('x2', px(v).toFixed(1));
    l.setAttribute('y2', py(v).toFixed(1));
    l.setAttribute('stroke', '#5b6672');
    l.setAttribute('stroke-width', '1.6');
    svg.appendChild(l);
  }
  const special = new Set(d.special);
  for (let v = 0; v < xs.length; v++) {
    const c = document.createElementNS(SVGNS, 'circle');
    c.setAttribute('cx', px(v).toFixed(1));
    c.setAttribute('cy', py(v).toFixed(1));
    c.setAttribute('r', special.has(v) ? '4' : '3');
    c.setAttribute('fill', special.has(v) ? '#ffd43b' : '#1d232b');
    c.setAttribute('stroke', '#1d232b');
    svg.appendChild(c);
  }
  return svg;
}

// "1 edge", "2 edges".
function count(n, one, many) {
  return n + ' ' + (n === 1 ? one : many || one + 's');
}

// One card of the list: thumbnail and facts, a link to the play page.
function card(row) {
  const li = document.createElement('li');
  const a = document.createElement('a');
  a.href = playLink(row);
  a.title = 'play this board';
  a.appendChild(thumbnail(row.drawing));
  const facts = document.createElement('div');
  facts.className = 'facts';
  const w = row.winner === null ? 'unsolved (' + row.status + ')'
    : row.winner === 0 ? 'a draw' : 'player ' + row.winner + ' wins';
  const size = document.createElement('div');
  size.textContent = count(row.edges, 'edge') + ', ' + count(row.vertices, 'vertex', 'vertices') + ', ' +
    count(row.cells, 'cell');
  const who = document.createElement('div');
  who.className = row.winner === 1 ? 'w1' : row.winner === 2 ? 'w2' : '';
  who.textContent = w + (row.grundy !== null ? ', Grundy ' + row.grundy : '');
  const more = document.createElement('div');
  const flags = [];
  if (row.parity_breaker)
    flags.push('breaks parity');
  if (row.triangle_free)
    flags.push('triangle-free');
  flags.push(row.leaves ? count(row.leaves, 'vertex', 'vertices') + ' of degree 1' : 'no vertex of degree 1');
  more.textContent = flags.join(', ');
  facts.append(size, who, more);
  a.appendChild(facts);
  a.setAttribute('aria-label', size.textContent + ', ' + who.textContent + ', ' + more.textContent);
  li.appendChild(a);
  return li;
}

// One question to the census: the answer of /api/census?p, or throws the
// server's message.
async function census(p) {
  let r, j;
  try {
    r = await engineFetch('/api/census?' + p.toString());
    j = await r.json();
  } catch (e) {
    throw new Error('The server did not answer: is cycles serve still running?');
  }
  if (!r.ok)
    throw new Error(j.error || 'the server answered ' + r.status);
  return j;
}

// The edge counts of the Edges field: null for any, [lo, hi] for "N" or
// "A..B" (also "A-B"); throws a sentence for anything else.
function edgeRange(v) {
  if (v === '')
    return null;
  const m = /^(\d+)(?:\s*(?:\.\.|-|\u2013)\s*(\d+))?$/.exec(v);
  if (!m)
    throw new Error('Edges: a number of edges, such as 5, or a range such as 3..6.');
  let lo = Number(m[1]), hi = m[2] === undefined ? lo : Number(m[2]);
  if (lo > hi)
    [lo, hi] = [hi, lo];
  if (hi - lo > 40)
    throw new Error('Edges: a range of at most 40 edge counts, such as 3..6.');
  return [lo, hi];
}

// The boards matching p, as the census answers one edge count at a time:
// for a range of edge counts, the count of each (asked four at a time,
// kept for the next pages), then the rows of the page from the edge counts
// it spans (the census lists boards by edges first, so the range's list is
// theirs one after the other).  Resolves to an answer as /api/census gives.
const counts = new Map();
async function ranged(p, [lo, hi], from, limit) {
  const key = p.toString();
  if (!counts.has(key)) {
    const each = new Array(hi - lo + 1).fill(0);
    let rules = null, next = lo;
    const worker = async () => {
      while (next <= hi) {
        const e = next++, q = new URLSearchParams(p);
        q.set('edges', String(e));
        q.set('limit', '1');
        const j = await census(q);
        each[e - lo] = j.total;
        rules = j.census_rules || rules;
      }
    };
    await Promise.all([worker(), worker(), worker(), worker()]);
    counts.set(key, {each, rules});
  }
  const {each, rules} = counts.get(key);
  const total = each.reduce((x, y) => x + y, 0);
  const rows = [];
  let skip = from;
  for (let e = lo; e <= hi && rows.length < limit; e++) {
    if (skip >= each[e - lo]) {
      skip -= each[e - lo];
      continue;
    }
    const q = new URLSearchParams(p);
    q.set('edges', String(e));
    q.set('limit', String(limit - rows.length));
    if (skip)
      q.set('offset', String(skip));
    rows.push(...(await census(q)).rows);
    skip = 0;
  }
  return {total, offset: from, limit, rows, census_rules: rules};
}

// Asks for the page at offset with the form's filters and shows it.
async function show() {
  const gen = ++asked;
  const p = formParams();
  if (offset > 0)
    p.set('offset', String(offset));
  history.replaceState(null, '', location.pathname + (p.toString() ? '?' + p.toString() : ''));
  $('message').textContent = 'asking the census...';
  $('message').className = '';
  let j;
  try {
    const range = edgeRange($('f-edges').value.trim());
    if (range && range[0] !== range[1]) {
      const q = new URLSearchParams(p);
      q.delete('edges');
      q.delete('offset');
      q.delete('limit');
      j = await ranged(q, range, offset, Number($('f-limit').value));
    } else {
      if (range)
        p.set('edges', String(range[0]));
      j = await census(p);
    }
  } catch (e) {
    if (gen === asked) {
      $('message').textContent = e.message;
      $('message').className = 'error';
    }
    return;
  }
  if (gen !== asked)
    return;
  $('message').textContent = '';
  if (j.census_rules)
    fillRules(j.census_rules);
  total = j.total;
  const list = $('rows');
  list.replaceChildren(...j.rows.map(card));
  const last = j.offset + j.rows.length;
  $('summary').textContent = total === 0 ? 'no board matches'
    : (j.offset + 1) + ' to ' + last + ' of ' + count(total, 'board');
  $('prev').disabled = j.offset === 0;
  $('next').disabled = last >= total;
}

// Lists the census's rule sets in the rules field (once).
function fillRules(names) {
  const sel = $('f-rules');
  if (sel.dataset.filled)
    return;
  const v = sel.value;
  sel.replaceChildren(...names.map((n) => {
    const o = document.createElement('option');
    o.value = o.textContent = n;
    return o;
  }));
  sel.value = names.includes(v) ? v : names.includes('standard') ? 'standard' : names[0];
  sel.dataset.filled = '1';
}

// Offers only the kinds of board the census holds: "trees" goes when the
// census has none (unless the address asks for them).
async function kinds() {
  const sel = $('f-kind');
  if (sel.value === 'tree')
    return;
  try {
    const j = await census(new URLSearchParams('kind=tree&limit=1'));
    if (j.total > 0)
      return;
  } catch (e) {
    // a census without trees may refuse the question: no trees either
  }
  for (const o of [...sel.options])
    if (o.value === 'tree')
      o.remove();
  if (sel.options.length === 1) {
    sel.disabled = true;
    sel.title = 'this census holds plane boards only';
  }
}

function start() {
  fromAddress();
  kinds();
  $('filters').addEventListener('submit', (ev) => {
    ev.preventDefault();
    offset = 0;
    show();
  });
  for (const k of FILTERS)
    $('f-' + k).addEventListener('change', () => {
      offset = 0;
      show();
    });
  $('prev').addEventListener('click', () => {
    offset = Math.max(0, offset - parseInt($('f-limit').value, 10));
    show();
  });
  $('next').addEventListener('click', () => {
    offset += parseInt($('f-limit').value, 10);
    show();
  });
  show();
}

start();
