//! The `RuleSystem` trait is implementable by a small `Copy` engine with a fixed-capacity move
//! list of its own, and usable on generic positions and PMN through its edges (`import`,
//! `parse_move`, `export`). The toy game: two kings on a line of 5
//! squares (`K^` on a, `k^` on e); a king steps one square; stepping onto the other king
//! captures it and wins (`mareking`).

use std::fmt;

use tegoma_notation::cgsn::{Status, StatusSet};
use tegoma_notation::NotationError;
use tegoma_protocol::{
    Decision, IllegalMove, IllegalReason, Location, MoveBuffer, MoveError, Outcome, Piece,
    Position, PositionError, RuleSystem, Side, Square, Style,
};

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
struct Line {
    kings: [Option<u8>; 2],
    active: Side,
}

#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
struct Step {
    from: u8,
    to: u8,
}

/// The engine's own fixed-capacity move list (a king has two steps at most).
#[derive(Clone, Copy, Debug, Default)]
struct Steps {
    len: usize,
    items: [Step; 2],
}

impl MoveBuffer<Step> for Steps {
    fn clear(&mut self) {
        self.len = 0;
    }
    fn push(&mut self, m: Step) {
        self.items[self.len] = m;
        self.len += 1;
    }
    fn as_slice(&self) -> &[Step] {
        &self.items[..self.len]
    }
}

struct Kings;

const NAMES: [&str; 5] = ["a", "b", "c", "d", "e"];

impl RuleSystem for Kings {
    type Position = Line;
    type Move = Step;
    type MoveList = Steps;

    fn snn(&self) -> [&'static str; 2] {
        ["Kings", "Kings"]
    }
    fn sin(&self) -> [Style; 2] {
        [Style::parse("K").unwrap(), Style::parse("k").unwrap()]
    }
    fn initial_feen(&self) -> &'static str {
        "K^3k^ / K/k"
    }
    fn import(&self, p: &Position) -> Result<Line, PositionError> {
        if p.board().sizes() != [5] {
            return Err(PositionError::BoardShape {
                expected: vec![5],
                found: p.board().sizes().to_vec(),
            });
        }
        let mut kings = [None, None];
        for (sq, piece) in p.pieces() {
            kings[piece.side().index()] = Some(sq.index() as u8);
        }
        Ok(Line {
            kings,
            active: p.side_to_move(),
        })
    }
    fn export(&self, l: &Line) -> Position {
        let board = tegoma_protocol::Board::new(&[5]).unwrap();
        let [a, b] = self.sin();
        let mut p = Position::new(board, a, b).unwrap();
        for side in Side::BOTH {
            let king = Piece::parse(if side == Side::First { "K^" } else { "k^" }).unwrap();
            match l.kings[side.index()] {
                Some(i) => {
                    p.set(Square::new(u32::from(i)), Some(king)).unwrap();
                }
                None => p.add_to_hand(side.flip(), king, 1).unwrap(),
            }
        }
        p.set_side_to_move(l.active);
        p
    }
    fn side_to_move(&self, l: &Line) -> Side {
        l.active
    }
    fn legal_moves_into(&self, l: &Line, out: &mut Steps) {
        out.clear();
        if self.outcome(l).is_some() {
            return;
        }
        let from = l.kings[l.active.index()].unwrap();
        for to in [from.wrapping_sub(1), from + 1] {
            if to < 5 {
                out.push(Step { from, to });
            }
        }
    }
    fn illegal_move(&self, l: &Line, m: Step) -> IllegalMove {
        let mut text = String::new();
        self.write_move(l, m, &mut text).unwrap();
        IllegalMove::new(text, IllegalReason::NotLegal)
    }
    fn play_unchecked(&self, l: &mut Line, m: Step) {
        let other = l.active.flip().index();
        if l.kings[other] == Some(m.to) {
            l.kings[other] = None;
        }
        l.kings[l.active.index()] = Some(m.to);
        l.active = l.active.flip();
    }
    fn parse_move(&self, l: &Line, pmn: &str) -> Result<Step, MoveError> {
        let mut list = Steps::default();
        self.legal_moves_into(l, &mut list);
        list.as_slice()
            .iter()
            .copied()
            .find(|&m| {
                let mut s = String::new();
                self.write_move(l, m, &mut s).unwrap();
                s == pmn
            })
            .ok_or_else(|| IllegalMove::new(pmn, IllegalReason::NotLegal).into())
    }
    fn write_move(&self, l: &Line, m: Step, out: &mut dyn fmt::Write) -> fmt::Result {
        let op = if l.kings[l.active.flip().index()] == Some(m.to) {
            '+'
        } else {
            '-'
        };
        write!(
            out,
            "{}{op}{}",
            NAMES[m.from as usize], NAMES[m.to as usize]
        )
    }
    fn statuses(&self, l: &Line) -> StatusSet {
        if l.kings.iter().any(Option::is_none) {
            StatusSet::EMPTY.with(Status::Mareking)
        } else {
            StatusSet::EMPTY
        }
    }
    fn outcome(&self, l: &Line) -> Option<Outcome> {
        let s = Side::BOTH
            .into_iter()
            .find(|s| l.kings[s.index()].is_none())?;
        Some(Outcome::win(s.flip(), Status::Mareking))
    }
}

#[test]
fn perft_by_hand() {
    let start = Kings.initial().unwrap();
    // Derived by hand in the module docs' game: 1, 1, 2, 4, 4.
    let counts: Vec<u64> = (0..=5).map(|d| Kings.perft(&start, d)).collect();
    assert_eq!(counts, [1, 1, 1, 2, 4, 4]);
}

#[test]
fn round_trip_and_outcome() {
    let mut l = Kings.initial().unwrap();
    for m in ["a-b", "e-d", "b-c"] {
        let mv = Kings.parse_move(&l, m).unwrap();
        Kings.play(&mut l, mv).unwrap();
    }
    assert!(Kings.parse_move(&l, "d-b").is_err());
    // The generic actions of an engine move match the Protocol's own application.
    let step = Kings.parse_move(&l, "d-e").unwrap();
    let actions = Kings.protocol_actions(&l, step).unwrap();
    let mut generic = Kings.export(&l);
    generic.apply(&actions).unwrap();
    let mut engine = l;
    Kings.play(&mut engine, step).unwrap();
    assert_eq!(generic, Kings.export(&engine));
    let cap = Kings.parse_move(&l, "d+c").unwrap();
    Kings.play(&mut l, cap).unwrap();
    let o = Kings.outcome(&l).unwrap();
    assert_eq!(o.decision, Decision::Win(Side::Second));
    assert_eq!(o.winner(), Some(Side::Second));
    assert_eq!(o.to_string(), "second wins (mareking)");
    let p = Kings.export(&l);
    assert_eq!(p.to_feen().unwrap(), "2k^2 /K^ K/k");
    assert_eq!(p.hand(Side::Second).len(), 1);
    assert_eq!(Kings.import(&p).unwrap(), l);
    let _ = Location::Hand(Side::First);
}

/// A tool that picks the rule system at run time calls it on generic positions and PMN through
/// its edges: `import`, `parse_move`, `write_move`, `export`.
#[test]
fn generic_positions_and_pmn_through_the_edges() {
    let p = Position::from_feen(Kings.initial_feen()).unwrap();
    let l = Kings.import(&p).unwrap();
    let moves: Vec<String> = Kings
        .legal_moves(&l)
        .as_slice()
        .iter()
        .map(|&m| {
            let mut s = String::new();
            Kings.write_move(&l, m, &mut s).unwrap();
            s
        })
        .collect();
    assert_eq!(moves, ["a-b"]);
    let next = Kings
        .after(&l, Kings.parse_move(&l, "a-b").unwrap())
        .unwrap();
    let q = Kings.export(&next);
    assert_eq!(q.to_feen().unwrap(), "1K^2k^ / k/K");
    let e = Kings.parse_move(&l, "a-c").unwrap_err();
    assert_eq!(e.kind(), "IllegalMove");
    assert_eq!(
        e.to_string(),
        "illegal move a-c: not a legal move of this position"
    );
    let wrong = Position::from_feen("8/8 / C/c").unwrap();
    let e = Kings.import(&wrong).unwrap_err();
    assert_eq!(e.kind(), "BoardShape");
    assert_eq!(e.to_string(), "the board is 8x2, not 5");
}

#[test]
fn checked_verbs_refuse_an_illegal_move() {
    let start = Kings.initial().unwrap();
    let mv = Kings.parse_move(&start, "a-b").unwrap();
    // The list form and the buffer form agree.
    let list = Kings.legal_moves(&start);
    assert_eq!(list.as_slice(), [mv]);
    assert!(list.as_slice().contains(&mv));
    let mut l = start;
    Kings.play(&mut l, mv).unwrap();
    let before = l;
    // The same step again is the second king's turn: refused, the position unchanged.
    assert_eq!(
        Kings.play(&mut l, mv),
        Err(IllegalMove::new("a+b", IllegalReason::NotLegal))
    );
    assert_eq!(l, before);
    assert!(Kings.after(&l, mv).is_err());
    let next = Kings.after(&start, mv).unwrap();
    assert_eq!(next, before);
    assert!(!Kings.is_game_over(&start));
    assert!(!Kings.is_check(&start));
}
