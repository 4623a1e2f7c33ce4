//! A round game with no graph (the first round's, 98 counters on the canonical board): what
//! its counter value decides, and a search of the real round where that cannot tell
//! (docs/SOLVING.md 7.2 and 7.11).
//!
//! The counter value answers a round test only when every outcome on one side of a bound is in
//! the goal, or none is: an interval. The match asks for sets of holdings that are not
//! intervals (one counter more is not always better), and who takes the remainder matters, so
//! some tests stay open. For those, the recording search of the certificates is run in the
//! real round, from the round start down, twice: the asking player's strategy into the goal,
//! then the other player's into its complement. Each strategy found never repeats a position
//! (the search counts a repetition on its line as a failure), so rule 8(b) never fires against
//! it and its answer holds in the real round, in both bounding games. Where neither is found
//! within the search's budget, the test keeps the counter value's answers, proven below and
//! possible above.

use super::round_games::RoundGameValue;
use crate::certify::{record, CertifyError, CertifyOptions, Goal};
use rajapasu_engine::{BySide, Ending, Position, RoundOutcome, RoundStart, Side};
use std::collections::HashMap;
use std::sync::Mutex;

/// A round game answered by its counter value, and by a search where that cannot tell.
pub(super) struct CounterRound {
    /// Its counter value.
    pub(super) value: RoundGameValue,
    /// The most positions one search may visit; 0: no search.
    max_visits: u64,
    /// The searches' answers, by round start, asking player and goal.
    answers: Mutex<HashMap<TestKey, SearchedTest>>,
}

/// A round test: the round start, the asking player, and which outcomes are in the goal (every
/// round start in the order of [`RoundStart::all`], then a match won by South, by North).
type TestKey = (RoundStart, Side, Vec<bool>);

/// A round test searched in the real round, and what it took.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct SearchedTest {
    /// The round start asked at (of the round game solved; a question about its mirror is
    /// asked here, mirrored).
    pub start: RoundStart,
    /// The player asked whether they can force the goal.
    pub player: Side,
    /// How many of the outcomes (every round start, and a match won by either) are in the goal.
    pub goal_size: usize,
    /// `Some(true)`: the player's strategy found; `Some(false)`: the other player's strategy
    /// out of the goal found; `None`: neither, within the budget.
    pub answer: Option<bool>,
    /// Searches run (one player's strategy, one budget each).
    pub searches: u32,
    /// Positions they visited.
    pub visits: u64,
    /// In the order asked.
    pub order: usize,
}

/// What the searches of a round game did: each test, in the order asked.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Searched {
    /// The round tests searched (each once; asked again, it is remembered).
    pub tests: Vec<SearchedTest>,
}

impl Searched {
    /// How many a strategy found settled.
    pub fn settled(&self) -> usize {
        self.tests.iter().filter(|t| t.answer.is_some()).count()
    }

    /// Positions visited in all.
    pub fn visits(&self) -> u64 {
        self.tests.iter().map(|t| t.visits).sum()
    }
}

impl CounterRound {
    /// A round game with its counter value, searched with at most `max_visits` positions a
    /// search where the value cannot tell (0: never searched).
    pub(super) fn new(value: RoundGameValue, max_visits: u64) -> CounterRound {
        CounterRound {
            value,
            max_visits,
            answers: Mutex::new(HashMap::new()),
        }
    }

    /// What its searches did so far.
    pub(super) fn searched(&self) -> Searched {
        let mut tests: Vec<SearchedTest> = self
            .answers
            .lock()
            .expect("not poisoned")
            .values()
            .copied()
            .collect();
        tests.sort_by_key(|t| t.order);
        Searched { tests }
    }

    /// Can `player` force the round from `start` into `goal`: in the proven game of section
    /// 7.2 (`proven`), or the possible one?
    pub(super) fn ask(
        &self,
        start: RoundStart,
        player: Side,
        goal: &dyn Fn(RoundOutcome) -> bool,
        proven: bool,
    ) -> bool {
        let counters = |proven| counter_answer(&self.value, start, player, goal, proven);
        // A proven "yes" is a possible one, a possible "no" a proven one: the counter value
        // leaves a test open only where its two answers differ.
        let (yes, maybe) = (counters(true), counters(false));
        if yes || !maybe {
            return yes;
        }
        match self.search(start, player, goal) {
            Some(answer) => answer,
            None => !proven,
        }
    }

    /// The search's answer to the test, remembered: `Some` when one player's strategy was
    /// found.
    fn search(
        &self,
        start: RoundStart,
        player: Side,
        goal: &dyn Fn(RoundOutcome) -> bool,
    ) -> Option<bool> {
        if self.max_visits == 0 {
            return None;
        }
        let rules = start.rules();
        let outcomes: Vec<bool> = RoundStart::all(*rules)
            .map(RoundOutcome::Next)
            .chain(Side::ALL.map(RoundOutcome::MatchWon))
            .map(goal)
            .collect();
        let key = (start, player, outcomes);
        if let Some(test) = self.answers.lock().expect("not poisoned").get(&key) {
            return test.answer;
        }
        let mut test = SearchedTest {
            start,
            player,
            goal_size: key.2.iter().filter(|&&g| g).count(),
            answer: None,
            searches: 0,
            visits: 0,
            order: 0,
        };
        test.answer = self.search_both(&mut test, goal);
        let mut answers = self.answers.lock().expect("not poisoned");
        test.order = answers.len();
        answers.insert(key, test);
        test.answer
    }

    /// Searches for `player`'s strategy into the goal and the other player's out of it, each
    /// with a budget that grows fourfold to `max_visits`, until one is found or both are known
    /// to be missing.
    fn search_both(
        &self,
        test: &mut SearchedTest,
        goal: &dyn Fn(RoundOutcome) -> bool,
    ) -> Option<bool> {
        let (start, player) = (test.start, test.player);
        let root = start.position(2).expect("round 2 is a round");
        let targets = [
            Target::new(start, player, goal, true),
            Target::new(start, !player, goal, false),
        ];
        // `false` once that player's strategy is known not to exist, whatever the budget.
        let mut open = [true, true];
        let mut budget = (1 << 16).min(self.max_visits);
        loop {
            for (i, target) in targets.iter().enumerate() {
                if !open[i] {
                    continue;
                }
                let inside = i == 0;
                match run(&root, target, budget, test) {
                    Ok(()) => return Some(inside),
                    Err(None) => open[i] = false,
                    Err(Some(_)) => {}
                }
            }
            if open == [false, false] || budget >= self.max_visits {
                return None;
            }
            budget = budget.saturating_mul(4).min(self.max_visits);
        }
    }
}

/// One search, counted in `test`: `Err(None)` if the strategy does not exist, `Err(Some(_))`
/// if the budget ran out first.
fn run(
    root: &Position,
    target: &Target,
    budget: u64,
    test: &mut SearchedTest,
) -> Result<(), Option<CertifyError>> {
    let options = CertifyOptions {
        max_visits: Some(budget),
        ..CertifyOptions::default()
    };
    let (result, took) = record(root, target.prover, target, None, &options, &mut |_| {});
    test.searches += 1;
    test.visits += took.visits;
    result.map(|_| ())
}

/// A round test as the recording search's goal: the prover forces the round to end in an
/// outcome of the goal (`inside`) or in one outside it (`!inside`). Every value is 0.
///
/// The search asks at every position it visits whether every outcome still possible is wanted,
/// or none is: every split of the counters left, with every way the round can end
/// (`every_outcome`). An outcome depends only on South's captures in the round and on how it
/// ended, so each is looked up once, when the target is made, and each question is then
/// answered from counts of wanted outcomes over a range of South's captures.
struct Target {
    prover: Side,
    /// South's captures when the round ends (0 to the counters on the board at its start), by
    /// ending ([`Target::ENDINGS`]): how many of the captures below each are wanted.
    below: [Vec<u32>; 5],
}

impl Target {
    /// The endings, as far as the outcome goes: rule 8(a) with South or North stuck and
    /// counters left, the same on an empty board (decision 12), and rule 8(b).
    const ENDINGS: [(Option<Side>, bool); 5] = [
        (Some(Side::South), true),
        (Some(Side::North), true),
        (Some(Side::South), false),
        (Some(Side::North), false),
        (None, false),
    ];

    /// The target of `goal` (`inside`) or of its complement.
    fn new(
        start: RoundStart,
        prover: Side,
        goal: &dyn Fn(RoundOutcome) -> bool,
        inside: bool,
    ) -> Target {
        let total = start.position(2).expect("round 2 is a round").on_board();
        let wanted = |outcome: RoundOutcome| goal(outcome) == inside;
        let below = Self::ENDINGS.map(|(stuck, left)| {
            let ending = match stuck {
                Some(stuck) => Ending::NoMoves {
                    stuck,
                    left: u32::from(left),
                },
                None => Ending::Repetition,
            };
            let mut below = vec![0];
            for south in 0..=total {
                let captured = BySide::new(south, total - south);
                let n = below[below.len() - 1] + u32::from(wanted(start.outcome(captured, ending)));
                below.push(n);
            }
            below
        });
        Target { prover, below }
    }

    /// How many of South's captures from `from` to `to` are wanted with ending `e`.
    fn count(&self, e: usize, from: u32, to: u32) -> u32 {
        self.below[e][to as usize + 1] - self.below[e][from as usize]
    }

    /// The endings still possible from `pos`, and South's least and most captures.
    fn ahead(pos: &Position) -> ([usize; 3], u32, u32) {
        let (south, left) = (pos.captured(Side::South), pos.on_board());
        // The round ends by rule 8(a) with the board as it will be then, or by rule 8(b).
        let endings = if left > 0 { [0, 1, 4] } else { [2, 3, 4] };
        (endings, south, south + left)
    }
}

impl Goal for Target {
    fn target(&self) -> i32 {
        0
    }

    fn end(&self, pos: &Position) -> Option<i32> {
        // Rule 8(a): the player to move is stuck and the other takes the counters left.
        let stuck = pos.to_move();
        let left = pos.on_board();
        let south = pos.captured(Side::South) + if stuck == Side::North { left } else { 0 };
        let e = stuck.index() + if left > 0 { 0 } else { 2 };
        (self.count(e, south, south) == 1).then_some(0)
    }

    fn decided(&self, pos: &Position) -> Option<i32> {
        let (endings, from, to) = Self::ahead(pos);
        endings
            .iter()
            .all(|&e| self.count(e, from, to) == to - from + 1)
            .then_some(0)
    }

    fn hopeless(&self, pos: &Position) -> bool {
        let (endings, from, to) = Self::ahead(pos);
        endings.iter().all(|&e| self.count(e, from, to) == 0)
    }

    fn refuted_at(&self, _: &Position) -> Option<i32> {
        None
    }
}

/// What a round game's counter value alone says (see `round_games`): South can force
/// holdings of at least `least` and North can hold South to `most`, each by a strategy that
/// ends the round by rule 8(a) without repeating a position. So `player` can force the goal
/// if every such ending on their side of their bound is in it, and cannot if none on the
/// other player's side is. The player who takes the rest under rule 8(a) is not known, nor
/// whether any counters are left for them (which the `empty-board` option looks at), so both
/// leaders are tried: either player stuck, with counters left. `proven`: the answer in the
/// proven game (a "yes" that holds), else in the possible one (a "no" that holds).
fn counter_answer(
    value: &RoundGameValue,
    start: RoundStart,
    player: Side,
    goal: &dyn Fn(RoundOutcome) -> bool,
    proven: bool,
) -> bool {
    let bounds = value.holdings(start);
    let reserve = start.reserve(Side::South);
    let on_board = value.game.on_board(start.rules());
    // The endings with South holding `from` to `to` after the round, either player stuck.
    let endings = |from: u32, to: u32| {
        (from..=to).flat_map(move |held| {
            let south = held - reserve;
            let captured = BySide::new(south, on_board - south);
            Side::ALL.into_iter().map(move |stuck| {
                start.outcome(
                    captured,
                    Ending::NoMoves {
                        stuck,
                        left: on_board,
                    },
                )
            })
        })
    };
    let (forced, other) = match player {
        Side::South => ((bounds.least, reserve + on_board), (reserve, bounds.most)),
        Side::North => ((reserve, bounds.most), (bounds.least, reserve + on_board)),
    };
    if proven {
        endings(forced.0, forced.1).all(goal)
    } else {
        endings(other.0, other.1).any(goal)
    }
}
