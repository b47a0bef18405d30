//! The null move the search uses (`play_null` of the chess and Ōgi positions) passes the turn
//! and keeps the R5 key right: the key equals the key of the same position read from its FEEN.

use tegoma_protocol::Side;
use tegoma_rules::{chess, ogi};

#[test]
fn chess_null_move_passes_the_turn_and_keeps_the_key() {
    for fen in [
        "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
        "rnbqkbnr/pppp1ppp/8/4p3/4P3/8/PPPP1PPP/RNBQKBNR w KQkq e6 0 2",
        "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1",
    ] {
        let p = chess::Position::from_fen(fen).unwrap();
        let mut q = p;
        q.play_null();
        assert_eq!(q.side_to_move(), p.side_to_move().flip());
        let again = chess::Position::from_feen(&q.to_feen()).unwrap();
        assert_eq!(q.zobrist(), again.zobrist(), "{fen}");
        assert_eq!(q.ep_square(), None);
    }
}

#[test]
fn ogi_null_move_passes_the_turn_and_keeps_the_key() {
    let mut p = ogi::Position::startpos();
    p.play_null();
    assert_eq!(p.side_to_move(), Side::Second);
    assert_eq!(p.zobrist(), p.zobrist_from_scratch());
    let again = ogi::Position::from_feen(&p.to_feen()).unwrap();
    assert_eq!(p.zobrist(), again.zobrist());
}
