//! The match's value at every round start, by retrograde analysis over round starts.
//!
//! South wins from a round start within `k` rounds exactly when South can force its round to
//! end in a match win or at a round start from which South wins within `k - 1` rounds. So the
//! round starts South wins are found in rounds: `WinS(1)` by testing every round start for
//! "South can end the match this round", `WinS(k)` with `WinS(k - 1)` added to the goal, until
//! nothing is added. The least such `k` is the number of rounds the match lasts when South
//! hurries and North holds out. North's are found the same way, and what neither side wins is
//! a draw by decision 11: the side that cannot win can keep the match away from the other's
//! wins for ever, and the match must then end drawn. docs/SOLVING.md, "The match", proves it
//! under decision 11's history.
//!
//! Each test is a question about one round, answered on its [`RoundGraph`] in the two games
//! that bound rule 8(b) (see that module). Where they disagree the test has no proven answer,
//! so the fixpoint is computed twice: once taking every such test as lost for the side asking
//! (what is proven), once as won (what is possible). Where the two agree, the value is exact;
//! where they do not, the table shows the bounds.

use super::counter_round::{CounterRound, Searched};
use super::possible::possible_ranks;
use super::round_games::{solve_round_game, RoundGame, RoundGameValue};
use super::round_graph::{Attractor, RoundGraph};
use super::rounds::{index, mirrors, Bound, Round, Rounds};
use crate::solver::{Bounds, Solver};
use crate::Limits;
use rajapasu_engine::{RoundOutcome, RoundStart, Rules, Side};
use rajapasu_tablebase::Tablebase;
use rayon::prelude::*;
use std::collections::HashMap;
use std::fmt;
use std::sync::Arc;
use std::time::{Duration, Instant};

/// The value of the match from a round start under perfect play.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum MatchValue {
    /// `winner` wins, and the match lasts `rounds` rounds from here (this one included) when
    /// the winner hurries and the loser holds out.
    Win {
        /// Who wins.
        winner: Side,
        /// Rounds to the end of the match.
        rounds: u32,
    },
    /// Neither side can win: the match is drawn by decision 11.
    Draw,
}

impl MatchValue {
    /// The value for South as a number that orders the results: a South win is positive and
    /// larger the sooner it comes, a North win negative, a draw 0.
    pub fn score(self) -> i64 {
        match self {
            MatchValue::Win { winner, rounds } => {
                let s = 1_000_000 - i64::from(rounds);
                if winner == Side::South {
                    s
                } else {
                    -s
                }
            }
            MatchValue::Draw => 0,
        }
    }
}

impl MatchValue {
    /// The better of two values for South.
    pub fn max_by_score(self, other: MatchValue) -> MatchValue {
        if other.score() > self.score() {
            other
        } else {
            self
        }
    }

    /// The worse of two values for South.
    pub fn min_by_score(self, other: MatchValue) -> MatchValue {
        if other.score() < self.score() {
            other
        } else {
            self
        }
    }
}

impl fmt::Display for MatchValue {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            MatchValue::Win { winner, rounds } => {
                let s = if *rounds == 1 { "" } else { "s" };
                write!(f, "{winner} wins in {rounds} round{s}")
            }
            MatchValue::Draw => write!(f, "draw"),
        }
    }
}

/// What is proven of a round start's value: exact, or between two values when some round's
/// answer depends on repetitions (rule 8(b)).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Proven {
    /// The worst the value can be for South.
    pub worst: MatchValue,
    /// The best it can be for South.
    pub best: MatchValue,
}

impl Proven {
    /// The value, if it is exact.
    pub fn exact(self) -> Option<MatchValue> {
        (self.worst == self.best).then_some(self.worst)
    }
}

impl Proven {
    /// The winner, when it is proven even if the number of rounds is not.
    ///
    /// ```
    /// use rajapasu_ai::match_solver::fixpoint::{MatchValue, Proven};
    /// use rajapasu_engine::Side;
    /// let south = |rounds| MatchValue::Win { winner: Side::South, rounds };
    /// let p = Proven { worst: south(8), best: south(5) };
    /// assert_eq!(p.winner(), Some(Side::South));
    /// assert_eq!(p.to_string(), "South wins in 5 to 8 rounds");
    /// assert_eq!(Proven { worst: MatchValue::Draw, best: south(5) }.winner(), None);
    /// ```
    pub fn winner(self) -> Option<Side> {
        match (self.worst, self.best) {
            (MatchValue::Win { winner: a, .. }, MatchValue::Win { winner: b, .. }) if a == b => {
                Some(a)
            }
            _ => None,
        }
    }
}

impl fmt::Display for Proven {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match (self.exact(), self.worst, self.best) {
            (Some(v), _, _) => write!(f, "{v}"),
            (
                None,
                MatchValue::Win {
                    winner: a,
                    rounds: r,
                },
                MatchValue::Win {
                    winner: b,
                    rounds: q,
                },
            ) if a == b => write!(f, "{a} wins in {} to {} rounds", r.min(q), r.max(q)),
            _ => write!(f, "between {} and {}", self.worst, self.best),
        }
    }
}

/// What a solve of the match found and what it took.
#[derive(Clone, Debug)]
pub struct MatchTable {
    rules: Rules,
    values: Vec<Proven>,
    /// How each round game was solved.
    pub rounds: Vec<RoundReport>,
    /// What the searches of the real round did, for each round game with no graph.
    pub searched: Vec<(RoundGame, Searched)>,
    /// Round tests answered, in both fixpoints.
    pub tests: u64,
    /// Iterations of the fixpoint (the largest number of rounds to a win, plus one).
    pub iterations: u32,
    /// Time to solve the round games (build their graphs or prove their counter values).
    pub build_time: Duration,
    /// Time to solve.
    pub solve_time: Duration,
}

/// How one round game was solved, and its size.
#[derive(Clone, Copy, Debug)]
pub struct RoundReport {
    /// The round game.
    pub game: RoundGame,
    /// How.
    pub method: RoundMethod,
}

/// How a round game's questions are answered.
#[derive(Clone, Copy, Debug)]
pub enum RoundMethod {
    /// On its whole graph: every question exactly, in both bounding games.
    Graph {
        /// Positions.
        positions: usize,
        /// Moves.
        moves: usize,
        /// Bytes of its arrays.
        bytes: usize,
        /// Whether a line of it can go round in circles.
        cyclic: bool,
    },
    /// By its counter value, where that decides a question, and otherwise by searches of the
    /// real round (reported in [`MatchTable::searched`]).
    Counters {
        /// The value proven for the leader.
        bounds: Bounds,
        /// The solver's nodes.
        nodes: u64,
    },
}

impl MatchTable {
    /// The rules solved.
    pub fn rules(&self) -> &Rules {
        &self.rules
    }

    /// The table a saved state proves (see [`MatchState::values`]), with no figures of a run;
    /// `None` before the proven fixpoint is complete or for a state of other rules.
    pub fn from_state(rules: Rules, state: &MatchState) -> Option<MatchTable> {
        state.check(&rules).ok()?;
        Some(MatchTable {
            rules,
            values: state.values()?,
            rounds: Vec::new(),
            searched: Vec::new(),
            tests: 0,
            iterations: state.iterations,
            build_time: Duration::ZERO,
            solve_time: Duration::ZERO,
        })
    }

    /// Replaces the values with narrower ones, each within the one it replaces (what
    /// [`exact_rounds`](super::exact_rounds) proves where repetitions decide).
    ///
    /// # Panics
    /// If one is not within the value it replaces.
    pub(crate) fn narrow(&mut self, values: Vec<Proven>) {
        assert_eq!(values.len(), self.values.len());
        for (old, new) in self.values.iter().zip(&values) {
            assert!(
                old.worst.score() <= new.worst.score() && new.best.score() <= old.best.score(),
                "{new} is not within {old}"
            );
        }
        self.values = values;
    }

    /// The value of `start`.
    pub fn value(&self, start: RoundStart) -> Proven {
        self.values[index(&self.rules, start)]
    }

    /// Every round start with its value, South leading first, by South's holdings.
    pub fn iter(&self) -> impl Iterator<Item = (RoundStart, Proven)> + '_ {
        RoundStart::all(self.rules).zip(self.values.iter().copied())
    }

    /// The value of the whole match: of the round start that its first round is, when the
    /// rules' start is a round start (both rows full, the first leader to move).
    pub fn match_value(&self) -> Option<Proven> {
        let start = first_round_start(&self.rules)?;
        Some(self.value(start))
    }
}

/// The round start a match begins with: every hole full, South leading.
pub fn first_round_start(rules: &Rules) -> Option<RoundStart> {
    RoundStart::new(*rules, rules.total() / 2, Side::South).ok()
}

/// What the solve reports as it goes.
#[derive(Clone, Copy, Debug)]
pub enum Progress {
    /// A round game was solved.
    Round {
        /// Round games solved so far.
        done: usize,
        /// Round games in all.
        total: usize,
        /// How.
        report: RoundReport,
    },
    /// An iteration of the proven fixpoint ended.
    Iteration {
        /// Which (1 is "win in one round").
        k: u32,
        /// Round starts known won, for South and for North.
        won: [usize; 2],
    },
    /// A pass of the possible fixpoint ended: it goes down from the proven ranks, each pass
    /// looking again at the round starts whose rounds lead where a rank fell in the last; the
    /// first is the check that some round's answer depends on repetitions.
    Possible {
        /// Which pass (the first is 1).
        k: u32,
        /// Round starts possibly won, for South and for North, as far as the passes know.
        won: [usize; 2],
        /// Round starts whose possible rank fell in this pass: none in the last.
        fallen: usize,
    },
}

/// How to solve a match.
#[derive(Clone)]
pub struct MatchOptions {
    /// Round games with at most this many counters on the board are solved on their whole
    /// graph; larger ones by their counter value. Canonical round games: 84 counters, 11
    /// million positions; 91, 47 million (1.5 GB); 98, the first round, more than 20 GB.
    pub graph_counters: u32,
    /// The counter solver's limits.
    pub limits: Limits,
    /// The counter solver's proof table: `2^table_bits` entries.
    pub table_bits: u32,
    /// An endgame table for the counter solver.
    pub table: Option<Arc<Tablebase>>,
    /// For a round game with no graph, where its counter value cannot answer a round test: the
    /// most positions each search of the real round may visit (0: no search; docs/SOLVING.md
    /// 7.11).
    pub search_visits: u64,
}

impl Default for MatchOptions {
    fn default() -> MatchOptions {
        MatchOptions {
            graph_counters: 91,
            limits: Limits::default(),
            table_bits: 20,
            table: None,
            search_visits: 1 << 24,
        }
    }
}

/// Solves the match of `rules` at every round start (see the module docs).
///
/// ```
/// use rajapasu_ai::match_solver::fixpoint::{solve_match, MatchOptions, MatchValue};
/// use rajapasu_engine::{RoundStart, Rules, Side};
/// let rules: Rules = "canonical/holes=3,counters=1".parse().unwrap();
/// let table = solve_match(rules, &MatchOptions::default(), &mut |_| {});
/// // Decision 11's round start B: South holds 4 and leads, and wins in this round.
/// let b = RoundStart::new(rules, 4, Side::South).unwrap();
/// assert_eq!(table.value(b).exact(), Some(MatchValue::Win { winner: Side::South, rounds: 1 }));
/// ```
pub fn solve_match(
    rules: Rules,
    options: &MatchOptions,
    progress: &mut dyn FnMut(Progress),
) -> MatchTable {
    solve_match_resuming(rules, options, None, progress, &mut |_| {})
}

/// [`solve_match`], going on from `resume` (a state an earlier run saved), and handing a
/// state to `save` after every iteration.
///
/// # Panics
/// If `resume` is a state of other rules: [`MatchState::check`] tells that first.
pub fn solve_match_resuming(
    rules: Rules,
    options: &MatchOptions,
    resume: Option<MatchState>,
    progress: &mut dyn FnMut(Progress),
    save: &mut dyn FnMut(&MatchState),
) -> MatchTable {
    let started = Instant::now();
    let mut state = resume.unwrap_or_else(|| MatchState::new(rules));
    assert_eq!(state.check(&rules), Ok(()), "a state of other rules");
    let (rounds, reports) = solve_rounds(rules, options, &mut state, progress);
    save(&state);
    let build_time = started.elapsed();
    let started = Instant::now();
    let mut tests = 0;
    if !state.proven_done {
        tests += proven_fixpoint(&rules, &rounds, &mut state, progress, save);
        state.proven_done = true;
        save(&state);
    }
    if state.open == Some(false) {
        // No round test ever depended on repetitions: what is possible is what is proven.
        state.ranks[1] = state.ranks[0].clone();
    } else if !state.possible_done {
        let found = possible_ranks(&rules, &rounds, &state.ranks[0], &mut |p| {
            progress(Progress::Possible {
                k: p.pass,
                won: p.won,
                fallen: p.fallen,
            })
        });
        tests += found.passes;
        state.open = Some(found.open);
        // The iterations the possible fixpoint takes: to its largest rank, and one that adds
        // nothing.
        state.possible_iterations = 1 + found
            .ranks
            .iter()
            .flatten()
            .flatten()
            .max()
            .map_or(0, |&r| r);
        state.ranks[1] = found.ranks;
    }
    state.possible_done = true;
    save(&state);
    let values = state.values().expect("the proven fixpoint is complete");
    let mut searched: Vec<(RoundGame, Searched)> = rounds
        .0
        .iter()
        .filter_map(|(game, round)| match round {
            Round::Counters(round) => Some((*game, round.searched())),
            Round::Graph(_) => None,
        })
        .collect();
    searched.sort_by_key(|(game, _)| *game);
    MatchTable {
        rules,
        values,
        rounds: reports,
        searched,
        tests,
        iterations: state.iterations,
        build_time,
        solve_time: started.elapsed(),
    }
}

/// The goal of `side` when `ranks` holds the round starts it wins: a match won, or a round
/// start won.
fn goal<'a>(
    rules: &'a Rules,
    side: Side,
    ranks: &'a [Option<u32>],
) -> impl Fn(RoundOutcome) -> bool + 'a {
    move |outcome| match outcome {
        RoundOutcome::MatchWon(w) => w == side,
        RoundOutcome::Next(s) => ranks[index(rules, s)].is_some(),
    }
}

/// The proven fixpoint, from where `state` stands: iteration k adds the round starts a side
/// wins within k rounds, until one adds none; the tests it took. A round graph's attractor
/// grows with the goals, one pass a round start for the whole fixpoint.
fn proven_fixpoint(
    rules: &Rules,
    rounds: &Rounds,
    state: &mut MatchState,
    progress: &mut dyn FnMut(Progress),
    save: &mut dyn FnMut(&MatchState),
) -> u64 {
    let mut tests = 0;
    let starts: Vec<RoundStart> = RoundStart::all(*rules).collect();
    let mirror = mirrors(rules);
    // Only South's tests are asked: North's are the same tests at the mirrored round starts
    // (`mirrors`). The attractors grown so far, by round start; one is dropped once its round
    // start is won, by either side: a round start North wins is not one South can win.
    let mut grown: Vec<Option<Attractor>> = starts.iter().map(|_| None).collect();
    loop {
        let before = state.ranks[0].clone();
        state.iterations += 1;
        let k = state.iterations;
        let [south, north] = [&before[Side::South.index()], &before[Side::North.index()]];
        // Which round starts this iteration tests.
        let mut asked = vec![false; starts.len()];
        for (i, a) in grown.iter_mut().enumerate() {
            if north[i].is_some() {
                *a = None;
            } else if south[i].is_none() {
                asked[i] = true;
                tests += 1;
            }
        }
        // The tests of one iteration are independent (each asks with the goals `before`
        // holds), so they run in parallel, each growing its own attractor.
        let wins = goal(rules, Side::South, south);
        let answers: Vec<(usize, bool)> = grown
            .par_iter_mut()
            .enumerate()
            .filter(|(i, _)| asked[*i])
            .map(|(i, a)| {
                let start = starts[i];
                let yes = match rounds.graph(start, Side::South) {
                    Some(graph) => {
                        let a = a.get_or_insert_with(|| graph.empty());
                        graph.grow(a, &wins);
                        a.contains(0)
                    }
                    None => rounds.ask(start, Side::South, &wins, Bound::Proven),
                };
                if yes {
                    *a = None;
                }
                (i, yes)
            })
            .collect();
        let mut added = false;
        for (i, yes) in answers {
            if yes {
                state.ranks[0][Side::South.index()][i] = Some(k);
                state.ranks[0][Side::North.index()][mirror[i]] = Some(k);
                added = true;
            }
        }
        let count = |side: Side| state.ranks[0][side.index()].iter().flatten().count();
        let won = [count(Side::South), count(Side::North)];
        progress(Progress::Iteration { k, won });
        save(state);
        if !added {
            return tests;
        }
    }
}

/// Solves every round game of `rules`, taking the counter values `state` already holds and
/// adding those it proves.
fn solve_rounds(
    rules: Rules,
    options: &MatchOptions,
    state: &mut MatchState,
    progress: &mut dyn FnMut(Progress),
) -> (Rounds, Vec<RoundReport>) {
    // One of each pair of mirrored round games: questions about the other are asked of it
    // mirrored (see `Rounds`).
    let games: Vec<RoundGame> = RoundGame::all(rules)
        .into_iter()
        .filter(|g| *g < g.mirror())
        .collect();
    let mut graphs = build_graphs(rules, &games, options.graph_counters);
    let mut rounds = HashMap::new();
    let mut reports = Vec::new();
    let mut solver = None;
    for (i, &game) in games.iter().enumerate() {
        let start = game.first_start(rules);
        let (round, method) = if let Some(graph) = graphs.remove(&game) {
            let method = RoundMethod::Graph {
                positions: graph.len(),
                moves: graph.edges(),
                bytes: graph.bytes(),
                cyclic: graph.cyclic(),
            };
            (Round::Graph(graph), method)
        } else {
            let value = match state.counters.iter().find(|c| c.game == game) {
                Some(known) => RoundGameValue::known(game, known.bounds, known.nodes, &rules),
                None => {
                    let solver = solver.get_or_insert_with(|| {
                        let mut s = Solver::new(options.table_bits);
                        s.set_table(options.table.clone());
                        s
                    });
                    let value = solve_round_game(solver, start, &options.limits);
                    state.counters.push(CounterValue {
                        game,
                        bounds: value.solved.bounds,
                        nodes: value.solved.nodes,
                    });
                    value
                }
            };
            let method = RoundMethod::Counters {
                bounds: value.solved.bounds,
                nodes: value.solved.nodes,
            };
            (
                Round::Counters(CounterRound::new(value, options.search_visits)),
                method,
            )
        };
        let report = RoundReport { game, method };
        reports.push(report);
        progress(Progress::Round {
            done: i + 1,
            total: games.len(),
            report,
        });
        rounds.insert(game, round);
    }
    (Rounds(rounds), reports)
}

/// The whole graphs of those of `games` with at most `graph_counters` counters on the board,
/// built on every core. The games with the most counters are built one at a time, first: their
/// builds hold the most memory (the map that numbers the positions), and two at once would
/// double the run's peak; the smaller ones are built side by side after them.
fn build_graphs(
    rules: Rules,
    games: &[RoundGame],
    graph_counters: u32,
) -> HashMap<RoundGame, RoundGraph> {
    let on_graphs: Vec<RoundGame> = games
        .iter()
        .copied()
        .filter(|g| g.on_board(&rules) <= graph_counters)
        .collect();
    let most = on_graphs.iter().map(|g| g.on_board(&rules)).max();
    let (largest, rest): (Vec<RoundGame>, Vec<RoundGame>) = on_graphs
        .into_iter()
        .partition(|g| Some(g.on_board(&rules)) == most);
    let build = |g: &RoundGame| (*g, RoundGraph::build(g.first_start(rules)));
    let mut graphs: HashMap<RoundGame, RoundGraph> = largest.iter().map(build).collect();
    graphs.par_extend(rest.par_iter().map(build));
    graphs
}

/// How far a solve of the match has come, to resume it: the counter values proven and the
/// round starts won after each finished iteration. Saved as JSON by `rajapasu solve --match
/// --state FILE`.
#[derive(Clone, Debug, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
pub struct MatchState {
    /// The rules, as their text.
    pub rules: String,
    /// Iterations of the proven fixpoint finished.
    pub iterations: u32,
    /// Whether the proven fixpoint is complete.
    proven_done: bool,
    /// Whether some round test depends on repetitions, once checked.
    open: Option<bool>,
    /// The iterations the possible fixpoint takes (its largest rank, and one that adds nothing),
    /// set once it is complete: it is found from above, so until then no rank of it is
    /// final. (States saved by earlier versions count its iterations finished so far.)
    possible_iterations: u32,
    /// Whether the possible fixpoint is complete (absent in states saved before it was kept).
    #[serde(default)]
    possible_done: bool,
    /// The counter values of the round games solved by counters.
    counters: Vec<CounterValue>,
    /// Rounds to each side's win by round start, if it wins: in the proven fixpoint, then the
    /// possible one; South, then North.
    ranks: [[Vec<Option<u32>>; 2]; 2],
}

#[derive(Clone, Debug, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
struct CounterValue {
    game: RoundGame,
    bounds: Bounds,
    nodes: u64,
}

/// Why a saved state cannot be resumed.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum StateError {
    /// It is a state of other rules.
    OtherRules {
        /// The rules it was saved for.
        saved: String,
    },
    /// Its tables do not have one entry for each round start.
    WrongSize,
}

impl fmt::Display for StateError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            StateError::OtherRules { saved } => {
                write!(f, "the state was saved for other rules ({saved})")
            }
            StateError::WrongSize => write!(f, "the state does not hold every round start"),
        }
    }
}

impl std::error::Error for StateError {}

impl MatchState {
    fn new(rules: Rules) -> MatchState {
        let n = RoundStart::all(rules).count();
        let none = || [vec![None; n], vec![None; n]];
        MatchState {
            rules: rules.to_string(),
            iterations: 0,
            proven_done: false,
            open: None,
            possible_iterations: 0,
            possible_done: false,
            counters: Vec::new(),
            ranks: [none(), none()],
        }
    }

    /// What the state proves of every round start, once the proven fixpoint is complete
    /// (`None` before). Sound at every stage of the possible fixpoint: until it is complete, a
    /// side it has not found winning is taken to win, at best, in one round more than the
    /// iterations it counts (none, for a state of this version: found from above, the possible
    /// ranks are kept only once final), which is all it proves.
    pub fn values(&self) -> Option<Vec<Proven>> {
        if !self.proven_done {
            return None;
        }
        let [proven, possible] = &self.ranks;
        // With no test open to repetitions, what is possible is what is proven.
        let (possible, done) = match self.open {
            Some(false) => (proven, true),
            _ => (possible, self.possible_done),
        };
        let win = |winner: Side, rounds: u32| MatchValue::Win { winner, rounds };
        // `side`'s fastest possible win at `i`: found, or not within the iterations done.
        let fastest = |side: Side, i: usize| -> Option<MatchValue> {
            match possible[side.index()][i] {
                Some(q) => Some(win(side, q)),
                None if done => None,
                None => Some(win(side, self.possible_iterations + 1)),
            }
        };
        let n = proven[0].len();
        Some(
            (0..n)
                .map(|i| {
                    let slowest = |side: Side| proven[side.index()][i].map(|r| win(side, r));
                    // A proven win is the winner's slowest; the other side cannot win at all.
                    let worst = slowest(Side::South)
                        .or_else(|| fastest(Side::North, i))
                        .unwrap_or(MatchValue::Draw);
                    let best = slowest(Side::North)
                        .or_else(|| fastest(Side::South, i))
                        .unwrap_or(MatchValue::Draw);
                    Proven { worst, best }
                })
                .collect(),
        )
    }

    /// Whether this state can be resumed under `rules`.
    pub fn check(&self, rules: &Rules) -> Result<(), StateError> {
        if self.rules != rules.to_string() {
            return Err(StateError::OtherRules {
                saved: self.rules.clone(),
            });
        }
        let n = RoundStart::all(*rules).count();
        if self.ranks.iter().flatten().any(|r| r.len() != n) {
            return Err(StateError::WrongSize);
        }
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::super::possible::Ranks;
    use super::*;

    /// The possible fixpoint the plain way: iteration k asks every round start not yet won
    /// whether the other player cannot force the round outside "a win, or a round start won
    /// within k - 1 rounds", an attractor from scratch for each test.
    fn possible_by_iterations(rules: &Rules, rounds: &Rounds, proven: &[Ranks; 2]) -> [Ranks; 2] {
        let n = proven[0].len();
        let mut ranks: [Ranks; 2] = [vec![None; n], vec![None; n]];
        for k in 1.. {
            let before = ranks.clone();
            for side in Side::ALL {
                let wins = goal(rules, side, &before[side.index()]);
                for (i, start) in RoundStart::all(*rules).enumerate() {
                    if before[side.index()][i].is_none()
                        && proven[(!side).index()][i].is_none()
                        && rounds.ask(start, side, &wins, Bound::Possible)
                    {
                        ranks[side.index()][i] = Some(k);
                    }
                }
            }
            if ranks == before {
                return ranks;
            }
        }
        unreachable!()
    }

    #[test]
    fn possible_ranks_from_above_are_the_iterations_ranks() {
        // Boards where some round start's value depends on repetitions (SOLVING.md 7.4).
        for text in [
            "canonical/holes=4,counters=5,fours=sower",
            "canonical/holes=5,counters=4",
        ] {
            let rules: Rules = text.parse().unwrap();
            let mut state = MatchState::new(rules);
            let (rounds, _) =
                solve_rounds(rules, &MatchOptions::default(), &mut state, &mut |_| {});
            proven_fixpoint(&rules, &rounds, &mut state, &mut |_| {}, &mut |_| {});
            let found = possible_ranks(&rules, &rounds, &state.ranks[0], &mut |_| {});
            assert!(found.open, "{text}: some rank depends on repetitions");
            assert_eq!(
                found.ranks,
                possible_by_iterations(&rules, &rounds, &state.ranks[0]),
                "{text}"
            );
        }
    }
}
