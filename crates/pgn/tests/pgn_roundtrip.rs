//! Property tests: writing a game and reading it back gives its export form; writing is stable;
//! unknown tags survive; arbitrary bytes and mutated PGN never panic.

use proptest::prelude::*;

use tegoma_pgn::{
    fuzz_read_write, game_to_string, Comment, Nag, PgnGame, PgnReader, PgnResult, San, Variation,
};

fn san() -> impl Strategy<Value = San> {
    let file = prop::sample::select(vec!['a', 'b', 'c', 'd', 'e', 'f', 'g', 'h']);
    let rank = prop::sample::select(vec!['1', '2', '3', '4', '5', '6', '7', '8']);
    let piece = prop::sample::select(vec!["K", "Q", "R", "B", "N"]);
    let promo = prop::sample::select(vec!["", "=Q", "=R", "=B", "=N"]);
    let check = prop::sample::select(vec!["", "+", "#"]);
    let dis = prop::sample::select(vec!["", "a", "h", "1", "8", "c3"]);
    let cap = prop::sample::select(vec!["", "x"]);
    prop_oneof![
        (file.clone(), rank.clone(), promo.clone(), check.clone())
            .prop_map(|(f, r, p, c)| format!("{f}{r}{p}{c}")),
        (
            file.clone(),
            file.clone(),
            rank.clone(),
            promo,
            check.clone()
        )
            .prop_map(|(f, g, r, p, c)| format!("{f}x{g}{r}{p}{c}")),
        (piece, dis, cap, file, rank, check.clone())
            .prop_map(|(p, d, x, f, r, c)| format!("{p}{d}{x}{f}{r}{c}")),
        (prop::sample::select(vec!["O-O", "O-O-O"]), check).prop_map(|(o, c)| format!("{o}{c}")),
    ]
    .prop_map(|s| s.parse::<San>().unwrap())
}

fn tag_name() -> impl Strategy<Value = String> {
    prop_oneof![
        prop::sample::select(vec![
            "Event",
            "Site",
            "Date",
            "Round",
            "White",
            "Black",
            "Result",
            "FEN",
            "SetUp",
            "ECO",
            "WhiteElo",
            "X_Unknown_1"
        ])
        .prop_map(String::from),
        "[A-Za-z0-9_]{1,20}",
    ]
}

fn game() -> impl Strategy<Value = PgnGame> {
    let text = "[ -~\u{e9}\u{263a}\\\\\"{}();%\\[\\]$!?]{0,40}";
    (
        prop::collection::vec((tag_name(), text), 0..12),
        prop::collection::vec(san(), 0..120),
        prop::collection::vec((0usize..130, text), 0..6),
        prop::collection::vec((0usize..130, any::<u32>()), 0..6),
        prop::collection::vec(
            (
                0usize..130,
                prop::sample::select(vec![
                    "1... c5",
                    "2. d4 $1 {a b} (2. c4 ;x } y\n2... e5) 2... d5!?",
                    "{}",
                    "1. -- Z0",
                ]),
            ),
            0..3,
        ),
        prop::option::of(prop::sample::select(vec![
            PgnResult::WhiteWins,
            PgnResult::BlackWins,
            PgnResult::Draw,
            PgnResult::Unknown,
        ])),
    )
        .prop_map(
            |(tags, moves, comments, nags, variations, result)| PgnGame {
                tags,
                comments: comments
                    .into_iter()
                    .map(|(ply, text)| Comment { ply, text })
                    .collect(),
                nags: nags
                    .into_iter()
                    .map(|(ply, nag)| Nag { ply, nag })
                    .collect(),
                variations: variations
                    .into_iter()
                    .map(|(ply, text)| Variation {
                        ply,
                        text: text.to_string(),
                    })
                    .collect(),
                moves,
                result,
                ..PgnGame::default()
            },
        )
}

fn read_one(text: &str) -> PgnGame {
    let mut r = PgnReader::new(text.as_bytes());
    let g = r
        .next()
        .expect("one game")
        .unwrap_or_else(|e| panic!("{e}\n{text}"));
    assert!(r.next().is_none(), "exactly one game:\n{text}");
    g
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(300))]

    #[test]
    fn write_then_read_gives_the_export_form(g in game()) {
        let export = g.to_export();
        let text = game_to_string(&g).unwrap();
        prop_assert!(text.lines().all(|l| l.len() <= 79 || l.starts_with('[') || l.starts_with(';') || !l.contains(' ')));
        let back = read_one(&text);
        prop_assert_eq!(&back, &export);
        // Stable: the export form writes to the same text.
        prop_assert_eq!(game_to_string(&back).unwrap(), text);
        // Every tag survives, unknown ones included, with its value.
        for (name, _) in &g.tags {
            prop_assert!(back.tag(name).is_some(), "{name}");
        }
        prop_assert_eq!(back.moves, g.moves);
    }

    #[test]
    fn many_games_stream_back(games in prop::collection::vec(game(), 1..6)) {
        let text: String = games.iter().map(|g| game_to_string(g).unwrap()).collect();
        let back: Vec<PgnGame> = PgnReader::new(text.as_bytes()).map(Result::unwrap).collect();
        let export: Vec<PgnGame> = games.iter().map(PgnGame::to_export).collect();
        prop_assert_eq!(back, export);
    }

    #[test]
    fn arbitrary_bytes_never_panic(data in prop::collection::vec(any::<u8>(), 0..400)) {
        fuzz_read_write(&data);
    }

    #[test]
    fn mutated_pgn_never_panics(g in game(), cuts in prop::collection::vec((0usize..2000, any::<u8>()), 1..8)) {
        let mut bytes = game_to_string(&g).unwrap().into_bytes();
        for (at, b) in cuts {
            if !bytes.is_empty() {
                let i = at % bytes.len();
                bytes[i] = b;
            }
        }
        fuzz_read_write(&bytes);
    }
}
