//! FEEN read + write of the two seed start positions, with `sashite_feen`'s own parse (and its
//! owned round trip `to_qi` + `encode`) measured in the same run as anchors.
//!
//! Run: `cargo bench -p tegoma-protocol --bench feen`.

use criterion::{black_box, criterion_group, criterion_main, Criterion};
use tegoma_notation::feen::{encode, Feen};
use tegoma_protocol::Position;

const POSITIONS: [(&str, &str); 2] = [
    (
        "chess",
        "+rnbq+k^bn+r/+p+p+p+p+p+p+p+p/8/8/8/8/+P+P+P+P+P+P+P+P/+RNBQ+K^BN+R / C/c",
    ),
    (
        "ogi",
        "lnsik^snl/1r4b1/pppppppp/8/8/PPPPPPPP/1B4R1/LNSIK^SNL / O/o",
    ),
];

fn bench(c: &mut Criterion) {
    for (name, feen) in POSITIONS {
        let mut g = c.benchmark_group(name);
        g.bench_function("sashite_feen parse (anchor)", |b| {
            b.iter(|| Feen::parse(black_box(feen)).unwrap().piece_count())
        });
        g.bench_function("sashite_feen parse+to_qi+encode (anchor)", |b| {
            b.iter(|| encode(&Feen::parse(black_box(feen)).unwrap().to_qi()).unwrap())
        });
        g.bench_function("tegoma read", |b| {
            b.iter(|| Position::from_feen(black_box(feen)).unwrap())
        });
        let pos = Position::from_feen(feen).unwrap();
        g.bench_function("tegoma write", |b| {
            b.iter(|| black_box(&pos).to_feen().unwrap())
        });
        g.bench_function("tegoma read+write", |b| {
            b.iter(|| {
                Position::from_feen(black_box(feen))
                    .unwrap()
                    .to_feen()
                    .unwrap()
            })
        });
        g.finish();
    }
}

criterion_group! {
    name = benches;
    config = Criterion::default()
        .warm_up_time(std::time::Duration::from_millis(500))
        .measurement_time(std::time::Duration::from_secs(2));
    targets = bench
}
criterion_main!(benches);
