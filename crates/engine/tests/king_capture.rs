//! Ōgi: the engine captures the King when it can, and finds the King capture that is forced
//! within three plies. Positions come from seeded random games; the winning first moves are
//! found by a brute-force solver written here on the rules crate only (no search code).

mod common;

use common::Rng;
use tegoma_engine::{Engine, Limits, Score, SearchRequest, Start};
use tegoma_game::Rules;
use tegoma_protocol::Side;
use tegoma_rules::ogi::{Move, Position, Role};

/// Whether `m` captures a King.
fn takes_king(m: Move) -> bool {
    m.captured() == Some(Role::King)
}

/// Whether the side to move can capture a King now.
fn can_take_king(p: &Position) -> bool {
    p.legal_moves().iter().any(|&m| takes_king(m))
}

/// Whether `m` forces a King capture within three plies: it takes the King, or every answer
/// leaves a King capture (an answer that takes our King refutes it).
fn forces_within_three(p: &Position, m: Move) -> bool {
    if takes_king(m) {
        return true;
    }
    let after = p.after_unchecked(m);
    let replies = after.legal_moves();
    if replies.is_empty() {
        // No move: the opponent loses (`nomove`).
        return true;
    }
    replies.iter().all(|&r| {
        if takes_king(r) {
            return false;
        }
        can_take_king(&after.after_unchecked(r))
    })
}

fn winning_moves(p: &Position) -> Vec<Move> {
    p.legal_moves()
        .iter()
        .copied()
        .filter(|&m| forces_within_three(p, m))
        .collect()
}

/// Positions from random games: (position, winning first moves), those with a King capture at
/// once and those where it needs three plies.
/// Positions with their winning first moves.
type Cases = Vec<(Position, Vec<Move>)>;

fn positions(count: usize) -> (Cases, Cases) {
    let mut now = Vec::new();
    let mut three = Vec::new();
    let mut rng = Rng(0x0651_2026);
    let mut games = 0;
    while (now.len() < count || three.len() < count) && games < 4000 {
        games += 1;
        let mut p = Position::startpos();
        for _ in 0..120 {
            if p.is_over() {
                break;
            }
            let moves = p.legal_moves();
            if moves.is_empty() {
                break;
            }
            if can_take_king(&p) {
                if now.len() < count {
                    now.push((p, winning_moves(&p)));
                }
            } else if three.len() < count {
                let w = winning_moves(&p);
                if !w.is_empty() {
                    three.push((p, w));
                }
            }
            // Captures are three times as likely: kings get exposed.
            let list: Vec<Move> = moves.iter().copied().collect();
            let weights: Vec<usize> = list
                .iter()
                .map(|m| if m.is_capture() { 3 } else { 1 })
                .collect();
            let total: usize = weights.iter().sum();
            let mut x = rng.below(total);
            let mut pick = list[0];
            for (m, w) in list.iter().zip(&weights) {
                if x < *w {
                    pick = *m;
                    break;
                }
                x -= w;
            }
            p.play_unchecked(pick);
        }
    }
    (now, three)
}

fn engine_move(engine: &mut Engine, p: &Position, depth: u32) -> (Move, Score) {
    engine.new_game();
    let request = SearchRequest::new(Start::Feen(p.to_feen()), vec![], Limits::depth(depth));
    let r = engine.search(&request, &mut |_| {}).unwrap();
    let best = r.best.unwrap();
    (p.parse_pmn(&best).unwrap(), r.info.score)
}

#[test]
fn captures_the_king_within_three_plies() {
    let (now, three) = positions(25);
    assert!(
        now.len() >= 20 && three.len() >= 10,
        "{} {}",
        now.len(),
        three.len()
    );
    let mut engine = Engine::new(Rules::ogi());
    for (p, wins) in now.iter().chain(&three) {
        let (m, score) = engine_move(&mut engine, p, 4);
        assert!(
            wins.contains(&m),
            "{}: {} does not force the King capture ({:?})",
            p.to_feen(),
            p.move_to_pmn(m),
            wins.iter().map(|&w| p.move_to_pmn(w)).collect::<Vec<_>>()
        );
        assert!(
            matches!(score, Score::Mate(1..=2)),
            "{}: {score:?}",
            p.to_feen()
        );
    }
    // Both sides to move are represented.
    assert!(three.iter().any(|(p, _)| p.side_to_move() == Side::Second));
}

/// Whether `m` leaves the opponent a King capture (and does not take theirs first).
fn hangs_the_king(p: &Position, m: Move) -> bool {
    !takes_king(m) && can_take_king(&p.after_unchecked(m))
}

/// The engine never leaves its King to be taken when a move that does not exists, at every
/// depth from 2: in positions from random games where the King is attacked or a move could
/// expose it, and in a game lost to Fairy-Stockfish (2026-11-26), where a pruning at the node
/// after the King's capture scored it by the evaluation and the search played on.
#[test]
fn never_leaves_its_king_to_be_taken() {
    let mut cases: Vec<Position> = Vec::new();
    let mut p =
        Position::from_feen("lns1k^snl/3r1ib1/ppppp1pp/5p2/3P3P/PPP1PPP1/1B2K^1RL/LNSI1SN1 / O/o")
            .unwrap();
    for pmn in [
        "d1-c2", "d7-a7", "c2+f5", "a7-d7", "e3-e4", "e6-e5", "e4+e5", "f7+e5", "e2-e3", "e8-f7",
        "f3-f4", "e5+d4", "f5+d4", "d7-e7",
    ] {
        let m = p.parse_pmn(pmn).unwrap();
        p.play_unchecked(m);
    }
    cases.push(p);
    let mut rng = Rng(0x0651_2611);
    let mut games = 0;
    while cases.len() < 40 && games < 2000 {
        games += 1;
        let mut p = Position::startpos();
        for _ in 0..120 {
            let moves = p.legal_moves();
            if p.is_over() || moves.is_empty() {
                break;
            }
            let list: Vec<Move> = moves.iter().copied().collect();
            let safe = list.iter().filter(|&&m| !hangs_the_king(&p, m)).count();
            // Some moves hang the King, some do not, and no King capture at once.
            if !can_take_king(&p) && safe > 0 && safe < list.len() && rng.below(4) == 0 {
                cases.push(p);
            }
            p.play_unchecked(list[rng.below(list.len())]);
        }
    }
    assert!(cases.len() >= 40, "{} positions", cases.len());
    let mut engine = Engine::new(Rules::ogi());
    for p in &cases {
        for depth in 2..=4 {
            let (m, _) = engine_move(&mut engine, p, depth);
            assert!(
                !hangs_the_king(p, m),
                "{} at depth {depth}: {} lets the King be taken",
                p.to_feen(),
                p.move_to_pmn(m)
            );
        }
    }
}
