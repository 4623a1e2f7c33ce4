"""The engine through Python, against the hand-worked examples of RULES.md and the Rust tests
(crates/engine/tests/worked_examples.rs)."""

import copy

import pytest

import rajapasu as rp

START = "7,7,7,7,7,7,7/7,7,7,7,7,7,7 S 0 0"


def lifts(trace):
    return [(e["hole"], e["count"]) for e in trace if e["event"] == "lift"]


def test_opening_move_south_1():
    game = rp.Game()
    assert game.position.code == START
    trace = game.play(1)
    assert game.position.code == "3,1,0,0,0,14,0/14,2,14,14,1,14,2 N 15 4"
    ls = lifts(trace)
    assert len(ls) == 12
    assert ls[0] == ("S1", 7) and ls[1] == ("N2", 7)
    fours = [e["to"] for e in trace if e["event"] == "four"]
    assert fours.count("south") == 3 and fours.count("north") == 1
    assert trace[-1] == {"event": "pussa", "hole": "S5", "count": 3, "by": "south"}
    assert game.to_move == "north"
    assert game.moves == [1]


def test_relay_then_pussa_on_the_far_row():
    game = rp.Game(code="0,1,0,2,0,0,3/0,0,1,0,3,0,2 S 40 46")
    trace = game.play(2)
    assert game.position.code == "0,0,1,0,1,1,0/1,1,2,0,0,0,2 N 43 46"
    assert lifts(trace) == [("S2", 1), ("S4", 2), ("S7", 3)]
    assert {"event": "pussa", "hole": "N5", "count": 3, "by": "south"} in trace


def test_round_end_refill_and_undo():
    code = "0,0,0,0,0,1,0/0,2,0,0,0,0,0 S 60 35"
    game = rp.Game(code=code)
    trace = game.play(6)
    assert game.rounds[0]["captured"] == {"south": 63, "north": 35}
    assert game.position.code == "7,7,7,7,7,7,7/x,x,7,7,7,7,7 S 0 0 14 0 2"
    assert game.position.row("north") == [None, None, 7, 7, 7, 7, 7]
    assert game.position.reserve("south") == 14
    assert [e["event"] for e in trace][-2:] == ["round_end", "refill"]
    assert game.status.kind == "playing" and not game.status.is_over
    assert game.undo() == 6
    assert game.position.code == code
    assert game.undo() is None


def test_lead_and_position_queries():
    pos = rp.Position("0,0,0,0,0,1,0/0,2,0,0,0,0,0 S 60 35")
    assert pos.lead("south") == 25 and pos.lead("N") == -25
    assert pos.captured("north") == 35
    assert pos.on_board == 3
    assert pos.legal_moves() == [6]
    assert pos.is_legal(6) and not pos.is_legal(1) and not pos.is_legal(99)
    assert pos.counts == [0, 0, 0, 0, 0, 1, 0, 0, 2, 0, 0, 0, 0, 0]
    assert str(pos) == pos.code
    assert rp.Position(pos.code) == pos and hash(rp.Position(pos.code)) == hash(pos)


def test_position_play_and_copy():
    pos = rp.Position("0,1,0,2,0,0,3/0,0,1,0,3,0,2 S 40 46")
    other = copy.copy(pos)
    with pytest.raises(rp.IllegalMoveError):
        pos.play(1)
    pos.play(2)
    assert pos.code == "0,0,1,0,1,1,0/1,1,2,0,0,0,2 N 43 46"
    assert other.code == "0,1,0,2,0,0,3/0,0,1,0,3,0,2 S 40 46"


def test_match_drawn_by_repeated_round_starts():
    game = rp.Game("canonical/holes=3,counters=1")
    for m in [1, 1]:
        game.play(m)
    assert game.position.code == "x,1,1/1,1,1 N 0 0 0 1 2"
    for m in [2, 2, 2, 2, 2, 2]:
        game.play(m)
    assert game.position.code == "1,1,1/x,1,1 S 0 0 1 0 5"
    game.play(2)
    trace = game.play(2)
    assert game.status.kind == "match_over" and game.status.winner is None
    assert trace[-1] == {"event": "game_over", "winner": None}
    assert game.legal_moves() == []


def test_rules_parse_and_write():
    r = rp.Rules("canonical/fours=sower")
    assert str(r) == "canonical/fours=sower"
    assert r.total == 98 and r.holes == 7 and r.counters == 7 and r.mode == "match"
    assert dict(r.options())["fours"] == "sower"
    assert str(rp.Rules("walak-pussa")) == "walak-pussa"
    assert rp.Rules("pallankuli").counters == 6
    assert rp.Rules().single_round().mode == "round"
    assert r.with_option("fours", "owner") == rp.Rules()
    assert {n for n, _ in rp.Rules.presets()} >= {"canonical", "stoneshark", "walak-pussa", "pallankuli"}
    assert rp.Rules().resized(6, 4).total == 48
    assert rp.Game("canonical/mode=round").rules.mode == "round"


def test_records_round_trip(tmp_path):
    rec = rp.Record.parse_text('[Rules "canonical/pussa=chain"]\n{Round 1} 1. 1 2 *')
    assert rec.moves == [1, 2]
    assert str(rec.rules) == "canonical/pussa=chain"
    game = rec.replay()
    assert game.moves == [1, 2]
    assert rp.Record.parse_text(rec.to_text()) == rec
    assert rp.Record.parse(rec.to_json()) == rec
    written = rp.Record.from_game(game, {"Event": "Club evening", "South": "Kumari"})
    assert written.tag("event") == "Club evening"
    path = tmp_path / "game.json"
    written.save(str(path))
    back = rp.Record.parse(path.read_text())
    assert back == written and back.replay().position == game.position


def test_view_is_the_engine_json():
    view = rp.Game().view()
    assert view["position"] == START
    assert view["legal_moves"] == [1, 2, 3, 4, 5, 6, 7]
    assert view["status"] == "playing"


def test_search_releases_nothing_wrong():
    game = rp.Game("canonical/mode=round")
    choice = rp.best_move(game, level=1, seed=7)
    assert choice["move"] in game.legal_moves() and choice["pv"][0] == choice["move"]
    assert rp.best_move(game, level=1, seed=7)["move"] == choice["move"]
    scores = rp.analyze(game, movetime=0.05)
    assert sorted(s["move"] for s in scores) == game.legal_moves()
    assert scores[0]["score"] == max(s["score"] for s in scores)
    # A position: North has one move left into a finished round.
    assert rp.analyze(rp.Position("0,0,0,0,0,1,0/0,2,0,0,0,0,0 S 60 35"), depth=2)[0]["move"] == 6
    assert [n for n, _, _ in rp.levels()] == [1, 2, 3, 4, 5, 6, 7]


def test_search_runs_in_threads():
    import threading

    game = rp.Game("canonical/mode=round")
    results = []
    threads = [
        threading.Thread(target=lambda: results.append(rp.analyze(game, movetime=0.2)))
        for _ in range(2)
    ]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    assert len(results) == 2 and all(results)


def test_probe_without_table_is_none():
    rp.set_tablebase(None)
    assert rp.tablebase_root() is None
    assert rp.probe(rp.Position("0,0,0,0,0,1,0/0,2,0,0,0,0,0 S 60 35")) is None


def test_stubs_cover_the_module():
    import ast
    import pathlib

    import rajapasu._rajapasu as native

    stub = pathlib.Path(native.__file__).with_name("_rajapasu.pyi")
    tree = ast.parse(stub.read_text())
    named = {n.name for n in tree.body if isinstance(n, (ast.ClassDef, ast.FunctionDef))}
    named |= {t.id for n in tree.body if isinstance(n, ast.AnnAssign) for t in [n.target]}
    public = {n for n in dir(native) if not n.startswith("_")} | {"__version__"}
    assert public - named == set()
    assert (stub.parent / "py.typed").exists()


def test_readme_examples_run():
    import pathlib
    import re

    readme = pathlib.Path(__file__).resolve().parent.parent / "README.md"
    blocks = re.findall(r"```python\n(.*?)```", readme.read_text(), re.S)
    assert len(blocks) >= 4
    for code in blocks:
        if "pyspiel" in code:
            import importlib.util

            if importlib.util.find_spec("pyspiel") is None:
                continue  # the OpenSpiel example needs open_spiel, installed where it can be
        exec(compile(code, str(readme), "exec"), {})
