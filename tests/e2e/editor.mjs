// editor.mjs CYCLES_BINARY SOURCE_DIR ARTIFACT_DIR CHROMIUM
//
// End-to-end test of the board editor, the analysis board, the link and the
// export of the page of `cycles serve`, in headless Chromium: draws a
// triangle with a pendant edge (its leaf special) by clicks and drags, tries
// an edge that crosses another and sees it refused, undoes and redoes, plays
// the drawn board to the end against the engine (each answer checked against
// `cycles solve --json` on the board the server exports), takes back two
// moves, goes back in the move list and starts a new line, opens the link of
// the position in a new page and finds the same position, exports the board
// as JSON and opens the file again, checks that the analysis is hidden until
// asked for and then colours every legal move as `cycles show` and `cycles
// solve` judge it, and draws on a phone-sized touch screen.  Screenshots of
// the editor, a game and the analysis at desktop (1280x800) and phone
// (390x844) size go to ARTIFACT_DIR.  Prints "N passed, N failed".
import { chromium } from 'playwright-core';
import { mkdtempSync, rmSync, writeFileSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import * as lib from './lib.mjs';
import { check, settled, listedMoves, arrows, clickMove } from './lib.mjs';

const [BIN, SRC, ART, CHROMIUM] = process.argv.slice(2);
const work = mkdtempSync(join(tmpdir(), 'cycles-e2e-editor-'));
const cycles = (args) => lib.cycles(BIN, args);
const solve = (board, moves) => lib.solve(BIN, board, moves);
const startServer = () => lib.startServer(BIN);

// The legal and death moves `cycles show` lists for the position.
function showMoves(board, moves) {
  const args = ['show', board];
  if (moves.length)
    args.push('--moves', moves.join(' '));
  const out = cycles(args);
  const list = (name) => {
    const m = new RegExp('^' + name + ' \\(\\d+\\): (.*)$', 'm').exec(out);
    return m && m[1].trim() !== 'none' ? m[1].trim().split(/\s+/).sort() : [];
  };
  return { legal: list('legal moves'), death: list('death moves') };
}

// Screen coordinates of picture point (x, y) of the board.
async function screen(page, x, y) {
  return page.evaluate(([x, y]) => {
    const svg = document.getElementById('board'), p = svg.createSVGPoint();
    p.x = x;
    p.y = y;
    const s = p.matrixTransform(svg.getScreenCTM());
    return { x: s.x, y: s.y };
  }, [x, y]);
}

// A click (or with touch, a tap) at picture point (x, y).
async function clickAt(page, x, y, touch = false) {
  const s = await screen(page, x, y);
  if (touch)
    await page.touchscreen.tap(s.x, s.y);
  else
    await page.mouse.click(s.x, s.y);
}

// A mouse drag from picture point a to b.
async function dragAt(page, a, b) {
  const s = await screen(page, a[0], a[1]), t = await screen(page, b[0], b[1]);
  await page.mouse.move(s.x, s.y);
  await page.mouse.down();
  await page.mouse.move((s.x + t.x) / 2, (s.y + t.y) / 2, { steps: 4 });
  await page.mouse.move(t.x, t.y, { steps: 4 });
  await page.mouse.up();
}

// The editor's drawing: vertex count, edge count, and the server's cells.
async function drawing(page) {
  return page.evaluate(() => ({
    vertices: document.querySelectorAll('#board .vertices [data-vertex]').length,
    edges: document.querySelectorAll('#board line.edge.drawn').length,
    cells: document.querySelectorAll('#board polygon.cell').length,
  }));
}

// Waits until the server has read the editor's drawing (Play enabled) or refused it.
async function drawingRead(page) {
  await page.waitForFunction(() => document.getElementById('board').dataset.drawing !== 'checking', null,
                             { timeout: 60000 });
}

// Whether the analysis is hidden: no panel, no judged moves on the board.
async function analysisHidden(page) {
  return !(await page.isVisible('#analysis-body')) && (await page.locator('polygon.hint').count()) === 0;
}

// Downloads the export in format of the page's position: its bytes.
async function exported(page, format) {
  const [dl] = await Promise.all([page.waitForEvent('download', { timeout: 60000 }),
                                  page.click(`button.export[data-format=${format}]`)]);
  const path = join(work, 'export.' + format);
  await dl.saveAs(path);
  return path;
}

// The triangle with a pendant edge, in picture coordinates: 1, 2, 3 the
// triangle, 4 the leaf joined to 3.
const TRI = [[200, 150], [420, 150], [310, 330]], LEAF = [310, 450];

async function main() {
  const { proc, port } = await startServer();
  const base = `http://127.0.0.1:${port}/`;
  const profile = mkdtempSync(join(tmpdir(), 'cycles-e2e-'));
  const browser = await chromium.launch({
    executablePath: CHROMIUM,
    headless: true,
    args: lib.CHROMIUM_ARGS,
  });
  try {
    const context = await browser.newContext({ viewport: { width: 1280, height: 800 }, acceptDownloads: true });
    await lib.onlyServer(context, base);
    const page = await context.newPage();
    const errors = lib.watchErrors(page);

    // --- a named board of the papers, and the analysis hidden by default
    await page.goto(base + '?board=figure1');
    await settled(page);
    check('figure1: 14 edges drawn', (await page.locator('line.edge').count()) === 14);
    check('figure1: 6 cells drawn', (await page.locator('polygon.cell').count()) === 6);
    check('analysis hidden at the start', await analysisHidden(page));
    const verdictHidden = !(await page.isVisible('#verdict'));
    check('who wins is not shown', verdictHidden);

    // --- a family's board opens in the editor: the same board, read back by the server
    await page.click('#tab-edit');
    await drawingRead(page);
    let d = await drawing(page);
    check('figure1 in the editor: 9 vertices, 14 edges, 6 cells', d.vertices === 9 && d.edges === 14 && d.cells === 6,
          JSON.stringify(d));
    await page.click('#tab-play');
    await settled(page);
    check('back to play unchanged: still the family', /board=figure1/.test(await page.inputValue('#share-url')));

    // --- draw a triangle with a pendant edge
    await page.click('#draw-new');
    check('editor open', await page.isVisible('#toolbar'));
    for (const [x, y] of TRI)
      await clickAt(page, x, y);
    d = await drawing(page);
    check('three vertices by three clicks', d.vertices === 3 && d.edges === 0, JSON.stringify(d));
    await dragAt(page, TRI[0], TRI[1]);   // a drag: edge 1-2
    await clickAt(page, ...TRI[1]);       // two clicks: edge 2-3
    await clickAt(page, ...TRI[2]);
    await dragAt(page, TRI[2], TRI[0]);   // edge 3-1
    await clickAt(page, ...TRI[2]);       // 3 chosen, a click on empty space: leaf 4 joined to 3
    await clickAt(page, ...LEAF);
    await clickAt(page, ...LEAF);         // let go of 4
    await page.click('.tool[data-tool=special]');
    await clickAt(page, ...LEAF);         // the leaf special, so its edge can be marked
    await page.click('.tool[data-tool=draw]');
    await drawingRead(page);
    d = await drawing(page);
    check('triangle with a pendant edge drawn', d.vertices === 4 && d.edges === 4, JSON.stringify(d));
    check('the server found one cell', d.cells === 1, JSON.stringify(d));
    check('the status counts the board', /4 vertices, 4 edges and 1 cell/.test(await page.textContent('#status')),
          await page.textContent('#status'));
    check('the leaf is special', (await page.locator('#board rect.vertex.special').count()) === 1);
    // a vertex on an edge is refused
    await clickAt(page, (TRI[0][0] + TRI[1][0]) / 2, TRI[0][1] + 2);
    check('a vertex on an edge is refused', /Not allowed: .*edge/.test(await page.textContent('#status')),
          await page.textContent('#status'));
    check('a vertex on an edge is not added', (await drawing(page)).vertices === 4);
    // a crossing edge is refused
    await clickAt(page, 540, 260);        // vertex 5, right of the triangle
    await drawingRead(page);
    await dragAt(page, [540, 260], TRI[0]); // 5-1 would cross 2-3
    const refusal = await page.textContent('#status');
    console.log('crossing edge: "' + refusal + '"');
    check('a crossing edge is refused', /Not allowed: .*cross the edge 2.3/.test(refusal), refusal);
    check('the status is an error', (await page.getAttribute('#status', 'class')) === 'error');
    d = await drawing(page);
    check('the crossing edge is not drawn', d.edges === 4 && d.vertices === 5, JSON.stringify(d));
    await drawingRead(page);
    check('the refusal stays after the server has read the drawing',
          /Not allowed/.test(await page.textContent('#status')), await page.textContent('#status'));
    // a disconnected drawing is told, not played
    await page.click('.tool[data-tool=special]');
    await page.click('.tool[data-tool=draw]');
    await clickAt(page, 600, 480);         // one more vertex (so the status is the server's again)
    await drawingRead(page);
    check('a drawing in two pieces is told', /more than one piece/.test(await page.textContent('#status')),
          await page.textContent('#status'));
    check('a drawing in two pieces cannot be played', await page.isDisabled('#ed-play'));
    // undo and redo
    await page.click('#ed-undo');
    check('undo removes vertex 6', (await drawing(page)).vertices === 5);
    await page.click('#ed-undo');
    check('undo removes vertex 5', (await drawing(page)).vertices === 4);
    await page.click('#ed-redo');
    check('redo brings it back', (await drawing(page)).vertices === 5);
    await page.click('#ed-undo');
    await drawingRead(page);
    await page.screenshot({ path: join(ART, 'editor.png') });

    // --- play it against the engine (player 2)
    await page.click('#ed-play');
    await page.waitForFunction(() => document.body.dataset.mode === 'play', null, { timeout: 60000 });
    await settled(page);
    check('the drawn board is played: 4 edges', (await page.locator('line.hit').count()) === 4);
    check('analysis still hidden', await analysisHidden(page));
    const jsonPath = await exported(page, 'json');
    const board = JSON.parse(readFileSync(jsonPath, 'utf8'));
    check('export: a native board of 1 cell', board.format === 'cycles-board' && board.cells.length === 1 &&
          board.vertices.length === 4, JSON.stringify(board));
    const boardFile = join(work, 'drawn.json');
    writeFileSync(boardFile, readFileSync(jsonPath));
    let moves = [];
    for (let turn = 0; turn < 4; turn++) {
      if (solve(boardFile, moves).over)
        break;
      const t = await lib.playTurn(page, solve, boardFile, moves, turn);
      if (!t)
        break;
      const { listed } = t;
      moves = listed.slice();
    }
    const final = solve(boardFile, moves);
    check('the game on the drawn board ended', final.over, JSON.stringify(moves));
    check('game over said', /Game over/.test(await page.textContent('#status')), await page.textContent('#status'));
    await page.screenshot({ path: join(ART, 'game-drawn.png') });

    // --- take back two moves (mine and the engine's)
    const full = await listedMoves(page);
    await page.click('#undo');
    await settled(page);
    let listed = await listedMoves(page);
    check('take back: two moves fewer', listed.length === full.length - 2 ||
          (full.length % 2 === 1 && listed.length === full.length - 1), `${listed} after ${full}`);
    check('take back: their arrows gone', Object.keys(await arrows(page)).length === listed.length);

    // --- the link: the same position in a new page
    await page.click('#share');
    const url = await page.inputValue('#share-url');
    check('the link holds a drawn board and the moves', /[?&]d=/.test(url) && (listed.length === 0 || /moves=/.test(url)), url);
    const page2 = await context.newPage();
    await page2.goto(url);
    await settled(page2);
    check('link: the same moves', JSON.stringify(await listedMoves(page2)) === JSON.stringify(listed),
          `${await listedMoves(page2)} vs ${listed}`);
    check('link: the same arrows', JSON.stringify(await arrows(page2)) === JSON.stringify(await arrows(page)));
    check('link: the same board', (await page2.locator('line.hit').count()) === 4 &&
          (await page2.locator('polygon.cell').count()) === 1);
    await page2.close();

    // --- back in the move list, and a new line from there
    await page.fill('#family', 'cycle:6');
    await page.selectOption('#engine', '0');
    await page.click('#load');
    await page.waitForFunction(() => document.querySelectorAll('line.hit').length === 6, null, { timeout: 60000 });
    await settled(page);
    for (const m of ['1->2', '3->4', '5->6'])  {
      await clickMove(page, m);
      await settled(page);
    }
    check('three moves by two players at one screen', JSON.stringify(await listedMoves(page)) ===
          '["1->2","3->4","5->6"]', JSON.stringify(await listedMoves(page)));
    await page.click('#moves li:nth-child(1)');
    await settled(page);
    check('back to move 1: one arrow', Object.keys(await arrows(page)).length === 1);
    check('back to move 1: the later moves kept, greyed', (await page.locator('#moves li.future').count()) === 2);
    await clickMove(page, '4->3');
    await settled(page);
    check('a new move starts a new line', JSON.stringify(await listedMoves(page)) === '["1->2","4->3"]',
          JSON.stringify(await listedMoves(page)));
    // the link holds a position inside the line
    await page.click('#moves li:nth-child(1)');
    await settled(page);
    const url2 = await page.inputValue('#share-url');
    const page3 = await context.newPage();
    await page3.goto(url2);
    await settled(page3);
    check('link inside a line: one arrow, two moves listed',
          Object.keys(await arrows(page3)).length === 1 && (await listedMoves(page3)).length === 2, url2);
    await page3.close();

    // --- export JSON and open it again: the same board and position
    await page.click('#moves li:nth-child(2)');
    await settled(page);
    const again = await exported(page, 'json');
    const againBoard = JSON.parse(readFileSync(again, 'utf8'));
    check('export carries the moves', JSON.stringify(againBoard.moves) === '["1->2","4->3"]',
          JSON.stringify(againBoard.moves));
    await page.setInputFiles('#upload', again);
    await page.waitForFunction(() => document.querySelectorAll('#moves li.file').length === 2, null, { timeout: 60000 });
    await settled(page);
    check('opened again: the same arrows', JSON.stringify(await arrows(page)) === '{"1->2":1,"4->3":2}',
          JSON.stringify(await arrows(page)));
    const svgPath = await exported(page, 'svg');
    check('export SVG', readFileSync(svgPath, 'utf8').includes('<svg'));
    const pngPath = await exported(page, 'png');
    check('export PNG', readFileSync(pngPath).subarray(1, 4).toString() === 'PNG');

    // --- the analysis, asked for: every legal move judged
    await page.goto(base + '?board=figure1&moves=' + encodeURIComponent('1->2 2->3 3->6') + '&engine=0');
    await settled(page);
    check('analysis hidden in a shared position', await analysisHidden(page));
    await page.click('#hint');
    const ref = solve('figure1', ['1->2', '2->3', '3->6']);
    const hintMove = await page.getAttribute('polygon.hint.one', 'data-hint');
    check('the hint shows one winning move', ref.winning_moves.includes(hintMove), `${hintMove} vs ${ref.winning_moves}`);
    check('the hint alone: the panel stays hidden', !(await page.isVisible('#analysis-body')));
    await page.click('#analysis-toggle');
    await settled(page);
    check('analysis shown', await page.isVisible('#analysis-body'));
    const judged = await page.$$eval('polygon.hint', (ps) => ps.map((p) => [p.dataset.hint, p.dataset.wins, p.dataset.death]));
    const sm = showMoves('figure1', ['1->2', '2->3', '3->6']);
    check('every legal move drawn', JSON.stringify(judged.map((j) => j[0]).sort()) === JSON.stringify(sm.legal),
          `${judged.map((j) => j[0])} vs ${sm.legal}`);
    check('the winning ones green', JSON.stringify(judged.filter((j) => j[1] === '1').map((j) => j[0]).sort()) ===
          JSON.stringify(ref.winning_moves.slice().sort()));
    const deaths = judged.filter((j) => j[2] === '1').map((j) => j[0]).sort();
    check('the death moves marked', sm.death.length > 0 && JSON.stringify(deaths) === JSON.stringify(sm.death),
          `${deaths} vs ${sm.death}`);
    check('the grundy value shown', (await page.textContent('#a-grundy')) === String(ref.grundy));
    check('the link says the analysis is shown', /analysis=1/.test(await page.inputValue('#share-url')));
    // unmarkable edges dashed: cycle:4 after 1->2 2->3 3->4 leaves 4-1 unmarkable
    await page.goto(base + '?board=path:3&moves=' + encodeURIComponent('1->2') + '&engine=0&analysis=1');
    await settled(page);
    const cli = cycles(['show', 'path:3', '--moves', '1->2']);
    const never = (cli.match(/unmarkable for good/g) || []).length;
    check('unmarkable edges dashed as `cycles show` says', (await page.locator('line.edge.unmarkable').count()) === never,
          `${await page.locator('line.edge.unmarkable').count()} vs ${never}`);
    await page.goto(base + '?board=grid:3x3&moves=' + encodeURIComponent('1->2 5->4') + '&engine=0&analysis=1');
    await settled(page);
    await page.screenshot({ path: join(ART, 'analysis.png') });
    // a game in progress at desktop size
    await page.goto(base + '?board=figure1&moves=' + encodeURIComponent('1->2 2->3 5->4') + '&engine=2');
    await settled(page);
    await page.screenshot({ path: join(ART, 'game.png') });
    // --- while the engine thinks: a spinner and a stop button (the answer held back here;
    // the static site's engine asks no server, so this part is the server's only)
    if (!lib.SITE) {
    await page.route('**/api/move?**', async (route) => {
      await new Promise((r) => setTimeout(r, 4000));
      route.continue().catch(() => {});
    });
    await page.selectOption('#engine', '1');     // the engine's turn: it thinks
    await page.waitForSelector('#stop', { state: 'visible', timeout: 10000 });
    check('the spinner turns while waiting', await page.evaluate(() =>
      getComputedStyle(document.getElementById('spinner')).visibility === 'visible'));
    await page.click('#stop');
    await settled(page);
    check('stop: the page is free again', !(await page.isVisible('#stop')) &&
          /Stopped/.test(await page.textContent('#status')), await page.textContent('#status'));
    await page.unroute('**/api/move?**');
    }
    // --- the keyboard: the focus is visible
    await page.focus('#family');
    await page.keyboard.press('Tab');
    const ring = await page.evaluate(() => {
      const s = getComputedStyle(document.activeElement);
      return { id: document.activeElement.id, style: s.outlineStyle, width: s.outlineWidth };
    });
    check('keyboard focus is visible', ring.style !== 'none' && ring.width !== '0px', JSON.stringify(ring));
    check('no errors in the page', errors.length === 0, errors.join(' | '));

    // --- a phone: touch, 390 x 844
    const phone = await browser.newContext({ viewport: { width: 390, height: 844 }, hasTouch: true, isMobile: true });
    await lib.onlyServer(phone, base);
    const mob = await phone.newPage();
    await mob.goto(base + '?board=figure1&moves=' + encodeURIComponent('1->2 2->3 5->4') + '&engine=0');
    await settled(mob);
    const wide = await mob.evaluate(() => document.documentElement.scrollWidth);
    check('phone: no sideways scrolling', wide <= 390, `${wide} px wide`);
    const box = await mob.locator('#board').boundingBox();
    check('phone: the board fills the width', box && box.width >= 330, JSON.stringify(box));
    await mob.screenshot({ path: join(ART, 'phone-game.png') });
    await mob.click('#analysis-toggle');
    await settled(mob);
    await mob.screenshot({ path: join(ART, 'phone-analysis.png'), fullPage: true });
    await mob.tap('#draw-new');
    for (const [x, y] of TRI)
      await clickAt(mob, x, y, true);
    await clickAt(mob, ...TRI[0], true);
    await clickAt(mob, ...TRI[1], true);
    await clickAt(mob, ...TRI[1], true);
    await clickAt(mob, ...TRI[2], true);
    await clickAt(mob, ...TRI[2], true);
    await clickAt(mob, ...TRI[0], true);
    await drawingRead(mob);
    d = await drawing(mob);
    check('phone: a triangle drawn by taps', d.vertices === 3 && d.edges === 3 && d.cells === 1, JSON.stringify(d));
    await mob.screenshot({ path: join(ART, 'phone-editor.png') });
    await phone.close();
  } finally {
    await browser.close();
    proc.kill('SIGTERM');
    rmSync(profile, { recursive: true, force: true });
    rmSync(work, { recursive: true, force: true });
  }
}

await lib.finish(main);
