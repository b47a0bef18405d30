//! With one thread, the same input gives the same result: same move, same node count.

use tegoma_engine::{Engine, Limits, SearchRequest, Start};
use tegoma_game::Rules;

#[test]
fn same_input_same_result() {
    for (game, moves) in [
        ("chess", vec!["e2-e4", "c7-c5"]),
        ("ogi", vec!["e3-e4"]),
        ("kogoma", vec![]),
    ] {
        let request = SearchRequest::new(
            Start::Initial,
            moves.iter().map(|m| m.to_string()).collect(),
            Limits::depth(5),
        );
        let run = || {
            let mut e = Engine::new(Rules::by_name(game).unwrap());
            let r = e.search(&request, &mut |_| {}).unwrap();
            (r.best, r.info.nodes, r.info.pv)
        };
        assert_eq!(run(), run(), "{game}");
        // Node limits too.
        let mut limited = request.clone();
        limited.limits = Limits::nodes(3_000);
        let run = || {
            let mut e = Engine::new(Rules::by_name(game).unwrap());
            let r = e.search(&limited, &mut |_| {}).unwrap();
            (r.best, r.info.nodes)
        };
        assert_eq!(run(), run(), "{game} (nodes)");
    }
}
