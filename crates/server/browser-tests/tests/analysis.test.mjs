// The analysis board and the game page's past positions (issue 51): a finished game opened in
// the analysis board from its page, a variation, the engine's evaluation bar; a pasted FEEN
// and an imported PGN; stepping through a live game's moves with clicks and arrow keys and
// coming back on a live move. Chess, Ōgi and a game that exists only as files (a copy of
// Kogoma named Zogoma, as files_game.test.mjs makes it), at desktop and phone sizes.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { kogomaAs, startServer, startBrowser, snap, api, waitPlies } from './harness.mjs';

const DESKTOP = { width: 1280, height: 900 };
const PHONE = { width: 390, height: 844 };
const OGI_START = 'lnsik^snl/1r4b1/pppppppp/8/8/PPPPPPPP/1B4R1/LNSIK^SNL / O/o';

let server;
let chrome;
let games;

before(async () => {
  games = mkdtempSync(path.join(os.tmpdir(), 'tegoma-analysis-games-'));
  kogomaAs(path.join(games, 'zogoma'), 'Zogoma', 'Z');
  server = await startServer('analysis', { TEGOMA_GAMES: games });
  chrome = await startBrowser();
});

after(async () => {
  if (chrome) await chrome.close();
  if (server) server.stop();
  if (games) rmSync(games, { recursive: true, force: true });
});

/** A page of `size`; its errors (page errors and console errors) collected in `errors`. */
async function newPage(size) {
  const ctx = await chrome.browser.newContext({ viewport: size });
  const page = await ctx.newPage();
  const errors = [];
  page.on('pageerror', (e) => errors.push(String(e)));
  // The browser's own request for /favicon.ico (the server has none) is no error of the page.
  page.on('console', (m) => {
    if (m.type() === 'error' && !/favicon\.ico$/.test(m.location().url || '')) errors.push(`${m.text()} ${m.location().url}`);
  });
  page.on('response', (r) => { if (r.status() >= 400) errors.push(`${r.status()} ${r.url()}`); });
  return { ctx, page, errors };
}

/** The pieces on a board, `cell=piece` sorted. */
async function boardOf(page, sel = '#board') {
  return page.$$eval(`${sel} g.piece[data-cell]`, (gs) => gs.map((g) => `${g.dataset.cell}=${g.dataset.piece}`).sort().join(' '));
}

async function waitBoard(page, expected, sel = '#board') {
  await page.waitForFunction(([s, e]) => {
    const gs = [...document.querySelectorAll(`${s} g.piece[data-cell]`)];
    return gs.map((g) => `${g.dataset.cell}=${g.dataset.piece}`).sort().join(' ') === e;
  }, [sel, expected], { timeout: 5000 });
}

async function waitAt(page, ply) {
  await page.waitForFunction((k) => document.body.dataset.analysisPly === String(k), ply, { timeout: 5000 });
}

async function clickA(page, cell) {
  await page.locator(`#a-board rect[data-cell="${cell}"]`).click({ force: true });
}

async function dragA(page, from, to) {
  const a = await page.locator(`#a-board rect[data-cell="${from}"]`).boundingBox();
  const b = await page.locator(`#a-board rect[data-cell="${to}"]`).boundingBox();
  await page.mouse.move(a.x + a.width / 2, a.y + a.height / 2);
  await page.mouse.down();
  await page.mouse.move(a.x + a.width / 2 + 10, a.y + a.height / 2 + 10, { steps: 3 });
  await page.mouse.move(b.x + b.width / 2, b.y + b.height / 2, { steps: 6 });
  await page.mouse.up();
}

/** Asks the engine and waits for the bar to show a score. */
async function evaluateHere(page, first) {
  await page.click('#a-evaluate');
  await page.waitForFunction(() => document.getElementById('eval-bar').dataset.score !== '', null, { timeout: 8000 });
  const label = await page.textContent('#eval-label');
  assert.ok(label.startsWith(first), `the bar says whose view it shows: ${label}`);
  assert.match(label, /[+-]?\d+\.\d\d|-?M\d+/);
  const pv = await page.getAttribute('#a-pv', 'data-pv');
  assert.ok(pv && pv.length > 0, 'a best line');
  return label;
}

test('a finished chess game in the analysis board: a variation, the evaluation bar (desktop)', async () => {
  const { status, body } = await api(server.base, 'POST', '/api/games', { pgn: '1. f3 e5 2. g4 Qh4# 0-1' });
  assert.equal(status, 201);
  const { ctx, page, errors } = await newPage(DESKTOP);
  await page.goto(`${server.base}/game/${body.id}`);
  await waitPlies(page, 4);
  await page.waitForSelector('#analyse-link:not([hidden])');
  await page.click('#analyse-link');
  await page.waitForURL(/\/analysis\?game=/);
  await waitAt(page, 4);
  assert.deepEqual(await page.$$eval('#a-moves .a-move', (s) => s.map((x) => x.textContent)),
    ['1. f3', 'e5', '2. g4', 'Qh4#']);
  assert.match(await page.textContent('#a-status'), /Black wins/);
  // Back to the start, then two plies on (keys), then a move off the line: a variation.
  await page.keyboard.press('Home');
  await waitAt(page, 0);
  await page.keyboard.press('ArrowRight');
  await page.keyboard.press('ArrowRight');
  await waitAt(page, 2);
  await clickA(page, 'd2');
  await clickA(page, 'd4');
  await waitAt(page, 3);
  await page.waitForSelector('#a-moves .variation .a-move.current');
  assert.equal((await page.textContent('#a-moves .variation .a-move.current')).trim(), '2. d4');
  // The main line is still there (numbered again after the variation): a click away.
  await page.click('#a-moves > .a-move:last-of-type');
  await waitAt(page, 4);
  assert.equal((await page.textContent('#a-moves .a-move.current')).trim(), '2… Qh4#');
  await page.click('#a-moves .variation .a-move');
  await waitAt(page, 3);
  const label = await evaluateHere(page, 'White');
  await snap(page, 'analysis-chess-variation-desktop');
  // The bar's fill is the first player's share: more than half when White's score is positive.
  const share = Number(await page.getAttribute('#eval-bar', 'aria-valuenow'));
  if (/^White \+/.test(label) || /^White M/.test(label)) assert.ok(share >= 50, `${label} ${share}`);
  if (/^White -/.test(label)) assert.ok(share <= 50, `${label} ${share}`);
  assert.deepEqual(errors, []);
  await ctx.close();
});

test('an imported Ōgi PCN, a pasted Ōgi FEEN and an imported PGN in the analysis board (phone)', async () => {
  // An Ōgi game's PCN record, imported from the lobby into the analysis board.
  const made = (await api(server.base, 'POST', '/api/games', { rules: 'ogi' })).body;
  await playFirst(made.id, made.seats);
  await playFirst(made.id, made.seats);
  const pcn = await (await fetch(`${server.base}/api/games/${made.id}`)).text();
  const { ctx, page, errors } = await newPage(PHONE);
  await page.goto(`${server.base}/`);
  await page.fill('#import-text', pcn);
  await page.click('#import-analyse');
  await page.waitForURL(/\/analysis\?game=/);
  await waitAt(page, 2);
  assert.equal(await page.locator('#a-moves .a-move').count(), 2);
  await page.goto(`${server.base}/`);
  await page.click('#analysis-board-link');
  await page.waitForURL(/\/analysis$/);
  await page.waitForSelector('#a-board rect');
  await page.fill('#a-feen', OGI_START);
  await page.click('#a-feen-go');
  await page.waitForFunction(() => /Ōgi|ogi/i.test(document.getElementById('a-status').textContent));
  await waitAt(page, 0);
  assert.equal(await page.locator('#a-board rect[data-cell]').count(), 64);
  await dragA(page, 'a3', 'a4');
  await waitAt(page, 1);
  assert.equal(await page.getAttribute('#a-board g.piece[data-cell="a4"]', 'data-piece'), 'P');
  await evaluateHere(page, await page.evaluate(() => document.getElementById('eval-label').textContent.split(' ')[0]));
  await snap(page, 'analysis-ogi-feen-phone');
  // A PGN imported here (a game is created for it) and a plain FEN.
  await page.evaluate(() => { document.getElementById('a-source').open = true; });
  await page.fill('#a-import-text', '[Event "x"]\n\n1. e4 e5 2. Nf3 Nc6 3. Bb5 *');
  await page.click('#a-import');
  await page.waitForURL(/\/analysis\?game=/);
  await waitAt(page, 5);
  assert.equal(await page.locator('#a-moves .a-move').count(), 5);
  await page.keyboard.press('ArrowLeft');
  await waitAt(page, 4);
  await page.fill('#a-feen', '4k3/8/8/8/8/8/4P3/4K3 w - - 0 1');
  await page.click('#a-feen-go');
  await page.waitForFunction(() => document.querySelectorAll('#a-board g.piece').length === 3);
  await waitAt(page, 0);
  await snap(page, 'analysis-import-phone');
  assert.deepEqual(errors, []);
  await ctx.close();
});

test('a files-only game in the analysis board from its FEEN (desktop)', async () => {
  const listed = await (await fetch(`${server.base}/api/games`)).json();
  const zogoma = listed.games.find((g) => g.name === 'zogoma');
  const { ctx, page, errors } = await newPage(DESKTOP);
  await page.goto(`${server.base}/analysis?feen=${encodeURIComponent(zogoma.start_feen)}`);
  await page.waitForFunction(() => /Zogoma/.test(document.getElementById('a-status').textContent));
  assert.equal(await page.locator('#a-board rect[data-cell]').count(), 25);
  const legal = (await api(server.base, 'POST', '/api/analysis', { feen: zogoma.start_feen, moves: [] })).body.legal;
  const mv = legal.find((l) => l.from && l.to);
  await clickA(page, mv.from);
  await clickA(page, mv.to);
  await waitAt(page, 1);
  await evaluateHere(page, await page.evaluate(() => document.getElementById('eval-label').textContent.split(' ')[0]));
  await page.keyboard.press('ArrowLeft');
  await waitAt(page, 0);
  await snap(page, 'analysis-zogoma-desktop');
  assert.deepEqual(errors, []);
  await ctx.close();
});

test('a promotion chosen in the dialog on the analysis board, then stepped back (phone)', async () => {
  const { ctx, page, errors } = await newPage(PHONE);
  await page.goto(`${server.base}/analysis?feen=${encodeURIComponent('8/P7/8/8/8/8/8/k6K w - - 0 1')}`);
  await page.waitForSelector('#a-board g.piece[data-cell="a7"]');
  await clickA(page, 'a7');
  await clickA(page, 'a8');
  await page.waitForSelector('#chooser:not([hidden])');
  await page.click('#chooser-options [data-choice="=N"]');
  await waitAt(page, 1);
  assert.equal(await page.getAttribute('#a-board g.piece[data-cell="a8"]', 'data-piece'), 'N');
  assert.equal((await page.textContent('#a-moves .a-move.current')).trim(), '1. a8=N');
  await page.click('#a-back');
  await waitAt(page, 0);
  assert.equal(await page.getAttribute('#a-board g.piece[data-cell="a7"]', 'data-piece'), 'P');
  assert.deepEqual(errors, []);
  await ctx.close();
});

/** Plays the first legal move of game `id` for the side to move. */
async function playFirst(id, tokens) {
  const { body } = await api(server.base, 'GET', `/api/games/${id}/state`);
  const g = body.game;
  const mv = g.legal.find((l) => l.from && l.to);
  const r = await api(server.base, 'POST', `/api/games/${id}/moves`, { move: mv.pmn }, tokens[g.turn]);
  assert.equal(r.status, 200, JSON.stringify(r.body));
}

for (const [rules, size, name] of [['zogoma', DESKTOP, 'desktop'], ['chess', PHONE, 'phone'], ['ogi', DESKTOP, 'desktop']]) {
  test(`stepping through a live ${rules} game's moves (${name})`, async () => {
    const { body } = await api(server.base, 'POST', '/api/games', { rules });
    const tokens = body.seats;
    const id = body.id;
    const { ctx, page, errors } = await newPage(size);
    await page.goto(`${server.base}/game/${id}`);
    await page.waitForSelector('#board g.piece');
    const s0 = await boardOf(page);
    await playFirst(id, tokens);
    await waitPlies(page, 1);
    const s1 = await boardOf(page);
    await playFirst(id, tokens);
    await waitPlies(page, 2);
    const s2 = await boardOf(page);
    assert.notEqual(s0, s1);
    // A click on the first move shows the position after it.
    await page.locator('#moves [data-pmn]').first().click();
    await waitBoard(page, s1);
    assert.equal(await page.getAttribute('body', 'data-viewing'), '1');
    await page.waitForSelector('#viewing:not([hidden])');
    await page.keyboard.press('ArrowLeft');
    await waitBoard(page, s0);
    await page.keyboard.press('ArrowRight');
    await waitBoard(page, s1);
    await page.keyboard.press('End');
    await waitBoard(page, s2);
    assert.equal(await page.getAttribute('body', 'data-viewing'), '');
    await page.keyboard.press('Home');
    await waitBoard(page, s0);
    await snap(page, `stepping-${rules}-${name}`);
    // The board's own squares keep the arrows: focused there, Left moves the focus, not the view.
    await page.focus('#board-grid [tabindex="0"]');
    await page.keyboard.press('ArrowRight');
    assert.equal(await page.getAttribute('body', 'data-viewing'), '0');
    await page.keyboard.press('Home');
    assert.equal(await page.getAttribute('body', 'data-viewing'), '0');
    // Enter on a square while the past is shown comes back to the present (no move made).
    await page.keyboard.press('Enter');
    await waitBoard(page, s2);
    assert.equal(await page.getAttribute('body', 'data-viewing'), '');
    await page.locator('#moves [data-pmn]').first().click();
    await waitBoard(page, s1);
    await page.keyboard.press('Home');
    await waitBoard(page, s0);
    // A live move brings the view back to the present.
    await playFirst(id, tokens);
    await waitPlies(page, 3);
    await page.waitForFunction(() => document.body.dataset.viewing === '');
    assert.notEqual(await boardOf(page), s0);
    // The board, pressed while the past is shown, comes back to the present (no move made).
    const s3 = await boardOf(page);
    await page.keyboard.press('ArrowLeft');
    await waitBoard(page, s2);
    await page.locator('#board rect[data-cell]').first().click({ force: true });
    await waitBoard(page, s3);
    assert.equal(await page.getAttribute('body', 'data-viewing'), '');
    assert.deepEqual(errors, []);
    await ctx.close();
  });
}
