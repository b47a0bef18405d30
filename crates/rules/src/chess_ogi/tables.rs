//! Zobrist keys of Chess against Ōgi (const-evaluated).

use crate::kit::splitmix;

/// The largest hand count with its own key.
pub(crate) const HAND_MAX: usize = 64;

/// The key tables: a piece per board code and square (code 0, an empty square, has none),
/// the side to move, which player leads the Chess army, the castling rights, the `-P` pawn's
/// square (64: none), and each hand's count per kind.
pub(crate) struct Keys {
    pub(crate) piece: [[u64; 64]; 22],
    pub(crate) second_to_move: u64,
    pub(crate) chess_second: u64,
    pub(crate) castle: [u64; 4],
    pub(crate) minus: [u64; 65],
    pub(crate) chess_hand: [[u64; HAND_MAX + 1]; 15],
    pub(crate) ogi_hand: [[u64; HAND_MAX + 1]; 8],
}

const fn keys() -> Keys {
    let mut k = Keys {
        piece: [[0; 64]; 22],
        second_to_move: 0,
        chess_second: 0,
        castle: [0; 4],
        minus: [0; 65],
        chess_hand: [[0; HAND_MAX + 1]; 15],
        ogi_hand: [[0; HAND_MAX + 1]; 8],
    };
    let mut st = 0x0c0e_2026_u64;
    let mut c = 1;
    while c < 22 {
        let mut q = 0;
        while q < 64 {
            let (n, v) = splitmix(st);
            st = n;
            k.piece[c][q] = v;
            q += 1;
        }
        c += 1;
    }
    let (n, v) = splitmix(st);
    st = n;
    k.second_to_move = v;
    let (n, v) = splitmix(st);
    st = n;
    k.chess_second = v;
    let mut i = 1;
    while i < 4 {
        let (n, v) = splitmix(st);
        st = n;
        k.castle[i] = v;
        i += 1;
    }
    let mut q = 0;
    while q < 64 {
        let (n, v) = splitmix(st);
        st = n;
        k.minus[q] = v;
        q += 1;
    }
    let mut r = 0;
    while r < 15 {
        // Count 0 keeps key 0: an empty hand contributes nothing.
        let mut n = 1;
        while n <= HAND_MAX {
            let (s, v) = splitmix(st);
            st = s;
            k.chess_hand[r][n] = v;
            n += 1;
        }
        r += 1;
    }
    let mut r = 0;
    while r < 8 {
        let mut n = 1;
        while n <= HAND_MAX {
            let (s, v) = splitmix(st);
            st = s;
            k.ogi_hand[r][n] = v;
            n += 1;
        }
        r += 1;
    }
    k
}

/// The key tables.
pub(crate) static KEYS: Keys = keys();
