// game.mjs CYCLES_BINARY SOURCE_DIR ARTIFACT_DIR CHROMIUM
//
// End-to-end test of the browser game: starts `cycles serve --port 0`, opens
// the page in headless Chromium (Debian's, through playwright-core), plays a
// short game on k4 by clicking edges near their ends, and checks the drawn
// board, the arrows, the engine's replies and the analysis panel against
// `cycles solve --json` (with the analysis shown: ?analysis=1); then an
// illegal click, take back, the winning moves on the board, an uploaded
// board file, partial answers and the rules picker (misère, draw, score,
// three players, each against /api/solve?rules=).  Screenshots go to
// ARTIFACT_DIR (game.png, hints.png, upload.png, partial.png, rules.png).
// Prints "N passed, N failed" and exits 1 on any failure.
import { chromium } from 'playwright-core';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import * as lib from './lib.mjs';
import { check, settled, listedMoves, arrows, clickMove } from './lib.mjs';

const [BIN, SRC, ART, CHROMIUM] = process.argv.slice(2);
const solve = (board, moves) => lib.solve(BIN, board, moves);
const startServer = () => lib.startServer(BIN);

// Whether the move list is legal: `cycles solve` exits 0 on it.
function legal(board, moves) {
  try {
    solve(board, moves);
    return true;
  } catch (e) {
    return false;
  }
}

// Checks the analysis panel against the reference answer ref.
async function checkPanel(page, ref, what) {
  const winner = await page.textContent('#a-winner');
  check(`${what}: winner shown`, winner === 'player ' + ref.winner + ' wins (' + ref.outcome + '-position)',
        winner);
  const grundy = await page.textContent('#a-grundy');
  check(`${what}: grundy shown`, ref.grundy === null ? grundy.startsWith('none') : grundy === String(ref.grundy),
        `${grundy} vs ${ref.grundy}`);
  const wins = await page.$$eval('#a-winning code', (cs) => cs.map((c) => c.textContent));
  check(`${what}: winning moves shown`, JSON.stringify(wins) === JSON.stringify(ref.winning_moves),
        `${wins} vs ${ref.winning_moves}`);
}

// Starts the server and the browser, runs the checks, and stops both again
// whatever happens.
async function main() {
  const { proc, port } = await startServer();
  const base = `http://127.0.0.1:${port}/`;
  const profile = mkdtempSync(join(tmpdir(), 'cycles-e2e-'));
  let context;
  try {
    context = await chromium.launchPersistentContext(profile, {
      executablePath: CHROMIUM,
      headless: true,
      viewport: { width: 1280, height: 800 },
      args: ['--headless', ...lib.CHROMIUM_ARGS],
    });
    await lib.onlyServer(context, base);
    const page = context.pages()[0] || await context.newPage();
    const errors = lib.watchErrors(page);

    // --- the board as drawn
    await page.goto(base + '?board=k4&analysis=1');
    await settled(page);
    check('title', (await page.title()) === 'Game of Cycles');
    check('k4: 6 edges drawn', (await page.locator('line.edge').count()) === 6);
    check('k4: 6 click targets', (await page.locator('line.hit').count()) === 6);
    check('k4: 4 vertices drawn', (await page.locator('circle.vertex').count()) === 4);
    check('k4: 3 cells drawn', (await page.locator('polygon.cell').count()) === 3);
    const labels = await page.$$eval('text.label', (ts) => ts.map((t) => t.textContent).sort());
    check('k4: vertex labels', JSON.stringify(labels) === '["1","2","3","4"]', labels);
    check('k4: no arrows yet', Object.keys(await arrows(page)).length === 0);
    await checkPanel(page, solve('k4', []), 'start');

    // --- a short game: the test plays player 1, the engine player 2
    const board = 'k4';
    let moves = [];
    for (let turn = 0; turn < 6; turn++) {
      if (solve(board, moves).over)
        break;
      const t = await lib.playTurn(page, solve, board, moves, turn);
      if (!t)
        break;
      const { listed, afterMine, n } = t;
      const expectLen = afterMine.over ? n + 1 : n + 2;
      check(`turn ${turn}: move count`, listed.length === expectLen, JSON.stringify(listed));
      moves = listed.slice();
      const drawn = await arrows(page);
      check(`turn ${turn}: one arrow per move`, Object.keys(drawn).length === moves.length,
            `${JSON.stringify(drawn)} vs ${moves}`);
      moves.forEach((m, i) => check(`turn ${turn}: arrow ${m} by player ${(i % 2) + 1}`, drawn[m] === (i % 2) + 1,
                                    JSON.stringify(drawn)));
      const now = solve(board, moves);
      await checkPanel(page, now, `turn ${turn}`);
      if (now.over) {
        const verdict = await page.textContent('#verdict');
        // in the player's terms: the test plays player 1, the engine player 2
        check('game over shown', verdict.startsWith('Game over: ' + (now.winner === 2 ? 'the engine wins' : 'you win')),
              verdict);
        break;
      }
    }
    const final = solve(board, moves);
    check('the game ended', final.over, JSON.stringify(moves));
    check('the engine (player 2) won k4, a P-position', final.winner === 2, JSON.stringify(final));
    // a game that ends with a cycle cell has grundy null; the cell is filled
    const cycleCells = await page.locator('polygon.cell.cycle').count();
    check('cycle cells filled exactly when the game ended with one',
          final.grundy === null ? cycleCells >= 1 : cycleCells === 0, `${cycleCells} filled`);
    await page.screenshot({ path: join(ART, 'game.png') });

    // --- another family through the Board field; an illegal click
    await page.click('#new');
    await settled(page);
    check('new game clears the arrows', Object.keys(await arrows(page)).length === 0);
    const small = 'cycle:5';
    await page.fill('#family', small);
    await page.click('#load');
    await page.waitForFunction(() => document.querySelectorAll('line.hit').length === 5, null, { timeout: 60000 });
    await settled(page);
    check('cycle:5 drawn', (await page.locator('circle.vertex').count()) === 5);
    await clickMove(page, '1->2');
    await page.waitForFunction(() => document.querySelectorAll('#moves li').length >= 2, null, { timeout: 60000 });
    await settled(page);
    moves = await listedMoves(page);
    check('cycle:5: my move and the answer', moves.length === 2 && moves[0] === '1->2', JSON.stringify(moves));
    // an illegal move: a direction `cycles solve` refuses (3->2 or 1->5 makes a sink or a source)
    const pos = solve(small, moves);
    const edges = await page.$$eval('line.hit', (ls) => ls.map((l) => [l.dataset.u, l.dataset.v]));
    let illegal = null;
    for (const [u, v] of edges)
      for (const m of [`${u}->${v}`, `${v}->${u}`]) {
        const marked = moves.some((x) => x === `${u}->${v}` || x === `${v}->${u}`);
        if (!illegal && !marked && !legal(small, moves.concat([m])))
          illegal = m;
      }
    check('an illegal move exists', !!illegal, JSON.stringify(moves));
    if (illegal) {
      await clickMove(page, illegal);
      await page.waitForSelector('#status.error', { timeout: 60000 });
      await settled(page);
      const msg = await page.textContent('#status');
      console.log('illegal click ' + illegal + ': "' + msg + '"');
      check('an illegal click is explained', msg.includes(illegal + ' is illegal'), msg);
      check('an illegal click draws nothing', Object.keys(await arrows(page)).length === moves.length);
    }
    // --- the analysis on the board: the winning moves drawn green
    const hints = await page.$$eval('polygon.hint[data-wins="1"]', (ps) => ps.map((p) => p.dataset.hint).sort());
    check('the analysis shows the winning moves', JSON.stringify(hints) === JSON.stringify(pos.winning_moves.slice().sort()),
          `${hints} vs ${pos.winning_moves}`);
    await page.screenshot({ path: join(ART, 'hints.png') });
    // --- undo takes back my move and the engine's answer
    await page.click('#undo');
    await settled(page);
    check('undo takes back two moves', (await listedMoves(page)).length === moves.length - 2);
    check('undo removes their arrows', Object.keys(await arrows(page)).length === moves.length - 2);

    // --- an uploaded board file (the default board of the project)
    await page.setInputFiles('#upload', join(SRC, 'boards', 'figure1.json'));
    await page.waitForFunction(() => document.querySelectorAll('line.hit').length === 14, null, { timeout: 60000 });
    await settled(page);
    check('upload: 14 edges drawn', (await page.locator('line.edge').count()) === 14);
    check('upload: 9 vertices drawn', (await page.locator('circle.vertex, rect.vertex').count()) === 9);
    check('upload: 6 cells drawn', (await page.locator('polygon.cell').count()) === 6);
    await checkPanel(page, solve(join(SRC, 'boards', 'figure1.json'), []), 'upload');
    await page.screenshot({ path: join(ART, 'upload.png') });

    // --- a bad family is reported, the board stays
    await page.fill('#family', 'grid:0x0');
    await page.click('#load');
    await page.waitForSelector('#status.error', { timeout: 60000 });
    await settled(page);
    check('a bad family is reported', (await page.textContent('#status')).includes('grid:0x0'));
    check('the board stays after an error', (await page.locator('line.hit').count()) === 14);

    // --- partial answers (the server ran out of time): the page shows what
    // is known and says the answer is partial.  The answers are made from
    // the reference answer for k4 as the server makes them (server.c):
    // replies left out, or only some winning moves found.
    // (engine=0: nobody plays for the engine, so the page asks nothing else)
    const full = solve('k4', ['1->2']);
    const partials = [
      { what: 'replies ran out', a: { ...solve('k4', []), complete: false, unjudged_moves: 0 },
        winner: true, note: /replies .* left out/ },
      { what: 'value unknown', a: { ...full, grundy: null, grundy_computed: false, complete: false, unjudged_moves: 3,
        winning_moves: full.winning_moves.slice(0, 1) }, winner: true, note: /3 moves were not judged/ },
      { what: 'nothing but a move', a: { ...full, outcome: null, winner: null, grundy: null, grundy_computed: false,
        complete: false, unjudged_moves: 5, winning_moves: [] }, winner: false, note: /5 moves were not judged/ },
    ];
    for (const p of partials) {
      delete p.a.replies;
      await page.route('**/api/solve?**', (route) => route.fulfill({ json: p.a }));
      await page.goto(base + '?board=k4&engine=0&analysis=1');
      await settled(page);
      await page.unroute('**/api/solve?**');
      const note = await page.textContent('#partial');
      check(`partial (${p.what}): said so`, await page.isVisible('#partial') && p.note.test(note), note);
      const winner = await page.textContent('#a-winner');
      check(`partial (${p.what}): winner`, p.winner ? winner === 'player ' + p.a.winner + ' wins (' + p.a.outcome +
        '-position)' : winner === 'not known yet', winner);
      const grundy = await page.textContent('#a-grundy');
      check(`partial (${p.what}): grundy`, p.a.grundy !== null ? grundy === String(p.a.grundy) :
        grundy === 'not known yet', grundy);
      const wins = await page.$$eval('#a-winning code', (cs) => cs.map((c) => c.textContent));
      check(`partial (${p.what}): winning moves found`, JSON.stringify(wins) === JSON.stringify(p.a.winning_moves),
        `${wins}`);
    }
    await page.screenshot({ path: join(ART, 'partial.png') });
    // a whole answer hides the note again
    await page.goto(base + '?board=k4&engine=0&analysis=1');
    await settled(page);
    check('whole answer: no partial note', !(await page.isVisible('#partial')));

    // --- the rules picker (issue 12): the panel shows what /api/solve?rules=
    // answers, fetched here separately
    const variantOf = (q) => page.evaluate(async (u) => (await fetch(u)).json(), base + 'api/solve?board=k4&moves=' + q);
    await page.goto(base + '?board=k4&engine=0&analysis=1');
    await settled(page);
    await page.selectOption('#rules', 'misere');
    await settled(page);
    const mis = await variantOf('&rules=misere');
    check('misere: the answer is a misère answer', mis.rules === 'misere' && (mis.outcome === 'N' || mis.outcome === 'P'),
      JSON.stringify(mis));
    check('misere: rules shown', (await page.textContent('#a-rules')) === 'misère');
    check('misere: winner shown', (await page.textContent('#a-winner')) ===
      'player ' + mis.winner + ' wins (' + mis.outcome + '-position)', await page.textContent('#a-winner'));
    check('misere: nim-value shown', (await page.textContent('#a-grundy')) === String(mis.grundy) &&
      (await page.textContent('#a-grundy-name')) === 'Misère nim-value', await page.textContent('#a-grundy'));
    const misWins = await page.$$eval('#a-winning code', (cs) => cs.map((c) => c.textContent));
    check('misere: winning moves shown', JSON.stringify(misWins) === JSON.stringify(mis.winning_moves),
      `${misWins} vs ${mis.winning_moves}`);
    check('misere: in the address', new URL(page.url()).searchParams.get('rules') === 'misere');
    // a move under misère: the answer after it
    await clickMove(page, '1->2');
    await settled(page);
    const mis1 = await variantOf(encodeURIComponent('1->2') + '&rules=misere');
    check('misere after 1->2: winner shown', (await page.textContent('#a-winner')) ===
      'player ' + mis1.winner + ' wins (' + mis1.outcome + '-position)', await page.textContent('#a-winner'));
    check('misere after 1->2: nim-value shown', (await page.textContent('#a-grundy')) === String(mis1.grundy));
    // draw: the D outcome and the drawing moves
    await page.selectOption('#rules', 'draw');
    await settled(page);
    const dr = await variantOf('&rules=draw');
    const drText = await page.textContent('#a-winner');
    check('draw: outcome shown', dr.outcome === 'D' ? drText === 'a draw (D-position)' :
      drText === 'player ' + dr.winner + ' wins (' + dr.outcome + '-position)', `${drText} vs ${dr.outcome}`);
    const drMoves = await page.$$eval('#a-drawing code', (cs) => cs.map((c) => c.textContent));
    check('draw: drawing moves shown', await page.isVisible('#a-drawing') &&
      JSON.stringify(drMoves) === JSON.stringify(dr.drawing_moves), `${drMoves} vs ${dr.drawing_moves}`);
    // score with the extra turn: the scores and the best moves
    await page.selectOption('#rules', 'score');
    await page.check('#extra-turn');
    await settled(page);
    const sc = await variantOf('&rules=score&extra_turn=1');
    check('score: scores shown', (await page.textContent('#a-score')).startsWith('player 1: ' + sc.score[0] +
      ', player 2: ' + sc.score[1] + '; from here the player to move makes ' + sc.score_difference + ' '),
      await page.textContent('#a-score'));
    const best = await page.$$eval('#a-winning code', (cs) => cs.map((c) => c.textContent));
    check('score: best moves shown', JSON.stringify(best) === JSON.stringify(sc.best_moves) &&
      (await page.textContent('#a-winning-name')) === 'Best moves', `${best} vs ${sc.best_moves}`);
    // three players: the winner and who wins alone
    await page.selectOption('#rules', 'standard');
    await page.selectOption('#players', '3');
    await settled(page);
    const p3 = await variantOf('&players=3');
    check('3 players: winner shown', (await page.textContent('#a-winner')).startsWith('player ' + p3.winner + ' wins ('),
      await page.textContent('#a-winner'));
    const alone = p3.can_force_win.map((w, i) => w ? 'player ' + (i + 1) : null).filter((x) => x).join(', ') || 'nobody';
    check('3 players: who wins alone', (await page.textContent('#a-force')) === alone, await page.textContent('#a-force'));
    await page.screenshot({ path: join(ART, 'rules.png') });
    // back to the standard game: the variant rows are hidden again
    await page.selectOption('#players', '2');
    await settled(page);
    check('standard again: no variant rows', !(await page.isVisible('#a-drawing')) &&
      !(await page.isVisible('#a-score')) && (await page.textContent('#a-rules')) === 'standard');

    check('no errors in the page', errors.length === 0, errors.join(' | '));
  } finally {
    if (context)
      await context.close();
    proc.kill('SIGTERM');
    rmSync(profile, { recursive: true, force: true });
  }
}

await lib.finish(main);
