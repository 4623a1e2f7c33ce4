"""A PettingZoo AEC environment of Raja Pasu.

``env(rules="canonical", mode="round", reward="capture")``. Agents are ``"south"`` and
``"north"``; South moves first. The action is a hole index, ``a`` meaning hole ``a + 1`` from
the mover's left (``Discrete(holes)``). An observation is a dict:

- ``"observation"``: ``int16 (2h + 4,)`` seen by the observing agent: their row, the
  opponent's row (closed holes -1), their captures, the opponent's, their reserve, the
  opponent's (the same encoding as ``rajapasu.batch``);
- ``"action_mask"``: ``int8 (h,)``, 1 for each legal hole; all 0 when it is not the agent's
  turn.

Rewards (zero-sum):

- ``reward="capture"`` (the default): 0 until the game ends, then the capture difference of
  its last round, the end-of-round award included: South's captures minus North's for South,
  the opposite for North. With ``mode="round"`` that is the round; with ``mode="match"`` it is
  the last round of the match, whose counters decide it.
- ``reward="shaped"``: after every move, each agent's captures in that move (fours, pussa
  captures, the end-of-round award) minus the opponent's. Over a round the shaped rewards add
  up to that round's capture difference.

The game ends by the rules (no truncation) unless ``max_moves`` is given.
"""

from __future__ import annotations

from typing import Any, Optional, Union

import numpy as np
from gymnasium import spaces
from pettingzoo import AECEnv

from ._rajapasu import Game, Rules
from .batch import observe

__all__ = ["env", "raw_env", "RajaPasuEnv", "observe"]

AGENTS = ("south", "north")


def _other(agent: str) -> str:
    return "north" if agent == "south" else "south"


def _captures(trace: list[dict[str, Any]]) -> dict[str, int]:
    """Counters each side captured in a move's trace."""
    got = {"south": 0, "north": 0}
    for e in trace:
        kind = e["event"]
        if kind == "four":
            got[e["to"]] += 4
        elif kind == "pussa":
            got[e["by"]] += e["count"]
        elif kind == "round_end":
            for side in AGENTS:
                got[side] += e["award"][side]
    return got


class RajaPasuEnv(AECEnv):
    """The AEC environment; see the module's doc for observations and rewards."""

    metadata = {"name": "rajapasu_v0", "render_modes": ["ansi", "human"], "is_parallelizable": False}

    def __init__(
        self,
        rules: Union[Rules, str, None] = None,
        mode: str = "round",
        reward: str = "capture",
        max_moves: Optional[int] = None,
        render_mode: Optional[str] = None,
    ) -> None:
        super().__init__()
        base = rules if isinstance(rules, Rules) else Rules(rules or "canonical")
        if mode not in ("round", "match"):
            raise ValueError(f'mode must be "round" or "match", not {mode!r}')
        if reward not in ("capture", "shaped"):
            raise ValueError(f'reward must be "capture" or "shaped", not {reward!r}')
        if render_mode is not None and render_mode not in self.metadata["render_modes"]:
            raise ValueError(f"render_mode must be one of {self.metadata['render_modes']}")
        self.rules = base.with_option("mode", mode)
        self.mode = mode
        self.reward_kind = reward
        self.max_moves = max_moves
        self.render_mode = render_mode
        h = self.rules.holes
        self.possible_agents = list(AGENTS)
        total = self.rules.total
        self._obs_spaces = {
            a: spaces.Dict(
                {
                    "observation": spaces.Box(-1, total, shape=(2 * h + 4,), dtype=np.int16),
                    "action_mask": spaces.Box(0, 1, shape=(h,), dtype=np.int8),
                }
            )
            for a in AGENTS
        }
        self._act_spaces = {a: spaces.Discrete(h) for a in AGENTS}
        self.game = Game(self.rules)

    def observation_space(self, agent: str) -> spaces.Space:
        return self._obs_spaces[agent]

    def action_space(self, agent: str) -> spaces.Space:
        return self._act_spaces[agent]

    def reset(self, seed: Optional[int] = None, options: Optional[dict] = None) -> None:
        # The game itself has no chance: the seed only seeds the action spaces' sampling.
        if seed is not None:
            for i, a in enumerate(AGENTS):
                self._act_spaces[a].seed(seed + i)
        self.game = Game(self.rules)
        self.agents = self.possible_agents[:]
        self.rewards = {a: 0.0 for a in self.agents}
        self._cumulative_rewards = {a: 0.0 for a in self.agents}
        self.terminations = {a: False for a in self.agents}
        self.truncations = {a: False for a in self.agents}
        self.infos = {a: {} for a in self.agents}
        self.agent_selection = self.game.to_move
        self._moves = 0

    def observe(self, agent: str) -> dict[str, np.ndarray]:
        mask = np.zeros(self.rules.holes, dtype=np.int8)
        if agent == self.agent_selection and not self.game.status.is_over:
            for m in self.game.legal_moves():
                mask[m - 1] = 1
        return {"observation": observe(self.game.position, agent), "action_mask": mask}

    def step(self, action: int) -> None:
        agent = self.agent_selection
        if self.terminations[agent] or self.truncations[agent]:
            self._was_dead_step(action)
            return
        self._cumulative_rewards[agent] = 0.0
        trace = self.game.play(int(action) + 1)
        self._moves += 1
        self.rewards = {a: 0.0 for a in self.agents}
        if self.reward_kind == "shaped":
            got = _captures(trace)
            for a in self.agents:
                self.rewards[a] = float(got[a] - got[_other(a)])
        status = self.game.status
        if status.is_over:
            if self.reward_kind == "capture":
                last = self.game.rounds[-1]["captured"]
                diff = float(last["south"] - last["north"])
                self.rewards["south"], self.rewards["north"] = diff, -diff
            self.terminations = {a: True for a in self.agents}
            for a in self.agents:
                self.infos[a] = {"winner": status.winner}
            self.agent_selection = _other(agent)
        else:
            if self.max_moves is not None and self._moves >= self.max_moves:
                self.truncations = {a: True for a in self.agents}
            self.agent_selection = self.game.to_move
        self._accumulate_rewards()
        if self.render_mode == "human":
            self.render()

    def render(self) -> Optional[str]:
        if self.render_mode is None:
            return None
        pos = self.game.position

        def fmt(row):
            return " ".join("  x" if c is None else f"{c:3d}" for c in row)

        text = (
            f"north {fmt(reversed(pos.row('north')))}   captured {pos.captured('north')}\n"
            f"south {fmt(pos.row('south'))}   captured {pos.captured('south')}\n"
            f"{pos.code}  {self.game.status}"
        )
        if self.render_mode == "human":
            print(text)
            return None
        return text

    def close(self) -> None:
        pass


def raw_env(**kwargs: Any) -> RajaPasuEnv:
    """The environment without wrappers."""
    return RajaPasuEnv(**kwargs)


def env(**kwargs: Any) -> AECEnv:
    """The environment with PettingZoo's order-enforcing wrapper (``rules``, ``mode``,
    ``reward``, ``max_moves``, ``render_mode`` as in ``RajaPasuEnv``)."""
    from pettingzoo.utils import wrappers

    e = RajaPasuEnv(**kwargs)
    return wrappers.OrderEnforcingWrapper(e)
