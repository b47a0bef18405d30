//! Openings: start positions read from a file (FEEN for every game; FEN or EPD for chess), or
//! made by seeded random play.
//!
//! A file holds one position a line; empty lines and lines starting with `#` are skipped. A line
//! is FEEN when its third field is a style-turn (`C/c`, `o/O`); otherwise, for chess, it is FEN
//! (six fields) or EPD (four fields and operations, the halfmove clock then 0).
//!
//! Random openings play `plies` uniformly random legal moves from one of the game's starts
//! (`Rules::starts()`: opening `i` from start `i` modulo their number, so a game with several
//! starts, one per pairing of its players' styles, has each in turn), drawn from a SplitMix64
//! generator seeded by the seed and the opening's number; a line that ends the game is drawn
//! again.

use tegoma_game::{AnyMatch, MatchError, Rules};

/// A start position.
#[derive(Debug, Clone)]
pub struct Opening {
    /// The match at the start position.
    pub start: AnyMatch,
    /// Where it came from (`file.epd:3`, `random 8 plies #2`).
    pub label: String,
}

/// Why openings cannot be had.
#[derive(Debug, thiserror::Error)]
pub enum OpeningsError {
    /// The file cannot be read.
    #[error("cannot read the openings file {path}: {error}")]
    Io {
        /// The path.
        path: String,
        /// The error.
        error: std::io::Error,
    },
    /// A line is not a position of the game.
    #[error("{path}:{line}: {error}")]
    Position {
        /// The path.
        path: String,
        /// The line number.
        line: usize,
        /// Why.
        error: MatchError,
    },
    /// The file has no position.
    #[error("the openings file {0} holds no position")]
    Empty(String),
    /// Random play found no line that leaves the game going.
    #[error("no random opening of {0} plies keeps the game going")]
    NoLine(usize),
    /// Random play found lines, but the filter refused each of 1000 tries.
    #[error("no random opening of {0} plies in 1000 tries passes the filter")]
    NoneAccepted(usize),
}

/// Whether a line's third field is a FEEN style-turn (`C/c`).
fn is_feen(line: &str) -> bool {
    line.split(' ').nth(2).is_some_and(|f| {
        let b = f.as_bytes();
        b.len() >= 3 && f.contains('/') && b.iter().all(|c| c.is_ascii_alphabetic() || *c == b'/')
    })
}

/// Reads positions of `rules` from text (see the module docs).
///
/// # Errors
/// A line that is not a position of the game, or no position at all.
pub fn parse_openings(
    rules: &Rules,
    text: &str,
    path: &str,
) -> Result<Vec<Opening>, OpeningsError> {
    let mut out = Vec::new();
    for (i, raw) in text.lines().enumerate() {
        let line = raw.trim();
        if line.is_empty() || line.starts_with('#') {
            continue;
        }
        let at = |error| OpeningsError::Position {
            path: path.to_string(),
            line: i + 1,
            error,
        };
        let start = if is_feen(line) {
            let m = AnyMatch::from_feen(line).map_err(at)?;
            if m.rules().name() != rules.name() {
                return Err(at(MatchError::Setup(
                    tegoma_game::RulesError::GameMismatch {
                        game: rules.name().to_string(),
                        expected: rules.name().to_string(),
                        found: m.rules().name().to_string(),
                    }
                    .into(),
                )));
            }
            let generic = m.position();
            AnyMatch::from_position(rules.clone(), &generic).map_err(at)?
        } else {
            let fields: Vec<&str> = line.split_whitespace().collect();
            let fen = if fields.len() >= 6 && fields[4].parse::<u32>().is_ok() {
                fields[..6].join(" ")
            } else if fields.len() >= 4 {
                format!("{} 0 1", fields[..4].join(" "))
            } else {
                line.to_string()
            };
            AnyMatch::from_fen(rules.clone(), &fen).map_err(at)?
        };
        if start.outcome().is_some() {
            continue;
        }
        out.push(Opening {
            start,
            label: format!("{path}:{}", i + 1),
        });
    }
    if out.is_empty() {
        return Err(OpeningsError::Empty(path.to_string()));
    }
    Ok(out)
}

/// Reads an openings file.
///
/// # Errors
/// As [`parse_openings`], or the file cannot be read.
pub fn read_openings(rules: &Rules, path: &str) -> Result<Vec<Opening>, OpeningsError> {
    let text = std::fs::read_to_string(path).map_err(|error| OpeningsError::Io {
        path: path.to_string(),
        error,
    })?;
    parse_openings(rules, &text, path)
}

/// SplitMix64: a small, fixed, seedable generator (the same numbers on every platform).
#[derive(Debug, Clone)]
pub struct SplitMix64(u64);

impl SplitMix64 {
    /// A generator from a seed.
    pub fn new(seed: u64) -> SplitMix64 {
        SplitMix64(seed)
    }

    /// The next number.
    pub fn next_u64(&mut self) -> u64 {
        self.0 = self.0.wrapping_add(0x9e37_79b9_7f4a_7c15);
        let mut z = self.0;
        z = (z ^ (z >> 30)).wrapping_mul(0xbf58_476d_1ce4_e5b9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94d0_49bb_1331_11eb);
        z ^ (z >> 31)
    }

    /// A number below `n` (`n > 0`), by rejection (no modulo bias).
    pub fn below(&mut self, n: usize) -> usize {
        let n = n as u64;
        let zone = u64::MAX - u64::MAX % n;
        loop {
            let x = self.next_u64();
            if x < zone {
                return (x % n) as usize;
            }
        }
    }
}

/// `count` random openings of `plies` plies, from the game's starts in turn (see the module
/// docs).
///
/// # Errors
/// [`OpeningsError::NoLine`] when 1000 tries find no line that keeps the game going.
pub fn random_openings(
    rules: &Rules,
    plies: usize,
    count: usize,
    seed: u64,
) -> Result<Vec<Opening>, OpeningsError> {
    random_openings_where(rules, plies, count, seed, &mut |_| true)
}

/// [`random_openings`] keeping only the start positions `accept` takes (for example those a
/// short search scores as balanced: `tegoma match --balanced`); a refused line is drawn again
/// from the same opening's generator, so the result is still a function of the seed (and of
/// `accept`).
///
/// # Errors
/// [`OpeningsError::NoLine`] when 1000 tries find no line that keeps the game going,
/// [`OpeningsError::NoneAccepted`] when every line found was refused.
pub fn random_openings_where(
    rules: &Rules,
    plies: usize,
    count: usize,
    seed: u64,
    accept: &mut dyn FnMut(&AnyMatch) -> bool,
) -> Result<Vec<Opening>, OpeningsError> {
    let starts = rules.starts();
    let mut out = Vec::with_capacity(count);
    for i in 0..count {
        let mut rng = SplitMix64::new(seed ^ (i as u64).wrapping_mul(0xd134_2543_de82_ef95));
        let mut found = None;
        let mut refused = false;
        // A game with one start plays from its initial position, as it always did.
        let first = match starts.len() {
            0 | 1 => AnyMatch::new(rules.clone()),
            n => {
                let m =
                    AnyMatch::from_feen(starts[i % n]).map_err(|_| OpeningsError::NoLine(plies))?;
                AnyMatch::from_position(rules.clone(), &m.position())
                    .map_err(|_| OpeningsError::NoLine(plies))?
            }
        };
        'tries: for _ in 0..1000 {
            let mut m = first.clone();
            for _ in 0..plies {
                let moves = m
                    .legal_moves_as(tegoma_game::MoveFormat::Pmn)
                    .unwrap_or_default();
                if moves.is_empty() {
                    continue 'tries;
                }
                let mv = &moves[rng.below(moves.len())];
                if m.play(mv, None).is_err() || m.outcome().is_some() {
                    continue 'tries;
                }
            }
            // The opening's position becomes the game's start (its moves are not the engines').
            let start = match m.fen() {
                Some(fen) => AnyMatch::from_fen(rules.clone(), &fen),
                None => AnyMatch::from_position(rules.clone(), &m.position()),
            }
            .map_err(|_| OpeningsError::NoLine(plies))?;
            if !accept(&start) {
                refused = true;
                continue 'tries;
            }
            found = Some(start);
            break;
        }
        let start = found.ok_or(if refused {
            OpeningsError::NoneAccepted(plies)
        } else {
            OpeningsError::NoLine(plies)
        })?;
        out.push(Opening {
            start,
            label: format!("random {plies} plies #{}", i + 1),
        });
    }
    Ok(out)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn reads_feen_fen_and_epd() {
        let text = "# a comment\n\
            +rnbq+k^bn+r/+p+p+p+p+p+p+p+p/8/8/8/8/+P+P+P+P+P+P+P+P/+RNBQ+K^BN+R / C/c\n\
            \n\
            rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 1\n\
            rnbqkbnr/pppppppp/8/8/3P4/8/PPP1PPPP/RNBQKBNR b KQkq - id \"d4\";\n";
        let o = parse_openings(&Rules::chess(), text, "t").unwrap();
        assert_eq!(o.len(), 3);
        assert_eq!(o[0].label, "t:2");
        assert_eq!(o[1].start.side_to_move(), tegoma_protocol::Side::Second);
        assert_eq!(
            o[2].start.start_fen().unwrap(),
            "rnbqkbnr/pppppppp/8/8/3P4/8/PPP1PPPP/RNBQKBNR b KQkq - 0 1"
        );
    }

    #[test]
    fn refuses_other_games_and_junk() {
        let ogi = "lnsik^snl/1r4b1/pppppppp/8/8/PPPPPPPP/1B4R1/LNSIK^SNL / O/o";
        assert!(parse_openings(&Rules::chess(), ogi, "t").is_err());
        assert_eq!(parse_openings(&Rules::ogi(), ogi, "t").unwrap().len(), 1);
        assert!(parse_openings(&Rules::chess(), "junk", "t").is_err());
        assert!(parse_openings(&Rules::chess(), "# nothing\n", "t").is_err());
    }

    #[test]
    fn a_filter_draws_refused_lines_again() {
        let rules = Rules::chess();
        let all = random_openings(&rules, 4, 6, 3).unwrap();
        // Refuse every second line offered: the openings change, stay seeded, and each was
        // accepted.
        let filtered = |seed| {
            let mut n = 0u32;
            let mut seen = Vec::new();
            let o = random_openings_where(&rules, 4, 6, seed, &mut |m| {
                n += 1;
                let ok = n % 2 == 0;
                if ok {
                    seen.push(m.start_feen());
                }
                ok
            })
            .unwrap();
            let feens: Vec<_> = o.iter().map(|o| o.start.start_feen()).collect();
            assert_eq!(feens, seen);
            feens
        };
        let a = filtered(3);
        assert_eq!(a, filtered(3));
        assert_ne!(
            a,
            all.iter().map(|o| o.start.start_feen()).collect::<Vec<_>>()
        );
        let e = random_openings_where(&rules, 4, 1, 3, &mut |_| false).unwrap_err();
        assert!(matches!(e, OpeningsError::NoneAccepted(4)), "{e}");
    }

    #[test]
    fn random_openings_are_seeded() {
        for rules in [
            Rules::chess(),
            Rules::ogi(),
            Rules::by_name("kogoma").unwrap(),
        ] {
            let a = random_openings(&rules, 6, 3, 7).unwrap();
            let b = random_openings(&rules, 6, 3, 7).unwrap();
            let c = random_openings(&rules, 6, 3, 8).unwrap();
            let feens = |v: &[Opening]| v.iter().map(|o| o.start.start_feen()).collect::<Vec<_>>();
            assert_eq!(feens(&a), feens(&b));
            assert_ne!(feens(&a), feens(&c));
            assert!(a.iter().all(|o| o.start.outcome().is_none()));
        }
    }

    #[test]
    fn random_openings_take_every_start_in_turn() {
        let rules = Rules::by_name("chess-ogi").unwrap();
        let starts = rules.starts();
        assert_eq!(starts.len(), 2);
        let o = random_openings(&rules, 0, 4, 1).unwrap();
        let feens: Vec<_> = o.iter().map(|o| o.start.start_feen()).collect();
        assert_eq!(feens, [starts[0], starts[1], starts[0], starts[1]]);
        let o = random_openings(&rules, 6, 4, 1).unwrap();
        let styles: Vec<_> = o
            .iter()
            .map(|o| o.start.start_feen().rsplit(' ').next().unwrap().to_string())
            .collect();
        assert_eq!(styles, ["C/o", "O/c", "C/o", "O/c"]);
    }

    #[test]
    fn splitmix_is_uniform_enough() {
        let mut r = SplitMix64::new(1);
        let mut counts = [0u32; 3];
        for _ in 0..3000 {
            counts[r.below(3)] += 1;
        }
        assert!(
            counts.iter().all(|&c| (900..1100).contains(&c)),
            "{counts:?}"
        );
    }
}
