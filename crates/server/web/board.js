// The board: an SVG drawn from the server's picture of the position (any 2-D size), with
// click-click and drag moves. Pieces are drawn from pieces.svg by their own army's look
// (looks.js): a figurine, a character on the army's outline, or a letter on it (sets.js).

import {
  GENERIC_LOOK, armiesOf, armyOfPiece, pieceSide, pieceTitle,
} from './looks.js';
import { faceOf } from './sets.js';

export { pieceSide };

const NS = 'http://www.w3.org/2000/svg';
const S = 100;
/** The pieces' outlines, beside this module (under the files' version: kept by the browser). */
const PIECES = new URL('./pieces.svg', import.meta.url).pathname;

function el(name, attrs, parent) {
  const e = document.createElementNS(NS, name);
  for (const [k, v] of Object.entries(attrs || {})) e.setAttribute(k, v);
  if (parent) parent.appendChild(e);
  return e;
}

/** What is written on a piece: the letter, and the `+` of an enhanced piece where its army
 * marks it. */
export function pieceLabel(piece, army) {
  const letter = (piece.replace(/[^A-Za-z]/g, '')[0] || '?').toUpperCase();
  if (army.enhanced_mark && piece.startsWith('+')) return '+' + letter;
  return letter;
}

/** The fonts a character set is written in: a Mincho (serif) face where the system has one. */
const CJK_FONTS = "'Noto Serif CJK JP', 'Source Han Serif', 'IPAexMincho', 'IPAMincho', "
  + "'Hiragino Mincho ProN', 'Yu Mincho', 'MS Mincho', 'Noto Sans CJK JP', serif";

/**
 * Draws one piece into group `g` at (x, y), the top left of its square, by its own army's look
 * (`armies`: what `armiesOf` gives). A turned army's outline points at the opponent: up for
 * the side whose home is at the bottom (the first, or the second on a `flipped` board); a
 * character turns with its outline.
 */
export function drawPiece(g, piece, armies, x, y, flipped = false) {
  const side = pieceSide(piece);
  const army = armyOfPiece(armies, piece);
  const face = faceOf(army, piece);
  const pg = el('g', {
    class: 'piece', 'data-piece': piece, 'data-army': army.style, 'data-set': face.set,
    transform: `translate(${x},${y})`,
  }, g);
  el('title', {}, pg).textContent = pieceTitle(armies, piece);
  const down = army.turned && (side === 'second') !== flipped;
  if (down) pg.dataset.turned = '1';
  if (face.set === 'figurines') {
    const light = side === 'first';
    el('use', {
      href: `${PIECES}#${face.glyph}`, width: S, height: S, class: 'figure', 'data-glyph': face.glyph,
      fill: light ? '#fafaf4' : '#262626', stroke: light ? '#111' : '#000', color: light ? '#111' : '#ececec',
    }, pg);
    return pg;
  }
  if (face.set === 'characters') {
    const turn = el('g', down ? { transform: `rotate(180 ${S / 2} ${S / 2})` } : {}, pg);
    el('use', { href: `${PIECES}#koma`, width: S, height: S, fill: '#f7e4b5', stroke: '#5b4520' }, turn);
    const t = el('text', {
      x: S / 2, y: face.glyph.length > 1 ? 66 : 71, 'text-anchor': 'middle', class: 'glyph',
      'font-family': CJK_FONTS, 'font-size': face.glyph.length > 1 ? 34 : 50,
      fill: face.red ? '#c0001a' : '#1a1a1a', 'data-glyph': face.glyph, 'data-red': face.red ? '1' : '',
    }, turn);
    t.textContent = face.glyph;
    return pg;
  }
  const fill = side === 'first' ? '#fdfdf8' : '#2b2b2b';
  const ink = side === 'first' ? '#222' : '#f4f4f4';
  const use = el('use', { href: `${PIECES}#${army.shape}`, width: S, height: S, fill, stroke: '#111' }, pg);
  if (down) use.setAttribute('transform', `rotate(180 ${S / 2} ${S / 2})`);
  const label = pieceLabel(piece, army);
  const t = el('text', {
    x: S / 2, y: S / 2 + 14, 'text-anchor': 'middle',
    'font-size': label.length > 1 ? 34 : 42,
    // An enhanced piece's letters in red, lighter on a dark piece (both at least 5:1).
    fill: piece.startsWith('+') && army.enhanced_mark ? (side === 'first' ? '#c00' : '#ff7a7a') : ink,
  }, pg);
  t.textContent = label;
  if (piece.includes('^') && army.terminal_mark) {
    // a terminal piece: a small mark under the letter
    el('rect', { x: 38, y: 70, width: 24, height: 5, fill: ink }, pg);
  }
  return pg;
}

/**
 * Renders the board. `opts`: {game, armies, flipped, selected, dests, last, check, premove}
 * (`armies`: what `armiesOf` gives for the game's look and position; `premove`: squares of a
 * premove).
 */
export function renderBoard(svg, opts) {
  const { game } = opts;
  const armies = opts.armies || armiesOf(GENERIC_LOOK, game.feen);
  const b = game.board;
  const files = b.files, ranks = b.ranks;
  svg.setAttribute('viewBox', `0 0 ${files * S} ${ranks * S}`);
  svg.setAttribute('class', armies.squares);
  svg.replaceChildren();
  const squares = el('g', {}, svg);
  const marks = el('g', {}, svg);
  const pieces = el('g', {}, svg);
  const coords = el('g', {}, svg);
  b.rows.forEach((row, r) => {
    row.forEach((cell, f) => {
      if (!cell) return;
      const col = opts.flipped ? files - 1 - f : f;
      const line = opts.flipped ? ranks - 1 - r : r;
      const x = col * S, y = line * S;
      const dark = (f + (ranks - 1 - r)) % 2 === 0;
      el('rect', { x, y, width: S, height: S, class: dark ? 'sq-dark' : 'sq-light', 'data-cell': cell.cell }, squares);
      if (opts.last.includes(cell.cell)) el('rect', { x, y, width: S, height: S, class: 'last' }, marks);
      if (opts.selected === cell.cell) el('rect', { x, y, width: S, height: S, class: 'selected-sq' }, marks);
      if ((opts.premove || []).includes(cell.cell)) el('rect', { x, y, width: S, height: S, class: 'premove', 'data-premove': cell.cell }, marks);
      if (cell.piece && opts.check && cell.piece.includes('^') && pieceSide(cell.piece) === game.turn) {
        el('rect', { x, y, width: S, height: S, class: 'check', 'data-check': cell.cell }, marks);
      }
      if (opts.dests.includes(cell.cell)) {
        el('circle', { cx: x + S / 2, cy: y + S / 2, r: cell.piece ? 44 : 16, class: 'dest', 'data-dest': cell.cell }, marks);
      }
      if (cell.piece) {
        const pg = drawPiece(pieces, cell.piece, armies, x, y, opts.flipped);
        pg.setAttribute('data-cell', cell.cell);
      }
      if (col === 0) {
        // The rank at the top left, the file at the bottom right (style.css sizes them).
        const t = el('text', { x: 4, y: y + 4, class: 'coord coord-rank', 'dominant-baseline': 'hanging' }, coords);
        t.textContent = cell.cell.replace(/^[a-z]+/, '');
      }
      if (line === ranks - 1) {
        const t = el('text', { x: x + S - 4, y: y + S - 5, class: 'coord coord-file', 'text-anchor': 'end' }, coords);
        t.textContent = cell.cell.replace(/[0-9]+$/, '');
      }
    });
  });
}

/** The CELL of the square under a client point, if any. */
export function cellAt(svg, game, flipped, clientX, clientY) {
  const r = svg.getBoundingClientRect();
  const files = game.board.files, ranks = game.board.ranks;
  const col = Math.floor(((clientX - r.left) / r.width) * files);
  const line = Math.floor(((clientY - r.top) / r.height) * ranks);
  if (col < 0 || col >= files || line < 0 || line >= ranks) return null;
  const f = flipped ? files - 1 - col : col;
  const row = flipped ? ranks - 1 - line : line;
  const cell = game.board.rows[row] && game.board.rows[row][f];
  return cell ? cell.cell : null;
}
