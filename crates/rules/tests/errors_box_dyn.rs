//! Every public error type of the crate implements `std::error::Error` (with `Send + Sync +
//! 'static`), so a `fn main() -> Result<(), Box<dyn std::error::Error>>` can `?` any fallible
//! call.

use std::error::Error;

use tegoma_rules::chess::{self, ChessError};
use tegoma_rules::ogi::{self, MoveError, PositionError};
use tegoma_rules::systems::OgiError;

fn is_error<E: Error + Send + Sync + 'static>() {}

#[test]
fn every_error_type_is_an_error() {
    is_error::<ChessError>();
    is_error::<chess::SanError>();
    is_error::<PositionError>();
    is_error::<MoveError>();
    is_error::<OgiError>();
}

fn main_like() -> Result<(), Box<dyn Error>> {
    let c = chess::Position::from_feen(
        "+rnbq+k^bn+r/+p+p+p+p+p+p+p+p/8/8/8/8/+P+P+P+P+P+P+P+P/+RNBQ+K^BN+R / C/c",
    )?;
    let _ = c.parse_pmn("e2-e4")?;
    let o = ogi::Position::from_feen(ogi::STARTPOS)?;
    let _ = o.parse_pmn("e3-e4")?;
    Err::<(), OgiError>(OgiError::NoFeen("example".into()))?;
    Ok(())
}

#[test]
fn question_mark_into_box_dyn_error() {
    let e = main_like().unwrap_err();
    // The last call failed, so every call before it went through `?` successfully.
    assert!(
        e.is::<OgiError>() && e.to_string().contains("example"),
        "{e}"
    );
    let f = || -> Result<chess::Position, Box<dyn Error>> {
        Ok(chess::Position::from_feen("8/8 / C/c")?)
    };
    assert!(f().is_err());
    let g = || -> Result<ogi::Move, Box<dyn Error>> {
        Ok(ogi::Position::startpos().parse_pmn("e3-e6")?)
    };
    assert!(g().is_err());
}
