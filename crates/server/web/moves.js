// Reading the legal moves the server sends (canonical PMN): origin or dropped piece,
// destination, and the choice that distinguishes moves between the same squares
// (a promotion, the King's privilege). The browser has no rules: only these lists.

const MOVE = /^([a-z]+[0-9]+)([-+~])([a-z]+[0-9]+)(.*)$/;
const DROP = /^([^*]+)\*([a-z]+[0-9]+)(.*)$/;

/** Parses a canonical PMN move: {from, to, drop, rest} (null when it is neither). */
export function parsePmn(pmn) {
  let m = MOVE.exec(pmn);
  if (m) return { pmn, from: m[1], to: m[3], drop: null, rest: m[4] };
  m = DROP.exec(pmn);
  if (m) return { pmn, from: null, to: m[2], drop: m[1], rest: m[3] };
  return null;
}

/** The legal moves (the server sends their PMN), parsed. */
export function legalMoves(game) {
  return (game.legal || []).map((l) => parsePmn(l.pmn)).filter(Boolean);
}

/** The moves from a square. */
export function fromSquare(moves, cell) {
  return moves.filter((m) => m.from === cell);
}

/** The drops of a hand piece (matched exactly, then ignoring case). */
export function dropsOf(moves, piece) {
  const exact = moves.filter((m) => m.drop === piece);
  if (exact.length) return exact;
  return moves.filter((m) => m.drop && m.drop.toLowerCase() === piece.toLowerCase());
}

/** A label for a move's choice among moves between the same squares. */
export function choiceLabel(m, rules, all) {
  const rest = m.rest;
  if (rest.startsWith('=')) {
    const p = rest.slice(1);
    if (rules === 'chess') {
      const names = { Q: 'Queen', R: 'Rook', B: 'Bishop', N: 'Knight' };
      return names[p.toUpperCase()] || p;
    }
    return `Promote (${p})`;
  }
  if (rest.startsWith('/')) return `Keep ${rest.slice(1)} promoted (King's privilege)`;
  if (all.some((o) => o.rest.startsWith('/'))) return 'Demote the captured piece';
  if (all.some((o) => o.rest.startsWith('='))) return 'Do not promote';
  return m.pmn;
}

/** The last move's squares, from the last ply's PMN. */
export function lastSquares(game) {
  const plies = game.plies || [];
  if (!plies.length) return [];
  const p = parsePmn(plies[plies.length - 1].pmn);
  if (!p) return [];
  return p.from ? [p.from, p.to] : [p.to];
}
