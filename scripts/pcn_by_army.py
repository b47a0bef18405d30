#!/usr/bin/env python3
"""Scores by army of a match of two-army games, from its PCN records (`tegoma match --pcn`).

In Chess against Ōgi (ruling R13) the start's style field says which player leads which army
(`C/o`: the first player leads the Chess army; `O/c`: the Ōgi army), and `tegoma match` reports
scores by engine. This script reads the PCN file (one JSON record a line, in game order) and
prints, for each army (the style letter of each player, from the setup FEEN's third field:
uppercase the first player's):

- its wins, draws and losses over all games, and its score;
- the 95% interval of that score computed as `tegoma match` computes an engine's
  (docs/match-runner.md): observations are the game pairs (games 1-2, 3-4, ...: one opening,
  colours swapped, so each army is led once by each engine) when every game has its partner,
  else single games; variance the larger of the plain one and the one with one
  pseudo-observation of every outcome added; Student's t with n - 1 degrees of freedom
  (Abramowitz & Stegun 26.7.5); the interval also as Elo;
- each engine's score with each army.

Usage: scripts/pcn_by_army.py FILE.pcn [FILE.pcn ...]   (standard library only)
"""

import json
import math
import sys
from collections import defaultdict

Z95 = 1.959963984540054


def student_t_975(df):
    """The 97.5% quantile of Student's t with `df` degrees of freedom (as crates/arena)."""
    if df == 0:
        return math.inf
    if df == 1:
        return math.tan(math.pi * 0.475)
    if df == 2:
        return 0.95 / math.sqrt(2 * 0.975 * 0.025)
    z, v = Z95, float(df)
    z2 = z * z
    g1 = (z2 + 1) * z / 4
    g2 = ((5 * z2 + 16) * z2 + 3) * z / 96
    g3 = (((3 * z2 + 19) * z2 + 17) * z2 - 15) * z / 384
    g4 = ((((79 * z2 + 776) * z2 + 1482) * z2 - 1920) * z2 - 945) * z / 92160
    return z + g1 / v + g2 / v**2 + g3 / v**3 + g4 / v**4


def elo(s):
    if s <= 0:
        return -math.inf
    if s >= 1:
        return math.inf
    return -400 * math.log10(1 / s - 1)


def interval(observations, outcomes):
    """Score, its 95% interval (low, high) over observations valued in `outcomes`."""
    n = len(observations)
    s = sum(observations) / n
    plain = sum((x - s) ** 2 for x in observations) / n
    k = len(outcomes)
    counts = {x: 0 for x in outcomes}
    for x in observations:
        counts[x] += 1
    m = sum((counts[x] + 1) * x for x in outcomes) / (n + k)
    laplace = sum((counts[x] + 1) * (x - m) ** 2 for x in outcomes) / (n + k)
    sigma = math.sqrt(max(plain, laplace))
    half = student_t_975(n - 1) * sigma / math.sqrt(n)
    return s, s - half, s + half


def army_of(feen, side):
    """The army letter (upper case) of `side` (0 first, 1 second) in a FEEN."""
    styles = feen.split(" ")[2]
    first = [c for c in styles if c.isalpha() and c.isupper()]
    second = [c for c in styles if c.isalpha() and c.islower()]
    return (first if side == 0 else second)[0].upper()


def main(paths):
    games = []
    for path in paths:
        with open(path, encoding="utf-8") as f:
            for line in f:
                if line.strip():
                    games.append(json.loads(line))
    # Per game: {army: points}, and the engines' names by army.
    rows = []
    for g in games:
        feen = g["setup"]["feen"]
        result = (g.get("outcome") or {}).get("result")
        points = {"first": (1.0, 0.0), "second": (0.0, 1.0)}.get(result, (0.5, 0.5))
        names = (g["sides"]["first"]["name"], g["sides"]["second"]["name"])
        rows.append({army_of(feen, i): (points[i], names[i]) for i in (0, 1)})
    armies = sorted(rows[0])
    paired = len(rows) % 2 == 0
    print(f"{len(rows)} games, {len(rows) // 2 if paired else len(rows)} observations "
          f"({'pairs' if paired else 'games'})")
    for army in armies:
        pts = [r[army][0] for r in rows]
        w, d, l = pts.count(1.0), pts.count(0.5), pts.count(0.0)
        if paired:
            obs = [(pts[i] + pts[i + 1]) / 2 for i in range(0, len(pts), 2)]
            outcomes = [0, 0.25, 0.5, 0.75, 1]
        else:
            obs, outcomes = pts, [0, 0.5, 1]
        s, lo, hi = interval(obs, outcomes)
        print(f"army {army}: {w}W {d}D {l}L  {100 * s:.1f}%  "
              f"95% [{100 * max(lo, 0):.1f}%, {100 * min(hi, 1):.1f}%]  "
              f"Elo {elo(s):+.1f} [{elo(lo):+.1f}, {elo(hi):+.1f}]")
        by_engine = defaultdict(list)
        for r in rows:
            by_engine[r[army][1]].append(r[army][0])
        for name, p in sorted(by_engine.items()):
            print(f"  {name} with army {army}: {p.count(1.0)}W {p.count(0.5)}D "
                  f"{p.count(0.0)}L  {100 * sum(p) / len(p):.1f}% of {len(p)}")


if __name__ == "__main__":
    if len(sys.argv) < 2:
        sys.exit(__doc__)
    main(sys.argv[1:])
