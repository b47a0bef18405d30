// The board for the keyboard and for screen readers: a grid of named squares over the board's
// picture (one square in the tab order, the arrow keys move between them as drawn, Enter or
// Space chooses a square as a click does, Escape drops the choice), hand pieces named by piece
// and count, the promotion chooser as a dialog, and every move said in a polite live region.
// The page's own code moves the pieces (`choose`, `cancel`): nothing here knows the rules, and
// no game is named here (names come from the game's look, looks.js).

import { armyOfPiece, pieceName, pieceTitle } from './looks.js';

/** The side that played ply `i` of a game (`first` when its start has the first to move). */
export function sideOfPly(game, i) {
  const field = String(game.start_feen || '').trim().split(/\s+/).pop() || '';
  const active = field.split('/')[0] || '';
  const offset = active && active !== active.toUpperCase() ? 1 : 0;
  return (i + offset) % 2 === 0 ? 'first' : 'second';
}

/** A hand button's name: `Pawn in hand, 2`. */
export function handLabel(armies, piece, count) {
  return `${pieceName(armyOfPiece(armies, piece), piece)} in hand, ${count}`;
}

/** A square's name: `e4, White Pawn`, `e4, empty`, and whether it is chosen or a move's end. */
export function squareLabel(cell, piece, armies, chosen, dest) {
  let s = `${cell}, ${piece ? pieceTitle(armies, piece) : 'empty'}`;
  if (chosen) s += ', selected';
  if (dest) s += ', legal move';
  return s;
}

const STEPS = { ArrowUp: [-1, 0], ArrowDown: [1, 0], ArrowLeft: [0, -1], ArrowRight: [0, 1] };

/**
 * Puts the grid over `svg` (in its parent) and the live region after it; `choose(cell)` acts on
 * a square as a click does, `cancel()` drops the selection. Returns `{update(view)}`, to call
 * after each drawing with `{game, armies, flipped, selected, dests, result}` (`selected`:
 * `{cell}` or `{drop}`, `result`: the end of the game in words, empty while it goes on).
 */
export function accessBoard({ svg, choose, cancel }) {
  const wrap = svg.parentElement;
  wrap.classList.add('board-wrap');
  const grid = document.createElement('div');
  grid.id = 'board-grid';
  grid.className = 'board-grid';
  grid.setAttribute('role', 'grid');
  grid.setAttribute('aria-label', 'Board squares');
  wrap.appendChild(grid);
  const live = document.createElement('div');
  live.id = 'announce';
  live.className = 'visually-hidden';
  live.setAttribute('aria-live', 'polite');
  live.setAttribute('aria-atomic', 'true');
  wrap.after(live);

  let layout = ''; // what the grid was built for: size, flip and squares
  let lines = []; // the squares as drawn: lines[line][col] = cell name or null
  let current = null; // the square in the tab order
  let seen = null; // plies seen (null before the first state)
  let ended = false;
  let toBoard = false; // a hand piece was chosen by the keyboard: go on on the board
  let lastFocus = null;

  const cellEl = (cell) => grid.querySelector(`[data-square="${CSS.escape(cell)}"]`);
  const where = (cell) => {
    for (let l = 0; l < lines.length; l++) {
      const c = lines[l].indexOf(cell);
      if (c >= 0) return [l, c];
    }
    return null;
  };
  function focusCell(cell) {
    if (!cell) return;
    const prev = current && cellEl(current);
    if (prev) prev.tabIndex = -1;
    current = cell;
    const e = cellEl(cell);
    if (e) { e.tabIndex = 0; e.focus(); }
  }
  function step(dl, dc) {
    const at = where(current);
    if (!at) return;
    let [l, c] = at;
    for (;;) {
      l += dl; c += dc;
      if (l < 0 || c < 0 || l >= lines.length || c >= lines[l].length) return;
      if (lines[l][c]) { focusCell(lines[l][c]); return; }
    }
  }
  function edge(last) {
    const at = where(current);
    if (!at) return;
    const row = lines[at[0]].filter(Boolean);
    focusCell(last ? row[row.length - 1] : row[0]);
  }

  grid.addEventListener('keydown', (ev) => {
    if (ev.altKey || ev.ctrlKey || ev.metaKey) return;
    const k = ev.key;
    if (STEPS[k]) step(...STEPS[k]);
    else if (k === 'Home') edge(false);
    else if (k === 'End') edge(true);
    else if (k === 'Enter' || k === ' ') { if (current) choose(current); }
    else if (k === 'Escape') cancel();
    else return;
    // The board's keys stay on the board (the page may give the same keys other meanings).
    ev.preventDefault();
    ev.stopPropagation();
  });
  grid.addEventListener('focusin', (ev) => {
    const sq = ev.target.closest('[data-square]');
    if (sq && sq.dataset.square !== current) {
      const prev = current && cellEl(current);
      if (prev) prev.tabIndex = -1;
      current = sq.dataset.square;
      sq.tabIndex = 0;
    }
  });

  // Hand pieces: a piece chosen from the keyboard (a click of detail 0) sends the focus on to
  // the board; a hand drawn again keeps the focus on the same piece.
  document.addEventListener('click', (ev) => {
    if (ev.target.closest && ev.target.closest('.hand-piece') && ev.detail === 0) toBoard = true;
  }, true);
  document.addEventListener('focusin', (ev) => {
    const h = ev.target.closest && ev.target.closest('.hand-piece');
    lastFocus = h ? { piece: h.dataset.handPiece, side: h.dataset.side } : null;
  });

  // The chooser is a dialog: its first choice takes the focus, Escape cancels, and the focus
  // goes back to the board when it closes.
  const chooser = document.getElementById('chooser');
  if (chooser) {
    chooser.setAttribute('role', 'dialog');
    chooser.setAttribute('aria-modal', 'true');
    chooser.setAttribute('aria-labelledby', 'chooser-title');
    chooser.addEventListener('keydown', (ev) => {
      if (ev.key !== 'Escape') return;
      ev.preventDefault();
      ev.stopPropagation();
      document.getElementById('chooser-cancel').click();
    });
    let back = false; // whether the board had the focus when the chooser opened
    new MutationObserver(() => {
      if (!chooser.hidden) {
        back = grid.contains(document.activeElement);
        const first = chooser.querySelector('#chooser-options button') || chooser.querySelector('button');
        if (first) first.focus();
      } else if (back) {
        back = false;
        const e = current && cellEl(current);
        if (e) e.focus();
      }
    }).observe(chooser, { attributes: true, attributeFilter: ['hidden'] });
  }

  function build(game, flipped) {
    const b = game.board;
    const key = `${b.files}x${b.ranks}:${flipped}:${b.rows.map((r) => r.map((c) => (c ? c.cell : '')).join(',')).join('/')}`;
    if (key === layout) return;
    layout = key;
    const hadFocus = grid.contains(document.activeElement);
    lines = [];
    grid.replaceChildren();
    grid.style.gridTemplateColumns = `repeat(${b.files}, 1fr)`;
    grid.style.gridTemplateRows = `repeat(${b.ranks}, 1fr)`;
    for (let line = 0; line < b.ranks; line++) {
      const r = flipped ? b.ranks - 1 - line : line;
      const row = document.createElement('div');
      row.setAttribute('role', 'row');
      const names = [];
      for (let col = 0; col < b.files; col++) {
        const f = flipped ? b.files - 1 - col : col;
        const cell = b.rows[r] && b.rows[r][f];
        const e = document.createElement('div');
        e.setAttribute('role', 'gridcell');
        e.className = 'board-cell';
        if (cell) {
          e.dataset.square = cell.cell;
          e.tabIndex = -1;
        }
        row.appendChild(e);
        names.push(cell ? cell.cell : null);
      }
      lines.push(names);
      grid.appendChild(row);
    }
    // The square in the tab order: the one before while the board has the focus, else the
    // bottom left corner's (the player's own, after a flip).
    const all = lines.flat().filter(Boolean);
    if (!hadFocus || !all.includes(current)) {
      const bottom = [...lines].reverse().find((l) => l.some(Boolean)) || [];
      current = bottom.find(Boolean) || all[0] || null;
    }
    const e = current && cellEl(current);
    if (e) { e.tabIndex = 0; if (hadFocus) e.focus(); }
  }

  function announce(game, armies, result) {
    const n = game.plies.length;
    if (seen === null) { seen = n; ended = !!game.outcome; return; }
    const said = [];
    if (n > seen) {
      for (let i = seen; i < n; i++) {
        const p = game.plies[i];
        said.push(`${armies.names[sideOfPly(game, i)]}: ${p.san || p.pmn}`);
      }
      if (game.check && !game.outcome) said.push('check');
    } else if (n < seen) {
      said.push(n ? `Taken back to move ${n}` : 'Taken back to the start');
    }
    if (game.outcome && !ended && result) said.push(result);
    seen = n;
    ended = !!game.outcome;
    if (said.length) live.textContent = said.join(', ') + '.';
  }

  function update({ game, armies, flipped, selected, dests, result }) {
    build(game, flipped);
    const chosen = selected && selected.cell;
    for (const row of game.board.rows) {
      for (const c of row) {
        if (!c) continue;
        const e = cellEl(c.cell);
        if (!e) continue;
        e.setAttribute('aria-label', squareLabel(c.cell, c.piece, armies, chosen === c.cell, dests.includes(c.cell)));
        e.setAttribute('aria-selected', chosen === c.cell ? 'true' : 'false');
        e.classList.toggle('dest', dests.includes(c.cell));
      }
    }
    let said = `Board, ${game.board.files} by ${game.board.ranks}, `;
    said += result || `${armies.names[game.turn]} to move${game.check ? ', check' : ''}`;
    svg.setAttribute('role', 'img');
    svg.setAttribute('aria-label', said);
    for (const hand of document.querySelectorAll('.hand[data-side]')) {
      hand.setAttribute('role', 'group');
      hand.setAttribute('aria-label', `${armies.names[hand.dataset.side]}'s hand`);
    }
    announce(game, armies, result);
    // The focus after a drawing: on to the board after a hand piece chosen from the keyboard;
    // else back on a hand piece drawn again.
    const lost = !document.activeElement || document.activeElement === document.body;
    if (toBoard && selected && selected.drop) {
      focusCell(current);
    } else if (lost && lastFocus) {
      const h = document.querySelector(`.hand-piece[data-hand-piece="${CSS.escape(lastFocus.piece)}"][data-side="${lastFocus.side}"]`);
      if (h) h.focus();
    }
    toBoard = false;
  }

  return { update };
}
