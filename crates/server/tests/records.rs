//! Records that keep what they hold: an imported PGN or PCN comes back out of the PGN and PCN
//! exports with its tags, result, comments, NAGs and variations; a server game's PGN has the
//! seven-tag roster, `TimeControl` and a `[%clk]` comment after every ply. Expected texts are
//! written by hand here, and python-chess (`TEGOMA_PYTHON`) reads the PGN back as an
//! independent reader.

mod common;

use std::process::Command;

use common::*;
use serde_json::{json, Value};

/// A game with everything PGN records hold besides the moves: tags, a comment before the
/// first move, comments, NAGs (`!` and `$14`), a nested variation, and a result the moves do
/// not reach (Black resigned).
const ANNOTATED: &str = r#"[Event "Club championship"]
[Site "Lyon FRA"]
[Date "2024.03.09"]
[Round "4"]
[White "Anna"]
[Black "Boris"]
[Result "1-0"]
[Annotator "Claire"]

{Opening notes} 1. e4 e5 2. Nf3! {the main move} Nc6 $14 3. Bb5 (3. Bc4 Bc5 (3... Nf6) 4. c3) a6 1-0
"#;

fn tags(pgn: &str) -> Vec<(String, String)> {
    pgn.lines()
        .filter_map(|l| l.strip_prefix('[')?.strip_suffix(']'))
        .filter_map(|l| {
            let (k, v) = l.split_once(' ')?;
            Some((k.to_string(), v.trim_matches('"').to_string()))
        })
        .collect()
}

fn tag<'a>(t: &'a [(String, String)], k: &str) -> Option<&'a str> {
    t.iter().find(|(n, _)| n == k).map(|(_, v)| v.as_str())
}

/// The movetext, whitespace runs as single spaces.
fn movetext(pgn: &str) -> String {
    pgn.lines()
        .filter(|l| !l.starts_with('['))
        .collect::<Vec<_>>()
        .join(" ")
        .split_whitespace()
        .collect::<Vec<_>>()
        .join(" ")
}

async fn import(addr: std::net::SocketAddr, body: Value) -> (String, Value) {
    let (s, v) = json(addr, "POST", "/api/games", None, Some(&body.to_string())).await;
    assert_eq!(s, 201, "{v}");
    (v["id"].as_str().unwrap().to_string(), v)
}

async fn get_pgn(addr: std::net::SocketAddr, id: &str) -> String {
    let (s, pgn) = http(addr, "GET", &format!("/api/games/{id}/pgn"), None, None).await;
    assert_eq!(s, 200, "{pgn}");
    pgn
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn an_imported_pgn_keeps_its_tags_comments_nags_variations_and_result() {
    let addr = start().await;
    let (id, created) = import(addr, json!({ "pgn": ANNOTATED })).await;
    let pgn = get_pgn(addr, &id).await;
    let t = tags(&pgn);
    let names: Vec<&str> = t.iter().map(|(k, _)| k.as_str()).collect();
    assert_eq!(
        &names[..7],
        ["Event", "Site", "Date", "Round", "White", "Black", "Result"],
        "{pgn}"
    );
    assert_eq!(tag(&t, "Event"), Some("Club championship"));
    assert_eq!(tag(&t, "Site"), Some("Lyon FRA"));
    assert_eq!(tag(&t, "Date"), Some("2024.03.09"));
    assert_eq!(tag(&t, "Round"), Some("4"));
    assert_eq!(tag(&t, "White"), Some("Anna"));
    assert_eq!(tag(&t, "Black"), Some("Boris"));
    assert_eq!(tag(&t, "Result"), Some("1-0"));
    assert_eq!(tag(&t, "Annotator"), Some("Claire"));
    assert_eq!(tag(&t, "rules"), None, "{pgn}");
    assert_eq!(tag(&t, "TimeControl"), Some("-"), "untimed: {pgn}");
    let moves = movetext(&pgn);
    assert_eq!(
        moves,
        "{Opening notes} 1. e4 e5 2. Nf3 $1 {the main move} 2... Nc6 $14 3. Bb5 \
         (3. Bc4 Bc5 (3... Nf6) 4. c3) 3... a6 1-0",
        "{pgn}"
    );
    assert!(!pgn.contains("%emt"), "no invented times: {pgn}");

    // A finished game holding the record's result: no move may follow.
    let (_, st) = json(addr, "GET", &format!("/api/games/{id}/state"), None, None).await;
    assert_eq!(st["game"]["outcome"]["result"], "first", "{st}");
    let token = created["seats"]["second"].as_str().unwrap();
    let (s, v) = play(addr, &id, token, "Nf6").await;
    assert_eq!((s, v["error"]["kind"].as_str()), (409, Some("GameOver")));

    // The PCN export holds the same, under the PCN keys.
    let (_, pcn) = json(addr, "GET", &format!("/api/games/{id}"), None, None).await;
    assert_eq!(pcn["meta"]["event"], "Club championship", "{pcn}");
    assert_eq!(pcn["meta"]["Annotator"], "Claire");
    assert_eq!(pcn["sides"]["first"]["name"], "Anna");
    assert_eq!(pcn["setup"]["comments"], json!(["Opening notes"]));
    assert_eq!(pcn["plies"][2]["nags"], json!([1]));
    assert_eq!(pcn["plies"][2]["comments"], json!(["the main move"]));
    assert_eq!(pcn["plies"][3]["nags"], json!([14]));
    assert_eq!(
        pcn["plies"][4]["variations"],
        json!(["3. Bc4 Bc5 (3... Nf6) 4. c3"])
    );
    assert!(pcn["plies"][0].get("seconds").is_none(), "{pcn}");
    assert_eq!(pcn["outcome"]["result"], "first");

    // The PCN export imported again gives the same PGN.
    let (id2, _) = import(addr, json!({ "pcn": pcn.to_string() })).await;
    assert_eq!(movetext(&get_pgn(addr, &id2).await), moves);
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn moves_played_after_an_import_follow_its_annotated_plies() {
    let addr = start().await;
    let text = "[Event \"Training\"]\n\n1. d4 {solid} d5 2. c4 $5 (2. Bf4) *\n";
    let (id, created) = import(addr, json!({ "pgn": text })).await;
    let token = created["seats"]["second"].as_str().unwrap();
    assert_eq!(play(addr, &id, token, "e6").await.0, 200);
    let pgn = get_pgn(addr, &id).await;
    let moves = movetext(&pgn);
    // The server's move has its time (`%emt`), the imported plies none.
    let (head, tail) = moves.split_once(" 2... e6 ").expect(&pgn);
    assert_eq!(head, "1. d4 {solid} 1... d5 2. c4 $5 (2. Bf4)", "{pgn}");
    assert!(tail.starts_with("{[%emt 0:00:0"), "{pgn}");
    assert!(tail.ends_with('*'), "{pgn}");
    assert_eq!(pgn.matches("%emt").count(), 1, "{pgn}");
    assert_eq!(tag(&tags(&pgn), "Event"), Some("Training"));
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_timed_game_writes_time_control_and_clocks() {
    let addr = start().await;
    let body = json!({"rules": "chess", "periods": [{"time": 300, "inc": 3}]}).to_string();
    let (id, t1, t2) = create(addr, &body).await;
    for (t, mv) in [(&t1, "e4"), (&t2, "e5"), (&t1, "Nf3"), (&t2, "Nc6")] {
        assert_eq!(play(addr, &id, t, mv).await.0, 200);
    }
    let pgn = get_pgn(addr, &id).await;
    let t = tags(&pgn);
    assert_eq!(tag(&t, "TimeControl"), Some("300+3"), "{pgn}");
    assert_eq!(tag(&t, "Round"), Some("-"));
    assert_eq!(tag(&t, "Event"), Some(format!("Tegoma game {id}").as_str()));
    assert_eq!(
        tag(&t, "Site"),
        Some(format!("http://{addr}/game/{id}").as_str())
    );
    // Four plies, each followed by the mover's clock: 300 s + 3 s less a moment.
    let moves = movetext(&pgn);
    assert_eq!(moves.matches("[%clk 0:05:0").count(), 4, "{pgn}");
    assert!(
        !moves.contains("%emt"),
        "the clock implies the times: {pgn}"
    );
    assert!(moves.starts_with("1. e4 {[%clk 0:05:0"), "{pgn}");

    // The PCN: the periods as given, `clock` on each ply, `seconds` on each but the first.
    let (_, pcn) = json(addr, "GET", &format!("/api/games/{id}"), None, None).await;
    assert_eq!(pcn["periods"], json!([{"time": 300, "inc": 3}]));
    // Each side's clock: 300 s, less what it spent, plus 3 s a move.
    let mut left = [300.0, 300.0];
    for (i, ply) in pcn["plies"].as_array().unwrap().iter().enumerate() {
        let clock = ply["clock"].as_f64().expect("a clock");
        // The first ply's time was not measured: no turn began before it.
        let spent = if i == 0 {
            assert!(ply.get("seconds").is_none(), "{ply}");
            0.0
        } else {
            ply["seconds"].as_f64().expect("a time")
        };
        left[i % 2] += 3.0 - spent;
        assert!((clock - left[i % 2]).abs() < 0.002, "{ply}");
    }
    python_reads(&pgn, 4, &[]);
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn byoyomi_has_no_pgn_form_and_untimed_is_a_dash() {
    let addr = start().await;
    let periods = json!([{"time": 600}, {"time": 30, "moves": 1}]);
    let body = json!({"rules": "chess", "periods": periods}).to_string();
    let (id, t1, _) = create(addr, &body).await;
    assert_eq!(play(addr, &id, &t1, "e4").await.0, 200);
    let pgn = get_pgn(addr, &id).await;
    let t = tags(&pgn);
    assert_eq!(tag(&t, "TimeControl"), Some("?"), "{pgn}");
    let exact: Value = serde_json::from_str(
        &tag(&t, "PcnPeriods")
            .expect("the exact periods")
            .replace("\\\"", "\""),
    )
    .unwrap();
    assert_eq!(exact, periods);
    // The state says where each side stands in the periods.
    let (_, st) = json(addr, "GET", &format!("/api/games/{id}/state"), None, None).await;
    let c = &st["game"]["clock"];
    assert_eq!(c["first_period"], json!({"index": 0, "left": 2}), "{c}");
    assert_eq!(c["second_period"], json!({"index": 0, "left": 2}));

    let (id, _, _) = create(addr, r#"{"rules": "chess"}"#).await;
    assert_eq!(
        tag(&tags(&get_pgn(addr, &id).await), "TimeControl"),
        Some("-")
    );
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn an_imported_timed_record_keeps_its_clocks_and_the_server_clock_follows() {
    let addr = start().await;
    let text = "[TimeControl \"60+1\"]\n\n1. e4 {[%clk 0:00:58]} e5 {[%clk 0:00:55]} *\n";
    let (id, created) = import(addr, json!({ "pgn": text })).await;
    // The server's clocks start from the record's: 58 s and 55 s left.
    let (_, st) = json(addr, "GET", &format!("/api/games/{id}/state"), None, None).await;
    let c = &st["game"]["clock"];
    let first = c["first_ms"].as_u64().unwrap();
    assert!((57_000..=58_000).contains(&first), "{c}");
    assert_eq!(c["second_ms"], 55_000, "{c}");
    let token = created["seats"]["first"].as_str().unwrap();
    assert_eq!(play(addr, &id, token, "Nf3").await.0, 200);
    let pgn = get_pgn(addr, &id).await;
    assert_eq!(tag(&tags(&pgn), "TimeControl"), Some("60+1"));
    let moves = movetext(&pgn);
    assert!(
        moves.starts_with("1. e4 {[%clk 0:00:58]} 1... e5 {[%clk 0:00:55]} 2. Nf3 {[%clk 0:00:5"),
        "{pgn}"
    );
    assert!(!moves.contains("%emt"), "{pgn}");
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_record_that_does_not_replay_creates_no_game() {
    let hub = tegoma_server::open(
        &fresh_db("records"),
        std::sync::Arc::new(tegoma_server::FirstLegal),
    )
    .await
    .unwrap();
    let listener = tokio::net::TcpListener::bind("127.0.0.1:0").await.unwrap();
    let addr = listener.local_addr().unwrap();
    let app = tegoma_server::app(hub.clone());
    tokio::spawn(async move { axum::serve(listener, app).await.unwrap() });
    let (id, _, _) = create(addr, r#"{"rules": "chess"}"#).await;
    let (_, mut pcn) = json(addr, "GET", &format!("/api/games/{id}"), None, None).await;
    pcn["plies"] = json!([{"move": "e2-e4"}, {"move": "e2-e4"}]);
    let bad_pgn = "1. e4 e5 2. Ke3 *\n";
    for body in [json!({"pcn": pcn.to_string()}), json!({ "pgn": bad_pgn })] {
        let (s, v) = json(addr, "POST", "/api/games", None, Some(&body.to_string())).await;
        assert_eq!(s, 422, "{v}");
        assert_eq!(v["error"]["kind"], "IllegalMove", "{v}");
        assert!(
            v["error"]["message"].as_str().unwrap().contains("ply"),
            "{v}"
        );
    }
    assert_eq!(
        hub.store().count_games().await.unwrap(),
        1,
        "only the first game"
    );
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_state_says_where_an_illegal_move_loses() {
    let addr = start().await;
    for (rules, loses) in [("chess", false), ("ogi", true)] {
        let (id, _, _) = create(addr, &json!({ "rules": rules }).to_string()).await;
        let (_, st) = json(addr, "GET", &format!("/api/games/{id}/state"), None, None).await;
        assert_eq!(
            st["game"]["illegal_move_loses"],
            json!({"first": loses, "second": loses}),
            "{rules}"
        );
    }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn python_chess_reads_an_imported_record_back() {
    let addr = start().await;
    let (id, _) = import(addr, json!({ "pgn": ANNOTATED })).await;
    let pgn = get_pgn(addr, &id).await;
    python_reads(&pgn, 6, &["Opening notes", "the main move"]);
    let script = r#"
import io, sys, chess.pgn
g = chess.pgn.read_game(io.StringIO(sys.stdin.read()))
assert g.headers["Event"] == "Club championship", g.headers
assert g.headers["White"] == "Anna" and g.headers["Black"] == "Boris", g.headers
assert g.headers["Result"] == "1-0", g.headers
assert g.headers["Annotator"] == "Claire", g.headers
n = g.next().next().next()
assert n.san() == "Nf3" and n.nags == {1}, (n.san(), n.nags)
m = n.next()
assert m.nags == {14}, m.nags
bb5 = m.variations
assert [v.san() for v in bb5[0].parent.variations] == ["Bb5", "Bc4"], bb5
bc4 = bb5[0].parent.variations[1]
assert bc4.next().san() == "Bc5"
assert [v.san() for v in bc4.variations[0].parent.variations] == ["Bc5", "Nf6"]
print("ok")
"#;
    run_python(script, &pgn);
}

/// Reads `pgn` with python-chess: `plies` main-line moves, the comments in `comments` among
/// those of the game, and each `[%clk]` as python-chess's own `clock()`.
fn python_reads(pgn: &str, plies: usize, comments: &[&str]) {
    let script = format!(
        r#"
import io, sys, chess.pgn
g = chess.pgn.read_game(io.StringIO(sys.stdin.read()))
assert not g.errors, g.errors
moves = list(g.mainline())
assert len(moves) == {plies}, len(moves)
texts = [g.comment] + [n.comment for n in moves]
for c in {comments:?}:
    assert any(c in t for t in texts), (c, texts)
clocks = [n.clock() for n in moves]
if "TimeControl" in g.headers and "+" in g.headers["TimeControl"]:
    assert all(c is not None and 290 < c <= 306 for c in clocks), clocks
print("ok")
"#
    );
    run_python(&script, pgn);
}

fn run_python(script: &str, stdin: &str) {
    use std::io::Write;
    let py = std::env::var("TEGOMA_PYTHON").unwrap_or_else(|_| "python3".to_string());
    let mut child = Command::new(&py)
        .arg("-c")
        .arg(script)
        .stdin(std::process::Stdio::piped())
        .stdout(std::process::Stdio::piped())
        .stderr(std::process::Stdio::piped())
        .spawn()
        .unwrap_or_else(|e| panic!("{py} cannot run ({e}): set TEGOMA_PYTHON"));
    child
        .stdin
        .take()
        .unwrap()
        .write_all(stdin.as_bytes())
        .unwrap();
    let out = child.wait_with_output().unwrap();
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert!(
        !stderr.contains("No module named 'chess'"),
        "{py} has no python-chess: set TEGOMA_PYTHON to a Python with chess==1.11.2"
    );
    assert!(
        out.status.success() && String::from_utf8_lossy(&out.stdout).trim_end() == "ok",
        "python-chess:\n{}\n{stderr}\n{stdin}",
        String::from_utf8_lossy(&out.stdout)
    );
}
