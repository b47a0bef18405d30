// The legal moves as the server sends them: each with its PMN and its parts as data (`from`,
// `to`, `drop`, `mutation`, `capture_mutation`: a field is absent when the move has none). The
// browser has no rules and reads no notation: only these lists.

/** A move entry as the board uses it: {pmn, from, to, drop, mutation, captureMutation, rest}
 * (`rest`: the choice's suffix, `=X` and `/Y`, naming the move among those between the same
 * squares). */
function entry(l) {
  const mutation = l.mutation || null;
  const captureMutation = l.capture_mutation || null;
  const rest = (mutation ? `=${mutation}` : '') + (captureMutation ? `/${captureMutation}` : '');
  return { pmn: l.pmn, from: l.from || null, to: l.to || null, drop: l.drop || null, mutation, captureMutation, rest };
}

/** The legal moves the board can play (a destination, and a square or a hand piece to take). */
export function legalMoves(game) {
  return (game.legal || []).map(entry).filter((m) => m.to && (m.from || m.drop));
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

/** A label for a move's choice among moves between the same squares, as the mover's army
 * offers promotions (`army.promotion`: `piece`, by the piece's name; `enhance`, promote or
 * not). */
export function choiceLabel(m, army, all) {
  if (m.mutation) {
    const p = m.mutation;
    if (army.promotion === 'piece') {
      const letter = p.replace(/[^A-Za-z]/g, '').toUpperCase();
      const named = (army.pieces || []).find((n) => n.letter === letter);
      return named ? named.name : p;
    }
    return `Promote (${p})`;
  }
  if (m.captureMutation) return `Keep ${m.captureMutation} promoted (King's privilege)`;
  if (all.some((o) => o.captureMutation)) return 'Demote the captured piece';
  if (all.some((o) => o.mutation)) return 'Do not promote';
  return m.pmn;
}

/** The last move's squares, from the last ply's data. */
export function lastSquares(game) {
  const plies = game.plies || [];
  if (!plies.length) return [];
  const p = entry(plies[plies.length - 1]);
  if (!p.to) return [];
  return p.from ? [p.from, p.to] : [p.to];
}
