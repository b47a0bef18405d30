//! Engine specifications: `cmd=stockfish,proto=uci,name=sf,option.UCI_Elo=2000`.
//!
//! Keys (cutechess-cli's, joined by commas in one argument):
//! - `cmd=COMMAND` (required): the program and its arguments, split at spaces; a part may be
//!   quoted with `"` or `'` to hold spaces (a command quoted whole, `cmd="tegoma engine"`, is
//!   split inside its quotes).
//! - `proto=uci|sei` (default `uci`).
//! - `name=NAME` (default: the program's file name).
//! - `dir=PATH`: the working directory of the engine.
//! - `option.NAME=VALUE`: a UCI option (`setoption name NAME value VALUE`) or an SEI setting
//!   (sent with `configure`), in the order given.
//!
//! A value holding a comma is quoted: `option.Foo="a,b"`.

/// The protocol an engine speaks.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Proto {
    /// The Universal Chess Interface (and Fairy-Stockfish's dialect of it for Ōgi).
    Uci,
    /// SEI, the Sashité Engine Interface (JSON Lines).
    Sei,
}

/// How to start an engine and configure it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct EngineSpec {
    /// The engine's name in records and reports.
    pub name: String,
    /// The program.
    pub program: String,
    /// Its arguments.
    pub args: Vec<String>,
    /// The working directory.
    pub dir: Option<String>,
    /// The protocol.
    pub proto: Proto,
    /// Options, in order.
    pub options: Vec<(String, String)>,
}

/// Why an engine specification is refused.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("invalid engine specification: {0}")]
pub struct SpecError(pub String);

/// Splits at `sep` outside quotes, removing the quotes.
fn split_quoted(text: &str, sep: impl Fn(char) -> bool) -> Result<Vec<String>, SpecError> {
    let mut out = Vec::new();
    let mut cur = String::new();
    let mut quote: Option<char> = None;
    let mut any = false;
    for c in text.chars() {
        match quote {
            Some(q) if c == q => quote = None,
            Some(_) => cur.push(c),
            None if c == '"' || c == '\'' => {
                quote = Some(c);
                any = true;
            }
            None if sep(c) => {
                if !cur.is_empty() || any {
                    out.push(std::mem::take(&mut cur));
                }
                any = false;
            }
            None => cur.push(c),
        }
    }
    if quote.is_some() {
        return Err(SpecError(format!("unclosed quote in {text:?}")));
    }
    if !cur.is_empty() || any {
        out.push(cur);
    }
    Ok(out)
}

/// Splits a command line at spaces, honouring quotes.
pub fn split_command(text: &str) -> Result<Vec<String>, SpecError> {
    split_quoted(text, char::is_whitespace)
}

impl EngineSpec {
    /// Reads a specification.
    ///
    /// # Errors
    /// [`SpecError`] for a missing `cmd`, an unknown key or protocol, an item without `=`.
    pub fn parse(text: &str) -> Result<EngineSpec, SpecError> {
        if text.len() > 16 * 1024 {
            return Err(SpecError("longer than 16 KiB".into()));
        }
        let mut cmd = None;
        let mut name = None;
        let mut dir = None;
        let mut proto = Proto::Uci;
        let mut options = Vec::new();
        // Keep the quotes of values for the command's own splitting: split commas by hand.
        let mut items = Vec::new();
        let mut cur = String::new();
        let mut quote: Option<char> = None;
        for c in text.chars() {
            match quote {
                Some(q) if c == q => {
                    quote = None;
                    cur.push(c);
                }
                Some(_) => cur.push(c),
                None if c == '"' || c == '\'' => {
                    quote = Some(c);
                    cur.push(c);
                }
                None if c == ',' => items.push(std::mem::take(&mut cur)),
                None => cur.push(c),
            }
        }
        if quote.is_some() {
            return Err(SpecError(format!("unclosed quote in {text:?}")));
        }
        items.push(cur);
        for item in items.iter().filter(|i| !i.trim().is_empty()) {
            let (k, v) = item
                .split_once('=')
                .ok_or_else(|| SpecError(format!("item {item:?} has no '='")))?;
            let k = k.trim();
            let unquoted = || -> Result<String, SpecError> {
                Ok(split_quoted(v, |_| false)?
                    .into_iter()
                    .next()
                    .unwrap_or_default())
            };
            match k {
                "cmd" => {
                    let mut parts = split_command(v)?;
                    // `cmd="tegoma engine"` quotes the whole command line: split it again.
                    if parts.len() == 1 && v.trim().starts_with(['"', '\'']) {
                        parts = split_command(&parts[0])?;
                    }
                    cmd = Some(parts)
                }
                "name" => name = Some(unquoted()?),
                "dir" => dir = Some(unquoted()?),
                "proto" => {
                    proto = match v.trim() {
                        "uci" => Proto::Uci,
                        "sei" => Proto::Sei,
                        other => {
                            return Err(SpecError(format!(
                                "protocol {other:?} (expected uci or sei)"
                            )))
                        }
                    }
                }
                _ => match k.strip_prefix("option.") {
                    Some(o) if !o.is_empty() => options.push((o.to_string(), unquoted()?)),
                    _ => {
                        return Err(SpecError(format!(
                            "key {k:?} (expected cmd, proto, name, dir or option.NAME)"
                        )))
                    }
                },
            }
        }
        let mut cmd = cmd
            .filter(|c| !c.is_empty())
            .ok_or_else(|| SpecError("cmd=COMMAND is required".into()))?;
        let program = cmd.remove(0);
        let name = name.unwrap_or_else(|| {
            std::path::Path::new(&program)
                .file_name()
                .map(|f| f.to_string_lossy().into_owned())
                .unwrap_or_else(|| program.clone())
        });
        Ok(EngineSpec {
            name,
            program,
            args: cmd,
            dir,
            proto,
            options,
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn reads_the_issue_examples() {
        let s = EngineSpec::parse("cmd=stockfish,proto=uci,name=sf,option.UCI_Elo=2000").unwrap();
        assert_eq!(s.program, "stockfish");
        assert!(s.args.is_empty());
        assert_eq!(s.name, "sf");
        assert_eq!(s.proto, Proto::Uci);
        assert_eq!(s.options, [("UCI_Elo".to_string(), "2000".to_string())]);
        let s = EngineSpec::parse("cmd=\"tegoma engine\",proto=sei").unwrap();
        assert_eq!(
            (s.program.as_str(), s.args.as_slice()),
            ("tegoma", &["engine".to_string()][..])
        );
        assert_eq!(s.name, "tegoma");
        assert_eq!(s.proto, Proto::Sei);
        // As a shell hands it over (quotes removed).
        let s =
            EngineSpec::parse("cmd=node fsf.mjs --variants 'a b.ini',option.X=\"1,2\"").unwrap();
        assert_eq!(s.args, ["fsf.mjs", "--variants", "a b.ini"]);
        assert_eq!(s.options, [("X".to_string(), "1,2".to_string())]);
    }

    #[test]
    fn refusals() {
        for bad in [
            "",
            "proto=uci",
            "cmd=x,proto=xboard",
            "cmd=x,foo=1",
            "cmd=x,junk",
            "cmd=\"x",
        ] {
            assert!(EngineSpec::parse(bad).is_err(), "{bad}");
        }
    }
}
