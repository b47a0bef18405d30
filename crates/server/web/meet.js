// Where players meet: the player's name (remembered in this browser), open games listed live in
// the lobby and joined with one click, each seat's name next to its clock, rematches.
// No game is named here: what a game is called comes from GET /api/games.
import { api } from './api.js';
import { armiesOf } from './looks.js';

const $ = (id) => document.getElementById(id);

/** The name this browser's player goes by (empty: none). */
export function myName() {
  return localStorage.getItem('tegoma-name') || '';
}

function rememberName(name) {
  if (name) localStorage.setItem('tegoma-name', name);
  else localStorage.removeItem('tegoma-name');
}

/** How often the lobby asks for the open games (ms). */
const LOBBY_EVERY = 3000;

/** What an error of joining means to the player who clicked. */
function joinWords(e) {
  if (e.kind === 'SeatTaken') return 'Someone else joined this game first. Pick another one.';
  if (e.kind === 'OpenSeatExpired') return 'This game waited too long and is no longer offered.';
  if (e.kind === 'GameOver') return 'This game is already over.';
  return e.message;
}

/** A clock's description from PCN periods (`5+3`, `10 min + 30 s byōyomi`). */
function clockText(periods) {
  if (!periods || !periods.length) return 'no clock';
  const [main, ...rest] = periods;
  const t = (s) => (s % 60 === 0 ? `${s / 60} min` : `${s} s`);
  let text = t(main.time || 0);
  if (main.inc) text += ` + ${main.inc} s`;
  if (rest.length) text += ` + ${rest.length} × ${t(rest[0].time || 0)}`;
  return text;
}

/**
 * The lobby's part: the name field, the list of open games (asked for every few seconds while
 * the page is shown) and their Join buttons. `gameOf(name)`: the entry of GET /api/games of a
 * game (its `display` and `look`), or undefined.
 */
export function meetLobby(gameOf) {
  const input = $('player-name');
  input.value = myName();
  input.addEventListener('change', () => rememberName(input.value.trim()));
  let timer = null;
  const refresh = async () => {
    clearTimeout(timer);
    try {
      const { games } = await api('GET', '/api/lobby');
      showOpen(games, gameOf);
    } catch (e) {
      $('open-error').textContent = e.message;
    }
    if (!document.hidden) timer = setTimeout(refresh, LOBBY_EVERY);
  };
  document.addEventListener('visibilitychange', () => { if (!document.hidden) refresh(); });
  refresh();
}

function showOpen(games, gameOf) {
  const list = $('open-games');
  $('open-none').hidden = games.length > 0;
  const shown = new Set();
  for (const g of games) {
    shown.add(g.id);
    if (list.querySelector(`[data-game="${g.id}"]`)) continue;
    const info = gameOf(g.rules);
    const li = document.createElement('li');
    li.dataset.game = g.id;
    const what = document.createElement('span');
    const army = armyName(info, g);
    what.textContent = `${info ? info.display : g.rules} · ${clockText(g.periods)} · `
      + `${g.name || 'someone'} waits${army ? ` · you play ${army}` : ''}`;
    const b = document.createElement('button');
    b.type = 'button';
    b.className = 'join';
    b.textContent = 'Join';
    b.setAttribute('aria-label', `Join ${what.textContent}`);
    b.addEventListener('click', () => join(g, li, b));
    li.append(what, b);
    list.append(li);
  }
  for (const li of [...list.children]) {
    if (!shown.has(li.dataset.game) && !li.dataset.refused) li.remove();
  }
}

/** What the visitor plays: the seat's name in the game (`Black`), or the army it leads where
 * the players lead different ones (`Chess`). */
function armyName(info, g) {
  if (!info) return '';
  return armiesOf(info.look, g.start_feen).names[g.seat] || '';
}

async function join(g, li, button) {
  button.disabled = true;
  const name = $('player-name').value.trim();
  rememberName(name);
  try {
    const { token } = await api('POST', `/api/games/${g.id}/join`, { name });
    localStorage.setItem(`tegoma-seat:${g.id}`, token);
    location.href = `/game/${g.id}`;
  } catch (e) {
    li.dataset.refused = '1';
    li.classList.add('refused');
    const said = document.createElement('span');
    said.className = 'error';
    said.setAttribute('role', 'alert');
    said.textContent = joinWords(e);
    li.replaceChildren(said);
    setTimeout(() => li.remove(), 8000);
  }
}

/**
 * The game page's part: the name edit control and the rematch buttons. `ui`: the page's state
 * (`id`, `token`, `seat`, `game`); `showError(text)` shows an error.
 */
export function meetGame(ui, showError) {
  $('name-form').addEventListener('submit', async (ev) => {
    ev.preventDefault();
    const name = $('name-input').value.trim();
    try {
      await api('POST', `/api/games/${ui.id}/name`, { name }, ui.token);
      rememberName(name);
      showError('');
    } catch (e) { showError(e.message); }
  });
  const rematch = (action) => async () => {
    try {
      await api('POST', `/api/games/${ui.id}/rematch`, { action }, ui.token);
      showError('');
    } catch (e) { showError(e.message); }
  };
  $('rematch').addEventListener('click', rematch('offer'));
  $('rematch-decline').addEventListener('click', rematch('decline'));
}

/** The name shown for a seat: its player's, else the computer's or the side's. */
function seatName(g, side, sideNames) {
  const n = g.names && g.names[side];
  if (n) return n;
  if (g.engine && g.engine.side === side) return `Computer (level ${g.engine.level})`;
  if (g.open === side) return 'Waiting for an opponent…';
  return sideNames[side];
}

/**
 * Draws the meeting's part of the game page: each seat's name by its clock, the name field,
 * the waiting notice and the rematch; goes to the rematch once it is made, with this seat's
 * token (the same token holds the other seat there). `bottom`: the side drawn at the bottom;
 * `sideNames`: each side's name in this game (`White`).
 */
export function renderMeet(ui, bottom, sideNames) {
  const g = ui.game;
  const top = bottom === 'first' ? 'second' : 'first';
  for (const [pos, side] of [['top', top], ['bottom', bottom]]) {
    const e = $(`name-${pos}`);
    e.textContent = seatName(g, side, sideNames);
    e.dataset.side = side;
    e.title = `${sideNames[side]}: ${e.textContent}`;
  }
  $('name-form').hidden = !ui.seat;
  const mine = (g.names && ui.seat && g.names[ui.seat]) || '';
  if (document.activeElement !== $('name-input') && $('name-input').dataset.shown !== mine) {
    $('name-input').value = mine || myName();
    $('name-input').dataset.shown = mine;
  }
  $('waiting').hidden = !g.open;
  const r = g.rematch || {};
  // A rematch made while the page is open takes it there; one made before is a link (the old
  // game stays readable).
  if (ui.rematchAtLoad === undefined) ui.rematchAtLoad = r.game || null;
  if (r.game) {
    if (ui.token) localStorage.setItem(`tegoma-seat:${r.game}`, ui.token);
    if (r.game !== ui.rematchAtLoad && !ui.leaving) {
      ui.leaving = true;
      location.href = `/game/${r.game}`;
    }
    $('rematch').hidden = true;
    $('rematch-decline').hidden = true;
    const a = document.createElement('a');
    a.id = 'rematch-link';
    a.href = `/game/${r.game}`;
    a.textContent = 'Go to the rematch';
    $('rematch-status').replaceChildren(a);
    return;
  }
  const can = !!ui.seat && !!g.outcome && !g.open;
  const opp = ui.seat === 'first' ? 'second' : 'first';
  $('rematch').hidden = !can;
  $('rematch').disabled = r.offer === ui.seat;
  $('rematch').textContent = r.offer === opp ? 'Accept rematch' : (r.offer === ui.seat ? 'Rematch offered' : 'Rematch');
  $('rematch-decline').hidden = !(can && r.offer);
  $('rematch-decline').textContent = r.offer === opp ? 'Decline rematch' : 'Withdraw rematch';
  let said = '';
  if (r.offer && r.offer !== ui.seat) said = `${seatName(g, r.offer, sideNames)} offers a rematch.`;
  else if (r.offer) said = 'You offered a rematch: waiting for the answer.';
  $('rematch-status').textContent = said;
}
