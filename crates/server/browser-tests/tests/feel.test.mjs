// How play feels on the game page: sounds (move, capture, check, end) and their mute switch,
// premoves (a move chosen while the opponent thinks, played when the turn comes), and the
// "Reconnecting…" state while the server is away (a restart), for chess, Ōgi and a game of files,
// at desktop and phone sizes.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import {
  kogomaAs, startServer, startBrowser, snap, api, clickCell, dragCell, waitPlies, plies,
} from './harness.mjs';

let server;
let chrome;
let games;
const errors = [];

const DESKTOP = { width: 1280, height: 900 };
const PHONE = { width: 390, height: 844 };

before(async () => {
  games = mkdtempSync(path.join(os.tmpdir(), 'tegoma-games-'));
  kogomaAs(path.join(games, 'zogoma'), 'Zogoma', 'Z');
  server = await startServer('feel', { TEGOMA_GAMES: games });
  chrome = await startBrowser();
});

after(async () => {
  if (chrome) await chrome.close();
  if (server) server.stop();
  if (games) rmSync(games, { recursive: true, force: true });
  assert.deepEqual(errors, [], 'no console error and no script error on any page');
});

/** A page of the game `id` with the seat of `token` (or a spectator's), at `viewport`. */
async function open(id, token, viewport) {
  const ctx = await chrome.browser.newContext({ viewport });
  const page = await ctx.newPage();
  page.on('pageerror', (e) => errors.push(String(e)));
  page.on('console', (m) => { if (m.type() === 'error') errors.push(m.text()); });
  await page.goto(`${server.base}/game/${id}${token ? `#seat=${token}` : ''}`);
  await page.waitForSelector('#board rect');
  if (token) await page.waitForFunction(() => document.body.dataset.side !== '');
  return { ctx, page };
}

async function create(body) {
  const r = await api(server.base, 'POST', '/api/games', body);
  assert.equal(r.status, 201, JSON.stringify(r.body));
  return r.body;
}

async function move(id, token, mv) {
  const r = await api(server.base, 'POST', `/api/games/${id}/moves`, { move: mv }, token);
  assert.equal(r.status, 200, `${mv}: ${JSON.stringify(r.body)}`);
}

/** Waits for the page's `n`th sound and returns its kind. */
async function soundNumber(page, n) {
  await page.waitForFunction((k) => Number(document.body.dataset.sounds || 0) >= k, n, { timeout: 10000 });
  return page.evaluate(() => document.body.dataset.sound);
}

test('chess: a move, a capture, a check and the end each sound; the mute switch is kept', async () => {
  const g = await create({ rules: 'chess' });
  const black = await open(g.id, g.seats.second, DESKTOP);
  const p = black.page;
  assert.equal(await p.getAttribute('#mute', 'aria-pressed'), 'false');
  await move(g.id, g.seats.first, 'e4');
  assert.equal(await soundNumber(p, 1), 'move');
  await clickCell(p, 'd7');
  await clickCell(p, 'd5');
  assert.equal(await soundNumber(p, 2), 'move', "the player's own move sounds");
  await move(g.id, g.seats.first, 'exd5');
  assert.equal(await soundNumber(p, 3), 'capture');
  await dragCell(p, 'd8', 'd5');
  assert.equal(await soundNumber(p, 4), 'capture');
  await move(g.id, g.seats.first, 'Nc3');
  assert.equal(await soundNumber(p, 5), 'move');
  await clickCell(p, 'd5');
  await clickCell(p, 'e5');
  assert.equal(await soundNumber(p, 6), 'check');
  await p.click('#mute');
  assert.equal(await p.getAttribute('#mute', 'aria-pressed'), 'true');
  await snap(p, 'feel-chess-muted');
  await p.reload();
  await p.waitForSelector('#board rect');
  assert.equal(await p.getAttribute('#mute', 'aria-pressed'), 'true', 'muted after a reload');
  await p.waitForFunction(() => document.body.dataset.seq !== undefined && document.body.dataset.seq !== '0');
  const r = await api(server.base, 'POST', `/api/games/${g.id}/resign`, {}, g.seats.first);
  assert.equal(r.status, 200);
  assert.equal(await soundNumber(p, 1), 'end', 'the end of the game sounds (muted: no audio, still counted)');
  await p.click('#mute');
  assert.equal(await p.getAttribute('#mute', 'aria-pressed'), 'false');
  await black.ctx.close();
});

test('chess at desktop size: a premove is played when the turn comes, an illegal one is cancelled', async () => {
  const g = await create({ rules: 'chess' });
  const black = await open(g.id, g.seats.second, DESKTOP);
  const p = black.page;
  // White to move: Black premoves e7-e5, marked on the board.
  await clickCell(p, 'e7');
  await clickCell(p, 'e5');
  assert.deepEqual(
    await p.$$eval('#board [data-premove]', (r) => r.map((x) => x.dataset.premove).sort()),
    ['e5', 'e7'],
  );
  await snap(p, 'feel-chess-premove');
  await move(g.id, g.seats.first, 'e4');
  await waitPlies(p, 2);
  assert.deepEqual(await plies(p), ['e2-e4', 'e7-e5']);
  assert.equal(await p.locator('#board [data-premove]').count(), 0, 'the premove is used up');
  // A premove by drag that is not legal when the turn comes: the queen through its own pawn.
  await dragCell(p, 'd8', 'd5');
  assert.equal(await p.locator('#board [data-premove]').count(), 2);
  await move(g.id, g.seats.first, 'd4');
  await p.waitForFunction(() => document.getElementById('error').textContent.includes('Premove cancelled'));
  assert.deepEqual(await plies(p), ['e2-e4', 'e7-e5', 'd2-d4']);
  // Escape cancels a premove.
  await move(g.id, g.seats.second, 'Nc6');
  await waitPlies(p, 4);
  await clickCell(p, 'g8');
  await clickCell(p, 'f6');
  assert.equal(await p.locator('#board [data-premove]').count(), 2);
  await p.keyboard.press('Escape');
  assert.equal(await p.locator('#board [data-premove]').count(), 0);
  await black.ctx.close();
});

test('Ōgi at phone size: a premove is played when the turn comes, with its sound', async () => {
  const state = async (id) => (await api(server.base, 'GET', `/api/games/${id}/state`)).body.game;
  // A scratch game says which moves the second player has after the first player's opening.
  const scratch = await create({ rules: 'ogi' });
  const opening = (await state(scratch.id)).legal.find((l) => l.from && l.to && !l.mutation);
  await move(scratch.id, scratch.seats.first, opening.pmn);
  const reply = (await state(scratch.id)).legal.find((l) => l.from && l.to && !l.mutation);

  const g = await create({ rules: 'ogi' });
  const second = await open(g.id, g.seats.second, PHONE);
  const p = second.page;
  await clickCell(p, reply.from);
  await clickCell(p, reply.to);
  assert.deepEqual(
    await p.$$eval('#board [data-premove]', (r) => r.map((x) => x.dataset.premove).sort()),
    [reply.from, reply.to].sort(),
  );
  await snap(p, 'feel-ogi-premove-phone');
  await move(g.id, g.seats.first, opening.pmn);
  await waitPlies(p, 2);
  assert.deepEqual(await plies(p), [opening.pmn, reply.pmn], 'the premove was played');
  assert.ok(Number(await p.evaluate(() => document.body.dataset.sounds)) >= 2, 'both moves sounded');
  await second.ctx.close();
});

test('a game of files: moves sound; the page says "Reconnecting…" while the server restarts', async () => {
  const g = await create({ rules: 'zogoma' });
  const first = await open(g.id, g.seats.first, PHONE);
  const p = first.page;
  assert.equal(await p.isVisible('#connection'), false);
  const state = (await api(server.base, 'GET', `/api/games/${g.id}/state`)).body.game;
  const mv = state.legal.find((l) => l.from && l.to);
  await clickCell(p, mv.from);
  await clickCell(p, mv.to);
  assert.equal(await soundNumber(p, 1), 'move');
  // The server stops: the page says it is reconnecting; it starts again on the same port and
  // database: the page is back, with the move.
  const { port } = server;
  server.stop();
  await server.exited;
  await p.waitForSelector('#connection', { state: 'visible', timeout: 10000 });
  assert.equal(await p.textContent('#connection'), 'Reconnecting…');
  await snap(p, 'feel-reconnecting-phone');
  server = await startServer('feel', { TEGOMA_GAMES: games }, port);
  await p.waitForSelector('#connection', { state: 'hidden', timeout: 15000 });
  assert.deepEqual(await plies(p), [mv.pmn]);
  await first.ctx.close();
});

test('the pieces are fetched once and stay drawn offline; the tab title says whose turn (chess, Ōgi)', async () => {
  for (const [rules, viewport] of [['chess', DESKTOP], ['ogi', PHONE]]) {
    const g = await create({ rules });
    const ctx = await chrome.browser.newContext({ viewport });
    const page = await ctx.newPage();
    page.on('pageerror', (e) => errors.push(String(e)));
    const fetched = [];
    page.on('request', (r) => { if (r.url().includes('pieces.svg')) fetched.push(r.url()); });
    await page.goto(`${server.base}/game/${g.id}#seat=${g.seats.first}`);
    await page.waitForFunction(() => document.body.dataset.side === 'first');
    assert.match(await page.title(), /^Your turn · .+ · Tegoma$/);
    const pieces = await page.locator('#board [data-piece]').count();
    assert.ok(pieces > 0);
    // Flips and a move draw the board again: the pieces' file is not asked for again.
    await page.click('#flip');
    await page.click('#flip');
    const first = (await api(server.base, 'GET', `/api/games/${g.id}/state`)).body.game.legal.find((l) => l.from && l.to);
    await move(g.id, g.seats.first, first.pmn);
    await waitPlies(page, 1);
    assert.doesNotMatch(await page.title(), /^Your turn/, 'the opponent is to move');
    assert.ok(fetched.length <= 1, `pieces.svg fetched ${fetched.length} times`);
    // Offline: the board is drawn again from what the browser kept.
    await ctx.setOffline(true);
    await page.click('#flip');
    assert.equal(await page.locator('#board [data-piece]').count(), pieces);
    assert.ok(fetched.length <= 1, `pieces.svg fetched ${fetched.length} times`);
    await snap(page, `feel-offline-${rules}`);
    // Back online the page reconnects by itself (the server's socket was not cut by the
    // browser's offline mode, or it was and comes back).
    await ctx.setOffline(false);
    await ctx.close();
  }
});
