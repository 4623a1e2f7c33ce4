//! The whole graph of a round: every position a round start can reach before the round ends,
//! with its moves, and who can force the round to end where they want.
//!
//! Inside a round the captures only grow, so a position's future depends on the board, the
//! side to move and South's captures so far (North's follow by conservation). The graph has
//! one node for each, found by playing every move from the round start with the engine. Its
//! leaves are the positions where the player to move has no move: rule 8(a) ends the round
//! there, and [`RoundStart::outcome`] says where the match goes next.
//!
//! Rule 8(b) ends a round on the third occurrence of a position, which depends on the line
//! played and not on the position alone. So the graph has no leaf for it. It answers "can
//! this player force the round to end in one of these outcomes?" in two games that bound the
//! true one ([`RoundGraph::attractor`]): the player either reaches one of them by rule 8(a)
//! whatever the other does, which never repeats a position and so never meets rule 8(b); or
//! the other player can force an outcome outside them the same way. When neither can, the
//! answer depends on repetitions, and the match solver says so instead of guessing
//! (docs/SOLVING.md, "The match").

use super::climb::climb;
use super::node_table::NodeTable;
use rajapasu_engine::{BySide, Ending, Position, RoundOutcome, RoundStart, Side, MAX_HOLES};
use std::collections::VecDeque;
use std::hash::Hash;

/// A node of the graph: an index into its arrays. The round start is node 0.
pub type Node = u32;

/// The graph of the round a round game sets up (see the module docs).
///
/// ```
/// use rajapasu_ai::match_solver::round_graph::RoundGraph;
/// use rajapasu_engine::{RoundStart, Rules, Side};
/// let rules = "canonical/holes=3,counters=1".parse().unwrap();
/// // Round start B of RULES.md decision 11: South holds 4 and leads.
/// let b = RoundStart::new(rules, 4, Side::South).unwrap();
/// let graph = RoundGraph::build(b);
/// assert!(graph.len() > 1);
/// // South can end the match in this round: North left with less than one counter.
/// let won = graph.attractor(Side::South, |outcome| {
///     outcome == rajapasu_engine::RoundOutcome::MatchWon(Side::South)
/// });
/// assert!(won.contains(0));
/// ```
pub struct RoundGraph {
    start: RoundStart,
    /// Each node's number of distinct children: what an attractor counts down at the other
    /// player's positions. The children themselves are not kept: the questions go backwards
    /// only, from the leaves through the parents.
    degree: Vec<u8>,
    /// Where each node's parents start in `parents` (one more entry than nodes).
    first_parent: Vec<u32>,
    /// For each node, the nodes with a move to it, each once.
    parents: Vec<Node>,
    /// Bit `n` set: South is to move at node `n`.
    south_moves: Bits,
    /// The leaves (rule 8(a)), grouped by what decides their outcome ([`LeafClass`]).
    leaves: Vec<Node>,
    /// The groups of `leaves`, each a range of it.
    classes: Vec<LeafClass>,
    on_board: u32,
    /// The moves, counting a move to a position once for each hole that leads there.
    moves: usize,
    /// Whether a line from the round start can go round in circles.
    cyclic: bool,
}

/// What sorts a leaf into its [`LeafClass`]: South's captures with the board's award, who is
/// stuck, and the award.
type LeafKey = (u8, Side, u8);

/// The leaves whose outcome is the same for every round start of the graph's round game:
/// what South captured in the round, the board's award included, who is stuck, and that
/// award (the counters left on the board, which decide who leads when there are none: the
/// `empty-board` option). A goal is asked once a class, not once a leaf.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord)]
struct LeafClass {
    south: u8,
    stuck: Side,
    left: u8,
    /// Where its leaves start in `RoundGraph::leaves`.
    first: u32,
    /// Where they end.
    end: u32,
}

impl RoundGraph {
    /// Finds every position of the round `start` sets up, by playing every move.
    ///
    /// # Panics
    /// If the round has more than `u32::MAX` positions, which no rule set of at most 255
    /// counters on the board comes near.
    pub fn build(start: RoundStart) -> RoundGraph {
        let root = start.position(1).expect("round 1 is a position's round");
        match Ranker::new(root.counts().len(), root.on_board()) {
            Some(ranker) => RoundGraph::build_keyed(start, root, |p| ranker.rank(p)),
            None => RoundGraph::build_keyed(start, root, key),
        }
    }

    /// [`RoundGraph::build`], numbering the positions in a table by `key`, which tells them
    /// apart.
    ///
    /// Positions are expanded in the order they were found, and each move's position is looked
    /// up in the table a few positions later than it was worked out, its place asked for in
    /// between (see `node_table`): the lookups then overlap instead of each waiting for
    /// memory.
    fn build_keyed<K: Copy + Default + Eq + Hash>(
        start: RoundStart,
        root: Position,
        key: impl Fn(&Position) -> K,
    ) -> RoundGraph {
        /// Positions expanded ahead of the one whose moves are looked up.
        const AHEAD: usize = 8;
        let mut index = NodeTable::new();
        let mut queue: VecDeque<Position> = VecDeque::from([root]);
        let mut found: u32 = 1;
        let root_key = key(&root);
        index.node(root_key, NodeTable::hash(&root_key), || 0);
        // Expanded, not yet looked up: each position's side to move, leaf class, moves and
        // number of children, and the children themselves (key, hash, position).
        let mut expanded: VecDeque<(Side, Option<LeafKey>, usize)> = VecDeque::new();
        let mut pending: VecDeque<(K, u64, Position)> = VecDeque::new();
        let mut degree = Vec::new();
        let mut first_child = vec![0u32];
        let mut children = Vec::new();
        let mut south_moves = Bits::default();
        // (class key, node) of every leaf, sorted into classes below.
        let mut leaves: Vec<(LeafKey, Node)> = Vec::new();
        let mut moves = 0;
        // Nodes are numbered as they are found and expanded in that order, so the queue's front
        // is always node `next` plus the positions expanded but not yet looked up.
        let mut next: Node = 0;
        loop {
            while expanded.len() < AHEAD {
                let Some(pos) = queue.pop_front() else { break };
                let legal = pos.legal_moves();
                let leaf = legal.is_empty().then(|| {
                    let taker = !pos.to_move();
                    let mut south = pos.captured(Side::South);
                    if taker == Side::South {
                        south += pos.on_board();
                    }
                    (south as u8, pos.to_move(), pos.on_board() as u8)
                });
                for &mv in legal.iter() {
                    let mut child = pos;
                    child.play(mv);
                    let k = key(&child);
                    let hash = NodeTable::hash(&k);
                    index.fetch(hash);
                    pending.push_back((k, hash, child));
                }
                expanded.push_back((pos.to_move(), leaf, legal.len()));
            }
            let Some((to_move, leaf, legal)) = expanded.pop_front() else {
                break;
            };
            south_moves.push(to_move == Side::South);
            moves += legal;
            if let Some(class) = leaf {
                leaves.push((class, next));
            }
            let first = children.len();
            for (k, hash, child) in pending.drain(..legal) {
                let id = index.node(k, hash, || {
                    queue.push_back(child);
                    found = found
                        .checked_add(1)
                        .expect("under 2^32 positions in a round");
                    found - 1
                });
                // Two holes that lead to the same position are one choice.
                if !children[first..].contains(&id) {
                    children.push(id);
                }
            }
            degree.push((children.len() - first) as u8);
            first_child.push(children.len() as u32);
            next += 1;
        }
        drop(index);
        let (first_parent, parents) = invert(&first_child, &children);
        drop(children);
        drop(first_child);
        leaves.sort_unstable();
        let mut classes: Vec<LeafClass> = Vec::new();
        for (i, &((south, stuck, left), _)) in leaves.iter().enumerate() {
            match classes.last_mut() {
                Some(c) if (c.south, c.stuck, c.left) == (south, stuck, left) => c.end += 1,
                _ => classes.push(LeafClass {
                    south,
                    stuck,
                    left,
                    first: i as u32,
                    end: i as u32 + 1,
                }),
            }
        }
        let mut graph = RoundGraph {
            start,
            degree,
            first_parent,
            parents,
            south_moves,
            leaves: leaves.into_iter().map(|(_, n)| n).collect(),
            classes,
            on_board: root.on_board(),
            moves,
            cyclic: false,
        };
        graph.cyclic = graph.root_reaches_a_cycle();
        graph
    }

    /// Whether some line from the round start comes back to a position: the positions from
    /// which every line ends are peeled off from the leaves up, and what is left reaches a
    /// cycle. (A round start is never left: every position is reachable from it.)
    fn root_reaches_a_cycle(&self) -> bool {
        // Everyone plays "the other player": a position is peeled once all its moves are.
        let mut left = self.degree.clone();
        climb(
            &self.first_parent,
            &self.parents,
            self.leaves.clone(),
            &mut left[..],
            |left, p| [&left[p as usize] as *const u8; 2],
            |left, p| {
                left[p as usize] -= 1;
                left[p as usize] == 0
            },
        );
        left[0] != 0
    }

    /// Whether some line of the round can go round in circles. If none can, every line ends
    /// by rule 8(a), rule 8(b) never applies, and each question has the same answer in both
    /// bounding games: one of the players can force it, by determinacy of finite games.
    pub fn cyclic(&self) -> bool {
        self.cyclic
    }

    /// The round start the graph was built from. The graph serves every round start that
    /// sets up the same board and leader: they differ only in the reserves.
    pub fn start(&self) -> RoundStart {
        self.start
    }

    /// The number of positions.
    pub fn len(&self) -> usize {
        self.degree.len()
    }

    /// Whether the graph is empty; it never is, since it holds its round start.
    pub fn is_empty(&self) -> bool {
        self.len() == 0
    }

    /// The number of moves, counting a move to a position once for each hole that leads there.
    pub fn edges(&self) -> usize {
        self.moves
    }

    /// The number of positions where the round ends by rule 8(a).
    pub fn leaf_count(&self) -> usize {
        self.leaves.len()
    }

    /// Bytes held by the graph's arrays.
    pub fn bytes(&self) -> usize {
        self.degree.len()
            + 4 * (self.first_parent.len() + self.parents.len() + self.leaves.len())
            + self.south_moves.words.len() * 8
            + self.classes.len() * std::mem::size_of::<LeafClass>()
    }

    /// Who is to move at `node`.
    pub fn to_move(&self, node: Node) -> Side {
        if self.south_moves.contains(node) {
            Side::South
        } else {
            Side::North
        }
    }

    /// Where the round leads if it ends at a leaf of `class` by rule 8(a), when it was started
    /// from `start` (the graph's round start or one with the same board and leader).
    fn leaf_outcome(&self, start: RoundStart, class: &LeafClass) -> RoundOutcome {
        let south = u32::from(class.south);
        let captured = BySide::new(south, self.on_board - south);
        let ending = Ending::NoMoves {
            stuck: class.stuck,
            left: u32::from(class.left),
        };
        start.outcome(captured, ending)
    }

    /// Whether some leaf of the round from `start` (the graph's round start or one with the
    /// same board and leader) has an outcome `pred` accepts.
    pub fn leads_to(&self, start: RoundStart, pred: impl Fn(RoundOutcome) -> bool) -> bool {
        self.classes
            .iter()
            .any(|class| pred(self.leaf_outcome(start, class)))
    }

    /// The positions from which `player` can force the round to end by rule 8(a) in an
    /// outcome that `goal` accepts, for the graph's own round start. Endless play counts as
    /// failure for `player`, so the strategy this proves never repeats a position (it lowers
    /// the distance to the goal at every move) and rule 8(b) cannot interfere.
    pub fn attractor(&self, player: Side, goal: impl Fn(RoundOutcome) -> bool) -> Attractor {
        self.attractor_from(self.start, player, goal)
    }

    /// [`RoundGraph::attractor`] for another round start `start` with the same board and
    /// leader: the leaves' outcomes take `start`'s reserves.
    pub fn attractor_from(
        &self,
        start: RoundStart,
        player: Side,
        goal: impl Fn(RoundOutcome) -> bool,
    ) -> Attractor {
        let mut a = self.empty_attractor(start, player);
        self.grow(&mut a, goal);
        a
    }

    /// An attractor with no goal yet, to [`grow`](RoundGraph::grow) as goals grow.
    pub fn empty_attractor(&self, start: RoundStart, player: Side) -> Attractor {
        Attractor {
            start,
            player,
            // Zeros: the system hands them out untouched, so an attractor holds memory only
            // where it has grown (the proven fixpoint keeps one for every round start it asks).
            led: vec![0; self.len()],
            taken: vec![false; self.classes.len()],
        }
    }

    /// Grows `a` to the attractor of a larger goal: every leaf `goal` accepts joins, with all
    /// it brings. Growing by a sequence of ever larger goals costs one pass over the graph in
    /// all, which is what makes the match's fixpoint affordable: each of its iterations only
    /// adds round starts to the goal. The goal is asked once for each class of leaves with
    /// the same outcome, so a growth that adds nothing costs next to nothing.
    ///
    /// ```
    /// use rajapasu_ai::match_solver::round_graph::RoundGraph;
    /// use rajapasu_engine::{RoundOutcome, RoundStart, Rules, Side};
    /// let rules = "canonical/holes=3,counters=2".parse().unwrap();
    /// let start = RoundStart::new(rules, 6, Side::South).unwrap();
    /// let graph = RoundGraph::build(start);
    /// let wins = |o: RoundOutcome| o == RoundOutcome::MatchWon(Side::South);
    /// let mut a = graph.empty_attractor(start, Side::South);
    /// graph.grow(&mut a, |_| false);
    /// assert!(!a.contains(0));
    /// graph.grow(&mut a, wins);
    /// assert_eq!(a.contains(0), graph.attractor(Side::South, wins).contains(0));
    /// ```
    pub fn grow(&self, a: &mut Attractor, goal: impl Fn(RoundOutcome) -> bool) {
        let mut wave: Vec<Node> = Vec::new();
        for (class, taken) in self.classes.iter().zip(a.taken.iter_mut()) {
            if *taken || !goal(self.leaf_outcome(a.start, class)) {
                continue;
            }
            *taken = true;
            for &node in &self.leaves[class.first as usize..class.end as usize] {
                a.led[node as usize] = IN;
                wave.push(node);
            }
        }
        let player = a.player;
        climb(
            &self.first_parent,
            &self.parents,
            wave,
            &mut a.led[..],
            |led, p| [&led[p as usize], &self.degree[p as usize]],
            |led, p| {
                let led = &mut led[p as usize];
                if *led == IN {
                    return false;
                }
                *led += 1;
                let joins = self.to_move(p) == player || *led == self.degree[p as usize];
                if joins {
                    *led = IN;
                }
                joins
            },
        );
    }
}

/// `Attractor::led` of a node in the attractor.
const IN: u8 = u8::MAX;

/// The positions from which a player can force the round into a goal, kept so that it can
/// grow with the goal ([`RoundGraph::grow`]).
pub struct Attractor {
    start: RoundStart,
    player: Side,
    /// [`IN`] for a node in the attractor; otherwise, at the other player's positions, the
    /// moves known to lead into it (no node has 255 moves).
    led: Vec<u8>,
    /// The classes of leaves already in it.
    taken: Vec<bool>,
}

impl Attractor {
    /// Whether `node` is in the attractor.
    pub fn contains(&self, node: Node) -> bool {
        self.led[node as usize] == IN
    }

    /// How many nodes are in it.
    pub fn count(&self) -> usize {
        self.led.iter().filter(|&&l| l == IN).count()
    }
}

/// The graph's key of a position: the hole counts, South's captures and the side to move.
/// Closed holes are the same throughout a round, so the counts tell the board. Every number is
/// at most [`rajapasu_engine::MAX_TOTAL`] (255), so a byte holds it.
pub(crate) type Key = [u8; MAX_HOLES + 2];

pub(crate) fn key(pos: &Position) -> Key {
    let mut k = [0u8; MAX_HOLES + 2];
    let counts = pos.counts();
    k[..counts.len()].copy_from_slice(counts);
    k[MAX_HOLES] = pos.captured(Side::South) as u8;
    k[MAX_HOLES + 1] = u8::from(pos.to_move() == Side::South);
    k
}

/// Numbers a round's positions in eight bytes where their counts take sixteen. A position
/// shares the round's `total` counters among its holes, South's captures and North's (the
/// rest), so it is a way to write `total` as a sum of that many parts in order; those ways are
/// ranked by the combinatorial number system (the part sums, each plus its place, are an
/// increasing sequence, and the rank adds a binomial for each). The side to move is the lowest
/// bit. Used where every rank fits in 64 bits: the canonical round games' 91 counters over 14
/// holes rank below 2^61.
struct Ranker {
    /// `choose[n][k]`, n choose k, for every `k` up to the number of parts (saturated: a rank
    /// only adds entries below its bound, which fits).
    choose: Vec<Vec<u64>>,
}

impl Ranker {
    /// A ranker for positions of `holes` holes sharing `total` counters with the captures, or
    /// `None` if their ranks (times two, for the side) do not fit in 64 bits.
    fn new(holes: usize, total: u32) -> Option<Ranker> {
        // holes + 2 parts: the holes and both captures; n runs to total + parts - 1.
        let parts = holes + 2;
        let top = total as usize + parts;
        let mut choose = vec![vec![0u128; parts + 1]; top + 1];
        for n in 0..=top {
            choose[n][0] = 1;
            for k in 1..=parts.min(n) {
                choose[n][k] = (choose[n - 1][k - 1] + choose[n - 1][k]).min(u128::from(u64::MAX));
            }
        }
        // The number of positions to rank, for each side to move.
        let count = choose[total as usize + parts - 1][parts - 1];
        (count <= u128::from(u64::MAX / 2)).then(|| Ranker {
            choose: choose
                .into_iter()
                .map(|row| row.into_iter().map(|c| c as u64).collect())
                .collect(),
        })
    }

    /// The rank of `pos` (see [`Ranker`]): distinct for distinct keys.
    fn rank(&self, pos: &Position) -> u64 {
        let mut rank = 0;
        let mut sum = 0usize;
        let counts = pos.counts();
        // The parts before the last (North's captures), each closing one bar of the sum.
        let before = counts
            .iter()
            .map(|&c| c as usize)
            .chain(std::iter::once(pos.captured(Side::South) as usize));
        for (j, part) in before.enumerate() {
            sum += part;
            rank += self.choose[sum + j][j + 1];
        }
        rank << 1 | u64::from(pos.to_move() == Side::South)
    }
}

/// Parents from children: for each node, the nodes with a move to it (each once: the children
/// are distinct).
fn invert(first_child: &[u32], children: &[Node]) -> (Vec<u32>, Vec<Node>) {
    let n = first_child.len() - 1;
    let mut first = vec![0u32; n + 1];
    for &c in children {
        first[c as usize + 1] += 1;
    }
    for i in 0..n {
        first[i + 1] += first[i];
    }
    let mut fill = first.clone();
    let mut parents = vec![0; children.len()];
    for p in 0..n {
        for &c in &children[first_child[p] as usize..first_child[p + 1] as usize] {
            parents[fill[c as usize] as usize] = p as Node;
            fill[c as usize] += 1;
        }
    }
    (first, parents)
}

/// A set of nodes, grown one node at a time as they are numbered.
#[derive(Clone, Default, PartialEq, Eq)]
struct Bits {
    words: Vec<u64>,
    len: usize,
}

impl Bits {
    fn push(&mut self, on: bool) {
        if self.len % 64 == 0 {
            self.words.push(0);
        }
        if on {
            self.words[self.len / 64] |= 1 << (self.len % 64);
        }
        self.len += 1;
    }

    /// Whether `node` is in the set.
    fn contains(&self, node: Node) -> bool {
        self.words[node as usize / 64] >> (node % 64) & 1 == 1
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn ranks_number_the_positions_as_their_keys_do() {
        for text in [
            "canonical/holes=3,counters=2",
            "canonical/holes=4,counters=3",
        ] {
            let rules = text.parse().unwrap();
            for start in RoundStart::all(rules) {
                let root = start.position(1).unwrap();
                let ranker = Ranker::new(root.counts().len(), root.on_board()).unwrap();
                let ranked = RoundGraph::build_keyed(start, root, |p| ranker.rank(p));
                let keyed = RoundGraph::build_keyed(start, root, key);
                assert_eq!(ranked.len(), keyed.len(), "{text} {start:?}");
                assert_eq!(ranked.parents, keyed.parents, "{text} {start:?}");
            }
        }
    }

    #[test]
    fn ranks_that_do_not_fit_fall_back_to_keys() {
        // 24 holes sharing 255 counters: far more ways than 2^63.
        assert!(Ranker::new(24, 255).is_none());
        // The canonical round games fit.
        assert!(Ranker::new(14, 98).is_some());
    }
}
