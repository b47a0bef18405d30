//! Perft of Chess against Ōgi on the GGN engine, from both starts.
//!
//! Depths 1 and 2 are derived by hand (see `ggn_chess_ogi.rs`): 20 and 25 first moves, and no
//! move of either army reaches the other's at depth 2. Depths 3 and 4 are regression values
//! that come from this engine itself; they are to be compared with the fast bitboard
//! generator of `tegoma-rules` when it plays this game.

use tegoma_ggn::chess_ogi;

/// `(start, [perft(1), perft(2), perft(3), perft(4)])`.
const PERFT: [(&str, [u64; 4]); 2] = [
    (chess_ogi::START_CHESS_FIRST, [20, 500, 11_127, 269_203]),
    (chess_ogi::START_OGI_FIRST, [25, 500, 11_916, 264_831]),
];

#[test]
fn perft_to_depth_3() {
    let e = chess_ogi::engine();
    for (feen, counts) in PERFT {
        let p = e.position(feen).unwrap();
        for depth in 1..=3u32 {
            let n = e.perft(&p, depth);
            println!("{feen} perft({depth}) = {n}");
            assert_eq!(n, counts[depth as usize - 1], "{feen} depth {depth}");
        }
    }
}

/// About a second in a release build: `cargo test --release -- --ignored`.
#[test]
#[ignore]
fn perft_depth_4() {
    let e = chess_ogi::engine();
    for (feen, counts) in PERFT {
        let p = e.position(feen).unwrap();
        let n = e.perft(&p, 4);
        println!("{feen} perft(4) = {n}");
        assert_eq!(n, counts[3], "{feen} depth 4");
    }
}
