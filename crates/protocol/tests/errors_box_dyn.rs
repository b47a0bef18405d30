//! Every public error type of the crate implements `std::error::Error` (with `Send + Sync +
//! 'static`), so a `fn main() -> Result<(), Box<dyn std::error::Error>>` can `?` any fallible
//! call.

use std::error::Error;

use tegoma_protocol::{
    ApplyError, Board, BoardError, DecodeError, EncodeError, FeenError, FeenWriteError,
    IllegalMove, MoveError, Position, PositionError, SetupError, Specific, Violation,
};

fn is_error<E: Error + Send + Sync + 'static>() {}

#[test]
fn every_error_type_is_an_error() {
    is_error::<ApplyError>();
    is_error::<BoardError>();
    is_error::<DecodeError>();
    is_error::<EncodeError>();
    is_error::<FeenError>();
    is_error::<FeenWriteError>();
    is_error::<SetupError>();
    is_error::<Violation>();
    is_error::<PositionError>();
    is_error::<MoveError>();
    is_error::<IllegalMove>();
    is_error::<Specific>();
}

fn main_like() -> Result<String, Box<dyn Error>> {
    let board = Board::new(&[8, 8])?;
    let _ = board.parse_square("e4")?;
    let mut position = Position::from_feen("8/8/8/3q4/4P3/8/8/8 / C/c")?;
    let actions = position.decode_str("e4+d5")?;
    let _ = position.encode(&actions)?;
    position.apply_pmn("e4+d5")?;
    let feen = position.to_feen()?;
    position.apply_pmn("e4-e5")?; // fails: nothing on e4 any more
    Ok(feen)
}

#[test]
fn question_mark_into_box_dyn_error() {
    let e = main_like().unwrap_err();
    // The last call failed, so every call before it went through `?` successfully.
    assert!(e.is::<ApplyError>(), "{e}");
    let f = || -> Result<Position, Box<dyn Error>> { Ok(Position::from_feen("8/8 / C/C")?) };
    assert!(f().is_err());
}
