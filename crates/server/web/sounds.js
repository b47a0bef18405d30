// Sounds of the game page: a move, a capture, a check and the end of the game, synthesised with
// the Web Audio API (no sound files), and a mute switch remembered in localStorage.
//
// Browsers start audio only after a gesture of the player: the context is made on the first
// pointer or key press. Each sound played is also written on the page's body
// (`data-sound`, `data-sounds`: the last one and how many), which the browser tests read.

const KEY = 'tegoma-mute';
let context = null;

/** Whether the player muted the sounds. */
export function muted() {
  return localStorage.getItem(KEY) === '1';
}

/** What each sound is: a few tones, each `[frequency Hz, start s, length s, gain]`. */
const TONES = {
  move: [[520, 0, 0.07, 0.25]],
  capture: [[330, 0, 0.05, 0.3], [220, 0.04, 0.1, 0.3]],
  check: [[880, 0, 0.09, 0.2], [660, 0.1, 0.12, 0.2]],
  end: [[523, 0, 0.15, 0.2], [659, 0.15, 0.15, 0.2], [784, 0.3, 0.3, 0.2]],
};

function wake() {
  if (context || !window.AudioContext) return;
  try { context = new AudioContext(); } catch { context = null; }
}

/** Plays `kind` (`move`, `capture`, `check`, `end`) unless muted. */
export function play(kind) {
  const body = document.body.dataset;
  body.sound = kind;
  body.sounds = String(Number(body.sounds || 0) + 1);
  if (muted() || !context || !TONES[kind]) return;
  const now = context.currentTime;
  for (const [freq, start, length, gain] of TONES[kind]) {
    const osc = context.createOscillator();
    const amp = context.createGain();
    osc.type = 'triangle';
    osc.frequency.value = freq;
    amp.gain.setValueAtTime(gain, now + start);
    amp.gain.exponentialRampToValueAtTime(0.001, now + start + length);
    osc.connect(amp).connect(context.destination);
    osc.start(now + start);
    osc.stop(now + start + length + 0.02);
  }
}

/** What a sound is decided from, of a game's state (null for none): its plies, the pieces on
 * its board, whether it ended. Taken before a state changes in place. */
export function summary(game) {
  if (!game) return null;
  return { plies: (game.plies || []).length, pieces: pieces(game), ended: !!game.outcome };
}

/** The sound of what happened from a state (`before`: its `summary`, null for the first state a
 * page sees, which makes no sound) to `after`: the end, a check, a capture (fewer pieces on the
 * board) or a move; none when no ply was added. */
export function soundOf(before, after) {
  if (!before || !after) return null;
  if (after.outcome && !before.ended) return 'end';
  if ((after.plies || []).length <= before.plies) return null;
  if (after.check) return 'check';
  return pieces(after) < before.pieces ? 'capture' : 'move';
}

/** The number of pieces on a game state's board. */
export function pieces(game) {
  let n = 0;
  for (const row of game.board.rows) for (const c of row) if (c && c.piece) n += 1;
  return n;
}

/** Sets up the mute switch (a button with `aria-pressed`) and the audio context's start. */
export function setupSounds(button) {
  const show = () => {
    const off = muted();
    button.setAttribute('aria-pressed', String(off));
    button.textContent = off ? 'Sound off' : 'Sound on';
    button.title = off ? 'Turn the sounds on' : 'Mute the sounds';
  };
  button.addEventListener('click', () => {
    localStorage.setItem(KEY, muted() ? '0' : '1');
    show();
  });
  show();
  window.addEventListener('pointerdown', wake, { once: true });
  window.addEventListener('keydown', wake, { once: true });
}
