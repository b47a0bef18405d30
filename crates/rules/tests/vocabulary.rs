//! The shared vocabulary of the positions: checked `play`, `after`, `legal_moves` as a list, the
//! python-chess style queries, and the `Display`/`Debug` forms. Every expected value here was
//! written by hand.

use tegoma_notation::cgsn::Status;
use tegoma_protocol::{Decision, RuleSystem, Side};
use tegoma_rules::systems::{Chess, Ogi};
use tegoma_rules::{chess, ogi};

#[test]
fn chess_play_refuses_an_illegal_move_and_leaves_the_position() {
    let mut p = chess::Position::startpos();
    let e4 = p.parse_pmn("e2-e4").unwrap();
    p.play(e4).unwrap();
    let before = p;
    let feen = p.to_feen();
    // e2-e4 again: e2 is empty now and it is Black's turn.
    assert_eq!(
        p.play(e4).unwrap_err().to_string(),
        "illegal move e2-e4: not a legal move of this position"
    );
    assert_eq!(p, before);
    assert_eq!(p.to_feen(), feen);
    assert!(p.after(e4).is_err());
    // `after` gives the next position as a new value and leaves the original alone.
    let start = chess::Position::startpos();
    let next = start.after(e4).unwrap();
    assert_eq!(next, before);
    assert_eq!(start, chess::Position::startpos());
    // The same through the trait.
    let mut q = chess::Position::startpos();
    Chess.play(&mut q, e4).unwrap();
    assert_eq!(q, before);
    assert!(Chess.play(&mut q, e4).is_err());
    assert_eq!(q, before);
    assert_eq!(Chess.after(&start, e4).unwrap(), before);
}

#[test]
fn ogi_play_twice_is_refused_the_second_time() {
    let mut p = ogi::Position::startpos();
    let m = p.parse_pmn("e3-e4").unwrap();
    p.play(m).unwrap();
    let before = p;
    let feen = p.to_feen();
    // The second call used to give a broken position silently.
    let err = p.play(m).unwrap_err();
    assert_eq!(err.reason, ogi::IllegalReason::NotLegal, "{err:?}");
    assert_eq!(p, before);
    assert_eq!(p.to_feen(), feen);
    assert!(p.after(m).is_err());
    let start = ogi::Position::startpos();
    assert_eq!(start.after(m).unwrap(), before);
    // The same through the trait.
    let mut q = ogi::Position::startpos();
    let sys = Ogi::default();
    sys.play(&mut q, m).unwrap();
    assert!(sys.play(&mut q, m).is_err());
    assert_eq!(q, before);
}

#[test]
fn legal_moves_are_a_list_and_agree_with_the_buffer_form() {
    let p = chess::Position::startpos();
    let list = p.legal_moves();
    assert_eq!(list.len(), 20);
    assert!(!list.is_empty());
    assert!(list.contains(p.parse_pmn("g1-f3").unwrap()));
    let mut buf = chess::MoveList::new();
    p.legal_moves_into(&mut buf);
    assert_eq!(buf.as_slice(), list.as_slice());
    let by_ref: Vec<chess::Move> = (&list).into_iter().copied().collect();
    let by_value: Vec<chess::Move> = list.into_iter().collect();
    assert_eq!(by_ref, by_value);
    assert_eq!(Chess.legal_moves(&p).as_slice(), buf.as_slice());

    let o = ogi::Position::startpos();
    let list = o.legal_moves();
    assert_eq!(list.len(), 25);
    assert_eq!(list.iter().count(), 25);
    assert_eq!(list.clone().into_iter().len(), 25);
    assert!(list.contains(o.parse_pmn("e3-e4").unwrap()));
    let mut n = 0;
    for m in list {
        assert!(o.is_legal(m));
        n += 1;
    }
    assert_eq!(n, 25);
}

#[test]
fn chess_checkmate_and_stalemate() {
    // Fool's mate: Black's queen mates on h4.
    let mate =
        chess::Position::from_fen("rnb1kbnr/pppp1ppp/8/4p3/6Pq/5P2/PPPPP2P/RNBQKBNR w KQkq - 1 3")
            .unwrap();
    assert!(mate.is_check());
    assert!(mate.is_checkmate());
    assert!(!mate.is_stalemate());
    assert!(mate.is_game_over());
    assert!(mate.legal_moves().is_empty());
    let o = mate.outcome().unwrap();
    assert_eq!(o.decision, Decision::Win(Side::Second));
    assert!(o.statuses.contains(Status::Checkmate));
    assert_eq!(Chess.outcome(&mate), Some(o));
    assert!(Chess.is_checkmate(&mate) && Chess.is_check(&mate) && Chess.is_game_over(&mate));

    // Black king h8, White queen f7 and king g6: Black is not in check and cannot move.
    let stale = chess::Position::from_fen("7k/5Q2/6K1/8/8/8/8/8 b - - 0 1").unwrap();
    assert!(!stale.is_check());
    assert!(!stale.is_checkmate());
    assert!(stale.is_stalemate());
    assert!(stale.is_game_over());
    let o = stale.outcome().unwrap();
    assert_eq!(o.decision, Decision::Draw);
    assert!(o.statuses.contains(Status::Stalemate));
    assert!(Chess.is_stalemate(&stale));

    let start = chess::Position::startpos();
    assert!(!start.is_check() && !start.is_checkmate() && !start.is_stalemate());
    assert!(!start.is_game_over());
    assert_eq!(start.outcome(), None);
}

#[test]
fn ogi_queries() {
    // Second King a8; first rooks a5 (checks along the a-file) and b6 (covers b7 and b8):
    // every King move stays threatened, a CGSN checkmate, but Ōgi plays on.
    let mate = ogi::Position::from_feen("k^7/8/1R6/R7/8/8/8/7K^ / o/O").unwrap();
    assert!(mate.is_check());
    assert!(mate.is_checkmate());
    assert!(!mate.is_stalemate());
    assert!(!mate.is_game_over());
    assert_eq!(mate.outcome(), None);
    assert!(Ogi::default().is_check(&mate) && Ogi::default().is_checkmate(&mate));

    // Second King a8 not threatened; rooks c7 (rank 7) and b1 (b-file) cover a7, b7 and b8.
    let stale = ogi::Position::from_feen("k^7/2R5/8/8/8/8/8/1R5K^ / o/O").unwrap();
    assert!(!stale.is_check());
    assert!(!stale.is_checkmate());
    assert!(stale.is_stalemate());
    assert!(!stale.is_game_over());

    // The second King was captured: the first side wins (mareking).
    let over = ogi::Position::from_feen("8/8/8/8/8/8/8/4K^3 K^/ o/O").unwrap();
    assert!(over.is_game_over());
    assert!(!over.is_check());
    let o = over.outcome().unwrap();
    assert_eq!(o.decision, Decision::Win(Side::First));
    assert!(o.statuses.contains(Status::Mareking));
    assert_eq!(Ogi::default().outcome(&over), Some(o));
}

#[test]
fn chess_start_diagram() {
    let expected = "\
second hand: -
8 +r  n   b   q   +k^ b   n   +r
7 +p  +p  +p  +p  +p  +p  +p  +p
6 .   .   .   .   .   .   .   .
5 .   .   .   .   .   .   .   .
4 .   .   .   .   .   .   .   .
3 .   .   .   .   .   .   .   .
2 +P  +P  +P  +P  +P  +P  +P  +P
1 +R  N   B   Q   +K^ B   N   +R
  a   b   c   d   e   f   g   h
first hand: -
first to move";
    assert_eq!(chess::Position::startpos().to_string(), expected);
    // The generic position draws the same diagram.
    let generic = Chess.export(&chess::Position::startpos());
    assert_eq!(generic.to_string(), expected);
}

#[test]
fn ogi_diagram_with_both_hands() {
    let p = ogi::Position::from_feen("4k^3/8/8/8/4+p3/8/8/4K^3 2PR/2ps o/O").unwrap();
    let expected = "\
second hand: p x2, s
8 .  .  .  .  k^ .  .  .
7 .  .  .  .  .  .  .  .
6 .  .  .  .  .  .  .  .
5 .  .  .  .  .  .  .  .
4 .  .  .  .  +p .  .  .
3 .  .  .  .  .  .  .  .
2 .  .  .  .  .  .  .  .
1 .  .  .  .  K^ .  .  .
  a  b  c  d  e  f  g  h
first hand: P x2, R
second to move";
    assert_eq!(p.to_string(), expected);
}

#[test]
fn small_line_diagram() {
    let p = tegoma_protocol::Position::from_feen("K^3k^ 2p/ K/k").unwrap();
    let expected = "\
second hand: -
K^ .  .  .  k^
a  b  c  d  e
first hand: p x2
first to move";
    assert_eq!(p.to_string(), expected);
}

#[test]
fn debug_is_readable() {
    let p = chess::Position::startpos();
    assert_eq!(
        format!("{p:?}"),
        "Position(\"+rnbq+k^bn+r/+p+p+p+p+p+p+p+p/8/8/8/8/+P+P+P+P+P+P+P+P/+RNBQ+K^BN+R / C/c\")"
    );
    assert_eq!(
        format!("{:?}", p.parse_pmn("e2-e4").unwrap()),
        "Move(e2-e4)"
    );
    let o = ogi::Position::startpos();
    assert_eq!(
        format!("{o:?}"),
        "Position(\"lnsik^snl/1r4b1/pppppppp/8/8/PPPPPPPP/1B4R1/LNSIK^SNL / O/o\")"
    );
    assert_eq!(
        format!("{:?}", o.parse_pmn("e3-e4").unwrap()),
        "Move(e3-e4)"
    );
    let drop = ogi::Position::from_feen("4k^3/8/8/8/8/8/8/4K^3 S/ O/o").unwrap();
    assert_eq!(
        format!("{:?}", drop.parse_pmn("S*e5").unwrap()),
        "Move(S*e5)"
    );
}
