"""Bad input raises ValueError subclasses with the engine's messages, never a crash."""

import pytest

import rajapasu as rp


def test_exception_hierarchy():
    for e in [rp.RulesError, rp.CodeError, rp.PositionError, rp.IllegalMoveError,
              rp.RecordError, rp.LevelError, rp.TableError]:
        assert issubclass(e, rp.RajapasuError)
    assert issubclass(rp.RajapasuError, ValueError)


def test_bad_rules():
    with pytest.raises(rp.RulesError, match="unknown rule set `bogus`"):
        rp.Rules("bogus")
    with pytest.raises(rp.RulesError, match="unknown rule option `colour`"):
        rp.Rules("canonical/colour=red")
    with pytest.raises(rp.RulesError, match="does not take `sideways`"):
        rp.Rules("canonical/fours=sideways")
    with pytest.raises(rp.RulesError, match="not supported"):
        rp.Rules().resized(13, 7)
    with pytest.raises(TypeError):
        rp.Game(rules=42)


def test_bad_codes():
    for code in ["", "7,7,7/7,7,7 S 0 0", "7,7,7,7,7,7,7/7,7,7,7,7,7,7 Q 0 0", "junk"]:
        with pytest.raises(rp.CodeError):
            rp.Position(code)
    with pytest.raises(rp.CodeError):
        rp.Game(code="1,2,3")


def test_bad_moves_change_nothing():
    game = rp.Game()
    for m in [0, 8, -1, 2**40]:
        with pytest.raises(rp.IllegalMoveError):
            game.play(m)
    game = rp.Game(code="0,1,0,2,0,0,3/0,0,1,0,3,0,2 S 40 46")
    before = game.position
    with pytest.raises(rp.IllegalMoveError) as err:
        game.play(1)  # S1 is empty
    assert "S1" in str(err.value) or "empty" in str(err.value)
    assert game.position == before and game.moves == []


def test_bad_records_and_levels():
    with pytest.raises(rp.RecordError):
        rp.Record.parse_text('[Rules "bogus"]\n1. 1 *')
    with pytest.raises(rp.RecordError):
        rp.Record.parse_text("1. 1 1 1 1 1 1 1 1 1 1 1 *").replay()
    with pytest.raises(rp.RecordError):
        rp.Record.parse_json("{not json")
    with pytest.raises(rp.LevelError, match="levels run from 1 to 7"):
        rp.best_move(rp.Game(), level=9)
    with pytest.raises(rp.LevelError):
        rp.best_move(rp.Game(), level=-1)
    with pytest.raises(ValueError):
        rp.analyze(rp.Game(), movetime=-1)
    with pytest.raises(rp.TableError):
        rp.set_tablebase("/nonexistent/tables")
    with pytest.raises(rp.PositionError):
        rp.Position().with_board([99] * 14, "south")
