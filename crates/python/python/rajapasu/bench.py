"""``python -m rajapasu.bench``: the batch API's steps per second against the pure-Rust rate.

Both are random single-round games from the start under the same rules: the Rust rate is
``rajapasu bench``'s loop (one thread, no Python), the batch rate steps ``n`` games at once
with numpy choosing a random legal action for each (``Batch.random_actions``). Both rates are
per second of processor time (``time.process_time``), which a loaded machine disturbs far less
than the wall clock; the runs alternate, and the medians are printed.
"""

from __future__ import annotations

import argparse
import time
from statistics import median

import numpy as np

from .batch import Batch, bench_playouts


def batch_rate(n: int, rules: str, seconds: float, seed: int = 0) -> float:
    """Moves per processor-second of ``Batch(n)`` driven by a numpy random policy."""
    b = Batch(n, rules=rules)
    rng = np.random.default_rng(seed)
    _, mask = b.observe()
    moves = 0
    start = time.process_time()
    while time.process_time() - start < seconds:
        step = b.step(b.random_actions(rng, mask))
        mask = step.mask
        moves += n
    return moves / (time.process_time() - start)


def rust_rate(rules: str, seconds: float) -> float:
    """Moves per processor-second of ``rajapasu bench``'s loop."""
    start = time.process_time()
    moves = bench_playouts(rules, seconds)["moves"]
    return moves / (time.process_time() - start)


def main() -> None:
    p = argparse.ArgumentParser(prog="python -m rajapasu.bench", description=__doc__)
    p.add_argument("--rules", default="canonical")
    p.add_argument("--seconds", type=float, default=3.0)
    p.add_argument("--games", type=int, nargs="+", default=[1000, 10000])
    p.add_argument("--rounds", type=int, default=1, help="alternate this many times; medians")
    args = p.parse_args()
    rules = f"{args.rules}{'/' if '/' not in args.rules else ','}mode=round"
    rust: list[float] = []
    batch: dict[int, list[float]] = {n: [] for n in args.games}
    for _ in range(args.rounds):
        rust.append(rust_rate(args.rules, args.seconds))
        for n in args.games:
            batch[n].append(batch_rate(n, rules, args.seconds))
    r = median(rust)
    print(f"rust   moves/cpu-s {r:12,.0f}")
    for n in args.games:
        rate = median(batch[n])
        ratios = ", ".join(f"{b / a:.0%}" for a, b in zip(rust, batch[n]))
        print(f"batch  moves/cpu-s {rate:12,.0f}  n={n}  ({rate / r:.0%} of rust; rounds: {ratios})")


if __name__ == "__main__":
    main()
