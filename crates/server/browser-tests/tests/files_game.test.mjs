// A game that exists only as files, found at run time: a copy of Kogoma under another name and
// style letter (Zogoma, `Z/z`) in a directory named by `TEGOMA_GAMES`. The lobby offers it
// (from `GET /api/games`), the board draws it and two players play it to its end, with no code
// change in the server or the board.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { kogomaAs, startServer, startBrowser, snap, clickCell, waitPlies, plies } from './harness.mjs';

let server;
let chrome;
let games;

before(async () => {
  games = mkdtempSync(path.join(os.tmpdir(), 'tegoma-games-'));
  kogomaAs(path.join(games, 'zogoma'), 'Zogoma', 'Z');
  server = await startServer('files-game', { TEGOMA_GAMES: games });
  chrome = await startBrowser();
});

after(async () => {
  if (chrome) await chrome.close();
  if (server) server.stop();
  if (games) rmSync(games, { recursive: true, force: true });
});

test('a game found under TEGOMA_GAMES is offered by the lobby and played to its end', async () => {
  const listed = await (await fetch(`${server.base}/api/games`)).json();
  const zogoma = listed.games.find((g) => g.name === 'zogoma');
  assert.ok(zogoma, 'GET /api/games lists the game of files');
  assert.equal(zogoma.display, 'Zogoma');
  assert.equal(zogoma.id, 'tegoma.zogoma/1');
  assert.equal(zogoma.styles, 'Z/z');

  const ctx = await chrome.browser.newContext({ viewport: { width: 1000, height: 800 } });
  const first = await ctx.newPage();
  first.on('pageerror', (e) => console.error('page error:', e));
  await first.goto(`${server.base}/`);
  await first.waitForSelector('#rules option[value="zogoma"]', { state: 'attached' });
  assert.equal((await first.locator('#rules option[value="zogoma"]').textContent()).trim(), 'Zogoma');
  await first.selectOption('#rules', 'zogoma');
  await snap(first, 'zogoma-lobby');
  await first.click('#create');
  await first.waitForSelector('#invite-link');
  await first.waitForSelector('#board rect');
  const invite = await first.inputValue('#invite-link');
  // A 5x5 board with the ten pieces of the copy.
  assert.equal(await first.locator('#board rect[data-cell]').count(), 25);
  assert.equal(await first.locator('#board [data-piece]').count(), 12);

  const ctx2 = await chrome.browser.newContext({ viewport: { width: 1000, height: 800 } });
  const second = await ctx2.newPage();
  second.on('pageerror', (e) => console.error('page error:', e));
  await second.goto(invite);
  await second.waitForSelector('#board rect');
  await second.waitForFunction(() => document.getElementById('seat-label').textContent.includes('second'));
  await snap(first, 'zogoma-start');

  // The Rook takes the Pawn, the second player's Rook steps aside, the Rook takes the King
  // (declining promotion as it enters the zone).
  await clickCell(first, 'e1');
  await clickCell(first, 'e4');
  await waitPlies(second, 1);
  await clickCell(second, 'a5');
  await clickCell(second, 'a4');
  await waitPlies(first, 2);
  await clickCell(first, 'e4');
  await clickCell(first, 'e5');
  // The Rook enters the zone: the board offers the copy's promotion, declined.
  await first.waitForSelector('#chooser:not([hidden])');
  await snap(first, 'zogoma-promotion-dialog');
  await first.click('#chooser-options button[data-choice="none"]');
  for (const p of [first, second]) {
    await waitPlies(p, 3);
    await p.waitForFunction(() => document.getElementById('result').dataset.reason === 'mareking');
    assert.equal(await p.getAttribute('#result', 'data-result'), 'first');
  }
  assert.deepEqual(await plies(second), ['e1+e4', 'a5-a4', 'e4+e5']);
  await snap(first, 'zogoma-end');
  await ctx.close();
  await ctx2.close();
});
