//! Every public error type of the crate implements `std::error::Error` (with `Send + Sync +
//! 'static`), so a `fn main() -> Result<(), Box<dyn std::error::Error>>` can `?` any fallible
//! call: positions from FEEN, PMN, match play, PCN records, clocks.

use std::error::Error;

use tegoma_game::clock::{ClockError, Period, TimeControl};
use tegoma_game::record::match_from_pcn;
use tegoma_game::rules::MatchRules;
use tegoma_game::{AnyMatch, AnyPosition, Match, MatchError, Rules, RulesError, SetupError};
use tegoma_notation::pcn::Pcn;
use tegoma_protocol::{MoveError, RuleSystem};
use tegoma_rules::chess;
use tegoma_rules::systems::Chess;

fn is_error<E: Error + Send + Sync + 'static>() {}

#[test]
fn every_error_type_is_an_error() {
    is_error::<ClockError>();
    is_error::<MatchError>();
    is_error::<tegoma_game::record::RecordError>();
    is_error::<tegoma_game::record::PeriodsError>();
    is_error::<SetupError>();
    is_error::<RulesError>();
    is_error::<MoveError>();
    is_error::<tegoma_notation::Invalid>();
}

const START: &str = "+rnbq+k^bn+r/+p+p+p+p+p+p+p+p/8/8/8/8/+P+P+P+P+P+P+P+P/+RNBQ+K^BN+R / C/c";

fn main_like() -> Result<(), Box<dyn Error>> {
    let mut m = Match::from_feen(Chess, START)?;
    m.play("e2-e4")?;
    let _ = Chess.read_move(&chess::Position::startpos(), "e2-e4")?;
    let _ = AnyMatch::from_feen("lnsik^snl/1r4b1/pppppppp/8/8/PPPPPPPP/1B4R1/LNSIK^SNL / O/o")?;
    let pcn = Pcn::parse(&format!(r#"{{"setup": "{START}", "plies": ["e2-e4"]}}"#))?;
    let _ = match_from_pcn(&pcn)?;
    let _ = TimeControl::new(vec![Period::from_seconds(300.0, 2.0, None)?])?;
    let rules = Rules::by_name("kogoma")?;
    let mut p = AnyPosition::from_feen(Some(Rules::chess()), START)?;
    p.play("e4")?;
    let _ = AnyPosition::from_fen(Rules::chess(), "8/8/8/8/8/8/8/K1k5 w - - 0 1")?;
    let _ = AnyPosition::initial(rules);
    let generic = tegoma_game::generic_from_feen(START)?;
    let imported = Chess.import(&generic)?;
    let _ = Chess.parse_move(&imported, "e2-e4")?;
    let _ = Chess.read_move(&chess::Position::startpos(), "e2-e5")?; // fails: illegal
    Ok(())
}

#[test]
fn question_mark_into_box_dyn_error() {
    let e = main_like().unwrap_err();
    // The last call failed, so every call before it went through `?` successfully.
    assert!(e.is::<MoveError>(), "{e}");
    assert_eq!(
        e.to_string(),
        "illegal move e2-e5: not a legal move of this position"
    );
    let g = || -> Result<Period, Box<dyn Error>> { Ok(Period::from_seconds(-1.0, 0.0, None)?) };
    assert!(g().is_err());
}
