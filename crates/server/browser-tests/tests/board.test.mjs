// The web board in headless Chromium: two players and a spectator, each in a browser context of
// its own, play through the board (clicks, drags, the choice dialog, drops, the text box).
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import {
  startServer, startBrowser, snap, api, clickCell, dragCell, waitPlies, plies,
} from './harness.mjs';

let server;
let chrome;

before(async () => {
  server = await startServer('board');
  chrome = await startBrowser();
});

after(async () => {
  if (chrome) await chrome.close();
  if (server) server.stop();
});

async function open(url, viewport) {
  const ctx = await chrome.browser.newContext({ viewport: viewport || { width: 1000, height: 800 } });
  const page = await ctx.newPage();
  page.on('pageerror', (e) => console.error('page error:', e));
  await page.goto(url);
  await page.waitForSelector('#board rect');
  return { ctx, page };
}

// Creates a game through the lobby page; returns the first player's page and the invite link.
async function createThroughLobby(rules, feen, clock) {
  const ctx = await chrome.browser.newContext({ viewport: { width: 1000, height: 800 } });
  const page = await ctx.newPage();
  page.on('pageerror', (e) => console.error('page error:', e));
  await page.goto(`${server.base}/`);
  await page.selectOption('#rules', rules);
  if (feen) await page.fill('#feen', feen);
  if (clock) {
    await page.selectOption('#clock', 'custom');
    await page.fill('#custom-periods', clock);
  }
  await snap(page, `${rules}-lobby`);
  await page.click('#create');
  await page.waitForSelector('#invite-link');
  await page.waitForSelector('#board rect');
  const invite = await page.inputValue('#invite-link');
  const spectate = await page.inputValue('#spectate-link');
  assert.ok(!spectate.includes('seat='), 'no token in the spectator link');
  assert.ok(!page.url().includes('seat='), 'no token left in the address bar');
  await page.waitForFunction(() => document.getElementById('seat-label').textContent.includes('first'));
  return { ctx, page, invite, spectate };
}

test('chess to checkmate with a promotion chosen in the dialog; spectator; reload', async () => {
  // White: Ka1, pawn a6; Black: Kh8, pawns d7 g7 h7 (FEEN of FEN 7k/3p2pp/P7/8/8/8/8/K7 w).
  const feen = '7k^/3+p2+p+p/P7/8/8/8/8/K^7 / C/c';
  const white = await createThroughLobby('chess', feen);
  const black = await open(white.invite);
  const watcher = await open(white.spectate, { width: 390, height: 844 }); // phone width
  await black.page.waitForFunction(() => document.getElementById('seat-label').textContent.includes('second'));
  await snap(white.page, 'chess-start-white');
  await snap(black.page, 'chess-start-black');
  await snap(watcher.page, 'chess-start-spectator');

  // 1. a7 by dragging the pawn.
  await dragCell(white.page, 'a6', 'a7');
  for (const p of [white.page, black.page, watcher.page]) await waitPlies(p, 1);
  await snap(white.page, 'chess-1-white-drag');

  // The spectator cannot move: a click selects nothing.
  await clickCell(watcher.page, 'd7');
  assert.equal(await watcher.page.locator('#board circle.dest').count(), 0);

  // Black reloads in the middle of the game: the board and the seat come back.
  await black.page.reload();
  await black.page.waitForFunction(() => document.querySelectorAll('#moves [data-pmn]').length === 1);
  await black.page.waitForFunction(() => document.getElementById('seat-label').textContent.includes('second'));
  await snap(black.page, 'chess-1-black-after-reload');

  // 1... d5 by click-click.
  await clickCell(black.page, 'd7');
  assert.ok(await black.page.locator('#board circle.dest[data-dest="d5"]').count() === 1);
  await clickCell(black.page, 'd5');
  for (const p of [white.page, black.page, watcher.page]) await waitPlies(p, 2);
  await snap(black.page, 'chess-1-black-d5');

  // 2. a8=Q#: the dialog offers the four pieces; choose the queen.
  await clickCell(white.page, 'a7');
  await clickCell(white.page, 'a8');
  await white.page.waitForSelector('#chooser:not([hidden])');
  const choices = await white.page.$$eval('#chooser-options button', (b) => b.map((x) => x.textContent));
  assert.deepEqual(choices.sort(), ['Bishop', 'Knight', 'Queen', 'Rook']);
  await snap(white.page, 'chess-2-promotion-dialog');
  await white.page.click('#chooser-options button[data-choice="=Q"]');
  for (const p of [white.page, black.page, watcher.page]) await waitPlies(p, 3);
  for (const p of [white.page, black.page, watcher.page]) {
    await p.waitForFunction(() => document.getElementById('result').dataset.reason === 'checkmate');
    assert.equal(await p.getAttribute('#result', 'data-result'), 'first');
    assert.deepEqual(await plies(p), ['a6-a7', 'd7-d5', 'a7-a8=Q']);
    assert.match(await p.textContent('#moves'), /a8=Q#/);
    assert.equal(await p.locator('#board rect.check').count(), 1, 'the mated king is highlighted');
  }
  await snap(white.page, 'chess-3-checkmate-white');
  await snap(black.page, 'chess-3-checkmate-black');
  await snap(watcher.page, 'chess-3-checkmate-spectator');

  // Export: PGN with the result.
  await white.page.click('#export summary');
  await white.page.click('#show-pgn');
  await white.page.waitForFunction(() => document.getElementById('export-text').value.includes('1-0'));
  // Ply times are kept as `%emt` comments between a move and the result (R10).
  const exported = await white.page.inputValue('#export-text');
  assert.match(exported, /2\. a8=Q#/);
  assert.match(exported, /1-0\s*$/);
  await white.page.click('#show-feen');
  assert.match(await white.page.inputValue('#export-text'), /^Q\d/);
  await snap(white.page, 'chess-export');
  for (const c of [white, black, watcher]) await c.ctx.close();
});

test('Ōgi: the King\'s privilege, a declined promotion, a drop, a typed move', async () => {
  // First: K e1, S e5, a silver in hand; second: k h8 and a dragon (+r) on e2.
  const feen = '7k^/8/8/4S3/8/8/4+r3/4K^3 S/ O/o';
  const first = await createThroughLobby('ogi', feen);
  const second = await open(first.invite);
  const watcher = await open(first.spectate);
  await second.page.waitForFunction(() => document.getElementById('seat-label').textContent.includes('second'));
  await snap(first.page, 'ogi-start');

  // The King takes the dragon and keeps it promoted.
  await clickCell(first.page, 'e1');
  await clickCell(first.page, 'e2');
  await first.page.waitForSelector('#chooser:not([hidden])');
  await snap(first.page, 'ogi-1-privilege-dialog');
  await first.page.click('#chooser-options button[data-choice="/+R"]');
  for (const p of [first.page, second.page, watcher.page]) await waitPlies(p, 1);
  assert.deepEqual(await plies(first.page), ['e1+e2/+R']);
  assert.equal(await first.page.locator('#hand-bottom [data-hand-piece="+R"]').count(), 1);
  await snap(first.page, 'ogi-1-privilege-kept');

  await clickCell(second.page, 'h8');
  await clickCell(second.page, 'g8');
  await waitPlies(first.page, 2);

  // The silver enters the zone and declines promotion.
  await clickCell(first.page, 'e5');
  await clickCell(first.page, 'e6');
  await first.page.waitForSelector('#chooser:not([hidden])');
  await snap(first.page, 'ogi-2-promotion-dialog');
  await first.page.click('#chooser-options button[data-choice="none"]');
  await waitPlies(first.page, 3);
  assert.equal((await plies(first.page))[2], 'e5-e6');

  // Second moves by typing in the text box.
  await second.page.fill('#move-input', 'g8-h8');
  await second.page.click('#move-submit');
  await waitPlies(first.page, 4);

  // A drop from the hand.
  await first.page.click('#hand-bottom [data-hand-piece="S"]');
  await clickCell(first.page, 'b4');
  for (const p of [first.page, second.page, watcher.page]) await waitPlies(p, 5);
  assert.deepEqual(await plies(watcher.page), ['e1+e2/+R', 'h8-g8', 'e5-e6', 'g8-h8', 'S*b4']);
  await snap(first.page, 'ogi-3-drop');
  await snap(watcher.page, 'ogi-3-spectator');

  // Export: PCN lists every ply.
  await first.page.click('#export summary');
  await first.page.click('#show-pcn');
  await first.page.waitForFunction(() => document.getElementById('export-text').value.includes('S*b4'));
  for (const c of [first, second, watcher]) await c.ctx.close();
});

test('a game ends on time by the server clock', async () => {
  const created = await api(server.base, 'POST', '/api/games', { rules: 'chess', periods: [{ time: 3 }] });
  assert.equal(created.status, 201);
  const { id, seats } = created.body;
  const white = await open(`${server.base}/game/${id}#seat=${seats.first}`);
  const black = await open(`${server.base}/game/${id}#seat=${seats.second}`);
  await white.page.fill('#move-input', 'e4');
  await white.page.click('#move-submit');
  await waitPlies(black.page, 1);
  await snap(black.page, 'clock-running');
  // Black never moves: the server's clock ends the game.
  for (const p of [white.page, black.page]) {
    await p.waitForFunction(() => document.getElementById('result').dataset.reason === 'timelimit', null, { timeout: 10000 });
    assert.equal(await p.getAttribute('#result', 'data-result'), 'first');
  }
  await snap(black.page, 'clock-flag-fell');
  for (const c of [white, black]) await c.ctx.close();
});

test('import a PGN through the lobby', async () => {
  const ctx = await chrome.browser.newContext();
  const page = await ctx.newPage();
  await page.goto(`${server.base}/`);
  await page.fill('#import-text', '[Event "x"]\n\n1. e4 e5 2. Nf3 Nc6 *\n');
  await page.click('#import');
  await page.waitForSelector('#board rect');
  await waitPlies(page, 4);
  await snap(page, 'import-pgn');
  await ctx.close();
});

test('resigning and offering a draw ask for a second click', async () => {
  const white = await createThroughLobby('chess');
  const black = await open(white.invite);
  await black.page.waitForFunction(() => document.getElementById('seat-label').textContent.includes('second'));
  // The creator's seat and invite link survive a new tab (the same browser, the address
  // without its token).
  const again = await white.ctx.newPage();
  await again.goto(white.spectate);
  await again.waitForFunction(() => document.getElementById('seat-label').textContent.includes('first'));
  assert.equal(await again.inputValue('#invite-link'), white.invite);
  await again.close();
  // A move out of turn is refused in words a player understands.
  await black.page.fill('#move-input', 'e7-e5');
  await black.page.click('#move-submit');
  await black.page.waitForFunction(() => document.getElementById('error').textContent !== '');
  assert.equal(await black.page.textContent('#error'), 'It is not your turn.');
  // One click asks; the question goes away by itself; nothing was sent.
  await white.page.click('#resign');
  assert.equal(await white.page.textContent('#resign'), 'Confirm resign');
  await snap(white.page, 'confirm-resign');
  await white.page.waitForFunction(() => document.getElementById('resign').textContent === 'Resign', null, { timeout: 5000 });
  assert.equal(await white.page.getAttribute('#result', 'data-reason'), '');
  // Two clicks offer a draw, then resign.
  await white.page.click('#draw');
  assert.equal(await white.page.textContent('#draw'), 'Confirm draw offer');
  await white.page.click('#draw');
  await black.page.waitForFunction(() => document.getElementById('draw').textContent === 'Accept draw');
  await white.page.click('#resign');
  await white.page.click('#resign');
  for (const p of [white.page, black.page]) {
    await p.waitForFunction(() => document.getElementById('result').dataset.reason === 'resignation');
    assert.equal(await p.getAttribute('#result', 'data-result'), 'second');
  }
  for (const c of [white, black]) await c.ctx.close();
});
