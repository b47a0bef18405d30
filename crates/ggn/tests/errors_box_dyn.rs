//! Every public error type of the crate implements `std::error::Error` (with `Send + Sync +
//! 'static`), so a `fn main() -> Result<(), Box<dyn std::error::Error>>` can `?` any fallible
//! call.

use std::error::Error;

use tegoma_ggn::{export, Description, DescriptionError, Engine, EngineError};
use tegoma_notation::ggn::Ggn;
use tegoma_protocol::RuleSystem;

fn is_error<E: Error + Send + Sync + 'static>() {}

#[test]
fn every_error_type_is_an_error() {
    is_error::<DescriptionError>();
    is_error::<EngineError>();
}

const OGI: &str = include_str!("../../../games/ogi/description.json");

fn main_like() -> Result<usize, Box<dyn Error>> {
    let table: Ggn = export("ogi").ok_or("no Ōgi table")?;
    let engine = Engine::new(&table, Description::from_json(OGI)?)?;
    let moves = engine.legal_pmn(engine.initial()).len();
    let start = engine.position(engine.initial_feen())?;
    let m = engine.parse_move(&start, "e3-e4")?;
    let _ = engine.after(&start, m)?;
    let _ = Ggn::from_json("[]")?; // fails: a GGN document is an object
    Ok(moves)
}

#[test]
fn question_mark_into_box_dyn_error() {
    let e = main_like().unwrap_err();
    // The last call failed, so every call before it went through `?` successfully.
    assert!(e.is::<tegoma_notation::ggn::GgnError>(), "{e}");
    let f = || -> Result<Description, Box<dyn Error>> { Ok(Description::from_json("{")?) };
    assert!(f().is_err());
    let g = || -> Result<Engine, Box<dyn Error>> {
        Ok(Engine::new(
            &Ggn::from_json("{}")?,
            Description::from_json(OGI)?,
        )?)
    };
    // An empty table: the engine is built (nothing moves) or refused, with a typed error.
    if let Err(e) = g() {
        assert!(e.is::<EngineError>(), "{e}");
    }
}
