"""The PettingZoo environment: PettingZoo's own API and seed tests, and the rewards."""

import numpy as np
import pytest

pytest.importorskip("pettingzoo")

from pettingzoo.test import api_test, seed_test  # noqa: E402

import rajapasu as rp  # noqa: E402
from rajapasu import pettingzoo as rpz  # noqa: E402


@pytest.mark.parametrize("mode", ["round", "match"])
@pytest.mark.parametrize("reward", ["capture", "shaped"])
def test_api(mode, reward):
    api_test(rpz.env(mode=mode, reward=reward), num_cycles=200)


def test_api_small_board():
    api_test(rpz.env(rules="canonical/holes=4,counters=3", mode="match"), num_cycles=200)


def test_seed():
    seed_test(lambda: rpz.env(mode="round"), num_cycles=50)


def play_out(env, seed):
    rng = np.random.default_rng(seed)
    env.reset(seed=seed)
    totals = {a: 0.0 for a in env.possible_agents}
    for agent in env.agent_iter():
        obs, reward, term, trunc, _ = env.last()
        totals[agent] += reward
        if term or trunc:
            env.step(None)
            continue
        legal = np.flatnonzero(obs["action_mask"])
        env.step(int(rng.choice(legal)))
    return totals


def test_rewards_are_the_capture_difference():
    for seed in range(5):
        e = rpz.raw_env(mode="round")
        totals = play_out(e, seed)
        last = e.game.rounds[-1]["captured"]
        diff = last["south"] - last["north"]
        assert totals == {"south": diff, "north": -diff}
        shaped = rpz.raw_env(mode="round", reward="shaped")
        assert play_out(shaped, seed) == totals


def test_observation_matches_position():
    e = rpz.raw_env(mode="match")
    e.reset()
    e.step(0)
    pos = e.game.position
    assert list(e.observe("north")["observation"]) == pos.observation()
    south = e.observe("south")
    assert list(south["observation"][:7]) == pos.row("south")
    assert not south["action_mask"].any()
    assert rp.Position(pos.code) == pos


def test_bad_arguments():
    with pytest.raises(ValueError):
        rpz.env(mode="forever")
    with pytest.raises(rp.RulesError):
        rpz.env(rules="bogus")
