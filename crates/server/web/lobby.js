// The lobby: create a game (its rules, its armies where its players may lead different ones,
// a start position, a clock, an opponent), import a record, read a game's rules (its guide).
// Everything it offers comes from GET /api/games: no game is named here.
import { api } from './api.js';
import { startChoices, pickStart, seatOf } from './looks.js';
import { renderMarkdown } from './markdown.js';
import { meetLobby, myName } from './meet.js';

const $ = (id) => document.getElementById(id);

/** The games the server plays, by name (GET /api/games). */
const games = {};

function fill(select, options) {
  select.replaceChildren();
  for (const { style, name } of options) {
    const o = document.createElement('option');
    o.value = style;
    o.textContent = name;
    select.append(o);
  }
}

/** Shows what the chosen game offers: the army choice when it has several starts, the link to
 * its rules when it has a guide. */
function showGame() {
  const g = games[$('rules').value];
  const choices = g && startChoices(g);
  $('armies').hidden = !choices;
  if (choices) {
    fill($('my-army'), choices.armies);
    fill($('first-army'), choices.firsts);
  }
  const link = $('guide-link');
  link.hidden = !(g && g.guide);
  if (g) link.href = `/api/games/${encodeURIComponent(g.name)}/guide`;
  $('guide').hidden = true;
}

async function listGames() {
  try {
    const list = await api('GET', '/api/games');
    const select = $('rules');
    for (const g of list.games) {
      games[g.name] = g;
      const o = document.createElement('option');
      o.value = g.name;
      o.textContent = g.display;
      select.append(o);
    }
    showGame();
  } catch (e) {
    $('lobby-error').textContent = e.message;
  }
}

/** Opens the chosen game's guide in the page. */
async function openGuide(ev) {
  ev.preventDefault();
  const g = games[$('rules').value];
  if (!g) return;
  try {
    const r = await fetch(`/api/games/${encodeURIComponent(g.name)}/guide`);
    const text = await r.text();
    if (!r.ok) throw new Error(text);
    $('guide-text').innerHTML = renderMarkdown(text);
    $('guide').hidden = false;
    $('guide').scrollIntoView({ block: 'nearest' });
  } catch (e) {
    $('lobby-error').textContent = `No rules to show: ${e.message}`;
  }
}

/** The request's start and the creator's seat: the army choice picks the start (unless a start
 * position is typed, whose styles then say the seat). */
function startAndSeat(g, feen) {
  const choices = g && startChoices(g);
  if (!choices) return { feen, seat: 'first' };
  const mine = $('my-army').value;
  if (feen) return { feen, seat: seatOf(feen, mine) };
  const picked = pickStart(g, mine, $('first-army').value);
  if (!picked) throw new Error('the game has no start where these armies play in this order');
  return picked;
}

/** The lobby page. */
export function lobby() {
  $('lobby').hidden = false;
  // The open games are named by the games' listing: asked for once it is read.
  listGames().then(() => meetLobby((name) => games[name]));
  $('rules').addEventListener('change', showGame);
  $('guide-link').addEventListener('click', openGuide);
  $('guide-close').addEventListener('click', () => { $('guide').hidden = true; });
  $('clock').addEventListener('change', () => {
    $('custom-periods-label').hidden = $('clock').value !== 'custom';
  });
  $('create-form').addEventListener('submit', async (ev) => {
    ev.preventDefault();
    const body = { rules: $('rules').value };
    let clock = $('clock').value;
    if (clock === 'custom') clock = $('custom-periods').value;
    try {
      const { feen, seat } = startAndSeat(games[body.rules], $('feen').value.trim());
      if (feen) body.feen = feen;
      if (clock) body.periods = JSON.parse(clock);
      const name = $('player-name').value.trim() || myName();
      if (name) body.name = name;
      if ($('opponent').value === 'open') {
        body.open = true;
        body.seat = seat;
      } else if ($('opponent').value) {
        body.opponent = { engine: Number($('opponent').value) };
        if (seat === 'second') body.opponent.side = 'first';
      }
      enter(await api('POST', '/api/games', body), seat);
    } catch (e) {
      $('lobby-error').textContent = e.message;
    }
  });
  $('import').addEventListener('click', async () => {
    const text = $('import-text').value.trim();
    const body = text.startsWith('{') ? { pcn: text } : { pgn: text };
    try {
      enter(await api('POST', '/api/games', body));
    } catch (e) {
      $('lobby-error').textContent = e.message;
    }
  });
}

/** Goes to a created game, in the creator's `seat` (the first human seat when it has no token
 * there); the other seat's token becomes the invite link shown on the game page. */
function enter(created, seat = 'first') {
  const seats = created.seats || {};
  let mine = seat;
  if (!seats[mine]) mine = seats.first ? 'first' : 'second';
  const other = mine === 'first' ? 'second' : 'first';
  if (seats[other]) localStorage.setItem(`tegoma-invite:${created.id}`, seats[other]);
  location.href = `/game/${created.id}#seat=${seats[mine]}`;
}
