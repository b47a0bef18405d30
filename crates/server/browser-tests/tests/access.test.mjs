// Pieces people recognise and a board for the keyboard and screen readers: chess figurines, Ōgi
// kanji pointing away from their player (on the board and in the hands, turning with the board,
// promoted ones in red), Latin letters as an option kept by the browser, named squares and hand
// pieces, keyboard-only play (moves, a drop, promotions), moves said in a live region, and
// coordinates legible at phone width; chess, Ōgi and a game of files, at desktop and phone sizes.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtempSync, mkdirSync, readFileSync, writeFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { root, startServer, startBrowser, snap, api, waitPlies, plies } from './harness.mjs';

const DESKTOP = { width: 1280, height: 900 };
const PHONE = { width: 390, height: 844 };

let server;
let chrome;
let games;
const errors = [];

before(async () => {
  // A game of files (Kogoma copied as Zogoma, style Z): drawn by the generic look.
  games = mkdtempSync(path.join(os.tmpdir(), 'tegoma-access-'));
  const kogoma = path.join(root, 'games/kogoma');
  const desc = JSON.parse(readFileSync(path.join(kogoma, 'description.json'), 'utf8'));
  Object.assign(desc, { name: 'Zogoma', snn: 'Zogoma', sin: 'Z', initial: desc.initial.replace(/ \/ K\/k$/, ' / Z/z') });
  const table = {};
  for (const [key, moves] of Object.entries(JSON.parse(readFileSync(path.join(kogoma, 'ggn.json'), 'utf8')))) {
    const [style, piece] = key.split(':');
    table[`${style === 'K' ? 'Z' : 'z'}:${piece}`] = moves;
  }
  mkdirSync(path.join(games, 'zogoma'));
  writeFileSync(path.join(games, 'zogoma', 'description.json'), JSON.stringify(desc));
  writeFileSync(path.join(games, 'zogoma', 'ggn.json'), JSON.stringify(table));
  server = await startServer('access', { TEGOMA_GAMES: games });
  chrome = await startBrowser();
});

after(async () => {
  if (chrome) await chrome.close();
  if (server) server.stop();
  if (games) rmSync(games, { recursive: true, force: true });
  assert.deepEqual(errors, [], 'no script or console error');
});

/** A seat's page (or a spectator's without `token`), its board drawn and its seat known. */
async function open(id, token, viewport, seat) {
  const ctx = await chrome.browser.newContext({ viewport });
  const page = await ctx.newPage();
  page.on('pageerror', (e) => errors.push(`page error: ${e}`));
  page.on('console', (m) => { if (m.type() === 'error') errors.push(`console: ${m.text()} ${m.location().url}`); });
  await page.goto(`${server.base}/game/${id}${token ? `#seat=${token}` : ''}`);
  await page.waitForSelector('#board g.piece');
  if (seat) await page.waitForFunction((s) => document.getElementById('seat-label').textContent.includes(s), seat);
  await page.waitForSelector('#board-grid [data-square]');
  return { ctx, page };
}

async function create(rules, feen) {
  const r = await api(server.base, 'POST', '/api/games', feen ? { rules, feen } : { rules });
  assert.equal(r.status, 201, JSON.stringify(r.body));
  return r.body;
}

/** The square that has the focus (its name), or null. */
const focused = (page) => page.evaluate(() => (document.activeElement && document.activeElement.dataset.square) || null);

/** Presses each key in turn (`['ArrowUp', 3]`: three times). */
async function keys(page, ...list) {
  for (const k of list) {
    if (Array.isArray(k)) for (let i = 0; i < k[1]; i++) await page.keyboard.press(k[0]);
    else await page.keyboard.press(k);
  }
}

const label = (page, cell) => page.getAttribute(`#board-grid [data-square="${cell}"]`, 'aria-label');
const announced = (page, text) => page.waitForFunction((t) => document.getElementById('announce').textContent.includes(t), text, { timeout: 10000 });

/** The WCAG contrast ratio of two `rgb(...)` colours. */
function contrast(a, b) {
  const lum = (c) => {
    const [r, g, bl] = c.match(/[\d.]+/g).slice(0, 3).map((x) => {
      const v = Number(x) / 255;
      return v <= 0.03928 ? v / 12.92 : ((v + 0.055) / 1.055) ** 2.4;
    });
    return 0.2126 * r + 0.7152 * g + 0.0722 * bl;
  };
  const [x, y] = [lum(a), lum(b)].sort((p, q) => q - p);
  return (x + 0.05) / (y + 0.05);
}

/** The contrast of each piece's letter or character with its piece: [{piece, ratio}]. */
async function pieceContrasts(page) {
  const pairs = await page.$$eval('#board g.piece', (gs) => gs.filter((g) => g.querySelector('text')).map((g) => ({
    piece: g.dataset.piece,
    ink: getComputedStyle(g.querySelector('text')).fill,
    body: getComputedStyle(g.querySelector('use')).fill,
  })));
  return pairs.map((p) => ({ piece: p.piece, ratio: contrast(p.ink, p.body) }));
}

/** Each piece of a board or hand as drawn: piece, set, figure or character, turned, red. */
async function faces(page, selector) {
  return page.$$eval(`${selector} g.piece`, (gs) => gs.map((g) => {
    const use = g.querySelector('use');
    const text = g.querySelector('text');
    return {
      piece: g.dataset.piece,
      cell: g.dataset.cell,
      set: g.dataset.set,
      figure: use.getAttribute('href').split('#')[1],
      glyph: text ? text.textContent : null,
      red: text ? text.getAttribute('fill').toLowerCase() : null,
      turned: g.dataset.turned === '1',
      title: g.querySelector('title').textContent,
    };
  }));
}

test('chess: figurines, named squares, keyboard play to a promotion and mate, announced; phone coordinates', async () => {
  // White: K e1, a pawn on b7; Black: K h8 behind pawns g7 h7, a pawn on d7. b8=Q is mate.
  const g = await create('chess', '7k^/1P1+p2+p+p/8/8/8/8/8/4K^3 / C/c');
  const white = await open(g.id, g.seats.first, DESKTOP, 'first');
  const black = await open(g.id, g.seats.second, PHONE, 'second');

  // Figurines, white light and black dark.
  const drawn = await faces(white.page, '#board');
  assert.equal(drawn.length, 6);
  for (const p of drawn) {
    assert.equal(p.set, 'figurines', p.piece);
    const letter = p.piece.replace(/[^A-Za-z]/g, '')[0].toUpperCase();
    assert.equal(p.figure, { K: 'fig-king', P: 'fig-pawn' }[letter], p.piece);
  }
  const fills = await white.page.$$eval('#board g.piece use', (us) => us.map((u) => u.getAttribute('fill')));
  assert.equal(new Set(fills).size, 2, 'two colours of pieces');

  // Named squares and the board's name.
  assert.equal(await label(white.page, 'e1'), 'e1, White King');
  assert.equal(await label(white.page, 'd7'), 'd7, Black Pawn');
  assert.equal(await label(white.page, 'e4'), 'e4, empty');
  assert.equal(await white.page.getAttribute('#board', 'aria-label'), 'Board, 8 by 8, White to move');
  assert.equal(await white.page.getAttribute('#board', 'role'), 'img');
  assert.equal(await white.page.locator('#board-grid [data-square][tabindex="0"]').count(), 1, 'one square in the tab order');

  // Tab enters the board (its bottom left square, a1 for White).
  let tabs = 0;
  while (!(await focused(white.page)) && tabs < 6) { await white.page.keyboard.press('Tab'); tabs += 1; }
  assert.equal(await focused(white.page), 'a1');
  // The page's arrow keys stay on the board: they move between squares.
  await keys(white.page, ['ArrowRight', 4]);
  assert.equal(await focused(white.page), 'e1');
  // Enter selects the king; Escape drops the choice.
  await keys(white.page, 'Enter');
  await white.page.waitForSelector('#board circle.dest');
  assert.match(await label(white.page, 'e1'), /selected/);
  assert.match(await label(white.page, 'e2'), /legal move/);
  await keys(white.page, 'Escape');
  await white.page.waitForFunction(() => document.querySelectorAll('#board circle.dest').length === 0);
  // Ke2 by the keyboard alone.
  await keys(white.page, 'Enter', 'ArrowUp', 'Enter');
  await waitPlies(black.page, 1);
  await announced(black.page, 'White: Ke2');
  await announced(white.page, 'White: Ke2');
  assert.equal(await focused(white.page), 'e2', 'the focus stays on the board');

  // Black, on a phone, flipped: its bottom left is h8; ArrowRight goes towards a, ArrowUp to rank 1.
  await black.page.focus('#board-grid [tabindex="0"]');
  assert.equal(await focused(black.page), 'h8');
  await keys(black.page, ['ArrowRight', 4], 'ArrowUp');
  assert.equal(await focused(black.page), 'd7');
  await keys(black.page, 'Enter', 'ArrowUp', 'Enter');
  await waitPlies(white.page, 2);
  await announced(white.page, 'Black: d6');
  await snap(black.page, 'access-chess-phone-black');

  // Phone width: coordinates at least 11 px high, dark on both colours of square (AA, 4.5:1).
  const coords = await black.page.$$eval('#board .coord', (ts) => ts.map((t) => ({
    h: t.getBoundingClientRect().height, fill: getComputedStyle(t).fill,
  })));
  assert.equal(coords.length, 16);
  for (const c of coords) assert.ok(c.h >= 11, `a coordinate ${c.h} px high`);
  const squares = await black.page.$$eval('#board rect.sq-light, #board rect.sq-dark', (rs) => [...new Set(rs.map((r) => getComputedStyle(r).fill))]);
  assert.equal(squares.length, 2);
  for (const sq of squares) assert.ok(contrast(coords[0].fill, sq) >= 4.5, `coordinates on ${sq}: ${contrast(coords[0].fill, sq)}`);

  // The promotion by the keyboard: b7-b8, the chooser takes the focus, Escape cancels, then Queen.
  await keys(white.page, ['ArrowLeft', 3], ['ArrowUp', 5]);
  assert.equal(await focused(white.page), 'b7');
  await keys(white.page, 'Enter', 'ArrowUp', 'Enter');
  await white.page.waitForSelector('#chooser:not([hidden])');
  assert.equal(await white.page.getAttribute('#chooser', 'role'), 'dialog');
  assert.ok(await white.page.evaluate(() => document.getElementById('chooser-options').contains(document.activeElement)));
  await keys(white.page, 'Escape');
  await white.page.waitForSelector('#chooser', { state: 'hidden' });
  assert.equal(await focused(white.page), 'b8', 'back on the board');
  await keys(white.page, 'ArrowDown', 'Enter', 'ArrowUp', 'Enter');
  await white.page.waitForSelector('#chooser:not([hidden])');
  await snap(white.page, 'access-chess-promotion-keyboard');
  for (let i = 0; i < 6; i++) {
    if (await white.page.evaluate(() => document.activeElement.textContent === 'Queen')) break;
    await keys(white.page, 'Tab');
  }
  await keys(white.page, 'Enter');
  await waitPlies(black.page, 3);
  assert.deepEqual((await plies(black.page)).length, 3);
  // The mate, said: the move, then the end.
  await announced(black.page, 'White: b8=Q#');
  await announced(black.page, 'checkmate');
  assert.match(await black.page.getAttribute('#board', 'aria-label'), /^Board, 8 by 8, White wins/);
  assert.match(await label(white.page, 'b8'), /^b8, White Queen/);
  await snap(white.page, 'access-chess-mate-desktop');
  for (const c of [white, black]) await c.ctx.close();
});

test('Ōgi: kanji pointing away from their player, turning with the board and in the hands; keyboard drop and promotion; Latin letters kept', async () => {
  // First: K e1, S e5, a silver in hand; second: k h8, a dragon (+r) on a8, a pawn in hand.
  const g = await create('ogi', '+r6k^/8/8/4S3/8/8/8/4K^3 S/p O/o');
  const first = await open(g.id, g.seats.first, DESKTOP, 'first');
  const second = await open(g.id, g.seats.second, PHONE, 'second');

  const expectKanji = async (page, flipped) => {
    const board = await faces(page, '#board');
    const at = (cell) => board.find((p) => p.cell === cell);
    for (const p of board) {
      assert.equal(p.set, 'characters', p.piece);
      assert.equal(p.figure, 'koma', p.piece);
      const mine = /[A-Z]/.test(p.piece.replace(/[^A-Za-z]/g, '')[0]);
      // Pointing away from its player: the pieces of the side at the top are turned.
      assert.equal(p.turned, mine === flipped, `${p.piece} on ${p.cell}`);
    }
    // The kings as in shōgi sets: 玉 for the first player, 王 for the second.
    assert.equal(at('e1').glyph, '玉');
    assert.equal(at('h8').glyph, '王');
    assert.equal(at('e5').glyph, '銀');
    // The dragon: its own character, in red; the others black.
    assert.equal(at('a8').glyph, '龍');
    assert.equal(at('a8').red, '#c0001a');
    assert.equal(at('e5').red, '#1a1a1a');
    assert.equal(at('a8').title, 'Second (Gote) promoted Rook');
    // The hands point the same way.
    const top = await faces(page, '#hand-top');
    const bottom = await faces(page, '#hand-bottom');
    assert.deepEqual(top.map((p) => [p.glyph, p.turned]), [[flipped ? '銀' : '歩', true]]);
    assert.deepEqual(bottom.map((p) => [p.glyph, p.turned]), [[flipped ? '歩' : '銀', false]]);
  };
  await expectKanji(first.page, false);
  await expectKanji(second.page, true);
  // Turning the board turns the pieces.
  await first.page.click('#flip');
  await expectKanji(first.page, true);
  await snap(first.page, 'access-ogi-flipped-desktop');
  await first.page.click('#flip');
  await expectKanji(first.page, false);

  // Squares and hand pieces by name.
  assert.equal(await label(first.page, 'e5'), 'e5, First (Sente) Silver');
  assert.equal(await label(first.page, 'a8'), 'a8, Second (Gote) promoted Rook');
  assert.equal(await first.page.getAttribute('#hand-bottom [data-hand-piece="S"]', 'aria-label'), 'Silver in hand, 1');
  assert.equal(await first.page.getAttribute('#hand-bottom', 'aria-label'), "First (Sente)'s hand");
  assert.equal(await first.page.getAttribute('#board', 'aria-label'), 'Board, 8 by 8, First (Sente) to move');

  // A drop by the keyboard: the hand's silver, Enter, then the square b4 on the board.
  await first.page.focus('#hand-bottom [data-hand-piece="S"]');
  await keys(first.page, 'Enter');
  await first.page.waitForFunction(() => document.activeElement && document.activeElement.dataset.square);
  await first.page.waitForSelector('#board circle.dest');
  assert.equal(await focused(first.page), 'a1');
  await keys(first.page, ['ArrowUp', 3], 'ArrowRight');
  assert.equal(await focused(first.page), 'b4');
  await keys(first.page, 'Enter');
  await waitPlies(second.page, 1);
  await announced(second.page, 'First (Sente): S*b4');

  // Second, on its phone: the king h8 to g8, square by square.
  await second.page.focus('#board-grid [tabindex="0"]');
  assert.equal(await focused(second.page), 'h8');
  await keys(second.page, 'Enter', 'ArrowRight', 'Enter');
  await waitPlies(first.page, 2);
  await announced(first.page, 'Second (Gote): h8-g8');

  // The silver enters the zone and promotes, chosen by the keyboard: it shows 全 in red.
  await first.page.focus('#board-grid [tabindex="0"]');
  await keys(first.page, ['ArrowRight', 3], 'ArrowUp');
  assert.equal(await focused(first.page), 'e5');
  await keys(first.page, 'Enter', 'ArrowUp', 'Enter');
  await first.page.waitForSelector('#chooser:not([hidden])');
  for (let i = 0; i < 4; i++) {
    if (await first.page.evaluate(() => (document.activeElement.dataset.choice || '').startsWith('='))) break;
    await keys(first.page, 'Tab');
  }
  await keys(first.page, 'Enter');
  await waitPlies(second.page, 3);
  await announced(second.page, 'First (Sente): e5-e6');
  for (const p of [first.page, second.page]) {
    await p.waitForFunction(() => document.querySelector('#board g.piece[data-cell="e6"] text').textContent === '全');
    assert.equal(await p.getAttribute('#board g.piece[data-cell="e6"] text', 'fill'), '#c0001a');
  }
  // Characters readable on their pieces, the red ones too (AA, 4.5:1).
  for (const c of await pieceContrasts(first.page)) assert.ok(c.ratio >= 4.5, `${c.piece}: ${c.ratio}`);
  await snap(first.page, 'access-ogi-promoted-desktop');
  await snap(second.page, 'access-ogi-promoted-phone');

  // Latin letters instead of kanji, kept over a reload; then kanji again.
  await first.page.selectOption('#piece-set', 'letters');
  const letters = await faces(first.page, '#board');
  assert.ok(letters.every((p) => p.set === 'letters' && p.figure === 'pentagon'), JSON.stringify(letters));
  assert.equal(letters.find((p) => p.cell === 'e6').glyph, '+S');
  // Letters readable on light and dark pieces, an enhanced piece's red too.
  for (const c of await pieceContrasts(first.page)) assert.ok(c.ratio >= 4.5, `${c.piece}: ${c.ratio}`);
  await first.page.reload();
  await first.page.waitForSelector('#board g.piece');
  assert.equal(await first.page.inputValue('#piece-set'), 'letters');
  assert.equal(await first.page.locator('#board g.piece[data-set="letters"]').count(), letters.length);
  await snap(first.page, 'access-ogi-letters');
  await first.page.selectOption('#piece-set', 'characters');
  assert.equal(await first.page.locator('#board g.piece[data-set="characters"]').count(), letters.length);
  for (const c of [first, second]) await c.ctx.close();
});

test('a game of files keeps letters on outlines; chess against Ōgi draws each army by its set', async () => {
  const z = await create('zogoma');
  const first = await open(z.id, z.seats.first, PHONE, 'first');
  const drawn = await faces(first.page, '#board');
  assert.ok(drawn.length > 0);
  for (const p of drawn) {
    assert.equal(p.set, 'letters', p.piece);
    assert.equal(p.figure, 'pentagon', p.piece);
  }
  assert.equal(await first.page.isHidden('#set-choice'), true, 'no kanji to trade for letters');
  assert.match(await label(first.page, 'e1'), /^e1, First [A-Z+]/);
  // A move by the keyboard: the rook takes the pawn, said as PMN.
  await first.page.focus('#board-grid [tabindex="0"]');
  assert.equal(await focused(first.page), 'a1');
  await keys(first.page, 'End', 'Enter', ['ArrowUp', 3], 'Enter');
  await waitPlies(first.page, 1);
  await announced(first.page, 'First: e1+e4');
  await snap(first.page, 'access-files-game-phone');
  await first.ctx.close();

  const c = await create('chess-ogi');
  const watcher = await open(c.id, null, DESKTOP);
  const both = await faces(watcher.page, '#board');
  const sets = new Set(both.map((p) => `${p.title.split(' ')[0]}:${p.set}`));
  assert.deepEqual([...sets].sort(), ['Chess:figurines', 'Ōgi:characters']);
  assert.match(await label(watcher.page, 'e1'), /^e1, (Chess|Ōgi) King$/);
  await snap(watcher.page, 'access-chess-ogi-desktop');
  await watcher.ctx.close();
});
