"""The batch API against step-by-step play with Game objects."""

import numpy as np
import pytest

import rajapasu as rp
from rajapasu.batch import Batch


def test_shapes():
    b = Batch(5, rules="canonical/mode=round")
    obs, mask = b.observe()
    assert obs.shape == (5, 18) and obs.dtype == np.int16
    assert mask.shape == (5, 7) and mask.dtype == np.bool_
    assert (obs[:, :14] == 7).all() and mask.all()
    assert (b.to_move == 0).all()


@pytest.mark.parametrize(
    "rules",
    ["canonical/mode=round", "canonical", "pallankuli/holes=4,counters=3", "canonical/endless=forbid"],
)
def test_batch_matches_step_by_step(rules):
    n = 16
    rng = np.random.default_rng(11)
    b = Batch(n, rules=rules)
    games = [rp.Game(rules) for _ in range(n)]
    obs, mask = b.observe()
    finished = 0
    for _ in range(400):
        actions = b.random_actions(rng, mask)
        step = b.step(actions)
        for k, g in enumerate(games):
            mover = g.to_move
            g.play(int(actions[k]) + 1)
            if g.status.is_over:
                finished += 1
                assert step.done[k]
                last = g.rounds[-1]["captured"]
                lead = last["south"] - last["north"]
                assert step.lead[k] == lead
                assert step.reward[k] == (lead if mover == "south" else -lead)
                w = g.status.winner
                assert step.winner[k] == {"south": 1, "north": -1, None: 0}[w]
                games[k] = g = rp.Game(rules)
            else:
                assert not step.done[k] and step.reward[k] == 0
            assert b.code(k) == g.position.code
            assert list(step.obs[k]) == g.position.observation()
            legal = [a + 1 for a in np.flatnonzero(step.mask[k])]
            assert legal == g.legal_moves()
            assert step.to_move[k] == (0 if g.to_move == "south" else 1)
        mask = step.mask
    assert finished > 0


def test_illegal_action_steps_nothing():
    b = Batch(3)
    b.step(np.array([0, 1, 2]))
    before = [b.code(k) for k in range(3)]
    _, mask = b.observe()
    bad = np.array([int(np.flatnonzero(m)[0]) for m in mask])
    empty = [a for a in range(7) if not mask[1, a]]
    if empty:
        bad[1] = empty[0]
    else:
        bad[1] = 7
    with pytest.raises(rp.IllegalMoveError, match="game 1"):
        b.step(bad)
    assert [b.code(k) for k in range(3)] == before
    with pytest.raises(ValueError):
        b.step(np.zeros(4, dtype=np.int64))
    with pytest.raises(rp.IllegalMoveError):
        b.step(np.array([-1, 0, 0]))


def test_without_auto_reset_finished_games_wait():
    b = Batch(4, rules="canonical/holes=3,counters=1,mode=round", auto_reset=False)
    rng = np.random.default_rng(3)
    _, mask = b.observe()
    ended = np.zeros(4, dtype=bool)
    for _ in range(200):
        if not mask.any():
            break
        step = b.step(b.random_actions(rng, mask))
        ended |= step.done
        mask = step.mask
    assert ended.all() and not mask.any()
    b.reset()
    assert b.observe()[1].all(axis=1).any()


def test_bench_playouts():
    from rajapasu.batch import bench_playouts

    r = bench_playouts("canonical", 0.05)
    assert r["playouts"] > 0 and r["moves"] > r["playouts"] and r["moves_per_second"] > 0
    with pytest.raises(ValueError):
        bench_playouts("canonical", 0)
