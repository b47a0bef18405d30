// The game page's past positions: a click on a move of the list (`#moves [data-pmn]`), or
// Left, Right, Home and End (unless the focus is in a text field or on the board, whose
// squares take the arrows), shows the position after that move, drawn from POST
// /api/analysis (movetime 0, each kept once fetched). A live move (the game's plies change)
// brings the view back to the present. No move is made while the past is shown: a press on
// the board comes back to the present instead. A finished game offers the analysis board
// ("Analyse"). No game is named here.
import { renderBoard } from './board.js';
import { lastSquares } from './moves.js';
import { positionAfter, drawHand } from './position.js';

const $ = (id) => document.getElementById(id);

const st = {
  game: null, // the game's present, as the page last drew it
  opts: null, // {armies, flipped} of that drawing
  viewing: null, // plies shown when in the past (0 .. plies - 1), else null
  seen: -1, // the plies of the present last drawn
  wanted: 0, // the latest asked view (older answers are dropped)
};

function plies() {
  return st.game ? st.game.plies.length : 0;
}

/** Shows the position after `k` plies (the present when `k` is the plies' count or more). */
async function show(k) {
  if (!st.game) return;
  const n = plies();
  const to = Math.max(0, Math.min(k, n));
  const ask = ++st.wanted;
  if (to >= n) {
    st.viewing = null;
    drawPresentBack();
    return;
  }
  const g = st.game;
  let pos;
  try {
    pos = await positionAfter(g.start_feen, g.rules, g.plies.slice(0, to).map((p) => p.pmn));
  } catch (e) {
    const err = $('error');
    if (err) err.textContent = e.message;
    return;
  }
  if (ask !== st.wanted || g !== st.game) return;
  st.viewing = to;
  drawPast(pos);
}

/** Draws the past position `pos` over the board and hands, and marks its move. */
function drawPast(pos) {
  const { armies, flipped } = st.opts;
  renderBoard($('board'), {
    game: pos, armies, flipped, selected: null, dests: [], last: lastSquares(pos), check: pos.check,
  });
  const bottom = flipped ? 'second' : 'first';
  drawHand($('hand-bottom'), bottom, pos.hands[bottom], { armies, flipped });
  drawHand($('hand-top'), bottom === 'first' ? 'second' : 'first', pos.hands[bottom === 'first' ? 'second' : 'first'], { armies, flipped });
  mark();
}

/** Back to the present: the page draws it again. */
function drawPresentBack() {
  mark();
  if (st.redraw) st.redraw();
}

/** Marks the move shown in the list, and says when the view is in the past. */
function mark() {
  const spans = document.querySelectorAll('#moves [data-pmn]');
  spans.forEach((s, i) => {
    s.classList.toggle('viewing', st.viewing !== null && i === st.viewing - 1);
    s.classList.toggle('clickable', true);
  });
  const bar = $('viewing');
  if (!bar) return;
  if (st.viewing === null) {
    bar.hidden = true;
  } else {
    bar.hidden = false;
    const where = st.viewing === 0 ? 'the start' : `move ${st.viewing} of ${plies()}`;
    $('viewing-text').textContent = `Viewing ${where}: press End, or the board, to return.`;
  }
  document.body.dataset.viewing = st.viewing === null ? '' : String(st.viewing);
}

function onKey(ev) {
  const t = ev.target;
  if (!st.game || ev.altKey || ev.ctrlKey || ev.metaKey) return;
  if (t && t.closest && (t.closest('input, textarea, select, [contenteditable]') || t.closest('#board-wrap, #board'))) return;
  if (!$('chooser').hidden) return;
  const now = st.viewing === null ? plies() : st.viewing;
  const to = { ArrowLeft: now - 1, ArrowRight: now + 1, Home: 0, End: plies() }[ev.key];
  if (to === undefined) return;
  ev.preventDefault();
  if (to < 0) return;
  show(to);
}

/** Installs the stepping on the game page; `redraw` draws the present again. */
export function installStepper(redraw) {
  st.redraw = redraw;
  const info = $('moves').parentElement;
  const bar = document.createElement('p');
  bar.id = 'viewing';
  bar.className = 'viewing';
  bar.hidden = true;
  bar.innerHTML = '<span id="viewing-text"></span> <button type="button" id="viewing-back">Back to the game</button>';
  $('moves').before(bar);
  const analyse = document.createElement('a');
  analyse.id = 'analyse-link';
  analyse.hidden = true;
  analyse.textContent = 'Analyse';
  analyse.className = 'analyse-link';
  $('moves').after(analyse);
  info.dataset.stepper = 'on';
  $('viewing-back').addEventListener('click', () => show(plies()));
  $('moves').addEventListener('click', (ev) => {
    const s = ev.target.closest('[data-pmn]');
    if (!s) return;
    const all = [...document.querySelectorAll('#moves [data-pmn]')];
    show(all.indexOf(s) + 1);
  });
  document.addEventListener('keydown', onKey);
  // No move while the past is shown: a press on the board (or Enter or Space on its squares)
  // comes back to the present.
  const back = (ev) => {
    if (st.viewing === null) return;
    if (ev.type === 'keydown' && ev.key !== 'Enter' && ev.key !== ' ') return;
    ev.stopPropagation();
    ev.preventDefault();
    show(plies());
  };
  $('board-wrap').addEventListener('pointerdown', back, true);
  $('board-wrap').addEventListener('keydown', back, true);
}

/** The page drew game `g` (`opts`: {armies, flipped}): a live move brings the view back to the
 * present, else the past position shown stays drawn. */
export function gameRendered(g, opts, id) {
  const changed = st.game && g.plies.length !== st.seen;
  st.game = g;
  st.opts = opts;
  st.seen = g.plies.length;
  const link = $('analyse-link');
  if (link) {
    link.hidden = !g.outcome;
    link.href = `/analysis?game=${encodeURIComponent(id)}`;
  }
  if (changed && st.viewing !== null) {
    st.viewing = null;
    st.wanted += 1;
  }
  if (st.viewing !== null) {
    const k = st.viewing;
    st.viewing = null; // drawn again when its position comes
    show(k);
  } else {
    mark();
  }
}
