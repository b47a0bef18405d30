//! Chess-specific tables: pawn attacks, castling masks and Zobrist keys (all const-evaluated).

const fn pawn_attack_table(white: bool) -> [u64; 64] {
    let mut t = [0u64; 64];
    let mut sq = 0;
    while sq < 64 {
        let f = sq % 8;
        let r = sq / 8;
        let nr: i32 = if white { r + 1 } else { r - 1 };
        let mut bb = 0u64;
        if nr >= 0 && nr < 8 {
            if f > 0 {
                bb |= 1 << (nr * 8 + f - 1);
            }
            if f < 7 {
                bb |= 1 << (nr * 8 + f + 1);
            }
        }
        t[sq as usize] = bb;
        sq += 1;
    }
    t
}

/// `PAWN_ATTACKS[color][sq]`: the squares a pawn of `color` on `sq` attacks.
pub(crate) static PAWN_ATTACKS: [[u64; 64]; 2] =
    [pawn_attack_table(true), pawn_attack_table(false)];

/// Castling right bits: White king side, White queen side, Black king side, Black queen side.
pub(crate) const WK: u8 = 1;
pub(crate) const WQ: u8 = 2;
pub(crate) const BK: u8 = 4;
pub(crate) const BQ: u8 = 8;

const fn castle_masks() -> [u8; 64] {
    let mut t = [0x0fu8; 64];
    t[0] = !WQ & 0x0f; // a1
    t[7] = !WK & 0x0f; // h1
    t[4] = !(WK | WQ) & 0x0f; // e1
    t[56] = !BQ & 0x0f; // a8
    t[63] = !BK & 0x0f; // h8
    t[60] = !(BK | BQ) & 0x0f; // e8
    t
}

/// `rights &= CASTLE_MASK[from] & CASTLE_MASK[to]` after every move.
pub(crate) static CASTLE_MASK: [u8; 64] = castle_masks();

/// The corner square of each castling right bit (index = bit number).
pub(crate) const RIGHT_CORNER: [u8; 4] = [7, 0, 63, 56];

/// Zobrist keys. The key of a position is the XOR of its pieces, its side (when Black is to
/// move), its castling rights, the file of its `-P` pawn, and one key per (hand, kind, count).
pub(crate) struct Keys {
    pub piece: [[[u64; 64]; 6]; 2],
    pub black: u64,
    pub castle: [u64; 16],
    pub ep: [u64; 8],
    /// `ep_at[sq]`: the key of a `-P` marker on `sq` (`ep[sq & 7]`), and 0 for square 0, which
    /// never holds one and stands for "no marker": a move clears the marker without a branch.
    pub ep_at: [u64; 64],
    /// `hand[holder][kind][count]`, with `hand[..][..][0] == 0`.
    pub hand: [[[u64; 65]; 8]; 2],
}

const fn splitmix(state: &mut u64) -> u64 {
    *state = state.wrapping_add(0x9E37_79B9_7F4A_7C15);
    let mut z = *state;
    z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
    z ^ (z >> 31)
}

const fn make_keys() -> Keys {
    let mut s = 0x7E60_4D1C_5EED_0001u64;
    let mut k = Keys {
        piece: [[[0; 64]; 6]; 2],
        black: 0,
        castle: [0; 16],
        ep: [0; 8],
        ep_at: [0; 64],
        hand: [[[0; 65]; 8]; 2],
    };
    let mut c = 0;
    while c < 2 {
        let mut r = 0;
        while r < 6 {
            let mut sq = 0;
            while sq < 64 {
                k.piece[c][r][sq] = splitmix(&mut s);
                sq += 1;
            }
            r += 1;
        }
        c += 1;
    }
    k.black = splitmix(&mut s);
    let mut i = 1;
    while i < 16 {
        k.castle[i] = splitmix(&mut s);
        i += 1;
    }
    i = 0;
    while i < 8 {
        k.ep[i] = splitmix(&mut s);
        i += 1;
    }
    i = 1;
    while i < 64 {
        k.ep_at[i] = k.ep[i & 7];
        i += 1;
    }
    c = 0;
    while c < 2 {
        let mut kind = 0;
        while kind < 8 {
            let mut n = 1;
            while n < 65 {
                k.hand[c][kind][n] = splitmix(&mut s);
                n += 1;
            }
            kind += 1;
        }
        c += 1;
    }
    k
}

pub(crate) static KEYS: Keys = make_keys();
