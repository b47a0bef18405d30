use tegoma_rules::chess::{MoveList, Position};
fn main() {
    let fen = std::env::args().nth(1).unwrap();
    let p = Position::from_fen(&fen).unwrap();
    let mut l = MoveList::new();
    p.legal_moves(&mut l);
    let mut v: Vec<String> = l.iter().map(|m| m.to_string()).collect();
    v.sort();
    println!("{} {}", v.len(), v.join(" "));
    cozy(&fen);
    let b: cozy_chess::Board = fen.parse().unwrap();
    for d in 1..4 {
        println!("d{d} cozy {} ours {}", cperft(&b, d), p.perft(d));
    }
}
#[allow(dead_code)]
fn cozy(fen: &str) {
    let b: cozy_chess::Board = fen.parse().unwrap();
    let mut v = vec![];
    b.generate_moves(|ms| {
        for m in ms {
            v.push(format!("{m}"));
        }
        false
    });
    v.sort();
    println!("{} {}", v.len(), v.join(" "));
}
#[allow(dead_code)]
fn cperft(b: &cozy_chess::Board, d: u32) -> u64 {
    if d == 0 {
        return 1;
    }
    let mut n = 0;
    b.generate_moves(|ms| {
        for m in ms {
            let mut c = b.clone();
            c.play_unchecked(m);
            n += cperft(&c, d - 1);
        }
        false
    });
    n
}
