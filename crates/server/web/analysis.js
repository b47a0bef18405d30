// The analysis board (`/analysis`): any position of any game the server plays, from a game
// (`?game=ID`: its start and its moves), a pasted FEEN (FEN for chess), or an imported PGN or
// PCN record. Moves are played on the board (click or drag, either side); a move that leaves
// the line makes a variation; every move of the tree can be gone back to (click, or the
// arrow keys). The engine's evaluation and best line come from POST /api/analysis, the bar
// showing it from the first player's point of view. Positions come from the server (no rules
// here), each fetched once. No game is named here.
import { api } from './api.js';
import { renderBoard } from './board.js';
import { GENERIC_LOOK, armiesOf } from './looks.js';
import { legalMoves, lastSquares } from './moves.js';
import { attachPicker } from './picker.js';
import {
  positionAfter, evaluate, drawHand, firstPlayerScore, scoreText, barShare,
} from './position.js';

const $ = (id) => document.getElementById(id);

/** How long the engine thinks when asked (ms; the server allows 2,000 at most). */
const THINK_MS = 1000;

const PAGE = `
<div class="play">
  <div class="side-panel">
    <div id="eval-bar" class="eval-bar" role="meter" aria-valuemin="0" aria-valuemax="100" aria-valuenow="50">
      <div id="eval-fill" class="eval-fill" style="width:50%"></div><span id="eval-label" class="eval-label"></span>
    </div>
    <div class="player top"><div class="hand" id="a-hand-top"></div></div>
    <div id="a-board-wrap"><svg id="a-board" role="img" aria-label="analysis board"></svg></div>
    <div class="player bottom"><div class="hand" id="a-hand-bottom"></div></div>
  </div>
  <div class="info">
    <h1 class="a-title">Analysis board</h1>
    <p id="a-status" role="status"></p>
    <p id="a-error" class="error" role="alert"></p>
    <div class="buttons">
      <button type="button" id="a-home" title="Start (Home)" aria-label="Start">«</button>
      <button type="button" id="a-back" title="Back (Left)" aria-label="Back">‹</button>
      <button type="button" id="a-forward" title="Forward (Right)" aria-label="Forward">›</button>
      <button type="button" id="a-end" title="End of the line (End)" aria-label="End of the line">»</button>
      <button type="button" id="a-flip">Flip board</button>
      <button type="button" id="a-evaluate">Evaluate</button>
    </div>
    <p id="a-eval" class="a-eval"></p>
    <p id="a-pv" class="a-pv"></p>
    <div id="a-moves" class="a-moves" aria-label="Moves and variations"></div>
    <details id="a-source"><summary>Another position</summary>
      <form id="a-feen-form"><label>Position (FEEN, or FEN for chess) <input id="a-feen" autocomplete="off"></label>
        <button type="submit" id="a-feen-go">Analyse position</button></form>
      <label>A record (PGN for chess, or PCN) <textarea id="a-import-text" rows="4"></textarea></label>
      <button type="button" id="a-import">Import and analyse</button>
    </details>
  </div>
</div>`;

const st = {
  feen: null, // the start's FEEN, as the server wrote it
  rules: null,
  root: null,
  current: null,
  target: null, // the node last asked for
  flipped: false,
  picker: null, // picker.js on the board
  looks: {},
  displays: {},
  nextId: 1,
};

function node(parent, pmn, san) {
  const n = { id: st.nextId++, parent, pmn, san: san || null, children: [], pos: null, eval: null };
  if (parent) parent.children.push(n);
  return n;
}

/** The moves from the start to `n`. */
function path(n) {
  const out = [];
  for (let x = n; x && x.parent; x = x.parent) out.unshift(x.pmn);
  return out;
}

function depth(n) {
  let d = 0;
  for (let x = n; x && x.parent; x = x.parent) d += 1;
  return d;
}

function armies(pos) {
  return armiesOf(st.looks[st.rules] || GENERIC_LOOK, (pos && pos.feen) || st.feen);
}

async function ensure(n) {
  if (!n.pos) {
    n.pos = await positionAfter(st.feen, st.rules, path(n));
    const plies = n.pos.plies || [];
    if (n.parent && plies.length) n.san = plies[plies.length - 1].san || null;
  }
  return n.pos;
}

/** Shows node `n` (its position fetched first). */
async function goTo(n) {
  if (!n) return;
  st.target = n;
  try {
    await ensure(n);
    if (st.target !== n) return; // a later step was asked meanwhile
    st.current = n;
    st.picker.clear();
    $('a-error').textContent = '';
  } catch (e) {
    $('a-error').textContent = e.message;
  }
  render();
}

/** Plays `pmn` from the node shown: the child that has it, else a new one (a variation when
 * the node already has a continuation). */
function play(pmn) {
  const from = st.current;
  const known = from.children.find((c) => c.pmn === pmn);
  goTo(known || node(from, pmn));
}

// ---- moving: picker.js (click-click, drag, drops, the dialog), from the legal moves ----
function movesHere() {
  const pos = st.current && st.current.pos;
  return pos && !pos.outcome ? legalMoves(pos) : [];
}

// ---- stepping ----
function endOfLine(n) {
  let x = n;
  while (x.children.length) x = x.children[0];
  return x;
}

/** Left, Right, Home, End step through the tree, unless a text field or the board has the
 * keys. */
function onKey(ev) {
  const t = ev.target;
  if (t && (t.closest('input, textarea, select, [contenteditable]') || t.closest('#a-board-wrap'))) return;
  if (!st.current || ev.altKey || ev.ctrlKey || ev.metaKey) return;
  // From the node last asked for (its position may still be on its way).
  const at = st.target || st.current;
  const to = {
    ArrowLeft: () => at.parent,
    ArrowRight: () => at.children[0],
    Home: () => st.root,
    End: () => endOfLine(at),
  }[ev.key];
  if (!to) return;
  ev.preventDefault();
  goTo(to());
}

// ---- the engine ----
async function askEngine() {
  const n = st.current;
  if (!n || !n.pos) return;
  $('a-evaluate').disabled = true;
  $('a-eval').textContent = 'The engine is thinking…';
  try {
    n.eval = await evaluate(st.feen, st.rules, path(n), THINK_MS);
    $('a-error').textContent = '';
  } catch (e) {
    $('a-error').textContent = e.message;
  }
  $('a-evaluate').disabled = false;
  render();
}

function renderEval(n, drawn) {
  const e = n.eval;
  const score = firstPlayerScore(e);
  const share = barShare(score);
  const first = drawn.names.first;
  $('eval-fill').style.width = `${(share * 100).toFixed(1)}%`;
  const bar = $('eval-bar');
  bar.setAttribute('aria-valuenow', String(Math.round(share * 100)));
  bar.dataset.score = score ? scoreText(score) : '';
  const label = score ? `${first} ${scoreText(score)}` : `${first} —`;
  $('eval-label').textContent = label;
  bar.setAttribute('aria-label', `Evaluation for ${first}`);
  bar.title = `The evaluation from ${first}'s point of view`;
  if (!e) { $('a-eval').textContent = ''; $('a-pv').textContent = ''; return; }
  if (!e.score) {
    $('a-eval').textContent = 'No evaluation: the position is over.';
    $('a-pv').textContent = '';
    return;
  }
  $('a-eval').textContent = `${first} ${scoreText(score)} · depth ${e.depth}`;
  const line = (e.pv_san || e.pv || []).map((s, i) => s || e.pv[i]);
  $('a-pv').textContent = line.length ? `Best line: ${line.join(' ')}` : '';
  $('a-pv').dataset.pv = (e.pv || []).join(' ');
}

// ---- the move list: the main line, variations in brackets ----
function renderMoveList() {
  const box = $('a-moves');
  box.replaceChildren();
  const offset = st.root.pos && st.root.pos.turn === 'second' ? 1 : 0;
  const addMove = (parent, n, numbered) => {
    const k = depth(n) - 1 + offset;
    const s = document.createElement('span');
    s.className = 'a-move';
    if (n === st.current) s.classList.add('current');
    s.dataset.node = String(n.id);
    s.dataset.ply = n.pmn;
    let text = n.san || n.pmn;
    if (k % 2 === 0) text = `${Math.floor(k / 2) + 1}. ${text}`;
    else if (numbered) text = `${Math.floor(k / 2) + 1}… ${text}`;
    s.textContent = text;
    s.title = n.pmn;
    parent.append(s, ' ');
  };
  const line = (parent, from, numbered) => {
    let x = from;
    let number = numbered;
    while (x.children.length) {
      const [main, ...others] = x.children;
      addMove(parent, main, number);
      number = false;
      for (const v of others) {
        const wrap = document.createElement('span');
        wrap.className = 'variation';
        wrap.append('( ');
        addMove(wrap, v, true);
        line(wrap, v, false);
        wrap.append(') ');
        parent.append(wrap);
        number = true;
      }
      x = main;
    }
  };
  line(box, st.root, true);
  const cur = box.querySelector('.current');
  if (cur && cur.scrollIntoView) cur.scrollIntoView({ block: 'nearest' });
}

const REASONS = {
  checkmate: 'checkmate', stalemate: 'stalemate', repetition: 'by repetition', movelimit: 'by the move limit',
  insufficient: 'insufficient material', mareking: 'the king was captured', nomove: 'no legal move',
};

function render() {
  const n = st.current;
  if (!n || !n.pos) return;
  const pos = n.pos;
  const drawn = armies(pos);
  const dests = st.picker.destinations().map((m) => m.to);
  const sel = st.picker.selected();
  renderBoard($('a-board'), {
    game: pos, armies: drawn, flipped: st.flipped,
    selected: sel && sel.cell, dests, last: lastSquares(pos), check: pos.check,
  });
  const bottom = st.flipped ? 'second' : 'first';
  const top = bottom === 'first' ? 'second' : 'first';
  for (const [id, side] of [['a-hand-bottom', bottom], ['a-hand-top', top]]) {
    drawHand($(id), side, pos.hands[side], {
      armies: drawn,
      flipped: st.flipped,
      selected: sel && sel.drop && side === pos.turn ? sel.drop : null,
      onPick: (piece) => { if (side === pos.turn) st.picker.pickDrop(piece); },
    });
  }
  let status = `${st.displays[st.rules] || st.rules} · ${drawn.names[pos.turn]} to move`;
  if (pos.outcome) {
    const o = pos.outcome;
    status = `${st.displays[st.rules] || st.rules} · ${o.result === 'draw' ? 'Draw' : `${drawn.names[o.result]} wins`}`
      + ` — ${REASONS[o.reason] || o.reason}`;
  } else if (pos.check) status += ' · check';
  $('a-status').textContent = status;
  $('a-back').disabled = !n.parent;
  $('a-home').disabled = !n.parent;
  $('a-forward').disabled = !n.children.length;
  $('a-end').disabled = !n.children.length;
  $('a-evaluate').disabled = !!pos.outcome;
  renderEval(n, drawn);
  renderMoveList();
  document.body.dataset.analysisNode = String(n.id);
  document.body.dataset.analysisPly = String(depth(n));
}

// ---- sources ----
async function loadLooks() {
  try {
    const { games } = await api('GET', '/api/games');
    for (const g of games) { st.looks[g.name] = g.look; st.displays[g.name] = g.display; }
  } catch { /* the generic look */ }
}

/** Starts the tree at `feen` (rules: the game's name or null) with a main line of `plies`
 * (`{pmn, san}`) and shows its position after `at` plies (all when not given). */
async function start(feen, rules, plies = [], at = null) {
  const root = node(null, null);
  root.pos = await positionAfter(feen, rules, []);
  st.feen = root.pos.start_feen;
  st.rules = root.pos.rules;
  st.root = root;
  let x = root;
  for (const p of plies) x = node(x, p.pmn, p.san);
  let show = x;
  if (at !== null) { show = root; for (let i = 0; i < at && show.children.length; i++) show = show.children[0]; }
  st.current = root;
  await goTo(show);
}

async function fromGame(id) {
  const { game: g } = await api('GET', `/api/games/${encodeURIComponent(id)}/state`);
  // Ōgi's illegal move (a forfeit) is recorded as played but is no position: left out.
  const plies = (g.plies || []).filter((p) => p.from || p.drop);
  await start(g.start_feen, g.rules, plies);
}

async function load(fn) {
  try {
    await fn();
    $('a-error').textContent = '';
  } catch (e) {
    $('a-error').textContent = e.message;
  }
}

/** The analysis page. */
export async function analysisPage() {
  const section = $('analysis');
  section.innerHTML = PAGE;
  section.hidden = false;
  document.title = 'Analysis · Tegoma';
  st.picker = attachPicker($('a-board'), {
    position: () => st.current && st.current.pos,
    moves: movesHere,
    flipped: () => st.flipped,
    armies: () => armies(st.current && st.current.pos),
    play,
    changed: render,
  });
  document.addEventListener('keydown', onKey);
  $('a-home').addEventListener('click', () => goTo(st.root));
  $('a-back').addEventListener('click', () => goTo(st.current.parent));
  $('a-forward').addEventListener('click', () => goTo(st.current.children[0]));
  $('a-end').addEventListener('click', () => goTo(endOfLine(st.current)));
  $('a-flip').addEventListener('click', () => { st.flipped = !st.flipped; render(); });
  $('a-evaluate').addEventListener('click', askEngine);
  $('a-moves').addEventListener('click', (ev) => {
    const s = ev.target.closest('[data-node]');
    if (!s) return;
    const id = Number(s.dataset.node);
    const find = (x) => (x.id === id ? x : x.children.map(find).find(Boolean));
    goTo(find(st.root));
  });
  $('a-feen-form').addEventListener('submit', (ev) => {
    ev.preventDefault();
    const feen = $('a-feen').value.trim();
    if (!feen) return;
    history.replaceState(null, '', `/analysis?feen=${encodeURIComponent(feen)}`);
    load(() => start(feen, null));
  });
  $('a-import').addEventListener('click', () => load(async () => {
    const text = $('a-import-text').value.trim();
    if (!text) return;
    const created = await api('POST', '/api/games', text.startsWith('{') ? { pcn: text } : { pgn: text });
    history.replaceState(null, '', `/analysis?game=${created.id}`);
    await fromGame(created.id);
  }));
  await loadLooks();
  const q = new URLSearchParams(location.search);
  if (q.get('game')) await load(() => fromGame(q.get('game')));
  else if (q.get('feen')) await load(() => start(q.get('feen'), q.get('rules')));
  else {
    // The start of the first game the server plays.
    await load(async () => {
      const { games } = await api('GET', '/api/games');
      const g = (q.get('rules') && games.find((x) => x.name === q.get('rules'))) || games[0];
      await start(g.start_feen, g.name);
    });
    $('a-source').open = true;
  }
}

/** The lobby's "Import and analyse": the record pasted for import is imported (a game is
 * created, as "Import" does) and opened in the analysis board. */
export function importToAnalyse() {
  const b = $('import-analyse');
  if (!b) return;
  b.addEventListener('click', async () => {
    const text = $('import-text').value.trim();
    if (!text) return;
    try {
      const created = await api('POST', '/api/games', text.startsWith('{') ? { pcn: text } : { pgn: text });
      location.href = `/analysis?game=${created.id}`;
    } catch (e) {
      $('lobby-error').textContent = e.message;
    }
  });
}
