//! Precomputed step tables, masks and Zobrist keys for Ōgi.
use super::types::ROLES;
use crate::kit::splitmix;
use tegoma_protocol::Side;

const fn step_table(deltas: &[(i8, i8)], side: usize) -> [u64; 64] {
    let mut t = [0u64; 64];
    let mut sq = 0;
    while sq < 64 {
        let (f, r) = ((sq % 8) as i8, (sq / 8) as i8);
        let mut bb = 0u64;
        let mut i = 0;
        while i < deltas.len() {
            let (df, mut dr) = deltas[i];
            if side == 1 {
                dr = -dr;
            }
            let (nf, nr) = (f + df, r + dr);
            if nf >= 0 && nf < 8 && nr >= 0 && nr < 8 {
                bb |= 1u64 << (nr * 8 + nf);
            }
            i += 1;
        }
        t[sq] = bb;
        sq += 1;
    }
    t
}

const SILVER_D: [(i8, i8); 5] = [(-1, 1), (0, 1), (1, 1), (-1, -1), (1, -1)];
const GOLD_D: [(i8, i8); 6] = [(-1, 1), (0, 1), (1, 1), (-1, 0), (1, 0), (0, -1)];
const KNIGHT_D: [(i8, i8); 2] = [(-1, 2), (1, 2)];
const PAWN_D: [(i8, i8); 1] = [(0, 1)];
const ORTH_D: [(i8, i8); 4] = [(0, 1), (1, 0), (0, -1), (-1, 0)];
const DIAG_D: [(i8, i8); 4] = [(1, 1), (1, -1), (-1, -1), (-1, 1)];

/// Silver steps, by side and square.
pub(crate) static SILVER: [[u64; 64]; 2] = [step_table(&SILVER_D, 0), step_table(&SILVER_D, 1)];
/// Gold steps (+S, +N, +L, +P), by side and square.
pub(crate) static GOLD: [[u64; 64]; 2] = [step_table(&GOLD_D, 0), step_table(&GOLD_D, 1)];
/// Shogi-knight jumps, by side and square.
pub(crate) static SKNIGHT: [[u64; 64]; 2] = [step_table(&KNIGHT_D, 0), step_table(&KNIGHT_D, 1)];
/// Pawn step, by side and square.
pub(crate) static PAWN: [[u64; 64]; 2] = [step_table(&PAWN_D, 0), step_table(&PAWN_D, 1)];
/// One orthogonal step.
pub(crate) static ORTH: [u64; 64] = step_table(&ORTH_D, 0);
/// One diagonal step.
pub(crate) static DIAG: [u64; 64] = step_table(&DIAG_D, 0);

const fn forward_rays(side: usize) -> [u64; 64] {
    let mut t = [0u64; 64];
    let mut sq = 0;
    while sq < 64 {
        let mut bb = 0u64;
        let mut r = (sq / 8) as i32;
        loop {
            r += if side == 0 { 1 } else { -1 };
            if r < 0 || r > 7 {
                break;
            }
            bb |= 1u64 << (r as usize * 8 + sq % 8);
        }
        t[sq] = bb;
        sq += 1;
    }
    t
}

/// The squares straight ahead of each square, by side (the lance's ray on an empty board).
pub(crate) static FORWARD: [[u64; 64]; 2] = [forward_rays(0), forward_rays(1)];

const RANK1: u64 = 0xff;
const RANK8: u64 = 0xff << 56;

/// The promotion zone by side: ranks 6-8 for the first player, 1-3 for the second.
pub(crate) const ZONE: [u64; 2] = [0x00ff_ffff << 40, 0x00ff_ffff];
/// The last rank by side.
pub(crate) const LAST1: [u64; 2] = [RANK8, RANK1];
/// The last two ranks by side.
pub(crate) const LAST2: [u64; 2] = [RANK8 | RANK8 >> 8, RANK1 | RANK1 << 8];

/// The squares where promotion is forced for `kind_index` (pawn, lance: last rank; knight: last
/// two), by side; 0 for the other kinds.
#[inline]
pub(crate) const fn forced(kind_index: usize, side: usize) -> u64 {
    match kind_index {
        5 => LAST2[side],
        6 | 7 => LAST1[side],
        _ => 0,
    }
}

/// The squares where a held kind may be dropped (before the emptiness test), by side.
#[inline]
pub(crate) const fn drop_mask(kind_index: usize, side: usize) -> u64 {
    match kind_index {
        0 | 7 => 0,
        5 => !LAST2[side],
        6 => !LAST1[side],
        _ => !0,
    }
}

/// The largest hand count with its own key (a hand never holds more than 64 pieces).
pub(crate) const HAND_MAX: usize = 64;

/// The Zobrist keys: pieces by side, kind and square; hands by side, kind (16 slots, the last
/// for a captured King) and count; the side to move.
pub(crate) struct Zobrist {
    pub(crate) piece: [[[u64; 64]; ROLES]; 2],
    pub(crate) hand: [[[u64; HAND_MAX + 1]; 16]; 2],
    pub(crate) second_to_move: u64,
}

const fn zobrist() -> Zobrist {
    let mut z = Zobrist {
        piece: [[[0; 64]; ROLES]; 2],
        hand: [[[0; HAND_MAX + 1]; 16]; 2],
        second_to_move: 0,
    };
    let mut st = 0x0917_2026_u64;
    let mut s = 0;
    while s < 2 {
        let mut k = 0;
        while k < ROLES {
            let mut q = 0;
            while q < 64 {
                let (n, v) = splitmix(st);
                st = n;
                z.piece[s][k][q] = v;
                q += 1;
            }
            k += 1;
        }
        let mut k = 0;
        while k < 16 {
            // count 0 keeps key 0, so an empty hand contributes nothing
            let mut c = 1;
            while c <= HAND_MAX {
                let (n, v) = splitmix(st);
                st = n;
                z.hand[s][k][c] = v;
                c += 1;
            }
            k += 1;
        }
        s += 1;
    }
    let (_, v) = splitmix(st);
    z.second_to_move = v;
    z
}

/// The Zobrist key tables.
pub(crate) static ZOBRIST: Zobrist = zobrist();

/// The key of `side` holding `count` pieces of hand slot `slot`.
#[inline]
pub(crate) fn hand_key(side: Side, slot: usize, count: u8) -> u64 {
    ZOBRIST.hand[side.index()][slot][(count as usize).min(HAND_MAX)]
}
