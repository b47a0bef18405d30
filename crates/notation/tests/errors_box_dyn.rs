//! Every public error type of the crate implements `std::error::Error` (with `Send + Sync +
//! 'static`), so a `fn main() -> Result<(), Box<dyn std::error::Error>>` can `?` any fallible
//! call.

use std::error::Error;

use tegoma_notation::cell::{Cell, CellError};
use tegoma_notation::cgsn::{CgsnError, Status};
use tegoma_notation::hand::{Hand, HandError};
use tegoma_notation::pmn::{Pmn, PmnError};
use tegoma_notation::qpi::{Qpi, QpiError};
use tegoma_notation::snn::{Snn, SnnError};
use tegoma_notation::validate::{read_document, validate, Kind, ReadError, UnknownKind};
use tegoma_notation::{epin, pin, sin, Invalid};

fn is_error<E: Error + Send + Sync + 'static>() {}

#[test]
fn every_error_type_is_an_error() {
    is_error::<CellError>();
    is_error::<CgsnError>();
    is_error::<HandError>();
    is_error::<PmnError>();
    is_error::<QpiError>();
    is_error::<SnnError>();
    is_error::<UnknownKind>();
    is_error::<ReadError>();
    is_error::<Invalid>();
    is_error::<pin::ParseError>();
    is_error::<epin::ParseError>();
    is_error::<sin::ParseError>();
    #[cfg(feature = "ggn")]
    {
        is_error::<tegoma_notation::ggn::GgnError>();
        is_error::<tegoma_notation::lcn::LcnError>();
        is_error::<tegoma_notation::lcn::ConditionError>();
    }
    #[cfg(feature = "pcn")]
    is_error::<tegoma_notation::pcn::PcnError>();
}

fn main_like() -> Result<(), Box<dyn Error>> {
    let _: Cell = "e4".parse()?;
    let _: Status = "checkmate".parse()?;
    let _: Hand = "*".parse()?;
    let _ = Pmn::parse("e2-e4")?;
    let _ = Qpi::parse("C:+K^")?;
    let _ = Snn::parse("Chess")?;
    let _: Kind = "feen".parse()?;
    let _ = validate(Kind::Feen, "8/8 / C/c")?;
    let _ = read_document(&b"{}"[..])?;
    #[cfg(feature = "ggn")]
    {
        let _ = tegoma_notation::lcn::Lcn::from_json("{}")?;
        let _ = tegoma_notation::ggn::Ggn::from_json("{}")?;
    }
    #[cfg(feature = "pcn")]
    let _ = tegoma_notation::pcn::Pcn::parse(r#"{"setup": "8/8 / C/c"}"#)?;
    let _ = Pmn::parse("e2e4")?; // fails: the error travels through `?`
    Ok(())
}

#[test]
fn question_mark_into_box_dyn_error() {
    let e = main_like().unwrap_err();
    // The last call failed, so every call before it went through `?` successfully.
    assert!(
        e.is::<PmnError>() && e.to_string().contains("operator"),
        "{e}"
    );
    // `Invalid` (what `validate` returns) goes through `?` too.
    let f = || -> Result<String, Box<dyn Error>> { Ok(validate(Kind::Cell, "a0")?) };
    assert_eq!(
        f().unwrap_err().to_string().split(':').next(),
        Some("LeadingZero")
    );
}
