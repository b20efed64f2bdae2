// engine.js - the page's one way to the engine, with two back ends: HTTP
// when the page is served by `cycles serve` (its /api/ endpoints), and the
// engine in WebAssembly in a Web Worker (worker.js) when the page is opened
// from a static folder (`make site`: build/site/, any web host).  Both
// answer the same questions with the same JSON, so the page calls
// engineFetch(url, init) as it would fetch(): a Response, or an AbortError
// when init.signal aborts (the worker is then stopped and started afresh,
// so a long search really ends).  Exports as PNG are drawn in the browser
// from the SVG (a canvas) in the worker's case.
'use strict';

// 'http' or 'worker', found once: the server answers /api/families; a
// static host has no such file.
let engineMode = null;
let engineWorker = null;
let engineNext = 1;
const enginePending = new Map(); // id -> {msg, resolve, reject}

function engineDetect() {
  if (!engineMode)
    engineMode = fetch('/api/families', {cache: 'no-store'})
      .then((r) => r.ok && (r.headers.get('Content-Type') || '').includes('json') ? 'http' : 'worker')
      .catch(() => 'worker');
  return engineMode;
}

// The worker, started when first needed; its answers resolve the pending
// questions.
function engineStart() {
  if (engineWorker)
    return engineWorker;
  engineWorker = new Worker('worker.js');
  engineWorker.onmessage = (e) => {
    if (e.data.dead) {
      // a new worker for the questions after this one
      engineStop();
      const w = engineStart();
      for (const [id, q] of enginePending)
        if (id !== e.data.id)
          w.postMessage(q.msg);
    }
    const p = enginePending.get(e.data.id);
    if (!p)
      return;
    enginePending.delete(e.data.id);
    p.resolve(e.data);
  };
  engineWorker.onerror = (e) => {
    // the engine could not start (or died): every question waiting fails
    const msg = 'the engine in this page failed' + (e.message ? ': ' + e.message : '');
    engineStop();
    for (const [id, p] of enginePending) {
      enginePending.delete(id);
      p.reject(new Error(msg));
    }
  };
  return engineWorker;
}

// Stops the worker (a search in it ends at once) and starts a new one for
// the questions still waiting.
function engineStop() {
  if (engineWorker)
    engineWorker.terminate();
  engineWorker = null;
}

// Asks the worker: resolves to {status, text}.
function engineAsk(endpoint, params, body, signal) {
  return new Promise((resolve, reject) => {
    const id = engineNext++;
    const msg = {id, endpoint, params, body};
    enginePending.set(id, {msg, resolve, reject});
    if (signal) {
      if (signal.aborted) {
        enginePending.delete(id);
        reject(new DOMException('stopped', 'AbortError'));
        return;
      }
      signal.addEventListener('abort', () => {
        if (!enginePending.has(id))
          return;
        enginePending.delete(id);
        reject(new DOMException('stopped', 'AbortError'));
        // the worker may be searching for this question: a new one takes
        // over the others
        engineStop();
        const w = engineStart();
        for (const p of enginePending.values())
          w.postMessage(p.msg);
      });
    }
    engineStart().postMessage(msg);
  });
}

// Draws SVG text as a PNG Blob (a canvas of the picture's size).
function engineSvgToPng(svg) {
  return new Promise((resolve, reject) => {
    const url = URL.createObjectURL(new Blob([svg], {type: 'image/svg+xml'}));
    const img = new Image();
    img.onload = () => {
      const c = document.createElement('canvas');
      c.width = img.naturalWidth || 640;
      c.height = img.naturalHeight || 480;
      const g = c.getContext('2d');
      g.fillStyle = '#ffffff';
      g.fillRect(0, 0, c.width, c.height);
      g.drawImage(img, 0, 0, c.width, c.height);
      URL.revokeObjectURL(url);
      c.toBlob((b) => b ? resolve(b) : reject(new Error('the browser could not draw the PNG')), 'image/png');
    };
    img.onerror = () => {
      URL.revokeObjectURL(url);
      reject(new Error('the browser could not draw the picture'));
    };
    img.src = url;
  });
}

// fetch() for the page's /api/ URLs, through the back end there is.
async function engineFetch(url, init = {}) {
  if (await engineDetect() === 'http')
    return fetch(url, init);
  const u = new URL(url, location.href);
  const endpoint = u.pathname.replace(/^.*\/api\//, '');
  const params = Object.fromEntries(u.searchParams);
  const body = init.method === 'POST' ? String(init.body) : undefined;
  const png = endpoint === 'export' && params.format === 'png';
  if (png)
    params.format = 'svg';
  const a = await engineAsk(endpoint, params, body, init.signal);
  if (a.status !== 200)
    return new Response(a.text, {status: a.status, headers: {'Content-Type': 'application/json'}});
  if (png)
    return new Response(await engineSvgToPng(a.text), {status: 200, headers: {'Content-Type': 'image/png'}});
  const svg = endpoint === 'export' && params.format === 'svg';
  return new Response(a.text, {status: 200, headers: {'Content-Type': svg ? 'image/svg+xml' : 'application/json'}});
}
