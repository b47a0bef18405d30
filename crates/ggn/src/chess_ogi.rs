//! The GGN table of Chess against Ōgi (ruling R13): the union of the Chess table and the Ōgi
//! table, each piece under its own style's key.

use tegoma_notation::ggn::Ggn;

/// The union of [`crate::chess::table`] and [`crate::ogi::table`].
pub fn table() -> Ggn {
    let mut out = crate::chess::table();
    let ogi = crate::ogi::table();
    for (piece, sources) in ogi.pieces() {
        for (source, destinations) in sources {
            for (destination, possibilities) in destinations {
                let entry = out
                    .destination_entry(*piece, *source, *destination)
                    .expect("the Ōgi table has no hand-to-hand entry");
                entry.extend(possibilities.iter().cloned());
            }
        }
    }
    out
}
