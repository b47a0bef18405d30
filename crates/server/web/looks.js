// Each army's look: a game's `look` (GET /api/games) gives its squares and one look per army
// its players lead, keyed by style letter. A piece is drawn by its own army's look: its side
// from its case, the side's style from the position's FEEN style field (`C/o`), the army by
// that letter (the generic army when the look has none). No game is named here.

/** The look of a game nothing is known about: plain squares, every army generic. */
export const GENERIC_LOOK = { squares: 'plain', armies: [] };

/** The look of an army nothing is known about, of style `style` (as the server's
 * `ArmyLook::generic`). */
export function genericArmy(style) {
  return {
    style: (style || '?').toUpperCase(), name: '', sides: { first: 'First', second: 'Second' },
    shape: 'pentagon', turned: true, enhanced_mark: true, terminal_mark: false, pieces: [],
    promotion: 'enhance',
  };
}

/** The side of a piece text (`+K^`, `-p`, `P`): uppercase letter = first. */
export function pieceSide(piece) {
  const letter = piece.replace(/[^A-Za-z]/g, '')[0] || 'a';
  return letter === letter.toUpperCase() ? 'first' : 'second';
}

/** Each side's style letter, uppercase, from a FEEN's style field (its last: `C/o`, `o/C`).
 * The field names the player to move first; the first player's style is the uppercase one. */
export function stylesOf(feen) {
  const field = String(feen || '').trim().split(/\s+/).pop() || '';
  const [a = '?', b = a] = field.split('/');
  const [first, second] = a === a.toUpperCase() ? [a, b] : [b, a];
  return { first: first.toUpperCase(), second: second.toUpperCase() };
}

/** The look of the army of style `style` in a game's look (generic when it has none). */
export function armyOf(look, style) {
  const s = (style || '?').toUpperCase();
  const found = ((look && look.armies) || []).find((a) => a.style === s);
  return found || genericArmy(s);
}

/**
 * What a board draws a position with: `{squares, first, second, names}` (`first` and `second`:
 * the army look of each side, by the FEEN's style field; `names`: each side's name, the army's
 * side names when both lead the same army, each army's name when they differ).
 */
export function armiesOf(look, feen) {
  const styles = stylesOf(feen);
  const first = armyOf(look, styles.first);
  const second = armyOf(look, styles.second);
  let names;
  if (styles.first === styles.second) {
    names = { ...first.sides };
  } else {
    names = { first: first.name || styles.first, second: second.name || styles.second };
  }
  return { squares: (look && look.squares) || 'plain', first, second, names };
}

/** The army of a piece (its side's). */
export function armyOfPiece(armies, piece) {
  return armies[pieceSide(piece)];
}

/** A piece's name in its army (`Knight`), its letter when the army does not name it. */
export function pieceName(army, piece) {
  const letter = (piece.replace(/[^A-Za-z]/g, '')[0] || '?').toUpperCase();
  const named = (army.pieces || []).find((n) => n.letter === letter);
  return named ? named.name : letter;
}

/** A piece as said to a player (titles, accessibility): `White Knight`, `Ōgi promoted Rook`. */
export function pieceTitle(armies, piece) {
  const side = pieceSide(piece);
  const army = armies[side];
  const promoted = army.enhanced_mark && piece.startsWith('+') ? 'promoted ' : '';
  return `${armies.names[side]} ${promoted}${pieceName(army, piece)}`;
}

/**
 * The army choices a game's starts give (`game`: an entry of GET /api/games): `null` when it
 * has one start; else `{armies, firsts}`, each a list of `{style, name}` (the armies a player
 * may lead, and those that may move first), named by the game's look.
 */
export function startChoices(game) {
  const starts = game.starts || [];
  if (starts.length < 2) return null;
  const armies = [];
  const firsts = [];
  for (const s of starts) {
    const st = stylesOf(s.styles);
    for (const l of [st.first, st.second]) if (!armies.includes(l)) armies.push(l);
    if (!firsts.includes(st.first)) firsts.push(st.first);
  }
  const named = (style) => ({ style, name: armyOf(game.look, style).name || style });
  return { armies: armies.map(named), firsts: firsts.map(named) };
}

/**
 * The start of a choice: `{feen, seat}` (the start whose first player leads `first` and one of
 * whose players leads `mine`, and the seat of the player leading `mine`), or `null` when the
 * game has no such start.
 */
export function pickStart(game, mine, first) {
  for (const s of game.starts || []) {
    const st = stylesOf(s.styles);
    if (st.first !== first) continue;
    if (st.first === mine) return { feen: s.feen, seat: 'first' };
    if (st.second === mine) return { feen: s.feen, seat: 'second' };
  }
  return null;
}

/** The seat of the player leading army `mine` in a position (`first` when neither leads it,
 * or both). */
export function seatOf(feen, mine) {
  const st = stylesOf(feen);
  return st.first !== mine && st.second === mine ? 'second' : 'first';
}
