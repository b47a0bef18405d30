//! Speed of the generic GGN engine relative to the fast generators, on the same positions.
//!
//! `cargo bench -p tegoma-rules --bench ggn_engine`
//!
//! For each game, 64 positions from seeded random play (the same for both engines): the time to
//! list the legal moves of all of them with the fast generator (`fast_legal`) and with the GGN
//! engine driven by the exported table and the game's description (`ggn_legal`, and
//! `ggn_pseudo` without the legality filters), plus perft(3) from the start (both engines
//! count the last ply from the move list), and Kogoma's perft(4) from the start. The ratio of the
//! times is the GGN engine's slowdown (expected to be large: its job is conformance and new
//! games, not speed).
use std::hint::black_box;
use std::time::Duration;

use criterion::{criterion_group, criterion_main, Criterion};
use tegoma_ggn::{export, Description, Engine};
use tegoma_protocol::Position;
use tegoma_rules::{chess, ogi};

struct Rng(u64);

impl Rng {
    fn below(&mut self, n: usize) -> usize {
        self.0 ^= self.0 >> 12;
        self.0 ^= self.0 << 25;
        self.0 ^= self.0 >> 27;
        (self.0.wrapping_mul(0x2545_f491_4f6c_dd1d) >> 33) as usize % n
    }
}

const N: usize = 64;

fn chess_positions() -> Vec<chess::Position> {
    let mut rng = Rng(7);
    let mut out = Vec::new();
    let mut p = chess::Position::startpos();
    let mut list = chess::MoveList::new();
    while out.len() < N {
        p.legal_moves_into(&mut list);
        if list.is_empty() {
            p = chess::Position::startpos();
            continue;
        }
        let m = list.as_slice()[rng.below(list.len())];
        p.play(m).expect("legal");
        if rng.below(3) == 0 {
            out.push(p);
        }
    }
    out
}

fn ogi_positions() -> Vec<ogi::Position> {
    let mut rng = Rng(11);
    let mut out = Vec::new();
    let mut p = ogi::Position::startpos();
    let mut list = ogi::MoveList::new();
    while out.len() < N {
        p.legal_moves_into(&mut list);
        if list.is_empty() {
            p = ogi::Position::startpos();
            continue;
        }
        let m = list.as_slice()[rng.below(list.len())];
        p.play_unchecked(m);
        if rng.below(3) == 0 {
            out.push(p);
        }
    }
    out
}

fn engine(game: &str, description: &str) -> Engine {
    Engine::new(
        &export(game).expect("table"),
        Description::from_json(description).expect("description"),
    )
    .expect("engine")
}

fn bench(c: &mut Criterion) {
    let ce = engine(
        "chess",
        include_str!("../../../games/chess/description.json"),
    );
    let oe = engine("ogi", include_str!("../../../games/ogi/description.json"));
    let cp = chess_positions();
    let op = ogi_positions();
    let cg: Vec<Position> = cp
        .iter()
        .map(|p| ce.position(&p.to_feen()).expect("feen"))
        .collect();
    let og: Vec<Position> = op
        .iter()
        .map(|p| oe.position(&p.to_feen()).expect("feen"))
        .collect();

    let mut g = c.benchmark_group("chess");
    g.sample_size(10).measurement_time(Duration::from_secs(3));
    g.bench_function("fast_legal", |b| {
        let mut list = chess::MoveList::new();
        b.iter(|| {
            let mut n = 0;
            for p in &cp {
                p.legal_moves_into(&mut list);
                n += list.len();
            }
            black_box(n)
        })
    });
    g.bench_function("ggn_legal", |b| {
        let mut v = Vec::new();
        b.iter(|| {
            let mut n = 0;
            for p in &cg {
                v.clear();
                ce.append_legal_moves(p, &mut v);
                n += v.len();
            }
            black_box(n)
        })
    });
    g.bench_function("ggn_pseudo", |b| {
        let mut v = Vec::new();
        b.iter(|| {
            let mut n = 0;
            for p in &cg {
                v.clear();
                ce.pseudo_legal_moves(p, &mut v);
                n += v.len();
            }
            black_box(n)
        })
    });
    g.bench_function("fast_perft3", |b| {
        let s = chess::Position::startpos();
        b.iter(|| black_box(s.perft(3)))
    });
    g.bench_function("ggn_perft3", |b| {
        b.iter(|| black_box(ce.perft(ce.initial(), 3)))
    });
    g.finish();

    let mut g = c.benchmark_group("ogi");
    g.sample_size(10).measurement_time(Duration::from_secs(3));
    g.bench_function("fast_legal", |b| {
        let mut list = ogi::MoveList::new();
        b.iter(|| {
            let mut n = 0;
            for p in &op {
                p.legal_moves_into(&mut list);
                n += list.len();
            }
            black_box(n)
        })
    });
    g.bench_function("ggn_legal", |b| {
        let mut v = Vec::new();
        b.iter(|| {
            let mut n = 0;
            for p in &og {
                v.clear();
                oe.append_legal_moves(p, &mut v);
                n += v.len();
            }
            black_box(n)
        })
    });
    g.bench_function("fast_perft3", |b| {
        let s = ogi::Position::startpos();
        b.iter(|| black_box(s.perft(3)))
    });
    g.bench_function("ggn_perft3", |b| {
        b.iter(|| black_box(oe.perft(oe.initial(), 3)))
    });
    g.finish();

    // Kogoma, a game defined by files only (no fast generator to compare with).
    let ke = Engine::new(
        &tegoma_notation::ggn::Ggn::from_json(include_str!("../../../games/kogoma/ggn.json"))
            .expect("table"),
        Description::from_json(include_str!("../../../games/kogoma/description.json"))
            .expect("description"),
    )
    .expect("engine");
    let mut g = c.benchmark_group("kogoma");
    g.sample_size(10).measurement_time(Duration::from_secs(3));
    g.bench_function("ggn_perft4", |b| {
        b.iter(|| black_box(ke.perft(ke.initial(), 4)))
    });
    g.finish();
}

criterion_group!(benches, bench);
criterion_main!(benches);
