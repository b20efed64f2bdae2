// lib.mjs - what the browser tests (game.mjs, editor.mjs) share: the count
// of checks, the reference answers of the command line, the server, and
// reading and clicking the page.
import { spawn, execFileSync } from 'node:child_process';

export const counts = { passed: 0, failed: 0 };

// Records a check: prints FAIL with detail when cond is false.
export function check(name, cond, detail = '') {
  if (cond) {
    counts.passed++;
  } else {
    counts.failed++;
    console.log(`FAIL: ${name}${detail ? ': ' + detail : ''}`);
  }
}

// Runs main, counts an exception as a failure, prints "N passed, N failed"
// and exits 1 on any failure.
export async function finish(main) {
  try {
    await main();
  } catch (e) {
    counts.failed++;
    console.log('FAIL: ' + (e && e.stack ? e.stack : e));
  }
  console.log(`${counts.passed} passed, ${counts.failed} failed`);
  process.exit(counts.failed ? 1 : 0);
}

// Runs the cycles binary bin with args; its stdout.
export function cycles(bin, args) {
  return execFileSync(bin, args, { encoding: 'utf8', timeout: 60000, stdio: ['ignore', 'pipe', 'pipe'] });
}

// `cycles solve BOARD --moves M --json` as an object (the reference answer).
export function solve(bin, board, moves) {
  const args = ['solve', board, '--json', '--quiet'];
  if (moves.length)
    args.push('--moves', moves.join(' '));
  return JSON.parse(cycles(bin, args));
}

// The static site (`make site`) to test instead of `cycles serve`: when
// CYCLES_E2E_SITE names its folder, startServer serves that folder with a
// plain static file server (python3 -m http.server), and the page's engine
// is the one in WebAssembly in its Web Worker.
export const SITE = process.env.CYCLES_E2E_SITE || '';

// Serves folder dir with python3 -m http.server on a free port of
// 127.0.0.1; resolves to {proc, port}.
export function startStatic(dir) {
  const proc = spawn('python3', ['-u', '-m', 'http.server', '0', '--bind', '127.0.0.1', '--directory', dir],
                     { stdio: ['ignore', 'pipe', 'pipe'] });
  return new Promise((resolve, reject) => {
    let buf = '';
    const timer = setTimeout(() => reject(new Error('the static server did not start within 10 s: ' + buf)), 10000);
    proc.stdout.on('data', (d) => {
      buf += d;
      const m = buf.match(/port (\d+)/);
      if (m) {
        clearTimeout(timer);
        resolve({ proc, port: Number(m[1]) });
      }
    });
    proc.stderr.on('data', () => {});
    proc.on('exit', (code) => reject(new Error('the static server exited with ' + code + ': ' + buf)));
  });
}

// Starts `cycles serve` on a free port (a solve may take timeout seconds,
// extra are more options such as ['--census', DB]); resolves to {proc, port}.
// With CYCLES_E2E_SITE, the static site instead (startStatic).
export function startServer(bin, timeout = 60, extra = []) {
  if (SITE)
    return startStatic(SITE);
  const proc = spawn(bin, ['serve', '--port', '0', '--timeout', String(timeout), ...extra],
                     { stdio: ['ignore', 'ignore', 'pipe'] });
  return new Promise((resolve, reject) => {
    let buf = '';
    const timer = setTimeout(() => reject(new Error('the server did not start within 10 s: ' + buf)), 10000);
    proc.stderr.on('data', (d) => {
      buf += d;
      const m = buf.match(/serving on http:\/\/127\.0\.0\.1:(\d+)\//);
      if (m) {
        clearTimeout(timer);
        resolve({ proc, port: Number(m[1]) });
      }
    });
    proc.on('exit', (code) => reject(new Error('the server exited with ' + code + ': ' + buf)));
  });
}

// Waits until the page has finished its requests.
export async function settled(page) {
  await page.waitForFunction(() => document.body.dataset.state === 'ready', null, { timeout: 120000 });
}

// The moves listed on the page, in order.
export async function listedMoves(page) {
  return page.$$eval('#moves li', (lis) => lis.map((li) => li.textContent.trim()));
}

// The arrows drawn on the board: {move: player}.
export async function arrows(page) {
  return page.$$eval('polygon.arrow[data-move]', (ps) =>
    Object.fromEntries(ps.map((p) => [p.dataset.move, Number(p.dataset.player)])));
}

// Clicks the edge of move U->V near its V end, as a person would: finds a
// point on the edge, closer to V, where the edge's own click target is the
// topmost element, and clicks the mouse there.
export async function clickMove(page, move) {
  const [a, b] = move.split('->');
  const pt = await page.evaluate(([a, b]) => {
    const hit = [...document.querySelectorAll('line.hit')].find(
      (l) => (l.dataset.u === a && l.dataset.v === b) || (l.dataset.u === b && l.dataset.v === a));
    if (!hit)
      return null;
    const c = ['x1', 'y1', 'x2', 'y2'].map((k) => Number(hit.getAttribute(k)));
    const [px, py, qx, qy] = hit.dataset.v === b ? c : [c[2], c[3], c[0], c[1]];
    const svg = hit.ownerSVGElement, m = svg.getScreenCTM();
    for (const t of [0.72, 0.66, 0.78, 0.62, 0.84]) {
      const p = svg.createSVGPoint();
      p.x = px + (qx - px) * t;
      p.y = py + (qy - py) * t;
      const s = p.matrixTransform(m);
      if (document.elementFromPoint(s.x, s.y) === hit)
        return { x: s.x, y: s.y };
    }
    return null;
  }, [a, b]);
  if (!pt)
    throw new Error('no clickable point on the edge of ' + move);
  await page.mouse.click(pt.x, pt.y);
}

// Chromium's switches for the tests: no sandbox (containers), no GPU, and
// nothing that reaches the network on its own.
export const CHROMIUM_ARGS = ['--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run',
                              '--disable-background-networking', '--disable-component-update', '--disable-sync'];

// Lets the pages of context reach the server at base only.
export async function onlyServer(context, base) {
  await context.route('**/*', (route) =>
    route.request().url().startsWith(base) ? route.continue() : route.abort());
}

// The errors of page, collected as they happen: uncaught exceptions and
// console errors, but for refused requests (an illegal move: 422, a bad
// family: 400), which are part of the tests.
export function watchErrors(page) {
  const errors = [];
  page.on('pageerror', (e) => errors.push(String(e)));
  page.on('console', (m) => {
    if (m.type() === 'error' && !/Failed to load resource: the server responded with a status of 4\d\d/.test(m.text()))
      errors.push(m.text());
  });
  return errors;
}

// One turn of a game against the engine (player 2) on the page: plays a
// winning move of the position moves (`solve` gives the reference answers),
// else the first move with a reply, by clicking its edge; checks that it is
// listed and that the engine answered with a winning move when there is one,
// else with a legal one.  Returns {mine, listed: the moves listed after the
// turn, afterMine: the reference answer after my move}, or null when the
// reference has no move to play.
export async function playTurn(page, solve, board, moves, turn) {
  const before = solve(board, moves);
  const mine = before.winning_moves[0] || Object.keys(before.replies || {})[0];
  check(`turn ${turn}: a move to play`, !!mine, JSON.stringify(before));
  if (!mine)
    return null;
  const n = (await listedMoves(page)).length;
  await clickMove(page, mine);
  await page.waitForFunction((n) => document.querySelectorAll('#moves li').length > n, n, { timeout: 60000 });
  await settled(page);
  const listed = await listedMoves(page);
  check(`turn ${turn}: my move listed`, listed[n] === mine, `${listed[n]} vs ${mine}`);
  const afterMine = solve(board, moves.concat([mine]));
  if (!afterMine.over) {
    const reply = listed[n + 1];
    check(`turn ${turn}: the engine answered`, !!reply, JSON.stringify(listed));
    let legal = true;
    try {
      solve(board, moves.concat([mine, reply]));
    } catch (e) {
      legal = false;
    }
    if (afterMine.winning_moves.length)
      check(`turn ${turn}: the engine's answer ${reply} wins`, afterMine.winning_moves.includes(reply),
            `winning: ${afterMine.winning_moves}`);
    else
      check(`turn ${turn}: the engine's answer ${reply} is legal`, legal);
  }
  return { mine, listed, afterMine, n };
}
