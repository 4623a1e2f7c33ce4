//! Round tests answered exactly where repetitions decide them, and the match's values from
//! them (docs/SOLVING.md 7.10).
//!
//! A round test asks whether a player `P` can force the round from its start into a goal set
//! of outcomes. The round graph answers it in two games that bound the real one
//! ([`RoundGraph::attractor`]): the positions from which `P` forces the goal by rule 8(a)
//! (a "yes" whatever the history, as long as rule 8(b) cannot meet `P`'s strategy), and those
//! from which the other player forces its complement (a "no" likewise). They differ only in a
//! cyclic part of the graph, where rule 8(b) makes a line's value depend on the positions it
//! passed. There the test is searched with that history: captures lower the counters on the
//! board, so no earlier layer can come back, and within a layer the history that matters is how
//! often each position of the layer has occurred. So a search state is a node and the counts of
//! its layer's positions on the path, a position's third occurrence ends the round by rule 8(b)
//! with each player taking their own row, and wherever the bounds are proven for the history
//! the search stops at them.
//!
//! The match's values then come from the fixpoint over round starts of section 7.3, with these
//! exact answers in place of the proven and the possible ones ([`exact_values`]).

use super::fixpoint::{MatchTable, MatchValue, Proven};
use super::round_games::RoundGame;
use super::round_graph::{key, Attractor, Key, Node, RoundGraph};
use super::rounds::{index, mirrors};
use rajapasu_engine::{BySide, Ending, Position, RoundOutcome, RoundStart, Side};
use std::collections::{HashMap, VecDeque};

/// A round game's graph with the node of each position, to search forward from the round
/// start: the search plays the moves itself and looks up the nodes it reaches.
pub struct ExactRound {
    graph: RoundGraph,
    /// The round start the graph was built from.
    root: Position,
    /// The node of each position.
    index: HashMap<Key, Node>,
}

impl ExactRound {
    /// Builds the graph of the round `start` sets up, with its positions numbered as the graph
    /// numbers its nodes (both number a position as a breadth-first walk from the round start,
    /// playing the moves in order, first finds it).
    ///
    /// # Panics
    /// If the graph numbers its nodes otherwise.
    pub fn build(start: RoundStart) -> ExactRound {
        let graph = RoundGraph::build(start);
        let root = start.position(1).expect("round 1 is a position's round");
        let mut index = HashMap::with_capacity(graph.len());
        index.insert(key(&root), 0);
        let mut queue = VecDeque::from([root]);
        let mut in_order = graph.to_move(0) == root.to_move();
        while let Some(pos) = queue.pop_front() {
            for &mv in pos.legal_moves().iter() {
                let mut child = pos;
                child.play(mv);
                let next = index.len() as Node;
                index.entry(key(&child)).or_insert_with(|| {
                    in_order &=
                        (next as usize) < graph.len() && graph.to_move(next) == child.to_move();
                    queue.push_back(child);
                    next
                });
            }
        }
        assert!(
            in_order && index.len() == graph.len(),
            "the round graph numbers its positions in another order"
        );
        ExactRound { graph, root, index }
    }

    /// The graph.
    pub fn graph(&self) -> &RoundGraph {
        &self.graph
    }

    /// Can `player` force the round from `start` (a round start of this round game) into an
    /// outcome `goal` accepts, in the real round, rule 8(b) with its history included?
    ///
    /// ```
    /// use rajapasu_ai::match_solver::exact_rounds::ExactRound;
    /// use rajapasu_engine::{RoundOutcome, RoundStart, Rules, Side};
    /// let rules: Rules = "canonical/holes=3,counters=1".parse().unwrap();
    /// // Round start B of RULES.md decision 11: South holds 4, leads, and ends the match.
    /// let b = RoundStart::new(rules, 4, Side::South).unwrap();
    /// let round = ExactRound::build(b);
    /// let won = |o: RoundOutcome| o == RoundOutcome::MatchWon(Side::South);
    /// let answer = round.ask(b, Side::South, &won);
    /// assert!(answer.yes);
    /// // The round graph has no cycle: the bounds decide it, with no search.
    /// assert_eq!((answer.undecided, answer.states), (0, 0));
    /// ```
    pub fn ask(
        &self,
        start: RoundStart,
        player: Side,
        goal: &dyn Fn(RoundOutcome) -> bool,
    ) -> ExactAnswer {
        let yes = self.graph.attractor_from(start, player, goal);
        let no = self.graph.attractor_from(start, !player, |o| !goal(o));
        let undecided = self.graph.len() - yes.count() - no.count();
        let mut search = Search {
            round: self,
            start,
            player,
            goal,
            yes,
            no,
            memo: HashMap::new(),
        };
        let mut history = vec![(0, 1)];
        let yes = search.wins(self.root, 0, &mut history);
        ExactAnswer {
            yes,
            undecided,
            states: search.memo.len(),
        }
    }
}

/// A round test's exact answer, with what it took.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct ExactAnswer {
    /// Whether the player can force the goal.
    pub yes: bool,
    /// Positions of the round graph where the two bounding games disagree.
    pub undecided: usize,
    /// Search states (position and history) the answer took.
    pub states: usize,
}

/// The counts of a layer's positions on the current line, by node, sorted by node; each 1 or 2.
type History = Vec<(Node, u8)>;

struct Search<'a> {
    round: &'a ExactRound,
    start: RoundStart,
    player: Side,
    goal: &'a dyn Fn(RoundOutcome) -> bool,
    /// Where `player` forces the goal without repeating a position.
    yes: Attractor,
    /// Where the other player forces its complement without repeating a position.
    no: Attractor,
    /// The answers searched, by node and history (the node's own count included).
    memo: HashMap<(Node, History), bool>,
}

impl Search<'_> {
    /// Whether `player` forces the goal from `pos`, the position of `node`, after `history`,
    /// the counts of the layer's positions so far, `node` included.
    fn wins(&mut self, pos: Position, node: Node, history: &mut History) -> bool {
        let moves = pos.legal_moves();
        if moves.is_empty() {
            // Rule 8(a): every leaf is in one attractor, the one its outcome favours.
            return self.yes.contains(node);
        }
        // A side's attractor strategy from `node` stays inside its attractor and never comes
        // back to a position, so rule 8(b) can meet it only at a position of its attractor
        // that has already occurred twice (section 3's theorem, with the condition narrowed to
        // the positions the strategy can visit).
        let twice_in = |a: &Attractor| {
            history
                .iter()
                .any(|&(n, c)| c == 2 && n != node && a.contains(n))
        };
        if self.yes.contains(node) && !twice_in(&self.yes) {
            return true;
        }
        if self.no.contains(node) && !twice_in(&self.no) {
            return false;
        }
        let memo_key = (node, history.clone());
        if let Some(&known) = self.memo.get(&memo_key) {
            return known;
        }
        let mine = pos.to_move() == self.player;
        let mut answer = !mine;
        for &mv in moves.iter() {
            let mut child = pos;
            child.play(mv);
            let c = self.round.index[&key(&child)];
            let wins = if child.on_board() != pos.on_board() {
                // A capture: a new layer, with no history.
                self.wins(child, c, &mut vec![(c, 1)])
            } else {
                match history.binary_search_by_key(&c, |&(n, _)| n) {
                    // Its third occurrence: rule 8(b) ends the round, each player taking the
                    // counters of their own row.
                    Ok(i) if history[i].1 == 2 => (self.goal)(self.repetition(&child)),
                    Ok(i) => {
                        history[i].1 = 2;
                        let w = self.wins(child, c, history);
                        history[i].1 = 1;
                        w
                    }
                    Err(i) => {
                        history.insert(i, (c, 1));
                        let w = self.wins(child, c, history);
                        history.remove(i);
                        w
                    }
                }
            };
            if wins == mine {
                answer = mine;
                break;
            }
        }
        self.memo.insert(memo_key, answer);
        answer
    }

    /// Where the round leads when rule 8(b) ends it at `pos`.
    fn repetition(&self, pos: &Position) -> RoundOutcome {
        let captured = BySide::from_fn(|side| pos.captured(side) + pos.on_row(side));
        self.start.outcome(captured, Ending::Repetition)
    }
}

/// How far [`exact_values`] may go.
#[derive(Clone, Copy, Debug)]
pub struct ExactOptions {
    /// Round games with more counters on the board are not searched: their tests keep the
    /// proven and the possible answers, so the values they touch may stay between bounds.
    pub graph_counters: u32,
}

/// A round test that needed the search, for the report: the bounds disagreed at its start.
#[derive(Clone, Copy, Debug)]
pub struct Searched {
    /// The iteration (the number of rounds asked for).
    pub k: u32,
    /// The round start, asked about by South (North's tests are South's at the mirrored round
    /// starts).
    pub start: RoundStart,
    /// The answer and what it took.
    pub answer: ExactAnswer,
}

/// What [`exact_values`] found and what it took.
#[derive(Clone, Debug, Default)]
pub struct ExactReport {
    /// The round games built, with their positions.
    pub graphs: Vec<(RoundGame, usize)>,
    /// The round tests answered by the search, in the order asked.
    pub searched: Vec<Searched>,
    /// Round tests whose round game was too large to search: left to the bounds.
    pub unsearched: u64,
}

/// The match's values with every round test answered exactly where the round graph can be
/// searched, narrowing `table` (a finished solve, both fixpoints). Every value of `table`
/// holds its new value; where no test was left to the bounds, every value is exact.
///
/// The fixpoint of section 7.3 runs once for each bound: a test whose round game is not
/// searched counts as lost for the lower one and as won for the upper one; every other test is
/// answered exactly, the same in both. A test is asked only where the table leaves it open:
/// a round start won within `k` rounds in the proven fixpoint is won within `k` here (the
/// goals here hold the proven ones, by induction on the iterations), and one not won within `k`
/// in the possible fixpoint is not won here.
pub fn exact_values(table: &MatchTable, options: ExactOptions) -> (Vec<Proven>, ExactReport) {
    let rules = *table.rules();
    let starts: Vec<RoundStart> = RoundStart::all(rules).collect();
    // South's rounds to win in the proven and the possible fixpoint, by round start. North's
    // rank at a round start is South's at its mirror (`mirrors`): only South's tests are asked.
    let rank = |proven: bool| -> Vec<Option<u32>> {
        table
            .iter()
            .map(|(_, v)| match if proven { v.worst } else { v.best } {
                MatchValue::Win {
                    winner: Side::South,
                    rounds,
                } => Some(rounds),
                _ => None,
            })
            .collect()
    };
    let (proven, possible) = (rank(true), rank(false));
    let mirror = mirrors(&rules);
    let mut report = ExactReport::default();
    let mut rounds: HashMap<RoundGame, Option<ExactRound>> = HashMap::new();
    let mut ranks: [[Vec<Option<u32>>; 2]; 2] = Default::default();
    for (b, ranks) in ranks.iter_mut().enumerate() {
        let mut south = vec![None; starts.len()];
        let unsearched_before = report.unsearched;
        for k in 1.. {
            let before = south.clone();
            let mut added = false;
            for (i, &start) in starts.iter().enumerate() {
                if before[i].is_some() {
                    continue;
                }
                let yes = if proven[i].is_some_and(|r| r <= k) {
                    true
                } else if !possible[i].is_some_and(|r| r <= k) {
                    false
                } else {
                    // A round game and its mirror are the same game seen from the other
                    // side: one is built, and a question about the other asked mirrored.
                    let game = RoundGame::of(start);
                    let mirrored = game.mirror() < game;
                    let (at, asker) = if mirrored {
                        (start.mirror(), Side::North)
                    } else {
                        (start, Side::South)
                    };
                    let stored = RoundGame::of(at);
                    let round = rounds.entry(stored).or_insert_with(|| {
                        (stored.on_board(&rules) <= options.graph_counters).then(|| {
                            let round = ExactRound::build(at);
                            report.graphs.push((stored, round.graph().len()));
                            round
                        })
                    });
                    match round {
                        Some(round) => {
                            let goal = |o: RoundOutcome| match if mirrored { o.mirror() } else { o }
                            {
                                RoundOutcome::MatchWon(w) => w == Side::South,
                                RoundOutcome::Next(n) => before[index(&rules, n)].is_some(),
                            };
                            let answer = round.ask(at, asker, &goal);
                            if b == 0 && answer.states > 0 {
                                report.searched.push(Searched { k, start, answer });
                            }
                            answer.yes
                        }
                        None => {
                            report.unsearched += 1;
                            b == 1
                        }
                    }
                };
                if yes {
                    south[i] = Some(k);
                    added = true;
                }
            }
            if !added {
                break;
            }
        }
        let north = mirror.iter().map(|&m| south[m]).collect();
        *ranks = [south, north];
        if b == 0 && report.unsearched == unsearched_before {
            // Every test was exact: the upper fixpoint is the lower one.
            return (values(ranks, ranks), report);
        }
    }
    (values(&ranks[0], &ranks[1]), report)
}

/// Each round start's value from the ranks of the lower and the upper fixpoint, as
/// `MatchState::values` reads the proven and the possible ones.
fn values(lower: &[Vec<Option<u32>>; 2], upper: &[Vec<Option<u32>>; 2]) -> Vec<Proven> {
    let win = |winner: Side, rounds: u32| MatchValue::Win { winner, rounds };
    (0..lower[0].len())
        .map(|i| {
            let won = |ranks: &[Vec<Option<u32>>; 2], side: Side| {
                ranks[side.index()][i].map(|r| win(side, r))
            };
            let worst = won(lower, Side::South)
                .or_else(|| won(upper, Side::North))
                .unwrap_or(MatchValue::Draw);
            let best = won(lower, Side::North)
                .or_else(|| won(upper, Side::South))
                .unwrap_or(MatchValue::Draw);
            Proven { worst, best }
        })
        .collect()
}

/// [`exact_values`] put into `table`, on a thread with a stack deep enough for the search's
/// lines (a line can pass each position of a layer twice).
pub fn narrow_to_exact(table: &mut MatchTable, options: ExactOptions) -> ExactReport {
    let (values, report) = crate::deep_stack::run("exact rounds", || exact_values(table, options));
    table.narrow(values);
    report
}
