//! `tegoma engine` driven by python-chess (1.11.2), a UCI client GUIs and tools use: multi-PV
//! analysis, pondering, `go mate`, `searchmoves` and options, as python-chess sends them. The
//! interpreter is `TEGOMA_PYTHON` (scripts/test.sh sets it to a virtual environment with
//! python-chess), else `python3`; the test fails when python-chess cannot be imported.

use std::process::Command;

const BIN: &str = env!("CARGO_BIN_EXE_tegoma");

const SCRIPT: &str = r#"
import sys
import chess
import chess.engine

engine = chess.engine.SimpleEngine.popen_uci([sys.argv[1], "engine"], timeout=30)
assert engine.id["name"].startswith("Tegoma"), engine.id
assert "MultiPV" in engine.options and "Ponder" in engine.options, list(engine.options)

# Multi-PV: three variations, best first, three different first moves.
board = chess.Board()
infos = engine.analyse(board, chess.engine.Limit(depth=6), multipv=3)
assert len(infos) == 3, infos
firsts = [info["pv"][0] for info in infos]
assert len(set(firsts)) == 3, firsts
scores = [info["score"].relative.score(mate_score=100000) for info in infos]
assert scores == sorted(scores, reverse=True), scores
assert [info["multipv"] for info in infos] == [1, 2, 3], infos
for move in firsts:
    assert board.is_legal(move), move

# Multi-PV with fewer legal moves than variations: one per legal move.
board = chess.Board("7k/8/8/8/8/8/8/K6R b - - 0 1")
infos = engine.analyse(board, chess.engine.Limit(depth=4), multipv=5)
assert len(infos) == len(list(board.legal_moves)), infos

# go mate: a mate in one (the King of e6 and the rook give mate on h8).
board = chess.Board("4k3/8/4K3/8/8/8/8/7R w - - 0 1")
result = engine.play(board, chess.engine.Limit(mate=1), info=chess.engine.INFO_SCORE)
board.push(result.move)
assert board.is_checkmate(), result
assert result.info["score"].relative == chess.engine.Mate(1), result.info

# searchmoves (python-chess's root_moves).
board = chess.Board()
result = engine.play(board, chess.engine.Limit(depth=4), root_moves=[chess.Move.from_uci("a2a3"), chess.Move.from_uci("h2h3")])
assert result.move.uci() in ("a2a3", "h2h3"), result

# Pondering: python-chess sends `go ponder` on the expected answer after each move, then
# `stop` (or the next command) when the game goes on.
engine.configure({"Threads": 1})
board = chess.Board()
for _ in range(3):
    result = engine.play(board, chess.engine.Limit(time=0.1), ponder=True)
    assert result.move is not None and board.is_legal(result.move), result
    board.push(result.move)
    if result.ponder is not None:
        assert board.is_legal(result.ponder), result
        board.push(result.ponder)
    else:
        board.push(next(iter(board.legal_moves)))
# Two threads (Lazy SMP; one on a one-core machine): a legal best move and a mate still found.
engine.configure({"Threads": min(2, engine.options["Threads"].max)})
board = chess.Board("4k3/8/4K3/8/8/8/8/7R w - - 0 1")
result = engine.play(board, chess.engine.Limit(depth=5))
assert result.move == chess.Move.from_uci("h1h8"), result
infos = engine.analyse(chess.Board(), chess.engine.Limit(depth=6), multipv=2)
assert len(infos) == 2 and infos[0]["pv"][0] != infos[1]["pv"][0], infos
engine.quit()
print("ok")
"#;

/// A back-rank mate in one, checked by python-chess (a brute-force search), then found by `go mate 1`.
const MATE_IN_TWO_CHECK: &str = r#"
import sys
import chess
import chess.engine
fen = "6k1/5ppp/8/8/8/8/5PPP/3R2K1 w - - 0 1"
board = chess.Board(fen)

def mates_in(board, n):
    # Whether the side to move mates in n moves or fewer whatever the defence.
    for move in list(board.legal_moves):
        board.push(move)
        ok = board.is_checkmate() or (n > 1 and not board.is_game_over() and all(
            replied(board, reply, n - 1) for reply in list(board.legal_moves)))
        board.pop()
        if ok:
            return True
    return False

def replied(board, reply, n):
    board.push(reply)
    ok = mates_in(board, n)
    board.pop()
    return ok

assert mates_in(board, 1)
engine = chess.engine.SimpleEngine.popen_uci([sys.argv[1], "engine"], timeout=30)
result = engine.play(board, chess.engine.Limit(mate=1), info=chess.engine.INFO_SCORE)
assert result.move == chess.Move.from_uci("d1d8"), result
engine.quit()
print("ok")
"#;

fn python() -> String {
    std::env::var("TEGOMA_PYTHON").unwrap_or_else(|_| "python3".to_string())
}

fn run_script(script: &str) {
    let py = python();
    let out = Command::new(&py)
        .arg("-c")
        .arg(script)
        .arg(BIN)
        .output()
        .unwrap_or_else(|e| {
            panic!("{py} cannot run ({e}): the test needs Python with python-chess (TEGOMA_PYTHON)")
        });
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert!(
        !stderr.contains("No module named 'chess'"),
        "{py} has no python-chess: run scripts/test.sh, or set TEGOMA_PYTHON to a Python with chess==1.11.2"
    );
    assert!(
        out.status.success()
            && String::from_utf8_lossy(&out.stdout)
                .trim_end()
                .ends_with("ok"),
        "python-chess script failed:\n{}\n{stderr}",
        String::from_utf8_lossy(&out.stdout)
    );
}

#[test]
fn python_chess_analyses_with_multipv_ponders_and_mates() {
    run_script(SCRIPT);
}

#[test]
fn python_chess_finds_a_back_rank_mate_checked_by_python_chess() {
    run_script(MATE_IN_TWO_CHECK);
}
