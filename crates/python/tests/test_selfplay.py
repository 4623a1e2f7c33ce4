"""Self-play: the games of a seed range do not depend on how the range is split; the Ray
front end gives the same games and statistics on 1 or 2 workers."""

import json
import os
import subprocess
import tempfile

import pytest

import rajapasu as rp
from rajapasu import selfplay

RULES = "canonical/mode=round"


def test_split_ranges_play_the_same_games():
    whole = selfplay.play(8, player="level:1", rules=RULES, seed=5, threads=2)
    parts = selfplay.play(3, player="level:1", rules=RULES, seed=5, threads=1) + selfplay.play(
        5, player="level:1", rules=RULES, seed=5, first=3, threads=1
    )
    assert whole == parts
    assert [g["game"] for g in whole] == list(range(8))
    other = selfplay.play(8, player="level:1", rules=RULES, seed=6)
    assert other != whole
    for g in whole:
        replay = rp.Game(RULES)
        for m in g["moves"]:
            replay.play(m)
        assert replay.status.is_over and replay.status.winner == g["winner"]


def test_summary_and_files(tmp_path):
    games = selfplay.play(6, south="random", north="level:1", rules=RULES, seed=2)
    s = selfplay.summarize(RULES, games)
    assert s["games"] == 6
    assert s["south"]["wins"] + s["south"]["draws"] + s["south"]["losses"] == 6
    assert 0 <= s["south_win_rate"] <= 1
    path = selfplay.write(games, str(tmp_path / "games.jsonl"))
    back = [json.loads(line) for line in open(path)]
    assert back == games and selfplay.summarize(RULES, back) == s


def test_bad_specs():
    with pytest.raises(rp.RajapasuError):
        selfplay.play(1, player="level:99")
    with pytest.raises(rp.RajapasuError):
        selfplay.play(1, player="nonsense")


def test_ray_one_and_two_workers_agree(ray_cluster):
    from rajapasu import ray as rpray

    expected = selfplay.play(10, player="level:1", rules=RULES, seed=3, threads=1)
    one, s1 = rpray.run_selfplay(10, "level:1", rules=RULES, seed=3, shards=1)
    two, s2 = rpray.run_selfplay(10, "level:1", rules=RULES, seed=3, shards=2)
    assert one == two == expected
    assert s1 == s2 == selfplay.summarize(RULES, expected)


def test_ray_command_line(tmp_path, capsys):
    pytest.importorskip("ray")
    from rajapasu import ray as rpray

    out = tmp_path / "run"
    rpray.main(["selfplay", "--games", "4", "--player", "random", "--single-round",
                "--num-cpus", "2", "--seed", "9", "--out", str(out)])
    summary = json.loads((out / "summary.json").read_text())
    games = [json.loads(line) for line in (out / "games.jsonl").read_text().splitlines()]
    assert summary["results"][0]["games"] == 4 and len(games) == 4
    assert games == selfplay.play(4, player="random", rules=RULES, seed=9, opening_plies=2)
    assert json.loads(capsys.readouterr().out.strip().splitlines()[-1]) == summary


def _rust(exe, command, *args):
    """The ``--json`` output of ``rajapasu command args``, with no endgame table: the Python
    side uses none unless ``set_tablebase`` says so, while the command would take one that
    happens to be in the user's data directory, and its players would then play otherwise."""
    no_table = os.path.join(tempfile.gettempdir(), "rajapasu-no-table")
    out = subprocess.run([exe, "--tablebase", no_table, command, "--json", *args], check=True,
                         capture_output=True, text=True)
    return json.loads(out.stdout)


def test_statistics_agree_with_the_rust_command(rajapasu_bin):
    rust = _rust(rajapasu_bin, "selfplay", "--games", "12", "--player", "level:1",
                 "--single-round", "--seed", "3", "--threads", "2")["results"]
    games = selfplay.play(12, player="level:1", rules=RULES, seed=3)
    assert [selfplay.summarize(RULES, games)] == rust
    rust_match = _rust(rajapasu_bin, "selfplay", "--games", "6", "--south", "random",
                       "--north", "level:1", "--rules", "canonical/holes=5,counters=3",
                       "--seed", "4")["results"]
    games = selfplay.play(6, south="random", north="level:1",
                          rules="canonical/holes=5,counters=3", seed=4)
    assert [selfplay.summarize("canonical/holes=5,counters=3", games)] == rust_match


def test_parquet_output(tmp_path):
    pq = pytest.importorskip("pyarrow.parquet")
    games = selfplay.play(3, player="random", rules=RULES, seed=1)
    path = selfplay.write(games, str(tmp_path / "games.parquet"))
    rows = pq.read_table(path).to_pylist()
    assert [r["game"] for r in rows] == [0, 1, 2]
    assert [r["moves"] for r in rows] == [g["moves"] for g in games]
    assert [json.loads(r["captures"]) for r in rows] == [g["captures"] for g in games]


TOURNAMENT_PLAYERS = ["random", "level:1", "level:2"]
TOURNAMENT_ARGS = dict(rules=RULES, openings=2, opening_plies=2, seed=7)


def test_tournament_games_do_not_depend_on_the_split():
    players, args = TOURNAMENT_PLAYERS, TOURNAMENT_ARGS
    n = selfplay.tournament_size(players, **args)
    assert n == 3 * 2 * 2
    whole = selfplay.tournament_games(players, **args)
    parts = selfplay.tournament_games(players, first=0, count=5, **args) + \
        selfplay.tournament_games(players, first=5, **args)
    assert whole == parts and [g["game"] for g in whole] == list(range(n))


def test_tournament_agrees_with_the_rust_command(rajapasu_bin):
    players, args = TOURNAMENT_PLAYERS, TOURNAMENT_ARGS
    whole = selfplay.tournament_games(players, **args)
    table = selfplay.tournament_table(players, list(reversed(whole)), **args)
    entrants = [arg for p in players for arg in ("--player", p)]
    rust = _rust(rajapasu_bin, "tournament", "--single-round", "--openings", "2", "--seed", "7",
                 *entrants)
    assert table == rust


def test_ray_tournament_one_and_two_workers(ray_cluster):
    from rajapasu import ray as rpray

    players = ["random", "level:1"]
    expected = selfplay.tournament_games(players, rules=RULES, openings=3, seed=2)
    one, t1 = rpray.run_tournament(players, RULES, openings=3, seed=2, shards=1)
    two, t2 = rpray.run_tournament(players, RULES, openings=3, seed=2, shards=2)
    assert one == two == expected and t1 == t2
    assert t1["table"] == selfplay.tournament_table(players, expected, RULES, 3, 2, 2)["table"]
