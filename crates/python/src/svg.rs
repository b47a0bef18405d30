//! The SVG drawing of a board for notebooks (`Board._repr_svg_`): any board size read from the
//! FEEN's placement, both hands and the styles below.

fn xml_escape(s: &str) -> String {
    s.replace('&', "&amp;")
        .replace('<', "&lt;")
        .replace('>', "&gt;")
        .replace('"', "&quot;")
}

/// The piece tokens of a FEEN rank (`None` for an empty cell), `None` when not 2-D FEEN.
fn rank_cells(rank: &str) -> Option<Vec<Option<String>>> {
    let mut cells = Vec::new();
    let b = rank.as_bytes();
    let mut i = 0;
    while i < b.len() {
        if b[i].is_ascii_digit() {
            let start = i;
            while i < b.len() && b[i].is_ascii_digit() {
                i += 1;
            }
            let n: usize = rank[start..i].parse().ok()?;
            if n > 255 || cells.len() + n > 255 {
                return None;
            }
            cells.extend(std::iter::repeat_n(None, n));
            continue;
        }
        let start = i;
        if matches!(b[i], b'+' | b'-') {
            i += 1;
        }
        if i >= b.len() || !b[i].is_ascii_alphabetic() {
            return None;
        }
        i += 1;
        while i < b.len() && matches!(b[i], b'^' | b'\'') {
            i += 1;
        }
        cells.push(Some(rank[start..i].to_string()));
    }
    Some(cells)
}

/// A plain SVG board: the grid with coordinates, pieces as their tokens (first side's dark on
/// light, second side's light on dark), both hands and the side to move below.
pub(crate) fn svg(feen: &str) -> String {
    let fields: Vec<&str> = feen.split(' ').collect();
    let (placement, hands, styles) = match fields.as_slice() {
        [p, h, s] => (*p, *h, *s),
        _ => (feen, "/", ""),
    };
    let grid: Option<Vec<Vec<Option<String>>>> = if placement.contains("//") {
        None
    } else {
        placement.split('/').map(rank_cells).collect()
    };
    const S: usize = 44;
    const M: usize = 24;
    let Some(grid) = grid.filter(|g| !g.is_empty()) else {
        return format!(
            "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"600\" height=\"40\"><text x=\"8\" y=\"24\" font-family=\"monospace\" font-size=\"14\">{}</text></svg>",
            xml_escape(feen)
        );
    };
    let files = grid.iter().map(Vec::len).max().unwrap_or(0);
    let ranks = grid.len();
    let width = M + files * S + 8;
    let height = M + ranks * S + 8 + 3 * 20;
    let mut out = format!(
        "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"{width}\" height=\"{height}\" viewBox=\"0 0 {width} {height}\" font-family=\"sans-serif\">"
    );
    out.push_str(&format!(
        "<rect x=\"0\" y=\"0\" width=\"{width}\" height=\"{height}\" fill=\"white\"/>"
    ));
    for (r, row) in grid.iter().enumerate() {
        let y = 8 + r * S;
        out.push_str(&format!(
            "<text x=\"{}\" y=\"{}\" font-size=\"12\" text-anchor=\"middle\">{}</text>",
            M / 2,
            y + S / 2 + 4,
            ranks - r
        ));
        for f in 0..files {
            let x = M + f * S;
            let fill = if (r + f) % 2 == 0 {
                "#f0d9b5"
            } else {
                "#b58863"
            };
            out.push_str(&format!(
                "<rect x=\"{x}\" y=\"{y}\" width=\"{S}\" height=\"{S}\" fill=\"{fill}\" stroke=\"#555\" stroke-width=\"0.5\"/>"
            ));
            if let Some(Some(token)) = row.get(f) {
                let first = token.chars().any(|c| c.is_ascii_uppercase());
                let (bg, fg) = if first {
                    ("#ffffff", "#000000")
                } else {
                    ("#222222", "#ffffff")
                };
                out.push_str(&format!(
                    "<circle cx=\"{}\" cy=\"{}\" r=\"{}\" fill=\"{bg}\" stroke=\"#000\"/><text x=\"{}\" y=\"{}\" font-size=\"14\" font-weight=\"bold\" text-anchor=\"middle\" fill=\"{fg}\">{}</text>",
                    x + S / 2,
                    y + S / 2,
                    S / 2 - 4,
                    x + S / 2,
                    y + S / 2 + 5,
                    xml_escape(token)
                ));
            }
        }
    }
    let bottom = 8 + ranks * S;
    for f in 0..files {
        let letter = if f < 26 {
            (b'a' + f as u8) as char
        } else {
            '?'
        };
        out.push_str(&format!(
            "<text x=\"{}\" y=\"{}\" font-size=\"12\" text-anchor=\"middle\">{letter}</text>",
            M + f * S + S / 2,
            bottom + 14
        ));
    }
    let (first_hand, second_hand) = hands.split_once('/').unwrap_or((hands, ""));
    let show = |h: &str| {
        if h.is_empty() {
            "-".to_string()
        } else {
            h.to_string()
        }
    };
    for (i, line) in [
        format!("first hand: {}", show(first_hand)),
        format!("second hand: {}", show(second_hand)),
        format!("styles: {styles}"),
    ]
    .iter()
    .enumerate()
    {
        out.push_str(&format!(
            "<text x=\"{M}\" y=\"{}\" font-size=\"13\">{}</text>",
            bottom + 34 + i * 18,
            xml_escape(line)
        ));
    }
    out.push_str("</svg>");
    out
}
