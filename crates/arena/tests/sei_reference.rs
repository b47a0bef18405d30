//! `tegoma match`'s SEI host code against Sashité's published reference engine,
//! `sanki-sei-random-engine` (crate `sashite-sanki-sei-random-engine` 0.1.0, installed by
//! `scripts/test.sh`), for what does not depend on the rules (it plays Sashité's own
//! `sashite.sanki.kernel/1`, not Tegoma's games): the handshake, `ping`, `configure`, the error
//! classes and paths, the fatal envelope errors and exit statuses, the clocks the host writes
//! (Fischer, byōyomi, Canadian and classical periods) accepted as they are, and its refusal of
//! Tegoma's rules ids. The test fails when the engine is missing.

use std::path::PathBuf;
use std::time::Duration;

use serde_json::json;
use tegoma_arena::player::{Player, Timeouts};
use tegoma_arena::sei::{search_clock, SeiPlayer, SeiSession};
use tegoma_arena::EngineSpec;
use tegoma_game::clock::{Clock, Period, TimeControl};
use tegoma_game::sei::{self, Code, Ev};
use tegoma_game::{AnyMatch, Rules};

const WAIT: Duration = Duration::from_secs(10);
/// The reference's rules id and its README's initial position.
const KERNEL: &str = "sashite.sanki.kernel/1";
const START: &str = "-rnbik^bn-r/+f+f+f+f+f+f+f+f/8/8/8/8/+P+P+P+P+P+P+P+P/-RNBQK^BN-R / W/j";

fn reference() -> EngineSpec {
    let home = std::env::var_os("CARGO_HOME")
        .map(PathBuf::from)
        .or_else(|| std::env::var_os("HOME").map(|h| PathBuf::from(h).join(".cargo")))
        .expect("CARGO_HOME or HOME");
    let bin = home.join("bin").join("sanki-sei-random-engine");
    assert!(
        bin.exists(),
        "{} is missing: `cargo install sashite-sanki-sei-random-engine --version 0.1.0 --locked` \
         (scripts/test.sh does it)",
        bin.display()
    );
    EngineSpec::parse(&format!("cmd={},proto=sei,name=reference", bin.display())).unwrap()
}

fn search(rules: &str, clock: Option<sei::Clock>) -> sei::Search {
    sei::Search {
        rules: rules.into(),
        position: START.into(),
        moves: vec!["e2-e4".into()],
        clock,
        ..sei::Search::default()
    }
}

#[test]
fn handshake_ping_and_configure() {
    let mut s = SeiSession::spawn(&reference()).unwrap();
    // `ping` before `hello` is allowed.
    let took = s.ping(WAIT).unwrap();
    assert!(took < Duration::from_millis(50), "{took:?}");
    let hello = s.open(WAIT).unwrap();
    assert_eq!(hello.versions, Some(vec![1]));
    assert_eq!(
        hello.engine.as_ref().unwrap().name,
        "sanki-sei-random-engine"
    );
    let rules = hello.rules.as_ref().unwrap();
    assert!(rules.contains_key(KERNEL));
    for id in sei::rules_ids() {
        assert!(!rules.contains_key(&id), "{id}");
    }
    assert!(hello.features.as_ref().unwrap().contains_key("roots"));
    assert_eq!(hello.options.as_ref().unwrap()["seed"]["type"], "int");
    let done = s
        .ask("configure", &json!({"options": {"seed": 7}}), WAIT)
        .unwrap();
    assert_eq!((done.ev, done.re), (Ev::Done, Some(3)));
    let err = s
        .ask("configure", &json!({"options": {"threads": 2}}), WAIT)
        .unwrap();
    assert_eq!(
        (err.ev, err.code, err.path.as_deref()),
        (Ev::Error, Some(Code::Invalid), Some("/options/threads"))
    );
    let err = s.ask("dance", &(), WAIT).unwrap();
    assert_eq!(
        (err.code, err.path.as_deref()),
        (Some(Code::Invalid), Some("/op"))
    );
    let err = s.ask("ping", &json!({"extra": 1}), WAIT).unwrap();
    assert_eq!(err.code, Some(Code::Invalid));
    s.ping(WAIT).unwrap();
    let note = s.close_and_tell(WAIT);
    assert!(note.contains("exit status: 0"), "{note}");
}

#[test]
fn our_rules_ids_are_refused_and_our_clocks_accepted() {
    let mut s = SeiSession::spawn(&reference()).unwrap();
    s.open(WAIT).unwrap();
    let clock = |tc: TimeControl| {
        let mut c = Clock::new(tc);
        c.record_ply(10).unwrap();
        c.record_ply(20).unwrap();
        search_clock(&c)
    };
    for id in sei::rules_ids() {
        let err = s
            .ask(
                "search",
                &search(&id, Some(clock(TimeControl::fischer(60_000, 1_000)))),
                WAIT,
            )
            .unwrap();
        assert_eq!(
            (err.ev, err.code, err.path.as_deref()),
            (Ev::Error, Some(Code::Unsupported), Some("/rules")),
            "{id}"
        );
    }
    // The clocks `tegoma match` writes, of every kind, pass the reference's checks.
    let classical = TimeControl::new(vec![
        Period::with_quota(7_200_000, 40),
        Period::sudden_death(3_600_000, 30_000),
    ])
    .unwrap();
    for tc in [
        TimeControl::fischer(60_000, 1_000),
        TimeControl::byoyomi(10_000, 3_000),
        TimeControl::byoyomi(0, 3_000),
        TimeControl::canadian(10_000, 60_000, 10),
        TimeControl::new(vec![Period::with_quota(60_000, 40)]).unwrap(),
        classical,
    ] {
        let c = clock(tc.clone());
        let done = s
            .ask("search", &search(KERNEL, Some(c.clone())), WAIT)
            .unwrap();
        assert_eq!(done.ev, Ev::Done, "{tc:?} {c:?}: {}", done.line());
        assert!(matches!(done.best, Some(Some(_))), "{}", done.line());
    }
    // A search by nodes, and one restricted by roots.
    let mut by_nodes = search(KERNEL, None);
    by_nodes.limits = Some(sei::Limits {
        nodes: Some(100),
        ..sei::Limits::default()
    });
    by_nodes.roots = Some(vec!["a7-a6".into()]);
    let done = s.ask("search", &by_nodes, WAIT).unwrap();
    assert_eq!(done.best, Some(Some("a7-a6".into())), "{}", done.line());
    s.close(WAIT);
}

#[test]
fn the_match_runner_refuses_an_engine_without_its_rules() {
    let mut p = SeiPlayer::new(reference(), Rules::chess(), Timeouts::default());
    let err = p
        .new_game(&AnyMatch::new(Rules::chess()))
        .unwrap_err()
        .to_string();
    assert!(err.contains("does not play tegoma.chess/1"), "{err}");
    assert!(err.contains(KERNEL), "{err}");
}

#[test]
fn envelope_errors_end_the_reference_engine() {
    for line in [
        r#"{"id":1,"op":"ping"}"#,
        r#"{"id":9,"op":"hello","versions":[1]}"#,
        r#"{"id":9,"op":"ping","op":"ping"}"#,
        r#"{"id":9.5,"op":"ping"}"#,
    ] {
        let mut s = SeiSession::spawn(&reference()).unwrap();
        s.open(WAIT).unwrap();
        s.send_raw(line).unwrap();
        let err = s.read(std::time::Instant::now() + WAIT).unwrap().unwrap();
        assert_eq!(
            (err.ev, err.re, err.code),
            (Ev::Error, None, Some(Code::Invalid)),
            "{line}"
        );
        let note = s.close_and_tell(WAIT);
        assert!(note.contains("exit status: 1"), "{line}: {note}");
    }
}
