//! PCN replay throughput: the 1,000 python-chess oracle games (or `TEGOMA_PGN_BENCH_FILE`)
//! converted once to PCN JSON records, then each record parsed and replayed through the match
//! (every PMN ply checked, the endings recomputed): bench id `pcn/replay`.
//!
//! The bench uses only calls that exist since PCN replay does (`Pcn::parse`, `to_json`,
//! `record::pgn_to_pcn`, `replay::replay_pcn`), so the same file measures an older checkout on the
//! same input.

use std::hint::black_box;

use criterion::{criterion_group, criterion_main, Criterion, Throughput};
use tegoma_game::replay::replay_pcn;
use tegoma_notation::pcn::Pcn;
use tegoma_pgn::record::pgn_to_pcn;
use tegoma_pgn::PgnReader;

mod common;
use common::bench_input;

fn bench(c: &mut Criterion) {
    let (_, bytes) = bench_input();
    let records: Vec<String> = PgnReader::new(&bytes[..])
        .filter_map(|g| pgn_to_pcn(&g.ok()?).ok())
        .map(|p| p.to_json())
        .collect();
    let plies: usize = records
        .iter()
        .enumerate()
        .map(|(i, r)| replay_pcn(i, &Pcn::parse(r).expect("parses")).plies)
        .sum();
    eprintln!("pcn replay bench: {} records, {plies} plies", records.len());
    let mut group = c.benchmark_group("pcn");
    group.sample_size(10);
    group.throughput(Throughput::Elements(records.len() as u64));
    group.bench_function("replay", |b| {
        b.iter(|| {
            records
                .iter()
                .enumerate()
                .map(|(i, r)| replay_pcn(i, &Pcn::parse(black_box(r)).expect("parses")).plies)
                .sum::<usize>()
        })
    });
    group.finish();
}

criterion_group!(benches, bench);
criterion_main!(benches);
