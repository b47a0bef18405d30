//! PGN replay throughput: the 1,000 python-chess oracle games written as PGN, read and every SAN
//! move replayed through `Match<Chess>` with the R3 endings (bench id `pgn/replay`), plus the
//! replay alone on games already read (`pgn/replay_parsed`).
//!
//! Compare with python-chess on the same file, in the same run: `python3 scripts/pgn_bench.py`
//! (runs this bench, then python-chess, and prints both with the ratio).
//! `TEGOMA_PGN_BENCH_FILE=path` benches another file.

use std::hint::black_box;

use criterion::{criterion_group, criterion_main, Criterion, Throughput};
use tegoma_pgn::replay::{replay_pgn_game, replay_pgn_stream};
use tegoma_pgn::{PgnGame, PgnReader};

mod common;
use common::bench_input;

fn bench(c: &mut Criterion) {
    let (_, bytes) = bench_input();
    let games: Vec<PgnGame> = PgnReader::new(&bytes[..])
        .map(|g| g.expect("reads"))
        .collect();
    let mut plies = 0;
    replay_pgn_stream(&bytes[..], |r| {
        assert!(r.is_ok(), "game {} replays: {:?}", r.index, r.bad_ply);
        plies += r.plies;
    });
    eprintln!("replay bench: {} games, {plies} plies", games.len());
    let mut group = c.benchmark_group("pgn");
    group.sample_size(20);
    group.throughput(Throughput::Elements(games.len() as u64));
    group.bench_function("replay", |b| {
        b.iter(|| {
            let mut n = 0usize;
            replay_pgn_stream(black_box(&bytes[..]), |r| n += r.plies);
            n
        })
    });
    group.bench_function("replay_parsed", |b| {
        b.iter(|| {
            games
                .iter()
                .enumerate()
                .map(|(i, g)| replay_pgn_game(i, black_box(g)).plies)
                .sum::<usize>()
        })
    });
    group.finish();
}

criterion_group!(benches, bench);
criterion_main!(benches);
