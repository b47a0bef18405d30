//! PGN reading throughput (parsing only; `benches/replay.rs` replays the moves too).
//!
//! The input is a multi-game PGN made from the frozen python-chess oracle games
//! (`tests/data/python_chess_games.*.tsv.gz`: 1,000 random games, ~73,000 plies) written by the PGN
//! writer, with nine tags and a comment per game. The bench writes it to
//! `target/pgn-bench/oracle-games.pgn` (under `CARGO_TARGET_DIR` when set) so that
//! `scripts/pgn_bench.py` measures python-chess on the same bytes; set `TEGOMA_PGN_BENCH_FILE`
//! to measure another file instead.
//!
//! Run: `cargo bench -p tegoma-game --bench pgn` (or `python3 scripts/pgn_bench.py --rust-bench
//! pgn/read_games`, which runs this bench, then python-chess, and prints both).

use std::hint::black_box;

use criterion::{criterion_group, criterion_main, Criterion, Throughput};
use tegoma_pgn::PgnReader;

mod common;
use common::bench_input;

fn count(bytes: &[u8]) -> (usize, usize) {
    let mut games = 0;
    let mut plies = 0;
    for g in PgnReader::new(bytes) {
        let g = g.expect("bench input reads without error");
        games += 1;
        plies += g.moves.len();
    }
    (games, plies)
}

fn bench(c: &mut Criterion) {
    let (path, bytes) = bench_input();
    let (games, plies) = count(&bytes);
    eprintln!(
        "pgn bench input: {path}: {games} games, {plies} plies, {} bytes",
        bytes.len()
    );
    let mut group = c.benchmark_group("pgn");
    group.sample_size(20);
    group.throughput(Throughput::Bytes(bytes.len() as u64));
    group.bench_function("read_bytes", |b| {
        b.iter(|| {
            let mut n = 0usize;
            for g in PgnReader::new(black_box(&bytes[..])) {
                n += g.map_or(0, |g| g.moves.len());
            }
            n
        })
    });
    group.throughput(Throughput::Elements(games as u64));
    group.bench_function("read_games", |b| {
        b.iter(|| PgnReader::new(black_box(&bytes[..])).count())
    });
    group.finish();
}

criterion_group!(benches, bench);
criterion_main!(benches);
