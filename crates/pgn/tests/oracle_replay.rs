//! Acceptance: the python-chess oracle games (`tests/data/python_chess_games.*.tsv.gz`, written by
//! `scripts/python_chess_oracle.py`, whose docstring gives the format) replayed through
//! `Match<Chess>` with ruling R3: before every ply the FEN, the number of legal moves and the
//! FNV-1a hash of their sorted UCI spellings; the SAN of the played move (written and read back)
//! and its check flag; the match not over before the last ply; and at the end the FEN, legal
//! moves, check, hands, ending statuses and result.

use tegoma_game::replay::{result_mark, statuses_text};
use tegoma_game::Match;
use tegoma_notation::cgsn::Status;
use tegoma_pgn::replay::replay_pgn_game;
use tegoma_pgn::ChessMatch;
use tegoma_pgn::PgnGame;
use tegoma_protocol::Side;
use tegoma_rules::chess::{self, HandState, MoveList, HAND_KINDS};

mod oracle_data;

fn fnv(moves: &MoveList) -> u64 {
    let mut ucis: Vec<String> = moves.iter().map(|m| m.to_uci()).collect();
    ucis.sort();
    let mut h: u64 = 0xcbf2_9ce4_8422_2325;
    for b in ucis.join(" ").bytes() {
        h ^= u64::from(b);
        h = h.wrapping_mul(0x0000_0100_0000_01b3);
    }
    h
}

fn hand(p: &chess::Position, holder: Side) -> String {
    let counts = p.hand(holder);
    let mut toks = Vec::new();
    for (i, &(role, state)) in HAND_KINDS.iter().enumerate() {
        let mut letter = role.letter() as char;
        if holder == Side::First {
            letter = letter.to_ascii_lowercase();
        }
        let prefix = match state {
            HandState::Enhanced => "+",
            HandState::Plain => "",
            HandState::Diminished => "-",
        };
        for _ in 0..counts[i] {
            toks.push(format!("{prefix}{letter}"));
        }
    }
    toks.sort();
    if toks.is_empty() {
        "-".to_string()
    } else {
        toks.join(",")
    }
}

fn check_position(p: &chess::Position, fen: &str, nlegal: &str, hash: &str, what: &str) {
    assert_eq!(p.to_fen(), fen, "{what}: FEN");
    let mut list = MoveList::new();
    p.legal_moves_into(&mut list);
    assert_eq!(list.len().to_string(), nlegal, "{what}: legal move count");
    assert_eq!(
        format!("{:016x}", fnv(&list)),
        hash,
        "{what}: legal move hash"
    );
}

#[test]
fn every_oracle_game_agrees() {
    let mut lines = oracle_data::tsv()
        .lines()
        .filter(|l| !l.starts_with('#'))
        .peekable();
    let mut games = 0;
    let mut endings = [0usize; 5];
    while let Some(g) = lines.next() {
        let g: Vec<&str> = g.split('\t').collect();
        assert_eq!(g[0], "G");
        let id = format!("game {}", g[1]);
        let plies: usize = g[3].parse().unwrap();
        let mut m = Match::new(tegoma_rules::systems::Chess);
        let mut pgn = PgnGame::default();
        for k in 0..plies {
            let p: Vec<&str> = lines.next().unwrap().split('\t').collect();
            assert_eq!(p[0], "P");
            let what = format!("{id} ply {}", k + 1);
            assert!(
                m.outcome().is_none(),
                "{what}: over early: {:?}",
                m.outcome()
            );
            let pos = *m.position();
            check_position(&pos, p[1], p[2], p[3], &what);
            let mv = pos
                .parse_san(p[4])
                .unwrap_or_else(|e| panic!("{what}: {e}"));
            assert_eq!(pos.to_san(mv), p[4], "{what}: SAN written");
            m.play_san(p[4], None)
                .unwrap_or_else(|e| panic!("{what}: {e}"));
            pgn.moves.push(p[4].parse().unwrap());
            assert_eq!(m.position().is_check(), p[5] == "1", "{what}: check flag");
        }
        let fin = *m.position();
        check_position(&fin, g[6], g[7], g[8], &format!("{id} final"));
        assert_eq!(fin.is_check(), g[9] == "1", "{id}: final check");
        assert_eq!(hand(&fin, Side::First), g[10], "{id}: first hand");
        assert_eq!(hand(&fin, Side::Second), g[11], "{id}: second hand");
        let outcome = m.outcome();
        let statuses = outcome.map_or("-".to_string(), |o| {
            let names: Vec<&str> = o.statuses.iter().map(|s| s.as_str()).collect();
            names.join(",")
        });
        assert_eq!(statuses, g[5], "{id}: statuses");
        assert_eq!(result_mark(outcome.as_ref()), g[4], "{id}: result");
        // The fast path of PGN replay (one move generation per position) agrees.
        let r = replay_pgn_game(0, &pgn);
        assert!(r.is_ok(), "{id}: {:?}", r.bad_ply);
        assert_eq!((r.plies, r.result), (plies, g[4]), "{id}: fast replay");
        assert_eq!(
            statuses_text(r.statuses),
            g[5],
            "{id}: fast replay statuses"
        );
        assert_eq!(r.feen, fin.to_feen(), "{id}: fast replay FEEN");
        for (i, s) in [
            Status::Checkmate,
            Status::Stalemate,
            Status::Insufficient,
            Status::Movelimit,
            Status::Repetition,
        ]
        .into_iter()
        .enumerate()
        {
            if outcome.is_some_and(|o| o.statuses.contains(s)) {
                endings[i] += 1;
            }
        }
        games += 1;
    }
    assert!(games >= 1000, "{games} games");
    // Every ending occurs in the data (the test exercises each rule).
    assert!(endings.iter().all(|&n| n > 0), "endings seen: {endings:?}");
}
