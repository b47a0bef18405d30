//! Chess against Ōgi (ruling R13), two independent paths: the fast bitboard generator of
//! `tegoma-rules` and the GGN rule engine fed with the exported union table and
//! `games/chess-ogi/description.json` agree on perft from both starts to depth 5, on perft from
//! positions reached by seeded random play, and on the legal moves (as sorted PMN), the
//! statuses (CGSN), the position-only ending and the next position (FEEN) at every ply of
//! 1,000 seeded random games (their first 80 plies; about 70,000 positions, 25 s).

use tegoma_ggn::{chess_ogi, Engine, GgnMove};
use tegoma_protocol::{Position as Generic, RuleSystem};
use tegoma_rules::chess_ogi::{MoveList, Position, START_CHESS_FIRST, START_OGI_FIRST};
use tegoma_rules::systems::ChessOgi;

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

fn ggn_position(e: &Engine, fast: &Position) -> Generic {
    e.position(&fast.to_feen())
        .unwrap_or_else(|err| panic!("the GGN engine refuses {}: {err}", fast.to_feen()))
}

fn find(e: &Engine, g: &Generic, pmn: &str) -> GgnMove {
    let mut v = Vec::new();
    e.append_legal_moves(g, &mut v);
    *v.iter()
        .find(|m| m.pmn(e.board()) == pmn)
        .unwrap_or_else(|| panic!("{pmn} not found by the GGN engine"))
}

#[test]
fn perft_of_both_starts_to_depth_5() {
    let e = chess_ogi::engine();
    for (start, d5) in [(START_CHESS_FIRST, 6_650_087), (START_OGI_FIRST, 6_431_200)] {
        let fast = Position::from_feen(start).unwrap();
        let g = e.position(start).unwrap();
        assert_eq!(fast.perft(1), e.perft(&g, 1), "{start} depth 1");
        // Depth 5 by root move, so that a difference names its line.
        let mut total = 0;
        for (m, n) in fast.perft_divide(5) {
            let pmn = fast.move_to_pmn(m);
            let child = e.after_unchecked(&g, &find(&e, &g, &pmn));
            assert_eq!(n, e.perft(&child, 4), "{start} after {pmn}, depth 4");
            total += n;
        }
        assert_eq!(total, d5, "{start} depth 5");
    }
}

/// Plays seeded random games from both starts, calling `visit` with each position.
fn random_games(games: usize, seed: u64, max_plies: usize, mut visit: impl FnMut(&Position)) {
    let mut rng = Rng(seed);
    let mut list = MoveList::new();
    for game in 0..games {
        let start = if game % 2 == 0 {
            START_CHESS_FIRST
        } else {
            START_OGI_FIRST
        };
        let mut pos = Position::from_feen(start).unwrap();
        for _ in 0..max_plies {
            visit(&pos);
            pos.legal_moves_into(&mut list);
            if list.is_empty() {
                break;
            }
            pos.play_unchecked(list.as_slice()[rng.below(list.len())]);
        }
    }
}

#[test]
fn perft_of_50_positions_from_random_play() {
    let e = chess_ogi::engine();
    let mut picked = Vec::new();
    let mut rng = Rng(0x5eed_c0de);
    random_games(50, 0x0c0e_0050, 60, |p| {
        if rng.below(40) == 0 && !p.is_over() {
            picked.push(*p);
        }
    });
    assert!(picked.len() >= 50, "{} positions", picked.len());
    let mut hands = 0;
    for p in picked.iter().take(60) {
        let g = ggn_position(&e, p);
        assert_eq!(p.perft(3), e.perft(&g, 3), "perft 3 of {}", p.to_feen());
        hands += usize::from(!p.to_feen().contains(" / "));
    }
    assert!(hands > 0, "some positions hold pieces in hand");
}

#[test]
fn moves_statuses_and_endings_along_1000_random_games() {
    let e = chess_ogi::engine();
    let sys = ChessOgi;
    let mut list = MoveList::new();
    let (mut positions, mut ended) = (0, 0);
    let (mut drops, mut castles, mut chess_promos, mut ogi_promos, mut king_captures) =
        (0, 0, 0, 0, 0);
    random_games(1000, 0x0c0e_1000, 80, |p| {
        positions += 1;
        let feen = p.to_feen();
        let g = ggn_position(&e, p);
        p.legal_moves_into(&mut list);
        let fast = sorted(list.iter().map(|&m| p.move_to_pmn(m)).collect());
        assert_eq!(e.legal_pmn(&g), fast, "legal moves of {feen}");
        assert_eq!(sys.statuses(p), e.statuses(&g), "statuses of {feen}");
        assert_eq!(sys.outcome(p), e.outcome(&g), "ending of {feen}");
        ended += usize::from(sys.outcome(p).is_some());
        for &m in list.iter() {
            drops += usize::from(m.is_drop());
            castles += usize::from(m.is_castle());
            king_captures += usize::from(m.captures_king());
            if m.is_promotion() {
                match m.army() {
                    tegoma_rules::chess_ogi::Army::Chess => chess_promos += 1,
                    tegoma_rules::chess_ogi::Army::Ogi => ogi_promos += 1,
                }
            }
        }
        // A move leads both to the same position.
        for &m in list.iter().take(1) {
            let pmn = p.move_to_pmn(m);
            let next = e.after_unchecked(&g, &find(&e, &g, &pmn));
            assert_eq!(
                next.to_feen().unwrap(),
                p.after_unchecked(m).to_feen(),
                "{feen} then {pmn}"
            );
        }
    });
    // The games reach what R13 is about.
    assert!(positions > 20_000, "{positions} positions");
    for (what, n) in [
        ("endings", ended),
        ("drops", drops),
        ("castlings", castles),
        ("chess promotions", chess_promos),
        ("Ōgi promotions", ogi_promos),
        ("King captures", king_captures),
    ] {
        assert!(n > 0, "no {what} in {positions} positions");
    }
}
