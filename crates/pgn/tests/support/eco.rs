//! Where the ECO tests find Debian's `pgn-extract` `eco.pgn` (not copied into the repository).

use std::path::PathBuf;

/// The file (`TEGOMA_ECO_PGN`, else `/usr/share/pgn-extract/eco.pgn`), or a failure that says
/// how to get it.
pub fn eco_path() -> PathBuf {
    [
        std::env::var_os("TEGOMA_ECO_PGN").map(PathBuf::from),
        Some(PathBuf::from("/usr/share/pgn-extract/eco.pgn")),
    ]
    .into_iter()
    .flatten()
    .find(|p| p.is_file())
    .unwrap_or_else(|| {
        panic!(
            "eco.pgn not found: this test needs Debian's pgn-extract \
             (/usr/share/pgn-extract/eco.pgn: apt-get install -y pgn-extract) \
             or TEGOMA_ECO_PGN naming a copy"
        )
    })
}
