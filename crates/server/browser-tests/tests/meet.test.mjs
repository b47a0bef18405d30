// Where players meet: names by the clocks, open games listed in the lobby and taken with one
// click (two visitors racing for the same seat: one plays, the other is told), rematches, for
// chess, Ōgi and a game that exists only as files, at desktop and phone sizes.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtempSync, mkdirSync, readFileSync, writeFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { root, startServer, startBrowser, snap, clickCell, waitPlies } from './harness.mjs';

const DESKTOP = { width: 1280, height: 900 };
const PHONE = { width: 390, height: 844 };

let server;
let chrome;
let games;
const errors = [];

/** Kogoma's files as a game of files named Zogoma (as files_game.test.mjs makes it). */
function copyOfKogoma(dir) {
  const kogoma = path.join(root, 'games/kogoma');
  const desc = JSON.parse(readFileSync(path.join(kogoma, 'description.json'), 'utf8'));
  Object.assign(desc, { name: 'Zogoma', snn: 'Zogoma', sin: 'Z' });
  desc.initial = desc.initial.replace(/ \/ K\/k$/, ' / Z/z');
  const table = JSON.parse(readFileSync(path.join(kogoma, 'ggn.json'), 'utf8'));
  const renamed = {};
  for (const [key, moves] of Object.entries(table)) {
    const [style, piece] = key.split(':');
    renamed[`${style === 'K' ? 'Z' : 'z'}:${piece}`] = moves;
  }
  mkdirSync(dir, { recursive: true });
  writeFileSync(path.join(dir, 'description.json'), JSON.stringify(desc));
  writeFileSync(path.join(dir, 'ggn.json'), JSON.stringify(renamed));
}

before(async () => {
  games = mkdtempSync(path.join(os.tmpdir(), 'tegoma-meet-'));
  copyOfKogoma(path.join(games, 'zogoma'));
  server = await startServer('meet', { TEGOMA_GAMES: games });
  chrome = await startBrowser();
});

after(async () => {
  if (chrome) await chrome.close();
  if (server) server.stop();
  if (games) rmSync(games, { recursive: true, force: true });
  assert.deepEqual(errors, [], 'no script or console error on any page');
});

/** A page of a fresh browser context (its own storage: another player) at `viewport`. */
async function player(viewport) {
  const ctx = await chrome.browser.newContext({ viewport });
  const page = await ctx.newPage();
  page.on('pageerror', (e) => errors.push(`page error: ${e}`));
  page.on('console', (m) => {
    // A refused request is the server's typed answer, shown to the player in words; the
    // browser's own request for /favicon.ico is no page's (the server has no icon).
    const url = (m.location() || {}).url || '';
    if (m.type() === 'error' && !/status of 409/.test(m.text()) && !url.endsWith('/favicon.ico')) errors.push(`console: ${m.text()} at ${JSON.stringify(m.location())} on ${page.url()}`);
  });
  page.on('response', (r) => { if (r.status() === 404) errors.push(`404: ${r.url()}`); });
  return page;
}

/** Creates an open game of `rules` from the lobby as `name`; the game's id. */
async function createOpen(page, rules, name) {
  await page.goto(`${server.base}/`);
  await page.waitForSelector(`#rules option[value="${rules}"]`, { state: 'attached' });
  await page.fill('#player-name', name);
  await page.selectOption('#rules', rules);
  await page.selectOption('#opponent', 'open');
  await page.click('#create');
  await page.waitForURL(/\/game\//);
  await page.waitForSelector('#board rect');
  return new URL(page.url()).pathname.split('/').pop();
}

/** Opens the lobby as `name` and waits for the game `id` to be listed. */
async function lobbyWith(page, id, name) {
  await page.goto(`${server.base}/`);
  await page.fill('#player-name', name);
  await page.locator('#player-name').dispatchEvent('change');
  await page.waitForSelector(`#open-games li[data-game="${id}"] button.join`, { timeout: 10000 });
}

const text = (page, sel) => page.locator(sel).textContent();
const waitText = (page, sel, want) => page.waitForFunction(
  ([s, w]) => (document.querySelector(s) || {}).textContent === w, [sel, want], { timeout: 10000 },
);

test('chess: two visitors race for an open seat, names show and change live, rematch swaps colours', async () => {
  const ann = await player(DESKTOP);
  const id = await createOpen(ann, 'chess', 'Ann');
  assert.equal(await text(ann, '#name-bottom'), 'Ann');
  assert.equal(await text(ann, '#name-top'), 'Waiting for an opponent…');
  assert.equal(await ann.locator('#waiting').isVisible(), true);
  await snap(ann, 'meet-chess-waiting');

  const bob = await player(DESKTOP);
  const cy = await player(DESKTOP);
  await Promise.all([lobbyWith(bob, id, 'Bob'), lobbyWith(cy, id, 'Cy')]);
  assert.match(await text(bob, `#open-games li[data-game="${id}"]`), /Chess · no clock · Ann waits · you play Black/);
  await snap(bob, 'meet-lobby-open-game');
  // Both click Join on the same game at once: exactly one takes the seat.
  await Promise.all([
    bob.click(`#open-games li[data-game="${id}"] button.join`),
    cy.click(`#open-games li[data-game="${id}"] button.join`),
  ]);
  const outcome = async (page) => {
    await page.waitForFunction(() => location.pathname.startsWith('/game/')
      || !!document.querySelector('#open-games li.refused'), null, { timeout: 10000 });
    return new URL(page.url()).pathname.startsWith('/game/') ? 'seated' : 'refused';
  };
  const [b, c] = [await outcome(bob), await outcome(cy)];
  assert.deepEqual([b, c].sort(), ['refused', 'seated'], 'one visitor plays, the other is told');
  const [winner, loser, winnerName] = b === 'seated' ? [bob, cy, 'Bob'] : [cy, bob, 'Cy'];
  assert.match(await text(loser, '#open-games li.refused'), /Someone else joined this game first/);
  await snap(loser, 'meet-lobby-race-lost');

  await winner.waitForSelector('#board rect');
  await waitText(winner, '#seat-label', 'You play second');
  await waitText(winner, '#name-bottom', winnerName);
  await waitText(winner, '#name-top', 'Ann');
  // The creator's page learns the name live, and the game starts.
  await waitText(ann, '#name-top', winnerName);
  assert.equal(await ann.locator('#waiting').isVisible(), false);
  await clickCell(ann, 'e2');
  await clickCell(ann, 'e4');
  await waitPlies(winner, 1);
  await clickCell(winner, 'e7');
  await clickCell(winner, 'e5');
  await waitPlies(ann, 2);

  // A name changed on the page reaches the other player.
  await ann.fill('#name-input', 'Ann Z');
  await ann.click('#name-save');
  await waitText(winner, '#name-top', 'Ann Z');
  await snap(winner, 'meet-chess-names');
  const pgn = await (await fetch(`${server.base}/api/games/${id}/pgn`)).text();
  assert.match(pgn, /\[White "Ann Z"\]/);
  assert.match(pgn, new RegExp(`\\[Black "${winnerName}"\\]`));

  // Rematch: offered by one, shown live to the other, accepted: both pages go to the new game,
  // each in the other seat with its name.
  await ann.click('#resign');
  await ann.click('#resign');
  await winner.waitForSelector('#rematch:not([hidden])');
  await winner.click('#rematch');
  await waitText(ann, '#rematch', 'Accept rematch');
  assert.match(await text(ann, '#rematch-status'), new RegExp(`${winnerName} offers a rematch`));
  assert.match(await text(ann, '#status'), /^Chess · game over$/, 'nobody is to move once the game is over');
  await snap(ann, 'meet-chess-rematch-offer');
  await ann.click('#rematch');
  await ann.waitForURL((u) => !u.pathname.endsWith(id));
  await winner.waitForURL((u) => !u.pathname.endsWith(id));
  assert.equal(ann.url(), winner.url());
  await waitText(ann, '#seat-label', 'You play second');
  await waitText(winner, '#seat-label', 'You play first');
  await waitText(ann, '#name-bottom', 'Ann Z');
  await waitText(ann, '#name-top', winnerName);
  await clickCell(winner, 'd2');
  await clickCell(winner, 'd4');
  await waitPlies(ann, 1);
  await snap(ann, 'meet-chess-rematch');
  // The old game stays readable: a link to its rematch, no move.
  await ann.goto(`${server.base}/game/${id}`);
  await ann.waitForSelector('#rematch-link');
  assert.ok(ann.url().endsWith(`/game/${id}`));
  assert.equal(await ann.getAttribute('#rematch-link', 'href'), new URL(winner.url()).pathname);
  for (const p of [ann, bob, cy]) await p.context().close();
});

test('Ōgi at phone size: an open game joined from the lobby; a rematch against the computer', async () => {
  const kai = await player(PHONE);
  const id = await createOpen(kai, 'ogi', 'Kai');
  const lea = await player(PHONE);
  await lobbyWith(lea, id, 'Léa');
  assert.match(await text(lea, `#open-games li[data-game="${id}"]`), /Kai waits/);
  await snap(lea, 'meet-ogi-lobby-phone');
  await lea.click(`#open-games li[data-game="${id}"] button.join`);
  await lea.waitForURL(/\/game\//);
  await waitText(lea, '#name-bottom', 'Léa');
  await waitText(lea, '#name-top', 'Kai');
  await waitText(kai, '#name-top', 'Léa');
  await snap(kai, 'meet-ogi-names-phone');
  // The lobby no longer lists the game.
  const { games: open } = await (await fetch(`${server.base}/api/lobby`)).json();
  assert.ok(!open.some((g) => g.id === id));
  await kai.context().close();

  // Against the computer: the rematch starts at once, the player in the other seat.
  await lea.goto(`${server.base}/`);
  await lea.waitForSelector('#rules option[value="ogi"]', { state: 'attached' });
  await lea.selectOption('#rules', 'ogi');
  await lea.selectOption('#opponent', '1');
  await lea.click('#create');
  await lea.waitForURL(/\/game\//);
  const first = lea.url();
  await waitText(lea, '#name-bottom', 'Léa');
  await waitText(lea, '#name-top', 'Computer (level 1)');
  await lea.click('#resign');
  await lea.click('#resign');
  await lea.waitForSelector('#rematch:not([hidden])');
  await lea.click('#rematch');
  await lea.waitForURL((u) => u.href !== first);
  await waitText(lea, '#seat-label', 'You play second');
  await waitText(lea, '#name-bottom', 'Léa');
  // The computer moves first now.
  await waitPlies(lea, 1);
  await snap(lea, 'meet-ogi-computer-rematch-phone');
  await lea.context().close();
});

test('a game of files: an open game, names by the clocks, at desktop and phone sizes', async () => {
  const zed = await player(DESKTOP);
  const id = await createOpen(zed, 'zogoma', 'Zed');
  const ivy = await player(PHONE);
  await lobbyWith(ivy, id, 'Ivy');
  assert.match(await text(ivy, `#open-games li[data-game="${id}"]`), /Zogoma/);
  await ivy.click(`#open-games li[data-game="${id}"] button.join`);
  await ivy.waitForURL(/\/game\//);
  await waitText(ivy, '#name-bottom', 'Ivy');
  await waitText(ivy, '#name-top', 'Zed');
  await waitText(zed, '#name-top', 'Ivy');
  await snap(zed, 'meet-files-desktop');
  await snap(ivy, 'meet-files-phone');
  // The PCN record names both players.
  const pcn = await (await fetch(`${server.base}/api/games/${id}`)).json();
  assert.deepEqual(pcn.sides, { first: { name: 'Zed' }, second: { name: 'Ivy' } });
  await zed.context().close();
  await ivy.context().close();
});

test('Chess against Ōgi: the army chosen in the lobby gives the creator its seat, the visitor the other army', async () => {
  const oda = await player(DESKTOP);
  await oda.goto(`${server.base}/`);
  await oda.waitForSelector('#rules option[value="chess-ogi"]', { state: 'attached' });
  await oda.fill('#player-name', 'Oda');
  await oda.selectOption('#rules', 'chess-ogi');
  await oda.selectOption('#my-army', 'O');
  await oda.selectOption('#first-army', 'C');
  await oda.selectOption('#opponent', 'open');
  await oda.click('#create');
  await oda.waitForURL(/\/game\//);
  const id = new URL(oda.url()).pathname.split('/').pop();
  await waitText(oda, '#seat-label', 'You play second');
  const cid = await player(DESKTOP);
  await lobbyWith(cid, id, 'Cid');
  assert.match(await text(cid, `#open-games li[data-game="${id}"]`), /Oda waits · you play Chess/);
  await cid.click(`#open-games li[data-game="${id}"] button.join`);
  await cid.waitForURL(/\/game\//);
  await waitText(cid, '#seat-label', 'You play first');
  await waitText(oda, '#name-top', 'Cid');
  await snap(oda, 'meet-chess-ogi-names');
  await oda.context().close();
  await cid.context().close();
});
