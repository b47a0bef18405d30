//! No input panics: seeded random strings and mutations of valid ones, fed to every chess
//! reader; whatever is accepted must round-trip and support move generation and perft.
use tegoma_rules::chess::{MoveError, MoveList, Position};

struct Rng(u64);
impl Rng {
    fn next(&mut self) -> u64 {
        self.0 ^= self.0 << 13;
        self.0 ^= self.0 >> 7;
        self.0 ^= self.0 << 17;
        self.0
    }
    fn below(&mut self, n: usize) -> usize {
        (self.next() % n as u64) as usize
    }
}

const SEEDS_FEEN: [&str; 4] = [
    "+rnbq+k^bn+r/+p+p+p+p+p+p+p+p/8/8/8/8/+P+P+P+P+P+P+P+P/+RNBQ+K^BN+R / C/c",
    "+r3+k^2+r/8/8/8/8/8/8/+R3+K^2+R 2p-pq+r/3PN+R C/c",
    "4k^3/8/8/3-pP3/8/8/8/4K^3 / C/c",
    "r6R/3k^4/8/8/8/8/8/+R3+K^3 +r/ C/c",
];
const SEEDS_FEN: [&str; 3] = [
    "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
    "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1",
    "4k3/8/8/3pP3/8/8/8/4K3 w - d6 0 1",
];
const ALPHABET: &[u8] = b"+-^'/ 12345678kqrbnpKQRBNPCcwxyz-~=*.e";

fn mutate(rng: &mut Rng, s: &str) -> String {
    let mut b = s.as_bytes().to_vec();
    for _ in 0..1 + rng.below(3) {
        let i = rng.below(b.len() + 1);
        let c = ALPHABET[rng.below(ALPHABET.len())];
        match rng.below(3) {
            0 if i < b.len() => b[i] = c,
            1 if i < b.len() => {
                b.remove(i);
            }
            _ => b.insert(i, c),
        }
    }
    String::from_utf8_lossy(&b).into_owned()
}

fn exercise(p: &Position) {
    let feen = p.to_feen();
    let back = Position::from_feen(&feen).unwrap_or_else(|e| panic!("{feen}: {e}"));
    assert_eq!(back, *p);
    assert_eq!(back.zobrist(), p.zobrist());
    let mut list = MoveList::new();
    p.legal_moves_into(&mut list);
    assert_eq!(p.perft(1), list.len() as u64);
    assert_eq!(p.perft(2), p.perft_no_bulk(2));
    for &m in list.iter() {
        assert_eq!(p.parse_pmn(&m.to_string()).unwrap(), m);
        assert_eq!(p.parse_san(&p.to_san(m)).unwrap(), m);
    }
    let _ = p.statuses();
}

#[test]
fn mutated_positions_never_panic() {
    let mut rng = Rng(0xBAD_1DEA_5EED);
    let mut accepted = 0;
    for _ in 0..20_000 {
        let seed = SEEDS_FEEN[rng.below(SEEDS_FEEN.len())];
        let feen = mutate(&mut rng, seed);
        if let Ok(p) = Position::from_feen(&feen) {
            accepted += 1;
            exercise(&p);
        }
        let seed = SEEDS_FEN[rng.below(SEEDS_FEN.len())];
        let fen = mutate(&mut rng, seed);
        if let Ok(p) = Position::from_fen(&fen) {
            accepted += 1;
            exercise(&p);
            assert_eq!(Position::from_fen(&p.to_fen()).unwrap(), p);
        }
    }
    assert!(accepted > 100, "only {accepted} mutants accepted");
}

#[test]
fn move_readers_never_panic() {
    let mut rng = Rng(0x0DD_BA11);
    let positions = [
        Position::startpos(),
        Position::from_fen(SEEDS_FEN[1]).unwrap(),
        Position::from_fen("r3k3/1P6/8/8/8/8/8/4K3 w q - 0 1").unwrap(),
    ];
    let seeds = [
        "e2-e4",
        "b7+a8=N",
        "e1~g1",
        "e5~f6/-p",
        "e7-e8/Q",
        "Nbd2",
        "O-O-O",
        "exd6 e.p.",
        "e7e8q",
        "b8=Q+",
        "...",
        "P*e5",
    ];
    for _ in 0..30_000 {
        let seed = seeds[rng.below(seeds.len())];
        let s = mutate(&mut rng, seed);
        let p = &positions[rng.below(positions.len())];
        for m in [
            p.parse_pmn(&s),
            p.parse_san(&s).map_err(MoveError::from),
            p.parse_uci(&s),
        ]
        .into_iter()
        .flatten()
        {
            assert!(p.is_legal(m), "{s} gave an illegal move");
        }
    }
    let long = "e".repeat(10_000);
    let p = Position::startpos();
    assert!(p.parse_pmn(&long).is_err());
    assert!(p.parse_san(&long).is_err());
    assert!(p.parse_uci(&long).is_err());
    assert!(Position::from_fen(&long).is_err());
    assert!(Position::from_feen(&long).is_err());
}
