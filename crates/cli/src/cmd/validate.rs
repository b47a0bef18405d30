//! `tegoma validate KIND TEXT`: check one notation text and describe it.
use std::fs::File;
use std::io::{self, Read};
use std::process::ExitCode;

use tegoma_notation::validate::{self, Kind, ReadError, MAX_DOCUMENT_BYTES};
use tegoma_notation::Invalid;

/// Arguments of `tegoma validate`.
#[derive(clap::Args, Debug)]
#[command(after_long_help = "\
Kinds:
  pin   piece token            +K^        epin  piece token with ' marker   k^'
  sin   style token            C          snn   style name                  Chess960
  qpi   qualified piece        C:+K^      cell  coordinate (1-3 dims)       e4, a1A
  hand  hand token             *          feen  position                  '8/8 / C/c'
  pmn   move (strict PMN 1.0)  e7-e8=Q    cgsn  status(es)                  'check timelimit'
  lcn   location conditions (JSON file)   ggn   movement table (JSON file)
  pcn   game record (JSON or TOML file)

Output:
  valid     `ok <short description>` on standard output, exit 0
  invalid   `error: <ErrorKind>: <explanation>` on standard error, exit 1
  TEXT `-`  one input per line from standard input, one output line per input
            (`ok` or `error: <ErrorKind>`) on standard output, exit 0; for lcn, ggn and
            pcn, `-` reads one whole document from standard input instead and reports as
            for a file. A UTF-8 byte-order mark at the start is skipped.
  pcn       one record (JSON or TOML), JSON Lines (one record per line) or a JSON array
            of records; every record must be valid.

Limits: lines longer than 8192 bytes are `error: TooLong`. A document (file or `-`) is read up
to 64 MiB, and each notation has its own limit: a PCN record 4 MiB (a JSON Lines stream or
array may hold many records), a GGN document 32 MiB, an LCN document 1 MiB. A larger one is
`error: DocumentTooLarge`.

Examples:
  tegoma validate pmn e2-e4
  tegoma validate feen '8/8/8/8/8/8/8/8 / C/c'
  printf 'e4\\na0\\n' | tegoma validate cell -
  tegoma validate ggn chess.ggn.json")]
pub struct Args {
    /// The notation: pin epin sin snn qpi cell hand feen pmn cgsn lcn ggn pcn.
    pub kind: String,
    /// The text, or `-` to read standard input (one input per line; one document for lcn, ggn
    /// and pcn, whose TEXT is otherwise a file path).
    #[arg(allow_hyphen_values = true)]
    pub text: String,
}

/// Runs `tegoma validate`.
pub fn run(a: Args) -> ExitCode {
    let kind: Kind = match a.kind.parse() {
        Ok(k) => k,
        Err(e) => return report(Err(Invalid::from(e))),
    };
    if kind.is_document() {
        let text = if a.text == "-" {
            validate::read_document(io::stdin().lock())
        } else {
            read_file(&a.text)
        };
        return match text {
            Ok(doc) => report(validate::validate(kind, &doc)),
            Err(e) => report(Err(Invalid::from(e))),
        };
    }
    if a.text == "-" {
        let stdout = io::stdout();
        let out = io::BufWriter::new(stdout.lock());
        return match validate::validate_lines(kind, io::stdin().lock(), out) {
            Ok(_) => ExitCode::SUCCESS,
            Err(e) => crate::fail("Io", e),
        };
    }
    report(validate::validate(kind, &a.text))
}

/// Reads a document file, bounded by [`MAX_DOCUMENT_BYTES`].
fn read_file(path: &str) -> Result<String, ReadError> {
    let f = File::open(path)
        .map_err(|e| ReadError::Io(io::Error::new(e.kind(), format!("cannot open {path}: {e}"))))?;
    if let Ok(meta) = f.metadata() {
        if meta.len() > MAX_DOCUMENT_BYTES as u64 {
            return Err(ReadError::TooLarge);
        }
    }
    validate::read_document(f.take(MAX_DOCUMENT_BYTES as u64 + 1))
}

fn report(r: Result<String, Invalid>) -> ExitCode {
    match r {
        Ok(desc) => crate::print_lines([format!("ok {desc}")]),
        Err(e) => crate::fail(e.kind, e.message),
    }
}
