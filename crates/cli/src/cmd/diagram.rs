//! The board as `tegoma play` draws it for players: each piece by its army's look (no state
//! markers where the army shows none: a chess player sees `K` and `P`, not `+K^` and `+P`; an
//! Ōgi player keeps `+` for promoted pieces), the sides named as the game names them (White and
//! Black in chess), the player's own side at the bottom.

use tegoma_game::{AnyMatch, ArmyLook};
use tegoma_protocol::Side;

/// A square's piece as FEEN writes it, split into its marks.
struct Token {
    state: Option<char>,
    letter: char,
}

/// One rank of a FEEN placement: its squares, `None` when empty.
fn rank_tokens(rank: &str) -> Vec<Option<Token>> {
    let mut out = Vec::new();
    let mut chars = rank.chars().peekable();
    let mut count = 0usize;
    while let Some(c) = chars.next() {
        if let Some(d) = c.to_digit(10) {
            count = count * 10 + d as usize;
            if !chars.peek().is_some_and(char::is_ascii_digit) {
                out.extend((0..count).map(|_| None));
                count = 0;
            }
            continue;
        }
        let (state, letter) = match c {
            '+' | '-' => (Some(c), chars.next().unwrap_or('?')),
            _ => (None, c),
        };
        // The terminal and derived marks are not drawn.
        let _ = chars.next_if_eq(&'^');
        let _ = chars.next_if_eq(&'\'');
        out.push(Some(Token { state, letter }));
    }
    out
}

/// How a piece is written for players: its letter in its side's case, with its state mark only
/// where its army shows one (Ōgi's `+`), never the terminal mark.
fn text(t: &Token, army: &ArmyLook) -> String {
    match t.state {
        Some(s) if army.enhanced_mark && s == '+' => format!("+{}", t.letter),
        _ => t.letter.to_string(),
    }
}

/// Each side's name and army in `m`, by the look of its game and the style of each side.
pub fn sides(m: &AnyMatch) -> [(String, ArmyLook); 2] {
    let look = m.rules().look();
    let [a, b] = m.position().styles();
    let (first, second) = (look.army(a.to_char()), look.army(b.to_char()));
    if first.style == second.style {
        [
            (first.sides.first.to_string(), first),
            (second.sides.second.to_string(), second),
        ]
    } else {
        let name = |army: &ArmyLook| {
            if army.name.is_empty() {
                army.style.to_string()
            } else {
                army.name.to_string()
            }
        };
        [(name(&first), first), (name(&second), second)]
    }
}

/// The diagram of `m`'s position with `bottom`'s side at the bottom: the hands, the ranks with
/// their numbers and files, who is to move.
pub fn draw(m: &AnyMatch, bottom: Side) -> String {
    let feen = m.feen();
    let mut fields = feen.split(' ');
    let placement = fields.next().unwrap_or_default();
    let hands = fields.next().unwrap_or("/");
    let sides = sides(m);
    let mut rows: Vec<Vec<Option<Token>>> = placement.split('/').map(rank_tokens).collect();
    let ranks = rows.len();
    let files = rows.iter().map(Vec::len).max().unwrap_or(0);
    let side_of = |letter: char| {
        if letter.is_ascii_uppercase() {
            Side::First
        } else {
            Side::Second
        }
    };
    let mut out = String::new();
    let hand_line = |side: Side| {
        let (first, second) = hands.split_once('/').unwrap_or((hands, ""));
        let held = if side == Side::First { first } else { second };
        let (name, _) = &sides[side.index()];
        format!(
            "{name}'s hand: {}\n",
            if held.is_empty() { "-" } else { held }
        )
    };
    out.push_str(&hand_line(bottom.flip()));
    let mut order: Vec<usize> = (0..ranks).collect();
    let mut file_order: Vec<usize> = (0..files).collect();
    if bottom == Side::Second {
        order.reverse();
        file_order.reverse();
    }
    for &r in &order {
        let row = &mut rows[r];
        row.resize_with(files, || None);
        let mut line = format!("{:>2} ", ranks - r);
        for &f in &file_order {
            let cell = match &row[f] {
                None => ".".to_string(),
                Some(t) => text(t, &sides[side_of(t.letter).index()].1),
            };
            line.push_str(&format!("{cell:<3}"));
        }
        out.push_str(line.trim_end());
        out.push('\n');
    }
    let letters: String = file_order
        .iter()
        .map(|&f| format!("{:<3}", (b'a' + f as u8) as char))
        .collect();
    out.push_str(&format!("   {}\n", letters.trim_end()));
    out.push_str(&hand_line(bottom));
    let (name, _) = &sides[m.side_to_move().index()];
    out.push_str(&format!("{name} to move"));
    out
}
