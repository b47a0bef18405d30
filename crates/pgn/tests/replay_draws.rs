//! Replaying FIDE records: a game that plays on after a third occurrence (a draw it could have
//! claimed) is an illegal ply under R3 and a legal game under `AutomaticDraws::FIDE`, which
//! takes the record's result.
use tegoma_game::AutomaticDraws;
use tegoma_pgn::replay::{replay_pgn_game, replay_pgn_game_with, replay_pgn_stream_with};
use tegoma_pgn::PgnReader;

const PLAYS_ON: &str = "[Event \"x\"]\n[Result \"1/2-1/2\"]\n\n1. Nf3 Nf6 2. Ng1 Ng8 3. Nf3 Nf6 4. Ng1 Ng8 5. e4 e5 1/2-1/2\n";

#[test]
fn playing_on_after_a_third_occurrence() {
    let game = PgnReader::new(PLAYS_ON.as_bytes()).next().unwrap().unwrap();
    let r3 = replay_pgn_game(0, &game);
    let bad = r3
        .bad_ply
        .expect("R3 ends the game at the third occurrence");
    assert_eq!((bad.ply, bad.text.as_str()), (9, "e4"));
    assert_eq!(r3.statuses.to_string(), "repetition");
    let fide = replay_pgn_game_with(0, &game, Some(AutomaticDraws::FIDE));
    assert!(fide.is_ok(), "{:?}", fide.bad_ply);
    assert_eq!((fide.plies, fide.result), (10, "1/2-1/2"));
    assert!(fide.statuses.is_empty());
    let mut reports = Vec::new();
    replay_pgn_stream_with(PLAYS_ON.as_bytes(), Some(AutomaticDraws::FIDE), |r| {
        reports.push(r)
    });
    assert_eq!(reports, [fide]);
}
