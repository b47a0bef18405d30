//! `tegoma ggn export GAME [--out FILE]`: the complete GGN table of a rule system (`chess`,
//! `ogi`, `kogoma`, …).
use std::process::ExitCode;

/// Subcommands of `tegoma ggn`.
#[derive(clap::Subcommand, Debug)]
pub enum Command {
    /// Write the complete GGN document of a rule system.
    Export {
        /// The game (`chess`, `ogi`, `kogoma`, …).
        game: String,
        /// Write to this file instead of standard output (`-`: standard output).
        #[arg(long, allow_hyphen_values = true)]
        out: Option<String>,
    },
}

/// Runs `tegoma ggn`.
///
/// `export` prints the canonical compact JSON (byte-identical between runs) followed by a
/// newline, or with `--out FILE` writes the same bytes to the file and prints a one-line
/// summary.
pub fn run(c: Command) -> ExitCode {
    match c {
        Command::Export { game, out } => {
            let table = match tegoma_game::Rules::by_name(&game) {
                Ok(r) => r.ggn(),
                Err(e) => return crate::fail_with(&e.into()),
            };
            let json = table.to_json();
            match out.filter(|p| p != "-") {
                None => crate::print_lines([json]),
                Some(path) => match std::fs::write(&path, format!("{json}\n")) {
                    Ok(()) => {
                        let (p, s, d, n) = table.counts();
                        crate::print_lines([format!(
                            "wrote {path}: {} bytes, {p} pieces, {s} sources, {d} destinations, {n} possibilities",
                            json.len() + 1
                        )])
                    }
                    Err(e) => crate::fail("Io", format!("cannot write {path}: {e}")),
                },
            }
        }
    }
}
