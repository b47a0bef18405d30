//! The match runner's text inputs: engine specifications (`--engine`), commands split as a
//! shell would, time controls (`--tc`), SPRT bounds (`--sprt`), opening files (chess and Ōgi),
//! Ōgi FEEN written as Fairy-Stockfish's FEN, and an engine's move read against a legal list.
//! The first byte picks the reader, the rest is the text. No panic; the words of a split
//! command hold no more bytes than the text; a move read back is one of the legal list's.
#![no_main]
use libfuzzer_sys::fuzz_target;
use tegoma_arena::dialect::{fsf_fen, Dialect};
use tegoma_arena::openings::parse_openings;
use tegoma_arena::spec::split_command;
use tegoma_arena::stats::Sprt;
use tegoma_arena::tc::Tc;
use tegoma_arena::EngineSpec;
use tegoma_game::Rules;

fuzz_target!(|data: &[u8]| {
    let Some((&which, rest)) = data.split_first() else {
        return;
    };
    let Ok(text) = std::str::from_utf8(rest) else {
        return;
    };
    match which % 7 {
        0 => {
            let _ = EngineSpec::parse(text);
        }
        1 => {
            if let Ok(words) = split_command(text) {
                assert!(words.iter().map(String::len).sum::<usize>() <= text.len());
            }
        }
        2 => {
            let _ = Tc::parse(text);
        }
        3 => {
            let _ = Sprt::parse(text);
        }
        4 => {
            for rules in [Rules::chess(), Rules::ogi()] {
                let _ = parse_openings(&rules, text, "fuzz");
            }
        }
        5 => {
            let _ = fsf_fen(text);
        }
        _ => {
            let legal = [
                ("e2e4".to_string(), "e2-e4".to_string()),
                ("e7e8q".to_string(), "e7-e8=Q".to_string()),
            ];
            for d in [Dialect::Chess, Dialect::FairyOgi] {
                if let Some(pmn) = d.read_move(&legal, text) {
                    assert!(legal.iter().any(|(_, p)| *p == pmn));
                }
            }
        }
    }
});
