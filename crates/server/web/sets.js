// What a piece is drawn with, by its army's look (`set`, and each piece's `glyph` and
// `enhanced`: GET /api/games): a figurine of pieces.svg, a character on the army's outline, or
// its letter. An army drawn with characters may be drawn with letters instead, as the player
// chooses on the page (kept in localStorage). No game is named here.

import { pieceSide } from './looks.js';

const KEY = 'tegoma-piece-set';

/** Whether the player chose letters over characters. */
export function lettersChosen() {
  try { return localStorage.getItem(KEY) === 'letters'; } catch { return false; }
}

function chooseLetters(on) {
  try {
    if (on) localStorage.setItem(KEY, 'letters'); else localStorage.removeItem(KEY);
  } catch { /* the choice lasts for the page only */ }
}

function letterOf(piece) {
  return (piece.replace(/[^A-Za-z]/g, '')[0] || '?').toUpperCase();
}

/**
 * How a piece is drawn by its army's look: `{set: 'figurines', glyph}` (a figure's id),
 * `{set: 'characters', glyph, red}` (the character, the second player's own where the army
 * gives one, the enhanced form's for an enhanced piece,
 * `red` when enhanced), or `{set: 'letters'}` (its letter on the army's outline; also for a
 * piece its army gives no glyph).
 */
export function faceOf(army, piece) {
  const set = army.set || 'letters';
  if (set === 'letters' || (set === 'characters' && lettersChosen())) return { set: 'letters' };
  const named = (army.pieces || []).find((n) => n.letter === letterOf(piece));
  if (!named || !named.glyph) return { set: 'letters' };
  if (set === 'figurines') return { set, glyph: named.glyph };
  const enhanced = !!army.enhanced_mark && piece.startsWith('+');
  const own = (pieceSide(piece) === 'second' && named.second) || named.glyph;
  return { set: 'characters', glyph: (enhanced && named.enhanced) || own, red: enhanced };
}

/**
 * The choice between characters and Latin letters, shown after `anchor` when an army of
 * `look` is drawn with characters (hidden otherwise); `changed` is called after a change.
 */
export function showSetChoice(anchor, look, changed) {
  let label = document.getElementById('set-choice');
  if (!label) {
    label = document.createElement('label');
    label.id = 'set-choice';
    label.className = 'set-choice';
    label.append('Pieces ');
    const select = document.createElement('select');
    select.id = 'piece-set';
    for (const [value, text] of [['characters', 'characters (kanji)'], ['letters', 'Latin letters']]) {
      const o = document.createElement('option');
      o.value = value;
      o.textContent = text;
      select.append(o);
    }
    select.addEventListener('change', () => { chooseLetters(select.value === 'letters'); changed(); });
    label.append(select);
    anchor.after(label);
  }
  label.hidden = !((look && look.armies) || []).some((a) => a.set === 'characters');
  label.querySelector('select').value = lettersChosen() ? 'letters' : 'characters';
}
