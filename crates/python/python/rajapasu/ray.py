"""``python -m rajapasu.ray selfplay`` and ``tournament``: self-play and tournaments sharded
over a Ray cluster.

Each Ray task plays one range of game indices with the engine's seeding, so the games, and the
statistics, are those of ``rajapasu selfplay`` with the same seed whatever the number of
workers or shards. With ``--address`` it joins a running cluster (``ray up`` on a cloud, or a
KubeRay ``RayCluster``; the package must be installed on its nodes); without it, it starts a
local one with ``--num-cpus`` CPUs.

    python -m rajapasu.ray selfplay --games 200 --player level:3 --out runs/level3
"""

from __future__ import annotations

import argparse
import json
import os
from typing import Any, Optional

import ray

from . import selfplay


@ray.remote(num_cpus=1)
def _shard(play, first, count):
    # One thread a task: Ray schedules the CPUs.
    return play(first, count, threads=1)


def _sharded(games: int, shards: Optional[int], play) -> list[dict[str, Any]]:
    """Games ``0`` to ``games - 1``, each range played by ``play(first, count, threads)`` in a
    task of its own, over ``shards`` tasks (default: the cluster's CPUs); in index order."""
    shards = shards or max(1, int(ray.cluster_resources().get("CPU", 1)))
    size = -(-games // shards)
    futures = [
        _shard.remote(play, first, min(size, games - first)) for first in range(0, games, size)
    ]
    played = [g for part in ray.get(futures) for g in part]
    played.sort(key=lambda g: g["game"])
    return played


def run_selfplay(
    games: int,
    player: str = "level:2",
    south: Optional[str] = None,
    north: Optional[str] = None,
    rules: str = "canonical",
    seed: int = 1,
    opening_plies: int = 2,
    shards: Optional[int] = None,
) -> tuple[list[dict[str, Any]], dict[str, Any]]:
    """Plays ``games`` games over the connected Ray cluster; returns the games (in index
    order) and the statistics of ``rajapasu selfplay``."""
    south, north = south or player, north or player

    def play(first, count, threads):
        return selfplay.play(count, south=south, north=north, rules=rules, seed=seed,
                             first=first, opening_plies=opening_plies, threads=threads)

    played = _sharded(games, shards, play)
    return played, selfplay.summarize(rules, played)


def run_tournament(
    players: list[str],
    rules: str = "canonical",
    openings: int = 10,
    opening_plies: int = 2,
    seed: int = 1,
    ladder: bool = False,
    shards: Optional[int] = None,
) -> tuple[list[dict[str, Any]], dict[str, Any]]:
    """Plays the tournament of ``rajapasu tournament`` over the connected Ray cluster;
    returns its games (in order) and the command's ``--json`` output."""
    games = selfplay.tournament_size(players, rules, openings, opening_plies, seed, ladder)

    def play(first, count, threads):
        return selfplay.tournament_games(players, rules, openings, opening_plies, seed, ladder,
                                         first, count, threads)

    played = _sharded(games, shards, play)
    table = selfplay.tournament_table(players, played, rules, openings, opening_plies, seed,
                                      ladder)
    return played, table


def main(argv: Optional[list[str]] = None) -> None:
    p = argparse.ArgumentParser(prog="python -m rajapasu.ray", description=__doc__,
                                formatter_class=argparse.RawDescriptionHelpFormatter)
    sub = p.add_subparsers(dest="command", required=True)
    sp = sub.add_parser("selfplay", help="self-play statistics, as rajapasu selfplay")
    sp.add_argument("--games", type=int, default=100)
    sp.add_argument("--player", default="level:2")
    sp.add_argument("--south")
    sp.add_argument("--north")
    sp.add_argument("--rules", default="canonical")
    sp.add_argument("--single-round", action="store_true")
    sp.add_argument("--seed", type=int, default=1)
    sp.add_argument("--opening-plies", type=int, default=2)
    tp = sub.add_parser("tournament", help="a tournament, as rajapasu tournament")
    tp.add_argument("--player", "-P", action="append", required=True, dest="players")
    tp.add_argument("--openings", type=int, default=10)
    tp.add_argument("--opening-plies", type=int, default=2)
    tp.add_argument("--ladder", action="store_true")
    tp.add_argument("--rules", default="canonical")
    tp.add_argument("--single-round", action="store_true")
    tp.add_argument("--seed", type=int, default=1)
    for q in (sp, tp):
        q.add_argument("--shards", type=int, help="tasks (default: the cluster's CPUs)")
        q.add_argument("--address", help="a running cluster (default: start a local one)")
        q.add_argument("--num-cpus", type=int, help="CPUs of the local cluster")
        q.add_argument("--format", choices=["jsonl", "parquet"], default="jsonl")
        q.add_argument("--out", required=True, help="folder for games.* and summary.json")
    a = p.parse_args(argv)
    rules = a.rules
    if a.single_round:
        rules += ("," if "/" in rules else "/") + "mode=round"
    if a.address:
        ray.init(address=a.address)
    else:
        ray.init(num_cpus=a.num_cpus, include_dashboard=False)
    try:
        if a.command == "tournament":
            played, out = run_tournament(a.players, rules, a.openings, a.opening_plies,
                                         a.seed, a.ladder, a.shards)
        else:
            played, summary = run_selfplay(a.games, a.player, a.south, a.north, rules,
                                           a.seed, a.opening_plies, a.shards)
            out = {"south": a.south or a.player, "north": a.north or a.player,
                   "opening_plies": a.opening_plies, "seed": a.seed, "results": [summary]}
    finally:
        ray.shutdown()
    os.makedirs(a.out, exist_ok=True)
    selfplay.write(played, os.path.join(a.out, f"games.{a.format}"))
    with open(os.path.join(a.out, "summary.json"), "w", encoding="utf-8") as f:
        json.dump(out, f, indent=1)
    print(json.dumps(out))


if __name__ == "__main__":
    main()
