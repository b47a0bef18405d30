//! Move and position dialects of UCI engines: chess UCI (`e2e4`, `e7e8q`, `startpos` or FEN),
//! and Fairy-Stockfish's variants (`UCI_Variant`: `c3c4`, `b2g7+`, drops `S@e5`, FEN with the
//! hands in brackets). Which one plays a game is its descriptor's ([`Formats::uci`](tegoma_game::rules::Formats::uci)).
//!
//! PMN is written to a dialect syntactically (the notations share their squares); a move an
//! engine sends is read back by looking it up among the dialect forms of the position's legal
//! moves, so that nothing the engine writes is trusted.

use tegoma_game::rules::Uci;
use tegoma_game::{AnyMatch, AnyPosition, MoveFormat, Rules};

/// How a UCI engine spells positions and moves.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Dialect {
    /// Chess UCI.
    Chess,
    /// Fairy-Stockfish's spelling of a variant it plays (`UCI_Variant`, its name here), such
    /// as Ōgi (`ogi`, King's privilege off).
    Fairy(&'static str),
}

/// A move or position that has no form in the dialect.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("{what} has no form in the engine's notation: {text}")]
pub struct DialectError {
    /// What could not be written.
    pub what: &'static str,
    /// The text.
    pub text: String,
}

fn err(what: &'static str, text: &str) -> DialectError {
    DialectError {
        what,
        text: text.chars().take(80).collect(),
    }
}

/// The leading square (`e2`, letters then digits) of `s`, and the rest.
fn square(s: &str) -> Option<(&str, &str)> {
    let letters = s.bytes().take_while(u8::is_ascii_lowercase).count();
    let digits = s[letters..].bytes().take_while(u8::is_ascii_digit).count();
    (letters > 0 && digits > 0).then(|| s.split_at(letters + digits))
}

impl Dialect {
    /// The dialect for a rule system played over UCI, from its descriptor's [`Formats::uci`](tegoma_game::rules::Formats::uci)
    /// (`None`: UCI cannot play it).
    pub fn for_rules(rules: &Rules) -> Option<Dialect> {
        match rules.formats().uci {
            Uci::Standard => Some(Dialect::Chess),
            Uci::Variant(name) => Some(Dialect::Fairy(name)),
            Uci::None => None,
        }
    }

    /// The options the dialect sets before play (`UCI_Variant`).
    pub fn options(self) -> Vec<(String, String)> {
        match self {
            Dialect::Chess => Vec::new(),
            Dialect::Fairy(variant) => vec![("UCI_Variant".to_string(), variant.to_string())],
        }
    }

    /// A PMN move in the dialect.
    ///
    /// # Errors
    /// A move the dialect cannot spell (a King's privilege choice, a promoted drop).
    pub fn write_move(self, pmn: &str) -> Result<String, DialectError> {
        if let Some((piece, rest)) = pmn.split_once('*') {
            // A drop: `S*e5` -> `S@e5` (the piece letter uppercase, as in UCI drops).
            let letter = piece.trim_end_matches('\'');
            if self == Dialect::Chess || letter.len() != 1 || rest.contains(['=', '/']) {
                return Err(err("a drop", pmn));
            }
            return Ok(format!("{}@{rest}", letter.to_ascii_uppercase()));
        }
        let (from, rest) = square(pmn).ok_or_else(|| err("a move", pmn))?;
        let op = rest.chars().next().ok_or_else(|| err("a move", pmn))?;
        if !matches!(op, '-' | '+' | '~') {
            return Err(err("a move", pmn));
        }
        let (to, rest) = square(&rest[1..]).ok_or_else(|| err("a move", pmn))?;
        let mut out = format!("{from}{to}");
        let (promo, capture) = match rest.split_once('/') {
            Some((p, c)) => (p, Some(c)),
            None => (rest, None),
        };
        if capture.is_some() {
            return Err(err("a capture transformation (King's privilege)", pmn));
        }
        if let Some(x) = promo.strip_prefix('=') {
            match self {
                Dialect::Chess => {
                    let l = x
                        .trim_start_matches(['+', '-'])
                        .trim_end_matches(['^', '\'']);
                    if l.len() != 1 {
                        return Err(err("a promotion", pmn));
                    }
                    out.push_str(&l.to_ascii_lowercase());
                }
                Dialect::Fairy(_) => {
                    if !x.starts_with('+') {
                        return Err(err("a promotion", pmn));
                    }
                    out.push('+');
                }
            }
        } else if !promo.is_empty() {
            return Err(err("a move", pmn));
        }
        Ok(out)
    }

    /// The `position ...` command of a match.
    ///
    /// # Errors
    /// A start position or a ply without a form in the dialect.
    pub fn position_command(self, m: &AnyMatch) -> Result<String, DialectError> {
        let initial = AnyPosition::initial(m.rules().clone()).feen();
        let start = m.start_feen();
        let mut out = if start == initial {
            "position startpos".to_string()
        } else {
            match self {
                Dialect::Chess => format!(
                    "position fen {}",
                    m.start_fen()
                        .ok_or_else(|| err("the start position", &start))?
                ),
                Dialect::Fairy(_) => format!("position fen {}", fsf_fen(&start)?),
            }
        };
        let plies = m.pmn_plies();
        if !plies.is_empty() {
            out.push_str(" moves");
            for p in &plies {
                out.push(' ');
                out.push_str(&self.write_move(p)?);
            }
        }
        Ok(out)
    }

    /// The legal moves of the match's position as (dialect text, PMN), sennichite-forbidden
    /// moves included (played, they lose by `repetition`), and whether sennichite forbids some.
    pub fn legal_moves(self, m: &AnyMatch) -> (Vec<(String, String)>, Vec<String>) {
        let allowed = m.legal_moves_as(MoveFormat::Pmn).unwrap_or_default();
        let all = AnyPosition::from_generic(Some(m.rules().clone()), &m.position())
            .and_then(|p| Ok(p.legal_moves(MoveFormat::Pmn)?))
            .unwrap_or_else(|_| allowed.clone());
        let pairs = all
            .iter()
            .filter_map(|p| self.write_move(p).ok().map(|t| (t, p.clone())))
            .collect();
        let forbidden_some = all.len() != allowed.len();
        let search = if forbidden_some {
            allowed
                .iter()
                .filter_map(|p| self.write_move(p).ok())
                .collect()
        } else {
            Vec::new()
        };
        (pairs, search)
    }

    /// Reads an engine's move: the PMN of the legal move it names, if any.
    pub fn read_move(self, legal: &[(String, String)], text: &str) -> Option<String> {
        let t = match self {
            // Fairy-Stockfish may mark a declined promotion with `=`.
            Dialect::Fairy(_) => text.trim_end_matches('='),
            Dialect::Chess => text,
        };
        legal
            .iter()
            .find(|(d, _)| d == t)
            .map(|(_, pmn)| pmn.clone())
    }
}

/// Fairy-Stockfish's FEN of an Ōgi FEEN (oracles/README.md): kings `k^` written `k`, `'`
/// dropped, the hands spelled out in brackets (Sente's pieces uppercase first), `w` when Sente
/// (uppercase) is to move, then `0 1`.
///
/// # Errors
/// A FEEN that is not three fields, or a promoted piece in hand (no form there).
pub fn fsf_fen(feen: &str) -> Result<String, DialectError> {
    let fields: Vec<&str> = feen.split(' ').collect();
    let [placement, hands, turn] = fields[..] else {
        return Err(err("a position", feen));
    };
    let board: String = placement
        .chars()
        .filter(|&c| c != '^' && c != '\'')
        .collect();
    let mut pocket = String::new();
    for hand in hands.split('/') {
        let mut count = 0u32;
        let mut chars = hand.chars().peekable();
        while let Some(c) = chars.next() {
            if let Some(d) = c.to_digit(10) {
                count = count.saturating_mul(10).saturating_add(d).min(64);
                continue;
            }
            if c == '+' || c == '-' {
                return Err(err("a promoted piece in hand", feen));
            }
            if !c.is_ascii_alphabetic() {
                return Err(err("a hand", feen));
            }
            while matches!(chars.peek(), Some('^' | '\'')) {
                chars.next();
            }
            for _ in 0..count.max(1) {
                pocket.push(c);
            }
            count = 0;
        }
    }
    let mut sorted: Vec<char> = pocket.chars().collect();
    sorted.sort_by_key(|c| (c.is_ascii_lowercase(), *c));
    let pocket: String = sorted.into_iter().collect();
    let side = match turn.chars().next() {
        Some(c) if c.is_ascii_uppercase() => 'w',
        Some(_) => 'b',
        None => return Err(err("a position", feen)),
    };
    Ok(format!("{board}[{pocket}] {side} 0 1"))
}

#[cfg(test)]
mod tests {
    use super::*;
    use tegoma_game::Rules;

    #[test]
    fn chess_moves() {
        let d = Dialect::Chess;
        assert_eq!(d.write_move("e2-e4").unwrap(), "e2e4");
        assert_eq!(d.write_move("d1+f3").unwrap(), "d1f3");
        assert_eq!(d.write_move("e7-e8=Q").unwrap(), "e7e8q");
        assert_eq!(d.write_move("b2+a1=n").unwrap(), "b2a1n");
        assert_eq!(d.write_move("e1~g1").unwrap(), "e1g1");
        assert_eq!(d.write_move("e5~d6").unwrap(), "e5d6");
        assert!(d.write_move("P*e5").is_err());
        assert!(d.write_move("...").is_err());
    }

    /// Every legal move of a few chess positions, written syntactically, is the UCI the chess
    /// rules write for it.
    #[test]
    fn chess_agrees_with_the_rules_uci() {
        let mut m = AnyMatch::new(Rules::chess());
        for mv in ["e4", "d5", "exd5", "c5", "dxc6", "Qa5", "cxb7", "Kd8"] {
            m.play(mv, None).unwrap();
            let pmn = m.legal_moves_as(MoveFormat::Pmn).unwrap();
            let uci = m.legal_moves_as(MoveFormat::Uci).unwrap();
            for (p, u) in pmn.iter().zip(&uci) {
                assert_eq!(&Dialect::Chess.write_move(p).unwrap(), u);
            }
        }
        assert!(m
            .legal_moves_as(MoveFormat::Uci)
            .unwrap()
            .contains(&"b7a8q".to_string()));
    }

    #[test]
    fn ogi_moves() {
        let d = Dialect::Fairy("ogi");
        assert_eq!(d.write_move("c3-c4").unwrap(), "c3c4");
        assert_eq!(d.write_move("b2+g7=+B").unwrap(), "b2g7+");
        assert_eq!(d.write_move("c6-c7=+S").unwrap(), "c6c7+");
        assert_eq!(d.write_move("S*e5").unwrap(), "S@e5");
        assert_eq!(d.write_move("s*e5").unwrap(), "S@e5");
        assert!(d.write_move("e4+e5/+R").is_err());
        assert!(d.write_move("+R*e5").is_err());
    }

    /// When sennichite forbids a move, the search list holds every other legal move; the
    /// forbidden move still reads back (played, it loses by `repetition`).
    #[test]
    fn sennichite_restricts_the_search() {
        let rules = Rules::ogi().without_privilege().unwrap();
        let mut m = AnyMatch::new(rules);
        let (_, search) = Dialect::Fairy("ogi").legal_moves(&m);
        assert!(search.is_empty(), "nothing forbidden at the start");
        for mv in ["g2-h2", "b7-a7", "h2-g2", "a7-b7"] {
            m.play(mv, None).unwrap();
        }
        // g2-h2 would produce again the position it produced at ply 1.
        let (legal, search) = Dialect::Fairy("ogi").legal_moves(&m);
        assert_eq!(legal.len(), 25);
        assert_eq!(search.len(), 24);
        assert!(!search.contains(&"g2h2".to_string()));
        assert_eq!(
            Dialect::Fairy("ogi").read_move(&legal, "g2h2").as_deref(),
            Some("g2-h2")
        );
        assert_eq!(
            Dialect::Fairy("ogi").position_command(&m).unwrap(),
            "position startpos moves g2h2 b7a7 h2g2 a7b7"
        );
    }

    /// Hand-made from the mapping in oracles/README.md.
    #[test]
    fn ogi_fen() {
        assert_eq!(
            fsf_fen("lnsik^snl/1r4b1/pppppppp/8/8/PPPPPPPP/1B4R1/LNSIK^SNL / O/o").unwrap(),
            "lnsiksnl/1r4b1/pppppppp/8/8/PPPPPPPP/1B4R1/LNSIKSNL[] w 0 1"
        );
        assert_eq!(
            fsf_fen("lnsik^'snl/1r4b1/ppp1pppp/8/8/PPPPPPP1/1+B4R1/LNSIK^SNL 2PS/3p o/O").unwrap(),
            "lnsiksnl/1r4b1/ppp1pppp/8/8/PPPPPPP1/1+B4R1/LNSIKSNL[PPSppp] b 0 1"
        );
        assert!(fsf_fen("8/8 +P/ O/o").is_err());
        assert!(fsf_fen("8/8").is_err());
    }
}
