// Records, clocks and typed moves as players meet them: the exported PGN of a timed game (the
// seven-tag roster, TimeControl, a %clk after each ply), an imported PGN that keeps its
// comments, NAGs and variations, byōyomi shown with its periods, the flagged side at 0:00, the
// low-time warning, a typed slip refused in the page, and the confirmation asked before a typed
// move that would forfeit (Ōgi, and a game of files whose description says an illegal move
// loses). Desktop and phone sizes; no script or console error anywhere.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { kogomaAs, startServer, startBrowser, snap, api, clickCell, waitPlies, plies } from './harness.mjs';

const DESKTOP = { width: 1280, height: 900 };
const PHONE = { width: 390, height: 844 };

let server;
let chrome;
let games;
const errors = [];

let yogoma;

before(async () => {
  games = mkdtempSync(path.join(os.tmpdir(), 'tegoma-records-'));
  yogoma = kogomaAs(path.join(games, 'yogoma'), 'Yogoma', 'Y');
  server = await startServer('records', { TEGOMA_GAMES: games });
  chrome = await startBrowser();
});

after(async () => {
  if (chrome) await chrome.close();
  if (server) server.stop();
  if (games) rmSync(games, { recursive: true, force: true });
  assert.deepEqual(errors, [], 'no script or console error');
});

/** Collects a page's script errors, console errors and failed requests. A failed request
 * logs a console error too: those are judged by their answer instead, and the one answer
 * expected is the 422 of a move that forfeits, which the player confirmed. */
function watch(page) {
  page.on('pageerror', (e) => errors.push(`page error: ${e}`));
  page.on('console', (m) => {
    if (m.type() === 'error' && !m.text().startsWith('Failed to load resource')) errors.push(`console: ${m.text()}`);
  });
  page.on('response', (r) => {
    if (r.status() < 400) return;
    const forfeit = r.status() === 422 && r.url().endsWith('/moves') && page.forfeitConfirmed;
    if (!forfeit) errors.push(`${r.status()} ${r.request().method()} ${r.url()}`);
  });
}

/** A page at `url`, its errors collected, and the move requests it sends. */
async function open(url, viewport) {
  const ctx = await chrome.browser.newContext({ viewport });
  const page = await ctx.newPage();
  watch(page);
  const sent = [];
  page.on('request', (r) => { if (r.method() === 'POST' && r.url().endsWith('/moves')) sent.push(r.postData()); });
  await page.goto(url);
  await page.waitForSelector('#board rect');
  return { ctx, page, sent };
}

/** A game made through the API, and a page for each seat (a spectator's without `seat`). */
async function game(body, viewport, seat = 'first') {
  const { body: g } = await api(server.base, 'POST', '/api/games', body);
  assert.ok(g.id, JSON.stringify(g));
  const url = `${server.base}/game/${g.id}${seat ? `#seat=${g.seats[seat]}` : ''}`;
  const p = await open(url, viewport);
  if (seat) await p.page.waitForFunction((s) => document.getElementById('seat-label').textContent.includes(s), seat);
  return { ...p, id: g.id, seats: g.seats };
}

async function state(id) {
  return (await api(server.base, 'GET', `/api/games/${id}/state`)).body.game;
}

/** Plays the first legal move of the side to move through the API (its PMN). */
async function playAny(id, seats) {
  const g = await state(id);
  const r = await api(server.base, 'POST', `/api/games/${id}/moves`, { move: g.legal[0].pmn }, seats[g.turn]);
  assert.equal(r.status, 200, JSON.stringify(r.body));
}

async function typeMove(page, text) {
  await page.fill('#move-input', text);
  await page.click('#move-submit');
}

async function exported(page, kind) {
  if (!(await page.locator('#export').evaluate((d) => d.open))) await page.click('#export summary');
  await page.$eval('#export-text', (t) => { t.value = ''; });
  await page.click(`#show-${kind}`);
  await page.waitForFunction(() => document.getElementById('export-text').value.length > 0);
  return page.inputValue('#export-text');
}

function tagsOf(pgn) {
  return [...pgn.matchAll(/^\[(\w+) "(.*)"\]$/gm)].map((m) => [m[1], m[2]]);
}

test('a timed chess game exports the seven tags, its TimeControl and a %clk after each ply', async () => {
  const white = await game({ rules: 'chess', periods: [{ time: 300, inc: 3 }] }, DESKTOP);
  const black = await open(`${server.base}/game/${white.id}#seat=${white.seats.second}`, DESKTOP);
  await typeMove(white.page, 'e4');
  await waitPlies(black.page, 1);
  await clickCell(black.page, 'e7');
  await clickCell(black.page, 'e5');
  await waitPlies(white.page, 2);
  await typeMove(white.page, 'g1f3'); // UCI, where chess has it
  await waitPlies(black.page, 3);
  const pgn = await exported(white.page, 'pgn');
  const tags = tagsOf(pgn);
  assert.deepEqual(tags.slice(0, 7).map((t) => t[0]), ['Event', 'Site', 'Date', 'Round', 'White', 'Black', 'Result'], pgn);
  const tag = Object.fromEntries(tags);
  assert.equal(tag.Event, `Tegoma game ${white.id}`);
  assert.equal(tag.Site, `${server.base}/game/${white.id}`);
  assert.match(tag.Date, /^\d{4}\.\d{2}\.\d{2}$/);
  assert.equal(tag.Round, '-');
  assert.equal(tag.Result, '*');
  assert.equal(tag.TimeControl, '300+3');
  const clocks = [...pgn.matchAll(/\{\[%clk (\d+):(\d\d):(\d\d(?:\.\d+)?)\]\}/g)];
  assert.equal(clocks.length, 3, pgn);
  for (const c of clocks) {
    const s = Number(c[1]) * 3600 + Number(c[2]) * 60 + Number(c[3]);
    assert.ok(s > 280 && s <= 306, `${c[0]} in ${pgn}`);
  }
  assert.deepEqual(await plies(white.page), ['e2-e4', 'e7-e5', 'g1-f3']);
  await snap(white.page, 'records-timed-pgn-desktop');
  await white.ctx.close();
  await black.ctx.close();
});

const ANNOTATED = `[Event "Club championship"]
[Site "Lyon FRA"]
[Date "2024.03.09"]
[Round "4"]
[White "Anna"]
[Black "Boris"]
[Result "1-0"]

{Opening notes} 1. e4 e5 2. Nf3! {the main move} Nc6 $14 3. Bb5 (3. Bc4 Bc5 (3... Nf6) 4. c3) a6 1-0
`;

test('a PGN imported in the lobby keeps its tags, comments, NAGs and variations (phone)', async () => {
  const ctx = await chrome.browser.newContext({ viewport: PHONE });
  const page = await ctx.newPage();
  watch(page);
  await page.goto(`${server.base}/`);
  await page.fill('#import-text', ANNOTATED);
  await page.click('#import');
  await page.waitForSelector('#board rect');
  await waitPlies(page, 6);
  // A finished game holding the record's result.
  await page.waitForFunction(() => document.getElementById('result').dataset.result === 'first');
  // The record states the result only: no reason is made up.
  assert.equal(await page.textContent('#result'), 'White wins');
  const pgn = await exported(page, 'pgn');
  const tag = Object.fromEntries(tagsOf(pgn));
  assert.equal(tag.Event, 'Club championship');
  assert.equal(tag.Site, 'Lyon FRA');
  assert.equal(tag.Date, '2024.03.09');
  assert.equal(tag.Round, '4');
  assert.equal(tag.White, 'Anna');
  assert.equal(tag.Result, '1-0');
  const flat = pgn.split('\n').filter((l) => !l.startsWith('[')).join(' ').replace(/\s+/g, ' ').trim();
  assert.equal(flat, '{Opening notes} 1. e4 e5 2. Nf3 $1 {the main move} 2... Nc6 $14 3. Bb5 (3. Bc4 Bc5 (3... Nf6) 4. c3) 3... a6 1-0');
  assert.ok(!pgn.includes('%emt'), pgn);
  const pcn = JSON.parse(await exported(page, 'pcn'));
  assert.deepEqual(pcn.plies[4].variations, ['3. Bc4 Bc5 (3... Nf6) 4. c3']);
  await snap(page, 'records-imported-pgn-phone');
  await ctx.close();
});

test('byōyomi shows the main time, then the period and how many remain (Ōgi, phone)', async () => {
  const periods = [{ time: 2 }, { time: 10, moves: 1 }, { time: 10, moves: 1 }, { time: 10, moves: 1 }];
  const g = await game({ rules: 'ogi', periods }, PHONE);
  // The main time, with the periods to come.
  const first = '#clock-bottom';
  assert.equal(await g.page.getAttribute(first, 'data-side'), 'first');
  await g.page.waitForFunction((s) => document.querySelector(s).textContent === '0:02+ 3 × 0:10', first);
  await playAny(g.id, g.seats);
  await playAny(g.id, g.seats);
  // The first player's main time runs out: its first byōyomi period, three left.
  await g.page.waitForFunction((s) => document.querySelector(s).dataset.period === '1', first, { timeout: 5000 });
  assert.match(await g.page.textContent(`${first} .time`), /^0:(10|0\d)$/);
  assert.equal(await g.page.textContent(`${first} .periods`), '· 3 periods');
  await snap(g.page, 'records-byoyomi-phone');
  // A move in byōyomi: the next period, two left (the server says so).
  await playAny(g.id, g.seats);
  await g.page.waitForFunction((s) => document.querySelector(s).dataset.periodsLeft === '2', first);
  assert.equal(await g.page.textContent(`${first} .periods`), '· 2 periods');
  await g.ctx.close();
});

test('low time is marked and the side that lost on time shows 0:00 (chess, desktop)', async () => {
  const g = await game({ rules: 'chess', periods: [{ time: 3 }] }, DESKTOP, null);
  await g.page.waitForSelector('#clock-bottom.low');
  await playAny(g.id, g.seats);
  await playAny(g.id, g.seats);
  // The first player's 3 s run out while the page watches: the server ends the game.
  await g.page.waitForFunction(() => document.getElementById('result').dataset.reason === 'timelimit', null, { timeout: 8000 });
  await g.page.waitForSelector('#clock-bottom.flagged');
  assert.equal(await g.page.textContent('#clock-bottom .time'), '0:00');
  assert.equal(await g.page.textContent('#clock-bottom .periods'), '· out of time');
  assert.equal(await g.page.getAttribute('#clock-bottom', 'data-side'), 'first');
  assert.equal(await g.page.locator('#clock-top.flagged').count(), 0);
  assert.notEqual(await g.page.textContent('#clock-top .time'), '0:00');
  const color = await g.page.$eval('#clock-bottom', (e) => getComputedStyle(e).backgroundColor);
  assert.notEqual(color, await g.page.$eval('#clock-top', (e) => getComputedStyle(e).backgroundColor));
  await snap(g.page, 'records-flagged-desktop');
  await g.ctx.close();
});

for (const [size, viewport] of [['desktop', DESKTOP], ['phone', PHONE]]) {
  test(`a typed move that is not legal is refused in the page, not sent (chess, ${size})`, async () => {
    const g = await game({ rules: 'chess' }, viewport);
    await typeMove(g.page, 'Qh5');
    await g.page.waitForFunction(() => document.getElementById('error').textContent.includes('not a legal move'));
    assert.match(await g.page.textContent('#error'), /“Qh5” is not a legal move here/);
    await typeMove(g.page, 'e2-e5');
    await g.page.waitForFunction(() => document.getElementById('error').textContent.includes('“e2-e5”'));
    assert.deepEqual(g.sent, [], 'nothing was sent');
    await snap(g.page, `records-typed-refused-${size}`);
    // Legal moves in SAN (with a check mark or castling zeros as players type them) go through.
    await typeMove(g.page, 'Nf3');
    await waitPlies(g.page, 1);
    assert.equal(g.sent.length, 1);
    assert.equal(JSON.parse(g.sent[0]).move, 'g1-f3', 'sent as its PMN');
    // The error goes once the move's answer is in (the ply may come first by the WebSocket).
    await g.page.waitForFunction(() => document.getElementById('error').textContent === '');
    await g.ctx.close();
  });
}

/** A PMN that moves the piece of a legal move to an empty square none of its moves reach. */
function illegalFrom(legal, cells) {
  const m = legal.find((l) => l.from && l.to);
  const reached = new Set(legal.filter((l) => l.from === m.from).map((l) => l.to));
  const to = cells.find((c) => !reached.has(c) && c !== m.from);
  return `${m.from}-${to}`;
}

for (const [rules, viewport, size] of [['ogi', DESKTOP, 'desktop'], ['yogoma', PHONE, 'phone']]) {
  test(`a typed move that would forfeit asks first (${rules}, ${size})`, async () => {
    if (rules === 'yogoma') assert.equal(yogoma.history.illegal_move_loses, true, 'the description says it');
    const g = await game({ rules }, viewport);
    const st = await state(g.id);
    const empty = (g) => g.board.rows.flat().filter((c) => c && !c.piece).map((c) => c.cell);
    const cells = empty(st);
    const slip = illegalFrom(st.legal, cells);
    await typeMove(g.page, slip);
    await g.page.waitForSelector('#typed-confirm:not([hidden])');
    assert.match(await g.page.textContent('#typed-confirm'), /illegal move loses/);
    await snap(g.page, `records-forfeit-confirm-${rules}-${size}`);
    await g.page.click('#typed-confirm-no');
    assert.ok(await g.page.locator('#typed-confirm').isHidden());
    assert.deepEqual(g.sent, [], 'nothing was sent');
    // A legal move needs no confirmation.
    await typeMove(g.page, st.legal[0].pmn);
    await waitPlies(g.page, 1);
    await playAny(g.id, g.seats);
    await waitPlies(g.page, 2);
    const now = await state(g.id);
    const slip2 = illegalFrom(now.legal, empty(now));
    await typeMove(g.page, slip2);
    await g.page.waitForSelector('#typed-confirm:not([hidden])');
    g.page.forfeitConfirmed = true;
    await g.page.click('#typed-confirm-yes');
    await g.page.waitForFunction(() => document.getElementById('result').dataset.reason === 'illegalmove');
    assert.equal(await g.page.getAttribute('#result', 'data-result'), 'second');
    assert.equal(g.sent.length, 2);
    await g.ctx.close();
  });
}
