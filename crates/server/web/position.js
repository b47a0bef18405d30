// Positions away from a game's present, as POST /api/analysis pictures them (the same board,
// hands and legal moves as a game's state): fetched once per line of moves and kept, and
// their hands drawn. Shared by the analysis board (analysis.js) and the game page's stepping
// through past moves (stepper.js). No game is named here.
import { api } from './api.js';
import { drawPiece } from './board.js';
import { pieceTitle } from './looks.js';
import { handLabel } from './access.js';

/** The answers without search, by start, rules and moves (the page steps back and forth). */
const cache = new Map();

/** The position after `moves` (PMN) from `feen` (`rules`: the game's name), without search:
 * kept once fetched. */
export async function positionAfter(feen, rules, moves) {
  const key = JSON.stringify([feen, rules || null, moves]);
  if (cache.has(key)) return cache.get(key);
  const body = { feen, moves, movetime_ms: 0 };
  if (rules) body.rules = rules;
  const pending = api('POST', '/api/analysis', body);
  cache.set(key, pending);
  try {
    return await pending;
  } catch (e) {
    cache.delete(key);
    throw e;
  }
}

/** The engine's evaluation and line after `moves` (`movetime_ms` at most 2,000). */
export function evaluate(feen, rules, moves, movetime) {
  const body = { feen, moves, movetime_ms: movetime };
  if (rules) body.rules = rules;
  return api('POST', '/api/analysis', body);
}

/**
 * Draws one side's hand into `container`: a button per piece with its count. `opts`:
 * {armies, flipped, selected (a piece), onPick(piece) (none: the buttons do nothing)}.
 */
export function drawHand(container, side, hand, opts) {
  container.replaceChildren();
  container.dataset.side = side;
  for (const { piece, count } of hand || []) {
    const b = document.createElement('button');
    b.type = 'button';
    b.className = 'hand-piece';
    b.dataset.handPiece = piece;
    b.dataset.side = side;
    const svg = document.createElementNS('http://www.w3.org/2000/svg', 'svg');
    svg.setAttribute('viewBox', '0 0 100 100');
    svg.setAttribute('width', 36); svg.setAttribute('height', 36);
    // Each piece by its own case's army (a hand may hold pieces of the other army).
    drawPiece(svg, piece, opts.armies, 0, 0, opts.flipped);
    b.title = pieceTitle(opts.armies, piece);
    b.setAttribute('aria-label', handLabel(opts.armies, piece, count));
    b.appendChild(svg);
    const n = document.createElement('span');
    n.className = 'count';
    n.textContent = `×${count}`;
    b.appendChild(n);
    if (opts.selected === piece) b.classList.add('selected');
    if (opts.onPick) b.addEventListener('click', () => opts.onPick(piece));
    container.appendChild(b);
  }
}

/** The score of an answer from the first player's point of view (the server's is the side
 * to move's): `{cp}` or `{mate}` (positive: good for the first player), or null. */
export function firstPlayerScore(answer) {
  const s = answer && answer.score;
  if (!s) return null;
  const sign = answer.turn === 'second' ? -1 : 1;
  if (typeof s.mate === 'number') return { mate: sign * s.mate };
  return { cp: sign * s.cp };
}

/** A score written for players: `+0.35`, `-1.20`, `M3` (the first player mates), `-M2`. */
export function scoreText(score) {
  if (!score) return '';
  if (score.mate !== undefined) return score.mate > 0 ? `M${score.mate}` : `-M${-score.mate}`;
  const p = score.cp / 100;
  return (p > 0 ? '+' : '') + p.toFixed(2);
}

/** The first player's share of the bar, 0 to 1 (even: ½; a mate fills it). */
export function barShare(score) {
  if (!score) return 0.5;
  if (score.mate !== undefined) return score.mate > 0 ? 1 : 0;
  return 1 / (1 + Math.exp(-score.cp / 300));
}
