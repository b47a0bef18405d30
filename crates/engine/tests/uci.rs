//! UCI conformance: every command of the protocol, and the answers to bad input.

mod common;

use common::session;

fn bestmove(lines: &[String]) -> Vec<&String> {
    lines.iter().filter(|l| l.starts_with("bestmove")).collect()
}

#[test]
fn uci_announces_the_engine_and_its_options() {
    let out = session("uci\n");
    assert!(out[0].starts_with("id name Tegoma"));
    assert!(out.iter().any(|l| l.starts_with("id author ")));
    for option in ["Hash", "Threads", "Level", "Seed", "Move Overhead"] {
        assert!(
            out.iter()
                .any(|l| l.starts_with(&format!("option name {option} type spin"))),
            "{option}"
        );
    }
    assert_eq!(out.last().unwrap(), "uciok");
}

#[test]
fn isready_ucinewgame_setoption() {
    let out = session(
        "uci\nsetoption name Hash value 8\nsetoption name Threads value 1\nsetoption name Level value 3\nsetoption name Seed value 5\nsetoption name Move Overhead value 20\nucinewgame\nisready\n",
    );
    assert_eq!(out.last().unwrap(), "readyok");
    assert!(!out.iter().any(|l| l.contains("error")), "{out:?}");
    let out = session("uci\nsetoption name Level value 9\nsetoption name Colour value 1\nsetoption name Hash value x\nisready\n");
    let errors: Vec<_> = out
        .iter()
        .filter(|l| l.starts_with("info string error"))
        .collect();
    assert_eq!(errors.len(), 3, "{out:?}");
    assert_eq!(out.last().unwrap(), "readyok");
}

#[test]
fn position_startpos_and_fen_with_moves() {
    let out = session("uci\nposition startpos moves e2e4 e7e5 g1f3\ngo depth 3\n");
    let b = bestmove(&out);
    assert_eq!(b.len(), 1);
    // Black to move after three plies: a black move.
    let mv = b[0].split_whitespace().nth(1).unwrap();
    assert!(
        mv.as_bytes()[1] == b'7'
            || mv.as_bytes()[1] == b'8'
            || mv.as_bytes()[1] == b'6'
            || mv.as_bytes()[1] == b'5',
        "{mv}"
    );
    let out = session("uci\nposition fen 4k3/8/4K3/8/8/8/8/7R w - - 0 1\ngo depth 3\n");
    let info: Vec<_> = out.iter().filter(|l| l.starts_with("info depth")).collect();
    assert!(info.last().unwrap().contains("score mate 1"), "{info:?}");
    assert_eq!(bestmove(&out)[0], "bestmove h1h8");
    // Moves in PMN are read too.
    let out = session("uci\nposition startpos moves e2-e4\ngo depth 1\n");
    assert_eq!(bestmove(&out).len(), 1);
    assert!(!out.iter().any(|l| l.contains("error")));
}

#[test]
fn bad_positions_are_reported_and_give_no_move() {
    let out = session("uci\nposition startpos moves e2e5\ngo depth 1\n");
    assert!(
        out.iter().any(|l| l.starts_with("info string error")),
        "{out:?}"
    );
    assert_eq!(bestmove(&out), ["bestmove (none)"]);
    let out = session("uci\nposition fen not a fen\ngo depth 1\n");
    assert!(out.iter().any(|l| l.starts_with("info string error")));
    let out = session("uci\nposition sideways\n");
    assert!(out.iter().any(|l| l.starts_with("info string error")));
}

#[test]
fn go_with_every_limit() {
    for go in [
        "go depth 2",
        "go nodes 500",
        "go movetime 50",
        "go wtime 1000 btime 1000 winc 10 binc 10",
        "go wtime 500 btime 500 movestogo 5",
        "go depth 3 searchmoves a2a3 h2h3",
    ] {
        let out = session(&format!("uci\nposition startpos\n{go}\n"));
        let b = bestmove(&out);
        assert_eq!(b.len(), 1, "{go}: {out:?}");
        if go.contains("searchmoves") {
            assert!(
                b[0].starts_with("bestmove a2a3") || b[0].starts_with("bestmove h2h3"),
                "{b:?}"
            );
        }
        let info = out.iter().find(|l| l.starts_with("info depth")).unwrap();
        for field in ["seldepth", "score", "nodes", "nps", "time", "pv"] {
            assert!(info.contains(field), "{info}");
        }
    }
}

#[test]
fn go_infinite_waits_for_stop() {
    let out = session("uci\nposition startpos\ngo infinite\nisready\nstop\nisready\n");
    let ready = out.iter().position(|l| l == "readyok").unwrap();
    let best = out.iter().position(|l| l.starts_with("bestmove")).unwrap();
    // `isready` is answered during the search, the best move comes after `stop`.
    assert!(ready < best, "{out:?}");
    assert_eq!(out.last().unwrap(), "readyok");
}

#[test]
fn quit_ends_the_session_and_unknown_commands_are_reported() {
    let out = session("uci\nfrobnicate\nquit\nisready\n");
    assert!(out
        .iter()
        .any(|l| l == "info string unknown command: frobnicate"));
    assert!(!out.iter().any(|l| l == "readyok"));
}

#[test]
fn no_legal_move_gives_bestmove_none() {
    // Black is checkmated.
    let out = session("uci\nposition fen R3k3/8/4K3/8/8/8/8/8 b - - 0 1\ngo depth 2\n");
    assert_eq!(bestmove(&out), ["bestmove (none)"]);
}

#[test]
fn levels_are_seeded() {
    let run = |seed: u32| {
        let out = session(&format!(
            "uci\nsetoption name Level value 1\nsetoption name Seed value {seed}\nposition startpos\ngo depth 5\n"
        ));
        bestmove(&out)[0].clone()
    };
    // The same seed plays the same move.
    assert_eq!(run(1), run(1));
    // Level 1 plays more than one opening move over a few seeds.
    let moves: std::collections::HashSet<_> = (0..8).map(run).collect();
    assert!(moves.len() > 1, "{moves:?}");
}

#[test]
fn commands_during_an_infinite_search_stop_it() {
    // `position` and `ucinewgame` during `go infinite` stop the search (its best move is sent)
    // instead of waiting for ever.
    let out = session("uci\nposition startpos\ngo infinite\nposition startpos moves e2e4\nucinewgame\ngo depth 1\n");
    assert_eq!(bestmove(&out).len(), 2, "{out:?}");
}

#[test]
fn the_protocol_is_recognised_from_the_first_line() {
    let out = session("\nhello\nuci\n");
    assert!(out[0].starts_with("info string unknown protocol"));
    assert_eq!(out.last().unwrap(), "uciok");
    let out = session("{\"id\":0,\"op\":\"ping\"}\n");
    assert_eq!(out, [r#"{"re":0,"ev":"done"}"#]);
}

/// A line that is not UTF-8 is an unknown command and a line longer than 1 MiB is reported and
/// skipped; the session goes on (it used to end at the first byte that was not UTF-8).
#[test]
fn bad_bytes_and_overlong_lines_are_reported_and_the_session_goes_on() {
    let mut input = b"uci\n\xffisready\n".to_vec();
    input.extend_from_slice(
        format!("position startpos moves {}\n", "e2e4 ".repeat(1 << 18)).as_bytes(),
    );
    input.extend_from_slice(b"isready\n");
    let out = common::session_bytes(&input);
    let n = out.len();
    assert_eq!(
        out[n - 3],
        "info string unknown command: \u{fffd}isready",
        "{out:?}"
    );
    assert_eq!(
        out[n - 2],
        "info string error: a line longer than 1 MiB, ignored"
    );
    assert_eq!(out[n - 1], "readyok");
}

/// Commands before `uci` are served (as Stockfish serves them), and `go` without `position`
/// searches the start position, its moves in UCI notation.
#[test]
fn commands_before_uci_and_go_without_position() {
    let out = session("isready\ngo depth 3\n");
    assert_eq!(out[0], "readyok", "{out:?}");
    let b = bestmove(&out);
    assert_eq!(b.len(), 1, "{out:?}");
    let mv = b[0].split_whitespace().nth(1).unwrap();
    // UCI notation: a white move of four characters such as e2e4 (PMN would be e2-e4).
    assert!(
        mv.len() == 4 && matches!(mv.as_bytes()[1], b'1' | b'2'),
        "{mv}"
    );
    assert!(!mv.contains('-'), "{mv}");
    let out = session("position fen 4k3/8/4K3/8/8/8/8/7R w - - 0 1\ngo depth 3\n");
    assert_eq!(bestmove(&out), ["bestmove h1h8"]);
}

#[test]
fn multipv_reports_one_line_per_variation() {
    let out = session("uci\nsetoption name MultiPV value 3\nposition startpos\ngo depth 4\n");
    for k in 1..=3 {
        let tag = "info depth 4 seldepth";
        let line = out
            .iter()
            .find(|l| l.starts_with(tag) && l.contains(&format!(" multipv {k} ")))
            .unwrap_or_else(|| panic!("no multipv {k}: {out:?}"));
        assert!(line.contains(" pv "), "{line}");
    }
    // Three different first moves.
    let firsts: std::collections::HashSet<_> = out
        .iter()
        .filter(|l| l.starts_with("info depth 4 "))
        .map(|l| l.split(" pv ").nth(1).unwrap().split(' ').next().unwrap())
        .collect();
    assert_eq!(firsts.len(), 3, "{out:?}");
    // Out of range.
    let out = session("uci\nsetoption name MultiPV value 0\nisready\n");
    assert!(out.iter().any(|l| l.starts_with("info string error")));
}

/// `go mate 1` stops at the mate in one (Rh8#, checked by hand: the King on e6 covers d7, e7
/// and f7, the rook the eighth rank) without a depth or time.
#[test]
fn go_mate_stops_at_the_mate() {
    let out = session("uci\nposition fen 4k3/8/4K3/8/8/8/8/7R w - - 0 1\ngo mate 1\n");
    assert_eq!(bestmove(&out), ["bestmove h1h8"], "{out:?}");
    assert!(!out.iter().any(|l| l.contains("error")), "{out:?}");
    let info = out.iter().rfind(|l| l.starts_with("info depth")).unwrap();
    assert!(info.contains("score mate 1"), "{info}");
    // No mate: the search still ends (4N + 4 plies).
    let out = session("uci\nposition startpos\ngo mate 1\n");
    assert_eq!(bestmove(&out).len(), 1, "{out:?}");
}

/// `go ponder` thinks until `ponderhit` (then within its bounds) or `stop`; the best move
/// is never sent before either.
#[test]
fn ponder_waits_for_ponderhit_or_stop() {
    let out = session("uci\nsetoption name Ponder value true\nposition startpos\ngo ponder depth 2\nisready\nponderhit\nisready\n");
    let ready = out.iter().position(|l| l == "readyok").unwrap();
    let best = out.iter().position(|l| l.starts_with("bestmove")).unwrap();
    assert!(ready < best, "{out:?}");
    assert!(!out.iter().any(|l| l.contains("error")), "{out:?}");
    // `stop` while pondering sends the best move at once.
    let out =
        session("uci\nposition startpos\ngo ponder wtime 100000 btime 100000\nstop\nisready\n");
    assert_eq!(bestmove(&out).len(), 1, "{out:?}");
    assert_eq!(out.last().unwrap(), "readyok");
    // A ponder hit with a clock: the search ends on its own within the budget.
    let out = session("uci\nposition startpos\ngo ponder wtime 2000 btime 2000\nponderhit\n");
    assert_eq!(bestmove(&out).len(), 1, "{out:?}");
}

#[test]
fn threads_option_is_bounded_by_the_cores() {
    let cores = std::thread::available_parallelism().map_or(1, |n| n.get());
    let out = session("uci\n");
    assert!(
        out.iter().any(|l| l
            == &format!(
                "option name Threads type spin default 1 min 1 max {}",
                cores.min(256)
            )),
        "{out:?}"
    );
    let out = session(&format!(
        "uci\nsetoption name Threads value {}\nisready\n",
        cores + 1
    ));
    assert!(
        out.iter().any(|l| l.starts_with("info string error")),
        "{out:?}"
    );
}
