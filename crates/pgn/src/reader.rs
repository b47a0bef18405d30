//! The streaming PGN reader.

use std::io::BufRead;

use super::encoding::decode;
use super::error::{PgnError, PgnErrorKind};
use super::input::Input;
use super::lenient;
use super::{
    normalize_comment, Comment, Limits, Nag, PgnGame, PgnResult, PgnWarning, San, Variation,
};

/// Reads PGN games one at a time from a [`BufRead`]; also an [`Iterator`] over the games.
///
/// Each item is one game or the error that broke it; after an error the reader skips to the next
/// line starting with `[Event` and goes on. See the [module documentation](super) for what is
/// kept and what is skipped.
pub struct PgnReader<R> {
    input: Input<R>,
    limits: Limits,
    recovering: bool,
    /// Recovery consumed a line's `[Event`: the next game starts inside that tag.
    pending_event: bool,
    failed: bool,
    game_line: u64,
    token: Vec<u8>,
    text: Vec<u8>,
    /// Which tags to keep (by name); `None`: all. See [`PgnReader::keep_tags`].
    keep_tag: Option<fn(&[u8]) -> bool>,
    /// Tag pairs read in the current game, kept or not.
    tags_read: usize,
    /// A move of the current game is a null move or written with its full origin (`e2e4`):
    /// [`lenient::finish`] has work to do.
    odd: bool,
    /// The text of the variation being read (from its `(` at depth 1).
    var: Vec<u8>,
    /// Comments (and variations, NAGs) read before a game's tags, with no game of their own:
    /// they go to the next game.
    carry: PgnGame,
}

/// Byte classes of the movetext scanner, one table lookup per byte.
const SPACE: u8 = 1;
const SYMBOL: u8 = 2;
static CLASS: [u8; 256] = {
    let mut t = [0u8; 256];
    let mut b = 0;
    while b < 256 {
        let c = b as u8;
        if matches!(c, b' ' | b'\t' | b'\n' | b'\r' | 0x0b | 0x0c) {
            t[b] = SPACE;
        }
        if c.is_ascii_alphanumeric() || matches!(c, b'_' | b'+' | b'#' | b'=' | b':' | b'-' | b'/')
        {
            t[b] = SYMBOL;
        }
        b += 1;
    }
    t
};

#[inline(always)]
fn is_space(b: u8) -> bool {
    CLASS[b as usize] == SPACE
}

/// The NAG of an annotation glyph (`!` 1, `?` 2, `!!` 3, `??` 4, `!?` 5, `?!` 6).
fn glyph_nag(g: &[u8]) -> u32 {
    match g {
        b"!" => 1,
        b"?" => 2,
        b"!!" => 3,
        b"??" => 4,
        b"!?" => 5,
        _ => 6,
    }
}

#[inline(always)]
fn is_symbol(b: u8) -> bool {
    CLASS[b as usize] == SYMBOL
}

/// The bytes of a tag name: ASCII letters, digits and `_`.
static TAG_NAME: [bool; 256] = {
    let mut t = [false; 256];
    let mut b = 0;
    while b < 256 {
        t[b] = (b as u8).is_ascii_alphanumeric() || b == b'_' as usize;
        b += 1;
    }
    t
};

/// A tag pair at the start of `buf` (which starts with `[`), without escapes and within the
/// limits: its name, its value and its length in bytes; `None` for anything else.
fn tag_in_buf(buf: &[u8], max_name: usize, max_value: usize) -> Option<(&[u8], &[u8], usize)> {
    let inline_space = |i: &mut usize| {
        while buf
            .get(*i)
            .is_some_and(|&b| matches!(b, b' ' | b'\t' | b'\r'))
        {
            *i += 1;
        }
    };
    let mut i = 1;
    inline_space(&mut i);
    let start = i;
    while buf.get(i).is_some_and(|&b| TAG_NAME[b as usize]) {
        i += 1;
    }
    let name = &buf[start..i];
    if name.is_empty() || name.len() > max_name {
        return None;
    }
    inline_space(&mut i);
    if buf.get(i) != Some(&b'"') {
        return None;
    }
    let start = i + 1;
    let len = value_end(buf.get(start..)?)?;
    i = start + len;
    if buf[i] != b'"' || len > max_value {
        return None;
    }
    let value = &buf[start..i];
    i += 1;
    inline_space(&mut i);
    if buf.get(i) != Some(&b']') {
        return None;
    }
    Some((name, value, i + 1))
}

/// The index of the first `"`, `\` or newline of `s`, eight bytes at a time.
#[inline]
fn value_end(s: &[u8]) -> Option<usize> {
    const ONES: u64 = 0x0101_0101_0101_0101;
    const HIGH: u64 = 0x8080_8080_8080_8080;
    // The high bit of each byte of `x` equal to `c` (and maybe of bytes after the first such
    // one, which the lowest set bit ignores).
    let equal = |x: u64, c: u8| {
        let y = x ^ (ONES * u64::from(c));
        y.wrapping_sub(ONES) & !y & HIGH
    };
    let mut chunks = s.chunks_exact(8);
    let mut i = 0;
    for chunk in &mut chunks {
        let x = u64::from_le_bytes(chunk.try_into().expect("eight bytes"));
        let m = equal(x, b'"') | equal(x, b'\\') | equal(x, b'\n');
        if m != 0 {
            return Some(i + (m.trailing_zeros() / 8) as usize);
        }
        i += 8;
    }
    chunks
        .remainder()
        .iter()
        .position(|&b| matches!(b, b'"' | b'\\' | b'\n'))
        .map(|p| i + p)
}

impl<R: BufRead> PgnReader<R> {
    /// A reader with the default [`Limits`].
    pub fn new(reader: R) -> PgnReader<R> {
        PgnReader::with_limits(reader, Limits::default())
    }

    /// A reader with the given limits.
    pub fn with_limits(reader: R, limits: Limits) -> PgnReader<R> {
        PgnReader {
            input: Input::new(reader),
            limits,
            recovering: false,
            pending_event: false,
            failed: false,
            game_line: 0,
            token: Vec::with_capacity(64),
            text: Vec::new(),
            var: Vec::new(),
            carry: PgnGame::default(),
            keep_tag: None,
            tags_read: 0,
            odd: false,
        }
    }

    /// Keeps only the tag pairs whose name `keep` accepts (the others are read, checked and
    /// counted against the limits as usual, then dropped without being stored): for readers
    /// that need a few tags only, such as the replay (`FEN`, `Result`, ...).
    pub fn keep_tags(mut self, keep: fn(&[u8]) -> bool) -> PgnReader<R> {
        self.keep_tag = Some(keep);
        self
    }

    /// The 1-based line where the game (or the error) last returned began; 0 before the first.
    pub fn game_line(&self) -> u64 {
        self.game_line
    }

    /// Reads the next game: `None` at the end of the input.
    pub fn read_game(&mut self) -> Option<Result<PgnGame, PgnError>> {
        if self.failed {
            return None;
        }
        let result = self.read_game_inner();
        if let Some(Err(e)) = &result {
            // A failing reader is not retried: the error is reported once, then the stream ends.
            self.failed = matches!(e.kind, PgnErrorKind::Io(_));
        }
        result
    }

    fn read_game_inner(&mut self) -> Option<Result<PgnGame, PgnError>> {
        if self.recovering {
            self.recovering = false;
            if let Err(e) = self.skip_to_next_event() {
                return Some(Err(e));
            }
        }
        if !self.pending_event {
            match self.skip_blank() {
                Ok(Some(_)) => {}
                Ok(None) => return None,
                Err(e) => return Some(Err(e)),
            }
        }
        loop {
            self.input.game_start = self.input.offset();
            self.game_line = self.input.line();
            match self.game() {
                // Text with neither tags, moves nor result (a file's leading comment) is no
                // game: its comments and variations go to the next game, before its first move.
                Ok(g) if self.tags_read == 0 && g.moves.is_empty() && g.result.is_none() => {
                    let mut g = g;
                    self.carry.comments.append(&mut g.comments);
                    self.carry.variations.append(&mut g.variations);
                    self.carry.nags.append(&mut g.nags);
                    self.carry.warnings.append(&mut g.warnings);
                    match self.skip_blank() {
                        Ok(Some(_)) => continue,
                        Ok(None) => return None,
                        Err(e) => return Some(Err(e)),
                    }
                }
                // The whole game was read: a refusal of its content needs no resynchronisation.
                Ok(mut g) => {
                    if !self.carry.comments.is_empty()
                        || !self.carry.variations.is_empty()
                        || !self.carry.nags.is_empty()
                        || !self.carry.warnings.is_empty()
                    {
                        let carry = std::mem::take(&mut self.carry);
                        g.comments.splice(0..0, carry.comments);
                        g.variations.splice(0..0, carry.variations);
                        g.nags.splice(0..0, carry.nags);
                        g.warnings.splice(0..0, carry.warnings);
                    }
                    let line = self.game_line;
                    return Some(lenient::finish(g, self.odd).map_err(|kind| PgnError {
                        line,
                        column: 1,
                        kind,
                    }));
                }
                Err(e) => {
                    self.recovering = true;
                    return Some(Err(e));
                }
            }
        }
    }

    /// Skips the rest of the current line, then every line not starting with `[Event`; consumes
    /// that `[Event` (the next game starts inside the tag: see `pending_event`).
    fn skip_to_next_event(&mut self) -> Result<(), PgnError> {
        const EVENT: &[u8] = b"[Event";
        loop {
            if self.input.at_line_start() {
                let mut matched = 0;
                while matched < EVENT.len() {
                    match self.input.peek()? {
                        Some(b) if b == EVENT[matched] => {
                            self.input.bump(b);
                            matched += 1;
                        }
                        _ => break,
                    }
                }
                if matched == EVENT.len() {
                    self.pending_event = true;
                    return Ok(());
                }
            }
            if self.input.peek()?.is_none() {
                return Ok(());
            }
            self.input.skip_line()?;
        }
    }

    /// Skips whitespace, a byte-order mark and `%` escape lines; returns the next byte.
    fn skip_blank(&mut self) -> Result<Option<u8>, PgnError> {
        loop {
            match self.input.skip_while(is_space)? {
                Some(b'%') if self.input.at_line_start() => self.input.skip_line()?,
                // A UTF-8 byte-order mark at the start of the input.
                Some(b @ (0xEF | 0xBB | 0xBF)) if self.input.offset() < 3 => {
                    self.input.bump(b);
                    if self.input.offset() == 3 {
                        self.input.restart_line();
                    }
                }
                other => return Ok(other),
            }
        }
    }

    fn err(&self, kind: PgnErrorKind) -> PgnError {
        self.input.error(kind)
    }

    fn check_size(&self) -> Result<(), PgnError> {
        if self.input.game_bytes() > self.limits.max_game_bytes {
            return Err(self.err(PgnErrorKind::GameTooLarge(self.limits.max_game_bytes)));
        }
        Ok(())
    }

    fn game(&mut self) -> Result<PgnGame, PgnError> {
        self.tags_read = 0;
        self.odd = false;
        let mut game = PgnGame {
            tags: Vec::with_capacity(if self.keep_tag.is_some() { 2 } else { 10 }),
            moves: Vec::with_capacity(256),
            ..PgnGame::default()
        };
        if self.pending_event {
            self.pending_event = false;
            self.token.clear();
            self.token.extend_from_slice(b"Event");
            self.tag_rest(&mut game)?;
        }
        loop {
            let next = match self.input.peek()? {
                Some(b'[') => Some(b'['),
                _ => self.skip_blank()?,
            };
            self.check_size()?;
            if next != Some(b'[') {
                break;
            }
            self.tag(&mut game)?;
        }
        if let Err(e) = self.movetext(&mut game) {
            // A variant's movetext may not be chess's (drops, `fxe8=K`): the variant is the
            // reason to give.
            return Err(match game.variant() {
                Err(name) => PgnError {
                    line: self.game_line,
                    column: 1,
                    kind: PgnErrorKind::UnsupportedVariant(name),
                },
                Ok(()) => e,
            });
        }
        Ok(game)
    }

    fn skip_inline_space(&mut self) -> Result<Option<u8>, PgnError> {
        loop {
            match self.input.peek()? {
                Some(b @ (b' ' | b'\t' | b'\r')) => self.input.bump(b),
                other => return Ok(other),
            }
        }
    }

    fn tag(&mut self, game: &mut PgnGame) -> Result<(), PgnError> {
        if self.tags_read >= self.limits.max_tags {
            return Err(self.err(PgnErrorKind::TooManyTags(self.limits.max_tags)));
        }
        if self.fast_tag(game)? {
            return Ok(());
        }
        self.input.bump(b'[');
        self.skip_inline_space()?;
        self.token.clear();
        self.tag_rest(game)
    }

    /// The fast path of a tag pair: one wholly in the reader's buffer and without escapes is
    /// read in place (as [`PgnReader::tag_rest`] reads it), with the blank after it. Returns whether it read one; when
    /// not, nothing is consumed and the byte-by-byte path reads (or refuses) the tag.
    fn fast_tag(&mut self, game: &mut PgnGame) -> Result<bool, PgnError> {
        let (max_name, max_value) = (self.limits.max_tag_name, self.limits.max_tag_value);
        let keep = self.keep_tag;
        let read = self.input.scan_buf(|buf| {
            let Some((name, value, mut n)) = tag_in_buf(buf, max_name, max_value) else {
                return (0, None);
            };
            // The blank after it too (what `skip_blank` would skip next, `%` lines aside).
            while n < buf.len() && is_space(buf[n]) {
                n += 1;
            }
            let pair = keep
                .is_none_or(|keep| keep(name))
                .then(|| (decode(name), decode(value)));
            (n, Some(pair))
        })?;
        let Some(pair) = read else {
            return Ok(false);
        };
        self.tags_read += 1;
        if let Some(((name, _), (value, guessed))) = pair {
            if guessed {
                self.warn(game, format!("tag {name}"));
            }
            game.tags.push((name, value));
        }
        Ok(true)
    }

    /// The rest of a tag pair, after `[` and the part of its name already in `self.token`.
    fn tag_rest(&mut self, game: &mut PgnGame) -> Result<(), PgnError> {
        let name_ok = |b: u8| b.is_ascii_alphanumeric() || b == b'_';
        if !self
            .input
            .take_while(name_ok, &mut self.token, self.limits.max_tag_name)?
        {
            return Err(self.err(PgnErrorKind::TagTooLong(self.limits.max_tag_name)));
        }
        if self.token.is_empty() {
            return Err(self.err(PgnErrorKind::BadTag("missing tag name")));
        }
        if self.skip_inline_space()? != Some(b'"') {
            return Err(self.err(PgnErrorKind::BadTag("missing tag value string")));
        }
        let start = self.err(PgnErrorKind::UnterminatedString);
        self.input.bump(b'"');
        self.text.clear();
        let max = self.limits.max_tag_value;
        loop {
            let plain = |b: u8| b != b'"' && b != b'\\' && b != b'\n';
            if !self.input.take_while(plain, &mut self.text, max)? {
                return Err(self.err(PgnErrorKind::TagTooLong(max)));
            }
            let b = match self.input.peek()? {
                None | Some(b'\n') => return Err(start),
                Some(b) => b,
            };
            self.input.bump(b);
            let byte = match b {
                b'"' => break,
                _ => match self.input.peek()? {
                    Some(e @ (b'"' | b'\\')) => {
                        self.input.bump(e);
                        e
                    }
                    _ => b'\\',
                },
            };
            if self.text.len() >= max {
                return Err(self.err(PgnErrorKind::TagTooLong(max)));
            }
            self.text.push(byte);
        }
        if self.skip_inline_space()? != Some(b']') {
            return Err(self.err(PgnErrorKind::BadTag("missing ']'")));
        }
        self.input.bump(b']');
        self.tags_read += 1;
        if self.keep_tag.is_none_or(|keep| keep(&self.token)) {
            let (name, _) = decode(&self.token);
            let (value, guessed) = decode(&self.text);
            if guessed {
                self.warn(game, format!("tag {name}"));
            }
            game.tags.push((name, value));
        }
        Ok(())
    }

    fn movetext(&mut self, game: &mut PgnGame) -> Result<(), PgnError> {
        let mut depth = 0usize;
        let mut variation_start = None;
        loop {
            if depth == 0 {
                self.fast_moves(game)?;
            }
            let b = match self.input.peek()? {
                None => break,
                Some(b) => b,
            };
            match b {
                _ if is_space(b) => self.input.bump(b),
                b'%' if self.input.at_line_start() => self.input.skip_line()?,
                b'{' => self.comment(game, depth, b'}')?,
                b';' => self.comment(game, depth, b'\n')?,
                b'(' => {
                    if depth == 0 {
                        variation_start = Some(self.err(PgnErrorKind::UnterminatedVariation));
                        self.var.clear();
                    } else {
                        self.var_token(b"(");
                    }
                    if depth >= self.limits.max_variation_depth {
                        let max = self.limits.max_variation_depth;
                        return Err(self.err(PgnErrorKind::VariationTooDeep(max)));
                    }
                    self.input.bump(b);
                    depth += 1;
                }
                b')' => {
                    if depth == 0 {
                        return Err(self.err(PgnErrorKind::UnexpectedVariationEnd));
                    }
                    self.input.bump(b);
                    depth -= 1;
                    if depth == 0 {
                        let (text, guessed) = decode(&self.var);
                        if guessed {
                            self.warn(game, "variation".to_string());
                        }
                        game.variations.push(Variation {
                            ply: game.moves.len(),
                            text,
                        });
                    } else {
                        self.var_token(b")");
                    }
                }
                b'[' => break,
                b'$' => {
                    self.input.bump(b);
                    let at = self.err(PgnErrorKind::InvalidNag);
                    self.token.clear();
                    self.token.push(b'$');
                    let n = self.read_while(|b| b.is_ascii_digit())?;
                    let nag = std::str::from_utf8(&self.token[1..])
                        .ok()
                        .and_then(|t| t.parse::<u32>().ok());
                    match nag {
                        Some(nag) if n > 0 => self.annotate(game, depth, nag),
                        _ => return Err(at),
                    }
                }
                // Annotation glyphs separated from their move (or after it: the move's token
                // ends before them), as python-chess reads them: by twos.
                b'!' | b'?' => {
                    self.token.clear();
                    self.read_while(|b| b == b'!' || b == b'?')?;
                    let glyphs = std::mem::take(&mut self.token);
                    // In a variation's text, a run glued to the glyphs of another (a lone `.`
                    // between them is dropped) is kept apart by a space, so that no run grows
                    // past the token limit and the text reads back the same.
                    if depth > 0 && matches!(self.var.last(), Some(b'!' | b'?')) {
                        self.var.push(b' ');
                    }
                    for g in glyphs.chunks(2) {
                        if depth == 0 {
                            self.annotate(game, depth, glyph_nag(g));
                        } else {
                            self.var.extend_from_slice(g);
                        }
                    }
                    self.token = glyphs;
                }
                // A lone `...`.
                b'.' => self.input.bump(b),
                b'*' => {
                    self.input.bump(b);
                    if depth == 0 {
                        game.result = Some(PgnResult::Unknown);
                        return self.after_result(game);
                    }
                    self.var_token(b"*");
                }
                b'0'..=b'9' => {
                    // Where the token starts (its kind is set when it turns out wrong).
                    let at = self.err(PgnErrorKind::InvalidNag);
                    self.token.clear();
                    self.read_while(|b| b.is_ascii_digit())?;
                    if self.input.peek()? == Some(b'.') {
                        // A move number: the dots end it.
                        while self.input.peek()? == Some(b'.') {
                            self.input.bump(b'.');
                            if depth > 0 && self.token.len() < self.limits.max_token {
                                self.token.push(b'.');
                            }
                        }
                        if depth > 0 {
                            let t = std::mem::take(&mut self.token);
                            self.var_token(&t);
                            self.token = t;
                        }
                    } else {
                        self.read_while(is_symbol)?;
                        if let Some(result) = self.symbol(game, depth, at)? {
                            game.result = Some(result);
                            return self.after_result(game);
                        }
                    }
                }
                // `@@@@` is a null move; any other `@` a drop (a variant's), refused as SAN.
                _ if b.is_ascii_alphabetic() || b == b'-' || b == b'@' => {
                    let at = self.err(PgnErrorKind::InvalidNag);
                    self.token.clear();
                    self.read_while(|b| is_symbol(b) || b == b'@')?;
                    self.en_passant_suffix()?;
                    if self.token.is_empty() {
                        continue;
                    }
                    if let Some(result) = self.symbol(game, depth, at)? {
                        game.result = Some(result);
                        return self.after_result(game);
                    }
                }
                _ => {
                    let c = if b.is_ascii() { b as char } else { '\u{FFFD}' };
                    return Err(self.err(PgnErrorKind::UnexpectedChar(c)));
                }
            }
            self.check_size()?;
        }
        if depth > 0 {
            return Err(
                variation_start.unwrap_or_else(|| self.err(PgnErrorKind::UnterminatedVariation))
            );
        }
        Ok(())
    }

    /// The comments after a game's termination marker, up to the next game: kept with the game,
    /// after its last move (python-chess makes them comments of the last move).
    fn after_result(&mut self, game: &mut PgnGame) -> Result<(), PgnError> {
        loop {
            match self.skip_blank()? {
                Some(b'{') => self.comment(game, 0, b'}')?,
                Some(b';') => self.comment(game, 0, b'\n')?,
                _ => return Ok(()),
            }
            self.check_size()?;
        }
    }

    /// A NAG of the main line (kept) or of a variation (written into its text).
    fn annotate(&mut self, game: &mut PgnGame, depth: usize, nag: u32) {
        if depth == 0 {
            game.nags.push(Nag {
                ply: game.moves.len(),
                nag,
            });
        } else {
            self.var_token(format!("${nag}").as_bytes());
        }
    }

    /// Appends a token to the variation's text, one space before it (none after `(`, before
    /// `)`, or after a `;` comment's newline).
    fn var_token(&mut self, t: &[u8]) {
        if !self.var.is_empty() && !matches!(self.var.last(), Some(b'(' | b'\n')) && t != b")" {
            self.var.push(b' ');
        }
        self.var.extend_from_slice(t);
    }

    /// An `e.p.` written after an en passant capture (`exd6 e.p.`, `exd6e.p.`), which
    /// python-chess skips: the token read so far ends with the `e`, the `.p.` follows. Removes
    /// the `e` from the token and consumes the rest.
    fn en_passant_suffix(&mut self) -> Result<(), PgnError> {
        if self.token.last() != Some(&b'e') || self.input.peek()? != Some(b'.') {
            return Ok(());
        }
        let n = self.token.len();
        if n > 1 && !self.token[n - 2].is_ascii_digit() {
            return Ok(());
        }
        self.input.bump(b'.');
        if self.input.peek()? == Some(b'p') {
            self.input.bump(b'p');
            if self.input.peek()? == Some(b'.') {
                self.input.bump(b'.');
            }
            self.token.pop();
        }
        Ok(())
    }

    fn warn(&self, game: &mut PgnGame, what: String) {
        game.warnings.push(PgnWarning::Windows1252 {
            line: self.input.line(),
            what,
        });
    }

    /// The fast path of the main line: whitespace, move numbers and SAN moves read straight from
    /// the reader's buffer, up to anything else (comments, variations, results, NAGs, a token
    /// that may go on past the buffer, anything wrong), which the byte-by-byte path then reads
    /// (and reports, with its position).
    fn fast_moves(&mut self, game: &mut PgnGame) -> Result<(), PgnError> {
        let room = self
            .limits
            .max_game_bytes
            .saturating_sub(self.input.game_bytes())
            .min(usize::MAX as u64) as usize;
        let max_plies = self.limits.max_plies;
        let max_token = self.limits.max_token;
        let mut odd = false;
        self.input.scan_buf(|buf| {
            let buf = &buf[..buf.len().min(room)];
            let mut i = 0;
            loop {
                // The byte-by-byte path reads what follows `%` at a line start.
                while i < buf.len() && is_space(buf[i]) {
                    i += 1;
                }
                let start = i;
                let Some(&first) = buf.get(i) else {
                    return (start, ());
                };
                if first.is_ascii_digit() {
                    i += 1;
                    while i < buf.len() && buf[i].is_ascii_digit() {
                        i += 1;
                    }
                    if buf.get(i) != Some(&b'.') || i - start > max_token {
                        return (start, ()); // a result, castling with zeros, or the buffer's end
                    }
                    while i < buf.len() && buf[i] == b'.' {
                        i += 1;
                    }
                    if i == buf.len() {
                        return (start, ());
                    }
                    continue;
                }
                if !first.is_ascii_alphabetic() {
                    return (start, ());
                }
                // The frequent shapes (`e4`, `Nf3`, `exd5+`...) with the blank after them, at
                // once; the others are scanned, then lexed.
                if let Some((san, n)) = San::lex_prefix(&buf[i..]) {
                    if game.moves.len() >= max_plies || n > max_token {
                        return (start, ());
                    }
                    game.moves.push(san);
                    i += n + 1;
                    continue;
                }
                while i < buf.len() && is_symbol(buf[i]) {
                    i += 1;
                }
                // Annotation suffixes are left to the other path, and so is a token that may
                // go on in the next buffer.
                if i == buf.len() || matches!(buf[i], b'!' | b'?') || i - start > max_token {
                    return (start, ());
                }
                match San::parse_bytes(&buf[start..i]) {
                    Ok(san) if game.moves.len() < max_plies => {
                        odd |= san.is_null() | san.is_pawn_with_full_origin();
                        game.moves.push(san);
                    }
                    _ => return (start, ()),
                }
            }
        })?;
        self.odd |= odd;
        Ok(())
    }

    /// Appends to `self.token` the bytes matching `pred`, under the token limit; returns how many.
    fn read_while(&mut self, pred: impl Fn(u8) -> bool) -> Result<usize, PgnError> {
        // Byte by byte: tokens are short, and this beats bulk scanning on them.
        let mut n = 0;
        while let Some(b) = self.input.peek()? {
            if !pred(b) {
                break;
            }
            if self.token.len() >= self.limits.max_token {
                return Err(self.err(PgnErrorKind::TokenTooLong(self.limits.max_token)));
            }
            self.token.push(b);
            self.input.bump(b);
            n += 1;
        }
        Ok(n)
    }

    /// Classifies the symbol in `self.token`: a result ends the game, a move is kept (main line
    /// only), a bare move number is skipped.
    fn symbol(
        &mut self,
        game: &mut PgnGame,
        depth: usize,
        at: PgnError,
    ) -> Result<Option<PgnResult>, PgnError> {
        if depth > 0 {
            let t = std::mem::take(&mut self.token);
            self.var_token(&t);
            self.token = t;
            return Ok(None);
        }
        let tok = lenient::token(&self.token);
        let result = match tok {
            b"1-0" => Some(PgnResult::WhiteWins),
            b"0-1" => Some(PgnResult::BlackWins),
            b"1/2-1/2" => Some(PgnResult::Draw),
            _ => None,
        };
        if result.is_some() {
            return Ok(result);
        }
        // A bare number is a move number without its dot; `0000` is a null move.
        if tok != b"0000" && tok.iter().all(u8::is_ascii_digit) {
            return Ok(None);
        }
        match San::parse_bytes(tok) {
            Ok(san) => {
                if game.moves.len() >= self.limits.max_plies {
                    let max = self.limits.max_plies;
                    return Err(PgnError {
                        kind: PgnErrorKind::TooManyPlies(max),
                        ..at
                    });
                }
                self.odd |= san.is_null() | san.is_pawn_with_full_origin();
                game.moves.push(san);
                Ok(None)
            }
            Err(_) => Err(PgnError {
                kind: PgnErrorKind::InvalidSan(
                    String::from_utf8_lossy(&tok[..tok.len().min(32)]).into_owned(),
                ),
                ..at
            }),
        }
    }

    /// Reads a comment up to `end` (`}` or the end of the line): a main-line comment is kept,
    /// a variation's is written into its text.
    fn comment(&mut self, game: &mut PgnGame, depth: usize, end: u8) -> Result<(), PgnError> {
        let start = self.err(PgnErrorKind::UnterminatedComment);
        let first = self.input.next()?.unwrap_or(end);
        debug_assert!(first == b'{' || first == b';');
        self.text.clear();
        let max = self.limits.max_comment;
        match self.input.take_until(end, &mut self.text, true, max)? {
            Some(true) => {}
            Some(false) if end == b'}' => return Err(start),
            Some(false) => {}
            None => return Err(self.err(PgnErrorKind::CommentTooLong(max))),
        }
        let (text, guessed) = decode(&self.text);
        if guessed {
            self.warn(game, "comment".to_string());
        }
        let text = normalize_comment(&text);
        if depth == 0 {
            game.comments.push(Comment {
                ply: game.moves.len(),
                text,
            });
        } else if text.contains('}') {
            self.var_token(format!(";{text}\n").as_bytes());
        } else {
            self.var_token(format!("{{{text}}}").as_bytes());
        }
        Ok(())
    }
}

impl<R: BufRead> Iterator for PgnReader<R> {
    type Item = Result<PgnGame, PgnError>;

    fn next(&mut self) -> Option<Self::Item> {
        self.read_game()
    }
}
