//! Kogoma, the third game, described by files only (`games/kogoma/`): its table and
//! description load, its perft from the start matches hand counts and an independent
//! brute-force generator written from the rules in `games/kogoma/README.md`.

use tegoma_ggn::build::{
    slides, steps, TableBuilder, DIAGONAL, GOLD_STEPS, KING_STEPS, ORTHOGONAL, SILVER_STEPS,
};
use tegoma_ggn::{Description, Engine};
use tegoma_notation::ggn::Ggn;
use tegoma_protocol::Position;

const GGN: &str = include_str!("../../../games/kogoma/ggn.json");
const DESCRIPTION: &str = include_str!("../../../games/kogoma/description.json");

fn engine() -> Engine {
    let ggn = Ggn::from_json(GGN).expect("games/kogoma/ggn.json is valid GGN");
    Engine::new(
        &ggn,
        Description::from_json(DESCRIPTION).expect("description"),
    )
    .expect("engine")
}

/// How `games/kogoma/ggn.json` was produced: piece geometry through the table builder.
fn generated_table() -> Ggn {
    let mut b = TableBuilder::new(5, 5, b'K');
    let with = |mut a: Vec<_>, b: Vec<_>| {
        a.extend(b);
        a
    };
    for side in 0..2 {
        for (token, patterns) in [
            ("K^", steps(&KING_STEPS)),
            ("G", steps(&GOLD_STEPS)),
            ("S", steps(&SILVER_STEPS)),
            ("+S", steps(&GOLD_STEPS)),
            ("B", slides(&DIAGONAL)),
            ("+B", with(slides(&DIAGONAL), steps(&ORTHOGONAL))),
            ("R", slides(&ORTHOGONAL)),
            ("+R", with(slides(&ORTHOGONAL), steps(&DIAGONAL))),
            ("P", steps(&[(0, 1)])),
            ("+P", steps(&GOLD_STEPS)),
        ] {
            b.piece(side, token, &patterns, |_, _| true);
        }
        for token in ["G", "S", "B", "R", "P"] {
            b.drops(side, token);
        }
    }
    b.finish()
}

/// Regenerates the committed table:
/// `cargo test -p tegoma-rules --test ggn_kogoma -- --ignored regenerate`.
#[test]
#[ignore = "writes games/kogoma/ggn.json"]
fn regenerate() {
    let path = concat!(env!("CARGO_MANIFEST_DIR"), "/../../games/kogoma/ggn.json");
    std::fs::write(path, generated_table().to_json() + "\n").unwrap();
}

#[test]
fn committed_table_matches_the_geometry() {
    // Compared as parsed tables: the file's bytes follow the notation crate's canonical writer
    // of the day (rewrite them with the `regenerate` test when it changes).
    let ggn = Ggn::from_json(GGN).unwrap();
    assert_eq!(ggn, generated_table());
}

#[test]
fn start_position_hand_counts() {
    let e = engine();
    let start = e.initial().clone();
    assert_eq!(start.to_feen().unwrap(), "rbsgk^/4p/5/P4/K^GSBR / K/k");
    // By hand: K^a1 1 (b2), G b1 2 (b2 c2), S c1 3 (b2 c2 d2), B d1 4 (c2 b3 a4 e2),
    // R e1 3 (e2 e3 e4 capturing), P a2 1 (a3).
    let moves = e.legal_pmn(&start);
    assert_eq!(moves.len(), 14, "{moves:?}");
    assert!(moves.contains(&"e1+e4".to_string()));
    // After R e1+e4 the second player has 15 moves: k^ d4 e4; g d4 c4 e4; s c4 b4 d4;
    // b a4 c4 d3 e2; r a4 a3 a2.
    let after = e.after_unchecked(&start, &find(&e, &start, "e1+e4"));
    assert_eq!(after.to_feen().unwrap(), "rbsgk^/4R/5/P4/K^GSB1 P/ k/K");
    assert_eq!(e.legal_pmn(&after).len(), 15);
    // Dropping the captured pawn: 17 empty squares but not the far rank (none empty there).
    let e2 = e.position("rbsg1/4k^/5/P4/K^GSB1 P/ K/k").unwrap();
    let drops = e
        .legal_pmn(&e2)
        .into_iter()
        .filter(|m| m.starts_with("P*"))
        .count();
    assert_eq!(drops, 25 - 10 - 1);
}

fn find(e: &Engine, p: &Position, pmn: &str) -> tegoma_ggn::GgnMove {
    let mut v = Vec::new();
    e.append_legal_moves(p, &mut v);
    *v.iter().find(|m| m.pmn(e.board()) == pmn).expect(pmn)
}

#[test]
fn promotion_and_drop_rules() {
    let e = engine();
    // A pawn on the fourth rank must promote; a silver entering the zone may.
    let p = e.position("4k^/P1S2/5/5/K^4 / K/k").unwrap();
    let m = e.legal_pmn(&p);
    assert!(m.contains(&"a4-a5=+P".to_string()) && !m.contains(&"a4-a5".to_string()));
    assert!(m.contains(&"c4-c5=+S".to_string()) && m.contains(&"c4-c5".to_string()));
    // A pawn in hand may not be dropped on the far rank; a silver may.
    let p = e.position("k^4/5/5/5/4K^ PS/ K/k").unwrap();
    let m = e.legal_pmn(&p);
    assert!(!m.contains(&"P*b5".to_string()) && m.contains(&"P*b4".to_string()));
    assert!(m.contains(&"S*b5".to_string()));
    // Capturing the King ends the game.
    let p = e.position("5/5/5/1k^3/1R2K^ / K/k").unwrap();
    let after = e.after_unchecked(&p, &find(&e, &p, "b1+b2"));
    assert!(e.legal_pmn(&after).is_empty());
    // The second side has nothing left: no movement (nomove, R12) and no King (mareking).
    assert_eq!(e.statuses(&after).to_string(), "nomove mareking");
}

// --- An independent brute-force generator, written from the rules text. ---

#[derive(Clone, Copy, PartialEq, Eq, Debug)]
enum Kind {
    King,
    Gold,
    Silver,
    Bishop,
    Rook,
    Pawn,
    ProSilver,
    ProBishop,
    ProRook,
    ProPawn,
}

#[derive(Clone)]
struct Brute {
    board: [Option<(usize, Kind)>; 25],
    hand: [[u8; 5]; 2], // Gold Silver Bishop Rook Pawn
    turn: usize,
}

const HAND_KINDS: [Kind; 5] = [
    Kind::Gold,
    Kind::Silver,
    Kind::Bishop,
    Kind::Rook,
    Kind::Pawn,
];

impl Brute {
    fn start() -> Brute {
        use Kind::*;
        let mut board = [None; 25];
        for (f, k) in [King, Gold, Silver, Bishop, Rook].into_iter().enumerate() {
            board[f] = Some((0, k)); // rank 1
            board[24 - f] = Some((1, k)); // rank 5, mirrored
        }
        board[5] = Some((0, Pawn)); // a2
        board[19] = Some((1, Pawn)); // e4
        Brute {
            board,
            hand: [[0; 5]; 2],
            turn: 0,
        }
    }

    fn children(&self) -> Vec<Brute> {
        use Kind::*;
        let mut out = Vec::new();
        let kings = self
            .board
            .iter()
            .filter(|s| matches!(s, Some((_, King))))
            .count();
        if kings < 2 {
            return out;
        }
        let me = self.turn;
        let fwd: i32 = if me == 0 { 1 } else { -1 };
        let last = |r: i32| if me == 0 { r == 4 } else { r == 0 };
        let gold = [(0, fwd), (0, -fwd), (1, 0), (-1, 0), (1, fwd), (-1, fwd)];
        let diag = [(1, 1), (1, -1), (-1, 1), (-1, -1)];
        let orth = [(1, 0), (-1, 0), (0, 1), (0, -1)];
        for from in 0..25 {
            let Some((side, kind)) = self.board[from] else {
                continue;
            };
            if side != me {
                continue;
            }
            let (f0, r0) = ((from % 5) as i32, (from / 5) as i32);
            let mut jumps: Vec<(i32, i32)> = Vec::new();
            let mut rays: Vec<(i32, i32)> = Vec::new();
            match kind {
                King => {
                    jumps.extend(diag);
                    jumps.extend(orth);
                }
                Gold | ProSilver | ProPawn => jumps.extend(gold),
                Silver => {
                    jumps.push((0, fwd));
                    jumps.extend(diag);
                }
                Bishop => rays.extend(diag),
                Rook => rays.extend(orth),
                ProBishop => {
                    rays.extend(diag);
                    jumps.extend(orth);
                }
                ProRook => {
                    rays.extend(orth);
                    jumps.extend(diag);
                }
                Pawn => jumps.push((0, fwd)),
            }
            let mut targets = Vec::new();
            for (df, dr) in jumps {
                targets.push((f0 + df, r0 + dr));
            }
            for (df, dr) in rays {
                let (mut f, mut r) = (f0 + df, r0 + dr);
                while (0..5).contains(&f) && (0..5).contains(&r) {
                    targets.push((f, r));
                    if self.board[(r * 5 + f) as usize].is_some() {
                        break;
                    }
                    f += df;
                    r += dr;
                }
            }
            for (f, r) in targets {
                if !(0..5).contains(&f) || !(0..5).contains(&r) {
                    continue;
                }
                let to = (r * 5 + f) as usize;
                if matches!(self.board[to], Some((s, _)) if s == me) {
                    continue;
                }
                let promotable = matches!(kind, Silver | Bishop | Rook | Pawn);
                let may = promotable && (last(r) || last(r0));
                let must = kind == Pawn && last(r);
                let mut options = Vec::new();
                if !must {
                    options.push(kind);
                }
                if may {
                    options.push(match kind {
                        Silver => ProSilver,
                        Bishop => ProBishop,
                        Rook => ProRook,
                        _ => ProPawn,
                    });
                }
                for k in options {
                    let mut c = self.clone();
                    if let Some((_, cap)) = c.board[to] {
                        let base = match cap {
                            ProSilver => Silver,
                            ProBishop => Bishop,
                            ProRook => Rook,
                            ProPawn => Pawn,
                            other => other,
                        };
                        if let Some(i) = HAND_KINDS.iter().position(|&h| h == base) {
                            c.hand[me][i] += 1;
                        }
                    }
                    c.board[to] = Some((me, k));
                    c.board[from] = None;
                    c.turn = 1 - me;
                    out.push(c);
                }
            }
        }
        for (i, k) in HAND_KINDS.into_iter().enumerate() {
            if self.hand[me][i] == 0 {
                continue;
            }
            for to in 0..25 {
                if self.board[to].is_some() || (k == Pawn && last((to / 5) as i32)) {
                    continue;
                }
                let mut c = self.clone();
                c.hand[me][i] -= 1;
                c.board[to] = Some((me, k));
                c.turn = 1 - me;
                out.push(c);
            }
        }
        out
    }

    fn perft(&self, depth: u32) -> u64 {
        if depth == 0 {
            return 1;
        }
        let ch = self.children();
        if depth == 1 {
            return ch.len() as u64;
        }
        ch.iter().map(|c| c.perft(depth - 1)).sum()
    }
}

#[test]
fn perft_matches_the_brute_force() {
    let e = engine();
    let b = Brute::start();
    assert_eq!(
        b.perft(1),
        14,
        "the brute force disagrees with the hand count"
    );
    for depth in 1..=5 {
        assert_eq!(
            e.perft(e.initial(), depth),
            b.perft(depth),
            "perft({depth})"
        );
    }
}

/// Deeper: `cargo test -p tegoma-rules --test ggn_kogoma -- --ignored perft_6 --nocapture`.
#[test]
#[ignore = "slow"]
fn perft_6_matches_the_brute_force() {
    let e = engine();
    let b = Brute::start();
    for depth in 1..=6 {
        let n = e.perft(e.initial(), depth);
        eprintln!("kogoma perft({depth}) = {n}");
        assert_eq!(n, b.perft(depth), "perft({depth})");
    }
}
