//! The `RuleSystem` implementations of `tegoma_rules::systems`, driven through the trait, on
//! their own positions and on generic positions and PMN through the trait's edges (`import`,
//! `parse_move`, `export`). Expected node counts come from the
//! published perft numbers (`shared/oracles/README.md`), not from the code under test.

use tegoma_notation::cgsn::Status;
use tegoma_protocol::{Decision, Position, RuleSystem, Side};
use tegoma_rules::systems::{Chess, Ogi};
use tegoma_rules::{chess, ogi};

const KIWIPETE: &str = "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1";

fn generic(feen: &str) -> Position {
    Position::from_feen(feen).unwrap()
}

/// Perft of a generic position (imported at the edge).
fn generic_perft<R: RuleSystem>(r: &R, p: &Position, depth: u32) -> u64 {
    r.perft(&r.import(p).unwrap(), depth)
}

/// Plays a PMN move on a generic position and returns the next generic position.
fn play_pmn<R: RuleSystem>(r: &R, p: &Position, pmn: &str) -> Result<Position, String> {
    let mut q = r.import(p).map_err(|e| e.to_string())?;
    let m = r.parse_move(&q, pmn).map_err(|e| e.to_string())?;
    r.play(&mut q, m).map_err(|e| e.to_string())?;
    Ok(r.export(&q))
}

/// Perft through the trait's default (copy-make over `legal_moves`/`play`), not the override.
fn trait_perft<R: RuleSystem>(r: &R, p: &R::Position, depth: u32) -> u64 {
    use tegoma_protocol::MoveBuffer;
    if depth == 0 {
        return 1;
    }
    let mut list = R::MoveList::default();
    r.legal_moves_into(p, &mut list);
    list.as_slice()
        .iter()
        .map(|&m| {
            let mut q = p.clone();
            r.play_unchecked(&mut q, m);
            trait_perft(r, &q, depth - 1)
        })
        .sum()
}

#[test]
fn chess_perft_through_the_trait_and_the_generic_edges() {
    let start = Chess.initial().unwrap();
    for (d, n) in [(1, 20), (2, 400), (3, 8_902), (4, 197_281)] {
        assert_eq!(trait_perft(&Chess, &start, d), n);
        assert_eq!(start.perft(d), n);
    }
    let g = generic(Chess.initial_feen());
    assert_eq!(generic_perft(&Chess, &g, 3), 8_902);
    let kiwi = chess::Position::from_fen(KIWIPETE).unwrap();
    let kiwi_g = Chess.export(&kiwi);
    for (d, n) in [(1, 48), (2, 2_039), (3, 97_862)] {
        assert_eq!(generic_perft(&Chess, &kiwi_g, d), n);
        assert_eq!(trait_perft(&Chess, &Chess.import(&kiwi_g).unwrap(), d), n);
    }
}

#[test]
fn ogi_perft_through_the_trait_and_the_generic_edges() {
    let start = Ogi::default().initial().unwrap();
    for (d, n) in [(1, 25), (2, 625), (3, 14_850), (4, 358_253)] {
        assert_eq!(trait_perft(&Ogi::default(), &start, d), n);
    }
    let no_priv = Ogi { privilege: false };
    assert_eq!(trait_perft(&no_priv, &start, 4), 358_251);
    let g = generic(Ogi::default().initial_feen());
    assert_eq!(generic_perft(&Ogi::default(), &g, 3), 14_850);
    let imported = Ogi::default().import(&g).unwrap();
    assert_eq!(Ogi::default().legal_moves(&imported).len(), 25);
}

#[test]
fn generic_play_and_statuses() {
    let mut p = generic(Chess.initial_feen());
    for m in ["f2-f3", "e7-e5", "g2-g4", "d8-h4"] {
        p = play_pmn(&Chess, &p, m).unwrap();
    }
    let mated = Chess.import(&p).unwrap();
    let out = Chess.outcome(&mated).unwrap();
    assert_eq!(out.decision, Decision::Win(Side::Second));
    assert!(out.statuses.contains(Status::Checkmate));
    assert!(Chess.statuses(&mated).contains(Status::Check));
    let err = Chess.parse_move(&mated, "a2-a3").unwrap_err();
    assert_eq!(tegoma_notation::NotationError::kind(&err), "IllegalMove");
    assert_eq!(
        err.to_string(),
        "illegal move a2-a3: not a legal move of this position"
    );
    // A foreign position is refused with a typed error.
    let ogi_start = generic(ogi::STARTPOS);
    assert!(Chess.import(&ogi_start).is_err());
    assert!(Ogi::default()
        .import(&generic(Chess.initial_feen()))
        .is_err());
    assert_eq!(
        Ogi::default().outcome(&Ogi::default().import(&ogi_start).unwrap()),
        None
    );
    assert_eq!(Chess.snn(), ["Chess", "Chess"]);
    assert_eq!(
        Chess.side_to_move(&chess::Position::startpos()),
        Side::First
    );
}

#[test]
fn chess_stalemate_insufficient_and_movelimit_outcomes() {
    // Stalemate: black king a8, white queen b6, white king c8... (black to move, no move).
    let p = chess::Position::from_fen("k7/8/1Q6/8/8/8/8/7K b - - 0 1").unwrap();
    let o = Chess.outcome(&p).unwrap();
    assert_eq!(o.decision, Decision::Draw);
    assert!(o.statuses.contains(Status::Stalemate));
    let p = chess::Position::from_fen("k7/8/8/8/8/8/8/6BK w - - 0 1").unwrap();
    assert!(Chess
        .outcome(&p)
        .unwrap()
        .statuses
        .contains(Status::Insufficient));
    let p = chess::Position::from_fen("k7/8/8/8/8/8/8/5RBK w - - 100 80").unwrap();
    assert!(Chess
        .outcome(&p)
        .unwrap()
        .statuses
        .contains(Status::Movelimit));
    let p = chess::Position::from_fen("k7/8/8/8/8/8/8/5RBK w - - 99 80").unwrap();
    assert_eq!(Chess.outcome(&p), None);
}

#[test]
fn ogi_mareking_outcome() {
    // Sente's rook takes Gote's King.
    let mut p = ogi::Position::from_feen("4k^3/8/8/8/8/8/8/3K^R3 / O/o").unwrap();
    let m = p
        .parse_pmn("e1-e8")
        .unwrap_or_else(|_| p.parse_pmn("e1+e8").unwrap());
    p.play(m).unwrap();
    let o = Ogi::default().outcome(&p).unwrap();
    assert_eq!(o.decision, Decision::Win(Side::First));
    assert!(o.statuses.contains(Status::Mareking));
}
