"""The Dask example (examples/dask_replay.py) on a local cluster of two worker processes.

The shards are seeded random games written by tegoma; the expected totals are what the games'
boards said when they were played (results and ending statuses), not what the replay says, plus a
shard with an illegal move and one whose comment is Latin-1 (not UTF-8).
"""

import importlib.util
import os
import random
import sys
from collections import Counter

import tegoma
from dask.distributed import Client, LocalCluster  # scripts/test-python.sh installs dask

EXAMPLE = os.path.join(os.path.dirname(__file__), "..", "examples", "dask_replay.py")


def load_example():
    spec = importlib.util.spec_from_file_location("dask_replay", EXAMPLE)
    module = importlib.util.module_from_spec(spec)
    sys.modules["dask_replay"] = module
    spec.loader.exec_module(module)
    return module


def write_shards(folder, shards=4, games=25, seed=15):
    rng = random.Random(seed)
    results, statuses, plies = Counter(), Counter(), 0
    for s in range(shards):
        with open(os.path.join(folder, "shard-%02d.pgn" % s), "w", encoding="utf-8") as f:
            for _ in range(games):
                b = tegoma.Board("chess")
                while not b.is_game_over() and b.ply() < 120:
                    moves = b.legal_moves
                    b.push(moves[rng.randrange(len(moves))])
                results[b.result()] += 1
                outcome = b.outcome()
                statuses.update(outcome.statuses if outcome else [])
                plies += b.ply()
                f.write(b.to_pgn())
    # An illegal second move, and a comment in Latin-1 (read as Windows-1252, R10).
    with open(os.path.join(folder, "shard-bad.pgn"), "wb") as f:
        f.write(b'[White "A"]\n\n1. e4 e4 *\n\n[White "B"]\n\n{caf\xe9} 1. d4 d5 *\n')
    results["*"] += 2
    plies += 1 + 2
    return {
        "games": shards * games + 2,
        "results": dict(sorted(results.items())),
        "statuses": dict(sorted(statuses.items())),
        "plies": plies,
    }


def test_dask_replay_on_a_local_cluster(tmp_path):
    example = load_example()
    expected = write_shards(str(tmp_path))
    with LocalCluster(
        n_workers=2, threads_per_worker=1, processes=True, dashboard_address=None
    ) as cluster, Client(cluster) as client:
        # The workers import the example's module by name: ship it to them (as a program
        # importing dask_replay would on any cluster).
        client.upload_file(EXAMPLE)
        summary = example.replay_folder(str(tmp_path), client)
    assert summary["shards"] == 5
    assert summary["games"] == expected["games"]
    assert summary["plies"] == expected["plies"]
    assert summary["results"] == expected["results"]
    assert summary["statuses"] == expected["statuses"]
    assert summary["ok"] == expected["games"] - 1
    [(shard, index, reason)] = summary["problems"]
    assert (shard, index) == ("shard-bad.pgn", 0)
    assert "e4" in reason


def test_merge_is_order_free():
    example = load_example()
    a = {"shards": 1, "games": 2, "plies": 10, "ok": 2, "results": {"1-0": 2},
         "statuses": {"checkmate": 2}, "problems": []}
    b = {"shards": 1, "games": 1, "plies": 3, "ok": 0, "results": {"*": 1},
         "statuses": {}, "problems": [["x.pgn", 0, "bad"]]}
    assert example.merge([a, b]) == example.merge([b, a])
    assert example.merge([a, b])["results"] == {"*": 1, "1-0": 2}
