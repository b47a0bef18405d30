//! PGN replay beside the fastest Rust PGN pipeline, in one run on the same 12,000 games.
//!
//! Both pipelines do the same work on every game of the corpus ([`common::corpus`]: the 1,000
//! python-chess oracle games and 11,000 seeded random games, all written by our PGN writer):
//! read the tags (a `FEN` tag gives the start), read every main-line SAN, check it is legal and
//! play it, then give the ending statuses and the final position as text.
//!
//! - `pgn_vs_peer/tegoma`: [`replay_pgn_stream`] (our PGN reader, then `Match<Chess>` with the
//!   R3 endings after every ply: checkmate, stalemate, insufficient material, threefold
//!   repetition, the 100-ply move limit), one [`GameReport`](tegoma_game::replay::GameReport)
//!   per game with the final FEEN.
//! - `pgn_vs_peer/pgn-reader_shakmaty`: a `pgn_reader::Visitor` (pgn-reader 0.29, the version
//!   built on shakmaty 0.30) that plays every SAN with `San::to_move` (legal moves only) and
//!   `play_unchecked`, stops at the first illegal move, and at the end computes checkmate,
//!   stalemate, insufficient material and the move limit (halfmove clock) and writes the final
//!   FEN. It tracks no repetition (the peer does less than the match does).
//!
//! Before timing, the two are compared game by game (plies played, first refused ply,
//! checkmate/stalemate/insufficient/move limit, final FEN): a difference stops the bench.
//! After criterion, the bench prints games/s of both from criterion's mean estimates and the
//! ratio, then the same from a few interleaved passes (best of each), which a busy machine
//! disturbs less.
//!
//! Run: `cargo bench -p tegoma-game --bench pgn_vs_peer`. `TEGOMA_PGN_BENCH_FILE=path` benches
//! another PGN file. pgn-reader and shakmaty (GPL) are dev-dependencies of this bench only.

use std::hint::black_box;
use std::ops::ControlFlow;
use std::time::{Duration, Instant};

use criterion::{Criterion, Throughput};
use pgn_reader::{RawTag, Reader, SanPlus, Visitor};
use shakmaty::fen::Fen;
use shakmaty::{CastlingMode, Chess, EnPassantMode, Position};
use tegoma_game::Match;
use tegoma_notation::cgsn::Status;
use tegoma_pgn::replay::replay_pgn_stream;
use tegoma_pgn::ChessMatch;
use tegoma_pgn::PgnReader;

mod common;

/// What the peer gives for one game.
#[derive(Debug, Clone, PartialEq, Eq)]
struct PeerReport {
    plies: usize,
    /// The first ply refused (1-based).
    bad_ply: Option<usize>,
    checkmate: bool,
    stalemate: bool,
    insufficient: bool,
    movelimit: bool,
    fen: String,
}

/// The peer's game state while reading the movetext.
struct PeerGame {
    pos: Chess,
    plies: usize,
    bad_ply: Option<usize>,
}

/// The pgn-reader visitor replaying every game with shakmaty.
struct Peer {
    mode: EnPassantMode,
}

impl Visitor for Peer {
    type Tags = Option<Chess>;
    type Movetext = PeerGame;
    type Output = Result<PeerReport, String>;

    fn begin_tags(&mut self) -> ControlFlow<Self::Output, Self::Tags> {
        ControlFlow::Continue(None)
    }

    fn tag(
        &mut self,
        tags: &mut Self::Tags,
        name: &[u8],
        value: RawTag<'_>,
    ) -> ControlFlow<Self::Output> {
        if name == b"FEN" {
            let pos = Fen::from_ascii(value.as_bytes())
                .map_err(|e| e.to_string())
                .and_then(|f| {
                    f.into_position(CastlingMode::Standard)
                        .map_err(|e| e.to_string())
                });
            match pos {
                Ok(p) => *tags = Some(p),
                Err(e) => return ControlFlow::Break(Err(e)),
            }
        }
        ControlFlow::Continue(())
    }

    fn begin_movetext(&mut self, tags: Self::Tags) -> ControlFlow<Self::Output, Self::Movetext> {
        ControlFlow::Continue(PeerGame {
            pos: tags.unwrap_or_default(),
            plies: 0,
            bad_ply: None,
        })
    }

    fn san(&mut self, game: &mut Self::Movetext, san_plus: SanPlus) -> ControlFlow<Self::Output> {
        if game.bad_ply.is_none() {
            match san_plus.san.to_move(&game.pos) {
                Ok(m) => {
                    game.pos.play_unchecked(m);
                    game.plies += 1;
                }
                Err(_) => game.bad_ply = Some(game.plies + 1),
            }
        }
        ControlFlow::Continue(())
    }

    fn end_game(&mut self, game: Self::Movetext) -> Self::Output {
        let pos = &game.pos;
        Ok(PeerReport {
            plies: game.plies,
            bad_ply: game.bad_ply,
            checkmate: pos.is_checkmate(),
            stalemate: pos.is_stalemate(),
            insufficient: pos.is_insufficient_material(),
            movelimit: pos.halfmoves() >= 100,
            fen: Fen::from_position(pos, self.mode).to_string(),
        })
    }
}

/// The peer over the whole input: games read, plies played.
fn peer_pass(bytes: &[u8]) -> (usize, usize) {
    let mut reader = Reader::new(bytes);
    let mut peer = Peer {
        mode: EnPassantMode::Legal,
    };
    let (mut games, mut plies) = (0, 0);
    while let Some(r) = reader.read_game(&mut peer).expect("in memory") {
        let r = black_box(r).expect("the peer reads every game");
        games += 1;
        plies += r.plies;
    }
    (games, plies)
}

/// Ours over the whole input: games read, plies played.
fn tegoma_pass(bytes: &[u8]) -> (usize, usize) {
    let (mut games, mut plies) = (0, 0);
    replay_pgn_stream(bytes, |r| {
        let r = black_box(r);
        games += 1;
        plies += r.plies;
    });
    (games, plies)
}

/// A FEN without its en passant field (ours writes the square after every double step,
/// the peer's only when a capture is legal).
fn fen_without_ep(fen: &str) -> String {
    let f: Vec<&str> = fen.split(' ').collect();
    format!("{} {} {} {} {}", f[0], f[1], f[2], f[4], f[5])
}

/// Compares the two pipelines game by game; returns (games, plies).
fn cross_check(bytes: &[u8]) -> (usize, usize) {
    let mut reader = Reader::new(bytes);
    let mut peer = Peer {
        mode: EnPassantMode::Always,
    };
    let mut plies = 0;
    let mut games = 0;
    for (i, game) in PgnReader::new(bytes).enumerate() {
        let game = game.unwrap_or_else(|e| panic!("game {i}: {e}"));
        let theirs = reader
            .read_game(&mut peer)
            .expect("in memory")
            .unwrap_or_else(|| panic!("game {i}: the peer read fewer games"))
            .unwrap_or_else(|e| panic!("game {i}: the peer refused the set-up: {e}"));
        let mut m = Match::from_pgn_setup(&game).expect("set-up");
        let bad = m
            .play_san_line(&game.moves)
            .err()
            .map(|_| m.plies().len() + 1);
        let st = m.outcome().map(|o| o.statuses).unwrap_or_default();
        let ours = PeerReport {
            plies: m.plies().len(),
            bad_ply: bad,
            checkmate: st.contains(Status::Checkmate),
            stalemate: st.contains(Status::Stalemate),
            insufficient: st.contains(Status::Insufficient),
            movelimit: st.contains(Status::Movelimit),
            fen: fen_without_ep(&m.position().to_fen()),
        };
        // R3's insufficient material is a short list (K-K, KB-K, KN-K, KB-KB same colour);
        // shakmaty's covers more dead positions (KBB-K with bishops on one colour).
        assert!(
            !ours.insufficient || theirs.insufficient,
            "game {i}: insufficient material for tegoma only"
        );
        let theirs = PeerReport {
            fen: fen_without_ep(&theirs.fen),
            insufficient: ours.insufficient,
            ..theirs
        };
        // The match stops at its first ending; the peer reads on (no corpus game goes on).
        assert_eq!(ours, theirs, "game {i}: tegoma (left) and the peer differ");
        plies += ours.plies;
        games += 1;
    }
    assert!(
        reader.read_game(&mut peer).expect("in memory").is_none(),
        "the peer read more games"
    );
    (games, plies)
}

fn criterion_mean_ns(id: &str) -> Option<f64> {
    let target = std::env::var_os("CARGO_TARGET_DIR")
        .map(std::path::PathBuf::from)
        .unwrap_or_else(|| {
            std::path::PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../../target")
        });
    let path = target
        .join("criterion")
        .join("pgn_vs_peer")
        .join(id)
        .join("new")
        .join("estimates.json");
    let text = std::fs::read_to_string(path).ok()?;
    let v: serde_json::Value = serde_json::from_str(&text).ok()?;
    v["mean"]["point_estimate"].as_f64()
}

fn print_rates(what: &str, games: usize, ours: f64, peer: f64) {
    let (a, b) = (games as f64 / ours, games as f64 / peer);
    println!(
        "{what}: tegoma {a:.0} games/s, pgn-reader+shakmaty {b:.0} games/s, ratio {:.2}x",
        a / b
    );
}

fn main() {
    let (path, bytes) = common::corpus();
    // Profiling: `PGN_VS_PEER_PROFILE=tegoma|peer|read` runs only that pipeline (or our reader),
    // ten passes (`PGN_VS_PEER_PASSES`); `ratio` only the interleaved passes.
    let which = std::env::var("PGN_VS_PEER_PROFILE").unwrap_or_default();
    if which == "ratio" {
        interleaved(&bytes, 7);
        return;
    }
    if !which.is_empty() {
        let passes = std::env::var("PGN_VS_PEER_PASSES")
            .ok()
            .and_then(|n| n.parse().ok())
            .unwrap_or(10);
        for _ in 0..passes {
            let t = Instant::now();
            black_box(match which.as_str() {
                "peer" => peer_pass(&bytes),
                "read" => (PgnReader::new(&bytes[..]).count(), 0),
                _ => tegoma_pass(&bytes),
            });
            eprintln!("{which} pass {:?}", t.elapsed());
        }
        return;
    }
    let (games, plies) = cross_check(&bytes);
    println!(
        "corpus {path}: {games} games, {plies} plies, {} bytes; both pipelines agree on every game",
        bytes.len()
    );
    assert_eq!(tegoma_pass(&bytes), (games, plies));
    assert_eq!(peer_pass(&bytes), (games, plies));

    let mut c = Criterion::default()
        .sample_size(20)
        .measurement_time(Duration::from_secs(10))
        .configure_from_args();
    {
        let mut group = c.benchmark_group("pgn_vs_peer");
        group.throughput(Throughput::Elements(games as u64));
        group.bench_function("tegoma", |b| b.iter(|| tegoma_pass(black_box(&bytes))));
        group.bench_function("pgn-reader_shakmaty", |b| {
            b.iter(|| peer_pass(black_box(&bytes)))
        });
        group.finish();
    }
    c.final_summary();

    if let (Some(ours), Some(peer)) = (
        criterion_mean_ns("tegoma"),
        criterion_mean_ns("pgn-reader_shakmaty"),
    ) {
        print_rates("criterion means", games, ours * 1e-9, peer * 1e-9);
    }
    interleaved(&bytes, 7);
}

/// On-CPU time of this thread in seconds (Linux `/proc/thread-self/schedstat`), which time
/// spent waiting for a core on a busy machine does not count; `None` elsewhere.
fn cpu_seconds() -> Option<f64> {
    let text = std::fs::read_to_string("/proc/thread-self/schedstat").ok()?;
    let ns: u64 = text.split_whitespace().next()?.parse().ok()?;
    Some(ns as f64 * 1e-9)
}

/// Interleaved passes of both pipelines, best of `rounds` each; prints the rates and ratio, by
/// wall-clock time and by on-CPU time.
fn interleaved(bytes: &[u8], rounds: usize) {
    let games = PgnReader::new(bytes).count();
    let (mut ours, mut peer) = (f64::INFINITY, f64::INFINITY);
    let (mut ours_cpu, mut peer_cpu) = (f64::INFINITY, f64::INFINITY);
    for _ in 0..rounds {
        let (t, c) = (Instant::now(), cpu_seconds());
        black_box(tegoma_pass(black_box(bytes)));
        ours = ours.min(t.elapsed().as_secs_f64());
        if let (Some(a), Some(b)) = (c, cpu_seconds()) {
            ours_cpu = ours_cpu.min(b - a);
        }
        let (t, c) = (Instant::now(), cpu_seconds());
        black_box(peer_pass(black_box(bytes)));
        peer = peer.min(t.elapsed().as_secs_f64());
        if let (Some(a), Some(b)) = (c, cpu_seconds()) {
            peer_cpu = peer_cpu.min(b - a);
        }
    }
    print_rates(
        &format!("interleaved, best of {rounds}, wall"),
        games,
        ours,
        peer,
    );
    if ours_cpu.is_finite() && peer_cpu.is_finite() {
        print_rates(
            &format!("interleaved, best of {rounds}, on-CPU"),
            games,
            ours_cpu,
            peer_cpu,
        );
    }
}
