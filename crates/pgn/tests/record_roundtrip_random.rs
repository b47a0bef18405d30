//! PGN → PCN → PGN of seeded random games carrying comments, NAGs, variations (nested, with
//! comments and null moves), `%clk`/`%emt` clock times and time controls (issue 12's
//! acceptance): no ply, comment, NAG, variation or clock time is lost, and the only warnings are
//! the ones the games call for (a stated result the replay contradicts).
//!
//! 300 games run in the normal suite; the 10,000 of the acceptance run with
//! `cargo test --release -p tegoma-game --test record_roundtrip_random -- --ignored`.

use tegoma_game::clock::{Clock, Tick};
use tegoma_game::record::{match_from_pcn, time_control};
use tegoma_game::Match;
use tegoma_notation::pcn::Pcn;
use tegoma_pgn::record::{pcn_to_pgn_with_warnings, pgn_to_pcn_with_warnings, WarningKind};
use tegoma_pgn::ChessMatch;
use tegoma_pgn::{game_to_string, Comment, Nag, PgnGame, PgnReader, PgnResult, Variation};
use tegoma_rules::chess::{Position, San};
use tegoma_rules::systems::Chess;

/// A small deterministic generator (xorshift64*).
struct Rng(u64);

impl Rng {
    fn next(&mut self) -> u64 {
        self.0 ^= self.0 >> 12;
        self.0 ^= self.0 << 25;
        self.0 ^= self.0 >> 27;
        self.0.wrapping_mul(0x2545_F491_4F6C_DD1D)
    }
    fn below(&mut self, n: u64) -> u64 {
        self.next() % n
    }
    fn chance(&mut self, percent: u64) -> bool {
        self.below(100) < percent
    }
}

const WORDS: [&str; 12] = [
    "good",
    "bad",
    "Müller",
    "“quoted”",
    "a;b",
    "[%eval",
    "0.31]",
    "{x",
    "end}",
    "line\nbreak",
    "tab\there",
    "ok",
];

/// What a generated game carries, counted.
#[derive(Default, Debug)]
struct Expect {
    comments: usize,
    nags: usize,
    variations: usize,
    clocks: usize,
    emts: usize,
    disagreement: bool,
}

fn comment(rng: &mut Rng) -> String {
    let n = 1 + rng.below(4);
    let words: Vec<&str> = (0..n).map(|_| WORDS[rng.below(12) as usize]).collect();
    words.join(" ")
}

/// A random line of 1-4 legal moves from `pos` (move number `number`, `black` to move), with
/// perhaps a comment, a NAG, a nested variation and a null move.
fn variation(rng: &mut Rng, mut pos: Position, number: u64, black: bool, depth: u32) -> String {
    let mut out = String::new();
    let (mut number, mut black) = (number, black);
    let n = 1 + rng.below(4);
    for i in 0..n {
        let moves = pos.legal_moves();
        if moves.is_empty() {
            break;
        }
        let mv = moves
            .iter()
            .nth(rng.below(moves.len() as u64) as usize)
            .copied()
            .unwrap();
        if !out.is_empty() {
            out.push(' ');
        }
        if !black {
            out.push_str(&format!("{number}. "));
        } else if i == 0 {
            out.push_str(&format!("{number}... "));
        }
        if i > 0 && rng.chance(10) {
            // A null move ends what can be played after it here.
            out.push_str("--");
            break;
        }
        out.push_str(&pos.to_san(mv));
        if rng.chance(20) {
            out.push_str(&format!(" ${}", 1 + rng.below(200)));
        }
        if rng.chance(20) {
            out.push_str(&format!(" {{{}}}", comment(rng).replace('}', ")")));
        }
        if depth < 2 && rng.chance(15) {
            let inner = variation(rng, pos, number, black, depth + 1);
            out.push_str(&format!(" ({inner})"));
        }
        pos.play_unchecked(mv);
        if black {
            number += 1;
        }
        black = !black;
    }
    out
}

fn hms(ms: u64) -> String {
    let (h, m, s, f) = (ms / 3_600_000, ms / 60_000 % 60, ms / 1000 % 60, ms % 1000);
    if f == 0 {
        format!("{h}:{m:02}:{s:02}")
    } else {
        format!(
            "{h}:{m:02}:{s:02}.{}",
            format!("{f:03}").trim_end_matches('0')
        )
    }
}

fn random_game(rng: &mut Rng) -> (PgnGame, Expect) {
    let mut e = Expect::default();
    let mut game = PgnGame::default();
    game.tags
        .push(("Event".into(), format!("random {}", rng.below(1000))));
    game.tags.push(("White".into(), "Müller, Ä.".into()));
    let tcs = ["180+2", "300", "40/5400:1800", "-", "?", ""];
    let tc = tcs[rng.below(tcs.len() as u64) as usize];
    if !tc.is_empty() {
        game.tags.push(("TimeControl".into(), tc.into()));
    }
    let periods = tegoma_pgn::record::periods_of_time_control(tc);
    let mut clock = periods
        .as_ref()
        .filter(|p| !p.is_empty())
        .map(|p| Clock::new(time_control(p).unwrap()));

    let mut m = Match::new(Chess);
    let plies = rng.below(90);
    if rng.chance(10) {
        game.comments.push(Comment {
            ply: 0,
            text: comment(rng),
        });
        e.comments += 1;
    }
    for k in 1..=plies {
        if m.outcome().is_some() {
            break;
        }
        let pos = *m.position();
        let moves = pos.legal_moves();
        let mv = moves
            .iter()
            .nth(rng.below(moves.len() as u64) as usize)
            .copied()
            .unwrap();
        let san = pos.to_san(mv);
        let black = pos.side_to_move() == tegoma_protocol::Side::Second;
        let number = 1 + (k - 1) / 2;
        // A variation replacing this move, before it is played.
        let var = rng
            .chance(10)
            .then(|| variation(rng, pos, number, black, 0));
        let spent = 100 * rng.below(200);
        if let Some(c) = &clock {
            // A game whose clock runs out ends there.
            if !matches!(c.clone().record_ply(spent), Ok(Tick::InTime { .. })) {
                break;
            }
        }
        m.play_san(&san, None).unwrap();
        game.moves.push(San::parse(&san).unwrap());
        let ply = k as usize;
        let mut commands = Vec::new();
        match clock.as_mut() {
            Some(c) => match c.record_ply(spent) {
                Ok(Tick::InTime { remaining_ms, .. }) => {
                    if rng.chance(80) {
                        commands.push(format!("[%clk {}]", hms(remaining_ms)));
                        e.clocks += 1;
                    }
                    if rng.chance(15) {
                        commands.push(format!("[%emt {}]", hms(spent)));
                        e.emts += 1;
                    }
                }
                _ => unreachable!("checked above"),
            },
            None => {
                if rng.chance(20) {
                    commands.push(format!("[%clk {}]", hms(spent * 7)));
                    e.clocks += 1;
                }
                if rng.chance(20) {
                    commands.push(format!("[%emt {}]", hms(spent)));
                    e.emts += 1;
                }
            }
        }
        let mut text = commands.join(" ");
        if rng.chance(25) {
            if !text.is_empty() {
                text.push(' ');
            }
            text.push_str(&comment(rng));
            e.comments += 1;
        }
        if !text.is_empty() {
            game.comments.push(Comment { ply, text });
        }
        if rng.chance(10) {
            game.comments.push(Comment {
                ply,
                text: comment(rng),
            });
            e.comments += 1;
        }
        for _ in 0..rng.below(3).saturating_sub(1) {
            game.nags.push(Nag {
                ply,
                nag: 1 + rng.below(255) as u32,
            });
            e.nags += 1;
        }
        if let Some(text) = var {
            game.variations.push(Variation { ply, text });
            e.variations += 1;
        }
    }
    let replayed = m
        .outcome()
        .map(|o| tegoma_game::replay::result_mark(Some(&o)));
    let results = [
        PgnResult::WhiteWins,
        PgnResult::BlackWins,
        PgnResult::Draw,
        PgnResult::Unknown,
    ];
    let result = match replayed {
        Some(r) if rng.chance(90) => PgnResult::parse(r).unwrap(),
        Some(r) => {
            let other = results[rng.below(3) as usize];
            e.disagreement = other.as_str() != r;
            other
        }
        None => results[rng.below(4) as usize],
    };
    game.result = Some(result);
    (game, e)
}

fn count(pcn: &Pcn, key: &str) -> usize {
    let v = pcn.to_value();
    let mut objects: Vec<&serde_json::Value> = vec![&v["setup"]];
    if let Some(p) = v["plies"].as_array() {
        objects.extend(p.iter());
    }
    objects
        .iter()
        .map(|o| match o.get(key) {
            Some(serde_json::Value::Array(a)) => a.len(),
            Some(_) => 1,
            None => 0,
        })
        .sum()
}

fn read_one(text: &str) -> PgnGame {
    let mut r = PgnReader::new(text.as_bytes());
    let g = r
        .next()
        .expect("one game")
        .unwrap_or_else(|e| panic!("{e}\n{text}"));
    assert!(r.next().is_none());
    g
}

fn round_trips(n: usize, seed: u64) {
    let mut rng = Rng(seed);
    let mut totals = Expect::default();
    for i in 0..n {
        let (game, e) = random_game(&mut rng);
        let text = game_to_string(&game).unwrap();
        let read = read_one(&text);
        assert_eq!(read.moves, game.moves, "game {i}");
        let (pcn, warnings) =
            pgn_to_pcn_with_warnings(&read).unwrap_or_else(|err| panic!("game {i}: {err}\n{text}"));
        // Nothing lost on the way in.
        let plies = pcn.plies.as_ref().map_or(0, Vec::len);
        assert_eq!(plies, game.moves.len(), "game {i}: plies");
        assert_eq!(
            count(&pcn, "comments"),
            e.comments,
            "game {i}: comments\n{text}"
        );
        assert_eq!(count(&pcn, "nags"), e.nags, "game {i}: NAGs\n{text}");
        assert_eq!(
            count(&pcn, "variations"),
            e.variations,
            "game {i}: variations\n{text}"
        );
        assert_eq!(count(&pcn, "clock"), e.clocks, "game {i}: %clk\n{text}");
        let seconds = pcn
            .plies
            .iter()
            .flatten()
            .filter(|p| p.seconds.is_some())
            .count();
        assert!(seconds >= e.emts, "game {i}: %emt");
        let expected_warnings = usize::from(e.disagreement);
        assert_eq!(
            warnings.len(),
            expected_warnings,
            "game {i}: {warnings:?}\n{text}"
        );
        if e.disagreement {
            assert_eq!(warnings[0].kind, WarningKind::OutcomeDisagrees);
        }
        // The record replays, clock included.
        match_from_pcn(&pcn).unwrap_or_else(|err| panic!("game {i}: {err}\n{text}"));
        // Back to PGN and in again: the same record.
        let (back, warnings) = pcn_to_pgn_with_warnings(&pcn).unwrap();
        assert_eq!(warnings.len(), expected_warnings, "game {i}: {warnings:?}");
        let text2 = game_to_string(&back).unwrap();
        let (again, _) = pgn_to_pcn_with_warnings(&read_one(&text2)).unwrap();
        // PGN holds one result: the replayed one is written (the stated one was counted).
        let mut expected = pcn.clone();
        if e.disagreement {
            expected.outcome.as_mut().unwrap().extra.remove("stated");
        }
        assert_eq!(again, expected, "game {i}:\n{text}\n---\n{text2}");
        totals.comments += e.comments;
        totals.nags += e.nags;
        totals.variations += e.variations;
        totals.clocks += e.clocks;
        totals.emts += e.emts;
    }
    eprintln!("{n} games round-tripped: {totals:?}");
    assert!(totals.comments > 0 && totals.nags > 0 && totals.variations > 0 && totals.clocks > 0);
}

#[test]
fn random_games_round_trip_300() {
    round_trips(300, 0x5EED_0001);
}

#[test]
#[ignore = "the acceptance's 10,000 games: about a minute in a debug build; run with --release --ignored"]
fn random_games_round_trip_10000() {
    round_trips(10_000, 0x5EED_0002);
}
