//! The iterative deepening that paranoid alpha-beta and max^n share: the table cleared when a
//! new round starts, the clock restarted, then iterations one move deeper each until a limit,
//! the stop flag or the end of the round, keeping the move of the last iteration that finished;
//! and what such a search answers ([`Analysis`]).

use crate::mandiri::clock::Clock;
use crate::mandiri::eval::{base, Values};
use crate::mandiri::table::Table;
use crate::Limits;
use rajapasu_engine::mandiri;
use rajapasu_engine::Hole;
use std::sync::atomic::AtomicBool;
use std::sync::Arc;

/// Deepest iteration when no depth is given: deeper than any budget reaches.
pub(crate) const MAX_DEPTH: u32 = 64;

/// The outcome of a search.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Analysis {
    /// The move chosen.
    pub best: Hole,
    /// Its score for the seat to move, tenths of a counter (paranoid: own value minus the best
    /// of the others'; max^n: own value).
    pub value: i32,
    /// Each seat's value (index [`Seat::index`](rajapasu_engine::mandiri::Seat::index)),
    /// tenths of a counter, when the search has them: max^n's value vector; `None` for
    /// paranoid search, which has one number.
    pub values: Option<Values>,
    /// The deepest iteration completed.
    pub depth: u32,
    /// Nodes searched.
    pub nodes: u64,
}

/// What a deepening search keeps between its nodes and its searches.
#[derive(Debug)]
pub(crate) struct Frame<V> {
    limits: Limits,
    pub(crate) table: Option<Table<V>>,
    /// The round the table's entries belong to: (rounds finished, round number).
    table_round: (usize, u32),
    pub(crate) clock: Clock,
    /// What a seat's value counts from this round: its player's reserve in a match.
    pub(crate) base: Values,
    /// Rounds finished when the search started: a line that finishes one more is a leaf.
    pub(crate) root_rounds: usize,
    /// Whether the current iteration stopped a line at its depth (rather than at the end of
    /// the round): if none did, deeper iterations would change nothing.
    pub(crate) horizon: bool,
    /// Set from outside to end the search.
    stop: Option<Arc<AtomicBool>>,
}

impl<V: Copy> Frame<V> {
    /// A frame for these limits (200 ms a move if they set none) and a table of `2^bits`
    /// entries (`None`: no table).
    pub(crate) fn new(limits: Limits, table_bits: Option<u32>) -> Frame<V> {
        Frame {
            limits: limits.or_default(),
            table: table_bits.map(Table::new),
            table_round: (usize::MAX, 0),
            clock: Clock::new(limits.or_default(), None),
            base: [0; 3],
            root_rounds: 0,
            horizon: false,
            stop: None,
        }
    }

    pub(crate) fn set_stop(&mut self, flag: Arc<AtomicBool>) {
        self.stop = Some(flag);
    }

    /// Readies a search of `game`: the table emptied if its entries are of another round, the
    /// clock started.
    fn start(&mut self, game: &mandiri::Game) {
        let pos = game.position();
        self.base = base(pos);
        self.root_rounds = game.rounds().len();
        let round = (game.rounds().len(), pos.round());
        if let Some(t) = &mut self.table {
            if self.table_round != round {
                t.clear();
                self.table_round = round;
            }
        }
        self.clock = Clock::new(self.limits, self.stop.clone());
    }
}

/// What one iteration found at the root.
pub(crate) struct Iteration {
    /// The root's score for the seat to move.
    pub(crate) value: i32,
    /// Each seat's value, if the search has them.
    pub(crate) values: Option<Values>,
    /// The move that gets it (`None`: the first legal move).
    pub(crate) best: Option<Hole>,
}

/// A search that [`deepen`] can drive.
pub(crate) trait Deepening {
    /// What the table holds.
    type Entry: Copy;

    fn frame(&mut self) -> &mut Frame<Self::Entry>;

    /// Readies a search from the root position, before the first iteration.
    fn prepare(&mut self, pos: &mandiri::Position);

    /// One iteration `depth` moves deep from the root, `first` searched first.
    fn iteration(&mut self, game: &mut mandiri::Game, depth: u32, first: Hole) -> Iteration;
}

/// Searches `game` for the seat to move by iterative deepening, calling `report` with every
/// iteration that finishes; `None` if the game is over. The first iteration always finishes,
/// whatever the limits and the stop flag.
pub(crate) fn deepen<S: Deepening>(
    s: &mut S,
    game: &mandiri::Game,
    report: &mut dyn FnMut(&Analysis),
) -> Option<Analysis> {
    let moves = game.legal_moves();
    let &only = moves.first()?;
    s.prepare(game.position());
    s.frame().start(game);
    let deepest = s
        .frame()
        .limits
        .depth
        .unwrap_or(MAX_DEPTH)
        .clamp(1, MAX_DEPTH);
    let mut game = game.clone();
    let mut best = Analysis {
        best: only,
        value: 0,
        values: None,
        depth: 0,
        nodes: 0,
    };
    for depth in 1..=deepest {
        s.frame().horizon = false;
        let it = s.iteration(&mut game, depth, best.best);
        let frame = s.frame();
        if frame.clock.stopped() {
            break;
        }
        best = Analysis {
            best: it.best.unwrap_or(only),
            value: it.value,
            values: it.values,
            depth,
            nodes: frame.clock.nodes,
        };
        report(&best);
        frame.clock.armed = true;
        // Every line reached the end of the round: deeper iterations would change nothing.
        if !frame.horizon || frame.clock.spent() {
            break;
        }
    }
    best.nodes = s.frame().clock.nodes;
    Some(best)
}
