//! Texel tuning of the chess evaluation on positions of the engine's own games.
//!
//! Two steps, each re-runnable (a fixed seed gives the same games, the same data, the same
//! weights):
//!
//! ```text
//! # 1. Self-play: GAMES games at NODES nodes a move from seeded random 8-ply openings; every
//! #    position as `FEN;RESULT;SCORE` (RESULT 1 first player won, 0.5 draw, 0 second player
//! #    won; SCORE the search's, centipawns for the first player, left out after a mate score).
//! cargo run --release -p tegoma-engine --example texel -- generate 400 1500 1 > /tmp/texel.txt
//! # 2. Tuning (gradient): the quiet positions (not in check, no capture that wins material by
//! #    exchange); the evaluation's derivative by each weight measured on every position (a
//! #    weight the evaluation does not use linearly, such as the squared attack units, keeps
//! #    its value), so that the evaluation is a linear model of the weights; the sigmoid's
//! #    scale K fitted; the target is the result, or with TEXEL_BLEND=A the result times 1 - A
//! #    plus sigmoid(K SCORE) times A; then Adam on the mean squared error between the target and
//! #    sigmoid(eval) plus LAMBDA times the squared distance (centipawns) of the weights from
//! #    the starting ones, for each LAMBDA given. One block of 1 000 positions (about ten
//! #    games) in ten is held out, and the weights of the epoch with the lowest held-out error
//! #    of the best LAMBDA are printed as Rust source for `crates/eval/src/chess/weights.rs`
//! #    (TEXEL_SCALARS_ONLY=1 keeps the piece-square and mobility tables as they are).
//! cargo run --release -p tegoma-engine --example texel -- gtune /tmp/a.txt,/tmp/b.txt 300 1e-8,1e-7
//! ```
//!
//! Measure the printed weights before keeping them (`tegoma match --nodes 20000 --games 200`
//! against the build with the old weights).
//!
//! Every run so far, with its data and its figures, is in `docs/measurements/engine.md`
//! (*The tuner's and the trainer's runs*).
use std::io::{BufRead, Write};

use tegoma_engine::eval::{ChessEval, Evaluator, CHESS_WEIGHT_COUNT, DEFAULT_CHESS_WEIGHTS};
use tegoma_engine::{Engine, Limits, Score, SearchRequest};
use tegoma_game::{AnyMatch, MoveFormat, Rules};
use tegoma_protocol::Side;
use tegoma_rules::chess::{MoveList, Position};
use tegoma_rules::systems::Chess;

/// A small seeded generator (SplitMix64).
struct Rng(u64);

impl Rng {
    fn next(&mut self) -> u64 {
        self.0 = self.0.wrapping_add(0x9e37_79b9_7f4a_7c15);
        let mut z = self.0;
        z = (z ^ (z >> 30)).wrapping_mul(0xbf58_476d_1ce4_e5b9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94d0_49bb_1331_11eb);
        z ^ (z >> 31)
    }
}

fn generate(games: usize, nodes: u64, seed: u64) {
    let mut engine = Engine::new(Rules::chess());
    let mut rng = Rng(seed);
    let out = std::io::stdout();
    let mut out = out.lock();
    for g in 0..games {
        // A random opening of 8 plies that does not end the game.
        let mut m = loop {
            let mut m = AnyMatch::new(Rules::chess());
            for _ in 0..8 {
                let moves = m.legal_moves_as(MoveFormat::Pmn).unwrap_or_default();
                if moves.is_empty() || m.outcome().is_some() {
                    break;
                }
                let pick = &moves[(rng.next() % moves.len() as u64) as usize];
                let _ = m.play(pick, None);
            }
            if m.outcome().is_none() {
                break m;
            }
        };
        engine.new_game();
        // Each position with its search score for the first player (centipawns; none for a
        // mate score).
        let mut fens = Vec::new();
        while m.outcome().is_none() && m.ply_count() < 300 {
            let request = SearchRequest::from_match(&m, Limits::nodes(nodes));
            let Ok(found) = engine.search(&request, &mut |_| {}) else {
                break;
            };
            let Some(best) = found.best else { break };
            let score = match found.info.score {
                Score::Centipawns(c) if m.side_to_move() == Side::First => Some(c),
                Score::Centipawns(c) => Some(-c),
                Score::Mate(_) => None,
            };
            if let Some(fen) = m.fen() {
                fens.push((fen, score));
            }
            if m.play(&best, None).is_err() {
                break;
            }
        }
        let result = match m.outcome().map(|o| o.winner()) {
            Some(Some(Side::First)) => "1",
            Some(Some(Side::Second)) => "0",
            _ => "0.5",
        };
        for (f, score) in fens {
            match score {
                Some(s) => writeln!(out, "{f};{result};{s}"),
                None => writeln!(out, "{f};{result}"),
            }
            .expect("standard output");
        }
        eprintln!("game {}/{games}: {result}", g + 1);
    }
}

/// A position for tuning: quiet, with its game's result for the first player and, in data
/// written since 2026-11-27, the search's score for the first player (centipawns).
struct Sample {
    pos: Position,
    result: f64,
    score: Option<f64>,
}

fn load(path: &str) -> Vec<Sample> {
    let eval = ChessEval::new();
    let file = std::fs::File::open(path).expect("the data file");
    let mut out = Vec::new();
    let mut list = MoveList::new();
    for line in std::io::BufReader::new(file).lines() {
        let line = line.expect("a line");
        let mut fields = line.split(';');
        let (Some(fen), Some(result)) = (fields.next(), fields.next()) else {
            continue;
        };
        let score = fields.next().and_then(|s| s.parse::<f64>().ok());
        let (Ok(pos), Ok(result)) = (Position::from_fen(fen), result.parse::<f64>()) else {
            continue;
        };
        if eval.is_quiet(&pos, &mut list) {
            out.push(Sample { pos, result, score });
        }
    }
    out
}

/// The evaluation for the first player.
fn white_eval(e: &ChessEval, pos: &Position) -> f64 {
    let v = f64::from(e.evaluate(&Chess, pos));
    if pos.side_to_move() == Side::First {
        v
    } else {
        -v
    }
}

fn sigmoid(k: f64, v: f64) -> f64 {
    1.0 / (1.0 + 10f64.powf(-k * v / 400.0))
}

/// A sample as the linear model sees it: the evaluation at the starting weights (for the
/// first player), the result, and the evaluation's derivative by each tuned weight.
struct Linear {
    base: f64,
    result: f64,
    score: Option<f64>,
    coefs: Vec<(u16, f32)>,
}

/// The step by which each weight is moved to measure its derivative (large, so that the
/// evaluation's integer rounding hardly shows).
const DELTA: i32 = 64;

/// The derivative of every sample's evaluation by weight `i`, from `w0 + DELTA` and `w0 -
/// DELTA` (both, so that a weight the evaluation does not use linearly shows).
fn derivatives(samples: &[Sample], w0: [i32; CHESS_WEIGHT_COUNT], i: usize) -> Vec<(f64, f64)> {
    let (mut up, mut down) = (w0, w0);
    up[i] += DELTA;
    down[i] -= DELTA;
    let (up, down, base) = (
        ChessEval::with_weights(up),
        ChessEval::with_weights(down),
        ChessEval::with_weights(w0),
    );
    samples
        .iter()
        .map(|s| {
            let b = white_eval(&base, &s.pos);
            let d = f64::from(DELTA);
            (
                (white_eval(&up, &s.pos) - b) / d,
                (b - white_eval(&down, &s.pos)) / d,
            )
        })
        .collect()
}

/// The linear model of every sample around `w0`, and which weights it tunes: a weight whose
/// derivative differs upwards and downwards (by more than rounding) is not linear and keeps
/// its value. Runs on every core.
fn linearise(samples: &[Sample], w0: [i32; CHESS_WEIGHT_COUNT]) -> (Vec<Linear>, Vec<bool>) {
    let probe = &samples[..samples.len().min(5000)];
    let tuned: Vec<bool> = (0..CHESS_WEIGHT_COUNT)
        .map(|i| {
            derivatives(probe, w0, i)
                .iter()
                .all(|(u, d)| (u - d).abs() < 0.05)
        })
        .collect();
    // TEXEL_SCALARS_ONLY=1: the piece-square and mobility tables keep their values.
    let scalars_only = std::env::var_os("TEXEL_SCALARS_ONLY").is_some();
    let tables = CHESS_WEIGHT_COUNT - 6 * 2 * 32 - 2 * 66;
    let tuned: Vec<bool> = tuned
        .into_iter()
        .enumerate()
        .map(|(i, t)| t && !(scalars_only && i >= tables))
        .collect();
    let frozen: Vec<usize> = (0..CHESS_WEIGHT_COUNT).filter(|&i| !tuned[i]).collect();
    eprintln!("not linear, kept as they are: {frozen:?}");
    let threads = std::thread::available_parallelism().map_or(1, |n| n.get());
    let chunk = samples.len().div_ceil(threads).max(1);
    let linear = std::thread::scope(|scope| {
        let handles: Vec<_> = samples
            .chunks(chunk)
            .map(|part| {
                let tuned = &tuned;
                scope.spawn(move || {
                    let base = ChessEval::with_weights(w0);
                    let mut out: Vec<Linear> = part
                        .iter()
                        .map(|s| Linear {
                            base: white_eval(&base, &s.pos),
                            result: s.result,
                            score: s.score,
                            coefs: Vec::new(),
                        })
                        .collect();
                    for i in (0..CHESS_WEIGHT_COUNT).filter(|&i| tuned[i]) {
                        let mut up = w0;
                        up[i] += DELTA;
                        let up = ChessEval::with_weights(up);
                        for (l, s) in out.iter_mut().zip(part) {
                            let u = (white_eval(&up, &s.pos) - l.base) / f64::from(DELTA);
                            if u != 0.0 {
                                l.coefs.push((i as u16, u as f32));
                            }
                        }
                    }
                    out
                })
            })
            .collect();
        handles
            .into_iter()
            .flat_map(|h| h.join().expect("a worker"))
            .collect()
    });
    (linear, tuned)
}

/// The sigmoid's scale K fitted to the games' results, then each sample's target: its game's
/// result, or with `TEXEL_BLEND=A` (0 to 1) and a search score in the data, `1 - A` times the
/// result plus `A` times the score's expectation (`sigmoid(K score)`): the score of a search
/// some plies deep says much more about one position than the result of its whole game.
fn targets(mut linear: Vec<Linear>) -> (Vec<Linear>, f64) {
    let all: Vec<&Linear> = linear.iter().collect();
    let zero = vec![0.0; CHESS_WEIGHT_COUNT];
    let mut k = 1.0;
    for step in [0.1, 0.02, 0.005] {
        loop {
            let here = linear_error(&all, &zero, k);
            let better = [k - step, k + step]
                .into_iter()
                .find(|&c| c > 0.0 && linear_error(&all, &zero, c) < here);
            match better {
                Some(c) => k = c,
                None => break,
            }
        }
    }
    let blend: f64 = std::env::var("TEXEL_BLEND")
        .ok()
        .and_then(|a| a.parse().ok())
        .unwrap_or(0.0);
    let mut blended = 0;
    for l in &mut linear {
        if let Some(score) = l.score.filter(|_| blend > 0.0) {
            l.result = (1.0 - blend) * l.result + blend * sigmoid(k, score.clamp(-3000.0, 3000.0));
            blended += 1;
        }
    }
    eprintln!(
        "K = {k:.3} (fitted to the results); {blended} of {} targets blend a search score ({blend})",
        linear.len()
    );
    (linear, k)
}

/// The model's mean squared error on `set` with the weights moved by `d`.
fn linear_error(set: &[&Linear], d: &[f64], k: f64) -> f64 {
    let sum: f64 = set
        .iter()
        .map(|l| {
            let v = l.base
                + l.coefs
                    .iter()
                    .map(|&(i, c)| f64::from(c) * d[usize::from(i)])
                    .sum::<f64>();
            let e = l.result - sigmoid(k, v);
            e * e
        })
        .sum();
    sum / set.len().max(1) as f64
}

/// The gradient of the summed squared error over `set` by each weight's move `d`, computed
/// on every core.
fn gradient(set: &[&Linear], d: &[f64], k: f64) -> Vec<f64> {
    let scale = k * std::f64::consts::LN_10 / 400.0;
    let threads = std::thread::available_parallelism().map_or(1, |n| n.get());
    let chunk = set.len().div_ceil(threads).max(1);
    std::thread::scope(|scope| {
        let parts: Vec<_> = set
            .chunks(chunk)
            .map(|part| {
                scope.spawn(move || {
                    let mut grad = vec![0.0; CHESS_WEIGHT_COUNT];
                    for l in part {
                        let x = l.base
                            + l.coefs
                                .iter()
                                .map(|&(i, c)| f64::from(c) * d[usize::from(i)])
                                .sum::<f64>();
                        let p = sigmoid(k, x);
                        let g = -2.0 * (l.result - p) * p * (1.0 - p) * scale;
                        for &(i, c) in &l.coefs {
                            grad[usize::from(i)] += g * f64::from(c);
                        }
                    }
                    grad
                })
            })
            .collect();
        let mut total = vec![0.0; CHESS_WEIGHT_COUNT];
        for part in parts {
            for (t, g) in total.iter_mut().zip(part.join().expect("a worker")) {
                *t += g;
            }
        }
        total
    })
}

/// Adam on the linear model from the starting weights: the held-out error, the weights'
/// moves and the epoch of the lowest held-out error (checked every 25 epochs).
fn adam(
    train: &[&Linear],
    held: &[&Linear],
    tuned: &[bool],
    k: f64,
    epochs: usize,
    lambda: f64,
    rate: f64,
) -> (f64, Vec<f64>, usize) {
    let zero = vec![0.0; CHESS_WEIGHT_COUNT];
    let (mut d, mut m, mut v) = (zero.clone(), zero.clone(), zero.clone());
    let (b1, b2) = (0.9f64, 0.999f64);
    let mut best = (f64::INFINITY, d.clone(), 0);
    for epoch in 1..=epochs {
        let grad = gradient(train, &d, k);
        let n = train.len() as f64;
        for i in (0..CHESS_WEIGHT_COUNT).filter(|&i| tuned[i]) {
            let g = grad[i] / n + 2.0 * lambda * d[i];
            m[i] = b1 * m[i] + (1.0 - b1) * g;
            v[i] = b2 * v[i] + (1.0 - b2) * g * g;
            let mh = m[i] / (1.0 - b1.powi(epoch as i32));
            let vh = v[i] / (1.0 - b2.powi(epoch as i32));
            d[i] -= rate * mh / (vh.sqrt() + 1e-12);
        }
        if epoch % 25 == 0 || epoch == epochs {
            let h = linear_error(held, &d, k);
            if h < best.0 {
                best = (h, d.clone(), epoch);
            }
            if epoch % 100 == 0 || epoch == epochs {
                eprintln!(
                    "epoch {epoch}: train {:.6}, held out {h:.6}",
                    linear_error(train, &d, k)
                );
            }
        }
    }
    best
}

/// Gradient tuning (Adam) of every linear weight at once on the linear model of the data,
/// with one block of 1,000 samples (about ten games) in ten held out to watch for
/// over-fitting; the weights of the epoch with
/// the lowest held-out error are printed as Rust source for `crates/eval/src/chess/weights.rs`.
fn gtune(paths: &str, epochs: usize, lambdas: &str, rate: f64) {
    let mut samples = Vec::new();
    for path in paths.split(',') {
        samples.extend(load(path));
    }
    eprintln!("{} quiet positions", samples.len());
    let w0 = DEFAULT_CHESS_WEIGHTS;
    let (linear, tuned) = linearise(&samples, w0);
    drop(samples);
    let (linear, k) = targets(linear);
    let (mut train, mut held) = (Vec::new(), Vec::new());
    for (n, l) in linear.iter().enumerate() {
        if (n / 1000) % 10 == 0 {
            held.push(l)
        } else {
            train.push(l)
        }
    }
    let zero = vec![0.0; CHESS_WEIGHT_COUNT];
    eprintln!(
        "K = {k:.3}; error at the start: train {:.6}, held out {:.6}",
        linear_error(&train, &zero, k),
        linear_error(&held, &zero, k)
    );
    let mut best: Option<(f64, Vec<f64>, usize, f64)> = None;
    for lambda in lambdas.split(',') {
        let lambda: f64 = lambda.parse().expect("LAMBDA");
        let (h, d, epoch) = adam(&train, &held, &tuned, k, epochs, lambda, rate);
        eprintln!("lambda {lambda:e}: best held-out error {h:.6} at epoch {epoch}");
        if best.as_ref().is_none_or(|b| h < b.0) {
            best = Some((h, d, epoch, lambda));
        }
    }
    let best = best.expect("a lambda");
    eprintln!("chosen: lambda {:e}, held-out error {:.6}", best.3, best.0);
    let w: Vec<i32> = (0..CHESS_WEIGHT_COUNT)
        .map(|i| w0[i] + best.1[i].round() as i32)
        .collect();
    let scalars = CHESS_WEIGHT_COUNT - 6 * 2 * 32 - 2 * 66;
    println!(
        "const SCALAR_WEIGHTS: [i32; w::SCALARS] = {:?};",
        &w[..scalars]
    );
    println!("const PIECE_SQUARE: [i32; w::MOBILITY_TABLE - w::PST] = [");
    for (t, table) in w[scalars..scalars + 384].chunks(32).enumerate() {
        println!(
            "    // {} {}",
            ["pawn", "knight", "bishop", "rook", "queen", "king"][t / 2],
            ["mg", "eg"][t % 2]
        );
        for row in table.chunks(4) {
            println!(
                "    {},",
                row.iter()
                    .map(|x| format!("{x:4}"))
                    .collect::<Vec<_>>()
                    .join(",")
            );
        }
    }
    println!("];");
    println!("const MOBILITY: [i32; w::COUNT - w::MOBILITY_TABLE] = [");
    for (t, table) in w[scalars + 384..].chunks(66).enumerate() {
        println!("    // {}", ["mg", "eg"][t]);
        for (piece, (start, end)) in [(0, 9), (9, 23), (23, 38), (38, 66)]
            .into_iter()
            .enumerate()
        {
            let row: Vec<String> = table[start..end].iter().map(|x| format!("{x}")).collect();
            println!(
                "    {}, // {}",
                row.join(", "),
                ["knight", "bishop", "rook", "queen"][piece]
            );
        }
    }
    println!("];");
}

fn main() {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let arg = |i: usize, default: &str| args.get(i).cloned().unwrap_or_else(|| default.into());
    match args.first().map(String::as_str) {
        Some("generate") => generate(
            arg(1, "400").parse().expect("GAMES"),
            arg(2, "1500").parse().expect("NODES"),
            arg(3, "1").parse().expect("SEED"),
        ),
        Some("gtune") => gtune(
            &arg(1, "/tmp/texel.txt"),
            arg(2, "1000").parse().expect("EPOCHS"),
            &arg(3, "1e-7"),
            arg(4, "0.5").parse().expect("RATE"),
        ),
        _ => eprintln!(
            "usage: texel generate GAMES NODES SEED > DATA \
             | texel gtune DATA[,DATA...] EPOCHS [LAMBDA[,LAMBDA...]] [RATE]"
        ),
    }
}
