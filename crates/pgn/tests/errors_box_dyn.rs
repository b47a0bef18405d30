//! Every public error type of the crate implements `std::error::Error` (with `Send + Sync +
//! 'static`), so a `fn main() -> Result<(), Box<dyn std::error::Error>>` can `?` any fallible
//! call: PGN reading, SAN, conversions to and from PCN.

use std::error::Error;

use tegoma_game::Match;
use tegoma_pgn::{pcn_to_pgn, pgn_to_pcn, ChessMatch, ConvertError, PgnError, PgnReader, San};
use tegoma_rules::chess::SanError;

fn is_error<E: Error + Send + Sync + 'static>() {}

#[test]
fn every_error_type_is_an_error() {
    is_error::<PgnError>();
    is_error::<ConvertError>();
    is_error::<SanError>();
}

const PGN: &str = "[Event \"x\"]\n[Result \"*\"]\n\n1. e4 e5 2. Nf3 *\n";

fn main_like() -> Result<(), Box<dyn Error>> {
    for game in PgnReader::new(PGN.as_bytes()) {
        let game = game?;
        let _ = Match::from_pgn_setup(&game)?;
        let _ = pcn_to_pgn(&pgn_to_pcn(&game)?)?;
    }
    let _: San = "Nf3".parse()?;
    let _: San = "Zz9".parse()?; // fails
    Ok(())
}

#[test]
fn question_mark_into_box_dyn_error() {
    let e = main_like().unwrap_err();
    // The last call failed, so every call before it went through `?` successfully.
    assert!(e.is::<SanError>(), "{e}");
}
