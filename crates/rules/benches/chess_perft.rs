//! Perft speed of the chess rule system against cozy-chess and shakmaty, in one run.
//!
//! `cargo bench -p tegoma-rules --bench chess_perft` (optionally `-- quick` for lower depths).
//!
//! Bulk mode: ours ([`Position::perft`], last ply counted from the move sets) against cozy-chess
//! (its usual perft: `generate_moves`, last ply counted with `PieceMoves::len`). No-bulk mode:
//! ours ([`Position::perft_no_bulk`], every leaf move played) against shakmaty (every leaf move
//! played with `play_unchecked`). Each engine runs the same positions and depths; runs are
//! interleaved and the best of several is kept, to damp the noise of a shared machine. The
//! output gives nodes per second per position, the ratio ours/theirs, and geometric means.
use std::hint::black_box;
use std::time::{Duration, Instant};

use shakmaty::{CastlingMode, Chess, Position as _};
use tegoma_rules::chess::Position;

const POSITIONS: [(&str, &str, u32, u32); 6] = [
    (
        "start",
        "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
        6,
        5,
    ),
    (
        "kiwipete",
        "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1",
        5,
        4,
    ),
    ("pos3", "8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - - 0 1", 7, 6),
    (
        "pos4",
        "r3k2r/Pppp1ppp/1b3nbN/nP6/BBP1P3/q4N2/Pp1P2PP/R2Q1RK1 w kq - 0 1",
        5,
        4,
    ),
    (
        "pos5",
        "rnbq1k1r/pp1Pbppp/2p5/8/2B5/8/PPP1NnPP/RNBQK2R w KQ - 1 8",
        5,
        4,
    ),
    (
        "pos6",
        "r4rk1/1pp1qppp/p1np1n2/2b1p1B1/2B1P1b1/P1NP1N2/1PP1QPPP/R4RK1 w - - 0 10",
        5,
        4,
    ),
];

fn cozy_perft(b: &cozy_chess::Board, depth: u32) -> u64 {
    let mut nodes = 0;
    match depth {
        0 => nodes = 1,
        1 => {
            b.generate_moves(|moves| {
                nodes += moves.len() as u64;
                false
            });
        }
        _ => {
            b.generate_moves(|moves| {
                for mv in moves {
                    let mut child = b.clone();
                    child.play_unchecked(mv);
                    nodes += cozy_perft(&child, depth - 1);
                }
                false
            });
        }
    }
    nodes
}

fn shakmaty_play_all(pos: &Chess, depth: u32) -> u64 {
    if depth == 0 {
        return 1;
    }
    let mut nodes = 0;
    for m in pos.legal_moves() {
        let mut child = pos.clone();
        child.play_unchecked(m);
        nodes += shakmaty_play_all(&child, depth - 1);
    }
    nodes
}

fn time(f: &mut dyn FnMut() -> u64) -> (u64, Duration) {
    let t = Instant::now();
    let n = black_box(f());
    (n, t.elapsed())
}

/// Best time of `reps` interleaved runs of two closures; checks that they count the same.
fn duel(
    name: &str,
    reps: usize,
    ours: &mut dyn FnMut() -> u64,
    theirs: &mut dyn FnMut() -> u64,
) -> (u64, f64, f64) {
    let (mut best_o, mut best_t) = (Duration::MAX, Duration::MAX);
    let mut nodes = 0;
    for _ in 0..reps {
        let (n1, d1) = time(ours);
        let (n2, d2) = time(theirs);
        assert_eq!(n1, n2, "{name}: node counts differ");
        nodes = n1;
        best_o = best_o.min(d1);
        best_t = best_t.min(d2);
    }
    let nps = |d: Duration| nodes as f64 / d.as_secs_f64();
    (nodes, nps(best_o), nps(best_t))
}

fn main() {
    let quick = std::env::args().any(|a| a == "quick");
    let reps = if quick { 2 } else { 3 };
    let mut ratios_bulk = Vec::new();
    let mut ratios_play = Vec::new();
    println!("bulk (last ply counted): tegoma vs cozy-chess 0.3");
    println!(
        "{:<10} {:>5} {:>12} {:>14} {:>14} {:>7}",
        "position", "depth", "nodes", "tegoma n/s", "cozy n/s", "ratio"
    );
    for (name, fen, bulk_depth, _) in POSITIONS {
        let depth = if quick { bulk_depth - 1 } else { bulk_depth };
        let ours = Position::from_fen(fen).unwrap();
        let cozy: cozy_chess::Board = fen.parse().unwrap();
        let (nodes, o, t) = duel(name, reps, &mut || ours.perft(depth), &mut || {
            cozy_perft(&cozy, depth)
        });
        ratios_bulk.push(o / t);
        println!(
            "{name:<10} {depth:>5} {nodes:>12} {o:>14.0} {t:>14.0} {:>7.3}",
            o / t
        );
    }
    println!();
    println!("no bulk (every leaf played): tegoma vs shakmaty 0.30");
    println!(
        "{:<10} {:>5} {:>12} {:>14} {:>14} {:>7}",
        "position", "depth", "nodes", "tegoma n/s", "shakmaty n/s", "ratio"
    );
    for (name, fen, _, play_depth) in POSITIONS {
        let depth = if quick { play_depth - 1 } else { play_depth };
        let ours = Position::from_fen(fen).unwrap();
        let shak: Chess = shakmaty::fen::Fen::from_ascii(fen.as_bytes())
            .unwrap()
            .into_position(CastlingMode::Standard)
            .unwrap();
        let (nodes, o, t) = duel(name, reps, &mut || ours.perft_no_bulk(depth), &mut || {
            shakmaty_play_all(&shak, depth)
        });
        ratios_play.push(o / t);
        println!(
            "{name:<10} {depth:>5} {nodes:>12} {o:>14.0} {t:>14.0} {:>7.3}",
            o / t
        );
    }
    let geo = |v: &[f64]| (v.iter().map(|x| x.ln()).sum::<f64>() / v.len() as f64).exp();
    println!();
    println!(
        "geometric mean ratio, bulk vs cozy-chess:   {:.3}",
        geo(&ratios_bulk)
    );
    println!(
        "geometric mean ratio, no bulk vs shakmaty:  {:.3}",
        geo(&ratios_play)
    );
}
