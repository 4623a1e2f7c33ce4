"""Raja Pasu as an OpenSpiel game: ``import rajapasu.openspiel`` registers
``python_raja_pasu`` with pyspiel, so ``pyspiel.load_game("python_raja_pasu")`` and OpenSpiel's
algorithms (MCTS, minimax, ...) work on it.

Parameters: ``rules`` (a rule set string, default ``"canonical/mode=round"``: a single round;
add ``mode=match`` for match play). Player 0 is South, player 1 North; action ``a`` plays hole
``a + 1`` from the mover's left. The returns at the end are the capture difference of the last
round (the end-of-round award included), zero-sum. The observation tensor is the batch
encoding (``rajapasu.batch``) seen by the observing player, as float32.
"""

from __future__ import annotations

import numpy as np
import pyspiel

from ._rajapasu import Game, Rules
from .batch import observe

__all__ = ["RajaPasuGame", "RajaPasuState"]

_SIDES = ("south", "north")
_DEFAULT_RULES = "canonical/mode=round"


def _game_type() -> pyspiel.GameType:
    return pyspiel.GameType(
        short_name="python_raja_pasu",
        long_name="Python Raja Pasu",
        dynamics=pyspiel.GameType.Dynamics.SEQUENTIAL,
        chance_mode=pyspiel.GameType.ChanceMode.DETERMINISTIC,
        information=pyspiel.GameType.Information.PERFECT_INFORMATION,
        utility=pyspiel.GameType.Utility.ZERO_SUM,
        reward_model=pyspiel.GameType.RewardModel.TERMINAL,
        max_num_players=2,
        min_num_players=2,
        provides_information_state_string=True,
        provides_information_state_tensor=False,
        provides_observation_string=True,
        provides_observation_tensor=True,
        parameter_specification={"rules": _DEFAULT_RULES},
    )


_GAME_TYPE = _game_type()


class RajaPasuGame(pyspiel.Game):
    """The game; ``params`` may set ``rules``."""

    def __init__(self, params=None):
        params = dict(params or {})
        self.rules = Rules(params.get("rules", _DEFAULT_RULES))
        info = pyspiel.GameInfo(
            num_distinct_actions=self.rules.holes,
            max_chance_outcomes=0,
            num_players=2,
            min_utility=-float(self.rules.total),
            max_utility=float(self.rules.total),
            utility_sum=0.0,
            # No bound follows from the rules in few moves (the repetition rule ends every
            # round, but only after long cycles); this one is far beyond any game seen.
            max_game_length=100_000,
        )
        super().__init__(_GAME_TYPE, info, {"rules": str(self.rules)})

    def new_initial_state(self):
        return RajaPasuState(self)

    def make_py_observer(self, iig_obs_type=None, params=None):
        return _Observer(self.rules, params)


class RajaPasuState(pyspiel.State):
    """A state: a ``rajapasu.Game``."""

    def __init__(self, game: RajaPasuGame):
        super().__init__(game)
        self.game = Game(game.rules)

    def current_player(self):
        if self.game.status.is_over:
            return pyspiel.PlayerId.TERMINAL
        return _SIDES.index(self.game.to_move)

    def _legal_actions(self, player):
        if self.game.status.is_over or _SIDES[player] != self.game.to_move:
            return []
        return [m - 1 for m in self.game.legal_moves()]

    def _apply_action(self, action):
        self.game.play(int(action) + 1)

    def _action_to_string(self, player, action):
        return f"{_SIDES[player][0].upper()}{action + 1}"

    def is_terminal(self):
        return self.game.status.is_over

    def returns(self):
        if not self.game.status.is_over:
            return [0.0, 0.0]
        last = self.game.rounds[-1]["captured"]
        diff = float(last["south"] - last["north"])
        return [diff, -diff]

    def __str__(self):
        return f"{self.game.position.code} moves {' '.join(map(str, self.game.moves))}"


class _Observer:
    """Observation tensor and strings (the PyObserver interface of OpenSpiel)."""

    def __init__(self, rules: Rules, params):
        if params:
            raise ValueError(f"observation parameters are not supported: {params}")
        self.tensor = np.zeros(2 * rules.holes + 4, np.float32)
        self.dict = {"observation": self.tensor}

    def set_from(self, state: RajaPasuState, player: int):
        self.tensor[:] = observe(state.game.position, _SIDES[player])

    def string_from(self, state: RajaPasuState, player: int):
        # Perfect information: the history (which the repetition rule needs) from any side.
        return f"{_SIDES[player]} {state}"


pyspiel.register_game(_GAME_TYPE, RajaPasuGame)
