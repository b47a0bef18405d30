//! UCI, the Universal Chess Interface, for chess.
//!
//! Commands: `uci`, `isready`, `ucinewgame`, `setoption name <Hash|Threads|MultiPV|Ponder|
//! Level|Seed|Move Overhead> value <v>`, `position startpos|fen <FEN> [moves <m>...]` (moves in
//! UCI notation; PMN and SAN are read too), `go [wtime|btime|winc|binc|movestogo|depth|nodes|
//! movetime|mate <n>] [infinite] [ponder] [searchmoves <m>...]`, `ponderhit`, `stop`, `quit`,
//! and `debug on|off` and `register` (accepted, without effect). Commands before `uci` are
//! served as after it (the start position is searched when no `position` came). The search runs
//! in its own thread, so `isready`, `ponderhit` and `stop` are answered while it thinks.
//! Output: `id`, `option`, `uciok`, `readyok`, `info depth .. seldepth .. [multipv k] score
//! cp|mate .. nodes .. nps .. time .. pv ..` (one line per variation when `MultiPV` is more than
//! 1), `bestmove <m> [ponder <m>]` (`bestmove (none)` when there is no legal move), and
//! `info string ...` for errors and unknown commands.
//!
//! `go ponder` thinks on the opponent's time until `ponderhit` (the search goes on within the
//! `go` command's clock, counted from the hit) or `stop` (the best move is sent at once).
//! `go mate N` stops at a mate in N moves or fewer.
//!
//! ```no_run
//! tegoma_engine::uci::run(std::io::stdin().lock(), std::io::stdout()).unwrap();
//! ```

use std::io::{self, BufRead, Write};
use std::sync::{Arc, Mutex};
use std::thread::JoinHandle;

use tegoma_game::{MoveFormat, Rules};
use tegoma_protocol::Side;

use crate::engine::{Engine, EngineOptions, SearchRequest, Start};
use crate::level::Level;
use crate::limits::{Limits, SideTime};
use crate::protocol::Out;

/// Serves a UCI session (the first line may be `uci` or anything else); returns at `quit` or
/// at the end of the input (after the running search ends).
///
/// # Errors
/// Only a failure to read the input.
pub fn run<I: BufRead, W: Write + Send + 'static>(input: I, output: W) -> io::Result<()> {
    serve(crate::protocol::lines(input), Out::new(output))
}

struct Session<W: Write + Send + 'static> {
    out: Out<W>,
    engine: Arc<Mutex<Engine>>,
    stop: crate::engine::StopHandle,
    position: Result<SearchRequest, String>,
    search: Option<JoinHandle<()>>,
    /// Whether the running search is `go infinite` or `go ponder` (stopped at the end of the
    /// input).
    infinite: bool,
    /// Variations searched (`MultiPV`).
    multipv: usize,
}

/// The most threads the `Threads` option accepts: the machine's cores.
pub fn max_threads() -> usize {
    std::thread::available_parallelism().map_or(1, |n| n.get().min(256))
}

/// The UCI commands a session may start with (`uci` itself, or any other: they are served
/// before `uci` as after it).
pub const COMMANDS: &[&str] = &[
    "uci",
    "isready",
    "ucinewgame",
    "setoption",
    "position",
    "go",
    "stop",
    "ponderhit",
    "quit",
    "debug",
    "register",
];

/// The most variations the `MultiPV` option accepts.
pub const MAX_MULTIPV: usize = 256;

pub(crate) fn serve<L, W>(lines: L, out: Out<W>) -> io::Result<()>
where
    L: Iterator<Item = io::Result<tegoma_game::lines::Line>>,
    W: Write + Send + 'static,
{
    let engine = Engine::new(Rules::default());
    let stop = engine.stop_handle();
    let mut s = Session {
        out,
        engine: Arc::new(Mutex::new(engine)),
        stop,
        position: Ok(SearchRequest {
            format: MoveFormat::Uci,
            ..SearchRequest::new(Start::Initial, Vec::new(), Limits::default())
        }),
        search: None,
        infinite: false,
        multipv: 1,
    };
    for line in lines {
        let line = line?;
        if line.cut {
            s.out
                .line("info string error: a line longer than 1 MiB, ignored");
            continue;
        }
        let line = line.text;
        let words: Vec<&str> = line.split_whitespace().collect();
        let Some(&command) = words.first() else {
            continue;
        };
        match command {
            "uci" => s.uci(),
            "isready" => s.out.line("readyok"),
            "ucinewgame" => {
                s.halt();
                lock(&s.engine).new_game();
            }
            "setoption" => s.setoption(&words[1..]),
            "position" => {
                s.halt();
                s.position = s.parse_position(&words[1..]);
                if let Err(e) = &s.position {
                    s.out.line(&format!("info string error: {e}"));
                }
            }
            "go" => s.go(&words[1..]),
            "stop" => s.halt(),
            "ponderhit" => s.stop.ponderhit(),
            "debug" | "register" => {}
            "quit" => {
                s.halt();
                return Ok(());
            }
            other => s.out.line(&format!(
                "info string unknown command: {}",
                other.chars().take(64).collect::<String>()
            )),
        }
    }
    // End of input: let the running search finish (stop it if it never would).
    if s.infinite {
        s.halt();
    }
    s.wait();
    Ok(())
}

fn lock(e: &Mutex<Engine>) -> std::sync::MutexGuard<'_, Engine> {
    match e.lock() {
        Ok(g) => g,
        Err(p) => p.into_inner(),
    }
}

impl<W: Write + Send + 'static> Session<W> {
    fn uci(&self) {
        let d = EngineOptions::default();
        for l in [
            format!("id name {}", crate::NAME),
            format!("id author {}", crate::AUTHOR),
            format!(
                "option name Hash type spin default {} min 1 max 4096",
                d.hash_mb
            ),
            format!(
                "option name Threads type spin default 1 min 1 max {}",
                max_threads()
            ),
            format!("option name MultiPV type spin default 1 min 1 max {MAX_MULTIPV}"),
            "option name Ponder type check default false".to_string(),
            format!(
                "option name Level type spin default {} min 1 max 8",
                Level::FULL
            ),
            "option name Seed type spin default 0 min 0 max 2147483647".to_string(),
            format!(
                "option name Move Overhead type spin default {} min 0 max 5000",
                d.move_overhead_ms
            ),
            "uciok".to_string(),
        ] {
            self.out.line(&l);
        }
    }

    /// Waits for the running search (its `bestmove` is written by then).
    fn wait(&mut self) {
        if let Some(h) = self.search.take() {
            let _ = h.join();
        }
    }

    /// Stops the running search, if any, and waits for its `bestmove` (a command that needs
    /// the engine while a search runs, which holds it, would otherwise wait for ever on
    /// `go infinite`).
    fn halt(&mut self) {
        if self.search.is_some() {
            self.stop.stop();
            self.wait();
        }
    }

    fn setoption(&mut self, words: &[&str]) {
        // setoption name <name words> value <value>
        let text = words.join(" ");
        let Some(rest) = text.strip_prefix("name ") else {
            self.out
                .line("info string error: setoption name <name> value <value>");
            return;
        };
        let (name, value) = match rest.split_once(" value ") {
            Some((n, v)) => (n.trim(), v.trim()),
            None => (rest.trim(), ""),
        };
        self.halt();
        let mut engine = lock(&self.engine);
        let mut o = engine.options().clone();
        let number = value.parse::<u64>();
        let ok = match (name.to_ascii_lowercase().as_str(), number) {
            ("hash", Ok(n)) if (1..=4096).contains(&n) => {
                o.hash_mb = n as usize;
                true
            }
            ("threads", Ok(n)) if n >= 1 && n <= max_threads() as u64 => {
                o.threads = n as usize;
                true
            }
            ("multipv", Ok(n)) if n >= 1 && n <= MAX_MULTIPV as u64 => {
                self.multipv = n as usize;
                true
            }
            // The GUI's hint that it will send `go ponder`: nothing to prepare.
            ("ponder", _) => matches!(value.to_ascii_lowercase().as_str(), "true" | "false"),
            ("level", Ok(n)) => match u8::try_from(n).ok().and_then(Level::new) {
                Some(l) => {
                    o.level = l;
                    true
                }
                None => false,
            },
            ("seed", Ok(n)) => {
                o.seed = n;
                true
            }
            ("move overhead", Ok(n)) if n <= 5000 => {
                o.move_overhead_ms = n;
                true
            }
            ("hash" | "threads" | "multipv" | "level" | "seed" | "move overhead", _) => false,
            _ => {
                drop(engine);
                self.out.line(&format!(
                    "info string error: unknown option {:?}",
                    name.chars().take(64).collect::<String>()
                ));
                return;
            }
        };
        if ok {
            engine.set_options(o);
        } else {
            drop(engine);
            self.out.line(&format!(
                "info string error: bad value {:?} for option {name}",
                value.chars().take(64).collect::<String>()
            ));
        }
    }

    fn parse_position(&self, words: &[&str]) -> Result<SearchRequest, String> {
        let (start, rest) = match words.first() {
            Some(&"startpos") => (Start::Initial, &words[1..]),
            Some(&"fen") => {
                let end = words
                    .iter()
                    .position(|&w| w == "moves")
                    .unwrap_or(words.len());
                (Start::Fen(words[1..end].join(" ")), &words[end..])
            }
            _ => return Err("position startpos|fen <FEN> [moves ...]".into()),
        };
        let moves: Vec<String> = match rest.first() {
            None => Vec::new(),
            Some(&"moves") => rest[1..].iter().map(|s| s.to_string()).collect(),
            Some(other) => return Err(format!("unexpected {other:?} (moves expected)")),
        };
        let mut r = SearchRequest::new(start, moves, Limits::default());
        r.format = MoveFormat::Uci;
        lock(&self.engine).check(&r).map_err(|e| e.to_string())?;
        Ok(r)
    }

    fn go(&mut self, words: &[&str]) {
        self.halt();
        self.stop.reset();
        let mut request = match &self.position {
            Ok(r) => r.clone(),
            Err(e) => {
                self.out
                    .line(&format!("info string error: no valid position ({e})"));
                self.out.line("bestmove (none)");
                return;
            }
        };
        let side = lock(&self.engine).check(&request).unwrap_or(Side::First);
        let mut limits = Limits::default();
        let mut white = SideTime::default();
        let mut black = SideTime::default();
        let mut clock = false;
        let mut i = 0;
        let num = |i: usize| words.get(i + 1).and_then(|w| w.parse::<i64>().ok());
        while i < words.len() {
            let w = words[i];
            let n = num(i).map(|v| v.max(0) as u64);
            match (w, n) {
                ("wtime", Some(n)) => {
                    white.remaining_ms = n;
                    clock = true;
                }
                ("btime", Some(n)) => {
                    black.remaining_ms = n;
                    clock = true;
                }
                ("winc", Some(n)) => white.increment_ms = n,
                ("binc", Some(n)) => black.increment_ms = n,
                ("movestogo", Some(n)) => {
                    white.moves_to_go = Some(n.min(1000) as u32);
                    black.moves_to_go = Some(n.min(1000) as u32);
                }
                ("depth", Some(n)) => limits.depth = Some(n.min(1000) as u32),
                ("nodes", Some(n)) => limits.nodes = Some(n),
                ("movetime", Some(n)) => limits.movetime_ms = Some(n),
                ("mate", Some(n)) => limits.mate = Some(n.clamp(1, 500) as u32),
                ("infinite", _) => {
                    limits.infinite = true;
                    i += 1;
                    continue;
                }
                ("ponder", _) => {
                    limits.ponder = true;
                    i += 1;
                    continue;
                }
                ("searchmoves", _) => {
                    let mut j = i + 1;
                    while j < words.len()
                        && ![
                            "wtime",
                            "btime",
                            "winc",
                            "binc",
                            "movestogo",
                            "depth",
                            "nodes",
                            "movetime",
                            "mate",
                            "infinite",
                            "ponder",
                        ]
                        .contains(&words[j])
                    {
                        request.search_moves.push(words[j].to_string());
                        j += 1;
                    }
                    i = j;
                    continue;
                }
                _ => {
                    self.out.line(&format!(
                        "info string error: go: unexpected {:?}",
                        w.chars().take(32).collect::<String>()
                    ));
                    i += 1;
                    continue;
                }
            }
            i += 2;
        }
        if clock {
            limits.clock = Some(if side == Side::First { white } else { black });
        }
        self.infinite = limits.infinite || limits.ponder;
        limits.multipv = self.multipv;
        request.limits = limits;
        let engine = Arc::clone(&self.engine);
        let out = self.out.clone();
        self.search = Some(std::thread::spawn(move || {
            let mut engine = lock(&engine);
            let multi = request.limits.variations() > 1;
            let result = engine.search(&request, &mut |info| info_lines(&out, info, multi));
            match result {
                Ok(r) => {
                    if r.info.depth == 0 {
                        // Stopped before the first iteration ended: still say what was done.
                        info_lines(&out, &r.info, multi);
                    }
                    out.line(&match (r.best, r.ponder) {
                        (Some(b), Some(p)) => format!("bestmove {b} ponder {p}"),
                        (Some(b), None) => format!("bestmove {b}"),
                        (None, _) => "bestmove (none)".to_string(),
                    });
                }
                Err(e) => {
                    out.line(&format!("info string error: {e}"));
                    out.line("bestmove (none)");
                }
            }
        }));
    }
}

/// Writes an iteration's `info` line, or one line per variation (with `multipv k`) when
/// `multi`.
fn info_lines<W: Write>(out: &Out<W>, i: &crate::Info, multi: bool) {
    if !multi || i.variations.is_empty() {
        out.line(&info_line(i, None, i.score, &i.pv));
        return;
    }
    for (k, v) in i.variations.iter().enumerate() {
        out.line(&info_line(i, Some(k + 1), v.score, &v.pv));
    }
}

fn info_line(i: &crate::Info, k: Option<usize>, score: crate::Score, pv: &[String]) -> String {
    let multipv = k.map_or(String::new(), |k| format!(" multipv {k}"));
    let mut s = format!(
        "info depth {} seldepth {}{multipv} score {score} nodes {} nps {} time {}",
        i.depth, i.seldepth, i.nodes, i.nps, i.time_ms
    );
    if !pv.is_empty() {
        s.push_str(" pv ");
        s.push_str(&pv.join(" "));
    }
    s
}
