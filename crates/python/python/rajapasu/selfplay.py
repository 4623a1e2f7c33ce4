"""Self-play with the games and statistics of ``rajapasu selfplay``, written as JSON lines or
Parquet.

>>> from rajapasu.selfplay import play
>>> games = play(games=4, player="random", rules="canonical/mode=round")
>>> len(games), sorted(games[0])[:3]
(4, ['captures', 'forfeit', 'game'])
"""

from __future__ import annotations

import json
import os
from typing import Any, Iterable, Optional

from ._rajapasu import selfplay_games, summarize, tournament_games, tournament_size, tournament_table

__all__ = [
    "play", "summarize", "write", "selfplay_games",
    "tournament_games", "tournament_size", "tournament_table",
]


def play(
    games: int,
    player: str = "level:2",
    south: Optional[str] = None,
    north: Optional[str] = None,
    rules: Any = None,
    seed: int = 1,
    first: int = 0,
    opening_plies: int = 2,
    threads: int = 0,
) -> list[dict[str, Any]]:
    """Games ``first`` to ``first + games - 1`` of the run ``seed``: the same games as
    ``rajapasu selfplay --games N --seed S`` plays (``threads=0``: every core)."""
    return selfplay_games(
        rules, south or player, north or player, seed, first, games, opening_plies, threads
    )


def write(games: Iterable[dict[str, Any]], path: str) -> str:
    """Writes game results to ``path``: Parquet if it ends in ``.parquet`` (needs pyarrow),
    else JSON lines. Returns the path."""
    games = list(games)
    os.makedirs(os.path.dirname(os.path.abspath(path)), exist_ok=True)
    if path.endswith(".parquet"):
        import pyarrow as pa
        import pyarrow.parquet as pq

        rows = [{**g, "captures": json.dumps(g["captures"]), "forfeit": json.dumps(g["forfeit"])} for g in games]
        pq.write_table(pa.Table.from_pylist(rows), path)
    else:
        with open(path, "w", encoding="utf-8") as f:
            for g in games:
                f.write(json.dumps(g) + "\n")
    return path
