//! Matches between copies of the test engine (a seeded random mover built on Tegoma's rules,
//! `src/bin/testengine.rs`), some told to misbehave: records complete and replayable by our
//! readers, colours swapped, illegal moves, time losses, crashes and garbage recorded as such,
//! the SPRT stopping the match.

use std::io::Write;
use std::sync::{Arc, Mutex};
use std::time::Duration;

use tegoma_arena::game::Termination;
use tegoma_arena::openings::random_openings;
use tegoma_arena::player::Timeouts;
use tegoma_arena::stats::{Sprt, SprtState};
use tegoma_arena::tc::Tc;
use tegoma_arena::tournament::{run, ArenaError, Config, Outputs};
use tegoma_arena::{EngineSpec, Standing};
use tegoma_game::record::match_from_pcn;
use tegoma_game::replay::replay_pcn;
use tegoma_game::Rules;
use tegoma_notation::cgsn::Status;
use tegoma_notation::pcn::Pcn;
use tegoma_pgn::replay::replay_pgn_game;
use tegoma_pgn::PgnReader;
use tegoma_protocol::{Decision, Side};

const ENGINE: &str = env!("CARGO_BIN_EXE_tegoma-arena-testengine");

/// A shared in-memory output.
#[derive(Clone, Default)]
struct Sink(Arc<Mutex<Vec<u8>>>);

impl Write for Sink {
    fn write(&mut self, buf: &[u8]) -> std::io::Result<usize> {
        self.0.lock().unwrap().extend_from_slice(buf);
        Ok(buf.len())
    }
    fn flush(&mut self) -> std::io::Result<()> {
        Ok(())
    }
}

impl Sink {
    fn text(&self) -> String {
        String::from_utf8(self.0.lock().unwrap().clone()).unwrap()
    }
}

fn engine(name: &str, proto: &str, flags: &str) -> EngineSpec {
    EngineSpec::parse(&format!(
        "cmd={ENGINE} --name {name} {flags},proto={proto},name={name}"
    ))
    .unwrap()
}

struct Played {
    standing: Standing,
    pgn: String,
    pcn: Vec<Pcn>,
    terminations: Vec<Termination>,
    names: Vec<[String; 2]>,
}

/// Misbehaviour flags count searches per process: with one worker, a process lives on from game
/// to game unless it crashed or was killed.
fn play(
    rules: Rules,
    a: EngineSpec,
    b: EngineSpec,
    games: usize,
    tc: &str,
    sprt: Option<Sprt>,
) -> Played {
    play_with(rules, [a, b], games, tc, sprt, 2)
}

fn play_with(
    rules: Rules,
    engines: [EngineSpec; 2],
    games: usize,
    tc: &str,
    sprt: Option<Sprt>,
    concurrency: usize,
) -> Played {
    let openings = random_openings(&rules, 4, games.div_ceil(2), 11).unwrap();
    let config = Config {
        rules,
        engines,
        games,
        tc: Tc::parse(tc).unwrap(),
        nodes: None,
        margin_ms: 0,
        concurrency,
        openings,
        sprt,
        max_plies: 400,
        event: "test".into(),
        timeouts: Timeouts {
            start: Duration::from_secs(20),
            ready: Duration::from_secs(20),
            stop_grace: Duration::from_millis(300),
        },
    };
    let (pgn, pcn) = (Sink::default(), Sink::default());
    // PGN holds chess only: the match refuses it for other games (see
    // `pgn_is_refused_for_other_games`).
    let chess = config.rules.name() == "chess";
    let outputs = Outputs {
        pgn: chess.then(|| Box::new(pgn.clone()) as Box<dyn Write + Send>),
        pcn: Some(Box::new(pcn.clone())),
    };
    let mut terminations = Vec::new();
    let mut names = Vec::new();
    let mut numbers = Vec::new();
    let standing = run(&config, outputs, |f| {
        terminations.push(f.record.termination.clone());
        names.push(f.record.names.clone());
        numbers.push(f.number);
        // Colours alternate: A plays first in odd-numbered games.
        assert_eq!(f.a_first, f.number % 2 == 1);
    })
    .unwrap();
    assert_eq!(
        numbers,
        (1..=numbers.len()).collect::<Vec<_>>(),
        "games in order"
    );
    let pcn = pcn
        .text()
        .lines()
        .map(|l| Pcn::parse(l).unwrap())
        .collect::<Vec<_>>();
    assert_eq!(pcn.len(), standing.finished);
    Played {
        standing,
        pgn: pgn.text(),
        pcn,
        terminations,
        names,
    }
}

/// Every PCN record replays to the outcome it states; game pairs share their opening with the
/// colours swapped.
fn check_records(p: &Played) {
    for (i, rec) in p.pcn.iter().enumerate() {
        let report = replay_pcn(i, rec);
        assert!(report.is_ok(), "game {}: {:?}", i + 1, report.tsv());
        let m = match_from_pcn(rec).unwrap();
        let stated = rec.outcome.as_ref().expect("an outcome");
        let o = m.outcome().expect("the replayed game is over");
        assert_eq!(o.statuses, stated.status, "game {}", i + 1);
        let sides = rec.sides.as_ref().unwrap();
        let first = sides["first"]["name"].as_str().unwrap();
        assert_eq!(first, p.names[i][0]);
        if i % 2 == 1 {
            assert_eq!(
                rec.setup.feen,
                p.pcn[i - 1].setup.feen,
                "pair shares its opening"
            );
            assert_eq!(p.names[i][0], p.names[i - 1][1], "colours swapped");
        }
    }
}

#[test]
fn chess_records_are_complete_and_replayable() {
    let p = play(
        Rules::chess(),
        engine("alpha", "uci", "--seed 1"),
        engine("beta", "uci", "--seed 2"),
        4,
        "60+1",
        None,
    );
    assert_eq!(p.standing.finished, 4);
    assert_eq!(p.standing.wdl.games(), 4);
    assert_eq!(p.standing.pairs.pairs(), 2);
    check_records(&p);
    // The PGN holds the same games, replayed by our PGN reader to the same results.
    let mut reader = PgnReader::new(p.pgn.as_bytes());
    let mut n = 0;
    while let Some(g) = reader.read_game() {
        let g = g.unwrap();
        let report = replay_pgn_game(n, &g);
        assert!(report.is_ok(), "{}", report.tsv());
        assert_eq!(g.tag("White"), Some(p.names[n][0].as_str()));
        assert_eq!(g.tag("TimeControl"), Some("60+1"));
        let m = match_from_pcn(&p.pcn[n]).unwrap();
        assert_eq!(report.plies, m.ply_count(), "game {}", n + 1);
        n += 1;
    }
    assert_eq!(n, 4);
}

#[test]
fn sei_games_of_every_rule_system() {
    for rules in ["ogi", "kogoma", "chess"] {
        let rules = Rules::by_name(rules).unwrap();
        let p = play(
            rules.clone(),
            engine("one", "sei", "--seed 3"),
            engine("two", "sei", "--seed 4"),
            2,
            "60+1",
            None,
        );
        assert_eq!(p.standing.finished, 2, "{}", rules.name());
        check_records(&p);
        if rules.name() != "chess" {
            assert!(p.pgn.is_empty(), "PGN only for chess");
        }
    }
}

/// Ōgi over UCI in Fairy-Stockfish's dialect (the test engine reads it back): positions as its
/// FEN with pockets, drops and promotions in its notation, the King's privilege off.
#[test]
fn ogi_over_uci_in_the_fairy_stockfish_dialect() {
    let rules = Rules::ogi().without_privilege().unwrap();
    let p = play(
        rules,
        engine("u1", "uci", "--seed 7"),
        engine("u2", "uci", "--seed 8"),
        4,
        "60+1",
        None,
    );
    assert_eq!(p.standing.finished, 4);
    assert!(
        p.terminations
            .iter()
            .all(|t| matches!(t, Termination::Normal | Termination::Adjudicated)),
        "{:?}",
        p.terminations
    );
    check_records(&p);
    let drops = p
        .pcn
        .iter()
        .flat_map(|r| r.plies.iter().flatten())
        .filter(|ply| ply.pmn.to_string().contains('*'))
        .count();
    assert!(drops > 0, "drops were played");
}

/// Ōgi without the King's privilege (as against Fairy-Stockfish) with SEI engines that know the
/// standard rules: the search lists the allowed moves, so no privilege move is ever played.
#[test]
fn sei_engines_are_held_to_a_match_without_privilege() {
    let rules = Rules::ogi().without_privilege().unwrap();
    let p = play(
        rules,
        engine("s1", "sei", "--seed 21"),
        engine("s2", "sei", "--seed 22"),
        8,
        "60+1",
        None,
    );
    assert!(
        p.terminations
            .iter()
            .all(|t| matches!(t, Termination::Normal | Termination::Adjudicated)),
        "{:?}",
        p.terminations
    );
    check_records(&p);
}

fn outcome(p: &Played, game: usize) -> (Decision, Vec<Status>) {
    let o = p.pcn[game].outcome.as_ref().unwrap();
    let d = match o.result {
        Some(tegoma_notation::pcn::GameResult::First) => Decision::Win(Side::First),
        Some(tegoma_notation::pcn::GameResult::Second) => Decision::Win(Side::Second),
        _ => Decision::Draw,
    };
    (d, o.status.iter().collect())
}

#[test]
fn illegal_moves_lose() {
    // Chess over UCI: the arbiter ends the game (the chess match only refuses the move).
    let p = play_with(
        Rules::chess(),
        [
            engine("cheat", "uci", "--illegal-at 3"),
            engine("fair", "uci", ""),
        ],
        2,
        "60+1",
        None,
        1,
    );
    assert!(matches!(
        p.terminations[1],
        Termination::Normal | Termination::Adjudicated
    ));
    assert!(matches!(
        &p.terminations[0],
        Termination::IllegalMove {
            side: Side::First,
            ..
        }
    ));
    assert_eq!(
        outcome(&p, 0),
        (Decision::Win(Side::Second), vec![Status::Illegalmove])
    );
    assert_eq!(
        p.pcn[0].plies.as_ref().unwrap().len(),
        4,
        "two moves each, then the illegal one"
    );
    let detail = p.pcn[0].outcome.as_ref().unwrap().extra["detail"]
        .as_str()
        .unwrap()
        .to_string();
    assert!(
        detail.starts_with("cheat played an illegal move"),
        "{detail}"
    );
    assert!(p.pgn.contains("[Termination \"rules infraction\"]"));
    assert_eq!(p.standing.wdl.losses, 1);
    assert_eq!(p.standing.failures, [1, 0]);
    check_records(&p);
    // Ōgi over SEI: the match itself forfeits the game.
    let p = play_with(
        Rules::ogi(),
        [
            engine("cheat", "sei", "--illegal-at 2"),
            engine("fair", "sei", ""),
        ],
        2,
        "60+1",
        None,
        1,
    );
    assert!(matches!(
        &p.terminations[0],
        Termination::IllegalMove {
            side: Side::First,
            ..
        }
    ));
    assert_eq!(
        outcome(&p, 0),
        (Decision::Win(Side::Second), vec![Status::Illegalmove])
    );
    check_records(&p);
}

#[test]
fn garbage_is_an_illegal_move_or_a_protocol_breach() {
    let p = play(
        Rules::chess(),
        engine("noisy", "uci", "--garbage-at 1"),
        engine("fair", "uci", ""),
        2,
        "60+1",
        None,
    );
    match &p.terminations[0] {
        Termination::IllegalMove {
            side: Side::First,
            text,
        } => assert_eq!(text, "!!garbage!!"),
        other => panic!("{other:?}"),
    }
    let p = play(
        Rules::ogi(),
        engine("noisy", "sei", "--garbage-at 1"),
        engine("fair", "sei", ""),
        2,
        "60+1",
        None,
    );
    assert!(matches!(
        &p.terminations[0],
        Termination::Abandoned {
            side: Side::First,
            ..
        }
    ));
    assert_eq!(
        outcome(&p, 0),
        (Decision::Win(Side::Second), vec![Status::Resignation])
    );
    check_records(&p);
}

#[test]
fn time_losses() {
    // An engine that never answers loses on time, and is killed and replaced by a new
    // process for the next game (which hangs at its own second search).
    let p = play_with(
        Rules::chess(),
        [
            engine("sleepy", "uci", "--hang-at 2"),
            engine("fair", "uci", ""),
        ],
        3,
        "1+0",
        None,
        1,
    );
    assert_eq!(
        p.terminations[0],
        Termination::TimeForfeit { side: Side::First }
    );
    assert_eq!(
        outcome(&p, 0),
        (Decision::Win(Side::Second), vec![Status::Timelimit])
    );
    assert_eq!(
        p.terminations[1],
        Termination::TimeForfeit { side: Side::Second }
    );
    assert_eq!(
        p.terminations[2],
        Termination::TimeForfeit { side: Side::First }
    );
    assert_eq!(p.standing.wdl.losses, 3);
    let detail = |p: &Played, i: usize| {
        p.pcn[i].outcome.as_ref().unwrap().extra["detail"]
            .as_str()
            .unwrap()
            .to_string()
    };
    assert!(
        detail(&p, 0).starts_with("sleepy ran out of time (no answer within "),
        "{}",
        detail(&p, 0)
    );
    assert!(p.pgn.contains("[Termination \"time forfeit\"]"));
    check_records(&p);
    // An engine slower than its clock loses on time too (SEI, Ōgi).
    let p = play(
        Rules::ogi(),
        engine("slow", "sei", "--slow 400"),
        engine("fair", "sei", ""),
        2,
        "0.5+0",
        None,
    );
    for (i, names) in p.names.iter().enumerate() {
        let slow_side = if names[0] == "slow" {
            Side::First
        } else {
            Side::Second
        };
        assert_eq!(
            p.terminations[i],
            Termination::TimeForfeit { side: slow_side }
        );
        assert_eq!(outcome(&p, i).0, Decision::Win(slow_side.flip()));
        assert!(
            detail(&p, i).starts_with("slow ran out of time ("),
            "{}",
            detail(&p, i)
        );
    }
    check_records(&p);
}

#[test]
fn crashes_lose_and_the_engine_restarts() {
    let p = play(
        Rules::chess(),
        engine("fragile", "uci", "--crash-at 2"),
        engine("fair", "uci", ""),
        4,
        "60+1",
        None,
    );
    let crashed = p
        .terminations
        .iter()
        .filter(|t| matches!(t, Termination::Abandoned { .. }))
        .count();
    // Every game's process crashes at its second search (a crashed process is replaced).
    assert_eq!(crashed, 4, "{:?}", p.terminations);
    for (i, t) in p.terminations.iter().enumerate() {
        if let Termination::Abandoned { side, detail } = t {
            assert_eq!(p.names[i][side.index()], "fragile");
            assert!(detail.contains("crashed"), "{detail}");
            assert_eq!(
                outcome(&p, i),
                (Decision::Win(side.flip()), vec![Status::Resignation])
            );
        }
    }
    assert_eq!(p.standing.finished, 4);
    check_records(&p);
}

#[test]
fn sprt_stops_a_one_sided_match() {
    // fastchess's GSPRT: pairs all won move the LLR by about ln(s(elo1)/s(elo0)) a pair, here
    // ln(0.849/0.5) = 0.53: six pairs pass ln(0.95/0.05) = 2.94. (With elo1 = 5 it would take
    // about 200 pairs: a handful of games decides nothing.)
    let sprt = Sprt::parse("elo0=0 elo1=300 alpha=0.05 beta=0.05").unwrap();
    // B crashes at the first search of every process: A wins every game.
    let p = play(
        Rules::chess(),
        engine("strong", "uci", ""),
        engine("broken", "uci", "--crash-at 1"),
        40,
        "60+1",
        Some(sprt),
    );
    assert!(
        p.standing.finished < 40,
        "stopped early: {}",
        p.standing.finished
    );
    assert_eq!(p.standing.wdl.losses, 0);
    let (llr, state) = p.standing.sprt.unwrap();
    assert_eq!(state, SprtState::AcceptH1, "LLR {llr}");
}

#[test]
fn an_engine_that_cannot_start_is_an_error() {
    let rules = Rules::chess();
    let config = Config {
        openings: random_openings(&rules, 2, 1, 1).unwrap(),
        rules,
        engines: [
            EngineSpec::parse("cmd=/nonexistent/engine,name=ghost").unwrap(),
            engine("fair", "uci", ""),
        ],
        games: 2,
        tc: Tc::parse("10+0.1").unwrap(),
        nodes: None,
        margin_ms: 0,
        concurrency: 1,
        sprt: None,
        max_plies: 100,
        event: "test".into(),
        timeouts: Timeouts::default(),
    };
    let err = run(
        &config,
        Outputs {
            pgn: None,
            pcn: None,
        },
        |_| {},
    )
    .unwrap_err();
    assert!(err.to_string().contains("ghost could not start"), "{err}");
}

fn refusal(rules: Rules, engines: [EngineSpec; 2], pgn: bool) -> ArenaError {
    let config = Config {
        openings: random_openings(&rules, 2, 1, 1).unwrap(),
        rules,
        engines,
        games: 2,
        tc: Tc::parse("10+0.1").unwrap(),
        nodes: None,
        margin_ms: 0,
        concurrency: 1,
        sprt: None,
        max_plies: 100,
        event: "test".into(),
        timeouts: Timeouts::default(),
    };
    let mut played = 0;
    let err = run(
        &config,
        Outputs {
            pgn: pgn.then(|| Box::new(Sink::default()) as Box<dyn Write + Send>),
            pcn: None,
        },
        |_| played += 1,
    )
    .unwrap_err();
    assert_eq!(played, 0, "refused before any game");
    err
}

/// A UCI engine that does not offer Fairy-Stockfish's `UCI_Variant ogi` (Tegoma's own engine
/// over UCI, for one) is refused before any game, with a typed error naming it and the rules;
/// UCI in Kogoma is refused without starting anything.
#[test]
fn uci_engines_that_cannot_play_the_rules_are_refused() {
    let ogi = Rules::ogi().without_privilege().unwrap();
    let err = refusal(
        ogi,
        [
            engine("chessonly", "uci", "--chess-only"),
            engine("fair", "sei", ""),
        ],
        false,
    );
    match &err {
        ArenaError::Unsupported { engine, rules, .. } => {
            assert_eq!(engine, "chessonly");
            assert_eq!(rules, "ogi");
        }
        other => panic!("{other}"),
    }
    assert!(err.to_string().contains("UCI_Variant"), "{err}");
    let err = refusal(
        Rules::by_name("kogoma").unwrap(),
        [engine("fair", "sei", ""), engine("u", "uci", "")],
        false,
    );
    assert!(
        matches!(&err, ArenaError::Unsupported { engine, rules, .. } if engine == "u" && rules == "kogoma"),
        "{err}"
    );
}

/// PGN is chess notation: asked for Ōgi, the match refuses before any game (PCN holds it).
#[test]
fn pgn_is_refused_for_other_games() {
    let err = refusal(
        Rules::ogi(),
        [engine("a", "sei", ""), engine("b", "sei", "")],
        true,
    );
    assert!(
        matches!(&err, ArenaError::PgnUnsupported { rules } if rules == "ogi"),
        "{err}"
    );
}
