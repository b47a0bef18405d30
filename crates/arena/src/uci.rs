//! A UCI client: `uci`/`uciok`, `setoption`, `isready`/`readyok`, `ucinewgame`,
//! `position … moves …`, `go wtime btime winc binc [movestogo] [searchmoves …]` (`go nodes N` in a match by nodes), `bestmove`.

use std::time::{Duration, Instant};

use crate::dialect::Dialect;
use crate::player::{EngineError, Player, Reply, Timeouts, Turn};
use crate::process::{Process, Read1};
use crate::spec::EngineSpec;

/// An engine speaking UCI, in a [`Dialect`].
pub struct UciPlayer {
    spec: EngineSpec,
    dialect: Dialect,
    timeouts: Timeouts,
    process: Option<Process>,
}

impl UciPlayer {
    /// A player for the engine of `spec` (started at the first game).
    pub fn new(spec: EngineSpec, dialect: Dialect, timeouts: Timeouts) -> UciPlayer {
        UciPlayer {
            spec,
            dialect,
            timeouts,
            process: None,
        }
    }

    fn crashed(&mut self) -> EngineError {
        crate::process::crashed(&mut self.process, &self.spec.name)
    }

    /// Sends a line; a closed input is a crash.
    fn send(&mut self, line: &str) -> Result<(), EngineError> {
        let sent = self.process.as_mut().is_some_and(|p| p.send(line));
        if sent {
            Ok(())
        } else {
            Err(self.crashed())
        }
    }

    /// Reads lines until one satisfies `want`, or the deadline.
    fn wait_for(
        &mut self,
        deadline: Instant,
        mut want: impl FnMut(&str) -> bool,
    ) -> Result<Option<String>, EngineError> {
        loop {
            let Some(p) = &mut self.process else {
                return Err(self.crashed());
            };
            match p.read(deadline) {
                Read1::Line(l) => {
                    if want(l.trim()) {
                        return Ok(Some(l));
                    }
                }
                Read1::Timeout => return Ok(None),
                Read1::Closed => return Err(self.crashed()),
            }
        }
    }

    fn start(&mut self) -> Result<(), EngineError> {
        let name = self.spec.name.clone();
        let p = Process::spawn(&self.spec).map_err(|e| EngineError::Start {
            name: name.clone(),
            detail: format!("{}: {e}", self.spec.program),
        })?;
        self.process = Some(p);
        let start_err = |detail: String| EngineError::Start {
            name: name.clone(),
            detail,
        };
        self.send("uci").map_err(|e| start_err(e.to_string()))?;
        let deadline = Instant::now() + self.timeouts.start;
        let mut variants: Option<Vec<String>> = None;
        match self.wait_for(deadline, |l| {
            if let Some(v) = uci_variant_values(l) {
                variants = Some(v);
            }
            l == "uciok"
        }) {
            Ok(Some(_)) => {}
            Ok(None) => {
                self.process = None;
                return Err(start_err("no uciok".into()));
            }
            Err(e) => return Err(start_err(e.to_string())),
        }
        let mut options = self.dialect.options();
        if let Some((_, wanted)) = options.iter().find(|(k, _)| k == "UCI_Variant") {
            let offered = match &variants {
                None => Err("it offers no UCI_Variant option".to_string()),
                Some(v) if !v.is_empty() && !v.contains(wanted) => Err(format!(
                    "its UCI_Variant option does not list {wanted} (it lists {})",
                    v.join(", ")
                )),
                Some(_) => Ok(()),
            };
            if let Err(why) = offered {
                Player::quit(self);
                return Err(EngineError::Unsupported {
                    name,
                    detail: format!(
                        "{why}; a UCI engine plays {wanted} only in Fairy-Stockfish's dialect \
                         (use proto=sei)"
                    ),
                });
            }
        }
        options.extend(self.spec.options.iter().cloned());
        for (k, v) in options {
            self.send(&format!("setoption name {k} value {v}"))
                .map_err(|e| start_err(e.to_string()))?;
        }
        self.ready(self.timeouts.start)
            .map_err(|e| start_err(e.to_string()))
    }

    fn ready(&mut self, within: Duration) -> Result<(), EngineError> {
        self.send("isready")?;
        match self.wait_for(Instant::now() + within, |l| l == "readyok")? {
            Some(_) => Ok(()),
            None => {
                self.process = None;
                Err(EngineError::Timeout {
                    name: self.spec.name.clone(),
                })
            }
        }
    }
}

/// The values of a `UCI_Variant` option an `option` line declares (`var chess var ogi` ->
/// `["chess", "ogi"]`; empty for an option of another type); `None` for another line.
fn uci_variant_values(line: &str) -> Option<Vec<String>> {
    let words: Vec<&str> = line.split_whitespace().collect();
    if words.first() != Some(&"option") {
        return None;
    }
    let name_at = words.iter().position(|w| *w == "name")?;
    let type_at = words.iter().position(|w| *w == "type")?;
    if type_at <= name_at || words[name_at + 1..type_at].join(" ") != "UCI_Variant" {
        return None;
    }
    Some(
        words
            .windows(2)
            .filter(|w| w[0] == "var")
            .map(|w| w[1].to_string())
            .collect(),
    )
}

fn go_command(turn: &Turn<'_>, search: &[String]) -> String {
    let mut go = String::from("go");
    match turn.clock {
        _ if turn.nodes.is_some() => {
            go.push_str(&format!(" nodes {}", turn.nodes.unwrap_or(1)));
        }
        Some(c) => {
            go.push_str(&format!(
                " wtime {} btime {} winc {} binc {}",
                c.remaining_ms[0], c.remaining_ms[1], c.increment_ms[0], c.increment_ms[1]
            ));
            if let Some(n) = c.moves_to_go {
                go.push_str(&format!(" movestogo {n}"));
            }
        }
        None => go.push_str(" infinite"),
    }
    if !search.is_empty() {
        go.push_str(" searchmoves");
        for m in search {
            go.push(' ');
            go.push_str(m);
        }
    }
    go
}

/// What the record keeps of an `info` line: `depth 12 score cp 35`, when it has a score.
///
/// ```
/// use tegoma_arena::uci::info_summary;
/// let line = "info depth 12 seldepth 15 score cp 35 nodes 1 pv e2e4";
/// assert_eq!(info_summary(line).as_deref(), Some("depth 12 score cp 35"));
/// assert_eq!(info_summary("info string hello"), None);
/// ```
pub fn info_summary(line: &str) -> Option<String> {
    let words: Vec<&str> = line.split_whitespace().collect();
    let at = |k: &str| words.iter().position(|w| *w == k);
    let s = at("score")?;
    let mut out = String::new();
    if let Some(d) = at("depth") {
        out.push_str(&format!("depth {} ", words.get(d + 1)?));
    }
    out.push_str(&format!(
        "score {} {}",
        words.get(s + 1)?,
        words.get(s + 2)?
    ));
    Some(out)
}

/// The move of a `bestmove` line as the engine wrote it (empty when the line has none);
/// `None` for any other line.
///
/// ```
/// use tegoma_arena::uci::best_move;
/// assert_eq!(best_move("bestmove e2e4 ponder e7e5"), Some("e2e4"));
/// assert_eq!(best_move("bestmove"), Some(""));
/// assert_eq!(best_move("bestmoves e2e4"), None);
/// ```
pub fn best_move(line: &str) -> Option<&str> {
    let rest = line.strip_prefix("bestmove")?;
    if !rest.is_empty() && !rest.starts_with(' ') {
        return None;
    }
    Some(rest.split_whitespace().next().unwrap_or(""))
}

impl Player for UciPlayer {
    fn name(&self) -> &str {
        &self.spec.name
    }

    fn new_game(&mut self, _game: &tegoma_game::AnyMatch) -> Result<(), EngineError> {
        if let Some(p) = &mut self.process {
            if !p.is_running() {
                self.process = None;
            }
        }
        if self.process.is_none() {
            self.start()?;
        }
        self.send("ucinewgame")?;
        self.ready(self.timeouts.ready)
    }

    fn think(&mut self, turn: &Turn<'_>) -> Result<Reply, EngineError> {
        let name = self.spec.name.clone();
        let position =
            self.dialect
                .position_command(turn.game)
                .map_err(|e| EngineError::Protocol {
                    name: name.clone(),
                    detail: e.to_string(),
                })?;
        let (legal, search) = self.dialect.legal_moves(turn.game);
        self.send(&position)?;
        let go = go_command(turn, &search);
        self.send(&go)?;
        let start = Instant::now();
        let mut info = None;
        let line = self.wait_for(turn.deadline, |l| {
            if l.starts_with("info ") {
                if let Some(s) = info_summary(l) {
                    info = Some(s);
                }
            }
            best_move(l).is_some()
        })?;
        let elapsed_ms = start.elapsed().as_millis().min(u128::from(u64::MAX)) as u64;
        match line {
            Some(l) => {
                let text = best_move(&l).unwrap_or("").to_string();
                let pmn = self.dialect.read_move(&legal, &text);
                Ok(Reply {
                    text,
                    pmn,
                    elapsed_ms,
                    info,
                })
            }
            None => {
                // Out of time: ask it to stop; kill it if it does not.
                let _ = self.send("stop");
                let grace = Instant::now() + self.timeouts.stop_grace;
                let stopped = matches!(
                    self.wait_for(grace, |l| l.starts_with("bestmove")),
                    Ok(Some(_))
                );
                if !stopped {
                    self.process = None;
                }
                Err(EngineError::Timeout { name })
            }
        }
    }

    fn quit(&mut self) {
        if let Some(mut p) = self.process.take() {
            p.send("quit");
            p.finish(Instant::now() + Duration::from_millis(500));
        }
    }
}

impl Drop for UciPlayer {
    fn drop(&mut self) {
        self.quit();
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::player::ClockView;
    use tegoma_game::AnyMatch;

    /// Fairy-Stockfish declares its variants as a combo (`var chess var ogi …`).
    #[test]
    fn uci_variant_options() {
        assert_eq!(
            uci_variant_values(
                "option name UCI_Variant type combo default chess var chess var ogi var shogi"
            ),
            Some(vec!["chess".into(), "ogi".into(), "shogi".into()])
        );
        assert_eq!(
            uci_variant_values("option name UCI_Variant type string default chess"),
            Some(vec![])
        );
        assert_eq!(
            uci_variant_values("option name Hash type spin default 16 min 1 max 1024"),
            None
        );
        assert_eq!(uci_variant_values("id name UCI_Variant type"), None);
    }

    #[test]
    fn info_lines() {
        assert_eq!(
            info_summary("info depth 12 seldepth 15 score cp 35 nodes 1 pv e2e4").as_deref(),
            Some("depth 12 score cp 35")
        );
        assert_eq!(
            info_summary("info score mate -3").as_deref(),
            Some("score mate -3")
        );
        assert_eq!(info_summary("info string hello"), None);
        assert_eq!(info_summary("info depth 3 score"), None);
    }

    #[test]
    fn go_commands_by_clock_and_by_nodes() {
        let game = AnyMatch::new(tegoma_game::Rules::chess());
        let clock = ClockView {
            remaining_ms: [1_000, 2_000],
            increment_ms: [10, 20],
            moves_to_go: None,
        };
        let mut turn = Turn {
            game: &game,
            clock: Some(clock),
            nodes: None,
            deadline: Instant::now(),
        };
        assert_eq!(
            go_command(&turn, &[]),
            "go wtime 1000 btime 2000 winc 10 binc 20"
        );
        turn.nodes = Some(20_000);
        turn.clock = None;
        assert_eq!(
            go_command(&turn, &["e2e4".into()]),
            "go nodes 20000 searchmoves e2e4"
        );
    }
}
