//! `tegoma ggn export chess|ogi [--out FILE]`: the complete GGN table of a rule system.
use std::process::ExitCode;

/// Subcommands of `tegoma ggn`.
#[derive(clap::Subcommand, Debug)]
pub enum Command {
    /// Write the complete GGN document of a rule system.
    Export {
        /// `chess` or `ogi`.
        game: String,
        /// Write to this file instead of standard output.
        #[arg(long)]
        out: Option<String>,
    },
}

/// Runs `tegoma ggn`.
///
/// `export` prints the canonical compact JSON (byte-identical between runs) followed by a
/// newline, or with `--out` writes exactly the JSON to the file and prints a one-line summary.
pub fn run(c: Command) -> ExitCode {
    match c {
        Command::Export { game, out } => {
            let name = game.to_ascii_lowercase();
            let name = if name == "ōgi" {
                "ogi".to_string()
            } else {
                name
            };
            let Some(table) = tegoma_ggn::export(&name) else {
                return crate::fail(
                    "UnknownGame",
                    format!("unknown game {game:?} (expected chess or ogi)"),
                );
            };
            let json = table.to_json();
            match out {
                None => {
                    println!("{json}");
                    ExitCode::SUCCESS
                }
                Some(path) => match std::fs::write(&path, json.as_bytes()) {
                    Ok(()) => {
                        let (p, s, d, n) = table.counts();
                        println!(
                            "wrote {path}: {} bytes, {p} pieces, {s} sources, {d} destinations, {n} possibilities",
                            json.len()
                        );
                        ExitCode::SUCCESS
                    }
                    Err(e) => crate::fail("Io", format!("cannot write {path}: {e}")),
                },
            }
        }
    }
}
