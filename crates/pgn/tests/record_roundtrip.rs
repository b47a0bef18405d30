//! PCN and PGN round trips of whole matches: read, write, read gives the same match; unknown PCN
//! keys and PGN tags survive; replaying a PCN checks every ply and recomputes the outcome.

use tegoma_game::record::{match_from_pcn, match_to_pcn};
use tegoma_game::replay::replay_pcn;
use tegoma_game::AnyMatch;
use tegoma_notation::pcn::{GameResult, Pcn};
use tegoma_pgn::record::{pcn_to_pgn, pgn_to_pcn};
use tegoma_pgn::{game_to_string, PgnReader};
use tegoma_protocol::{Decision, Side};

const CHESS_START: &str =
    "+rnbq+k^bn+r/+p+p+p+p+p+p+p+p/8/8/8/8/+P+P+P+P+P+P+P+P/+RNBQ+K^BN+R / C/c";
const OGI_START: &str = "lnsik^snl/1r4b1/pppppppp/8/8/PPPPPPPP/1B4R1/LNSIK^SNL / O/o";

const RECORD: &str = r#"{
  "meta": {"event": "Club", "round": "3", "x-custom": {"deep": [1, 2, 3]}},
  "periods": [{"time": 300, "inc": 2}],
  "sides": {"first": {"name": "Ann", "elo": 1800}, "second": {"name": "Bob"}},
  "setup": "+rnbq+k^bn+r/+p+p+p+p+p+p+p+p/8/8/8/8/+P+P+P+P+P+P+P+P/+RNBQ+K^BN+R / C/c",
  "plies": [
    {"move": "f2-f3", "seconds": 1.5, "x-eval": "+0.3"},
    {"move": "e7-e5", "seconds": 2},
    "g2-g4",
    {"move": "d8-h4", "seconds": 0.25}
  ],
  "outcome": {"status": "checkmate", "result": "second", "x-note": "fool's mate"},
  "x-top": true
}"#;

#[test]
fn pcn_json_and_toml_round_trip() {
    let pcn = Pcn::parse(RECORD).unwrap();
    let m = match_from_pcn(&pcn).unwrap();
    let o = m.outcome().unwrap();
    assert_eq!(o.decision, Decision::Win(Side::Second));
    assert_eq!(m.ply_times(), [Some(1500), Some(2000), None, Some(250)]);
    let written = match_to_pcn(&m, Some(&pcn)).unwrap();
    assert_eq!(
        written, pcn,
        "writing the replayed match gives the record back"
    );
    for text in [written.to_json(), written.to_toml().unwrap()] {
        let again = Pcn::parse(&text).unwrap();
        assert_eq!(again, pcn);
        assert!(text.contains("x-custom") && text.contains("x-eval") && text.contains("x-top"));
        let m2 = match_from_pcn(&again).unwrap();
        assert_eq!(m2.pmn_plies(), m.pmn_plies());
        assert_eq!(m2.outcome(), m.outcome());
        assert_eq!(m2.feen(), m.feen());
    }
}

#[test]
fn pcn_replay_checks_plies_and_recomputes_the_outcome() {
    // A wrong recorded result is reported as a disagreement; the replayed one wins.
    let wrong = RECORD.replace(r#""result": "second""#, r#""result": "first""#);
    let r = replay_pcn(0, &Pcn::parse(&wrong).unwrap());
    assert_eq!(r.result, "0-1");
    assert!(r.disagreement.is_some());
    // An explicit ending (resignation) is taken from the record.
    let resigned = format!(
        r#"{{"setup": "{OGI_START}", "plies": ["e3-e4", "e6-e5"], "outcome": {{"status": "resignation", "result": "second"}}}}"#
    );
    let r = replay_pcn(0, &Pcn::parse(&resigned).unwrap());
    assert!(r.is_ok());
    assert_eq!((r.plies, r.result), (2, "0-1"));
    assert_eq!(r.statuses.to_string(), "resignation");
    // An illegal ply: its number and reason.
    let bad = format!(r#"{{"setup": "{CHESS_START}", "plies": ["e2-e4", "e7-e4"]}}"#);
    let r = replay_pcn(0, &Pcn::parse(&bad).unwrap());
    let b = r.bad_ply.unwrap();
    assert_eq!((b.ply, b.reason.kind), (2, "IllegalMove"));
    assert!(match_from_pcn(&Pcn::parse(&bad).unwrap()).is_err());
    // Time: 300 s + 2 s per ply; a ply of 400 s flags (the opponent has everything).
    let slow = format!(
        r#"{{"setup": "{CHESS_START}", "periods": [{{"time": 300, "inc": 2}}], "plies": [{{"move": "e2-e4", "seconds": 400}}]}}"#
    );
    let r = replay_pcn(0, &Pcn::parse(&slow).unwrap());
    assert_eq!((r.plies, r.result), (0, "0-1"));
    assert_eq!(r.statuses.to_string(), "timelimit");
}

const PGN: &str = r#"[Event "Casual"]
[Site "Here"]
[Date "2026.11.22"]
[Round "1"]
[White "Ann"]
[Black "Bob"]
[Result "1/2-1/2"]
[ECO "C20"]
[Annotator "Someone"]

{start} 1. e4 e5 {a comment} 2. Nf3 (2. f4 exf4) Nc6 $1 3. Bb5 a6 1/2-1/2

[Event "Setup"]
[SetUp "1"]
[FEN "k7/8/1K6/8/8/8/8/7R w - - 12 40"]
[Result "1-0"]

1. Rh8# 1-0
"#;

#[test]
fn pgn_to_pcn_and_back_keeps_tags_and_comments() {
    let games: Vec<_> = PgnReader::new(PGN.as_bytes()).map(Result::unwrap).collect();
    for g in &games {
        let pcn = pgn_to_pcn(g).unwrap();
        let back = pcn_to_pgn(&Pcn::parse(&pcn.to_json()).unwrap()).unwrap();
        assert_eq!(back.to_export(), g.to_export(), "PGN -> PCN -> PGN");
        // And once more through text.
        let text = game_to_string(&back).unwrap();
        let again = PgnReader::new(text.as_bytes()).next().unwrap().unwrap();
        assert_eq!(
            pgn_to_pcn(&again).unwrap(),
            pgn_to_pcn(&g.to_export()).unwrap()
        );
    }
    let pcn = pgn_to_pcn(&games[0]).unwrap();
    let meta = pcn.meta.as_ref().unwrap();
    assert_eq!(meta["ECO"], "C20");
    assert_eq!(meta["Annotator"], "Someone");
    assert_eq!(meta["event"], "Casual");
    // No automatic ending: the recorded draw is kept, without status.
    assert_eq!(pcn.outcome.as_ref().unwrap().result, Some(GameResult::Draw));
    let pcn = pgn_to_pcn(&games[1]).unwrap();
    assert_eq!(pcn.setup.feen, "k^7/8/1K^6/8/8/8/8/7R / C/c");
    assert_eq!(
        pcn.outcome.as_ref().unwrap().status.to_string(),
        "checkmate"
    );
    assert_eq!(pcn.setup.extra["fen"], "k7/8/1K6/8/8/8/8/7R w - - 12 40");
}

#[test]
fn ogi_match_round_trips_through_pcn() {
    let mut m = AnyMatch::from_feen(OGI_START).unwrap();
    for mv in ["g2-h2", "b7-a7", "h2-g2", "a7-b7"] {
        m.play(mv, Some(1000)).unwrap();
    }
    assert!(m.play("g2-h2", Some(10)).is_err()); // sennichite: Sente loses
    let pcn = match_to_pcn(&m, None).unwrap();
    let text = pcn.to_toml().unwrap();
    let m2 = match_from_pcn(&Pcn::parse(&text).unwrap()).unwrap();
    assert_eq!(m2.pmn_plies(), m.pmn_plies());
    assert_eq!(m2.outcome(), m.outcome());
    assert_eq!(m2.outcome().unwrap().statuses.to_string(), "repetition");
    assert!(pcn_to_pgn(&pcn).is_err(), "Ōgi has no PGN");
}
