//! A tiny deterministic engine for testing match runners: it plays a seeded random legal move
//! (Tegoma's rules decide what is legal), speaking UCI (chess, and Fairy-Stockfish's Ōgi dialect
//! after `setoption name UCI_Variant value ogi`) or SEI 1.0 (every game, the envelope of `tegoma_game::sei`), recognised from the first
//! line. Flags make it misbehave on its Nth search (counted over the whole process, from 1):
//!
//! `--seed S`, `--illegal-at N` (a well-formed illegal move), `--crash-at N` (exits with status
//! 3), `--hang-at N` (never answers), `--garbage-at N` (unreadable output), `--slow MS` (waits
//! before every answer), `--name NAME`, `--chess-only` (UCI without the `UCI_Variant` option, so
//! the match runner refuses it for Ōgi).

use std::io::{BufRead, Write};
use std::time::Duration;

use serde_json::{json, Map, Value};
use tegoma_arena::dialect::Dialect;
use tegoma_arena::openings::SplitMix64;
use tegoma_game::sei::{self, Event};
use tegoma_game::{AnyMatch, MoveFormat, Rules};

#[derive(Default)]
struct Flags {
    seed: u64,
    illegal_at: Option<u64>,
    crash_at: Option<u64>,
    hang_at: Option<u64>,
    garbage_at: Option<u64>,
    slow_ms: u64,
    name: Option<String>,
    /// UCI without the `UCI_Variant` option (a chess-only engine).
    chess_only: bool,
}

fn flags() -> Flags {
    let mut f = Flags::default();
    let args: Vec<String> = std::env::args().skip(1).collect();
    let mut i = 0;
    while i < args.len() {
        let v = args.get(i + 1).cloned().unwrap_or_default();
        let n = v.parse::<u64>().ok();
        match args[i].as_str() {
            "--seed" => f.seed = n.unwrap_or(0),
            "--illegal-at" => f.illegal_at = n,
            "--crash-at" => f.crash_at = n,
            "--hang-at" => f.hang_at = n,
            "--garbage-at" => f.garbage_at = n,
            "--slow" => f.slow_ms = n.unwrap_or(0),
            "--name" => f.name = Some(v),
            "--chess-only" => {
                f.chess_only = true;
                i += 1;
                continue;
            }
            other => {
                eprintln!("testengine: unknown flag {other}");
                std::process::exit(2);
            }
        }
        i += 2;
    }
    f
}

enum Misbehave {
    None,
    Illegal,
    Garbage,
}

struct Engine {
    flags: Flags,
    rng: SplitMix64,
    searches: u64,
}

impl Engine {
    /// Counts a search and applies the crash, hang and slow flags.
    fn begin(&mut self) -> Misbehave {
        self.searches += 1;
        let n = Some(self.searches);
        if self.flags.crash_at == n {
            std::process::exit(3);
        }
        if self.flags.hang_at == n {
            loop {
                std::thread::sleep(Duration::from_secs(3600));
            }
        }
        if self.flags.slow_ms > 0 {
            std::thread::sleep(Duration::from_millis(self.flags.slow_ms));
        }
        if self.flags.illegal_at == n {
            Misbehave::Illegal
        } else if self.flags.garbage_at == n {
            Misbehave::Garbage
        } else {
            Misbehave::None
        }
    }

    fn pick<'a>(&mut self, moves: &'a [String]) -> Option<&'a String> {
        (!moves.is_empty()).then(|| &moves[self.rng.below(moves.len())])
    }
}

fn say(line: &str) {
    let mut out = std::io::stdout().lock();
    let _ = writeln!(out, "{line}");
    let _ = out.flush();
}

/// Fairy-Stockfish's Ōgi FEN back to FEEN (kings `k^`, counted canonical hands, no promoted
/// piece in hand).
fn feen_of_fsf(fen: &str) -> Option<String> {
    let (board, rest) = fen.split_once('[')?;
    let (pocket, rest) = rest.split_once(']')?;
    let side = rest.split_whitespace().next()?;
    let board = board.replace('k', "k^").replace('K', "K^");
    let hand = |upper: bool| {
        let mut counts: Vec<(usize, char)> = Vec::new();
        for c in pocket
            .chars()
            .filter(|c| c.is_ascii_uppercase() == upper && *c != '-')
        {
            match counts.iter_mut().find(|x| x.1 == c) {
                Some(x) => x.0 += 1,
                None => counts.push((1, c)),
            }
        }
        counts.sort_by(|a, b| b.0.cmp(&a.0).then(a.1.cmp(&b.1)));
        counts
            .into_iter()
            .map(|(n, c)| {
                if n > 1 {
                    format!("{n}{c}")
                } else {
                    c.to_string()
                }
            })
            .collect::<String>()
    };
    let turn = if side == "w" { "O/o" } else { "o/O" };
    Some(format!("{board} {}/{} {turn}", hand(true), hand(false)))
}

fn uci(engine: &mut Engine, first: String, lines: &mut impl Iterator<Item = String>) {
    let mut game: Option<AnyMatch> = None;
    let mut dialect = Dialect::Chess;
    let mut rules = Rules::chess();
    let name = engine.flags.name.clone().unwrap_or("testengine".into());
    let mut handle = |engine: &mut Engine, line: &str| -> bool {
        let words: Vec<&str> = line.split_whitespace().collect();
        match words.first().copied() {
            Some("uci") => {
                say(&format!("id name {name}"));
                say("id author tegoma");
                say("option name Hash type spin default 16 min 1 max 1024");
                if !engine.flags.chess_only {
                    say("option name UCI_Variant type combo default chess var chess var ogi");
                }
                say("uciok");
            }
            Some("isready") => say("readyok"),
            Some("setoption") if line.contains("UCI_Variant value ogi") => {
                dialect = Dialect::Fairy("ogi");
                rules = Rules::ogi().without_privilege().unwrap_or(Rules::ogi());
            }
            Some("position") => {
                let moves_at = words.iter().position(|w| *w == "moves");
                let head = &words[1..moves_at.unwrap_or(words.len())];
                let mut m = match head.first().copied() {
                    Some("startpos") => AnyMatch::new(rules.clone()),
                    Some("fen") if matches!(dialect, Dialect::Fairy(_)) => {
                        let feen = feen_of_fsf(&head[1..].join(" ")).unwrap_or_default();
                        match AnyMatch::from_feen(&feen) {
                            Ok(m) => m,
                            Err(_) => return true,
                        }
                    }
                    Some("fen") => match AnyMatch::from_fen(rules.clone(), &head[1..].join(" ")) {
                        Ok(m) => m,
                        Err(_) => return true,
                    },
                    _ => return true,
                };
                for mv in moves_at.map(|i| &words[i + 1..]).unwrap_or(&[]) {
                    let pmn = if dialect == Dialect::Chess {
                        // The chess match reads UCI itself.
                        mv.to_string()
                    } else {
                        let (legal, _) = dialect.legal_moves(&m);
                        let Some(pmn) = dialect.read_move(&legal, mv) else {
                            break;
                        };
                        pmn
                    };
                    if m.play(&pmn, None).is_err() {
                        break;
                    }
                }
                game = Some(m);
            }
            Some("go") => {
                let Some(m) = &game else {
                    say("bestmove 0000");
                    return true;
                };
                let how = engine.begin();
                let (legal, _) = dialect.legal_moves(m);
                let allowed: Vec<String> = match words.iter().position(|w| *w == "searchmoves") {
                    Some(i) => words[i + 1..].iter().map(|s| s.to_string()).collect(),
                    None => {
                        let pmn = m.legal_moves_as(MoveFormat::Pmn).unwrap_or_default();
                        pmn.iter()
                            .filter_map(|p| dialect.write_move(p).ok())
                            .collect()
                    }
                };
                let mv = match how {
                    Misbehave::Garbage => "!!garbage!!".to_string(),
                    Misbehave::Illegal => {
                        // A well-formed move that is not legal here.
                        let squares: Vec<String> = "abcdefgh"
                            .chars()
                            .flat_map(|f| (1..=8).map(move |r| format!("{f}{r}")))
                            .collect();
                        let mut out = "a1a2".to_string();
                        'find: for a in &squares {
                            for b in &squares {
                                let t = format!("{a}{b}");
                                if a != b && !legal.iter().any(|(d, _)| *d == t) {
                                    out = t;
                                    break 'find;
                                }
                            }
                        }
                        out
                    }
                    Misbehave::None => engine.pick(&allowed).cloned().unwrap_or("0000".into()),
                };
                say("info depth 1 score cp 0 nodes 1");
                say(&format!("bestmove {mv}"));
            }
            Some("quit") => return false,
            _ => {}
        }
        true
    };
    if !handle(engine, &first) {
        return;
    }
    for line in lines {
        if !handle(engine, &line) {
            return;
        }
    }
}

fn sei(engine: &mut Engine, first: String, lines: &mut impl Iterator<Item = String>) {
    let name = engine.flags.name.clone().unwrap_or("testengine".into());
    let mut last_id = None;
    let mut opened = false;
    let mut handle = |engine: &mut Engine, line: &str| {
        if line.trim().is_empty() {
            return;
        }
        let r = match sei::read_request(line.trim_end_matches('\r'), last_id, opened) {
            Ok(r) => r,
            Err(sei::Fatal(message)) => {
                say(&Event::fatal(sei::Code::Invalid, message).line());
                std::process::exit(1);
            }
        };
        last_id = Some(r.id);
        let id = r.id;
        let answer: Result<Event, sei::Error> = match r.op.as_str() {
            "hello" => sei::Hello::from_fields(&r.fields).map(|h| {
                opened |= h.common();
                let rules: Map<String, Value> = sei::rules_ids()
                    .into_iter()
                    .map(|r| (r, json!({})))
                    .collect();
                Event {
                    versions: Some(vec![sei::VERSION]),
                    version: h.common().then_some(sei::VERSION),
                    engine: Some(sei::EngineId {
                        name: name.clone(),
                        author: Some("tegoma".into()),
                        ..sei::EngineId::default()
                    }),
                    rules: Some(rules),
                    features: Some(Map::from_iter([("roots".to_string(), json!({}))])),
                    options: Some(Map::new()),
                    ..Event::done(id)
                }
            }),
            "ping" | "cancel" => sei::no_fields(&r.fields).map(|()| Event::done(id)),
            "configure" => sei::Configure::from_fields(&r.fields).map(|_| Event::done(id)),
            "search" => sei::Search::from_fields(&r.fields).and_then(|s| {
                let rules = sei::rules_by_id(&s.rules)
                    .ok_or_else(|| sei::Error::unsupported("/rules", "unknown rules"))?;
                let mut m = tegoma_game::generic_from_feen(&s.position)
                    .ok()
                    .and_then(|g| AnyMatch::from_position(rules, &g).ok())
                    .ok_or_else(|| {
                        sei::Error::illegal("/position", "not a position of the rules")
                    })?;
                for (i, mv) in s.moves.iter().enumerate() {
                    if m.play(mv, None).is_err() {
                        return Err(sei::Error::illegal(format!("/moves/{i}"), "illegal"));
                    }
                }
                let how = engine.begin();
                let mut legal = m.legal_moves_as(MoveFormat::Pmn).unwrap_or_default();
                if let Some(only) = &s.roots {
                    legal.retain(|mv| only.contains(mv));
                }
                Ok(match how {
                    Misbehave::Garbage => {
                        say("{garbage");
                        return Ok(Event::done(id));
                    }
                    Misbehave::Illegal => Event {
                        best: Some(Some("a1-a8".into())),
                        ..Event::done(id)
                    },
                    Misbehave::None => {
                        let mv = engine.pick(&legal).cloned();
                        let variations = mv.clone().map(|m| {
                            vec![sei::Variation {
                                pv: vec![m],
                                score: Some(sei::Score {
                                    cp: Some(0),
                                    ..sei::Score::default()
                                }),
                            }]
                        });
                        say(&Event {
                            re: Some(id),
                            depth: Some(1),
                            variations: variations.clone(),
                            ..Event::new(sei::Ev::Info)
                        }
                        .line());
                        Event {
                            best: Some(mv),
                            depth: Some(1),
                            variations,
                            ..Event::done(id)
                        }
                    }
                })
            }),
            _ => Err(sei::Error::invalid("/op", "unknown operation")),
        };
        match answer {
            Ok(e) => say(&e.line()),
            Err(e) => say(&e.event(id).line()),
        }
    };
    handle(engine, &first);
    for line in lines {
        handle(engine, &line);
    }
}

fn main() {
    let flags = flags();
    let mut engine = Engine {
        rng: SplitMix64::new(flags.seed),
        flags,
        searches: 0,
    };
    let stdin = std::io::stdin();
    let mut lines = stdin.lock().lines().map_while(Result::ok);
    let Some(first) = lines.next() else {
        return;
    };
    if first.trim_start().starts_with('{') {
        sei(&mut engine, first, &mut lines);
    } else {
        uci(&mut engine, first, &mut lines);
    }
}
