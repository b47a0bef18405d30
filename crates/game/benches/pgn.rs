//! PGN reading throughput (parsing only; replaying the moves needs the chess rule system and
//! comes with the match layer).
//!
//! The input is a multi-game PGN made from the frozen python-chess oracle games
//! (`tests/data/python_chess_games.tsv`: 1,000 random games, ~73,000 plies) written by the PGN
//! writer, with seven-tag rosters, some comments and a variation per game. The bench writes it
//! to `target/pgn-bench/oracle-games.pgn` (under `CARGO_TARGET_DIR` when set) so that `scripts/pgn_bench.py` measures python-chess on
//! the same bytes; set `TEGOMA_PGN_BENCH_FILE` to measure another file instead.
//!
//! Run: `cargo bench -p tegoma-game --bench pgn` (or `python3 scripts/pgn_bench.py`, which runs
//! this bench, then python-chess, and prints both).

use std::hint::black_box;
use std::path::PathBuf;

use criterion::{criterion_group, criterion_main, Criterion, Throughput};
use tegoma_game::pgn::PgnReader;

mod common;
use common::oracle_pgn;

fn input() -> (String, Vec<u8>) {
    if let Some(path) = std::env::var_os("TEGOMA_PGN_BENCH_FILE") {
        let bytes = std::fs::read(&path).expect("TEGOMA_PGN_BENCH_FILE readable");
        return (PathBuf::from(path).display().to_string(), bytes);
    }
    let text = oracle_pgn();
    let target = std::env::var_os("CARGO_TARGET_DIR")
        .map(PathBuf::from)
        .unwrap_or_else(|| PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../../target"));
    let dir = target.join("pgn-bench");
    let path = dir.join("oracle-games.pgn");
    if std::fs::create_dir_all(&dir).is_ok() {
        let _ = std::fs::write(&path, &text);
    }
    (path.display().to_string(), text.into_bytes())
}

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
    let (path, bytes) = input();
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
