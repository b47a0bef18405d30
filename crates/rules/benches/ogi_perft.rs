//! Ōgi perft speed, bulk and no-bulk, from the start position and middle-game positions with
//! full hands; chess perft (tegoma and cozy-chess) in the same run as a yardstick of the machine.
//!
//! Run: `cargo bench -p tegoma-rules --bench ogi_perft`. Times are the thread's CPU time where
//! Linux reports it (`/proc/thread-self/schedstat`; the wall time goes to stderr), so that a busy
//! shared machine measures the code rather than the waiting. Prints nodes per second per position and
//! the ratio to the goals of issue 5 (bulk: 4 x 23 M nodes/s, Fairy-Stockfish's native speed on
//! this kind of machine; no-bulk: 20 M nodes/s).
use tegoma_rules::ogi::{PerftOptions, Position};

const OGI: [(&str, &str, u32, u32); 4] = [
    (
        "start",
        "lnsik^snl/1r4b1/pppppppp/8/8/PPPPPPPP/1B4R1/LNSIK^SNL / O/o",
        6,
        5,
    ),
    (
        "middle, hands BNS/bns",
        "l2ik^2l/1r2s1b1/p1pp1n1p/4ppp1/2P2P2/P2PP1PP/2S3R1/LN1IK^1NL BNS/bns O/o",
        4,
        4,
    ),
    (
        "middle, hands BLN+RS/2blns",
        "l3k^2l/4s3/p1ppi2p/4pp2/2P2P2/P2PP1PP/4S3/LN1IK^2L BLN+RS/2blns o/O",
        4,
        3,
    ),
    (
        "open, hands R2SB2NL/rbsnl",
        "4k^3/2p2p2/1p1pp1p1/8/8/1PP1PP2/3P2P1/3K^4 2N2SBLR/blnrs O/o",
        4,
        3,
    ),
];

#[path = "support/timing.rs"]
mod timing;
use timing::{mnps, run};

fn main() {
    if std::env::args().any(|a| a == "--list") {
        return;
    }
    // OGI_PROFILE=1: only Ōgi no-bulk from the start, repeated (for a profiler)
    if std::env::var_os("OGI_PROFILE").is_some() {
        let p = Position::startpos();
        let full = PerftOptions {
            privilege: true,
            bulk: false,
        };
        for _ in 0..5 {
            let (n, s) = run(|| p.perft_with(5, full));
            println!("start no-bulk d5 {n} nodes {:.1} M/s", mnps(n, s));
        }
        return;
    }
    println!("== chess yardstick (start position) ==");
    let c = tegoma_rules::chess::Position::startpos();
    let (n, s) = run(|| c.perft(6));
    let chess_bulk = mnps(n, s);
    println!("tegoma chess bulk    d6 {n:>12} nodes {s:7.3}s {chess_bulk:8.1} M/s");
    let (n, s) = run(|| c.perft_no_bulk(5));
    let chess_full = mnps(n, s);
    println!("tegoma chess no-bulk d5 {n:>12} nodes {s:7.3}s {chess_full:8.1} M/s");
    let cozy = cozy_chess::Board::default();
    let (n, s) = run(|| cozy_perft(&cozy, 6));
    let cozy_bulk = mnps(n, s);
    println!("cozy-chess bulk      d6 {n:>12} nodes {s:7.3}s {cozy_bulk:8.1} M/s");

    println!("== Ōgi ==");
    let bulk = PerftOptions::default();
    let full = PerftOptions {
        bulk: false,
        ..bulk
    };
    let (mut lb, mut lf) = (0.0f64, 0.0f64);
    for (name, feen, db, df) in OGI {
        let p = Position::from_feen(feen).expect("bench position");
        let (n, s) = run(|| p.perft_with(db, bulk));
        let b = mnps(n, s);
        println!("{name:28} bulk    d{db} {n:>12} nodes {s:7.3}s {b:8.1} M/s");
        let (n, s) = run(|| p.perft_with(df, full));
        let f = mnps(n, s);
        println!("{name:28} no-bulk d{df} {n:>12} nodes {s:7.3}s {f:8.1} M/s");
        lb += b.ln();
        lf += f.ln();
    }
    let k = OGI.len() as f64;
    let (gb, gf) = ((lb / k).exp(), (lf / k).exp());
    println!("== summary (geometric means) ==");
    println!(
        "Ōgi bulk {gb:.1} M/s = {:.2}x the 92 M/s goal; Ōgi no-bulk {gf:.1} M/s = {:.2}x the 20 M/s goal",
        gb / 92.0,
        gf / 20.0
    );
    println!(
        "yardstick: tegoma chess bulk {chess_bulk:.1} M/s, no-bulk {chess_full:.1} M/s, cozy-chess bulk {cozy_bulk:.1} M/s; Ōgi bulk / cozy-chess bulk = {:.2}",
        gb / cozy_bulk
    );
}

fn cozy_perft(board: &cozy_chess::Board, depth: u8) -> u64 {
    if depth == 0 {
        return 1;
    }
    let mut n = 0;
    board.generate_moves(|moves| {
        if depth == 1 {
            n += moves.len() as u64;
        } else {
            for m in moves {
                let mut b = board.clone();
                b.play_unchecked(m);
                n += cozy_perft(&b, depth - 1);
            }
        }
        false
    });
    n
}
