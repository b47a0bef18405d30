//! PMN throughput: parse (strict and lenient) and write over a large generated corpus, in MB/s.
//!
//! Run with `cargo bench -p tegoma-notation --bench pmn`. The `anchor/byte_sum` group reads the
//! same bytes with a trivial loop: it is the memory-bound ceiling to compare the parser with.

use std::hint::black_box;

use criterion::{criterion_group, criterion_main, Criterion, Throughput};
use tegoma_notation::cell::Cell;
use tegoma_notation::pmn::{Piece, Pmn};

/// A deterministic corpus: mostly 2-D board moves as in real games, plus captures with suffixes,
/// drops, specials, mutations, passes and some 3-D moves.
fn corpus(n: usize) -> Vec<String> {
    let mut state = 0x2545_F491_4F6C_DD1Du64;
    let mut next = move |m: u64| {
        state ^= state << 13;
        state ^= state >> 7;
        state ^= state << 17;
        (state % m) as u8
    };
    let pieces: Vec<Piece> = ["Q", "R", "+P", "p", "+R", "K^'", "-p", "S"]
        .iter()
        .map(|s| Piece::parse(s).unwrap())
        .collect();
    (0..n)
        .map(|_| {
            let sq = |next: &mut dyn FnMut(u64) -> u8| Cell::xy(next(8), next(8));
            let piece = |next: &mut dyn FnMut(u64) -> u8| pieces[usize::from(next(8))];
            let m = match next(20) {
                0..=9 => Pmn::Quiet {
                    from: sq(&mut next),
                    to: sq(&mut next),
                    mutation: None,
                },
                10..=12 => Pmn::Capture {
                    from: sq(&mut next),
                    to: sq(&mut next),
                    mutation: None,
                    capture_mutation: (next(2) == 0).then(|| piece(&mut next)),
                },
                13 => Pmn::Quiet {
                    from: sq(&mut next),
                    to: sq(&mut next),
                    mutation: Some(piece(&mut next)),
                },
                14 => Pmn::Special {
                    from: sq(&mut next),
                    to: sq(&mut next),
                    mutation: None,
                    capture_mutation: None,
                },
                15 => Pmn::Drop {
                    piece: (next(4) != 0).then(|| piece(&mut next)),
                    to: sq(&mut next),
                    mutation: None,
                },
                16 => Pmn::DropCapture {
                    piece: Some(piece(&mut next)),
                    to: sq(&mut next),
                    mutation: None,
                    capture_mutation: Some(piece(&mut next)),
                },
                17 => Pmn::Mutation {
                    square: sq(&mut next),
                    into: piece(&mut next),
                },
                18 => Pmn::Pass,
                _ => Pmn::Capture {
                    from: Cell::new(&[next(255), next(255), next(255)]).unwrap(),
                    to: Cell::new(&[next(255), next(255), next(255)]).unwrap(),
                    mutation: Some(piece(&mut next)),
                    capture_mutation: Some(piece(&mut next)),
                },
            };
            m.to_string()
        })
        .collect()
}

fn bench(c: &mut Criterion) {
    let texts = corpus(200_000);
    let bytes: u64 = texts.iter().map(|s| s.len() as u64).sum();
    let moves: Vec<Pmn> = texts.iter().map(|s| Pmn::parse(s).unwrap()).collect();

    let mut g = c.benchmark_group("pmn");
    g.throughput(Throughput::Bytes(bytes));
    g.sample_size(20);
    g.bench_function("parse", |b| {
        b.iter(|| {
            let mut n = 0usize;
            for s in &texts {
                if Pmn::parse(black_box(s)).is_ok() {
                    n += 1;
                }
            }
            n
        })
    });
    g.bench_function("parse_lenient", |b| {
        b.iter(|| {
            let mut n = 0usize;
            for s in &texts {
                if Pmn::parse_lenient(black_box(s)).is_ok() {
                    n += 1;
                }
            }
            n
        })
    });
    g.bench_function("encode", |b| {
        b.iter(|| {
            let mut n = 0usize;
            for m in &moves {
                n += black_box(m).encode().as_bytes().len();
            }
            n
        })
    });
    g.bench_function("display_into_string", |b| {
        let mut out = String::with_capacity(bytes as usize + texts.len());
        b.iter(|| {
            use std::fmt::Write as _;
            out.clear();
            for m in &moves {
                let _ = writeln!(out, "{}", black_box(m));
            }
            out.len()
        })
    });
    g.finish();

    let mut g = c.benchmark_group("anchor");
    g.throughput(Throughput::Bytes(bytes));
    g.sample_size(20);
    g.bench_function("byte_sum", |b| {
        b.iter(|| {
            let mut n = 0u64;
            for s in &texts {
                for &c in black_box(s.as_bytes()) {
                    n = n.wrapping_add(u64::from(c));
                }
            }
            n
        })
    });
    g.bench_function("cell_parse_source", |b| {
        // Parsing just the first square of each board move: the CELL share of the work.
        let cells: Vec<&str> = texts
            .iter()
            .filter_map(|s| {
                s.split(['-', '+', '~', '='])
                    .next()
                    .filter(|c| !c.is_empty())
            })
            .collect();
        b.iter(|| {
            let mut n = 0usize;
            for s in &cells {
                if black_box(s).parse::<Cell>().is_ok() {
                    n += 1;
                }
            }
            n
        })
    });
    g.finish();
}

criterion_group!(benches, bench);
criterion_main!(benches);
