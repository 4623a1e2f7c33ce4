"""Many games stepped at once, for learning: numpy actions in, numpy observations, action masks
and results out, with no Python loop per game.

Shapes, for a batch of ``n`` games on a board of ``h`` holes a row:

- ``obs``: ``int16 (n, 2h + 4)``, seen by the player to move: their row, the opponent's row
  (each from its owner's left; a closed hole is -1), then their captures, the opponent's
  captures, their reserve, the opponent's reserve;
- ``mask``: ``bool (n, h)``, ``mask[k, a]`` when hole ``a + 1`` is legal in game ``k``;
- ``to_move``: ``int8 (n,)``, 0 for South, 1 for North;
- ``done``: ``bool (n,)``, the game ended with this step (and, with ``auto_reset``, was set
  back to the start: ``obs`` and ``mask`` are then the new game's);
- ``winner``: ``int8 (n,)``, +1 South, -1 North, 0 a draw or no end;
- ``lead``: ``int16 (n,)``, South's captures minus North's in the game's last round, where it
  ended;
- ``reward``: ``float32 (n,)``, ``lead`` seen by the player who just moved (0 unless done).
"""

from __future__ import annotations

from functools import lru_cache
from math import lcm
from typing import NamedTuple, Optional, Union

import numpy as np

from ._rajapasu import Batch as _Batch
from ._rajapasu import bench_playouts
from ._rajapasu import Rules

__all__ = ["Batch", "Step", "bench_playouts", "observe"]


def observe(position, side: str) -> np.ndarray:
    """The observation of ``position`` seen by ``side`` (to move or not), in the batch's
    encoding: ``side``'s row, the other row, then ``side``'s captures, the other's, ``side``'s
    reserve, the other's."""
    if side == position.to_move:
        return np.asarray(position.observation(), dtype=np.int16)
    other = "north" if side == "south" else "south"
    values = [-1 if c is None else c for s in (side, other) for c in position.row(s)]
    values += [position.captured(side), position.captured(other)]
    values += [position.reserve(side), position.reserve(other)]
    return np.asarray(values, dtype=np.int16)


class Step(NamedTuple):
    """What ``Batch.step`` returns."""

    obs: np.ndarray
    mask: np.ndarray
    to_move: np.ndarray
    done: np.ndarray
    winner: np.ndarray
    lead: np.ndarray
    reward: np.ndarray


class Batch:
    """``n`` games under ``rules``, stepped together.

    >>> b = Batch(4, rules="canonical/mode=round")
    >>> obs, mask = b.observe()
    >>> obs.shape, mask.shape
    ((4, 18), (4, 7))
    >>> step = b.step(np.zeros(4, dtype=np.int64))
    >>> step.obs.shape
    (4, 18)
    """

    def __init__(
        self, n: int, rules: Union[Rules, str, None] = None, auto_reset: bool = True
    ) -> None:
        self._inner = _Batch(n, rules, auto_reset)
        self.n: int = self._inner.n
        self.holes: int = self._inner.holes
        self.obs_size: int = self._inner.obs_size
        self._to_move = np.zeros(self.n, dtype=np.int8)
        # The legal actions of the last mask handed out, as bits, for ``random_actions``.
        self._mask: Optional[np.ndarray] = None
        self._legal = np.zeros(self.n, dtype=np.uint16)

    def _views(self, obs: bytes, mask: bytes, to_move: bytes, legal: bytes):
        o = np.frombuffer(obs, dtype=np.int16).reshape(self.n, self.obs_size)
        m = np.frombuffer(mask, dtype=np.bool_).reshape(self.n, self.holes)
        t = np.frombuffer(to_move, dtype=np.int8)
        self._to_move = t
        self._mask = m
        self._legal = np.frombuffer(legal, dtype=np.uint16)
        return o, m, t

    def reset(self) -> tuple[np.ndarray, np.ndarray]:
        """Puts every game back at the start; returns ``(obs, mask)``."""
        self._inner.reset()
        return self.observe()

    def observe(self) -> tuple[np.ndarray, np.ndarray]:
        """``(obs, mask)`` of every game."""
        o, m, _ = self._views(*self._inner.observe())
        return o, m

    @property
    def to_move(self) -> np.ndarray:
        """``int8 (n,)``: 0 when South is to move, 1 for North."""
        return self._to_move

    def step(self, actions: np.ndarray) -> Step:
        """Plays ``actions[k]`` (hole ``actions[k] + 1``) in every game ``k``.

        Raises ``IllegalMoveError`` (and steps no game) if an action is not legal in its game.
        Without ``auto_reset``, a finished game takes no action and its entry is ignored.
        """
        a = np.ascontiguousarray(actions, dtype=np.int64)
        if a.shape != (self.n,):
            raise ValueError(f"expected actions of shape ({self.n},), got {a.shape}")
        obs, mask, to_move, legal, done, winner, lead, reward = self._inner.step(a.tobytes())
        o, m, t = self._views(obs, mask, to_move, legal)
        d = np.frombuffer(done, dtype=np.bool_)
        w = np.frombuffer(winner, dtype=np.int8)
        ld = np.frombuffer(lead, dtype=np.int16)
        # South's lead, turned to the point of view of the player who made this move.
        r = np.frombuffer(reward, dtype=np.float32)
        return Step(o, m, t, d, w, ld, r)

    def code(self, k: int) -> str:
        """The position code of game ``k``."""
        return self._inner.code(k)

    def random_actions(self, rng: np.random.Generator, mask: Optional[np.ndarray] = None) -> np.ndarray:
        """A uniformly random legal action for every game (0 where a game has none)."""
        if mask is None:
            _, mask = self.observe()
        if mask is self._mask:
            legal = self._legal
        else:
            legal = np.asarray(mask, dtype=np.bool_) @ (1 << np.arange(self.holes))
        table = _choices(self.holes)
        # One number below the least common multiple of 1..holes picks each of k legal
        # actions exactly as often: no float noise, no sort, one look-up.
        r = rng.integers(0, table.lcm, self.n)
        if table.direct is not None:
            # A flat look-up (one ``take``) costs less than numpy's two-index one.
            r += np.multiply(legal, table.lcm, dtype=np.int64)
            return table.direct.take(r)
        return table.kth[legal, r % table.count[legal]]


class _Choices(NamedTuple):
    lcm: int
    count: np.ndarray  # legal actions of each bit set (1 for none, to divide by)
    kth: np.ndarray  # (bit set, k) -> the k-th legal action (0 for none)
    direct: Optional[np.ndarray]  # bits * lcm + r -> kth[bits, r % count], for small rows


@lru_cache(maxsize=None)
def _choices(holes: int) -> _Choices:
    sets = np.arange(1 << holes)
    bits = (sets[:, None] >> np.arange(holes)) & 1
    count = np.maximum(bits.sum(axis=1), 1)
    kth = np.zeros((1 << holes, holes), dtype=np.int64)
    for s in range(1, 1 << holes):
        actions = np.flatnonzero(bits[s])
        kth[s, : len(actions)] = actions
    every = lcm(*range(1, holes + 1))
    direct = None
    if (1 << holes) * every <= 1 << 16:
        r = np.arange(every)
        direct = kth[sets[:, None], r[None, :] % count[:, None]].ravel()
    return _Choices(every, count, kth, direct)
