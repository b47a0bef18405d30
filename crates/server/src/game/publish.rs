//! What a game sends its clients: after each event an `update` (what changed: the board's
//! changed cells, the plies after `plies_from`, the legal moves, clocks, status), the whole
//! `state` to a new subscriber, to HTTP answers, and after events whose state before no client
//! was sent. Everything is written as JSON text once per event and shared by every client.

use std::sync::Arc;

use tegoma_protocol::{Piece, Position as Generic, Square};

use super::{Acked, Feed, Game, Logged, Outgoing, Published};
use crate::store::now_ms;
use crate::view::{event_message, plies_of, update, view, write_legal, Extra, Layout, Parts};

/// The picture clients were last sent, kept from one event to the next: after a move only the
/// new ply, the changed cells and the legal moves are written.
pub(super) struct Views {
    /// The board's geometry and fixed names.
    pub(super) layout: Layout,
    /// The event number the views below were computed at.
    at: Option<i64>,
    /// Whether they follow views computed at the event before (so that an update from those
    /// is what a client needs).
    follows: bool,
    /// The position at `at`, and its FEEN (written once per event).
    pos: Generic,
    feen: String,
    /// Every ply's entry (`{"pmn", "san"}`).
    plies: Vec<String>,
    /// How many plies the views share with those at the event before.
    plies_kept: usize,
    /// The legal moves, joined.
    legal: String,
    /// The board at `at`, by square, and the squares that changed since the event before.
    pieces: Vec<Option<Piece>>,
    changed: Vec<usize>,
}

impl Views {
    /// Views not computed yet, for a match's board.
    pub(super) fn new(m: &tegoma_game::AnyMatch) -> Views {
        Views {
            layout: Layout::of(m),
            at: None,
            follows: false,
            pos: m.position(),
            feen: String::new(),
            plies: Vec::new(),
            plies_kept: 0,
            legal: String::new(),
            pieces: Vec::new(),
            changed: Vec::new(),
        }
    }
}

impl Game {
    /// Brings the views up to date: after one move played here, the new ply's entry (with its
    /// SAN) was written when it was played; after a take-back the plies are cut; after an event
    /// that is no move or take-back, the plies stay (no replay of the whole game either way); the board is compared square by
    /// square with the one before.
    fn sync_views(&mut self) {
        if self.views.at == Some(self.seq) {
            return;
        }
        let v = &mut self.views;
        let n = self.m.ply_count();
        let next = v.at == Some(self.seq - 1);
        let kind = self.last.is_some().then_some(self.last_kind.as_str());
        let last_move = self.last_moved.as_deref();
        let played = self.played.take();
        let len = v.plies.len();
        if next && n == len && !matches!(kind, Some("move" | "takeback")) {
            v.plies_kept = len;
        } else if next && n <= len && kind == Some("takeback") {
            // The plies before those taken back are written as they were.
            v.plies.truncate(n);
            v.plies_kept = n;
        } else if let Some((_, _, entry)) = played.filter(|(seq, pmn, _)| {
            next && n == len + 1 && *seq == self.seq && last_move == Some(pmn.as_str())
        }) {
            v.plies.push(entry);
            v.plies_kept = len;
        } else {
            v.plies = plies_of(&self.m);
            v.plies_kept = 0;
        }
        write_legal(&self.m, &mut v.legal);
        v.feen = self.m.feen();
        v.pos = self.m.position();
        let span = v.pos.board().span();
        v.changed.clear();
        if v.pieces.len() != span {
            v.pieces = vec![None; span];
            v.changed.extend(0..span);
        }
        for (flat, before) in v.pieces.iter_mut().enumerate() {
            let now = v.pos.piece_at(Square::new(flat as u32));
            if now != *before {
                *before = now;
                v.changed.push(flat);
            }
        }
        v.changed.sort_unstable();
        v.changed.dedup();
        v.follows = next;
        v.at = Some(self.seq);
    }

    fn extra(&self) -> Extra<'_> {
        Extra {
            id: &self.row.id,
            seq: self.seq,
            turn_start_ms: self.turn_start,
            now_ms: now_ms(),
            draw_offer: self.draw_offer,
            takeback_offer: self.takeback_offer,
            engine: self.engine,
            periods: self.periods.as_ref(),
            meet: Some(&self.meet),
        }
    }

    /// The whole state as JSON text (the `"game"` of a state message).
    pub(super) fn whole(&mut self) -> String {
        self.sync_views();
        let v = &self.views;
        let parts = Parts {
            pos: &v.pos,
            feen: &v.feen,
            plies: &v.plies,
            plies_from: 0,
            legal: &v.legal,
        };
        view(&self.m, &self.extra(), &v.layout, &parts)
    }

    /// A message `{"type": TYPE, "seq", "event", "game": GAME}`.
    fn message_of(&self, ty: &str, event: Option<&Logged>, game: &str) -> Published {
        let mut msg = String::with_capacity(game.len() + 160);
        msg.push_str(r#"{"type":""#);
        msg.push_str(ty);
        msg.push_str(r#"","seq":"#);
        crate::view::push_int(&mut msg, self.seq);
        msg.push_str(r#","event":"#);
        match event {
            Some(e) => msg.push_str(&e.json),
            None => msg.push_str("null"),
        }
        msg.push_str(r#","game":"#);
        msg.push_str(game);
        msg.push('}');
        Published::from(msg)
    }

    /// The state message (the whole state, after the last event).
    pub(super) fn state_message(&mut self) -> Published {
        let game = self.whole();
        self.message_of("state", None, &game)
    }

    /// Sends every client what the last event changed. To the [`Feed::Updates`] stream: an
    /// update when the views before it are those every client has (the event before was
    /// published from them), else the whole state; to the [`Feed::Events`] stream, the event.
    /// Each is written only when its stream has a subscriber (the views are brought up to date
    /// only then, or when a whole state is asked for). Returns the whole state when `whole`.
    ///
    /// [`Feed::Updates`]: super::Feed::Updates
    /// [`Feed::Events`]: super::Feed::Events
    pub(super) fn publish_with(&mut self, whole: bool) -> Acked {
        if let Some(out) = self.shared.listened(Feed::Events) {
            let message =
                event_message(&self.m, &self.extra(), self.last.as_ref().map(|e| &*e.json));
            let _ = out.send(Outgoing {
                seq: self.seq,
                text: Published::from(message),
            });
        }
        if self.shared.listened(Feed::Updates).is_some() {
            self.publish_update();
        }
        Acked {
            seq: self.seq,
            state: whole.then(|| Arc::from(self.whole())),
        }
    }

    /// Sends the [`Feed::Updates`] stream the update of the last event (or the whole state when
    /// the views before it are not those its clients have).
    ///
    /// [`Feed::Updates`]: super::Feed::Updates
    fn publish_update(&mut self) {
        self.sync_views();
        let message = if self.views.follows {
            let v = &self.views;
            let parts = Parts {
                pos: &v.pos,
                feen: &v.feen,
                plies: &v.plies,
                plies_from: v.plies_kept,
                legal: &v.legal,
            };
            let game = update(&self.m, &self.extra(), &v.layout, &v.changed, &parts);
            self.message_of("update", self.last.as_ref(), &game)
        } else {
            let game = self.whole();
            self.message_of("state", self.last.as_ref(), &game)
        };
        if let Some(out) = self.shared.listened(Feed::Updates) {
            let _ = out.send(Outgoing {
                seq: self.seq,
                text: message,
            });
        }
    }

    pub(super) fn publish(&mut self) {
        self.publish_with(false);
    }
}
