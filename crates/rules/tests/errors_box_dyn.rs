//! Every public error type of the crate implements `std::error::Error` (with `Send + Sync +
//! 'static`), so a `fn main() -> Result<(), Box<dyn std::error::Error>>` can `?` any fallible
//! call. Chess and Ōgi report the shared errors of `tegoma_protocol::error`; their own errors
//! (FEN, placements, SAN and UCI texts, Ōgi's reasons) are errors too, so that the shared errors
//! can carry them.

use std::error::Error;

use tegoma_protocol::{IllegalMove, MoveError, PositionError, RuleSystem};
use tegoma_rules::chess;
use tegoma_rules::ogi;
use tegoma_rules::systems::{Chess, Ogi};

fn is_error<E: Error + Send + Sync + 'static>() {}

#[test]
fn every_error_type_is_an_error() {
    is_error::<chess::SanError>();
    is_error::<PositionError>();
    is_error::<MoveError>();
    is_error::<IllegalMove>();
    is_error::<chess::FenError>();
    is_error::<chess::PlacementError>();
    is_error::<chess::MoveTextError>();
    is_error::<ogi::OgiReason>();
}

fn main_like() -> Result<(), Box<dyn Error>> {
    let mut c = chess::Position::from_feen(
        "+rnbq+k^bn+r/+p+p+p+p+p+p+p+p/8/8/8/8/+P+P+P+P+P+P+P+P/+RNBQ+K^BN+R / C/c",
    )?;
    let m = c.parse_pmn("e2-e4")?;
    c.play(m)?;
    let _ = c.after(c.parse_san("e5")?)?;
    let _ = c.parse_uci("e7e5")?;
    let _ = chess::Position::from_fen("8/8/8/8/8/8/8/K1k5 w - - 0 1")?;
    let mut o = ogi::Position::from_feen(ogi::STARTPOS)?;
    let m = o.parse_pmn("e3-e4")?;
    o.play(m)?;
    let g = Chess.export(&c);
    let _ = Chess.import(&g)?;
    let _ = Chess.parse_move(&c, "e7-e5")?;
    let _ = Ogi::default().import(&g)?; // fails: a chess position
    Ok(())
}

#[test]
fn question_mark_into_box_dyn_error() {
    let e = main_like().unwrap_err();
    // The last call failed, so every call before it went through `?` successfully.
    let e = e.downcast::<PositionError>().unwrap();
    assert!(matches!(*e, PositionError::Styles { .. }), "{e}");
    assert_eq!(e.to_string(), "the styles are C/c, not O/o");
    let f = || -> Result<chess::Position, Box<dyn Error>> {
        Ok(chess::Position::from_feen("8/8 / C/c")?)
    };
    assert!(f().is_err());
    let g = || -> Result<ogi::Move, Box<dyn Error>> {
        Ok(ogi::Position::startpos().parse_pmn("e3-e6")?)
    };
    assert!(g().is_err());
}
