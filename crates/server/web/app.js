// The web board: lobby (create, import), game page (play, watch), all state from the server.
import { api, inWords } from './api.js';
import { renderBoard, cellAt, drawPiece, pieceSide } from './board.js';
import { lobby } from './lobby.js';
import { GENERIC_LOOK, armiesOf } from './looks.js';
import { accessBoard } from './access.js';
import { showSetChoice } from './sets.js';
import { legalMoves, fromSquare, dropsOf, lastSquares } from './moves.js';
import { showChoices } from './picker.js';
import { drawHand } from './position.js';
import { meetGame, renderMeet } from './meet.js';
import {
  cancelPremove, hasPremove, premove, premoveClick, premoveDrop, premoveSquares, takePremove,
} from './premove.js';
import { play, setupSounds, soundOf, summary } from './sounds.js';
import { installStepper, gameRendered } from './stepper.js';
import { analysisPage, importToAnalyse } from './analysis.js';
import { renderClocks as drawClocks } from './clocks.js';
import { judgeTyped, askToSend, closeAsk } from './typed.js';

const $ = (id) => document.getElementById(id);

const ui = {
  id: null,
  token: null,
  seat: null,
  game: null,
  seq: 0,
  received: 0,
  flipped: false,
  userFlipped: false,
  selected: null, // {cell} or {drop: piece}
  socket: null,
  drag: null,
  access: null, // the board for the keyboard and screen readers (access.js)
  looks: {}, // each game's look by name (GET /api/games)
  displays: {}, // each game's name for players by name (GET /api/games)
};

/** The look of the game on the page (GET /api/games gives each game's). */
function look() {
  return (ui.game && ui.looks[ui.game.rules]) || GENERIC_LOOK;
}

/** Each side's army look and name in the position on the page (by its FEEN's style field). */
function armies() {
  return armiesOf(look(), ui.game && (ui.game.feen || ui.game.start_feen));
}

/** Reads every game's look (the lobby's list gives the same). */
async function loadLooks() {
  try {
    const { games } = await api('GET', '/api/games');
    for (const g of games) {
      ui.looks[g.name] = g.look;
      ui.displays[g.name] = g.display;
    }
  } catch (e) {
    // The generic look is drawn instead.
  }
}

// ---- seats: the token comes in the invite link's fragment, kept in localStorage ----
function seatKey(id) { return `tegoma-seat:${id}`; }

function loadSeat(id) {
  const m = /(?:^#|&)seat=([0-9a-f]{16,128})/.exec(location.hash);
  if (m) {
    localStorage.setItem(seatKey(id), m[1]);
    // The address bar keeps no token: copying it gives a spectator link.
    history.replaceState(null, '', location.pathname);
  }
  return localStorage.getItem(seatKey(id));
}

// ---- game page ----
function gamePage(id) {
  ui.id = id;
  ui.token = loadSeat(id);
  $('game').hidden = false;
  $('flip').addEventListener('click', () => { ui.flipped = !ui.flipped; ui.userFlipped = true; render(); });
  $('resign').addEventListener('click', confirmed('resign', 'Confirm resign', () => act('resign')));
  $('draw').addEventListener('click', confirmed('draw', 'Confirm draw offer', () => act('draw', { action: 'offer' })));
  $('draw-decline').addEventListener('click', () => act('draw', { action: 'decline' }));
  $('takeback').addEventListener('click', () => act('takeback', { action: 'offer' }));
  $('takeback-decline').addEventListener('click', () => act('takeback', { action: 'decline' }));
  $('move-form').addEventListener('submit', (ev) => {
    ev.preventDefault();
    const mv = $('move-input').value.trim();
    if (!mv) return;
    // Checked against the legal moves first: a slip is refused here, not sent.
    const j = judgeTyped(ui.game, ui.seat, mv);
    if (j.send) { closeAsk(); send(j.send); $('move-input').value = ''; return; }
    if (j.confirm) {
      askToSend($('move-form'), j.message, () => { send(j.confirm); $('move-input').value = ''; });
      return;
    }
    closeAsk();
    showError(j.refuse);
  });
  $('show-pgn').addEventListener('click', () => exportText('pgn'));
  $('show-pcn').addEventListener('click', () => exportText('pcn'));
  $('show-feen').addEventListener('click', () => exportText('feen'));
  $('copy-export').addEventListener('click', () => copy($('export-text').value));
  $('chooser-cancel').addEventListener('click', () => closeChooser());
  const board = $('board');
  board.addEventListener('pointerdown', onPointerDown);
  ui.access = accessBoard({ svg: board, choose: chooseCell, cancel: () => { ui.selected = null; render(); } });
  window.addEventListener('pointermove', onPointerMove);
  window.addEventListener('pointerup', onPointerUp);
  window.addEventListener('keydown', (ev) => {
    if (ev.key === 'Escape' && hasPremove()) { cancelPremove(); render(); }
  });
  setupSounds($('mute'));
  $('mute').hidden = false;
  links();
  installStepper(render);
  meetGame(ui, showError);
  loadLooks().then(connect);
}

function links() {
  const base = `${location.origin}/game/${ui.id}`;
  const invite = localStorage.getItem(`tegoma-invite:${ui.id}`);
  let html = `<label>Spectator link <input id="spectate-link" readonly value="${base}"></label><button type="button" data-copy="spectate-link">Copy</button>`;
  if (invite) {
    html += `<label>Invite link (the other seat) <input id="invite-link" readonly value="${base}#seat=${invite}"></label><button type="button" data-copy="invite-link">Copy</button>`;
  }
  $('links').innerHTML = html;
  $('links').querySelectorAll('[data-copy]').forEach((b) => b.addEventListener('click', () => copy($(b.dataset.copy).value)));
}

async function copy(text) {
  try { await navigator.clipboard.writeText(text); } catch {
    const t = document.createElement('textarea');
    t.value = text; document.body.appendChild(t); t.select(); document.execCommand('copy'); t.remove();
  }
}

async function exportText(kind) {
  let text = '';
  try {
    if (kind === 'feen') text = ui.game.feen;
    else if (kind === 'pcn') text = await (await fetch(`/api/games/${ui.id}`)).text();
    else {
      const r = await fetch(`/api/games/${ui.id}/pgn`);
      text = await r.text();
      if (!r.ok) text = JSON.parse(text).error.message;
    }
  } catch (e) { text = String(e); }
  $('export-text').value = text;
  $('export').open = true;
}

function connect() {
  const proto = location.protocol === 'https:' ? 'wss' : 'ws';
  const since = ui.game ? `?since=${ui.seq}` : '';
  const s = new WebSocket(`${proto}://${location.host}/api/games/${ui.id}/ws${since}`);
  ui.socket = s;
  s.onopen = () => { if (ui.token) s.send(JSON.stringify({ type: 'auth', token: ui.token })); };
  s.onmessage = (ev) => {
    const m = JSON.parse(ev.data);
    if (m.type === 'state') {
      const g = m.game;
      if (g.plies_from) g.plies = (ui.game ? ui.game.plies : []).slice(0, g.plies_from).concat(g.plies);
      g.plies_from = 0;
      const before = summary(ui.game);
      ui.game = g; ui.seq = m.seq; ui.received = performance.now();
      connected(true);
      arrived(before);
    } else if (m.type === 'update') {
      // What changed since the event before; one already applied (an HTTP answer) is skipped,
      // and a gap (a missed event) is filled by connecting again: the events and the whole state.
      if (!ui.game || m.seq <= ui.seq) return;
      if (m.seq !== ui.seq + 1) { s.close(); return; }
      const before = summary(ui.game);
      applyUpdate(ui.game, m.game);
      ui.seq = m.seq; ui.received = performance.now();
      arrived(before);
    } else if (m.type === 'authed') {
      ui.seat = m.side;
      if (!ui.userFlipped) ui.flipped = m.side === 'second';
      render();
    } else if (m.type === 'error') {
      if (m.kind === 'WrongToken') { ui.token = null; ui.seat = null; }
      showError(inWords(m.kind, m.message));
    }
  };
  s.onclose = () => { ui.socket = null; connected(false); setTimeout(connect, 1000); };
}

/** Shows whether the page is connected: "Reconnecting…" from a lost connection until the
 * server's state comes back (moves made meanwhile are then caught up). */
function connected(yes) {
  $('connection').hidden = yes;
  document.body.dataset.connected = String(yes);
}

/** After a new state of the game (`before`: what `summary` said of the one before): its
 * sound, the premove played when the turn comes, the page drawn again. */
function arrived(before) {
  const sound = soundOf(before, ui.game);
  if (sound) play(sound);
  if (myTurn() && hasPremove()) {
    const candidates = takePremove(legalMoves(ui.game));
    if (candidates.length === 1) { send(candidates[0].pmn); return; }
    if (candidates.length > 1) { openChooser(candidates); render(); return; }
    showError('Premove cancelled: it is not a legal move now.');
  }
  render();
}

// An update holds the board's changed `cells`, the plies after the first `plies_from`, and every
// other field that may change; the fixed ones (id, rules, board size, engine) stay.
function applyUpdate(g, u) {
  const { cells, plies_from: from, plies, ...rest } = u;
  for (const c of cells) {
    for (const row of g.board.rows) {
      const at = row.find((x) => x && x.cell === c.cell);
      if (at) { at.piece = c.piece; break; }
    }
  }
  g.plies = g.plies.slice(0, from).concat(plies);
  Object.assign(g, rest);
}

function showError(text) {
  $('error').textContent = text;
}

/** The move list, paired by move number as players read it (`1. e4 e5`; `1. … e5` when the
 * second player moved first), in SAN where the game has it, else PMN. */
function renderMoves(g) {
  const list = $('moves');
  list.replaceChildren();
  const field = String(g.start_feen || '').trim().split(/\s+/).pop() || '';
  const active = field.split('/')[0] || '';
  const offset = active && active !== active.toUpperCase() ? 1 : 0;
  let row = null;
  g.plies.forEach((p, i) => {
    const k = i + offset;
    if (k % 2 === 0 || !row) {
      row = document.createElement('div');
      row.className = 'move-row';
      const num = document.createElement('span');
      num.className = 'num';
      num.textContent = `${Math.floor(k / 2) + 1}.`;
      row.append(num);
      if (k % 2 === 1) {
        const gap = document.createElement('span');
        gap.className = 'ply';
        gap.textContent = '…';
        row.append(gap);
      }
      list.append(row);
    }
    const ply = document.createElement('span');
    ply.className = 'ply';
    ply.textContent = p.san || p.pmn;
    ply.title = p.pmn;
    ply.dataset.pmn = p.pmn;
    row.append(ply);
  });
  list.scrollTop = list.scrollHeight;
}

/** A click handler that acts on a second click within 3 s: the first turns the button into a
 * question (`ask`), so that a slip of the mouse never resigns or offers a draw. */
function confirmed(id, ask, action) {
  let timer = null;
  return () => {
    const b = $(id);
    if (timer) {
      clearTimeout(timer);
      timer = null;
      b.textContent = b.dataset.label;
      b.classList.remove('confirming');
      action();
      return;
    }
    b.dataset.label = b.textContent;
    b.textContent = ask;
    b.classList.add('confirming');
    timer = setTimeout(() => {
      timer = null;
      b.textContent = b.dataset.label;
      b.classList.remove('confirming');
    }, 3000);
  };
}

async function act(what, body) {
  if (!ui.token) return showError('You are watching: only the players can act.');
  try {
    await api('POST', `/api/games/${ui.id}/${what}`, body, ui.token);
    showError('');
  } catch (e) { showError(e.message); }
}

async function send(mv) {
  ui.selected = null;
  if (!ui.token) { showError('You are watching: only the players can move.'); render(); return; }
  try {
    const g = await api('POST', `/api/games/${ui.id}/moves`, { move: mv }, ui.token);
    showError('');
    if (g && g.seq > ui.seq) {
      const before = summary(ui.game);
      ui.game = g; ui.seq = g.seq; ui.received = performance.now();
      arrived(before);
      return;
    }
  } catch (e) { showError(e.message); }
  render();
}

function myTurn() {
  return ui.game && ui.seat && !ui.game.outcome && ui.game.turn === ui.seat;
}

/** Whether the player waits for the opponent's move (and may premove). */
function theirTurn() {
  return ui.game && ui.seat && !ui.game.outcome && ui.game.turn !== ui.seat;
}

// ---- moving: click-click, drag, drops, choices ----
function destinations() {
  if (!ui.selected || !myTurn()) return [];
  const moves = legalMoves(ui.game);
  const list = ui.selected.cell ? fromSquare(moves, ui.selected.cell) : dropsOf(moves, ui.selected.drop);
  return list;
}

function tryMoveTo(cell) {
  const candidates = destinations().filter((m) => m.to === cell);
  if (!candidates.length) return false;
  if (candidates.length === 1) { send(candidates[0].pmn); return true; }
  openChooser(candidates);
  return true;
}

function openChooser(candidates) {
  // The mover's army says how its promotions are offered.
  showChoices(candidates, armies()[ui.game.turn], (m) => { closeChooser(); send(m.pmn); });
}

function closeChooser() {
  $('chooser').hidden = true;
  ui.selected = null;
  render();
}

function canSelect(cell) {
  return myTurn() && fromSquare(legalMoves(ui.game), cell).length > 0;
}

/** A square chosen (a click, or Enter on the keyboard's square): the selection's move to it,
 * else its piece selected, else the selection dropped. */
function chooseCell(cell) {
  if (!ui.game) return;
  if (theirTurn()) {
    // The opponent is to move: the square makes a premove.
    const piece = pieceAt(cell);
    premoveClick(cell, !!piece && pieceSide(piece) === ui.seat);
    render();
    return;
  }
  if (ui.selected && ui.selected.cell !== cell && tryMoveTo(cell)) return;
  ui.selected = canSelect(cell) ? { cell } : null;
  render();
}

function onPointerDown(ev) {
  if (!ui.game) return;
  const cell = cellAt($('board'), ui.game, ui.flipped, ev.clientX, ev.clientY);
  if (!cell) return;
  chooseCell(cell);
  const premoving = theirTurn() && premove.pick && premove.pick.from === cell;
  if (premoving || (ui.selected && ui.selected.cell === cell)) {
    ev.preventDefault();
    ui.drag = { cell, x: ev.clientX, y: ev.clientY, moved: false, ghost: null, premove: premoving };
  }
}

function onPointerMove(ev) {
  const d = ui.drag;
  if (!d) return;
  if (!d.moved && Math.hypot(ev.clientX - d.x, ev.clientY - d.y) < 6) return;
  d.moved = true;
  if (!d.ghost) {
    const piece = pieceAt(d.cell);
    const size = $('board').getBoundingClientRect().width / ui.game.board.files;
    const svg = document.createElementNS('http://www.w3.org/2000/svg', 'svg');
    svg.setAttribute('viewBox', '0 0 100 100');
    svg.setAttribute('width', size); svg.setAttribute('height', size);
    svg.classList.add('drag-ghost');
    if (piece) drawPiece(svg, piece, armies(), 0, 0, ui.flipped);
    document.body.appendChild(svg);
    d.ghost = svg; d.size = size;
  }
  d.ghost.style.left = `${ev.clientX - d.size / 2}px`;
  d.ghost.style.top = `${ev.clientY - d.size / 2}px`;
}

function onPointerUp(ev) {
  const d = ui.drag;
  ui.drag = null;
  if (!d) return;
  if (d.ghost) d.ghost.remove();
  if (!d.moved) return;
  const cell = cellAt($('board'), ui.game, ui.flipped, ev.clientX, ev.clientY);
  if (d.premove) {
    if (cell && cell !== d.cell) premoveClick(cell, false);
    render();
    return;
  }
  if (cell && cell !== d.cell && tryMoveTo(cell)) return;
  render();
}

function pieceAt(cell) {
  for (const row of ui.game.board.rows) for (const c of row) if (c && c.cell === cell) return c.piece;
  return null;
}

// ---- drawing ----
function renderClocks() {
  drawClocks(ui.game, ui.received, ui.flipped);
}

function renderHand(container, side) {
  drawHand(container, side, ui.game.hands[side], {
    armies: armies(),
    flipped: ui.flipped,
    selected: ui.selected && side === ui.seat ? ui.selected.drop : null,
    onPick(piece) {
      if (theirTurn() && side === ui.seat) { premoveDrop(piece); render(); return; }
      if (!myTurn() || side !== ui.seat || !dropsOf(legalMoves(ui.game), piece).length) return;
      ui.selected = { drop: piece };
      render();
    },
  });
}

const REASONS = {
  checkmate: 'checkmate', stalemate: 'stalemate', timelimit: 'on time', resignation: 'by resignation',
  agreement: 'by agreement', repetition: 'by repetition', movelimit: 'by the move limit',
  insufficient: 'insufficient material', mareking: 'the king was captured', illegalmove: 'illegal move',
  nomove: 'no legal move',
};

function render() {
  const g = ui.game;
  if (!g) return;
  const dests = destinations().map((m) => m.to);
  const drawn = armies();
  renderBoard($('board'), {
    game: g, armies: drawn, flipped: ui.flipped,
    selected: ui.selected && ui.selected.cell, dests,
    last: lastSquares(g), check: g.check, premove: premoveSquares(),
  });
  const bottom = ui.flipped ? 'second' : 'first';
  renderHand($('hand-bottom'), bottom);
  renderHand($('hand-top'), bottom === 'first' ? 'second' : 'first');
  renderClocks();
  $('seat-label').textContent = ui.seat ? `You play ${ui.seat}` : 'Spectating';
  const { names } = drawn;
  // Once the game is over nobody is to move: the result line says how it ended.
  let status = `${ui.displays[g.rules] || g.rules} · ${g.outcome ? 'game over' : `${names[g.turn]} to move`}`;
  if (g.check && !g.outcome) status += ' · check';
  if (g.engine) status += ` · computer (level ${g.engine.level}) plays ${g.engine.side}`;
  $('status').textContent = status;
  $('result').textContent = g.outcome
    ? (g.outcome.result === 'draw' ? 'Draw' : `${names[g.outcome.result]} wins`)
      + (g.outcome.reason ? ` — ${REASONS[g.outcome.reason] || g.outcome.reason}` : '')
    : '';
  // The tab's title says whose turn it is, so a player in another tab sees it.
  const game = ui.displays[g.rules] || g.rules;
  let title;
  if (g.outcome) title = `${$('result').textContent.split(' — ')[0]} · ${game}`;
  else if (ui.seat && ui.seat === g.turn) title = `Your turn · ${game}`;
  else title = `${names[g.turn]} to move · ${game}`;
  document.title = `${title} · Tegoma`;
  $('result').dataset.result = g.outcome ? g.outcome.result : '';
  $('result').dataset.reason = g.outcome ? g.outcome.reason : '';
  renderMoves(g);
  const seated = !!ui.seat && !g.outcome;
  for (const id of ['resign', 'draw', 'takeback', 'move-submit']) $(id).disabled = !seated;
  const opp = ui.seat === 'first' ? 'second' : 'first';
  $('draw').textContent = g.draw_offer === opp ? 'Accept draw' : 'Offer draw';
  $('draw-decline').hidden = !(seated && g.draw_offer === opp);
  $('takeback').textContent = g.takeback_offer === opp ? 'Accept take-back' : 'Ask take-back';
  $('takeback-decline').hidden = !(seated && g.takeback_offer === opp);
  let offers = '';
  if (g.draw_offer) offers += `${names[g.draw_offer]} offers a draw. `;
  if (g.takeback_offer) offers += `${names[g.takeback_offer]} asks to take a move back.`;
  $('offers').textContent = offers;
  showSetChoice($('flip'), look(), render);
  if (ui.access) {
    ui.access.update({
      game: g, armies: drawn, flipped: ui.flipped, selected: ui.selected, dests, result: $('result').textContent,
    });
  }
  renderMeet(ui, bottom, names);
  document.body.dataset.seq = String(ui.seq);
  document.body.dataset.side = ui.seat || '';
  gameRendered(g, { armies: drawn, flipped: ui.flipped }, ui.id);
}

setInterval(renderClocks, 200);

const m = /^\/game\/([0-9a-zA-Z]+)\/?$/.exec(location.pathname);
if (m) gamePage(m[1]); else if (/^\/analysis\/?$/.test(location.pathname)) analysisPage(); else { lobby(); importToAnalyse(); }
