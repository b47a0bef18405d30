// Premoves: a move chosen while the opponent thinks, played as soon as the turn comes if it is
// legal then. The page holds only the side to move's legal moves, so a premove is any square of
// one's own piece (or a piece in one's hand) and any other square; it is shown on the board and
// cancelled by a second click on its square, a click elsewhere once made, or Escape.

/** A premove being made or made: `{from | drop, to}`. */
export const premove = { pick: null, move: null };

/** Clears the premove (its pick too). */
export function cancelPremove() {
  premove.pick = null;
  premove.move = null;
}

/** Whether a premove is set. */
export function hasPremove() {
  return !!premove.move;
}

/**
 * A click on square `cell` while the opponent is to move. `ownPiece`: whether the square holds
 * one of the player's pieces (picked, or picked again: a premove never takes one's own piece).
 * Returns whether the premove changed.
 */
export function premoveClick(cell, ownPiece) {
  const p = premove.pick;
  if (ownPiece && (!p || p.from !== cell)) { premove.pick = { from: cell }; premove.move = null; return true; }
  if (p && p.from !== cell) {
    premove.move = { ...p, to: cell };
    premove.pick = null;
    return true;
  }
  if (p && p.from === cell) { cancelPremove(); return true; }
  if (premove.move) { cancelPremove(); return true; }
  return false;
}

/** A click on a piece of the player's hand while the opponent is to move. */
export function premoveDrop(piece) {
  premove.pick = { drop: piece };
  premove.move = null;
}

/** The squares to mark: the picked square and the premove's squares. */
export function premoveSquares() {
  const out = [];
  if (premove.pick && premove.pick.from) out.push(premove.pick.from);
  if (premove.move) {
    if (premove.move.from) out.push(premove.move.from);
    out.push(premove.move.to);
  }
  return out;
}

/** The legal moves (moves.js entries) that play the premove, when it is the player's turn. The
 * premove is used up: kept by nobody after this call. */
export function takePremove(legal) {
  const m = premove.move;
  cancelPremove();
  if (!m) return [];
  return legal.filter((l) => l.to === m.to && (m.from ? l.from === m.from
    : l.drop && l.drop.toLowerCase() === m.drop.toLowerCase()));
}
