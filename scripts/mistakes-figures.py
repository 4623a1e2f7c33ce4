#!/usr/bin/env python3
"""Times "learn from your mistakes" on a typical game against the computer.

Plays one game against the computer at LEVEL on a running server (the player's side, South,
plays a seeded random legal move each turn: a beginner's game), then asks for South's mistakes
RUNS times and prints each request's time, the mistakes listed, how many of them have every
value exact and how many replay as puzzles, where the positions' values came from (book,
table, solver) and the median time. Used for the figures of docs/PUZZLES.md:

    rajapasu serve --addr 127.0.0.1:8088 --db :memory: --mistakes-per-minute 0 &
    scripts/mistakes-figures.py http://127.0.0.1:8088 --level 3 --seed 1 --runs 5
    scripts/mistakes-figures.py http://127.0.0.1:8088 --game body.json --runs 5
"""

import argparse
import json
import random
import statistics
import time
import urllib.request


def call(base, method, path, body=None):
    data = None if body is None else json.dumps(body).encode()
    req = urllib.request.Request(base + path, data=data, method=method,
                                 headers={"Content-Type": "application/json"})
    with urllib.request.urlopen(req, timeout=600) as r:
        return json.loads(r.read())


def play(base, level, seed, mode):
    rng = random.Random(seed)
    created = call(base, "POST", "/api/games",
                   {"kind": "computer", "level": level, "side": "south", "mode": mode})
    gid, token, game = created["id"], created["token"], created["game"]
    while game["view"]["status"] == "playing":
        view = game["view"]
        if game["between_rounds"]:
            # The next round of a match opens when the player asks.
            game = call(base, "POST", f"/api/games/{gid}/next-round",
                        {"token": token, "ply": game["ply"]})["game"]
        elif view["to_move"] == "south" and view["legal_moves"]:
            move = rng.choice(view["legal_moves"])
            game = call(base, "POST", f"/api/games/{gid}/moves",
                        {"move": move, "ply": game["ply"], "token": token})["game"]
        else:
            time.sleep(0.05)
            game = call(base, "GET", f"/api/games/{gid}")
    return call(base, "GET", f"/api/games/{gid}/record?format=json")


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("base")
    ap.add_argument("--level", type=int, default=3)
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--runs", type=int, default=5)
    ap.add_argument("--mode", default="match")
    ap.add_argument("--game", metavar="FILE",
                    help="the request's body, as a run printed it last: the same game again")
    a = ap.parse_args()
    if a.game:
        with open(a.game) as f:
            body = json.load(f)
    else:
        record = play(a.base, a.level, a.seed, a.mode)
        body = {"rules": record["rules"], "moves": [int(m) for m in record["moves"]],
                "side": "south"}
        if record.get("position"):
            body["start"] = record["position"]
    print(f"game: {len(body['moves'])} moves, rules {body['rules']}")
    times = []
    for _ in range(a.runs):
        t = time.monotonic()
        found = call(a.base, "POST", "/api/puzzles/mistakes", body)
        times.append(time.monotonic() - t)
        listed = found["mistakes"]
        exact = sum(1 for m in listed if m.get("exact"))
        # A server that does not say which replay offers those whose values are all exact.
        replay = sum(1 for m in listed if m.get("replayable", m.get("exact")))
        extra = {k: v for k, v in found.items() if k != "mistakes"}
        print(f"{times[-1]:.2f} s: {len(listed)} mistakes, {exact} with every value exact, "
              f"{replay} replayable {json.dumps(extra)}")
    print(f"median {statistics.median(times):.2f} s over {a.runs} runs")
    print(json.dumps(body))


if __name__ == "__main__":
    main()
