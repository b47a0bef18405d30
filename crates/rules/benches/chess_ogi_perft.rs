//! Chess against Ōgi perft speed beside Chess and Ōgi, in one run (the yardsticks: its
//! generator should be as fast per node as theirs): bulk counting and every leaf played, from
//! each game's start and from middle-game positions (Chess against Ōgi with pieces in the Ōgi
//! hand).
//!
//! Run: `cargo bench -p tegoma-rules --bench chess_ogi_perft`. Times are the thread's CPU time
//! where Linux reports it; prints nodes per second per position, then the ratios of Chess
//! against Ōgi to Chess and to Ōgi (geometric means).

#[path = "support/timing.rs"]
mod timing;
use timing::{mnps, run};

use tegoma_rules::{chess, chess_ogi, ogi};

/// Chess against Ōgi positions: both starts and two middle games written by hand, one with
/// each army first, with pieces in the Ōgi hand.
const CHESS_OGI: [(&str, &str, u32, u32); 4] = [
    ("start C/o", chess_ogi::START_CHESS_FIRST, 6, 5),
    ("start O/c", chess_ogi::START_OGI_FIRST, 6, 5),
    (
        "middle C/o, Ōgi hand BN",
        "ln1ik^1nl/1r2s1b1/p1pppp1p/6p1/2sP4/5N2/+P+P+P1+P+P+P+P/+R2Q+K^B1+R /bn C/o",
        5,
        4,
    ),
    (
        "middle O/c, Ōgi hand PR",
        "+r1bq+k^bn+r/+p+p+p2+p+p+p/2n5/3pp3/4P3/PP1P1PPP/1BS3R1/LN1IK^SNL PR/ O/c",
        5,
        4,
    ),
];

const CHESS: [(&str, &str, u32, u32); 2] = [
    (
        "start",
        "+rnbq+k^bn+r/+p+p+p+p+p+p+p+p/8/8/8/8/+P+P+P+P+P+P+P+P/+RNBQ+K^BN+R / C/c",
        6,
        5,
    ),
    (
        "kiwipete",
        "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1",
        5,
        4,
    ),
];

const OGI: [(&str, &str, u32, u32); 2] = [
    ("start", ogi::STARTPOS, 6, 5),
    (
        "middle, hands BNS/bns",
        "l2ik^2l/1r2s1b1/p1pp1n1p/4ppp1/2P2P2/P2PP1PP/2S3R1/LN1IK^1NL BNS/bns O/o",
        4,
        4,
    ),
];

/// Runs one game's positions; returns the geometric means of its bulk and no-bulk speeds.
fn measure(
    game: &str,
    positions: &[(&str, &str, u32, u32)],
    perft: impl Fn(&str, u32, bool) -> u64,
) -> (f64, f64) {
    let (mut bulk, mut full) = (0.0f64, 0.0f64);
    for &(name, feen, d_bulk, d_full) in positions {
        let (n, s) = run(|| perft(feen, d_bulk, true));
        let b = mnps(n, s);
        let (n2, s2) = run(|| perft(feen, d_full, false));
        let f = mnps(n2, s2);
        println!(
            "{game:10} {name:28} bulk d{d_bulk} {n:>12} {b:8.1} M/s   leaves d{d_full} {n2:>11} {f:7.1} M/s"
        );
        bulk += b.ln();
        full += f.ln();
    }
    let k = positions.len() as f64;
    ((bulk / k).exp(), (full / k).exp())
}

fn main() {
    if std::env::args().any(|a| a == "--list") {
        return;
    }
    let co = measure("chess-ogi", &CHESS_OGI, |feen, d, bulk| {
        chess_ogi::Position::from_feen(feen)
            .unwrap()
            .perft_with(d, chess_ogi::PerftOptions { bulk })
    });
    let ch = measure("chess", &CHESS, |feen, d, bulk| {
        let p = chess::Position::from_text(feen).unwrap();
        if bulk {
            p.perft(d)
        } else {
            p.perft_no_bulk(d)
        }
    });
    let og = measure("ogi", &OGI, |feen, d, bulk| {
        ogi::Position::from_feen(feen).unwrap().perft_with(
            d,
            ogi::PerftOptions {
                privilege: true,
                bulk,
            },
        )
    });
    println!();
    println!("geometric means, M nodes/s      bulk    every leaf");
    for (name, (b, f)) in [("chess-ogi", co), ("chess", ch), ("ogi", og)] {
        println!("{name:28} {b:8.1} {f:8.1}");
    }
    println!(
        "chess-ogi / chess: bulk {:.2}x, every leaf {:.2}x",
        co.0 / ch.0,
        co.1 / ch.1
    );
    println!(
        "chess-ogi / ogi:   bulk {:.2}x, every leaf {:.2}x",
        co.0 / og.0,
        co.1 / og.1
    );
}
