//! Differential proof: the GGN engine, driven by the exported tables and the game descriptions
//! of `games/`, yields exactly the moves of the fast generators over positions from seeded
//! random play (compared as sorted lists of canonical PMN strings), and plays them to the same
//! positions (compared as FEEN).
//!
//! CI runs a few hundred positions per game. The full run (10,000 positions per game) is
//! ignored by default: `cargo test -p tegoma-rules --test ggn_differential -- --ignored`.

use tegoma_ggn::{export, Description, Engine, GgnMove};
use tegoma_protocol::Position;
use tegoma_rules::{chess, ogi};

fn engine(game: &str, description: &str) -> Engine {
    let d = Description::from_json(description).expect("description");
    Engine::new(&export(game).expect("table"), d).expect("engine")
}

fn chess_engine() -> Engine {
    engine(
        "chess",
        include_str!("../../../games/chess/description.json"),
    )
}

fn ogi_engine() -> Engine {
    engine("ogi", include_str!("../../../games/ogi/description.json"))
}

/// xorshift64*: a small deterministic generator for the random games.
struct Rng(u64);

impl Rng {
    fn below(&mut self, n: usize) -> usize {
        self.0 ^= self.0 >> 12;
        self.0 ^= self.0 << 25;
        self.0 ^= self.0 >> 27;
        (self.0.wrapping_mul(0x2545_f491_4f6c_dd1d) >> 33) as usize % n
    }
}

fn sorted(mut v: Vec<String>) -> Vec<String> {
    v.sort();
    v
}

fn find(e: &Engine, g: &Position, pmn: &str) -> GgnMove {
    let mut v = Vec::new();
    e.append_legal_moves(g, &mut v);
    *v.iter()
        .find(|m| m.pmn(e.board()) == pmn)
        .unwrap_or_else(|| panic!("{pmn} not found by the GGN engine"))
}

/// Ōgi has no check constraint: pseudo-legal and legal moves coincide, and both must equal the
/// fast generator's legal moves (King's privilege included).
fn ogi_differential(positions: usize, seed: u64, max_plies: usize) {
    let e = ogi_engine();
    let mut rng = Rng(seed);
    let mut pos = ogi::Position::startpos();
    let mut list = ogi::MoveList::new();
    let (mut ply, mut captures, mut drops, mut promos, mut keeps) = (0, 0, 0, 0, 0);
    for _ in 0..positions {
        let feen = pos.to_feen();
        pos.legal_moves_into(&mut list);
        let fast = sorted(list.iter().map(|m| pos.move_to_pmn(*m)).collect());
        let g = e.position(&feen).expect("FEEN of the fast generator");
        assert_eq!(e.pseudo_legal_pmn(&g), fast, "pseudo-legal moves of {feen}");
        assert_eq!(e.legal_pmn(&g), fast, "legal moves of {feen}");
        for m in list.iter() {
            captures += usize::from(m.captured().is_some());
            drops += usize::from(m.is_drop());
            promos += usize::from(m.is_promotion());
            keeps += usize::from(m.keeps_promoted());
        }
        if list.is_empty() || ply >= max_plies {
            pos = ogi::Position::startpos();
            ply = 0;
            continue;
        }
        let m = list.as_slice()[rng.below(list.len())];
        let pmn = pos.move_to_pmn(m);
        let after = e.after_unchecked(&g, &find(&e, &g, &pmn));
        pos.play(m).unwrap();
        assert_eq!(
            after.to_feen().unwrap(),
            pos.to_feen(),
            "{feen} after {pmn}"
        );
        ply += 1;
    }
    // The sample exercised every feature.
    assert!(
        captures > 0 && drops > 0 && promos > 0,
        "{captures} {drops} {promos}"
    );
    if positions >= 2000 {
        assert!(keeps > 0, "no King's privilege seen");
    }
}

/// Chess: the engine's legal moves (check and castling filters) equal the fast generator's;
/// its pseudo-legal moves contain them, and every extra pseudo-legal move leaves the mover's
/// king capturable.
fn chess_differential(positions: usize, seed: u64, max_plies: usize) {
    let e = chess_engine();
    let mut rng = Rng(seed);
    let mut pos = chess::Position::startpos();
    let mut list = chess::MoveList::new();
    let (mut ply, mut specials, mut promos, mut pseudo_only) = (0, 0, 0, 0);
    for _ in 0..positions {
        let feen = pos.to_feen();
        pos.legal_moves_into(&mut list);
        let fast = sorted(list.iter().map(|m| pos.move_to_pmn(*m)).collect());
        let g = e.position(&feen).expect("FEEN of the fast generator");
        assert_eq!(e.legal_pmn(&g), fast, "legal moves of {feen}");
        let mut pseudo = Vec::new();
        e.pseudo_legal_moves(&g, &mut pseudo);
        for m in &pseudo {
            let s = m.pmn(e.board());
            if fast.binary_search(&s).is_err() {
                pseudo_only += 1;
                let castle_through_check = m.partner.is_some();
                assert!(
                    castle_through_check || e.in_check(&e.after_unchecked(&g, m), g.side_to_move()),
                    "{feen}: pseudo-legal {s} is neither legal nor a self-check"
                );
            }
        }
        for s in &fast {
            specials += usize::from(s.contains('~'));
            promos += usize::from(s.contains('='));
        }
        if list.is_empty() || ply >= max_plies {
            pos = chess::Position::startpos();
            ply = 0;
            continue;
        }
        let m = list.as_slice()[rng.below(list.len())];
        let pmn = pos.move_to_pmn(m);
        let after = e.after_unchecked(&g, &find(&e, &g, &pmn));
        pos.play(m).expect("legal");
        assert_eq!(
            after.to_feen().unwrap(),
            pos.to_feen(),
            "{feen} after {pmn}"
        );
        ply += 1;
    }
    assert!(specials > 0 && promos > 0 && pseudo_only > 0);
}

#[test]
fn ogi_ggn_engine_matches_fast_generator() {
    ogi_differential(1500, 0x9e37_79b9_7f4a_7c15, 160);
}

#[test]
fn chess_ggn_engine_matches_fast_generator() {
    chess_differential(2000, 0x0123_4567_89ab_cdef, 300);
}

/// 10,000 positions per game: `cargo test -p tegoma-rules --test ggn_differential -- --ignored`.
#[test]
#[ignore = "about a minute or more; run explicitly"]
fn ogi_ggn_engine_matches_fast_generator_10000() {
    ogi_differential(10_000, 0x5151_7a7a_0f0f_3c3c, 160);
}

/// 10,000 chess positions: `cargo test -p tegoma-rules --test ggn_differential -- --ignored`.
#[test]
#[ignore = "about a minute or more; run explicitly"]
fn chess_ggn_engine_matches_fast_generator_10000() {
    chess_differential(10_000, 0xdead_beef_cafe_f00d, 300);
}

/// Ruling R12 in both engines: after an Ōgi King capture, the statuses are `mareking` alone
/// while the side to move still has a pseudo-legal move (a Rook's slides, a Silver's drops), and
/// `mareking` with `nomove` when it has none (expected values reasoned by hand: Black has no
/// King, so no `check`/`stale`; White keeps a King and a Rook, so no `bareking`).
#[test]
fn ogi_statuses_after_a_king_capture_match_the_fast_generator() {
    use tegoma_notation::cgsn::{Status, StatusSet};
    let e = ogi_engine();
    let mut mareking = StatusSet::EMPTY;
    mareking.insert(Status::Mareking);
    let mut both = mareking;
    both.insert(Status::Nomove);
    for (before, want) in [
        ("r3k^3/4R3/8/8/8/8/8/4K^3 / O/o", mareking),
        ("4k^3/4R3/8/8/8/8/8/4K^3 /s O/o", mareking),
        ("4k^3/4R3/8/8/8/8/8/4K^3 / O/o", both),
    ] {
        let mut pos = ogi::Position::from_feen(before).expect("FEEN");
        let m = pos.parse_pmn("e7+e8").expect("the Rook takes the King");
        pos.play(m).unwrap();
        let feen = pos.to_feen();
        assert_eq!(pos.statuses(), want, "fast generator, {feen}");
        let g = e.position(&feen).expect("FEEN of the fast generator");
        assert_eq!(e.statuses(&g), want, "GGN engine, {feen}");
    }
}
