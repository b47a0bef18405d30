//! Heap bytes of a resident match (issue 47): a game defined by files shares its compiled
//! tables (built once per process), so a Kogoma match costs what a chess match costs, within 2x.
//!
//! A counting global allocator (this test binary's own) measures the live heap bytes of `N`
//! matches of each game after the same plies (seeded random moves, the same in every match of a
//! game). Before the engine's tables were shared, a Kogoma match cost about 410 kB, a chess match
//! about 1.2 kB.
//!
//! One test function only: the counter sees every thread of the binary.

use std::alloc::{GlobalAlloc, Layout, System};
use std::sync::atomic::{AtomicIsize, Ordering};

use tegoma_game::{AnyMatch, MoveFormat, Rules};

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

/// Matches per game and measurement.
const N: usize = 20;

/// A match of `rules` after `plies` plies of seeded random moves (fewer if it ends first).
fn played(rules: &Rules, plies: usize) -> AnyMatch {
    let mut rng = 0x9e37_79b9_7f4a_7c15_u64;
    let mut m = AnyMatch::new(rules.clone());
    for _ in 0..plies {
        if m.outcome().is_some() {
            break;
        }
        let mut moves = m.legal_moves_as(MoveFormat::Pmn).unwrap();
        moves.sort();
        rng ^= rng << 13;
        rng ^= rng >> 7;
        rng ^= rng << 17;
        let mv = &moves[(rng % moves.len() as u64) as usize];
        m.play(mv, Some(10)).unwrap();
    }
    m
}

/// Live heap bytes per match of `N` matches of `rules` after `plies` plies, and the plies
/// played.
fn bytes_per_match(rules: &Rules, plies: usize) -> (usize, usize) {
    drop(played(rules, plies));
    let before = LIVE.load(Ordering::Relaxed);
    let matches: Vec<AnyMatch> = (0..N).map(|_| played(rules, plies)).collect();
    let bytes = LIVE.load(Ordering::Relaxed) - before;
    let count = matches[0].ply_count();
    assert!(matches.iter().all(|m| m.ply_count() == count));
    drop(matches);
    (usize::try_from(bytes).unwrap() / N, count)
}

/// The start position, where a match is only its own state: within 2x. (When each match
/// copied the engine, a Kogoma match cost about 410 kB here.)
///
/// After plies, each ply adds its record: `Ply<GgnMove>` is 72 bytes where `Ply<chess::Move>` is
/// 24 (public types), plus Kogoma's sennichite fingerprints (two 8-byte entries per ply, which
/// chess does not keep). Measured on 2026-12-04: 2.17x after 10 plies, 2.85x after 80; the bound
/// there is 3x, so that a regression of the per-ply state (a position or a move list kept per
/// ply) fails.
#[test]
fn a_kogoma_match_costs_what_a_chess_match_costs() {
    let chess = Rules::by_name("chess").unwrap();
    let kogoma = Rules::by_name("kogoma").unwrap();
    for (plies, bound) in [(0, 2.0), (4, 2.0), (10, 3.0), (80, 3.0)] {
        let (c, cn) = bytes_per_match(&chess, plies);
        let (k, kn) = bytes_per_match(&kogoma, plies);
        let ratio = k as f64 / c as f64;
        eprintln!(
            "{plies} plies: chess {c} B ({cn} played), kogoma {k} B ({kn} played), {ratio:.2}x"
        );
        assert!(cn + 2 >= plies && kn + 2 >= plies, "the games ended early");
        assert!(
            ratio <= bound,
            "after {plies} plies a Kogoma match costs {k} B, a chess match {c} B: {ratio:.2}x, more than {bound}x"
        );
    }
}
