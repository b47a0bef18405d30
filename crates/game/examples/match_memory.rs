//! Heap bytes per resident match, for every game of the registry: builds `N` matches of each
//! game, plays the same plies in each (`PLIES` plies of seeded random moves, fewer if the game
//! ends first),
//! and prints the live heap bytes per match, counted by a global allocator. Also prints what a
//! server keeps per game beside the match (the current position, its FEEN and the legal moves
//! joined), reproduced here without the server crate.
//!
//! ```text
//! cargo run --release -p tegoma-game --example match_memory [N] [PLIES]
//! ```

use std::alloc::{GlobalAlloc, Layout, System};
use std::sync::atomic::{AtomicIsize, Ordering};

use tegoma_game::{registry, AnyMatch, MoveFormat, Rules};

/// The system allocator, counting the live heap bytes.
struct Counting;

static LIVE: AtomicIsize = AtomicIsize::new(0);

// SAFETY: every call is forwarded to the system allocator with the same arguments.
unsafe impl GlobalAlloc for Counting {
    unsafe fn alloc(&self, layout: Layout) -> *mut u8 {
        LIVE.fetch_add(layout.size() as isize, Ordering::Relaxed);
        // SAFETY: as the caller's contract.
        unsafe { System.alloc(layout) }
    }
    unsafe fn alloc_zeroed(&self, layout: Layout) -> *mut u8 {
        LIVE.fetch_add(layout.size() as isize, Ordering::Relaxed);
        // SAFETY: as the caller's contract.
        unsafe { System.alloc_zeroed(layout) }
    }
    unsafe fn dealloc(&self, ptr: *mut u8, layout: Layout) {
        LIVE.fetch_sub(layout.size() as isize, Ordering::Relaxed);
        // SAFETY: as the caller's contract.
        unsafe { System.dealloc(ptr, layout) }
    }
    unsafe fn realloc(&self, ptr: *mut u8, layout: Layout, new_size: usize) -> *mut u8 {
        LIVE.fetch_add(
            new_size as isize - layout.size() as isize,
            Ordering::Relaxed,
        );
        // SAFETY: as the caller's contract.
        unsafe { System.realloc(ptr, layout, new_size) }
    }
}

#[global_allocator]
static GLOBAL: Counting = Counting;

fn live() -> isize {
    LIVE.load(Ordering::Relaxed)
}

/// A match of `rules` after at most `plies` plies of seeded random moves (the same seed for
/// every match: every match of a game plays the same plies), stopping early if it ends.
fn played(rules: &Rules, plies: usize) -> AnyMatch {
    let mut rng = 0x9e37_79b9_7f4a_7c15_u64;
    let mut m = AnyMatch::new(rules.clone());
    for _ in 0..plies {
        if m.outcome().is_some() {
            break;
        }
        let mut moves = m.legal_moves_as(MoveFormat::Pmn).expect("PMN");
        moves.sort();
        // xorshift64
        rng ^= rng << 13;
        rng ^= rng >> 7;
        rng ^= rng << 17;
        let Some(mv) = moves.get((rng % moves.len().max(1) as u64) as usize) else {
            break;
        };
        m.play(mv, Some(10)).expect("a legal move");
    }
    m
}

/// What a server keeps per game beside the match: the position, its FEEN and the legal moves.
struct ServerSide {
    _position: tegoma_protocol::Position,
    _feen: String,
    _legal: String,
}

fn server_side(m: &AnyMatch) -> ServerSide {
    ServerSide {
        _position: m.position(),
        _feen: m.feen(),
        _legal: m.legal_moves_as(MoveFormat::Pmn).expect("PMN").join(" "),
    }
}

fn main() {
    let mut args = std::env::args().skip(1);
    let n: usize = args.next().and_then(|a| a.parse().ok()).unwrap_or(200);
    let plies: usize = args.next().and_then(|a| a.parse().ok()).unwrap_or(10);
    println!("{n} matches of each game, {plies} plies each (seeded random moves)");
    println!(
        "{:<8} {:>14} {:>16} {:>8}",
        "game", "bytes/match", "server extra", "plies"
    );
    for name in registry::names() {
        // The rule system first (a game defined by files is built once per process).
        let rules = Rules::by_name(name).expect("a known game");
        drop(played(&rules, plies));
        let before = live();
        let matches: Vec<AnyMatch> = (0..n).map(|_| played(&rules, plies)).collect();
        let per_match = (live() - before) as f64 / n as f64;
        let before = live();
        let extra: Vec<ServerSide> = matches.iter().map(server_side).collect();
        let per_extra = (live() - before) as f64 / n as f64;
        println!(
            "{name:<8} {per_match:>14.0} {per_extra:>16.0} {:>8}",
            matches[0].ply_count()
        );
        drop(extra);
        drop(matches);
    }
}
