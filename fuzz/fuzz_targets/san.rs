//! SAN: the one lexer never panics, what it accepts is written canonically and reads back to
//! the same value, and the replay (fast path) agrees with the general reading on a few positions.
#![no_main]
use libfuzzer_sys::fuzz_target;
use tegoma_rules::chess::{Position, San, SanReplay};

const FENS: [&str; 3] = [
    "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
    "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1",
    "rnbq1k1r/pp1Pbppp/2p5/8/2B5/8/PPP1NnPP/RNBQK2R w KQ - 1 8",
];

fuzz_target!(|data: &[u8]| {
    let Ok(san) = San::parse_bytes(data) else {
        return;
    };
    assert_eq!(san.to_string().parse::<San>(), Ok(san));
    for fen in FENS {
        let p = Position::from_fen(fen).unwrap();
        let general = p.san_to_move(&san);
        let mut replay = SanReplay::new(p);
        match (replay.play(&san), general) {
            (Ok(a), Ok(b)) => assert_eq!(a, b),
            (Err(a), Err(b)) => assert_eq!(a, b),
            (a, b) => panic!("{san}: replay {a:?}, general {b:?}"),
        }
    }
});
