//! GGN throughput: parse and write a synthetic full chess-like table of a few megabytes.
//!
//! Run with `cargo bench -p tegoma-notation --bench ggn`. The anchor `serde_json_value` parses
//! the same text into a generic `serde_json::Value` (no validation), for a ratio that does not
//! depend on the machine.

use std::collections::HashMap;
use std::hint::black_box;

use criterion::{criterion_group, criterion_main, Criterion, Throughput};
use tegoma_notation::cell::Cell;
use tegoma_notation::ggn::{Ggn, Location, Possibility};
use tegoma_notation::lcn::{Condition, Lcn};
use tegoma_notation::qpi::Qpi;

const QUEEN: [(i8, i8); 8] = [
    (1, 0),
    (-1, 0),
    (0, 1),
    (0, -1),
    (1, 1),
    (1, -1),
    (-1, 1),
    (-1, -1),
];
const KNIGHT: [(i8, i8); 8] = [
    (1, 2),
    (2, 1),
    (2, -1),
    (1, -2),
    (-1, -2),
    (-2, -1),
    (-2, 1),
    (-1, 2),
];

/// Every piece identity of both chess sides moves like a queen plus a knight from every square:
/// a table larger than any real one, with realistic path conditions.
fn synthetic() -> Ggn {
    let pieces = [
        "C:K^", "C:+K^", "C:Q", "C:R", "C:+R", "C:B", "C:N", "C:P", "C:+P", "C:-P", "c:k^",
        "c:+k^", "c:q", "c:r", "c:+r", "c:b", "c:n", "c:p", "c:+p", "c:-p",
    ];
    let mut g = Ggn::new();
    for p in pieces {
        let q: Qpi = p.parse().unwrap();
        for f in 0..8i8 {
            for r in 0..8i8 {
                let src = Location::Square(Cell::xy(f as u8, r as u8));
                for (df, dr) in QUEEN {
                    let mut path = Vec::new();
                    let (mut x, mut y) = (f + df, r + dr);
                    while (0..8).contains(&x) && (0..8).contains(&y) {
                        let c = Cell::xy(x as u8, y as u8);
                        for last in [Condition::Empty, Condition::Enemy] {
                            let must = path
                                .iter()
                                .map(|&p| (p, Condition::Empty))
                                .chain([(c, last)]);
                            let poss = Possibility {
                                must: Lcn::from_entries(must).unwrap(),
                                deny: Lcn::new(),
                            };
                            g.add(q, src, Location::Square(c), poss).unwrap();
                        }
                        path.push(c);
                        x += df;
                        y += dr;
                    }
                }
                for (df, dr) in KNIGHT {
                    let (x, y) = (f + df, r + dr);
                    if (0..8).contains(&x) && (0..8).contains(&y) {
                        let c = Cell::xy(x as u8, y as u8);
                        let poss = Possibility {
                            must: Lcn::from_entries([(c, Condition::Empty)]).unwrap(),
                            deny: Lcn::from_entries([(c, Condition::Piece(q))]).unwrap(),
                        };
                        g.add(q, src, Location::Square(c), poss).unwrap();
                    }
                }
            }
        }
        // Drops to every square.
        for f in 0..8u8 {
            for r in 0..8u8 {
                let c = Cell::xy(f, r);
                let poss = Possibility {
                    must: Lcn::from_entries([(c, Condition::Empty)]).unwrap(),
                    deny: Lcn::new(),
                };
                g.add(q, Location::Hand, Location::Square(c), poss).unwrap();
            }
        }
    }
    g
}

fn bench(c: &mut Criterion) {
    let ggn = synthetic();
    let text = ggn.to_json();
    let (p, s, d, n) = ggn.counts();
    eprintln!(
        "GGN document: {:.2} MB, {p} pieces, {s} sources, {d} destinations, {n} possibilities",
        text.len() as f64 / 1e6
    );
    assert!(text.len() >= 1_000_000);
    assert_eq!(Ggn::from_json(&text).unwrap(), ggn);

    let mut group = c.benchmark_group("ggn");
    group.sample_size(10);
    group.throughput(Throughput::Bytes(text.len() as u64));
    group.bench_function("parse", |b| {
        // The table is dropped outside the timed section: parsing is what is measured.
        b.iter_with_large_drop(|| Ggn::from_json(black_box(&text)).unwrap())
    });
    group.bench_function("write", |b| {
        b.iter_with_large_drop(|| black_box(&ggn).to_json())
    });
    group.bench_function("serde_json_value", |b| {
        b.iter_with_large_drop(|| {
            serde_json::from_str::<serde_json::Value>(black_box(&text)).unwrap()
        })
    });
    group.finish();

    // Evaluation: every destination of every piece of the start-like board, per board.
    let mut board: HashMap<Cell, Qpi> = HashMap::new();
    for f in 0..8u8 {
        board.insert(Cell::xy(f, 1), "C:+P".parse().unwrap());
        board.insert(Cell::xy(f, 6), "c:+p".parse().unwrap());
    }
    board.insert(Cell::xy(4, 0), "C:+K^".parse().unwrap());
    board.insert(Cell::xy(4, 7), "c:+k^".parse().unwrap());
    board.insert(Cell::xy(3, 3), "C:Q".parse().unwrap());
    let occupied: Vec<(Cell, Qpi)> = board.iter().map(|(c, q)| (*c, *q)).collect();
    let mut group = c.benchmark_group("ggn_eval");
    group.sample_size(20);
    group.bench_function("possible_destinations_all_pieces", |b| {
        b.iter(|| {
            let mut n = 0usize;
            for (cell, q) in &occupied {
                let side = q.side();
                n += ggn
                    .possible_destinations(q, &Location::Square(*cell), &board, side)
                    .count();
            }
            black_box(n)
        })
    });
    group.finish();
}

criterion_group!(benches, bench);
criterion_main!(benches);
