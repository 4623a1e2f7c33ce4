"""Raja Pasu, the two-row relay-sowing mancala game of Sri Lanka and South India.

The rules engine, the search and the endgame table of the Rust workspace, with the engine's
names and semantics::

    import rajapasu
    game = rajapasu.Game("canonical")
    trace = game.play(1)
    print(game.position.code, game.legal_moves(), game.status)

``rajapasu.batch`` steps many games at once from numpy arrays; ``rajapasu.pettingzoo`` is a
PettingZoo AEC environment. Every error is a ``RajapasuError``, a ``ValueError`` subclass,
carrying the engine's message.
"""

from ._rajapasu import (
    CodeError,
    Game,
    IllegalMoveError,
    LevelError,
    Position,
    PositionError,
    RajapasuError,
    Record,
    RecordError,
    Rules,
    RulesError,
    Status,
    TableError,
    __version__,
    analyze,
    best_move,
    levels,
    probe,
    set_tablebase,
    tablebase_root,
)

__all__ = [
    "CodeError",
    "Game",
    "IllegalMoveError",
    "LevelError",
    "Position",
    "PositionError",
    "RajapasuError",
    "Record",
    "RecordError",
    "Rules",
    "RulesError",
    "Status",
    "TableError",
    "__version__",
    "analyze",
    "best_move",
    "levels",
    "probe",
    "set_tablebase",
    "tablebase_root",
]
