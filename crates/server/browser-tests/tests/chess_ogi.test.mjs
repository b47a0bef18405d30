// Chess against Ōgi on the board: the lobby's army choice from the game's starts, its page for
// players, and a game played to its end with both kinds of promotion chosen in the dialog, a
// capture into the Ōgi hand and a drop of it, each army drawn in its own style.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { startServer, startBrowser, snap, clickCell, waitPlies, plies } from './harness.mjs';

let server;
let chrome;

before(async () => {
  server = await startServer('chess-ogi');
  chrome = await startBrowser();
});

after(async () => {
  if (chrome) await chrome.close();
  if (server) server.stop();
});

async function newPage() {
  const ctx = await chrome.browser.newContext({ viewport: { width: 1000, height: 800 } });
  const page = await ctx.newPage();
  page.on('pageerror', (e) => console.error('page error:', e));
  return { ctx, page };
}

/** The game's FEEN, from its state (`GET /api/games/{id}/state`). */
async function feenOf(page) {
  return page.evaluate(async () => {
    const id = location.pathname.split('/').pop();
    const r = await fetch(`/api/games/${id}/state`);
    const j = await r.json();
    return j.game.feen;
  });
}

/** Checks that every piece of the page (board and hands) is drawn by its own army, in a C/o
 * game: the first player's (uppercase) pieces are chess figurines, the second's Ōgi pentagons,
 * whoever is to move (the FEEN's style field names the player to move first). */
async function eachArmyInItsStyle(page, when) {
  const drawn = await page.$$eval('g.piece', (gs) => gs.map((g) => ({
    piece: g.dataset.piece,
    shape: g.querySelector('use').getAttribute('href').split('#')[1],
  })));
  assert.ok(drawn.length > 0, when);
  for (const { piece, shape } of drawn) {
    const first = /[A-Z]/.test(piece.replace(/[^A-Za-z]/g, '')[0]);
    assert.match(shape, first ? /^fig-/ : /^koma$/, `${when}: ${piece}`);
  }
}

test('the lobby offers the armies and the rules page, and creates the chosen order', async () => {
  const { ctx, page } = await newPage();
  await page.goto(`${server.base}/`);
  await page.waitForSelector('#rules option[value="chess-ogi"]', { state: 'attached' });
  assert.equal((await page.locator('#rules option[value="chess-ogi"]').textContent()).trim(), 'Chess against Ōgi');
  await page.selectOption('#rules', 'chess-ogi');
  await page.waitForSelector('#armies:not([hidden])');
  // The rules page, from docs/chess-ogi.md.
  await page.click('#guide-link');
  await page.waitForSelector('#guide:not([hidden])');
  assert.match(await page.locator('#guide-text').textContent(), /each player keeps its own\s+rules/);
  // Its tables (the Ōgi pieces, the endings) are drawn as tables.
  assert.equal(await page.locator('#guide-text table').count(), 2);
  assert.match(await page.locator('#guide-text table').first().textContent(), /Princess/);
  await snap(page, 'chess-ogi-guide');
  await page.click('#guide-close');
  // The Ōgi army, moving second: the creator sits second on the C/o start.
  await page.selectOption('#my-army', { label: 'Ōgi' });
  await page.selectOption('#first-army', { label: 'Chess' });
  await snap(page, 'chess-ogi-lobby');
  await page.click('#create');
  await page.waitForSelector('#board rect');
  await page.waitForFunction(() => document.getElementById('seat-label').textContent.includes('second'));
  const feen = await feenOf(page);
  assert.ok(feen.endsWith(' / C/o'), feen);
  // The Chess army's 16 pieces and the Ōgi army's 18.
  assert.equal(await page.locator('#board [data-piece]').count(), 34);
  await snap(page, 'chess-ogi-start-ogi-seat');
  await ctx.close();
});

test('a game to the capture of the Ōgi King: both promotions, a capture into the hand, a drop', async () => {
  // Chess (first): K e1, a pawn on b7, a knight on d4. Ōgi (second): K h8, a rook on d8, a
  // pawn on g3.
  const feen = '3r3k^/1P6/8/8/3N4/6p1/8/4K^3 / C/o';
  const chess = await newPage();
  await chess.page.goto(`${server.base}/`);
  await chess.page.waitForSelector('#rules option[value="chess-ogi"]', { state: 'attached' });
  await chess.page.selectOption('#rules', 'chess-ogi');
  await chess.page.selectOption('#my-army', { label: 'Chess' });
  await chess.page.fill('#feen', feen);
  await chess.page.click('#create');
  await chess.page.waitForSelector('#invite-link');
  await chess.page.waitForSelector('#board rect');
  await chess.page.waitForFunction(() => document.getElementById('seat-label').textContent.includes('first'));
  const invite = await chess.page.inputValue('#invite-link');
  const ogi = await newPage();
  await ogi.page.goto(invite);
  await ogi.page.waitForSelector('#board rect');
  await ogi.page.waitForFunction(() => document.getElementById('seat-label').textContent.includes('second'));
  assert.match(await chess.page.textContent('#status'), /^Chess against Ōgi · Chess to move/);
  // The tab's title says whose turn it is.
  assert.equal(await chess.page.title(), 'Your turn · Chess against Ōgi · Tegoma');
  assert.equal(await ogi.page.title(), 'Chess to move · Chess against Ōgi · Tegoma');
  await snap(chess.page, 'chess-ogi-0-start');

  // 1. The chess pawn promotes: the dialog offers the four pieces; a queen.
  await clickCell(chess.page, 'b7');
  await clickCell(chess.page, 'b8');
  await chess.page.waitForSelector('#chooser:not([hidden])');
  const offered = await chess.page.$$eval('#chooser-options button', (b) => b.map((x) => x.dataset.choice));
  assert.deepEqual([...offered].sort(), ['=B', '=N', '=Q', '=R']);
  await snap(chess.page, 'chess-ogi-1-chess-promotion');
  await chess.page.click('#chooser-options button[data-choice="=Q"]');
  await waitPlies(ogi.page, 1);

  // 2. The Ōgi rook takes the knight: a knight enters the Ōgi hand.
  await clickCell(ogi.page, 'd8');
  await clickCell(ogi.page, 'd4');
  await waitPlies(chess.page, 2);
  await ogi.page.waitForSelector('#hand-bottom [data-hand-piece="n"]');
  await snap(ogi.page, 'chess-ogi-2-capture-into-hand');
  for (const p of [chess.page, ogi.page]) await eachArmyInItsStyle(p, 'after d8+d4');

  // 3. The chess King steps aside.
  await clickCell(chess.page, 'e1');
  await clickCell(chess.page, 'e2');
  await waitPlies(ogi.page, 3);

  // 4. The Ōgi player drops the knight.
  await ogi.page.click('#hand-bottom [data-hand-piece="n"]');
  await clickCell(ogi.page, 'c6');
  await waitPlies(chess.page, 4);
  assert.equal(await ogi.page.locator('#hand-bottom [data-hand-piece="n"]').count(), 0);
  await snap(ogi.page, 'chess-ogi-4-drop');
  for (const p of [chess.page, ogi.page]) await eachArmyInItsStyle(p, 'after n*c6');

  // 5. The chess King steps back.
  await clickCell(chess.page, 'e2');
  await clickCell(chess.page, 'e1');
  await waitPlies(ogi.page, 5);

  // 6. The Ōgi pawn moves within its zone: the dialog offers to promote; it does.
  await clickCell(ogi.page, 'g3');
  await clickCell(ogi.page, 'g2');
  await ogi.page.waitForSelector('#chooser:not([hidden])');
  const choices = await ogi.page.$$eval('#chooser-options button', (b) => b.map((x) => x.dataset.choice));
  assert.deepEqual([...choices].sort(), ['=+p', 'none']);
  await snap(ogi.page, 'chess-ogi-6-ogi-promotion');
  await ogi.page.click('#chooser-options button[data-choice="=+p"]');
  await waitPlies(chess.page, 6);

  // 7. The queen takes the Ōgi King along the eighth rank: mareking, the Chess army wins.
  await clickCell(chess.page, 'b8');
  await clickCell(chess.page, 'h8');
  for (const p of [chess.page, ogi.page]) {
    await waitPlies(p, 7);
    await p.waitForFunction(() => document.getElementById('result').dataset.reason === 'mareking');
    assert.equal(await p.getAttribute('#result', 'data-result'), 'first');
  }
  assert.deepEqual(await plies(ogi.page), [
    'b7-b8=Q', 'd8+d4', 'e1-e2', 'n*c6', 'e2-e1', 'g3-g2=+p', 'b8+h8',
  ]);
  for (const p of [chess.page, ogi.page]) await eachArmyInItsStyle(p, 'at the end');
  assert.match(await chess.page.locator('#result').textContent(), /Chess wins/);
  assert.equal(await ogi.page.title(), 'Chess wins · Chess against Ōgi · Tegoma');
  await snap(chess.page, 'chess-ogi-7-end');
  await snap(ogi.page, 'chess-ogi-7-end-ogi-view');
  await chess.ctx.close();
  await ogi.ctx.close();
});
