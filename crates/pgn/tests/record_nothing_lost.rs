//! PGN ↔ PCN with nothing dropped silently (issue 12, finding 8; rulings R9 and R10):
//! comments, NAGs and variations per ply, `%clk`/`%emt` as ply times, `TimeControl` as
//! `periods`, the stated outcome, the FEN's counters; and warnings that count what a form
//! cannot hold.

use serde_json::{json, Value};
use tegoma_game::record::match_from_pcn;
use tegoma_notation::pcn::Pcn;
use tegoma_pgn::record::{
    fen_to_feen, pcn_to_pgn_with_warnings, pgn_to_pcn_with_warnings, WarningKind,
};
use tegoma_pgn::{game_to_string, PgnGame, PgnReader};

fn one(text: &str) -> PgnGame {
    PgnReader::new(text.as_bytes())
        .next()
        .expect("a game")
        .unwrap_or_else(|e| panic!("{e}"))
}

fn to_pcn(text: &str) -> (Pcn, Vec<tegoma_pgn::record::Warning>) {
    pgn_to_pcn_with_warnings(&one(text)).unwrap_or_else(|e| panic!("{e}"))
}

fn to_pgn_text(pcn: &Pcn) -> (String, Vec<tegoma_pgn::record::Warning>) {
    let (g, w) = pcn_to_pgn_with_warnings(pcn).unwrap_or_else(|e| panic!("{e}"));
    (game_to_string(&g).unwrap(), w)
}

fn ply(pcn: &Pcn, i: usize) -> Value {
    pcn.to_value()["plies"][i].clone()
}

#[test]
fn comments_nags_and_variations_go_to_ply_keys_and_back() {
    let text = "[Event \"e\"]\n[White \"A\"]\n[Black \"B\"]\n[ECO \"C20\"]\n\n\
                {before} 1. e4 $1 {best by test} {second} e5 ?! (1... c5 {Sicilian} (1... e6) 2. Nf3) \
                2. Nf3 $14 $32 * \n";
    let (pcn, warnings) = to_pcn(text);
    assert!(warnings.is_empty(), "{warnings:?}");
    let v = pcn.to_value();
    assert_eq!(v["setup"]["comments"], json!(["before"]));
    assert_eq!(
        ply(&pcn, 0),
        json!({"move": "e2-e4", "comments": ["best by test", "second"], "nags": [1]})
    );
    assert_eq!(
        ply(&pcn, 1),
        json!({"move": "e7-e5", "nags": [6],
               "variations": ["1... c5 {Sicilian} (1... e6) 2. Nf3"]})
    );
    assert_eq!(ply(&pcn, 2), json!({"move": "g1-f3", "nags": [14, 32]}));
    assert_eq!(v["meta"]["ECO"], "C20");
    // Back to PGN: all of it, and reading that gives the same record.
    let (pgn, warnings) = to_pgn_text(&pcn);
    assert!(warnings.is_empty(), "{warnings:?}");
    let pgn_line = pgn.replace('\n', " ");
    assert!(pgn_line.contains("{before} 1. e4 $1 {best by test} {second} 1... e5 $6 (1... c5 {Sicilian} (1... e6) 2. Nf3) 2. Nf3 $14 $32 *"), "{pgn}");
    assert_eq!(to_pcn(&pgn).0, pcn);
}

#[test]
fn clock_commands_give_ply_times_and_come_back() {
    // 3 minutes + 2 seconds: White spends 5 s, Black 3 s, then White 10 s (recorded as
    // `%emt` beside a `%clk`), then Black 1.5 s with only an `%emt`.
    let text = "[TimeControl \"180+2\"]\n\n\
        1. e4 {[%clk 0:02:57]} e5 {[%eval 0.3] [%clk 0:02:59]} \
        2. Nf3 {[%clk 0:02:49] [%emt 0:00:10]} Nc6 {[%emt 0:00:01.5]} *\n";
    let (pcn, warnings) = to_pcn(text);
    assert!(warnings.is_empty(), "{warnings:?}");
    assert_eq!(pcn.to_value()["periods"], json!([{"time": 180, "inc": 2}]));
    assert_eq!(
        ply(&pcn, 0),
        json!({"move": "e2-e4", "seconds": 5.0, "clock": 177})
    );
    assert_eq!(
        ply(&pcn, 1),
        json!({"move": "e7-e5", "seconds": 3.0, "comments": ["[%eval 0.3]"], "clock": 179})
    );
    assert_eq!(
        ply(&pcn, 2),
        json!({"move": "g1-f3", "seconds": 10.0, "clock": 169})
    );
    assert_eq!(ply(&pcn, 3), json!({"move": "b8-c6", "seconds": 1.5}));
    // The record replays with its clock.
    let m = match_from_pcn(&pcn).unwrap();
    assert_eq!(m.ply_count(), 4);
    // Back: `%clk` where there was one, `%emt` where the time is not what `%clk` implies.
    let (pgn, warnings) = to_pgn_text(&pcn);
    assert!(warnings.is_empty(), "{warnings:?}");
    assert!(pgn.contains("[TimeControl \"180+2\"]"), "{pgn}");
    assert!(
        pgn.replace('\n', " ").contains("1. e4 {[%clk 0:02:57]} 1... e5 {[%clk 0:02:59] [%eval 0.3]} 2. Nf3 {[%clk 0:02:49]} 2... Nc6 {[%emt 0:00:01.5]}"),
        "{pgn}"
    );
    assert_eq!(to_pcn(&pgn).0, pcn);
}

#[test]
fn time_controls_map_to_periods() {
    for (tc, periods) in [
        ("180+2", json!([{"time": 180, "inc": 2}])),
        ("300+2", json!([{"time": 300, "inc": 2}])),
        (
            "40/5400:1800",
            json!([{"moves": 40, "time": 5400}, {"time": 1800}]),
        ),
        ("-", json!([])),
    ] {
        let (pcn, w) = to_pcn(&format!("[TimeControl \"{tc}\"]\n\n1. e4 *\n"));
        assert!(w.is_empty());
        let v = pcn.to_value();
        assert_eq!(v["periods"], periods, "{tc}");
        assert!(v["meta"].get("TimeControl").is_none(), "{tc}");
        let (pgn, _) = to_pgn_text(&pcn);
        assert!(
            pgn.contains(&format!("[TimeControl \"{tc}\"]")),
            "{tc}: {pgn}"
        );
    }
    // Unknown: kept as the tag it is.
    let (pcn, _) = to_pcn("[TimeControl \"?\"]\n\n1. e4 *\n");
    assert_eq!(pcn.to_value()["meta"]["TimeControl"], "?");
    assert!(pcn.periods.is_none());
    assert!(to_pgn_text(&pcn).0.contains("[TimeControl \"?\"]"));
    // Clock times that run out under the stated control: the tag stays in meta, counted.
    let (pcn, w) = to_pcn("[TimeControl \"60\"]\n\n1. e4 {[%emt 0:01:30]} e5 *\n");
    assert!(pcn.periods.is_none());
    assert_eq!(pcn.to_value()["meta"]["TimeControl"], "60");
    assert_eq!(w.len(), 1);
    assert_eq!(w[0].kind, WarningKind::Kept);
    assert!(match_from_pcn(&pcn).is_ok());
}

#[test]
fn the_stated_outcome_is_kept_when_the_replay_disagrees() {
    // Fool's mate, recorded as a white win.
    let (pcn, w) = to_pcn("1. f3 e5 2. g4 Qh4# 1-0\n");
    let v = pcn.to_value();
    assert_eq!(v["outcome"]["result"], "second");
    assert_eq!(v["outcome"]["status"], "checkmate");
    assert_eq!(v["outcome"]["stated"], "1-0");
    assert_eq!(w.len(), 1);
    assert_eq!(w[0].kind, WarningKind::OutcomeDisagrees);
    assert!(w[0].to_string().contains("1-0"), "{}", w[0]);
    // Back to PGN: the replayed result is written, the stated one counted.
    let (pgn, w) = to_pgn_text(&pcn);
    assert!(pgn.contains("0-1"), "{pgn}");
    assert_eq!(w[0].kind, WarningKind::OutcomeDisagrees);
    // An agreeing record gives no warning.
    assert!(to_pcn("1. f3 e5 2. g4 Qh4# 0-1\n").1.is_empty());
}

#[test]
fn what_pgn_cannot_hold_is_counted() {
    let pcn = Pcn::parse(
        r#"{
        "meta": {"event": "E", "started_at": "2026-01-01T10:00:00Z", "x-rating": 5, "Annotator": "me"},
        "links": ["https://example.org/1", "https://example.org/2"],
        "sides": {"first": {"name": "A", "elo": 2000}},
        "setup": "+rnbq+k^bn+r/+p+p+p+p+p+p+p+p/8/8/8/8/+P+P+P+P+P+P+P+P/+RNBQ+K^BN+R / C/c",
        "plies": [{"move": "e2-e4", "eval": 0.3}, {"move": "e7-e5", "eval": 0.2}, "g1-f3"],
        "outcome": {"status": "resignation", "result": "first"},
        "x-source": "test"
    }"#,
    )
    .unwrap();
    let (pgn, w) = to_pgn_text(&pcn);
    assert!(
        pgn.contains("[started_at \"2026-01-01T10:00:00Z\"]"),
        "{pgn}"
    );
    assert!(pgn.contains("[Annotator \"me\"]"), "{pgn}");
    let counts: Vec<(WarningKind, usize)> = w.iter().map(|w| (w.kind, w.count)).collect();
    let text: Vec<String> = w.iter().map(|w| w.to_string()).collect();
    let find = |s: &str| {
        w.iter()
            .find(|w| w.detail.contains(s))
            .unwrap_or_else(|| panic!("no warning about {s}: {text:?}"))
    };
    assert_eq!(find("x-rating").kind, WarningKind::NotHeld);
    assert_eq!(find("link").count, 2);
    assert_eq!(find("\"elo\"").count, 1);
    assert_eq!(find("\"eval\"").count, 2);
    assert_eq!(find("x-source").count, 1);
    assert_eq!(find("resignation").count, 1);
    assert_eq!(counts.len(), 6, "{text:?}");
}

#[test]
fn fen_counters_are_not_lost_silently() {
    // Issue 12, finding 8: `convert --to feen` of a FEN with halfmove clock 2 and move 3.
    let fen = "rnbqkbnr/pppp1ppp/8/4p3/4P3/5N2/PPPP1PPP/RNBQKB1R b KQkq - 2 3";
    let (feen, w) = fen_to_feen(fen).unwrap();
    assert!(feen.ends_with("/ c/C"), "{feen}");
    assert_eq!(w.len(), 1);
    assert!(w[0].detail.contains("halfmove clock 2") && w[0].detail.contains("move number 3"));
    let (_, w) = fen_to_feen("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1").unwrap();
    assert!(w.is_empty());
    // A PCN record keeps them (setup.fen), and gives them back.
    let (pcn, w) = to_pcn(&format!("[SetUp \"1\"]\n[FEN \"{fen}\"]\n\n3... Nc6 *\n"));
    assert!(w.is_empty());
    assert_eq!(pcn.setup.extra["fen"], fen);
    assert!(to_pgn_text(&pcn).0.contains(fen));
}

#[test]
fn latin1_text_is_counted_through_conversion() {
    let g = PgnReader::new(&b"[White \"M\xfcller\"]\n\n1. e4 *\n"[..])
        .next()
        .unwrap()
        .unwrap();
    let (pcn, w) = pgn_to_pcn_with_warnings(&g).unwrap();
    assert_eq!(pcn.to_value()["sides"]["first"]["name"], "Müller");
    assert_eq!(w.len(), 1);
    assert_eq!(w[0].kind, WarningKind::Windows1252);
}

#[test]
fn a_variant_game_built_in_code_is_not_converted_as_chess() {
    let mut g = one("1. e4 e5 *\n");
    g.set_tag("Variant", "Atomic");
    let e = tegoma_pgn::record::pgn_to_pcn(&g).unwrap_err();
    assert_eq!(
        tegoma_notation::NotationError::kind(&e),
        "UnsupportedVariant"
    );
    let mut g = one("1. e4 e5 *\n");
    g.moves.insert(1, "--".parse().unwrap());
    let e = tegoma_pgn::record::pgn_to_pcn(&g).unwrap_err();
    assert_eq!(tegoma_notation::NotationError::kind(&e), "NullMove");
}

#[test]
fn a_ply_the_match_cannot_play_is_an_error_not_a_loss() {
    use tegoma_notation::NotationError;
    const START: &str = "+rnbq+k^bn+r/+p+p+p+p+p+p+p+p/8/8/8/8/+P+P+P+P+P+P+P+P/+RNBQ+K^BN+R / C/c";
    // The flag falls during the first ply (61 s of a 60 s period): it was not played.
    let late = Pcn::parse(&format!(
        r#"{{"periods": [{{"time": 60}}], "setup": "{START}", "plies": [{{"move": "e2-e4", "seconds": 61}}]}}"#
    ))
    .unwrap();
    let e = match_from_pcn(&late).expect_err("a ply after the flag fell");
    assert_eq!(e.kind(), "MatchFinished");
    let text = e.to_string();
    assert!(text.starts_with("ply 1 (e2-e4): not played"), "{text}");
    assert!(
        text.contains("61 s spent") && text.contains("0 of 1 plies kept"),
        "{text}"
    );
    // A ply after a checkmate.
    let after_mate = Pcn::parse(&format!(
        r#"{{"setup": "{START}", "plies": ["f2-f3", "e7-e5", "g2-g4", "d8-h4", "a2-a3"]}}"#
    ))
    .unwrap();
    let e = match_from_pcn(&after_mate).expect_err("a ply after the mate");
    assert_eq!(e.kind(), "MatchFinished");
    assert!(e.to_string().contains("ply 5 (a2-a3)"), "{e}");
    assert!(e.to_string().contains("the game was over"), "{e}");
}

#[test]
fn a_record_of_another_game_without_plies_is_not_written_as_pgn() {
    use tegoma_notation::NotationError;
    // Ōgi's start, no plies: nothing to spell in SAN, yet still not chess.
    let ogi =
        Pcn::parse(r#"{"setup": "lnsik^snl/1r4b1/pppppppp/8/8/PPPPPPPP/1B4R1/LNSIK^SNL / O/o"}"#)
            .unwrap();
    let e = pcn_to_pgn_with_warnings(&ogi).expect_err("not chess");
    assert_eq!(e.kind(), "NotChess");
}

#[test]
fn the_replay_report_names_the_ply_the_flag_fell_in() {
    const START: &str = "+rnbq+k^bn+r/+p+p+p+p+p+p+p+p/8/8/8/8/+P+P+P+P+P+P+P+P/+RNBQ+K^BN+R / C/c";
    // Both sides have 60 s; the first spends 30 then 31 s: its flag falls during ply 3.
    let pcn = Pcn::parse(&format!(
        r#"{{"periods": [{{"time": 60}}], "setup": "{START}", "plies": [{{"move": "e2-e4", "seconds": 30}}, "e7-e5", {{"move": "d2-d4", "seconds": 31}}, "d7-d5"]}}"#
    ))
    .unwrap();
    let r = tegoma_game::replay::replay_pcn(0, &pcn);
    let bad = r.bad_ply.expect("the ply the flag fell in is reported");
    assert_eq!((bad.ply, bad.text.as_str()), (3, "d2-d4"));
    assert_eq!(bad.reason.kind, "MatchFinished");
    assert!(
        bad.reason.message.contains("flag fell"),
        "{}",
        bad.reason.message
    );
    assert_eq!(r.plies, 2);
}
