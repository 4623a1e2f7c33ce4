"""``python -m rajapasu.bench``: the batch API's steps per second against the pure-Rust rate.

Both are random single-round games from the start under the same rules: the Rust rate is
``rajapasu bench``'s loop (one thread, no Python), the batch rate steps ``n`` games at once
with numpy choosing a random legal action for each.
"""

from __future__ import annotations

import argparse
import time

import numpy as np

from .batch import Batch, bench_playouts


def batch_rate(n: int, rules: str, seconds: float, seed: int = 0) -> float:
    """Moves per second of ``Batch(n)`` driven by a numpy random policy."""
    b = Batch(n, rules=rules)
    rng = np.random.default_rng(seed)
    _, mask = b.observe()
    moves = 0
    start = time.perf_counter()
    while time.perf_counter() - start < seconds:
        step = b.step(b.random_actions(rng, mask))
        mask = step.mask
        moves += n
    return moves / (time.perf_counter() - start)


def main() -> None:
    p = argparse.ArgumentParser(prog="python -m rajapasu.bench", description=__doc__)
    p.add_argument("--rules", default="canonical")
    p.add_argument("--seconds", type=float, default=3.0)
    p.add_argument("--games", type=int, nargs="+", default=[1000, 10000])
    args = p.parse_args()
    rules = f"{args.rules}{'/' if '/' not in args.rules else ','}mode=round"
    rust = bench_playouts(args.rules, args.seconds)["moves_per_second"]
    print(f"rust   moves/s {rust:12,.0f}")
    for n in args.games:
        rate = batch_rate(n, rules, args.seconds)
        print(f"batch  moves/s {rate:12,.0f}  n={n}  ({rate / rust:.0%} of rust)")


if __name__ == "__main__":
    main()
