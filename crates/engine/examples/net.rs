//! Training of the chess evaluation network (`crates/eval/src/chess/net.rs`) on positions of the engine's
//! own games.
//!
//! ```text
//! cargo run --release -p tegoma-engine --example net -- train DATA[,DATA...] EPOCHS OUT [VALID]
//! ```
//!
//! DATA are files of `FEN;RESULT;SCORE` lines written by `texel generate` (RESULT 1, 0.5 or 0 for
//! the first player; SCORE the search's score for the first player, centipawns). Positions in
//! check, positions with a capture that wins material by exchange, and positions without a
//! score are left out; every position is used twice, as it is and with its files mirrored
//! (chess is the same game mirrored, castling aside, which the network does not see;
//! `NET_MIRROR=0` turns this off). VALID (default: the last DATA file) is held out.
//!
//! The network (see `crates/eval/src/chess/net.rs`; its width is `NET_HIDDEN`, its output layers by the
//! number of pieces `NET_BUCKETS`) gives `o`; the evaluation
//! is the hand-written one plus `200 o` centipawns, so the network learns what the hand-written
//! terms miss (`NET_RESIDUAL=0` trains it alone instead). The target is `BLEND sigmoid(SCORE /
//! 200) + (1 - BLEND) RESULT` for the side to move (`NET_BLEND`, default 0.9), the loss the mean
//! squared error of `sigmoid(hand-written / 200 + o)`; Adam, batches of 16 384, the learning
//! rate divided by ten for the last fifth of the epochs; the weights are written after every
//! epoch. The hand-written evaluation's own held-out error, under the same sigmoid, is printed
//! for comparison.
//!
//! OUT receives the weights quantised as the engine reads them (`crates/eval/src/chess/net.bin`):
//! little-endian i16, the hidden layer's weights (768 x HIDDEN, times 255), its biases (times
//! 255), the output weights (BUCKETS x 2 x HIDDEN, times 64), then the output biases (BUCKETS,
//! times 255 x 64, i32).
//!
//! Every run so far, with its data and its held-out errors, is in
//! `docs/measurements/engine.md` (*The tuner's and the trainer's runs*).
use std::io::{BufRead, Write};

use tegoma_engine::eval::{ChessEval, Network};
use tegoma_protocol::Side;
use tegoma_rules::chess::{MoveList, Position, Role};

const HIDDEN: usize = tegoma_engine::eval::NET_HIDDEN;
const BUCKETS: usize = tegoma_engine::eval::NET_BUCKETS;
const INPUTS: usize = 768;
/// Centipawns per output unit.
const SCALE: f32 = 200.0;

/// A position: its pieces as input indices seen from the first player, the side to move, the
/// target, and the hand-written evaluation (side to move, centipawns).
#[derive(Clone, Copy)]
struct Sample {
    features: [u16; 32],
    n: u8,
    stm_second: bool,
    target: f32,
    hce: f32,
}

/// The input index of a piece seen from the first player; the second player's index is
/// [`flip`] of it.
fn feature(own: bool, role: Role, sq: usize) -> u16 {
    ((usize::from(!own) * 6 + role.index()) * 64 + sq) as u16
}

/// The same piece seen from the other player (sides swapped, board turned).
fn flip(f: u16) -> u16 {
    let f = usize::from(f);
    let (kind, sq) = (f / 64, f % 64);
    let side = kind / 6;
    (((1 - side) * 6 + kind % 6) * 64 + (sq ^ 56)) as u16
}

fn sigmoid(x: f32) -> f32 {
    1.0 / (1.0 + (-x).exp())
}

fn load(path: &str, blend: f32) -> Vec<Sample> {
    let eval = ChessEval::new().without_network();
    let file = std::fs::File::open(path).expect("the data file");
    let mut out = Vec::new();
    let mut list = MoveList::new();
    for line in std::io::BufReader::new(file).lines() {
        let line = line.expect("a line");
        let mut fields = line.split(';');
        let (Some(fen), Some(result), Some(score)) = (fields.next(), fields.next(), fields.next())
        else {
            continue;
        };
        let (Ok(pos), Ok(result), Ok(score)) = (
            Position::from_fen(fen),
            result.parse::<f32>(),
            score.parse::<f32>(),
        ) else {
            continue;
        };
        if !eval.is_quiet(&pos, &mut list) {
            continue;
        }
        let mut features = [0u16; 32];
        let mut n = 0;
        for sq in 0..64u8 {
            if let Some((side, role)) = pos.piece_at(tegoma_rules::kit::Square::from_index(sq)) {
                if n < 32 {
                    features[n] = feature(side == Side::First, role, usize::from(sq));
                    n += 1;
                }
            }
        }
        let second = pos.side_to_move() == Side::Second;
        let (score, result) = if second {
            (-score, 1.0 - result)
        } else {
            (score, result)
        };
        let target = blend * sigmoid(score.clamp(-3000.0, 3000.0) / SCALE) + (1.0 - blend) * result;
        out.push(Sample {
            features,
            n: n as u8,
            stm_second: second,
            target,
            hce: eval.hand_written(&pos) as f32,
        });
    }
    out
}

/// The parameters (or their gradients, or Adam's moments), in floats.
#[derive(Clone)]
struct Params {
    w1: Vec<f32>,
    b1: Vec<f32>,
    w2: Vec<f32>,
    b2: Vec<f32>,
}

impl Params {
    fn zero() -> Params {
        Params {
            w1: vec![0.0; INPUTS * HIDDEN],
            b1: vec![0.0; HIDDEN],
            w2: vec![0.0; BUCKETS * 2 * HIDDEN],
            b2: vec![0.0; BUCKETS],
        }
    }

    fn init(seed: u64) -> Params {
        let mut s = seed;
        let mut rand = move || {
            s ^= s << 13;
            s ^= s >> 7;
            s ^= s << 17;
            (s >> 11) as f32 / (1u64 << 53) as f32 * 2.0 - 1.0
        };
        let mut p = Params::zero();
        for w in &mut p.w1 {
            *w = rand() * 0.1;
        }
        for b in &mut p.b1 {
            *b = 0.2 + rand() * 0.05;
        }
        for w in &mut p.w2 {
            *w = rand() * 0.2;
        }
        p
    }

    fn add(&mut self, o: &Params) {
        for (a, b) in self.w1.iter_mut().zip(&o.w1) {
            *a += b;
        }
        for (a, b) in self.b1.iter_mut().zip(&o.b1) {
            *a += b;
        }
        for (a, b) in self.w2.iter_mut().zip(&o.w2) {
            *a += b;
        }
        for (a, b) in self.b2.iter_mut().zip(&o.b2) {
            *a += b;
        }
    }

    fn clear(&mut self) {
        self.w1.fill(0.0);
        self.b1.fill(0.0);
        self.w2.fill(0.0);
        self.b2.fill(0.0);
    }
}

/// A piece's row in each view's weights, the side to move's view first.
fn views(s: &Sample, f: u16) -> [(usize, usize); 2] {
    let (mine, theirs) = if s.stm_second {
        (flip(f), f)
    } else {
        (f, flip(f))
    };
    [(0, usize::from(mine)), (1, usize::from(theirs))]
}

/// The hidden layer before clipping, for both views (the side to move's first).
fn accumulate(p: &Params, s: &Sample, acc: &mut [[f32; HIDDEN]; 2]) {
    acc[0].copy_from_slice(&p.b1);
    acc[1].copy_from_slice(&p.b1);
    for &f in &s.features[..usize::from(s.n)] {
        for (view, f) in views(s, f) {
            let row = &p.w1[f * HIDDEN..][..HIDDEN];
            for (a, w) in acc[view].iter_mut().zip(row) {
                *a += w;
            }
        }
    }
}

fn residual() -> bool {
    std::env::var("NET_RESIDUAL").map_or(true, |v| v != "0")
}

/// `s`'s output layer ([`Network::bucket`] of its number of pieces).
fn bucket(s: &Sample) -> usize {
    Network::bucket(u32::from(s.n))
}

/// Where the weights of `s`'s output layer start (the side to move's view, then the other's).
fn out_weights(s: &Sample) -> usize {
    bucket(s) * 2 * HIDDEN
}

fn output(p: &Params, s: &Sample, acc: &[[f32; HIDDEN]; 2]) -> f32 {
    let mut o = p.b2[bucket(s)];
    let w2 = &p.w2[out_weights(s)..][..2 * HIDDEN];
    for (view, w2) in acc.iter().zip(w2.chunks(HIDDEN)) {
        for (a, w) in view.iter().zip(w2) {
            o += a.clamp(0.0, 1.0) * w;
        }
    }
    o
}

/// Adds the gradient of the squared error on `samples` to `g`; returns the summed error.
fn gradient(p: &Params, samples: &[&Sample], g: &mut Params) -> f64 {
    let res = residual();
    let mut acc = [[0.0f32; HIDDEN]; 2];
    let mut err = 0.0;
    for s in samples {
        accumulate(p, s, &mut acc);
        let o = output(p, s, &acc) + if res { s.hce / SCALE } else { 0.0 };
        let y = sigmoid(o);
        let d = y - s.target;
        err += f64::from(d * d);
        let go = 2.0 * d * y * (1.0 - y);
        g.b2[bucket(s)] += go;
        let ow = out_weights(s);
        let mut gacc = [[0.0f32; HIDDEN]; 2];
        for view in 0..2 {
            for j in 0..HIDDEN {
                let a = acc[view][j];
                let w = p.w2[ow + view * HIDDEN + j];
                g.w2[ow + view * HIDDEN + j] += go * a.clamp(0.0, 1.0);
                gacc[view][j] = if a > 0.0 && a < 1.0 { go * w } else { 0.0 };
            }
            for (b, x) in g.b1.iter_mut().zip(&gacc[view]) {
                *b += x;
            }
        }
        for &f in &s.features[..usize::from(s.n)] {
            for (view, f) in views(s, f) {
                let row = &mut g.w1[f * HIDDEN..][..HIDDEN];
                for (r, x) in row.iter_mut().zip(&gacc[view]) {
                    *r += x;
                }
            }
        }
    }
    err
}

/// The mean squared error on `samples` of the network (with the hand-written evaluation
/// added, unless `NET_RESIDUAL=0`).
fn error(p: &Params, samples: &[Sample]) -> f64 {
    let res = residual();
    let mut acc = [[0.0f32; HIDDEN]; 2];
    let mut sum = 0.0;
    for s in samples {
        accumulate(p, s, &mut acc);
        let o = output(p, s, &acc) + if res { s.hce / SCALE } else { 0.0 };
        let d = sigmoid(o) - s.target;
        sum += f64::from(d * d);
    }
    sum / samples.len() as f64
}

struct Adam {
    m: Params,
    v: Params,
    t: i32,
}

/// One Adam step; `k` is the learning rate and both moments' bias corrections.
fn adam_step(p: &mut [f32], g: &[f32], m: &mut [f32], v: &mut [f32], k: [f32; 3]) {
    let [lr, bc1, bc2] = k;
    for i in 0..p.len() {
        m[i] = 0.9 * m[i] + 0.1 * g[i];
        v[i] = 0.999 * v[i] + 0.001 * g[i] * g[i];
        p[i] -= lr * (m[i] / bc1) / ((v[i] / bc2).sqrt() + 1e-8);
    }
}

impl Adam {
    fn step(&mut self, p: &mut Params, g: &Params, lr: f32) {
        self.t += 1;
        let bc1 = 1.0 - 0.9f32.powi(self.t);
        let bc2 = 1.0 - 0.999f32.powi(self.t);
        let k = [lr, bc1, bc2];
        adam_step(&mut p.w1, &g.w1, &mut self.m.w1, &mut self.v.w1, k);
        adam_step(&mut p.b1, &g.b1, &mut self.m.b1, &mut self.v.b1, k);
        adam_step(&mut p.w2, &g.w2, &mut self.m.w2, &mut self.v.w2, k);
        adam_step(&mut p.b2, &g.b2, &mut self.m.b2, &mut self.v.b2, k);
        // The quantised hidden sums must stay within i16, the output weights within i8.
        for w in p.w1.iter_mut().chain(p.w2.iter_mut()) {
            *w = w.clamp(-1.98, 1.98);
        }
    }
}

fn write(p: &Params, path: &str) {
    let mut out = Vec::new();
    let q = |x: f32, s: f32| (x * s).round() as i16;
    for &w in &p.w1 {
        out.extend_from_slice(&q(w, 255.0).to_le_bytes());
    }
    for &b in &p.b1 {
        out.extend_from_slice(&q(b, 255.0).to_le_bytes());
    }
    for &w in &p.w2 {
        out.extend_from_slice(&q(w, 64.0).to_le_bytes());
    }
    for &b in &p.b2 {
        out.extend_from_slice(&((b * 255.0 * 64.0).round() as i32).to_le_bytes());
    }
    std::fs::File::create(path)
        .and_then(|mut f| f.write_all(&out))
        .expect("the output file");
}

fn train(paths: &str, epochs: usize, out: &str, valid: Option<&str>) {
    let blend: f32 = std::env::var("NET_BLEND")
        .ok()
        .and_then(|s| s.parse().ok())
        .unwrap_or(0.9);
    let mut files: Vec<&str> = paths.split(',').collect();
    let valid_path = valid.unwrap_or_else(|| files.pop().expect("a data file"));
    let loaded: Vec<Vec<Sample>> = std::thread::scope(|sc| {
        let chunks: Vec<Vec<&str>> = (0..2)
            .map(|t| files.iter().skip(t).step_by(2).copied().collect())
            .collect();
        let handles: Vec<_> = chunks
            .into_iter()
            .map(|c| sc.spawn(move || c.into_iter().flat_map(|f| load(f, blend)).collect()))
            .collect();
        handles.into_iter().map(|h| h.join().unwrap()).collect()
    });
    let mut train: Vec<Sample> = loaded.into_iter().flatten().collect();
    if std::env::var("NET_MIRROR").map_or(true, |v| v != "0") {
        // Chess is the same game with the files mirrored (castling aside, which the network
        // does not see): every position twice.
        let mirrored: Vec<Sample> = train
            .iter()
            .map(|s| Sample {
                features: s.features.map(|f| f ^ 7),
                ..*s
            })
            .collect();
        train.extend(mirrored);
    }
    let valid = load(valid_path, blend);
    let hce_err: f64 = valid
        .iter()
        .map(|s| {
            let d = sigmoid(s.hce / SCALE) - s.target;
            f64::from(d * d)
        })
        .sum::<f64>()
        / valid.len() as f64;
    eprintln!(
        "{} training positions, {} held out; hand-written evaluation's held-out error {hce_err:.6} \
         (blend {blend})",
        train.len(),
        valid.len()
    );
    let mut p = Params::init(1);
    let mut adam = Adam {
        m: Params::zero(),
        v: Params::zero(),
        t: 0,
    };
    let mut order: Vec<usize> = (0..train.len()).collect();
    let mut seed = 0x1234_5678_9abc_def1u64;
    let mut grads = [Params::zero(), Params::zero()];
    let batch = 16_384;
    for epoch in 0..epochs {
        for i in (1..order.len()).rev() {
            seed ^= seed << 13;
            seed ^= seed >> 7;
            seed ^= seed << 17;
            order.swap(i, (seed % (i as u64 + 1)) as usize);
        }
        let lr = if epoch >= epochs * 4 / 5 { 1e-4 } else { 1e-3 };
        let mut sum = 0.0;
        for chunk in order.chunks(batch) {
            let samples: Vec<&Sample> = chunk.iter().map(|&i| &train[i]).collect();
            let half = samples.len() / 2;
            let (a, b) = samples.split_at(half);
            let [ga, gb] = &mut grads;
            ga.clear();
            gb.clear();
            let pr = &p;
            let (ea, eb) = std::thread::scope(|sc| {
                let h = sc.spawn(|| gradient(pr, a, ga));
                let eb = gradient(pr, b, gb);
                (h.join().unwrap(), eb)
            });
            sum += ea + eb;
            let [ga, gb] = &mut grads;
            ga.add(gb);
            let n = samples.len() as f32;
            for w in ga
                .w1
                .iter_mut()
                .chain(&mut ga.b1)
                .chain(&mut ga.w2)
                .chain(&mut ga.b2)
            {
                *w /= n;
            }
            adam.step(&mut p, ga, lr);
        }
        let held = error(&p, &valid);
        eprintln!(
            "epoch {}: training error {:.6}, held-out {held:.6}",
            epoch + 1,
            sum / train.len() as f64,
        );
        write(&p, out);
    }
}

fn main() {
    let args: Vec<String> = std::env::args().collect();
    match args.get(1).map(String::as_str) {
        Some("train") if args.len() >= 5 => train(
            &args[2],
            args[3].parse().expect("EPOCHS"),
            &args[4],
            args.get(5).map(String::as_str),
        ),
        _ => eprintln!("usage: net train DATA[,DATA...] EPOCHS OUT [VALID]"),
    }
}
