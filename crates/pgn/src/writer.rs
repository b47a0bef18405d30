//! The PGN writer (export form).

use std::fmt::Write as _;
use std::io::{self, Write};

use super::PgnGame;

/// Longest movetext line written.
const LINE: usize = 79;

fn valid_tag_name(name: &str) -> bool {
    !name.is_empty()
        && name.len() <= 255
        && name.bytes().all(|b| b.is_ascii_alphanumeric() || b == b'_')
}

/// The start: whether Black moves first and the first move number, from a `FEN` tag.
fn start_of(game: &PgnGame) -> (bool, u64) {
    let Some(fen) = game.setup_fen() else {
        return (false, 1);
    };
    let fields: Vec<&str> = fen.split_ascii_whitespace().collect();
    let black = fields.get(1) == Some(&"b");
    let number = fields
        .get(5)
        .and_then(|n| n.parse::<u64>().ok())
        .filter(|&n| n > 0)
        .unwrap_or(1);
    (black, number)
}

/// Writes one game in PGN export form: [`PgnGame::to_export`] of `game` (seven-tag roster first,
/// then the other tags; movetext with move numbers and comments wrapped at 79 characters; the
/// result), followed by a blank line. A comment containing `}` is written as a `;` comment.
///
/// Fails with [`io::ErrorKind::InvalidInput`] when a tag name is not a PGN symbol
/// (letters, digits, `_`, at most 255 bytes).
pub fn write_game<W: Write>(w: &mut W, game: &PgnGame) -> io::Result<()> {
    let game = game.to_export();
    for (name, value) in &game.tags {
        if !valid_tag_name(name) {
            return Err(io::Error::new(
                io::ErrorKind::InvalidInput,
                format!("invalid PGN tag name {name:?}"),
            ));
        }
        let mut escaped = String::with_capacity(value.len() + 2);
        for c in value.chars() {
            if c == '"' || c == '\\' {
                escaped.push('\\');
            }
            escaped.push(c);
        }
        writeln!(w, "[{name} \"{escaped}\"]")?;
    }
    writeln!(w)?;

    let mut line = String::with_capacity(96);
    let mut out = |unit: &str, force_break: bool, w: &mut W| -> io::Result<()> {
        if !line.is_empty() && line.len() + 1 + unit.len() > LINE {
            writeln!(w, "{line}")?;
            line.clear();
        }
        if !line.is_empty() {
            line.push(' ');
        }
        line.push_str(unit);
        if force_break {
            writeln!(w, "{line}")?;
            line.clear();
        }
        Ok(())
    };

    let (mut black, mut number) = start_of(&game);
    let mut need_number = true;
    let mut comments = game.comments.iter().peekable();
    let mut nags = game.nags.iter().peekable();
    let mut variations = game.variations.iter().peekable();
    let mut unit = String::with_capacity(16);
    for i in 0..=game.moves.len() {
        while let Some(g) = nags.next_if(|g| g.ply == i) {
            unit.clear();
            let _ = write!(unit, "${}", g.nag);
            out(&unit, false, w)?;
        }
        while let Some(c) = comments.next_if(|c| c.ply == i) {
            need_number = true;
            if c.text.contains('}') {
                unit.clear();
                unit.push(';');
                unit.push_str(&c.text);
                out(&unit, true, w)?;
                continue;
            }
            let words: Vec<&str> = c.text.split(' ').filter(|s| !s.is_empty()).collect();
            if words.is_empty() {
                out("{}", false, w)?;
            }
            for (k, word) in words.iter().enumerate() {
                unit.clear();
                if k == 0 {
                    unit.push('{');
                }
                unit.push_str(word);
                if k + 1 == words.len() {
                    unit.push('}');
                }
                out(&unit, false, w)?;
            }
        }
        while let Some(v) = variations.next_if(|v| v.ply == i) {
            need_number = true;
            write_variation(&v.text, &mut |u: &str, brk: bool| out(u, brk, w))?;
        }
        let Some(san) = game.moves.get(i) else { break };
        if !black {
            unit.clear();
            unit.push_str(&number.to_string());
            unit.push('.');
            out(&unit, false, w)?;
        } else if need_number {
            unit.clear();
            unit.push_str(&number.to_string());
            unit.push_str("...");
            out(&unit, false, w)?;
        }
        unit.clear();
        // Writing to a `String` cannot fail.
        let _ = write!(unit, "{san}");
        out(&unit, false, w)?;
        need_number = false;
        if black {
            number = number.saturating_add(1);
        }
        black = !black;
    }
    let result = game.result.map(|r| r.as_str()).unwrap_or("*");
    out(result, true, w)?;
    writeln!(w)?;
    Ok(())
}

/// Writes `(text)` as units of one word each (a `;` comment whole, ending its line).
fn write_variation(
    text: &str,
    out: &mut dyn FnMut(&str, bool) -> io::Result<()>,
) -> io::Result<()> {
    // (unit, ends its line)
    let mut units: Vec<(String, bool)> = Vec::new();
    let mut segments = text.split('\n').peekable();
    while let Some(segment) = segments.next() {
        let ends_line = segments.peek().is_some();
        let (words, line_comment) = match semicolon(segment) {
            Some(i) if ends_line => (&segment[..i], Some(&segment[i..])),
            _ => (segment, None),
        };
        for word in words.split(' ').filter(|s| !s.is_empty()) {
            units.push((word.to_string(), false));
        }
        if let Some(c) = line_comment {
            // ASCII white space only: a no-break space (U+00A0, a Windows-1252 byte read as
            // such) is the comment's text, kept as the reader kept it.
            let c = c.trim_end_matches(|ch: char| ch.is_ascii_whitespace());
            units.push((c.to_string(), true));
        }
    }
    match units.first_mut() {
        Some(first) => first.0.insert(0, '('),
        None => units.push(("(".to_string(), false)),
    }
    match units.last_mut() {
        Some(last) if !last.1 => last.0.push(')'),
        _ => units.push((")".to_string(), false)),
    }
    for (unit, brk) in &units {
        out(unit, *brk)?;
    }
    Ok(())
}

/// The index of the first `;` outside a `{...}` comment.
fn semicolon(s: &str) -> Option<usize> {
    let mut in_brace = false;
    for (i, c) in s.char_indices() {
        match c {
            '{' => in_brace = true,
            '}' => in_brace = false,
            ';' if !in_brace => return Some(i),
            _ => {}
        }
    }
    None
}

/// [`write_game`] into a string.
pub fn game_to_string(game: &PgnGame) -> io::Result<String> {
    let mut buf = Vec::new();
    write_game(&mut buf, game)?;
    String::from_utf8(buf).map_err(|e| io::Error::new(io::ErrorKind::InvalidData, e))
}
