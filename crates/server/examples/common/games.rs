//! Random games played in advance, for the benchmarks whose bots replay them (`load` with
//! `LOAD_BOTS=script`, `moves`).

use tegoma_game::{AnyMatch, MoveFormat, Rules};
use tegoma_protocol::Side;

/// A xorshift generator from `state` (not zero).
pub fn xorshift(mut state: u64) -> impl FnMut() -> u64 {
    move || {
        state ^= state << 13;
        state ^= state >> 7;
        state ^= state << 17;
        state
    }
}

/// `count` random games of `rules`, played with seeded random legal moves to their ends (or
/// `max_plies`): each ply's mover and move (PMN). The same seed gives the same games.
pub fn random_games(
    rules: &str,
    count: usize,
    seed: u64,
    max_plies: usize,
) -> Vec<Vec<(Side, String)>> {
    let mut rand = xorshift(seed.wrapping_mul(0x9E37_79B9_7F4A_7C15) | 1);
    (0..count)
        .map(|_| {
            let mut m = AnyMatch::new(Rules::by_name(rules).expect("a registered game"));
            let mut plies = Vec::new();
            let mut legal = Vec::new();
            while m.outcome().is_none() && plies.len() < max_plies {
                legal.clear();
                let _ = m.for_each_legal_move(MoveFormat::Pmn, |pmn| legal.push(pmn.to_string()));
                if legal.is_empty() {
                    break;
                }
                let mv = legal.swap_remove((rand() % legal.len() as u64) as usize);
                let side = m.side_to_move();
                m.play(&mv, None).expect("a legal move");
                plies.push((side, mv));
            }
            plies
        })
        .collect()
}
