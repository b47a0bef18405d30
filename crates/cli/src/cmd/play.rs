//! `tegoma play [GAME]`: a game in the terminal against an engine at a level (through its SEI or
//! UCI command, `tegoma engine` by default), or between two people at one keyboard.
//!
//! After every move the board is drawn for players (see [`super::diagram`]) with both hands and
//! the clocks; the engine's moves are announced in SAN where the game has it, else in PMN. A move is typed in PMN
//! (SAN and UCI too for chess); `undo` takes back (the engine's reply too), `moves` lists the
//! legal moves, `draw` offers or accepts a draw (two players), `resign`, `quit` (or Ctrl-C, or
//! the input's end). The game is saved as PCN (and PGN for chess), unterminated when it was
//! left before its end.
use std::io::Write;
use std::process::ExitCode;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::mpsc;
use std::time::{Duration, Instant};

use tegoma_arena::game::{GameRecord, Labels, Termination};
use tegoma_arena::player::{ClockView, Player, Timeouts, Turn};
use tegoma_arena::tc::Tc;
use tegoma_arena::tournament::{make_player, today};
use tegoma_arena::EngineSpec;
use tegoma_game::clock::Clock;
use tegoma_game::replay::result_mark;
use tegoma_game::{AnyMatch, MatchError, MoveFormat, Rules};
use tegoma_protocol::Side;

/// Arguments of `tegoma play`.
#[derive(clap::Args, Debug)]
pub struct Args {
    /// The game (`chess`, `ogi`, `kogoma`, …).
    #[arg(default_value = "chess")]
    pub game: String,
    /// The engine: `cmd=COMMAND,proto=sei|uci,option.NAME=VALUE` (default: this program's
    /// `engine` command over SEI).
    #[arg(long, allow_hyphen_values = true)]
    pub engine: Option<String>,
    /// The engine's level, 1 (weakest) to 8 (full strength); in chess about 700, 1150, 1450,
    /// 1750, 1900, 2050, 2100 for levels 1-7 on Stockfish's `UCI_Elo` scale (docs/engine.md).
    #[arg(long, default_value_t = 4, value_parser = clap::value_parser!(u8).range(1..=8))]
    pub level: u8,
    /// Two people at one keyboard, no engine.
    #[arg(long)]
    pub two_players: bool,
    /// Your side against the engine: `first` (white, sente) or `second` (black, gote).
    #[arg(long, default_value = "first")]
    pub side: String,
    /// Time control `[MOVES/]TIME[+INC]` in seconds (`10:00+5` is ten minutes plus 5 s).
    #[arg(long, default_value = "10:00+5")]
    pub tc: String,
    /// Start position in FEEN.
    #[arg(long, allow_hyphen_values = true, conflicts_with = "fen")]
    pub feen: Option<String>,
    /// Start position in FEN (chess).
    #[arg(long, allow_hyphen_values = true)]
    pub fen: Option<String>,
    /// Where to save the game: PREFIX.pcn (and PREFIX.pgn for chess); default
    /// `tegoma-GAME-DATE-TIME`.
    #[arg(long)]
    pub out: Option<String>,
    /// Do not save the game.
    #[arg(long)]
    pub no_save: bool,
}

fn side_of(text: &str) -> Option<Side> {
    match text.to_ascii_lowercase().as_str() {
        "first" | "white" | "sente" | "w" | "1" => Some(Side::First),
        "second" | "black" | "gote" | "b" | "2" => Some(Side::Second),
        _ => None,
    }
}

fn clock_text(m: &AnyMatch) -> String {
    let Some(c) = m.clock() else {
        return String::new();
    };
    let [(first, _), (second, _)] = super::diagram::sides(m);
    let t = |s: Side| {
        let ms = c.remaining_ms(s);
        format!("{}:{:02}.{}", ms / 60_000, ms / 1000 % 60, ms / 100 % 10)
    };
    format!(
        "clock  {first} {}  {second} {}",
        t(Side::First),
        t(Side::Second)
    )
}

fn show(m: &AnyMatch, bottom: Side, out: &mut impl Write) {
    let _ = writeln!(out, "\n{}", super::diagram::draw(m, bottom));
    let _ = writeln!(out, "{}", clock_text(m));
}

const HELP: &str =
    "type a move (PMN; SAN or UCI for chess), or: moves, undo, draw, resign, board, help, quit";

/// What the player typed: a line, the input's end, or Ctrl-C.
enum Typed {
    Line(String),
    End,
    Interrupt,
}

/// Set by Ctrl-C.
static INTERRUPTED: AtomicBool = AtomicBool::new(false);

/// The player's input, read on a thread of its own so that Ctrl-C ends the game like `quit`
/// (it is saved, unterminated) instead of killing the program: any bytes (a terminal not set to
/// UTF-8 answers with U+FFFD for them, the move then refused with its reason), lines cut at
/// 4 KiB.
fn typed_input() -> mpsc::Receiver<Typed> {
    let (tx, rx) = mpsc::channel();
    let on_interrupt = tx.clone();
    // Only the first handler of a process is set; `tegoma play` sets it once.
    let _ = ctrlc::set_handler(move || {
        INTERRUPTED.store(true, Ordering::SeqCst);
        let _ = on_interrupt.send(Typed::Interrupt);
    });
    std::thread::spawn(move || {
        let lines = tegoma_game::lines::BoundedLines::new(std::io::stdin().lock(), 4096);
        for line in lines {
            match line {
                Ok(l) => {
                    if tx.send(Typed::Line(l.text)).is_err() {
                        return;
                    }
                }
                Err(_) => break,
            }
        }
        let _ = tx.send(Typed::End);
    });
    rx
}

/// Runs `tegoma play`.
pub fn run(a: Args) -> ExitCode {
    let rules = match Rules::by_name(&a.game) {
        Ok(r) => r,
        Err(e) => return crate::fail("UnknownGame", e),
    };
    let start = match (&a.feen, &a.fen) {
        (Some(f), _) => tegoma_game::generic_from_feen(f)
            .map_err(|e| MatchError::Setup(e.into()))
            .and_then(|g| AnyMatch::from_position(rules.clone(), &g)),
        (None, Some(f)) => AnyMatch::from_fen(rules.clone(), f),
        (None, None) => Ok(AnyMatch::new(rules.clone())),
    };
    let start = match start {
        Ok(m) => m,
        Err(e) => return crate::fail("InvalidPosition", e),
    };
    let tc = match Tc::parse(&a.tc) {
        Ok(t) => t,
        Err(e) => return crate::fail("InvalidTimeControl", e),
    };
    let Some(human) = side_of(&a.side) else {
        return crate::fail(
            "Usage",
            format!("--side {:?}: expected first or second", a.side),
        );
    };
    let mut engine: Option<Box<dyn Player>> = None;
    if !a.two_players {
        let spec = match &a.engine {
            Some(s) => EngineSpec::parse(s),
            None => {
                let exe = std::env::current_exe()
                    .map(|p| p.display().to_string())
                    .unwrap_or_else(|_| "tegoma".into());
                Ok(EngineSpec {
                    name: "tegoma".into(),
                    program: exe,
                    args: vec!["engine".into()],
                    dir: None,
                    proto: tegoma_arena::Proto::Sei,
                    options: Vec::new(),
                })
            }
        };
        let mut spec = match spec {
            Ok(s) => s,
            Err(e) => return crate::fail("InvalidEngine", e),
        };
        let level = match spec.proto {
            tegoma_arena::Proto::Sei => "level",
            tegoma_arena::Proto::Uci => "Level",
        };
        if !spec
            .options
            .iter()
            .any(|(k, _)| k.eq_ignore_ascii_case("level"))
            && a.engine.is_none()
        {
            spec.options.push((level.to_string(), a.level.to_string()));
        }
        match make_player(&spec, &rules, Timeouts::default()) {
            Ok(p) => engine = Some(p),
            Err(e) => return crate::fail("InvalidEngine", e),
        }
    }
    let mut m = start.with_clock(Clock::new(tc.control.clone()));
    if let Some(e) = &mut engine {
        if let Err(err) = e.new_game(&m) {
            return crate::fail("Engine", err);
        }
    }
    let names = {
        let me = std::env::var("USER").unwrap_or_else(|_| "player".into());
        let label = |e: &dyn Player| match &a.engine {
            None => format!("{} (level {})", e.name(), a.level),
            Some(_) => e.name().to_string(),
        };
        let [(first, _), (second, _)] = super::diagram::sides(&m);
        match &engine {
            None => [first, second],
            Some(e) if human == Side::First => [me, label(e.as_ref())],
            Some(e) => [label(e.as_ref()), me],
        }
    };
    let input = typed_input();
    let mut out = std::io::stdout();
    let mut termination = Termination::Normal;
    let mut infos: Vec<Option<String>> = Vec::new();
    // The player's own side at the bottom (the first side's for two players).
    let bottom = if engine.is_some() { human } else { Side::First };
    let _ = writeln!(
        out,
        "{} — {} vs {} — {}\n{HELP}",
        rules.display_name(),
        names[0],
        names[1],
        tc.text
    );
    show(&m, bottom, &mut out);
    while m.outcome().is_none() {
        let side = m.side_to_move();
        if let (Some(e), true) = (&mut engine, side != human) {
            let clock = m.clock().cloned().expect("a clock");
            let budget = clock.remaining_ms(side).saturating_add(1000);
            let view = ClockView {
                remaining_ms: [
                    clock.remaining_ms(Side::First),
                    clock.remaining_ms(Side::Second),
                ],
                increment_ms: [0, 1].map(|i| {
                    let s = if i == 0 { Side::First } else { Side::Second };
                    clock.control(s).periods()[0].increment_ms
                }),
                moves_to_go: None,
            };
            let turn = Turn {
                game: &m,
                clock: Some(view),
                nodes: None,
                deadline: Instant::now() + Duration::from_millis(budget),
            };
            match e.think(&turn) {
                Ok(r) => {
                    // Announced as players write it: SAN where the game has it, else PMN.
                    let shown = r
                        .pmn
                        .as_deref()
                        .map(|p| match m.move_as(p, MoveFormat::San) {
                            Some(Ok(san)) => san,
                            _ => p.to_string(),
                        })
                        .unwrap_or_else(|| r.text.clone());
                    let _ = writeln!(out, "{} plays {shown}", names[side.index()]);
                    match r.pmn {
                        Some(p) => {
                            if m.play(&p, Some(r.elapsed_ms)).is_err() && m.outcome().is_none() {
                                let _ = m.end(tegoma_protocol::Outcome::win(
                                    side.flip(),
                                    tegoma_notation::cgsn::Status::Illegalmove,
                                ));
                                termination = Termination::IllegalMove { side, text: r.text };
                            }
                            infos.resize(m.ply_count(), None);
                            if let Some(last) = infos.last_mut() {
                                *last = r.info;
                            }
                        }
                        None => {
                            let _ = m.end(tegoma_protocol::Outcome::win(
                                side.flip(),
                                tegoma_notation::cgsn::Status::Illegalmove,
                            ));
                            termination = Termination::IllegalMove { side, text: r.text };
                        }
                    }
                }
                Err(_) if INTERRUPTED.load(Ordering::SeqCst) => {
                    // Ctrl-C reached the engine too: the game is left, as by `quit`.
                    let _ = writeln!(out, "\ninterrupted");
                    break;
                }
                Err(err) => {
                    let _ = writeln!(out, "the engine failed: {err}");
                    let _ = m.end(tegoma_protocol::Outcome::win(
                        side.flip(),
                        tegoma_notation::cgsn::Status::Resignation,
                    ));
                    termination = Termination::Abandoned {
                        side,
                        detail: err.to_string(),
                    };
                }
            }
            show(&m, bottom, &mut out);
            continue;
        }
        let _ = write!(out, "{} to move> ", names[side.index()]);
        let _ = out.flush();
        let asked = Instant::now();
        let line = match input.recv() {
            Ok(Typed::Line(line)) => line,
            Ok(Typed::Interrupt) => {
                let _ = writeln!(out, "\ninterrupted");
                break;
            }
            Ok(Typed::End) | Err(_) => {
                let _ = writeln!(out);
                break;
            }
        };
        let elapsed = asked.elapsed().as_millis().min(u128::from(u64::MAX)) as u64;
        let cmd = line.trim();
        match cmd {
            "" => {}
            "help" | "?" => {
                let _ = writeln!(out, "{HELP}");
            }
            "board" => show(&m, bottom, &mut out),
            "moves" => {
                let format = if rules.formats().san {
                    MoveFormat::San
                } else {
                    MoveFormat::Pmn
                };
                let list = m.legal_moves_as(format).unwrap_or_default();
                let _ = writeln!(out, "{}", list.join(" "));
            }
            "undo" | "takeback" => {
                let back = if engine.is_some() { 2 } else { 1 };
                for _ in 0..back {
                    if m.take_back().is_err() {
                        break;
                    }
                }
                infos.truncate(m.ply_count());
                show(&m, bottom, &mut out);
            }
            "resign" => {
                let _ = m.resign(side);
            }
            "draw" => {
                if engine.is_some() {
                    let _ = writeln!(out, "the engine plays on");
                } else if m.draw_offer() == Some(side.flip()) {
                    let _ = m.accept_draw(side);
                } else {
                    let _ = m.offer_draw(side);
                    let _ = writeln!(out, "draw offered: the other player may type draw");
                }
            }
            "quit" | "exit" => break,
            mv => {
                // Tried on a copy: a typing slip is reported, never a forfeit (Ōgi's match
                // forfeits an illegal or sennichite move).
                let mut trial = m.clone();
                match trial.play(mv, Some(elapsed)) {
                    Ok(_) => {
                        m = trial;
                        infos.resize(m.ply_count(), None);
                        show(&m, bottom, &mut out);
                    }
                    Err(MatchError::Forfeit { error, .. }) => {
                        let _ = writeln!(out, "not played: {error}");
                    }
                    Err(e) => {
                        let _ = writeln!(out, "not played: {e}");
                    }
                }
            }
        }
    }
    if let Some(o) = m.outcome() {
        if termination == Termination::Normal
            && o.statuses
                .contains(tegoma_notation::cgsn::Status::Timelimit)
        {
            termination = Termination::TimeForfeit {
                side: m.side_to_move(),
            };
        }
        let _ = writeln!(out, "result {} {}", result_mark(Some(&o)), o.statuses);
    } else {
        termination = Termination::Unterminated;
        let _ = writeln!(out, "game left unfinished");
    }
    if let Some(e) = &mut engine {
        e.quit();
    }
    if a.no_save {
        return ExitCode::SUCCESS;
    }
    let prefix = a.out.clone().unwrap_or_else(|| {
        let secs = std::time::SystemTime::now()
            .duration_since(std::time::UNIX_EPOCH)
            .map(|d| d.as_secs())
            .unwrap_or(0);
        format!(
            "tegoma-{}-{}-{:02}{:02}{:02}",
            rules.name(),
            today(),
            secs / 3600 % 24,
            secs / 60 % 60,
            secs % 60
        )
    });
    let record = GameRecord {
        game: m,
        names,
        termination,
        infos,
        note: None,
    };
    let labels = Labels {
        event: "tegoma play".into(),
        round: "1".into(),
        date: today(),
        time_control: tc.pgn_tag(),
    };
    let pcn = match record.to_pcn(&labels, tc.periods()) {
        Ok(p) => p,
        Err(e) => return crate::fail("Record", e),
    };
    let mut saved = vec![];
    let pcn_path = format!("{prefix}.pcn");
    if let Err(e) = std::fs::write(&pcn_path, pcn.to_json()) {
        return crate::fail("Io", format!("cannot write {pcn_path}: {e}"));
    }
    saved.push(pcn_path);
    if let Ok(Some(pgn)) = record.to_pgn(&pcn, &labels) {
        let path = format!("{prefix}.pgn");
        if let Err(e) = std::fs::write(&path, pgn) {
            return crate::fail("Io", format!("cannot write {path}: {e}"));
        }
        saved.push(path);
    }
    crate::print_lines([format!("saved {}", saved.join(" and "))])
}
