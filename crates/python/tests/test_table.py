"""The endgame table through Python: a small table built by the command line, then probed."""

import pathlib
import subprocess

import pytest

import rajapasu as rp

# South 6 sows S7; N1 is empty, so South captures the 2 of N2; North then has no move and
# South takes the last 2 (rule 8a): the 4 counters on the board all go to South.
HAND = "0,0,0,0,1,1,0/0,2,0,0,0,0,0 S 59 35"


@pytest.fixture(scope="module")
def table(tmp_path_factory, rajapasu_bin):
    root = tmp_path_factory.mktemp("tablebase")
    subprocess.run([rajapasu_bin, "--tablebase", str(root), "tablebase", "build", "--counters", "6"],
                   check=True, capture_output=True)
    rp.set_tablebase(root)
    yield root
    rp.set_tablebase(None)


def test_probe_gives_the_hand_worked_value(table):
    pos = rp.Position(HAND, rules="canonical/mode=round")
    assert rp.probe(pos) == (4, 4)
    assert rp.tablebase_root() == pathlib.Path(table)


def test_probe_outside_the_table_is_none(table):
    # Seven counters in a hole: no table holds it.
    assert rp.probe(rp.Position("7,0,0,0,0,0,0/0,0,0,0,0,0,0 S 50 41")) is None


def test_analysis_with_the_table_is_exact(table):
    moves = rp.analyze(rp.Position(HAND, rules="canonical/mode=round"), movetime=0.5)
    best = moves[0]
    assert (best["move"], best["score"], best["proven"]) == (6, 1028, (1028, 1028))
