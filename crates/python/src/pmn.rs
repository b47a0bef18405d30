//! A private reading of the PMN 1.0.0 operator syntax, for `Move`'s attributes (source,
//! destination, dropped piece, promotion) and for telling a malformed move text from an
//! illegal one before it reaches the match.

/// The parts of a PMN string that `Move` exposes.
#[derive(Debug, Default, PartialEq, Eq)]
pub(crate) struct PmnFields {
    pub(crate) from: Option<String>,
    pub(crate) to: Option<String>,
    pub(crate) drop: Option<String>,
    pub(crate) promotion: Option<String>,
}

const PMN_MAX: usize = 25;

fn is_cell(s: &str) -> bool {
    !s.is_empty() && s.len() <= 7 && s.bytes().all(|b| b.is_ascii_alphanumeric())
}

fn is_epin(s: &str) -> bool {
    let s = s.strip_prefix(['+', '-']).unwrap_or(s);
    let s = s.strip_suffix('\'').unwrap_or(s);
    let s = s.strip_suffix('^').unwrap_or(s);
    s.len() == 1 && s.as_bytes()[0].is_ascii_alphabetic()
}

/// Splits `dst[=X][/Y]` into the cell and the actor's mutation.
fn destination(rest: &str) -> Option<(String, Option<String>)> {
    let (rest, captured) = match rest.split_once('/') {
        Some((a, y)) => (a, Some(y)),
        None => (rest, None),
    };
    if captured.is_some_and(|y| !is_epin(y)) {
        return None;
    }
    let (cell, actor) = match rest.split_once('=') {
        Some((c, x)) => (c, Some(x)),
        None => (rest, None),
    };
    if !is_cell(cell) || actor.is_some_and(|x| !is_epin(x)) {
        return None;
    }
    Some((cell.to_string(), actor.map(str::to_string)))
}

/// The fields of a well-formed PMN string, `None` when it is not PMN.
pub(crate) fn pmn_fields(pmn: &str) -> Option<PmnFields> {
    if pmn.is_empty() || pmn.len() > PMN_MAX || !pmn.is_ascii() {
        return None;
    }
    if pmn == "..." {
        return Some(PmnFields::default());
    }
    // Drops: `[P]*dst[=X]`, `[P].dst[=X][/Y]`.
    if let Some(i) = pmn.find(['*', '.']) {
        let (piece, rest) = (&pmn[..i], &pmn[i + 1..]);
        if !piece.is_empty() && !is_epin(piece) {
            return None;
        }
        let (to, promotion) = destination(rest)?;
        return Some(PmnFields {
            from: None,
            to: Some(to),
            drop: Some(piece.to_string()).filter(|p| !p.is_empty()),
            promotion,
        });
    }
    // Static capture `+sq[/Y]`.
    if let Some(rest) = pmn.strip_prefix('+') {
        let (to, promotion) = destination(rest)?;
        return promotion.is_none().then(|| PmnFields {
            to: Some(to),
            ..PmnFields::default()
        });
    }
    let i = pmn.find(['-', '+', '~', '='])?;
    let (from, op, rest) = (&pmn[..i], pmn.as_bytes()[i], &pmn[i + 1..]);
    if !is_cell(from) {
        return None;
    }
    if op == b'=' {
        // In-place mutation `sq=X`.
        return is_epin(rest).then(|| PmnFields {
            from: Some(from.to_string()),
            to: Some(from.to_string()),
            drop: None,
            promotion: Some(rest.to_string()),
        });
    }
    if op == b'-' && rest.contains('/') {
        return None;
    }
    let (to, promotion) = destination(rest)?;
    Some(PmnFields {
        from: Some(from.to_string()),
        to: Some(to),
        drop: None,
        promotion,
    })
}
