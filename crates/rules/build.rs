//! Generates the slider attack tables of `kit` (fancy magic bitboards) and the `between` and
//! `line` tables, as Rust source in `$OUT_DIR/kit_tables.rs`.
//!
//! The magic multipliers below were found by a seeded random search (xorshift64, seed
//! 0x9E3779B97F4A7C15, candidates ANDed three times); this script checks every one of them
//! (no destructive collision) while filling the tables, so a wrong constant fails the build.
use std::fmt::Write as _;
use std::path::PathBuf;

const ROOK_MAGICS: [u64; 64] = [
    0x2080002080400010,
    0x00c0002001401000,
    0x2100110008402002,
    0x0880080081041000,
    0x0200020020041008,
    0x2300040008010012,
    0x0c00283004008201,
    0x0180010000407a80,
    0x0168800080400020,
    0x0010400040201000,
    0x1001002001001048,
    0x1001002408100100,
    0x0801000408010012,
    0x4001000209000400,
    0x08a20004c8020001,
    0x2002801145002280,
    0x0080860021004200,
    0x001000c009402002,
    0x00b0002004002800,
    0x100a808010020800,
    0x8101010008000410,
    0x0244008002000480,
    0x0000040010810208,
    0x2000020000448534,
    0x4104400480008033,
    0x0000810100204000,
    0x0440430900200010,
    0x4600240900100100,
    0x0060080080040080,
    0x0001000300080400,
    0x0004084400011002,
    0x0023040200008041,
    0x0580050043002080,
    0x0400804002802008,
    0x0001002001004010,
    0x1000200901001000,
    0x4410800801800c00,
    0xa012003806001004,
    0x0020100104008802,
    0x0004808402000041,
    0x0010400170898000,
    0x0080500020004004,
    0x1040408012020020,
    0x8010040008004040,
    0x2001080100110004,
    0x0000020004008080,
    0x0021010810040002,
    0x0800008c43020024,
    0x0000800021005100,
    0x0070201040008080,
    0x0000d04282006a00,
    0x0010014400080240,
    0x0001080110050100,
    0x0012000810240600,
    0x0402000801040200,
    0x028100108a004100,
    0x0050800300102045,
    0x8208210040120882,
    0x8010600101183441,
    0x020b000910006045,
    0x0241001002480005,
    0x0081000400880241,
    0x0000009008024124,
    0x0048122980410402,
];
const BISHOP_MAGICS: [u64; 64] = [
    0x0848020822040013,
    0x8010a40085821200,
    0x0008008430840822,
    0x0808048108040000,
    0x1304042100008104,
    0x5001012010204023,
    0x81048801b8200420,
    0x200a008084012000,
    0x0040102001042084,
    0x840a505042428020,
    0x0000700102202920,
    0x44101c0c10800002,
    0x0040040422000000,
    0x0180020802090202,
    0x4020020811041202,
    0x000104308c042000,
    0x4140661002424400,
    0x0028012008010460,
    0x0188062102002a00,
    0x0014004840102008,
    0x0105000290400002,
    0x8001022200410400,
    0x104a041918013446,
    0x008a000082008238,
    0x04a0060008100430,
    0x0008220008820801,
    0x2508041208005010,
    0x4008080200202020,
    0x2441001013004000,
    0x0030008060407000,
    0x4008108000420800,
    0x0012021050290100,
    0x0210080482200500,
    0xcc01112048100480,
    0x0020402806500440,
    0x00048e0080580080,
    0x0040102020020080,
    0x0028010440080807,
    0x4601041108008800,
    0x8040810e04104200,
    0x901210110400088a,
    0xa003080212081050,
    0x00c1004048401004,
    0x900000a014400800,
    0x0008021040405401,
    0x4020008206002090,
    0x0004190424030100,
    0x0424008a02026250,
    0x8004088250900040,
    0x1c00430088a04200,
    0x0001020094040001,
    0x8040210020880061,
    0x2010040450442032,
    0x0800840850044001,
    0x0004040802140004,
    0x0004080a04222020,
    0x8088802110022000,
    0x1081a10416114400,
    0x0205010a24060820,
    0x0000000720411080,
    0x1008000208430400,
    0x580c026028810840,
    0x802020441020a110,
    0x12c0022401020018,
];

const ROOK_DIRS: [(i32, i32); 4] = [(0, 1), (1, 0), (0, -1), (-1, 0)];
const BISHOP_DIRS: [(i32, i32); 4] = [(1, 1), (1, -1), (-1, -1), (-1, 1)];

fn on_board(f: i32, r: i32) -> bool {
    (0..8).contains(&f) && (0..8).contains(&r)
}

fn slide(sq: i32, occ: u64, dirs: &[(i32, i32)]) -> u64 {
    let mut bb = 0u64;
    for &(df, dr) in dirs {
        let (mut f, mut r) = (sq % 8 + df, sq / 8 + dr);
        while on_board(f, r) {
            let t = r * 8 + f;
            bb |= 1 << t;
            if occ >> t & 1 != 0 {
                break;
            }
            f += df;
            r += dr;
        }
    }
    bb
}

/// The relevant occupancy: the rays without their last square.
fn mask(sq: i32, dirs: &[(i32, i32)]) -> u64 {
    let mut bb = 0u64;
    for &(df, dr) in dirs {
        let (mut f, mut r) = (sq % 8 + df, sq / 8 + dr);
        while on_board(f + df, r + dr) {
            bb |= 1 << (r * 8 + f);
            f += df;
            r += dr;
        }
    }
    bb
}

/// Software PEXT: the bits of `x` selected by `mask`, packed toward bit 0.
fn pext(x: u64, mut mask: u64) -> u64 {
    let mut out = 0;
    let mut bit = 0;
    while mask != 0 {
        let low = mask & mask.wrapping_neg();
        if x & low != 0 {
            out |= 1 << bit;
        }
        bit += 1;
        mask ^= low;
    }
    out
}

fn main() {
    println!("cargo:rerun-if-changed=build.rs");
    println!("cargo:rustc-check-cfg=cfg(tegoma_pext)");
    // The `pext` feature indexes the slider tables with the BMI2 PEXT instruction, when the
    // target has it (e.g. RUSTFLAGS="-C target-cpu=native" on a BMI2 machine).
    let use_pext = std::env::var_os("CARGO_FEATURE_PEXT").is_some()
        && std::env::var("CARGO_CFG_TARGET_ARCH").as_deref() == Ok("x86_64")
        && std::env::var("CARGO_CFG_TARGET_FEATURE")
            .map(|f| f.split(',').any(|x| x == "bmi2"))
            .unwrap_or(false);
    if use_pext {
        println!("cargo:rustc-cfg=tegoma_pext");
    }
    let mut out = String::with_capacity(3 << 20);
    let mut table: Vec<u64> = Vec::with_capacity(107_648);
    for (name, dirs, magics) in [
        ("ROOK", &ROOK_DIRS, &ROOK_MAGICS),
        ("BISHOP", &BISHOP_DIRS, &BISHOP_MAGICS),
    ] {
        writeln!(out, "static {name}_MAGIC: [Magic; 64] = [").unwrap();
        for sq in 0..64 {
            let m = mask(sq, dirs);
            let bits = m.count_ones();
            let offset = table.len();
            table.resize(offset + (1 << bits), !0);
            let magic = magics[sq as usize];
            let mut sub = 0u64;
            loop {
                let idx = offset
                    + if use_pext {
                        pext(sub, m) as usize
                    } else {
                        (sub.wrapping_mul(magic) >> (64 - bits)) as usize
                    };
                let att = slide(sq, sub, dirs);
                assert!(
                    table[idx] == !0 || table[idx] == att,
                    "bad {name} magic for square {sq}"
                );
                table[idx] = att;
                sub = sub.wrapping_sub(m) & m;
                if sub == 0 {
                    break;
                }
            }
            writeln!(
                out,
                "Magic {{ mask: {m:#x}, magic: {magic:#x}, offset: {offset}, shift: {} }},",
                64 - bits
            )
            .unwrap();
        }
        writeln!(out, "];").unwrap();
    }
    for v in table.iter_mut() {
        if *v == !0 {
            *v = 0; // unused slot
        }
    }
    writeln!(out, "static SLIDER_TABLE: [u64; {}] = [", table.len()).unwrap();
    for chunk in table.chunks(8) {
        for v in chunk {
            write!(out, "{v:#x},").unwrap();
        }
        out.push('\n');
    }
    writeln!(out, "];").unwrap();

    // between[a][b]: squares strictly between; line[a][b]: the whole line through both.
    let all = [
        (0, 1),
        (1, 0),
        (0, -1),
        (-1, 0),
        (1, 1),
        (1, -1),
        (-1, -1),
        (-1, 1),
    ];
    let mut between = vec![0u64; 64 * 64];
    let mut line = vec![0u64; 64 * 64];
    for a in 0..64i32 {
        for &(df, dr) in &all {
            let (mut f, mut r) = (a % 8 + df, a / 8 + dr);
            let mut path = 0u64;
            let full = slide(a, 0, &[(df, dr), (-df, -dr)]) | 1 << a;
            while on_board(f, r) {
                let b = r * 8 + f;
                between[(a * 64 + b) as usize] = path;
                line[(a * 64 + b) as usize] = full;
                path |= 1 << b;
                f += df;
                r += dr;
            }
        }
    }
    for (name, t) in [("BETWEEN", &between), ("LINE", &line)] {
        writeln!(out, "static {name}: [[u64; 64]; 64] = [").unwrap();
        for a in 0..64 {
            out.push('[');
            for b in 0..64 {
                write!(out, "{:#x},", t[a * 64 + b]).unwrap();
            }
            out.push_str("],\n");
        }
        writeln!(out, "];").unwrap();
    }
    let path = PathBuf::from(std::env::var("OUT_DIR").unwrap()).join("kit_tables.rs");
    std::fs::write(path, out).unwrap();
}
