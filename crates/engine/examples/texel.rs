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
//! Chess against Ōgi (`ChessOgiWeights`, every field linear) the same way, the game named
//! first; self-play starts from each of the game's starts in turn (`Rules::starts()`: both
//! army orders), positions are written as FEEN, and the weights are printed as
//! `DEFAULT_CHESS_OGI_WEIGHTS` for `crates/eval/src/chess_ogi.rs`. The Chess King's value, a
//! constant (the armies' balance), is free of the regularisation; `TEXEL_K` fixes the
//! sigmoid's scale (the 2026-12-06 run, from the weights set by reasoning, now
//! `REASONED_CHESS_OGI_WEIGHTS`, in `docs/measurements/chess-ogi.md`):
//!
//! ```text
//! cargo run --release -p tegoma-engine --example texel -- chess-ogi generate 1500 4000 1 > /tmp/co-1.txt
//! TEXEL_K=0.84 cargo run --release -p tegoma-engine --example texel -- \
//!     chess-ogi gtune /tmp/co-1.txt,/tmp/co-2.txt 3000 1e-8,1e-7,1e-6 1
//! ```
//!
//! Measure the printed weights before keeping them (`tegoma match --nodes 20000 --games 200`
//! against the build with the old weights).
//!
//! Every run so far, with its data and its figures, is in `docs/measurements/engine.md`
//! (*The tuner's and the trainer's runs*).
use std::io::{BufRead, Write};

use tegoma_engine::eval::{
    ChessEval, ChessOgiEval, ChessOgiWeights, Evaluator, CHESS_WEIGHT_COUNT,
    DEFAULT_CHESS_OGI_WEIGHTS, DEFAULT_CHESS_WEIGHTS,
};
use tegoma_engine::{Engine, Limits, Score, SearchRequest};
use tegoma_game::{AnyMatch, MoveFormat, Rules};
use tegoma_protocol::Side;
use tegoma_rules::chess::{MoveList, Position, Role as ChessRole};
use tegoma_rules::chess_ogi;
use tegoma_rules::ogi::Role as OgiRole;
use tegoma_rules::systems::{Chess, ChessOgi};

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

/// Self-play of `rules`; game `g` starts from the game's start `g` modulo their number (a
/// game with one start, chess, from its initial position as before). Positions are written as
/// FEN where the game has one (chess), else as FEEN.
fn generate(rules: &Rules, games: usize, nodes: u64, seed: u64) {
    let mut engine = Engine::new(rules.clone());
    let starts = rules.starts();
    let mut rng = Rng(seed);
    let out = std::io::stdout();
    let mut out = out.lock();
    for g in 0..games {
        let new_match = || match starts.len() {
            0 | 1 => AnyMatch::new(rules.clone()),
            n => AnyMatch::from_feen(starts[g % n]).expect("a start of the game"),
        };
        // A random opening of 8 plies that does not end the game.
        let mut m = loop {
            let mut m = new_match();
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
            fens.push((m.fen().unwrap_or_else(|| m.feen()), score));
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

/// A game's evaluation as the tuner sees it: its weights as one array, and the evaluation for
/// the first player of a quiet position read from the data.
trait Model: Sync {
    /// A position of the game.
    type Pos: Sync;
    /// The evaluator at some weights.
    type Eval: Sync;
    /// The starting weights.
    fn start(&self) -> Vec<i32>;
    /// The evaluator with weights `w`.
    fn with(&self, w: &[i32]) -> Self::Eval;
    /// The evaluation of `pos` for the first player.
    fn white_eval(&self, e: &Self::Eval, pos: &Self::Pos) -> f64;
    /// The position of a record's first field, if it reads and is quiet.
    fn quiet(&self, text: &str) -> Option<Self::Pos>;
    /// Whether weight `i` is kept as it is by choice (not only for not being linear).
    fn kept(&self, _i: usize) -> bool {
        false
    }
    /// Whether weight `i` is free of the regularisation (a constant term, which would otherwise
    /// be spread over the weights of the pieces every position has).
    fn free(&self, _i: usize) -> bool {
        false
    }
    /// Prints the tuned weights as Rust source.
    fn print(&self, w: &[i32]);
}

/// Chess: [`ChessEval`]'s weights (`crates/eval/src/chess/weights.rs`).
struct ChessModel;

impl Model for ChessModel {
    type Pos = Position;
    type Eval = ChessEval;
    fn start(&self) -> Vec<i32> {
        DEFAULT_CHESS_WEIGHTS.to_vec()
    }
    fn with(&self, w: &[i32]) -> ChessEval {
        ChessEval::with_weights(w.try_into().expect("the chess weights"))
    }
    fn white_eval(&self, e: &ChessEval, pos: &Position) -> f64 {
        let v = f64::from(e.evaluate(&Chess, pos));
        if pos.side_to_move() == Side::First {
            v
        } else {
            -v
        }
    }
    fn quiet(&self, fen: &str) -> Option<Position> {
        let pos = Position::from_fen(fen).ok()?;
        ChessEval::new()
            .is_quiet(&pos, &mut MoveList::new())
            .then_some(pos)
    }
    /// TEXEL_SCALARS_ONLY=1: the piece-square and mobility tables keep their values.
    fn kept(&self, i: usize) -> bool {
        let tables = CHESS_WEIGHT_COUNT - 6 * 2 * 32 - 2 * 66;
        std::env::var_os("TEXEL_SCALARS_ONLY").is_some() && i >= tables
    }
    fn print(&self, w: &[i32]) {
        print_chess(w);
    }
}

/// Chess against Ōgi: [`ChessOgiWeights`] (`crates/eval/src/chess_ogi.rs`).
struct ChessOgiModel;

impl Model for ChessOgiModel {
    type Pos = chess_ogi::Position;
    type Eval = ChessOgiEval;
    fn start(&self) -> Vec<i32> {
        DEFAULT_CHESS_OGI_WEIGHTS.to_array().to_vec()
    }
    fn with(&self, w: &[i32]) -> ChessOgiEval {
        ChessOgiEval::with_weights(ChessOgiWeights::from_array(
            w.try_into().expect("the chess-ogi weights"),
        ))
    }
    fn white_eval(&self, e: &ChessOgiEval, pos: &chess_ogi::Position) -> f64 {
        let v = f64::from(e.evaluate(&ChessOgi, pos));
        if pos.side_to_move() == Side::First {
            v
        } else {
            -v
        }
    }
    /// The Ōgi King's value and the Ōgi hand's King (only the difference of the two Kings'
    /// values shows, a constant: the Chess King's carries it, the armies' balance) and the
    /// hand's pawns (undroppable, their number follows the chess pawns taken: the chess pawn's
    /// value carries it).
    fn kept(&self, i: usize) -> bool {
        // The array's order is the fields': chess (6), ogi (15), hand (8), ...
        let (ogi, hand) = (6, 6 + 15);
        [
            ogi + OgiRole::King.index(),
            hand + OgiRole::King.index(),
            hand + OgiRole::Pawn.index(),
        ]
        .contains(&i)
    }
    /// The Chess King's value: the armies' balance, a constant.
    fn free(&self, i: usize) -> bool {
        i == ChessRole::King.index()
    }
    fn quiet(&self, feen: &str) -> Option<chess_ogi::Position> {
        let pos = chess_ogi::Position::from_feen(feen).ok()?;
        ChessOgiEval::new().is_quiet(&pos).then_some(pos)
    }
    fn print(&self, w: &[i32]) {
        let w = ChessOgiWeights::from_array(w.try_into().expect("the chess-ogi weights"));
        println!("pub const DEFAULT_CHESS_OGI_WEIGHTS: ChessOgiWeights = {w:#?};");
    }
}

/// A position for tuning: quiet, with its game's result for the first player and, in data
/// written since 2026-11-27, the search's score for the first player (centipawns).
struct Sample<P> {
    pos: P,
    result: f64,
    score: Option<f64>,
}

/// The quiet positions of a data file (`POSITION;RESULT[;SCORE]` a line).
fn load<M: Model>(model: &M, path: &str) -> Vec<Sample<M::Pos>> {
    let file = std::fs::File::open(path).expect("the data file");
    let mut out = Vec::new();
    for line in std::io::BufReader::new(file).lines() {
        let line = line.expect("a line");
        let mut fields = line.split(';');
        let (Some(position), Some(result)) = (fields.next(), fields.next()) else {
            continue;
        };
        let score = fields.next().and_then(|s| s.parse::<f64>().ok());
        let Ok(result) = result.parse::<f64>() else {
            continue;
        };
        if let Some(pos) = model.quiet(position) {
            out.push(Sample { pos, result, score });
        }
    }
    out
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
fn derivatives<M: Model>(
    model: &M,
    samples: &[Sample<M::Pos>],
    w0: &[i32],
    i: usize,
) -> Vec<(f64, f64)> {
    let (mut up, mut down) = (w0.to_vec(), w0.to_vec());
    up[i] += DELTA;
    down[i] -= DELTA;
    let (up, down, base) = (model.with(&up), model.with(&down), model.with(w0));
    samples
        .iter()
        .map(|s| {
            let b = model.white_eval(&base, &s.pos);
            let d = f64::from(DELTA);
            (
                (model.white_eval(&up, &s.pos) - b) / d,
                (b - model.white_eval(&down, &s.pos)) / d,
            )
        })
        .collect()
}

/// The linear model of every sample around `w0`, and which weights it tunes: a weight whose
/// derivative differs upwards and downwards (by more than rounding) is not linear and keeps
/// its value, as does one the model keeps by choice. Runs on every core.
fn linearise<M: Model>(
    model: &M,
    samples: &[Sample<M::Pos>],
    w0: &[i32],
) -> (Vec<Linear>, Vec<bool>) {
    let count = w0.len();
    let probe = &samples[..samples.len().min(5000)];
    let tuned: Vec<bool> = (0..count)
        .map(|i| {
            !model.kept(i)
                && derivatives(model, probe, w0, i)
                    .iter()
                    .all(|(u, d)| (u - d).abs() < 0.05)
        })
        .collect();
    let frozen: Vec<usize> = (0..count).filter(|&i| !tuned[i]).collect();
    eprintln!("kept as they are (not linear, or by choice): {frozen:?}");
    let threads = std::thread::available_parallelism().map_or(1, |n| n.get());
    let chunk = samples.len().div_ceil(threads).max(1);
    let linear = std::thread::scope(|scope| {
        let handles: Vec<_> = samples
            .chunks(chunk)
            .map(|part| {
                let tuned = &tuned;
                scope.spawn(move || {
                    let base = model.with(w0);
                    let mut out: Vec<Linear> = part
                        .iter()
                        .map(|s| Linear {
                            base: model.white_eval(&base, &s.pos),
                            result: s.result,
                            score: s.score,
                            coefs: Vec::new(),
                        })
                        .collect();
                    for i in (0..count).filter(|&i| tuned[i]) {
                        let mut up = w0.to_vec();
                        up[i] += DELTA;
                        let up = model.with(&up);
                        for (l, s) in out.iter_mut().zip(part) {
                            let u = (model.white_eval(&up, &s.pos) - l.base) / f64::from(DELTA);
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

/// The sigmoid's scale K fitted to the games' results (or `TEXEL_K`: K and the weights' scale
/// trade against each other, so a K fitted to starting weights that misjudge the game sets a
/// scale of its own; a fixed K keeps the chess one), then each sample's target: its game's
/// result, or with `TEXEL_BLEND=A` (0 to 1) and a search score in the data, `1 - A` times the
/// result plus `A` times the score's expectation (`sigmoid(K score)`): the score of a search
/// some plies deep says much more about one position than the result of its whole game.
fn targets(mut linear: Vec<Linear>, count: usize) -> (Vec<Linear>, f64) {
    let all: Vec<&Linear> = linear.iter().collect();
    let zero = vec![0.0; count];
    let fixed: Option<f64> = std::env::var("TEXEL_K").ok().and_then(|k| k.parse().ok());
    let mut k = fixed.unwrap_or(1.0);
    for step in [0.1, 0.02, 0.005].into_iter().filter(|_| fixed.is_none()) {
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
        "K = {k:.3} ({}); {blended} of {} targets blend a search score ({blend})",
        if fixed.is_some() {
            "TEXEL_K"
        } else {
            "fitted to the results"
        },
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
                    let mut grad = vec![0.0; d.len()];
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
        let mut total = vec![0.0; d.len()];
        for part in parts {
            for (t, g) in total.iter_mut().zip(part.join().expect("a worker")) {
                *t += g;
            }
        }
        total
    })
}

/// Adam on the linear model from the starting weights, each weight with its own LAMBDA: the
/// held-out error, the weights' moves and the epoch of the lowest held-out error (checked every
/// 25 epochs).
fn adam(
    train: &[&Linear],
    held: &[&Linear],
    tuned: &[bool],
    k: f64,
    epochs: usize,
    lambdas: &[f64],
    rate: f64,
) -> (f64, Vec<f64>, usize) {
    let zero = vec![0.0; tuned.len()];
    let (mut d, mut m, mut v) = (zero.clone(), zero.clone(), zero.clone());
    let (b1, b2) = (0.9f64, 0.999f64);
    let mut best = (f64::INFINITY, d.clone(), 0);
    for epoch in 1..=epochs {
        let grad = gradient(train, &d, k);
        let n = train.len() as f64;
        for i in (0..tuned.len()).filter(|&i| tuned[i]) {
            let g = grad[i] / n + 2.0 * lambdas[i] * d[i];
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
/// over-fitting; the weights of the epoch with the lowest held-out error are printed as Rust
/// source for the model's game.
fn gtune<M: Model>(model: &M, paths: &str, epochs: usize, lambdas: &str, rate: f64) {
    let mut samples = Vec::new();
    for path in paths.split(',') {
        samples.extend(load(model, path));
    }
    eprintln!("{} quiet positions", samples.len());
    let w0 = model.start();
    let count = w0.len();
    let (linear, tuned) = linearise(model, &samples, &w0);
    let free: Vec<bool> = (0..count).map(|i| model.free(i)).collect();
    drop(samples);
    let (linear, k) = targets(linear, count);
    let (mut train, mut held) = (Vec::new(), Vec::new());
    for (n, l) in linear.iter().enumerate() {
        if (n / 1000) % 10 == 0 {
            held.push(l)
        } else {
            train.push(l)
        }
    }
    let zero = vec![0.0; count];
    eprintln!(
        "K = {k:.3}; error at the start: train {:.6}, held out {:.6}",
        linear_error(&train, &zero, k),
        linear_error(&held, &zero, k)
    );
    let mut best: Option<(f64, Vec<f64>, usize, f64)> = None;
    for lambda in lambdas.split(',') {
        let lambda: f64 = lambda.parse().expect("LAMBDA");
        // The weight's own LAMBDA: none for a free one.
        let per_weight: Vec<f64> = free.iter().map(|&f| if f { 0.0 } else { lambda }).collect();
        let (h, d, epoch) = adam(&train, &held, &tuned, k, epochs, &per_weight, rate);
        eprintln!("lambda {lambda:e}: best held-out error {h:.6} at epoch {epoch}");
        if best.as_ref().is_none_or(|b| h < b.0) {
            best = Some((h, d, epoch, lambda));
        }
    }
    let best = best.expect("a lambda");
    eprintln!("chosen: lambda {:e}, held-out error {:.6}", best.3, best.0);
    let w: Vec<i32> = (0..count)
        .map(|i| w0[i] + best.1[i].round() as i32)
        .collect();
    model.print(&w);
}

/// Prints chess weights as Rust source for `crates/eval/src/chess/weights.rs`.
fn print_chess(w: &[i32]) {
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
    // An optional game name first (chess by default).
    let (rules, args) = match args.first().and_then(|a| Rules::by_name(a).ok()) {
        Some(rules) => (rules, args[1..].to_vec()),
        None => (Rules::chess(), args),
    };
    let arg = |i: usize, default: &str| args.get(i).cloned().unwrap_or_else(|| default.into());
    let tune = |model: &dyn Fn(&str, usize, &str, f64)| {
        model(
            &arg(1, "/tmp/texel.txt"),
            arg(2, "1000").parse().expect("EPOCHS"),
            &arg(3, "1e-7"),
            arg(4, "0.5").parse().expect("RATE"),
        )
    };
    match args.first().map(String::as_str) {
        Some("generate") => generate(
            &rules,
            arg(1, "400").parse().expect("GAMES"),
            arg(2, "1500").parse().expect("NODES"),
            arg(3, "1").parse().expect("SEED"),
        ),
        Some("gtune") if rules.name() == "chess" => {
            tune(&|p, e, l, r| gtune(&ChessModel, p, e, l, r))
        }
        Some("gtune") if rules.name() == "chess-ogi" => {
            tune(&|p, e, l, r| gtune(&ChessOgiModel, p, e, l, r))
        }
        _ => eprintln!(
            "usage: texel [GAME] generate GAMES NODES SEED > DATA \
             | texel [GAME] gtune DATA[,DATA...] EPOCHS [LAMBDA[,LAMBDA...]] [RATE] \
             (GAME: chess, the default, or chess-ogi for gtune)"
        ),
    }
}
