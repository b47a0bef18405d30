#!/usr/bin/env python3
"""Replay a folder of PGN shards with Dask and aggregate the games' statuses and results.

Each shard (a `.pgn` file holding many games) is one task: a worker reads and replays every game
with `tegoma.replay_pgn` (Rust, without the GIL) and returns a small summary; the summaries are
merged into one. The same code runs on a laptop and on a cluster:

    # a local cluster of 2 worker processes
    python3 dask_replay.py games/

    # a cluster started elsewhere (`dask scheduler`, then `dask worker tcp://host:8786` on each
    # machine, every worker with `pip install tegoma dask[distributed]` and the shards on a
    # path all workers see: a shared file system or the same copy on each machine)
    python3 dask_replay.py /shared/games/ --scheduler tcp://host:8786

From a program of your own, `import dask_replay` and call `replay_folder(folder, client)` after
`client.upload_file("dask_replay.py")`, so that the workers can import the module too.

Output (JSON): the number of shards, games, plies, games that replayed cleanly, the results
(`1-0`, `0-1`, `1/2-1/2`, `*`), the CGSN statuses of the endings (`checkmate`, `repetition`,
...), and the games that could not be read or replayed (shard, index, reason).

Needs `pip install tegoma "dask[distributed]"`.
"""

from __future__ import annotations

import argparse
import glob
import json
import os
import sys
from collections import Counter
from typing import Any, Dict, Iterable, List, Optional

Summary = Dict[str, Any]


def replay_shard(path: str) -> Summary:
    """Reads and replays every game of one PGN file (runs on a worker)."""
    import tegoma  # imported on the worker

    results: Counter = Counter()
    statuses: Counter = Counter()
    problems: List[List[Any]] = []
    plies = ok = 0
    reports = tegoma.replay_pgn(path)
    for r in reports:
        plies += r.plies
        results[r.result] += 1
        statuses.update(r.statuses)
        if r.ok:
            ok += 1
        else:
            reason = r.error or "ply %d (%s): %s" % r.bad_ply
            problems.append([os.path.basename(path), r.index, reason])
    return {
        "shards": 1,
        "games": len(reports),
        "plies": plies,
        "ok": ok,
        "results": dict(results),
        "statuses": dict(statuses),
        "problems": problems,
    }


def merge(summaries: Iterable[Summary]) -> Summary:
    """Adds shard summaries up (in any order: the counts do not depend on it)."""
    total: Summary = {
        "shards": 0, "games": 0, "plies": 0, "ok": 0, "results": {}, "statuses": {}, "problems": []
    }
    results: Counter = Counter()
    statuses: Counter = Counter()
    for s in summaries:
        for key in ("shards", "games", "plies", "ok"):
            total[key] += s[key]
        results.update(s["results"])
        statuses.update(s["statuses"])
        total["problems"].extend(s["problems"])
    total["results"] = dict(sorted(results.items()))
    total["statuses"] = dict(sorted(statuses.items()))
    total["problems"].sort()
    return total


def replay_folder(folder: str, client: Any) -> Summary:
    """Replays every `*.pgn` file of `folder` on the Dask cluster of `client`."""
    paths = sorted(glob.glob(os.path.join(os.path.abspath(folder), "*.pgn")))
    futures = client.map(replay_shard, paths, pure=False)
    return merge(client.gather(futures))


def main(argv: Optional[List[str]] = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("folder", help="a folder of .pgn shards")
    ap.add_argument("--scheduler", help="address of a running Dask scheduler (default: a local cluster)")
    ap.add_argument("--workers", type=int, default=2, help="worker processes of the local cluster")
    args = ap.parse_args(argv)

    from dask.distributed import Client, LocalCluster

    if args.scheduler:
        with Client(args.scheduler) as client:
            summary = replay_folder(args.folder, client)
    else:
        with LocalCluster(
            n_workers=args.workers, threads_per_worker=1, dashboard_address=None
        ) as cluster, Client(cluster) as client:
            summary = replay_folder(args.folder, client)
    json.dump(summary, sys.stdout, indent=2)
    print()
    return 0


if __name__ == "__main__":
    sys.exit(main())
