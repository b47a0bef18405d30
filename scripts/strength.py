#!/usr/bin/env python3
"""Strength of our engine (`tegoma engine`) against outside engines, measured with `tegoma match`.

Not a test: a measurement, run by hand (it takes hours at 200 games per opponent).

Chess: Stockfish 15.1 (Debian `stockfish`) limited to UCI_Elo 2000, 2400 and 2800, Glaurung 2.2
(`glaurung`) and Ethereal 12 (`ethereal-chess`). Ōgi: Fairy-Stockfish (npm
`fairy-stockfish-nnue.wasm` 1.1.12 under node, `ogi.ini`, King's privilege off) at Skill Level 10
and at full strength. Every engine on one thread, games two at a time, our own seeded random
openings, each played twice with colours swapped.

For every opponent it prints our score, wins/draws/losses and the Elo difference with its 95%
interval (as `tegoma match` computes it, pentanomial), then our rating fitted by maximum
likelihood over the anchored opponents (the Stockfish levels, on the UCI_Elo scale, plus any
`--anchor NAME=ELO`), and the rating that result implies for each unanchored opponent. An
opponent asked for that is not installed (the Debian package is named) or whose match fails is
reported, the others are still played, and the script exits with 1.

Usage:
  scripts/strength.py --install              # npm package into target/tools/fsf (once)
  scripts/strength.py --games 200            # the real run (both games)
  scripts/strength.py --games 4 --stand-in   # a quick check with the random test engine
  scripts/strength.py --only chess --opponents sf2400,glaurung --games 20
  scripts/strength.py --report target/strength,target/strength-old   # saved results, one fit

Options: --engine CMD (default: target/release/tegoma engine), --chess-proto uci|sei (default uci),
--ogi-proto sei|uci (default sei), --tc 10+0.1, --concurrency 2, --seed 1, --plies 8 (opening
length), --balanced CP (only openings our engine scores within CP of equal; a count of 2026-11-27 found
110 of 200 unbalanced random 8-ply chess openings beyond 100 cp), --out DIR (records and JSON results, default target/strength), --ogi-ini PATH,
--fsf-overhead MS (Fairy-Stockfish's Move Overhead, default 50: the wasm build under node
answers late and could lose on time with its default 10 ms; its time manager takes the overhead
off its clock about 50 times over, so 300 ms at 10 s + 0.1 s left it 1 ms a move, depth 1: a
crippled opponent, as found on 2026-11-26), --sf-overhead MS (Stockfish's, default 100:
with its default 10 ms it lost games on time on a loaded machine, wins that measure the machine).
"""

import argparse
import json
import math
import os
import shutil
import subprocess
import sys

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
FSF_DIR = os.path.join(ROOT, "target", "tools", "fsf")
FSF_PACKAGE = "fairy-stockfish-nnue.wasm@1.1.12"


def which(name):
    for d in ("/usr/games", "/usr/bin", "/usr/local/bin"):
        p = os.path.join(d, name)
        if os.access(p, os.X_OK):
            return p
    return shutil.which(name)


# The outside chess engines' commands, which are also their Debian packages' names, by opponent.
DEBIAN = {"sf2000": "stockfish", "sf2400": "stockfish", "sf2800": "stockfish",
          "glaurung": "glaurung", "ethereal": "ethereal-chess"}


def opponents(ogi_ini, fsf_overhead, sf_overhead):
    sf = which(DEBIAN["sf2400"])
    fsf = "node {} --variants {}".format(os.path.join(ROOT, "scripts", "fsf-uci.mjs"), ogi_ini)
    sfo = ",option.Move Overhead={}".format(sf_overhead)
    return [
        # key, game, spec, anchor rating (None: unanchored)
        ("sf2000", "chess", "cmd={},name=sf2000,option.Threads=1,option.Hash=16,"
         "option.UCI_LimitStrength=true,option.UCI_Elo=2000".format(sf) + sfo, 2000),
        ("sf2400", "chess", "cmd={},name=sf2400,option.Threads=1,option.Hash=16,"
         "option.UCI_LimitStrength=true,option.UCI_Elo=2400".format(sf) + sfo, 2400),
        ("sf2800", "chess", "cmd={},name=sf2800,option.Threads=1,option.Hash=16,"
         "option.UCI_LimitStrength=true,option.UCI_Elo=2800".format(sf) + sfo, 2800),
        ("glaurung", "chess", "cmd={},name=glaurung,option.Threads=1,option.Hash=16".format(
            which(DEBIAN["glaurung"])), None),
        ("ethereal", "chess", "cmd={},name=ethereal,option.Threads=1,option.Hash=16".format(
            which(DEBIAN["ethereal"])), None),
        ("fsf-skill10", "ogi", "cmd={},name=fsf-skill10,option.Threads=1,option.Hash=16,"
         "option.Move Overhead={},option.Skill Level=10".format(fsf, fsf_overhead), None),
        ("fsf-full", "ogi", "cmd={},name=fsf-full,option.Threads=1,option.Hash=16,"
         "option.Move Overhead={}".format(fsf, fsf_overhead), None),
    ]


def install():
    os.makedirs(FSF_DIR, exist_ok=True)
    subprocess.run(["npm", "install", "--no-audit", "--no-fund", "--prefix", FSF_DIR, FSF_PACKAGE],
                   check=True)


def expected(d):
    return 1.0 / (1.0 + 10 ** (-d / 400.0))


def fit(results):
    """Our rating by maximum likelihood over anchored results [(rating, games, score)]: the
    rating R where sum n_i (s_i - E(R - r_i)) = 0, found by bisection; its standard error from
    the Fisher information sum n_i E (1 - E) (ln 10 / 400)^2 (draws counted as half wins, which
    overstates the error a little)."""
    if not results:
        return None
    lo, hi = -2000.0, 6000.0
    g = lambda r: sum(n * (s - expected(r - a)) for a, n, s in results)
    if g(lo) < 0 or g(hi) > 0:
        return None
    for _ in range(200):
        mid = (lo + hi) / 2
        if g(mid) > 0:
            lo = mid
        else:
            hi = mid
    r = (lo + hi) / 2
    k = math.log(10) / 400
    info = sum(n * expected(r - a) * (1 - expected(r - a)) * k * k for a, n, s in results)
    se = 1 / math.sqrt(info) if info > 0 else float("inf")
    return r, 1.959964 * se


def fmt(x):
    if isinstance(x, str):
        return x
    return "{:+.0f}".format(x)


def main():
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--install", action="store_true", help="install the npm package and exit")
    ap.add_argument("--engine", default=None, help="our engine's command")
    ap.add_argument("--stand-in", action="store_true",
                    help="use the random test engine instead of ours (checks the script)")
    ap.add_argument("--chess-proto", default="uci")
    ap.add_argument("--ogi-proto", default="sei")
    ap.add_argument("--games", type=int, default=200)
    ap.add_argument("--tc", default="10+0.1")
    ap.add_argument("--concurrency", type=int, default=2)
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--plies", type=int, default=8)
    ap.add_argument("--balanced", type=int, default=None,
                    help="keep random openings our engine scores within this many cp (tegoma match --balanced)")
    ap.add_argument("--only", choices=["chess", "ogi"])
    ap.add_argument("--opponents", help="comma-separated keys (sf2000,sf2400,sf2800,glaurung,"
                                        "ethereal,fsf-skill10,fsf-full)")
    ap.add_argument("--anchor", action="append", default=[], help="NAME=ELO, an extra anchor")
    ap.add_argument("--report", default=None,
                    help="DIR[,DIR...]: play nothing; print the results saved there and the fit "
                         "over all of them")
    ap.add_argument("--out", default=os.path.join(ROOT, "target", "strength"))
    ap.add_argument("--ogi-ini", default=os.environ.get("OGI_INI", "/work/shared/oracles/ogi.ini"))
    ap.add_argument("--tegoma", default=None, help="the tegoma binary (default: target/release)")
    ap.add_argument("--fsf-overhead", type=int, default=50,
                    help="Fairy-Stockfish's Move Overhead in ms: the wasm build under node answers "
                         "late (messages cross two threads and a pipe); its time manager subtracts "
                         "the overhead about 50 times from the clock, so at 10+0.1 a value above "
                         "about 250 leaves it 1 ms a move (300 did: depth 1 every move)")
    ap.add_argument("--sf-overhead", type=int, default=100,
                    help="Stockfish's Move Overhead in ms (its default 10 ms lost games on time "
                         "at 10+0.1 on this shared machine: a loss on time measures the machine)")
    a = ap.parse_args()

    if a.install:
        install()
        return 0
    tegoma = a.tegoma or os.path.join(ROOT, "target", "release", "tegoma")
    if not os.access(tegoma, os.X_OK):
        print("error: {} is missing: cargo build --release -p tegoma-cli".format(tegoma), file=sys.stderr)
        return 1
    if a.stand_in:
        ours = os.path.join(os.path.dirname(tegoma), "tegoma-arena-testengine")
        if not os.access(ours, os.X_OK):
            print("error: {} is missing: cargo build --release -p tegoma-arena".format(ours),
                  file=sys.stderr)
            return 1
    else:
        ours = a.engine or "{} engine".format(tegoma)
    anchors = {}
    for item in a.anchor:
        k, _, v = item.partition("=")
        anchors[k] = float(v)
    everyone = opponents(a.ogi_ini, a.fsf_overhead, a.sf_overhead)
    if a.report:
        rows, problem = saved(a.report.split(","), anchors, everyone)
        if problem:
            print("error: --report: {}".format(problem), file=sys.stderr)
            return 2
        report(rows)
        return 0
    os.makedirs(a.out, exist_ok=True)

    chosen = everyone
    if a.only:
        chosen = [o for o in chosen if o[1] == a.only]
    if a.opponents:
        keys = a.opponents.split(",")
        known = [o[0] for o in everyone]
        unknown = [k for k in keys if k not in known]
        if unknown:
            print("error: unknown opponent {} (known: {})".format(
                ", ".join(unknown), ", ".join(known)), file=sys.stderr)
            return 2
        chosen = [o for o in chosen if o[0] in keys]
    if not chosen:
        print("error: no opponent left to play (--only and --opponents exclude every one)",
              file=sys.stderr)
        return 2
    if any(o[1] == "ogi" for o in chosen):
        if not os.path.exists(os.path.join(FSF_DIR, "node_modules", "fairy-stockfish-nnue.wasm")):
            install()
        if not os.path.exists(a.ogi_ini):
            print("error: {} is missing (--ogi-ini)".format(a.ogi_ini), file=sys.stderr)
            return 1
    # Time controls mean nothing on a busy machine: engines starved of CPU lose on time.
    cores = os.cpu_count() or 1
    load = os.getloadavg()[0]
    if load > cores:
        print("warning: load average {:.1f} on {} cores: time losses and scores will reflect the "
              "machine, not the engines; run on a quiet machine".format(load, cores), file=sys.stderr)
    rows = []
    unmeasured = []
    for key, game, spec, anchor in chosen:
        if "cmd=None" in spec:
            unmeasured.append(key)
            print("skip {}: not installed (Debian: apt-get install {})".format(key, DEBIAN[key]),
                  file=sys.stderr)
            continue
        proto = a.chess_proto if game == "chess" else a.ogi_proto
        if a.stand_in and game == "ogi":
            proto = "sei"
        mine = "cmd={},proto={},name=tegoma".format(json.dumps(ours), proto)
        base = os.path.join(a.out, "{}-{}".format(game, key))
        cmd = [tegoma, "match", "--rules", game, "--engine", mine, "--engine", spec,
               "--games", str(a.games), "--tc", a.tc, "--concurrency", str(a.concurrency),
               "--random-openings", str(a.plies), "--seed", str(a.seed),
               *(["--balanced", str(a.balanced)] if a.balanced is not None else []),
               "--pcn", base + ".jsonl", "--json", "--event", "strength " + key]
        if game == "chess":
            cmd += ["--pgn", base + ".pgn"]
        print("== {} ({}, {} games, {})".format(key, game, a.games, a.tc), file=sys.stderr, flush=True)
        p = subprocess.run(cmd, stdout=subprocess.PIPE, text=True)
        out = p.stdout.strip().splitlines()
        if p.returncode != 0 or not out:
            print("error: the match against {} failed: {}".format(key, p.stdout.strip()), file=sys.stderr)
            unmeasured.append(key)
            continue
        r = json.loads(out[-1])
        r["load_average_after"] = os.getloadavg()[0]
        with open(base + ".json", "w") as f:
            json.dump(r, f, indent=1)
        rows.append((key, game, anchors.get(key, anchor), r))
    report(rows)
    if unmeasured:
        # A run that left out an opponent asked for is not a whole measurement.
        print("error: not measured: {}".format(", ".join(unmeasured)), file=sys.stderr)
        return 1
    return 0


def saved(dirs, anchors, everyone):
    """The results earlier runs saved (`GAME-KEY.json` in each of `dirs`, for the opponents of
    `everyone`), as `report` rows, and what went wrong (a folder that cannot be read, or no
    result at all), or None. Every file is one row, so the fit counts each run's games (two
    runs against one opponent are two rows)."""
    anchor_of = {"{}-{}.json".format(game, key): (key, game, anchor)
                 for key, game, _, anchor in everyone}
    rows = []
    for d in dirs:
        try:
            names = sorted(os.listdir(d))
        except OSError as e:
            return [], "{}: {}".format(d, e.strerror)
        for name in names:
            if name not in anchor_of:
                continue
            key, game, anchor = anchor_of[name]
            with open(os.path.join(d, name)) as f:
                rows.append((key, game, anchors.get(key, anchor), json.load(f)))
    if not rows:
        return [], "no saved result (GAME-KEY.json) in {}".format(", ".join(dirs))
    return rows, None


def report(rows):
    """Prints every result, then our rating fitted over the anchored ones, by game."""
    print("\n{:<12} {:<5} {:>6} {:>14} {:>7}  {}".format(
        "opponent", "game", "games", "W-D-L", "score", "Elo difference (95%)"))
    for key, game, anchor, r in rows:
        e = r.get("elo") or {}
        print("{:<12} {:<5} {:>6} {:>14} {:>6.1f}%  {} [{}, {}]  failures (ours, theirs) {}".format(
            key, game, r["games"], "{}-{}-{}".format(r["wins"], r["draws"], r["losses"]),
            100 * r["score"], fmt(e.get("elo", "?")), fmt(e.get("elo_low", "?")),
            fmt(e.get("elo_high", "?")), r["failures_by_engine"]))
        if r["time_losses"]:
            print("{:<12} {} time losses (see the records' outcome details)".format("", r["time_losses"]))
    for game in ("chess", "ogi"):
        anchored = [(anchor, r["games"], r["score"]) for key, g, anchor, r in rows
                    if g == game and anchor is not None]
        f = fit(anchored)
        if f is None:
            if anchored:
                print("\n{}: no finite rating fits (a 0% or 100% score)".format(game))
            continue
        rating, margin = f
        print("\n{}: our rating fitted over {} anchored opponents: {:.0f} ± {:.0f} (95%)".format(
            game, len(anchored), rating, margin))
        for key, g, anchor, r in rows:
            e = r.get("elo") or {}
            if g == game and anchor is None and isinstance(e.get("elo"), (int, float)):
                print("  implied rating of {}: {:.0f}".format(key, rating - e["elo"]))


if __name__ == "__main__":
    sys.exit(main())
