//! The round games ready to answer the match's questions: "can this player force the round
//! from this round start to end in one of these outcomes?", in the proven or the possible game
//! (docs/SOLVING.md 7.2), on a whole round graph or from a counter value (and a search of the
//! real round where that cannot tell), each game stored once with its mirror.

use super::counter_round::CounterRound;
use super::round_graph::{Attractor, RoundGraph};
use rajapasu_engine::{RoundOutcome, RoundStart, Rules, Side};
use std::collections::HashMap;

use super::round_games::RoundGame;

/// Where `start`'s entries are in the tables by round start: South leading first, by South's
/// holdings (the order of [`RoundStart::all`]).
pub(super) fn index(rules: &Rules, start: RoundStart) -> usize {
    let range = (rules.total() - 2 * rules.counters() + 1) as usize;
    let side = usize::from(start.leader() == Side::North);
    side * range + (start.south() - rules.counters()) as usize
}

/// For each round start, in the order of [`RoundStart::all`], where its mirror is in that
/// order: the same round start seen from the other side (the holdings swapped, the other
/// player leading). The rules treat both players alike (a round is answered for either by its
/// mirror, [`Rounds`]), so the match is the same from either side: North's value at a round
/// start is South's at its mirror, and the fixpoints ask only South's tests.
pub(super) fn mirrors(rules: &Rules) -> Vec<usize> {
    RoundStart::all(*rules)
        .map(|start| index(rules, start.mirror()))
        .collect()
}

/// Which of the two bounding games a round test is answered in.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) enum Bound {
    // The order is the index of `MatchState::ranks`.
    /// Proven: the player forces the goal even if endless play counts against them.
    Proven,
    /// Possible: the other player cannot force the goal's complement even if endless play
    /// counts against them.
    Possible,
}

/// The round games, each stored once with its mirror: the game is the same seen from either
/// side, so a question about one is the mirrored question about the other.
pub(super) struct Rounds(pub(super) HashMap<RoundGame, Round>);

impl Rounds {
    /// The round that answers questions about `start`: the start to ask them at, and whether
    /// they must be mirrored (the other player asks, of mirrored outcomes).
    fn of(&self, start: RoundStart) -> (&Round, RoundStart, bool) {
        match self.0.get(&RoundGame::of(start)) {
            Some(round) => (round, start, false),
            None => (
                &self.0[&RoundGame::of(start.mirror())],
                start.mirror(),
                true,
            ),
        }
    }

    /// Asks whether `player` can force the round from `start` into `goal`, in the game
    /// `bound`, without growing anything.
    pub(super) fn ask(
        &self,
        start: RoundStart,
        player: Side,
        goal: &dyn Fn(RoundOutcome) -> bool,
        bound: Bound,
    ) -> bool {
        let (round, at, mirrored) = self.of(start);
        if mirrored {
            round.ask(at, !player, &|o: RoundOutcome| goal(o.mirror()), bound)
        } else {
            round.ask(at, player, goal, bound)
        }
    }

    /// Whether the round from `start` can end in an outcome `pred` accepts; always `true` for
    /// a round game answered by its counter value, which does not know its outcomes.
    pub(super) fn leads_to(&self, start: RoundStart, pred: impl Fn(RoundOutcome) -> bool) -> bool {
        match self.of(start) {
            (Round::Graph(graph), at, mirrored) => {
                graph.leads_to(at, |o| pred(if mirrored { o.mirror() } else { o }))
            }
            (Round::Counters(_), _, _) => true,
        }
    }

    /// The graph that answers about `start`, if it has one, with the start and player to ask
    /// as.
    pub(super) fn graph(&self, start: RoundStart, player: Side) -> Option<Asked<'_>> {
        match self.of(start) {
            (Round::Graph(graph), at, mirrored) => Some(Asked {
                graph,
                at,
                player: if mirrored { !player } else { player },
                mirrored,
            }),
            _ => None,
        }
    }
}

/// A question put to a round graph, mirrored or not.
pub(super) struct Asked<'a> {
    graph: &'a RoundGraph,
    at: RoundStart,
    player: Side,
    mirrored: bool,
}

impl Asked<'_> {
    /// An attractor of the asking player with no goal yet.
    pub(super) fn empty(&self) -> Attractor {
        self.graph.empty_attractor(self.at, self.player)
    }

    /// Whether a line of the round can go round in circles: if not, the possible answers are
    /// the proven ones.
    pub(super) fn cyclic(&self) -> bool {
        self.graph.cyclic()
    }

    /// The other player's.
    pub(super) fn empty_for_other(&self) -> Attractor {
        self.graph.empty_attractor(self.at, !self.player)
    }

    /// Grows `a` with `goal`, given in the asker's terms.
    pub(super) fn grow(&self, a: &mut Attractor, goal: impl Fn(RoundOutcome) -> bool) {
        let mirrored = self.mirrored;
        self.graph
            .grow(a, |o| goal(if mirrored { o.mirror() } else { o }));
    }
}

/// A round game, ready to answer questions.
pub(super) enum Round {
    Graph(RoundGraph),
    Counters(CounterRound),
}

impl Round {
    /// Can `player` force the round from `start` to end in an outcome `goal` accepts?
    fn ask(
        &self,
        start: RoundStart,
        player: Side,
        goal: &dyn Fn(RoundOutcome) -> bool,
        bound: Bound,
    ) -> bool {
        match (self, bound) {
            (Round::Graph(graph), Bound::Proven) => {
                graph.attractor_from(start, player, goal).contains(0)
            }
            (Round::Graph(graph), Bound::Possible) => !graph
                .attractor_from(start, !player, |o| !goal(o))
                .contains(0),
            (Round::Counters(round), bound) => {
                round.ask(start, player, goal, bound == Bound::Proven)
            }
        }
    }
}
