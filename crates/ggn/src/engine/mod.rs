//! The generic rule engine: a GGN table compiled against a board, plus a [`Description`].

use std::collections::HashMap;
use std::fmt;
use std::sync::Arc;

use tegoma_notation::ggn::Ggn;
use tegoma_notation::pin::{self, State};
use tegoma_notation::qpi::{Qpi, QpiMode};
use tegoma_notation::{epin, sin};
use tegoma_protocol::{Board, Piece, Position, Side, Square, Style};

mod army;
mod compile;
mod play;
mod setup;

use army::{Armies, ArmyRules};
pub use setup::UnsupportedPiece;

use super::description::{CaptureSide, Description, DescriptionError, EnemyNamed, OwnNamed};
use super::moves::GgnMove;

/// Why an engine cannot be built. Positions and moves of a built engine fail with the shared
/// errors of [`tegoma_protocol::error`] ([`PositionError`](tegoma_protocol::PositionError),
/// [`MoveError`](tegoma_protocol::MoveError)), like those of chess and Ōgi.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum EngineError {
    /// The description is unusable.
    #[error("{0}")]
    Description(#[from] DescriptionError),
}

impl tegoma_notation::NotationError for EngineError {
    fn kind(&self) -> &'static str {
        match self {
            EngineError::Description(d) => tegoma_notation::NotationError::kind(d),
        }
    }
}

#[derive(Debug, Clone, Copy)]
enum Cond {
    Empty,
    Enemy,
    Piece(Qpi),
}

#[derive(Debug, Clone)]
struct Poss {
    must: Box<[(Square, Cond)]>,
    deny: Box<[(Square, Cond)]>,
    /// The first square whose `must` condition names a piece (special moves).
    named: Option<Square>,
}

#[derive(Debug, Clone)]
struct Dest {
    to: Square,
    poss: Box<[Poss]>,
}

#[derive(Debug, Clone, Default)]
struct PieceMoves {
    board: Vec<Box<[Dest]>>,
    hand: Box<[Dest]>,
}

#[derive(Debug, Clone, Copy)]
enum Choice {
    Enhanced,
    To(pin::Identifier),
}

#[derive(Debug, Clone)]
struct PromotionRule {
    pieces: Vec<pin::Identifier>,
    zone: u8,
    from_or_to: bool,
    choices: Vec<Choice>,
    forced: u8,
}

/// A rule system driven by a GGN table and a [`Description`].
///
/// Move generation evaluates the table's conditions against the position (GGN §14.3): for each
/// piece of the active player, on the board or in hand, its QPI key, its source, every
/// destination with a holding possibility; then the description's mutations and filters.
///
/// Cloning an engine is cheap: its description and compiled tables are shared (built once,
/// behind an [`Arc`]), so a match or a search that keeps its own engine costs no table.
#[derive(Clone)]
pub struct Engine {
    s: Arc<Shared>,
}

/// What an engine is made of, shared by its clones.
#[derive(Debug, Clone)]
struct Shared {
    desc: Description,
    board: Board,
    styles: [Style; 2],
    initial: Position,
    coords: Vec<(u8, u8)>,
    index: HashMap<Qpi, usize>,
    tables: Vec<PieceMoves>,
    armies: Armies,
}

impl fmt::Debug for Engine {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let s = &*self.s;
        f.debug_struct("Engine")
            .field("desc", &s.desc)
            .field("board", &s.board)
            .field("styles", &s.styles)
            .field("initial", &s.initial)
            .field("coords", &s.coords)
            .field("index", &s.index)
            .field("tables", &s.tables)
            .field("armies", &s.armies)
            .finish()
    }
}

/// The PIN of a piece, turned to the first player's side (descriptions match on it).
#[inline]
fn norm(p: Piece) -> pin::Identifier {
    p.epin().pin().with_side(pin::Side::First)
}

/// `p` with the normalised identity `to`, on `p`'s side, keeping its derivation marker.
#[inline]
fn restyle(p: Piece, to: pin::Identifier) -> Piece {
    let pin = to.with_side(p.epin().pin().side());
    Piece::from_epin(epin::Identifier::new(pin, p.is_derived()))
}

impl Engine {
    /// Builds an engine from a table and a description.
    ///
    /// # Errors
    /// A description field that does not parse, a board that is not two-dimensional, an
    /// initial FEEN that does not fit, or a table naming squares off the board or moving to the
    /// hand.
    pub fn new(ggn: &Ggn, desc: Description) -> Result<Engine, EngineError> {
        if desc.board.len() != 2 || desc.board.contains(&0) {
            return Err(DescriptionError::Board.into());
        }
        let board = Board::new(&desc.board).map_err(|_| DescriptionError::Board)?;
        let letter = desc.sin.as_bytes();
        if letter.len() != 1 || !letter[0].is_ascii_uppercase() {
            return Err(DescriptionError::Sin(desc.sin.chars().take(8).collect()).into());
        }
        let first = sin::Identifier::parse(&desc.sin)
            .map_err(|_| DescriptionError::Sin(desc.sin.clone()))?;
        let armies = army::compile(&desc, first)?;
        let styles = armies.pairs[0];
        let coords = board
            .squares()
            .map(|sq| {
                let c = board.cell(sq);
                (c.indices()[0], c.indices()[1])
            })
            .collect();
        let (index, tables) = compile::compile(&board, ggn)?;
        let mut engine = Engine {
            s: Arc::new(Shared {
                initial: Position::new(board.clone(), styles[0], styles[1])
                    .map_err(|e| DescriptionError::Initial(e.to_string()))?,
                desc,
                board,
                styles,
                coords,
                index,
                tables,
                armies,
            }),
        };
        let initial = engine
            .position(&engine.s.desc.initial)
            .map_err(|e| DescriptionError::Initial(e.to_string()))?;
        // The engine is not shared yet: this sets the field in place, without a copy.
        Arc::make_mut(&mut engine.s).initial = initial;
        Ok(engine)
    }

    /// The description.
    pub fn description(&self) -> &Description {
        &self.s.desc
    }

    /// The board.
    pub fn board(&self) -> &Board {
        &self.s.board
    }

    /// The Player Styles, `[first, second]` (of the description's first style pair).
    pub fn styles(&self) -> [Style; 2] {
        self.s.styles
    }

    /// Every style pair a position of this game may have, `[first, second]`, the default
    /// first (the description's `styles`).
    pub fn style_pairs(&self) -> &[[Style; 2]] {
        &self.s.armies.pairs
    }

    /// The name (SNN) of the style a player leads in `pos`: its army's, or the description's.
    pub fn style_name(&self, pos: &Position, side: Side) -> &str {
        &self.army(pos, side).snn
    }

    /// The name (SNN) of a style of this game: its army's, or the description's.
    pub fn snn_of(&self, style: Style) -> &str {
        &self.s.armies.by_style(style).snn
    }

    /// Whether the army of player `side` in `pos` has the `check` legality filter (a side
    /// without a legal move is then checkmated or stalemated, else it has `nomove`).
    pub fn check_filter(&self, pos: &Position, side: Side) -> bool {
        self.army(pos, side).legality.check
    }

    /// The rules of the army of player `side` in `pos`.
    #[inline]
    fn army(&self, pos: &Position, side: Side) -> &ArmyRules {
        self.s.armies.of(pos, side)
    }

    /// The initial position of the description.
    pub fn initial(&self) -> &Position {
        &self.s.initial
    }

    /// The QPI key of a piece in `pos` (its resolved style letter, in its side's case).
    #[inline]
    fn qpi(&self, pos: &Position, p: Piece) -> Option<Qpi> {
        Qpi::new(pos.piece_style(p), p.epin().pin(), QpiMode::Strict)
    }

    #[inline]
    fn cond_holds(&self, pos: &Position, sq: Square, c: Cond, active: Side) -> bool {
        let occ = pos.piece_at(sq);
        match c {
            Cond::Empty => occ.is_none(),
            Cond::Enemy => occ.is_some_and(|p| p.side() != active),
            Cond::Piece(q) => occ.is_some_and(|p| self.qpi(pos, p) == Some(q)),
        }
    }

    #[inline]
    fn holds(&self, pos: &Position, p: &Poss, active: Side) -> bool {
        p.must
            .iter()
            .all(|&(s, c)| self.cond_holds(pos, s, c, active))
            && !p
                .deny
                .iter()
                .any(|&(s, c)| self.cond_holds(pos, s, c, active))
    }

    #[inline]
    fn rel_rank(&self, side: Side, sq: Square) -> u8 {
        let r = self.s.coords[sq.index()].1;
        match side {
            Side::First => r,
            Side::Second => self.s.board.sizes()[1] - 1 - r,
        }
    }

    #[inline]
    fn in_last(&self, side: Side, sq: Square, n: u8) -> bool {
        n > 0
            && u16::from(self.rel_rank(side, sq)) + u16::from(n)
                >= u16::from(self.s.board.sizes()[1])
    }

    /// Whether the game is over by a terminal capture (a side has no terminal piece on the
    /// board, and the army to move has `terminal_capture_ends`).
    pub fn terminal_captured(&self, pos: &Position) -> bool {
        if !self
            .army(pos, pos.side_to_move())
            .legality
            .terminal_capture_ends
        {
            return false;
        }
        let mut has = [false; 2];
        for (_, p) in pos.pieces() {
            if p.is_terminal() {
                has[p.side().index()] = true;
            }
        }
        !(has[0] && has[1])
    }

    /// Appends the pseudo-legal moves of `pos` (GGN conditions, drops, promotions, capture
    /// treatment; no legality filter) to `out`; none once a terminal piece was captured where
    /// that ends the game.
    pub fn pseudo_legal_moves(&self, pos: &Position, out: &mut Vec<GgnMove>) {
        if self.terminal_captured(pos) {
            return;
        }
        self.movement(pos, out);
    }

    /// Appends every move the movement rules allow in `pos` (the pseudo-legal moves, whether
    /// or not the game is over): what CGSN's statuses are defined over (ruling R12).
    pub fn movement(&self, pos: &Position, out: &mut Vec<GgnMove>) {
        let us = pos.side_to_move();
        for (from, actor) in pos.pieces() {
            if actor.side() != us {
                continue;
            }
            let Some(i) = self.qpi(pos, actor).and_then(|q| self.s.index.get(&q)) else {
                continue;
            };
            let Some(dests) = self.s.tables[*i].board.get(from.index()) else {
                continue;
            };
            for d in dests.iter() {
                let mut plain = false;
                let mut named_seen: [Option<Square>; 4] = [None; 4];
                for p in d.poss.iter() {
                    if !self.holds(pos, p, us) {
                        continue;
                    }
                    match p.named {
                        None if !plain => {
                            plain = true;
                            self.board_moves(pos, from, actor, d.to, None, out);
                        }
                        None => {}
                        Some(n) => {
                            if named_seen.contains(&Some(n)) {
                                continue;
                            }
                            if let Some(slot) = named_seen.iter_mut().find(|s| s.is_none()) {
                                *slot = Some(n);
                            }
                            self.board_moves(pos, from, actor, d.to, Some(n), out);
                        }
                    }
                }
            }
        }
        let army = self.army(pos, us);
        if army.drops {
            for (held, _) in pos.hand(us).iter() {
                let Some(i) = self.qpi(pos, held).and_then(|q| self.s.index.get(&q)) else {
                    continue;
                };
                let n = norm(held);
                for d in self.s.tables[*i].hand.iter() {
                    if pos.piece_at(d.to).is_some()
                        || army.bans.iter().any(|&(b, last)| {
                            b == n && last.is_none_or(|k| self.in_last(us, d.to, k))
                        })
                        || !d.poss.iter().any(|p| self.holds(pos, p, us))
                    {
                        continue;
                    }
                    out.push(GgnMove {
                        from: None,
                        to: d.to,
                        piece: held,
                        promotion: None,
                        captured: None,
                        to_hand: None,
                        keep: false,
                        partner: None,
                        special: false,
                    });
                }
            }
        }
    }

    /// The square next to `from` toward `to` (the first square a sliding actor crosses).
    fn first_crossed(&self, from: Square, to: Square) -> Option<Square> {
        let (ff, fr) = self.s.coords[from.index()];
        let (tf, tr) = self.s.coords[to.index()];
        let f = i16::from(ff) + (i16::from(tf) - i16::from(ff)).signum();
        let r = i16::from(fr) + (i16::from(tr) - i16::from(fr)).signum();
        let cell = tegoma_notation::cell::Cell::xy(u8::try_from(f).ok()?, u8::try_from(r).ok()?);
        self.s.board.square(cell)
    }

    fn board_moves(
        &self,
        pos: &Position,
        from: Square,
        actor: Piece,
        to: Square,
        named: Option<Square>,
        out: &mut Vec<GgnMove>,
    ) {
        let us = pos.side_to_move();
        let army = self.army(pos, us);
        let target = pos.piece_at(to);
        if target.is_some_and(|t| t.side() == us) {
            return; // the Protocol forbids landing on an own piece
        }
        let mut captured = target.map(|t| (to, t));
        let mut partner = None;
        let mut special = false;
        if let Some(n) = named {
            let Some(np) = pos.piece_at(n) else { return };
            if np.side() == us {
                if army.special.own_named == OwnNamed::Follow {
                    let Some(dst) = self.first_crossed(from, to) else {
                        return;
                    };
                    partner = Some((n, dst));
                    special = true;
                }
            } else if army.special.enemy_named == EnemyNamed::Capture && n != to {
                if captured.is_some() {
                    return;
                }
                captured = Some((n, np));
                special = true;
            }
        }
        // What enters the hand: the default, and the privilege's alternative.
        let mut hands: [(Option<Piece>, bool); 2] = [(None, false); 2];
        let mut n_hands = 1;
        if let Some((_, c)) = captured {
            let cap = &army.capture;
            let turned = match cap.side {
                CaptureSide::Keep => c,
                CaptureSide::Captor => c.with_side(us).r5(),
            };
            let mut demoted = if cap.demote {
                turned.with_state(State::Normal)
            } else {
                turned
            };
            // A piece of another style: converted, and never kept by the privilege.
            let foreign = pos.piece_style(c).letter() != pos.style(us).letter();
            if foreign {
                let n = norm(demoted);
                if let Some(&(_, to)) = army.converts.iter().find(|&&(a, _)| a == n) {
                    demoted = restyle(demoted, to);
                }
            }
            hands[0] = (Some(demoted), false);
            if cap.privilege && !foreign && actor.is_terminal() && demoted != turned {
                hands[1] = (Some(turned), true);
                n_hands = 2;
            }
        }
        // Promotion choices.
        let mut promos: Vec<Option<Piece>> = Vec::with_capacity(5);
        let n = norm(actor);
        let mut forced = false;
        for rule in &army.promotions {
            if !rule.pieces.contains(&n) {
                continue;
            }
            let zone = self.in_last(us, to, rule.zone)
                || (rule.from_or_to && self.in_last(us, from, rule.zone));
            if !zone {
                continue;
            }
            forced |= self.in_last(us, to, rule.forced);
            for c in &rule.choices {
                let p = match *c {
                    Choice::Enhanced => actor.with_state(State::Enhanced),
                    Choice::To(pin) => restyle(actor, pin),
                };
                if !promos.contains(&Some(p)) {
                    promos.push(Some(p));
                }
            }
        }
        if !forced {
            promos.insert(0, None);
        }
        for promotion in promos {
            for &(to_hand, keep) in &hands[..n_hands] {
                out.push(GgnMove {
                    from: Some(from),
                    to,
                    piece: actor,
                    promotion,
                    captured,
                    to_hand,
                    keep,
                    partner,
                    special,
                });
            }
        }
    }
}
