// Nothing lost by a slip: a typed move is checked against the legal moves of the state before
// it is sent. The state lists each legal move's PMN, and its SAN and UCI where the game has
// them; a move that names one of them is sent as its PMN. One that names none is refused in the
// page, in words, and not sent, except in a game where an illegal move loses
// (`illegal_move_loses` of the state, per side): there the player is asked to confirm, since
// the server will end the game.

/** SAN as players type it: castling with zeros or O's, without check, mate and annotation
 * marks, `=` before a promotion optional. */
function sanKey(s) {
  return String(s)
    .replace(/0/g, 'O')
    .replace(/[+#!?]+$/g, '')
    .replace(/=/g, '')
    .replace(/\s+/g, '');
}

/** The legal move that `text` names (by PMN, SAN or UCI), or null. */
export function findTyped(game, text) {
  const t = String(text).trim();
  if (!t) return null;
  const legal = (game && game.legal) || [];
  const by = (f) => legal.find(f) || null;
  return by((m) => m.pmn === t)
    || by((m) => m.uci && m.uci === t.toLowerCase())
    || by((m) => m.san && m.san === t)
    || by((m) => m.san && sanKey(m.san) === sanKey(t))
    || null;
}

/** What to do with a move typed by `seat`: `{send: pmn}` (a legal move), `{confirm: text,
 * message}` (not legal, and an illegal move loses: ask first), or `{refuse: message}`. */
export function judgeTyped(game, seat, text) {
  const t = String(text).trim();
  if (!game || !t) return { refuse: '' };
  if (!seat) return { refuse: 'You are watching: only the players can move.' };
  if (game.outcome) return { refuse: 'The game is over.' };
  if (game.turn !== seat) return { refuse: 'It is not your turn.' };
  const found = findTyped(game, t);
  if (found) return { send: found.pmn };
  const loses = game.illegal_move_loses && game.illegal_move_loses[seat];
  if (loses) {
    return {
      confirm: t,
      message: `“${t}” is not a legal move here, and in this game an illegal move loses at once. Send it anyway?`,
    };
  }
  const forms = ['PMN like e2-e4'];
  if ((game.legal || []).some((m) => m.san)) forms.push('SAN like Nf3');
  if ((game.legal || []).some((m) => m.uci)) forms.push('UCI like g1f3');
  return { refuse: `“${t}” is not a legal move here. Type one of the legal moves (${forms.join(', ')}).` };
}

/** Asks to confirm sending `text`, in a box after `anchor` (made once): `onYes` runs on "Send
 * anyway"; "Keep playing" closes the box. */
export function askToSend(anchor, message, onYes) {
  let box = document.getElementById('typed-confirm');
  if (!box) {
    box = document.createElement('div');
    box.id = 'typed-confirm';
    box.className = 'typed-confirm';
    box.setAttribute('role', 'alertdialog');
    box.setAttribute('aria-labelledby', 'typed-confirm-text');
    const p = document.createElement('p');
    p.id = 'typed-confirm-text';
    const yes = document.createElement('button');
    yes.type = 'button';
    yes.id = 'typed-confirm-yes';
    yes.textContent = 'Send anyway';
    const no = document.createElement('button');
    no.type = 'button';
    no.id = 'typed-confirm-no';
    no.textContent = 'Keep playing';
    box.append(p, yes, no);
    anchor.after(box);
  }
  box.querySelector('#typed-confirm-text').textContent = message;
  box.hidden = false;
  const yes = box.querySelector('#typed-confirm-yes');
  const no = box.querySelector('#typed-confirm-no');
  const close = () => { box.hidden = true; yes.onclick = null; no.onclick = null; };
  yes.onclick = () => { close(); onYes(); };
  no.onclick = () => { close(); };
  no.focus();
}

/** Closes the confirmation box, if open. */
export function closeAsk() {
  const box = document.getElementById('typed-confirm');
  if (box) box.hidden = true;
}
