//! Property tests of move application: random Protocol-valid moves keep every invariant and can
//! be undone; random invalid moves are refused with the right violation at the right action and
//! leave the position exactly as it was; PMN encoding and decoding agree.

use proptest::prelude::*;
use tegoma_protocol::{
    Action, Board, Location, Piece, Position, Rule, Side, Square, Style, ViolationKind,
};

/// A small deterministic generator (SplitMix64), driven by a proptest seed.
struct Rng(u64);

impl Rng {
    fn next(&mut self) -> u64 {
        self.0 = self.0.wrapping_add(0x9E37_79B9_7F4A_7C15);
        let mut z = self.0;
        z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
        z ^ (z >> 31)
    }
    fn below(&mut self, n: usize) -> usize {
        (self.next() % n as u64) as usize
    }
    fn piece(&mut self) -> Piece {
        let letters = "KQRBNPSLGX";
        let l = letters.as_bytes()[self.below(letters.len())] as char;
        let mut s = String::new();
        match self.below(3) {
            0 => s.push('+'),
            1 => s.push('-'),
            _ => {}
        }
        s.push(if self.below(2) == 0 {
            l
        } else {
            l.to_ascii_lowercase()
        });
        if self.below(5) == 0 {
            s.push('^');
        }
        if self.below(6) == 0 {
            s.push('\'');
        }
        Piece::parse(&s).unwrap()
    }
}

fn random_position(rng: &mut Rng) -> Position {
    let sizes: Vec<u8> = match rng.below(3) {
        0 => vec![1 + rng.below(12) as u8],
        1 => vec![1 + rng.below(6) as u8, 2 + rng.below(5) as u8],
        _ => vec![1 + rng.below(3) as u8, 2, 2 + rng.below(2) as u8],
    };
    let mut board = Board::new(&sizes).unwrap();
    if rng.below(3) == 0 && board.len() > 2 {
        let cells: Vec<_> = board.cells().collect();
        let hole = cells[rng.below(cells.len())];
        board = board.with_holes([hole]).unwrap();
    }
    let mut pos = Position::new(
        board,
        Style::parse("C").unwrap(),
        Style::parse("o").unwrap(),
    )
    .unwrap();
    let squares: Vec<Square> = pos.board().squares().collect();
    let n = rng.below(pos.board().len() + 1);
    for _ in 0..n {
        let piece = rng.piece();
        let _ = match rng.below(4) {
            0 => pos.add_to_hand(Side::First, piece, 1),
            1 => pos.add_to_hand(Side::Second, piece, 1),
            _ => pos
                .set(squares[rng.below(squares.len())], Some(piece))
                .map(|_| ()),
        };
    }
    if rng.below(2) == 0 {
        pos.set_side_to_move(Side::Second);
    }
    pos
}

/// One random action valid in `pos` (which it updates), if any can be made.
fn valid_action(rng: &mut Rng, pos: &mut Position) -> Option<Action> {
    let occupied: Vec<(Square, Piece)> = pos.pieces().collect();
    let empty: Vec<Square> = pos
        .board()
        .squares()
        .filter(|&s| pos.piece_at(s).is_none())
        .collect();
    let hand_side = if rng.below(2) == 0 {
        Side::First
    } else {
        Side::Second
    };
    let held: Vec<Piece> = pos.hand(hand_side).iter().map(|(p, _)| p).collect();
    let mutate = |rng: &mut Rng, a: Action| {
        if rng.below(3) == 0 {
            a.mutating(rng.piece())
        } else {
            a
        }
    };
    let action = match rng.below(4) {
        0 if !occupied.is_empty() && !empty.is_empty() => {
            let (s, p) = occupied[rng.below(occupied.len())];
            let t = empty[rng.below(empty.len())];
            mutate(rng, Action::displace(s.into(), p, t.into()))
        }
        1 if !occupied.is_empty() => {
            let (s, p) = occupied[rng.below(occupied.len())];
            mutate(
                rng,
                Action::displace(s.into(), p, Location::Hand(pos.side_to_move())),
            )
        }
        2 if !held.is_empty() && !empty.is_empty() => {
            let p = held[rng.below(held.len())];
            let t = empty[rng.below(empty.len())];
            mutate(
                rng,
                Action::displace(Location::Hand(hand_side), p, t.into()),
            )
        }
        3 if !occupied.is_empty() => {
            let (s, p) = occupied[rng.below(occupied.len())];
            Action::mutate(s.into(), p, rng.piece())
        }
        _ => return None,
    };
    // Apply it on the scratch position as a one-action move, keeping the turn.
    let side = pos.side_to_move();
    pos.apply(&[action]).expect("generated action is valid");
    pos.set_side_to_move(side);
    Some(action)
}

fn valid_move(rng: &mut Rng, pos: &Position) -> Vec<Action> {
    let mut scratch = pos.clone();
    let len = rng.below(5);
    (0..len)
        .filter_map(|_| valid_action(rng, &mut scratch))
        .collect()
}

/// A multiset summary of every piece (identity regardless of location).
fn census(pos: &Position) -> usize {
    pos.piece_count()
}

/// Builds an action that breaks `rule` in `state` (the state before that action), if possible.
fn invalid_action(rng: &mut Rng, state: &Position, rule: usize) -> Option<(Action, &'static str)> {
    let occupied: Vec<(Square, Piece)> = state.pieces().collect();
    let empty: Vec<Square> = state
        .board()
        .squares()
        .filter(|&s| state.piece_at(s).is_none())
        .collect();
    match rule {
        // Hand → Hand.
        0 => {
            let side = Side::BOTH[rng.below(2)];
            let (p, _) = state.hand(side).iter().next()?;
            let to = Location::Hand(Side::BOTH[rng.below(2)]);
            Some((
                Action::displace(Location::Hand(side), p, to),
                "ForbiddenDisplacement",
            ))
        }
        // Capture into the inactive player's hand.
        1 => {
            let (s, p) = *occupied.get(rng.below(occupied.len().max(1)))?;
            Some((
                Action::displace(s.into(), p, Location::Hand(state.side_to_move().flip())),
                "CaptureToInactiveHand",
            ))
        }
        // A square that does not exist (past the bounding shape, or a hole).
        2 => {
            let bad = state
                .board()
                .holes()
                .next()
                .and_then(|c| {
                    // A hole's flat index: find it by scanning the span.
                    (0..state.board().span() as u32)
                        .map(Square::new)
                        .find(|&s| !state.board().contains(s) && state.board().cell(s) == c)
                })
                .filter(|_| rng.below(2) == 0)
                .unwrap_or(Square::new(
                    state.board().span() as u32 + rng.below(10) as u32,
                ));
            let (s, p) = *occupied.get(rng.below(occupied.len().max(1)))?;
            Some((Action::displace(s.into(), p, bad.into()), "NoSuchSquare"))
        }
        // A piece that is not where the action says (conservation).
        3 => {
            let p = rng.piece();
            if rng.below(2) == 0 && !empty.is_empty() {
                let s = empty[rng.below(empty.len())];
                Some((Action::mutate(s.into(), p, rng.piece()), "PieceNotFound"))
            } else {
                let side = Side::BOTH[rng.below(2)];
                if state.hand(side).contains(p) || empty.is_empty() {
                    return None;
                }
                let t = empty[rng.below(empty.len())];
                Some((
                    Action::displace(Location::Hand(side), p, t.into()),
                    "PieceNotFound",
                ))
            }
        }
        // Onto an occupied square.
        _ => {
            if occupied.len() < 2 {
                return None;
            }
            let i = rng.below(occupied.len());
            let j = (i + 1 + rng.below(occupied.len() - 1)) % occupied.len();
            let (s, p) = occupied[i];
            let (t, _) = occupied[j];
            Some((Action::displace(s.into(), p, t.into()), "SquareOccupied"))
        }
    }
}

/// Whether PMN has a form for this action list (hand-derived from the PMN form table).
fn expressible(mv: &[Action], active: Side) -> bool {
    let hand = Location::Hand(active);
    let changes = |a: &Action| a.becomes.is_some_and(|b| b != a.piece);
    match mv {
        [] => true,
        [a] => match (a.from, a.to) {
            (Location::Square(_), Some(Location::Square(_))) => true,
            (Location::Square(_), Some(h)) => h == hand,
            (h, Some(Location::Square(_))) => h == hand,
            (Location::Square(_), None) => changes(a),
            _ => false,
        },
        [c, a] => {
            c.from.is_square()
                && c.to == Some(hand)
                && a.to == Some(c.from)
                && (a.from.is_square() || a.from == hand)
        }
        _ => false,
    }
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(600))]

    /// Valid moves apply, keep every invariant, toggle the turn, conserve the pieces, and undo
    /// back to the exact start.
    #[test]
    fn valid_moves_keep_invariants(seed in any::<u64>()) {
        let mut rng = Rng(seed);
        let start = random_position(&mut rng);
        start.check_invariants().unwrap();
        let mut pos = start.clone();
        for _ in 0..6 {
            let before = pos.clone();
            let mv = valid_move(&mut rng, &pos);
            pos.apply(&mv).unwrap();
            pos.check_invariants().map_err(TestCaseError::fail)?;
            prop_assert_eq!(pos.side_to_move(), before.side_to_move().flip());
            prop_assert_eq!(census(&pos), census(&before));
            prop_assert!(pos.piece_count() <= pos.board().len());
            let mut back = pos.clone();
            back.undo(&mv);
            prop_assert!(back.exact_eq(&before));
            // FEEN still round-trips when the board has a FEEN spelling.
            if let Ok(s) = pos.to_feen() {
                if pos.board().is_regular() {
                    prop_assert!(Position::from_feen(&s).unwrap().exact_eq(&pos));
                } else {
                    prop_assert!(Position::from_feen_on(pos.board(), &s).unwrap().exact_eq(&pos));
                }
            }
        }
    }

    /// A move whose action k breaks a rule is refused at action k with that rule, and the
    /// position is exactly as before.
    #[test]
    fn invalid_moves_are_refused(seed in any::<u64>(), rule in 0usize..5) {
        let mut rng = Rng(seed);
        let start = random_position(&mut rng);
        let mut scratch = start.clone();
        let prefix: Vec<Action> = (0..rng.below(4))
            .filter_map(|_| valid_action(&mut rng, &mut scratch))
            .collect();
        let Some((bad, name)) = invalid_action(&mut rng, &scratch, rule) else {
            return Ok(());
        };
        let mut mv = prefix.clone();
        mv.push(bad);
        // Whatever follows is never reached.
        mv.extend(valid_move(&mut rng, &start));
        let mut pos = start.clone();
        let err = pos.apply(&mv).unwrap_err();
        prop_assert_eq!(err.action, prefix.len());
        prop_assert_eq!(err.kind.name(), name);
        let expected_rule = match name {
            "ForbiddenDisplacement" => Rule::AllowedDisplacement,
            "CaptureToInactiveHand" => Rule::CaptureDestination,
            "NoSuchSquare" => Rule::ValidLocation,
            "PieceNotFound" => Rule::Conservation,
            _ => Rule::SquareOccupancy,
        };
        prop_assert_eq!(err.rule(), expected_rule);
        prop_assert!(pos.exact_eq(&start), "position changed");
        if let ViolationKind::SquareOccupied { square, .. } = err.kind {
            prop_assert!(scratch.piece_at(square).is_some());
        }
    }

    /// Moves of one or two actions that PMN can spell encode to PMN that decodes back to the
    /// same actions (mutations into the same identity dropped).
    #[test]
    fn pmn_round_trip(seed in any::<u64>()) {
        let mut rng = Rng(seed);
        let start = random_position(&mut rng);
        let mv = valid_move(&mut rng, &start);
        if let Ok(pmn) = start.encode(&mv) {
            let text = pmn.to_string();
            let back = start.decode(&pmn).map_err(|e| TestCaseError::fail(format!("{text}: {e}")))?;
            let norm: Vec<Action> = mv
                .iter()
                .map(|a| Action { becomes: a.becomes.filter(|&b| b != a.piece), ..*a })
                .collect();
            prop_assert_eq!(back, norm, "{}", text);
            let reparsed: tegoma_notation::pmn::Pmn = text.parse().unwrap();
            prop_assert_eq!(reparsed, pmn);
        } else {
            prop_assert!(!expressible(&mv, start.side_to_move()), "{:?} should encode", mv);
        }
    }
}
