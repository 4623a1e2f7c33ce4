"""Times the answer to `GET /api/mandiri/games/{id}` in a long match.

Plays a Mandiri match on one device through the API (random legal moves, seeded, opening
each round) until it has PLIES moves, then asks for the game's state REPEATS times and prints
the median and 90th percentile. Start the server first, without the move rate limit:

    rajapasu serve --addr 127.0.0.1:8761 --db :memory: --moves-per-second 0 &
    python3 scripts/bench-mandiri-state.py 8761 3000 300

See docs/SERVER.md, "Figures"."""
import json, random, sys, time, urllib.request
port, plies, reps = int(sys.argv[1]), int(sys.argv[2]), int(sys.argv[3])
base = f"http://127.0.0.1:{port}/api/mandiri/games"
def call(method, url, body=None):
    data = json.dumps(body).encode() if body is not None else None
    req = urllib.request.Request(url, data=data, method=method, headers={"Content-Type": "application/json"})
    with urllib.request.urlopen(req) as r:
        return json.loads(r.read())
rng = random.Random(5)
g = call("POST", base, {"kind": "local"})
gid, tok, game = g["id"], g["token"], g["game"]
while game["ply"] < plies and not game["over"]:
    if game["between_rounds"]:
        game = call("POST", f"{base}/{gid}/next-round", {"token": tok})["game"]
    mv = rng.choice(game["view"]["legal"])
    game = call("POST", f"{base}/{gid}/moves", {"token": tok, "move": mv})["game"]
times = []
for _ in range(reps):
    t = time.perf_counter()
    call("GET", f"{base}/{gid}")
    times.append((time.perf_counter() - t) * 1000)
times.sort()
print(f"ply {game['ply']} rounds {len(game['round_starts'])} median {times[len(times)//2]:.3f} ms p90 {times[int(len(times)*0.9)]:.3f} ms")
