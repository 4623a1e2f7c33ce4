#!/usr/bin/env python3
"""Compares the Swiss pairings of crates/pairing with another implementation of the FIDE Dutch
rules, caissify-pairings (on PyPI; it reports A.7 conformance against bbpPairings), round by
round on the same histories, and prints how often the two agree.

    pip install caissify-pairings
    cargo run --release -q -p rajapasu-pairing --example swiss_events -- 10 5 50 \\
        | python3 scripts/swiss-crosscheck.py

Each line of input is a round of crates/pairing/examples/swiss_events.rs: the rounds played
so far and the pairing made. The other implementation is given the same players (seeded by
number), scores (a bye is worth a win), leads, floats and byes, and pairs the same round.
"""

import json
import sys
import warnings

from caissify_pairings import generate_pairings


def their_pairing(d):
    n = d["players"]
    score = [0.0] * n
    colours = [[] for _ in range(n)]
    floats = [[] for _ in range(n)]
    byes = [0] * n
    met = set()
    for r in d["history"]:
        before = score[:]
        seen = set()
        for a, b, result in r["games"]:
            score[a] += result
            score[b] += 1 - result
            colours[a].append("white")
            colours[b].append("black")
            met.add((a + 1, b + 1))
            fa = "down" if before[a] > before[b] else "up" if before[a] < before[b] else "none"
            floats[a].append(fa)
            floats[b].append({"down": "up", "up": "down", "none": "none"}[fa])
            seen |= {a, b}
        for p in r["byes"]:
            score[p] += 1.0
            colours[p].append("none")
            floats[p].append("down")
            byes[p] += 1
            seen.add(p)
        for p in set(range(n)) - seen:
            colours[p].append("none")
            floats[p].append("none")
    players = [
        {
            "id": i + 1,
            "name": str(i + 1),
            "score": score[i],
            "rating": 3000 - i,
            "starting_number": i + 1,
            "color_hist": colours[i],
            "float_history": floats[i],
            "bye_count": byes[i],
        }
        for i in range(n)
    ]
    out = generate_pairings(
        system="dutch",
        players=players,
        previous_pairings=met,
        round_number=d["round"] + 1,
        total_rounds=d["rounds"],
    )
    games = sorted(
        (p["white_id"] - 1, p["black_id"] - 1)
        for p in out
        if not p.get("bye") and p.get("black_id") is not None
    )
    bye = sorted(p["white_id"] - 1 for p in out if p.get("bye") or p.get("black_id") is None)
    return games, bye


def main():
    warnings.simplefilter("ignore")
    rounds = same_pairs = same_leads = 0
    shown = 0
    for line in sys.stdin:
        d = json.loads(line)
        games, bye = their_pairing(d)
        ours = sorted(tuple(g) for g in d["pairing"])
        unordered = lambda gs: sorted(tuple(sorted(g)) for g in gs)
        pairs_agree = unordered(games) == unordered(ours) and bye == sorted(d["byes"])
        rounds += 1
        same_pairs += pairs_agree
        same_leads += pairs_agree and games == ours
        if not pairs_agree and shown < 3:
            shown += 1
            print(f"event {d['event']} round {d['round'] + 1}: ours {ours} bye {d['byes']}, "
                  f"theirs {games} bye {bye}")
    print(f"{rounds} rounds: the same pairs in {same_pairs} ({100 * same_pairs / max(rounds, 1):.0f}%), "
          f"the same pairs and leads in {same_leads} ({100 * same_leads / max(rounds, 1):.0f}%)")


if __name__ == "__main__":
    main()
