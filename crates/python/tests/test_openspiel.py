"""The OpenSpiel game: OpenSpiel's own consistency checks, and its MCTS and minimax bots."""

import numpy as np
import pytest

pyspiel = pytest.importorskip("pyspiel")

import rajapasu.openspiel  # noqa: E402,F401  (registers the game)
from open_spiel.python.algorithms import mcts, minimax  # noqa: E402

SMALL = "canonical/holes=4,counters=2,mode=round"


@pytest.mark.parametrize("rules", ["canonical/mode=round", "canonical", SMALL])
def test_random_sim(rules):
    game = pyspiel.load_game("python_raja_pasu", {"rules": rules})
    pyspiel.random_sim_test(game, num_sims=5, serialize=False, verbose=False)


def test_load_by_name_and_first_move():
    game = pyspiel.load_game("python_raja_pasu")
    state = game.new_initial_state()
    assert state.legal_actions() == list(range(7))
    state.apply_action(0)
    assert str(state).startswith("3,1,0,0,0,14,0/14,2,14,14,1,14,2 N 15 4")
    assert state.current_player() == 1
    assert len(state.observation_tensor(1)) == 18
    clone = state.clone()
    clone.apply_action(clone.legal_actions()[0])
    assert str(state).startswith("3,1,0,0,0,14,0/14,2,14,14,1,14,2 N 15 4")


def test_mcts_against_minimax():
    game = pyspiel.load_game("python_raja_pasu", {"rules": SMALL})
    rng = np.random.RandomState(3)
    bot = mcts.MCTSBot(
        game, uct_c=2.0, max_simulations=30,
        evaluator=mcts.RandomRolloutEvaluator(n_rollouts=1, random_state=rng),
        random_state=rng,
    )
    state = game.new_initial_state()
    while not state.is_terminal():
        if state.current_player() == 0:
            action = bot.step(state)
        else:
            _, action = minimax.alpha_beta_search(
                game, state=state.clone(), maximum_depth=3,
                value_function=lambda s: s.returns()[1] if s.is_terminal() else 0.0,
                maximizing_player_id=1,
            )
        assert action in state.legal_actions()
        state.apply_action(action)
    returns = state.returns()
    assert returns[0] == -returns[1]
