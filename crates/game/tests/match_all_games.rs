//! The same match tests for every rule system the registry knows (chess, Ōgi, and the games
//! defined by files such as Kogoma): random games through the text interface, take-backs,
//! resignation, draws by agreement, refused moves, time forfeits, and PCN records that replay.

use tegoma_game::clock::{Clock, Period, TimeControl};
use tegoma_game::record::{match_from_pcn, match_to_pcn};
use tegoma_game::replay::replay_pcn;
use tegoma_game::{registry, AnyMatch, MatchError, MoveFormat, Rules};
use tegoma_notation::cgsn::Status;
use tegoma_protocol::{Decision, Side};

/// A small deterministic generator (xorshift), so that every run plays the same games.
struct Rng(u64);

impl Rng {
    fn below(&mut self, n: usize) -> usize {
        self.0 ^= self.0 << 13;
        self.0 ^= self.0 >> 7;
        self.0 ^= self.0 << 17;
        (self.0 % n as u64) as usize
    }
}

fn all_rules() -> Vec<Rules> {
    let rules: Vec<Rules> = registry::names()
        .map(|n| Rules::by_name(n).unwrap())
        .collect();
    assert!(rules.len() >= 3, "chess, ogi and kogoma at least");
    rules
}

/// Plays a seeded random game of at most `max` plies; returns the FEEN after every ply.
fn random_game(rules: &Rules, seed: u64, max: usize) -> (AnyMatch, Vec<String>) {
    let mut rng = Rng(seed);
    let mut m = AnyMatch::new(rules.clone());
    let mut feens = vec![m.feen()];
    while m.outcome().is_none() && m.ply_count() < max {
        let moves = m.legal_moves_as(MoveFormat::Pmn).unwrap();
        assert!(!moves.is_empty(), "{rules}: a live match has legal moves");
        let mv = &moves[rng.below(moves.len())];
        m.play(mv, Some(10))
            .unwrap_or_else(|e| panic!("{rules}: {mv}: {e}"));
        feens.push(m.feen());
    }
    (m, feens)
}

#[test]
fn random_games_take_back_and_record_round_trip() {
    for rules in all_rules() {
        for seed in 1..=6u64 {
            let (m, feens) = random_game(&rules, seed * 7919, 160);
            assert_eq!(m.ply_count() + 1, feens.len());
            // Every ply taken back restores the position before it.
            let mut back = m.clone();
            for i in (0..m.ply_count()).rev() {
                assert_eq!(back.take_back().unwrap(), Some(10), "{rules}");
                assert_eq!(back.feen(), feens[i], "{rules}: take back to ply {i}");
            }
            assert!(matches!(
                back.take_back(),
                Err(MatchError::NothingToTakeBack)
            ));
            // A PCN record of the match replays to the same position and outcome.
            let pcn = match_to_pcn(&m, None).unwrap();
            assert_eq!(pcn.plies.as_ref().map_or(0, Vec::len), m.ply_count());
            let again = match_from_pcn(&pcn).unwrap();
            assert_eq!(again.rules().name(), rules.name());
            assert_eq!(again.feen(), m.feen(), "{rules}");
            assert_eq!(again.outcome(), m.outcome(), "{rules}");
            let report = replay_pcn(0, &pcn);
            assert!(report.is_ok(), "{rules}: {report:?}");
            assert_eq!(report.plies, m.ply_count());
            assert_eq!(report.feen, m.feen());
        }
    }
}

#[test]
fn resignation_agreement_and_refusals() {
    for rules in all_rules() {
        let mut m = AnyMatch::new(rules.clone());
        // A malformed move is refused in every game and the match goes on.
        assert!(
            matches!(m.play("z9-zz", None), Err(MatchError::Refused { .. })),
            "{rules}"
        );
        assert!(m.outcome().is_none());
        let first = m.legal_moves_as(MoveFormat::Pmn).unwrap()[0].clone();
        m.play(&first, None).unwrap();
        assert_eq!(m.side_to_move(), Side::Second);
        let o = m.resign(Side::Second).unwrap();
        assert_eq!(o.decision, Decision::Win(Side::First), "{rules}");
        assert!(o.statuses.contains(Status::Resignation));
        assert!(matches!(m.play(&first, None), Err(MatchError::Finished(_))));

        let mut m = AnyMatch::new(rules.clone());
        m.offer_draw(Side::First).unwrap();
        assert_eq!(m.draw_offer(), Some(Side::First));
        let o = m.accept_draw(Side::Second).unwrap();
        assert_eq!(o.decision, Decision::Draw);
        assert!(o.statuses.contains(Status::Agreement), "{rules}");
    }
}

#[test]
fn the_clock_ends_a_game_on_time() {
    for rules in all_rules() {
        let control =
            TimeControl::new(vec![Period::from_seconds(1.0, 0.0, None).unwrap()]).unwrap();
        let mut m =
            AnyMatch::new(rules.clone()).with_clock(Clock::with_controls(control.clone(), control));
        let mv = m.legal_moves_as(MoveFormat::Pmn).unwrap()[0].clone();
        // The first side's move takes longer than its whole time: it loses on time.
        let o = m.play(&mv, Some(1_500)).unwrap().expect("the flag fell");
        assert!(o.statuses.contains(Status::Timelimit), "{rules}");
        assert_eq!(o.decision, Decision::Win(Side::Second), "{rules}");
        assert_eq!(m.ply_count(), 0, "{rules}: the late move is not played");
    }
}

#[test]
fn kogoma_history_rules_come_from_its_description() {
    // Sennichite (as in Ōgi): the fifth ply would repeat the first move into the same position.
    let rules = Rules::by_name("kogoma").unwrap();
    let start = tegoma_protocol::Position::from_feen("k^4/5/5/5/K^4 / K/k").unwrap();
    let mut m = AnyMatch::from_position(rules, &start).unwrap();
    for mv in ["a1-a2", "a5-a4", "a2-a1", "a4-a5"] {
        m.play(mv, None).unwrap();
    }
    let legal = m.legal_moves_as(MoveFormat::Pmn).unwrap();
    assert!(
        !legal.contains(&"a1-a2".to_string()),
        "sennichite forbids it: {legal:?}"
    );
    assert!(legal.contains(&"a1-b2".to_string()));
    let err = m.play("a1-a2", None).unwrap_err();
    let MatchError::Forfeit { outcome, .. } = err else {
        panic!("a sennichite move forfeits: {err:?}");
    };
    assert_eq!(outcome.decision, Decision::Win(Side::Second));
    assert!(outcome.statuses.contains(Status::Repetition));
}

#[test]
fn a_kogoma_pcn_record_replays() {
    let text = r#"{"setup": "rbsgk^/4p/5/P4/K^GSBR / K/k",
                   "plies": ["a2-a3", "e4-e3", "a3-a4", "e3-e2"],
                   "outcome": {"status": ["resignation"], "result": "second"}}"#;
    let pcn = tegoma_notation::pcn::Pcn::parse(text).unwrap();
    let report = replay_pcn(0, &pcn);
    assert!(report.is_ok(), "{report:?}");
    assert_eq!(report.plies, 4);
    assert_eq!(report.result, "0-1");
    assert_eq!(report.feen, "rbsgk^/P4/5/4p/K^GSBR / K/k");
}
