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

// Asks for the page at offset with the form's filters and shows it.
async function show() {
  const gen = ++asked;
  const p = formParams();
  if (offset > 0)
    p.set('offset', String(offset));
  history.replaceState(null, '', '/census' + (p.toString() ? '?' + p.toString() : ''));
  $('message').textContent = 'asking the census...';
  $('message').className = '';
  let r, j;
  try {
    r = await engineFetch('/api/census?' + p.toString());
    j = await r.json();
  } catch (e) {
    j = {error: 'the server did not answer (' + e.message + ')'};
  }
  if (gen !== asked)
    return;
  if (!r || !r.ok) {
    $('message').textContent = j.error || 'the server answered ' + r.status;
    $('message').className = 'error';
    return;
  }
  $('message').textContent = '';
  if (j.census_rules)
    fillRules(j.census_rules);
  total = j.total;
  const list = $('rows');
  list.replaceChildren(...j.rows.map(card));
  const last = j.offset + j.rows.length;
  $('summary').textContent = total === 0 ? 'no board matches'
    : (j.offset + 1) + ' to ' + last + ' of ' + total + ' boards';
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

function start() {
  fromAddress();
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
