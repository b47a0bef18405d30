// The HTTP API as the pages call it: JSON in and out, typed errors thrown.

/** Calls the API: `body` sent as JSON, `token` as the bearer; the answer's JSON (or text).
 * Throws an Error with `kind` and `status` on an error answer. */
export async function api(method, path, body, token) {
  const headers = { 'Content-Type': 'application/json' };
  if (token) headers.Authorization = `Bearer ${token}`;
  const r = await fetch(path, { method, headers, body: body === undefined ? undefined : JSON.stringify(body) });
  const text = await r.text();
  let data;
  try { data = JSON.parse(text); } catch { data = text; }
  if (!r.ok) {
    const e = (data && data.error) || { kind: `HTTP${r.status}`, message: text };
    throw Object.assign(new Error(inWords(e.kind, e.message)), {
      kind: e.kind, status: r.status, detail: `${e.kind}: ${e.message}`,
    });
  }
  return data;
}

/** What an error kind means to a player (the server's own explanation where none is set). */
const WORDS = {
  NotYourTurn: 'It is not your turn.',
  GameOver: 'The game is over.',
  MissingToken: 'You are watching: only the players can act.',
  WrongToken: 'This seat link is not valid for this game.',
  GameNotFound: 'There is no such game (it may have been removed).',
  RateLimited: 'Too many actions at once: wait a moment.',
  Unavailable: 'The server is busy: try again in a moment.',
  UnknownGame: 'The server does not know this game.',
  OfferPending: 'An offer is already waiting for an answer.',
  TooManyOffers: 'No more offers of this kind in this game.',
  EmptyPgn: 'The text holds no game.',
  NotChess: 'PGN holds chess games only: use PCN for this game.',
  BodyTooLarge: 'That is too long to send.',
};

/** An error in words a player understands: the kind's sentence, a move or position that cannot
 * be read said so, else the server's explanation as a sentence. */
export function inWords(kind, message) {
  if (WORDS[kind]) return WORDS[kind];
  const said = String(message || kind || 'Something went wrong');
  const sentence = said.charAt(0).toUpperCase() + said.slice(1) + (/[.!?]$/.test(said) ? '' : '.');
  if (kind === 'IllegalMove') return `That move is not legal here. ${sentence}`;
  if (/Pmn|San|Uci|Syntax|OffBoard|Spelling/.test(kind || '')) {
    return 'That is not a move the board can read: write it like e2-e4 (or e4 and Nf3 in chess).';
  }
  if (/Feen|Fen|Placement|Marker/.test(kind || '')) return `That start position cannot be used. ${sentence}`;
  return sentence;
}
