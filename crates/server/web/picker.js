// Choosing a move on a board drawn by board.js: click-click or drag from a square, a hand
// piece then a square, and the dialog (`#chooser`) where moves between the same squares differ
// (a promotion, promote or not, the King's privilege). Everything comes from the position's
// legal moves (moves.js) and its look: no rules, no game named. The analysis board uses it;
// the game page shares its dialog (`showChoices`).
import { cellAt, drawPiece } from './board.js';
import { fromSquare, dropsOf, choiceLabel } from './moves.js';

const $ = (id) => document.getElementById(id);

/**
 * Opens the dialog (`#chooser`) offering `candidates` (moves.js entries between the same
 * squares), labelled as the mover's army offers them (`mover`: its look); `onChoice(m)` when
 * one is chosen. The game page and the analysis board both use it.
 */
export function showChoices(candidates, mover, onChoice) {
  const box = $('chooser-options');
  box.replaceChildren();
  for (const m of candidates) {
    const b = document.createElement('button');
    b.type = 'button';
    b.textContent = choiceLabel(m, mover, candidates);
    b.dataset.choice = m.rest || 'none';
    b.dataset.pmn = m.pmn;
    b.addEventListener('click', () => onChoice(m));
    box.appendChild(b);
  }
  $('chooser-title').textContent = mover.promotion === 'piece' ? 'Promote to' : 'Choose';
  $('chooser').hidden = false;
}

/**
 * Attaches move choosing to `svg`. `host` says what is shown: `position()` (the picture with
 * its board and `turn`), `moves()` (the legal moves one may play now, moves.js entries),
 * `flipped()`, `armies()`, and what to do: `play(pmn)`, `changed()` (draw again).
 * Returns `{selected, destinations, pickDrop, clear}`.
 */
export function attachPicker(svg, host) {
  let selected = null; // {cell} or {drop}
  let drag = null;

  const destinations = () => {
    if (!selected) return [];
    const moves = host.moves();
    return selected.cell ? fromSquare(moves, selected.cell) : dropsOf(moves, selected.drop);
  };

  const choose = (candidates) => {
    showChoices(candidates, host.armies()[host.position().turn], (m) => {
      $('chooser').hidden = true;
      host.play(m.pmn);
    });
  };

  const tryMoveTo = (cell) => {
    const candidates = destinations().filter((m) => m.to === cell);
    if (!candidates.length) return false;
    selected = null;
    if (candidates.length === 1) host.play(candidates[0].pmn);
    else choose(candidates);
    return true;
  };

  const pieceAt = (cell) => {
    for (const row of host.position().board.rows) for (const c of row) if (c && c.cell === cell) return c.piece;
    return null;
  };

  svg.addEventListener('pointerdown', (ev) => {
    const pos = host.position();
    if (!pos) return;
    const cell = cellAt(svg, pos, host.flipped(), ev.clientX, ev.clientY);
    if (!cell) return;
    if (selected && selected.cell !== cell && tryMoveTo(cell)) return;
    if (fromSquare(host.moves(), cell).length) {
      ev.preventDefault();
      selected = { cell };
      drag = { cell, x: ev.clientX, y: ev.clientY, moved: false, ghost: null };
    } else {
      selected = null;
    }
    host.changed();
  });

  window.addEventListener('pointermove', (ev) => {
    const d = drag;
    if (!d) return;
    if (!d.moved && Math.hypot(ev.clientX - d.x, ev.clientY - d.y) < 6) return;
    d.moved = true;
    if (!d.ghost) {
      const piece = pieceAt(d.cell);
      const size = svg.getBoundingClientRect().width / host.position().board.files;
      const g = document.createElementNS('http://www.w3.org/2000/svg', 'svg');
      g.setAttribute('viewBox', '0 0 100 100');
      g.setAttribute('width', size); g.setAttribute('height', size);
      g.classList.add('drag-ghost');
      if (piece) drawPiece(g, piece, host.armies(), 0, 0, host.flipped());
      document.body.appendChild(g);
      d.ghost = g; d.size = size;
    }
    d.ghost.style.left = `${ev.clientX - d.size / 2}px`;
    d.ghost.style.top = `${ev.clientY - d.size / 2}px`;
  });

  window.addEventListener('pointerup', (ev) => {
    const d = drag;
    drag = null;
    if (!d) return;
    if (d.ghost) d.ghost.remove();
    if (!d.moved) return;
    const cell = cellAt(svg, host.position(), host.flipped(), ev.clientX, ev.clientY);
    if (cell && cell !== d.cell && tryMoveTo(cell)) return;
    host.changed();
  });

  $('chooser-cancel').addEventListener('click', () => {
    if ($('chooser').hidden) return;
    $('chooser').hidden = true;
    selected = null;
    host.changed();
  });

  return {
    selected: () => selected,
    destinations,
    /** Selects a hand piece to drop, when it has a drop now. */
    pickDrop(piece) {
      if (!dropsOf(host.moves(), piece).length) return;
      selected = { drop: piece };
      host.changed();
    },
    clear() { selected = null; },
  };
}
