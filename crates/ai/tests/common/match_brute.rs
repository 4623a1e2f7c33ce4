//! The value of a whole match by brute force: minimax over every line of play with
//! [`Game::try_play`] and [`Game::undo`], the rules (rule 8(b) within rounds, decision 11 across
//! them) applied by [`Game`] itself, on the full history. It is what the match solver is
//! measured against, so it uses the engine alone and shares no code with any solver.
//!
//! A value is the match's result with the number of rounds it lasts, this round included: the
//! winner wins as fast as they can and the loser holds out as long as they can. It is exact
//! because the tree is finite (every match ends, decision 11) and the memo is keyed by
//! everything the rest of the match depends on: the position, the round's leader, how often
//! each position of the current layer (the positions since the last capture) has occurred in
//! this round, and how often each round start has come since the first refill. The number of
//! rounds still to play does not depend on the past beyond that, so memoising it is exact. The
//! search is plain alpha-beta (fail-soft), and the memo keeps for each state the bounds its
//! searches proved, so a cut never stands in for a value.

use rajapasu_engine::{Game, Move, Position, Rules, Side, Status};
use std::collections::HashMap;

/// A match's result under perfect play from a position.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum MatchValue {
    /// `winner` wins, in `rounds` rounds counted from the current one.
    Won { winner: Side, rounds: u32 },
    /// Neither can win: decision 11 ends the match drawn.
    Drawn,
}

/// Scores in South's favour, ordered as the players prefer: a win sooner is worth more.
const WIN: i32 = 1_000_000;
/// Beyond every score, also after the shifts at round ends.
const INF: i32 = 2 * WIN;

/// A score one round earlier: the value at the end of a round, seen from the move that ended
/// it (a win one round further off, a draw still a draw).
fn earlier(s: i32) -> i32 {
    s - s.signum()
}

/// The inverse of [`earlier`] on window bounds: `earlier(s) <= x` exactly when
/// `s <= later(x)`, and the same for `>=`.
fn later(x: i32) -> i32 {
    x + x.signum()
}

impl MatchValue {
    fn score(self) -> i32 {
        match self {
            MatchValue::Won { winner, rounds } => {
                let s = WIN - rounds as i32;
                if winner == Side::South {
                    s
                } else {
                    -s
                }
            }
            MatchValue::Drawn => 0,
        }
    }

    fn of_score(s: i32) -> MatchValue {
        match s {
            0 => MatchValue::Drawn,
            s if s > 0 => MatchValue::Won {
                winner: Side::South,
                rounds: (WIN - s) as u32,
            },
            s => MatchValue::Won {
                winner: Side::North,
                rounds: (WIN + s) as u32,
            },
        }
    }
}

/// The brute force ran out of nodes: the board is too large for it.
#[derive(Debug)]
pub struct OutOfNodes(pub u64);

/// Counts of positions (a layer's) or of round starts, sorted, so that equal multisets are
/// equal vectors.
type Multiset = Vec<(Vec<u8>, u8)>;

fn add(set: &mut Multiset, key: Vec<u8>) {
    match set.binary_search_by(|(k, _)| k.cmp(&key)) {
        Ok(i) => set[i].1 += 1,
        Err(i) => set.insert(i, (key, 1)),
    }
}

fn remove(set: &mut Multiset, key: &[u8]) {
    let i = set
        .binary_search_by(|(k, _)| k.as_slice().cmp(key))
        .expect("removed what was added");
    set[i].1 -= 1;
    if set[i].1 == 0 {
        set.remove(i);
    }
}

/// Hole counts with closed holes marked, as both rows are written.
fn holes(pos: &Position) -> impl Iterator<Item = u8> + '_ {
    Side::ALL
        .into_iter()
        .flat_map(|side| pos.row(side).map(|c| c.unwrap_or(u8::MAX)))
}

/// What rule 8(b) compares: the holes and the side to move.
fn board_key(pos: &Position) -> Vec<u8> {
    let mut k: Vec<u8> = holes(pos).collect();
    k.push(pos.to_move().index() as u8);
    k
}

/// What decision 11 compares: the holes, the reserves and the leader.
fn round_start_key(game: &Game) -> Vec<u8> {
    let pos = game.position();
    let mut k: Vec<u8> = holes(pos).collect();
    k.extend(Side::ALL.map(|s| pos.reserve(s) as u8));
    k.push(game.leader().index() as u8);
    k
}

/// Everything the rest of the match depends on, but for the history: the position with its
/// captures and reserves, and the leader of the round.
fn state_key(game: &Game) -> Vec<u8> {
    let pos = game.position();
    let mut k = board_key(pos);
    k.extend(Side::ALL.map(|s| pos.captured(s) as u8));
    k.extend(Side::ALL.map(|s| pos.reserve(s) as u8));
    k.push(game.leader().index() as u8);
    k
}

#[derive(PartialEq, Eq, Hash)]
struct Key {
    state: Vec<u8>,
    layer: Multiset,
    starts: Multiset,
}

/// What the searches of a state proved: its value lies in `lo..=hi`.
#[derive(Clone, Copy)]
struct Bounds {
    lo: i32,
    hi: i32,
}

/// A brute force over whole matches, with its memo and a node budget.
pub struct MatchBrute {
    memo: HashMap<Key, Bounds>,
    /// Nodes searched so far (memo hits not counted).
    pub nodes: u64,
    budget: u64,
}

impl MatchBrute {
    /// A brute force that gives up after `budget` nodes.
    pub fn new(budget: u64) -> MatchBrute {
        MatchBrute {
            memo: HashMap::new(),
            nodes: 0,
            budget,
        }
    }

    /// The value of the match from a freshly set-up game, whose start counts as the first
    /// occurrence of its position; round starts count from the first refill (decision 11).
    pub fn value(&mut self, game: &Game) -> Result<MatchValue, OutOfNodes> {
        let mut game = fresh(game);
        let mut layer = vec![(board_key(game.position()), 1)];
        let s = self.search(&mut game, &mut layer, &mut Vec::new(), -INF, INF)?;
        Ok(MatchValue::of_score(s))
    }

    /// The value of each legal move from a freshly set-up game, in hole order.
    pub fn move_values(&mut self, game: &Game) -> Result<Vec<(Move, MatchValue)>, OutOfNodes> {
        let mut game = fresh(game);
        let mut layer = vec![(board_key(game.position()), 1)];
        let mut out = Vec::new();
        for &mv in &game.legal_moves() {
            let s = self.after(&mut game, mv, &mut layer, &mut Vec::new(), -INF, INF)?;
            out.push((mv, MatchValue::of_score(s)));
        }
        Ok(out)
    }

    /// The score if it lies strictly within `alpha..beta`; otherwise a bound on the far side
    /// of the window that it passed (fail-soft).
    fn search(
        &mut self,
        game: &mut Game,
        layer: &mut Multiset,
        starts: &mut Multiset,
        mut alpha: i32,
        mut beta: i32,
    ) -> Result<i32, OutOfNodes> {
        match game.status() {
            Status::MatchOver { winner } => {
                return Ok(match winner {
                    Some(Side::South) => WIN,
                    Some(Side::North) => -WIN,
                    None => 0,
                })
            }
            Status::RoundOver { .. } => panic!("the brute force plays matches, not single rounds"),
            Status::Playing => {}
        }
        let key = Key {
            state: state_key(game),
            layer: layer.clone(),
            starts: starts.clone(),
        };
        let known = self
            .memo
            .get(&key)
            .copied()
            .unwrap_or(Bounds { lo: -INF, hi: INF });
        if known.lo == known.hi || known.lo >= beta {
            return Ok(known.lo);
        }
        if known.hi <= alpha {
            return Ok(known.hi);
        }
        let (alpha0, beta0) = (alpha, beta);
        alpha = alpha.max(known.lo);
        beta = beta.min(known.hi);
        self.nodes += 1;
        if self.nodes > self.budget {
            return Err(OutOfNodes(self.budget));
        }
        let south = game.position().to_move() == Side::South;
        let mut best = if south { -INF } else { INF };
        for &mv in &game.legal_moves() {
            let s = self.after(game, mv, layer, starts, alpha, beta)?;
            if south {
                best = best.max(s);
                alpha = alpha.max(s);
            } else {
                best = best.min(s);
                beta = beta.min(s);
            }
            if alpha >= beta {
                break;
            }
        }
        // Fail-soft within the window searched: at or below it `best` is an upper bound, at or
        // above it a lower bound, strictly inside it the value.
        let (low, high) = (alpha0.max(known.lo), beta0.min(known.hi));
        let mut proved = known;
        if best > low {
            proved.lo = proved.lo.max(best);
        }
        if best < high {
            proved.hi = proved.hi.min(best);
        }
        self.memo.insert(key, proved);
        Ok(best)
    }

    /// The score after `mv`, which is played and taken back. A move that ends a round brings
    /// a win one round nearer from here than from the next round's start.
    fn after(
        &mut self,
        game: &mut Game,
        mv: Move,
        layer: &mut Multiset,
        starts: &mut Multiset,
        alpha: i32,
        beta: i32,
    ) -> Result<i32, OutOfNodes> {
        let rounds = game.rounds().len();
        let on_board = game.position().on_board();
        game.try_play(mv).expect("a legal move");
        let s = if game.rounds().len() != rounds {
            let mut fresh = vec![(board_key(game.position()), 1)];
            let start = (!game.status().is_over()).then(|| round_start_key(game));
            if let Some(k) = &start {
                add(starts, k.clone());
            }
            let s = self.search(game, &mut fresh, starts, later(alpha), later(beta))?;
            if let Some(k) = &start {
                remove(starts, k);
            }
            earlier(s)
        } else if game.position().on_board() != on_board {
            let mut fresh = vec![(board_key(game.position()), 1)];
            self.search(game, &mut fresh, starts, alpha, beta)?
        } else {
            let k = board_key(game.position());
            add(layer, k.clone());
            let s = self.search(game, layer, starts, alpha, beta)?;
            remove(layer, &k);
            s
        };
        game.undo();
        Ok(s)
    }
}

/// A game with no history from `game`'s start, refusing single-round rules.
fn fresh(game: &Game) -> Game {
    assert!(
        game.moves().is_empty() && game.rounds().is_empty(),
        "the brute force starts from a freshly set-up game"
    );
    Game::from_position(*game.position())
}

/// The value of the match from the round start where South holds `south` counters and
/// `leader` leads, set up as round 2 by the engine's rule 10.
pub fn round_start_value(
    rules: Rules,
    south: u32,
    leader: Side,
    budget: u64,
) -> Result<(MatchValue, u64), OutOfNodes> {
    let start = rajapasu_engine::RoundStart::new(rules, south, leader).expect("a round start");
    let game = Game::from_position(start.position(2).expect("round 2"));
    let mut brute = MatchBrute::new(budget);
    let v = brute.value(&game)?;
    Ok((v, brute.nodes))
}

/// Runs `f` on a thread with a large stack: a match's lines are deep.
pub fn deep<T: Send + 'static>(f: impl FnOnce() -> T + Send + 'static) -> T {
    std::thread::Builder::new()
        .stack_size(256 << 20)
        .spawn(f)
        .unwrap()
        .join()
        .unwrap()
}

/// Every round start of `rules` (set up as round 2) with its value, each within `budget` nodes;
/// one brute force for all, so that they share what it has learnt.
pub fn every_round_start(
    rules: Rules,
    budget: u64,
) -> Vec<(rajapasu_engine::RoundStart, MatchValue)> {
    deep(move || {
        let mut brute = MatchBrute::new(budget);
        rajapasu_engine::RoundStart::all(rules)
            .map(|start| {
                let game = Game::from_position(start.position(2).unwrap());
                (start, brute.value(&game).unwrap())
            })
            .collect()
    })
}

/// Round by round: each round start's value from the sets of round starts each side wins
/// within `k` rounds, as RULES.md decision 11 and docs/SOLVING.md 7.3 relate them, each round
/// searched by brute force with its history. It settles boards whose rounds go round in
/// circles, where the search over whole matches above does not finish.
///
/// A round test ("can `side` force the round from this start to end in a win or at a round
/// start already won?") is a boolean minimax over every line of the round, played with
/// [`Game::try_play`] and [`Game::undo`] so that [`Game`] applies rule 8(b) on the whole
/// history. Its memo is keyed by the position (with the captures) and the counts of the
/// positions of the current layer on the line that lie in the position's strongly connected
/// component of the round's moves: a position of the layer played before the current one and
/// reachable from it lies in its component (each reaches the other), so no other position of
/// the history can occur again, and the rest of the round does not depend on it.
pub mod by_rounds {
    use super::{board_key, deep, remove, MatchValue, Multiset, OutOfNodes};
    use rajapasu_engine::{Game, Position, RoundOutcome, RoundStart, Rules, Side};
    use std::collections::HashMap;

    /// A position's key within a round: its holes, the side to move and the captures.
    fn round_key(pos: &Position) -> Vec<u8> {
        let mut k = board_key(pos);
        k.extend(Side::ALL.map(|s| pos.captured(s) as u8));
        k
    }

    /// The strongly connected components of the moves between the positions a round start
    /// reaches, by key, found with Tarjan's algorithm (iterative: rounds are deep).
    fn components(root: Position) -> HashMap<Vec<u8>, u32> {
        struct Frame {
            pos: Position,
            key: Vec<u8>,
            next: usize,
        }
        let mut order: HashMap<Vec<u8>, (u32, u32)> = HashMap::new(); // (index, low)
        let mut on_stack: HashMap<Vec<u8>, bool> = HashMap::new();
        let mut stack: Vec<Vec<u8>> = Vec::new();
        let mut component: HashMap<Vec<u8>, u32> = HashMap::new();
        let mut counter = 0u32;
        let mut comps = 0u32;
        let root_key = round_key(&root);
        order.insert(root_key.clone(), (0, 0));
        on_stack.insert(root_key.clone(), true);
        stack.push(root_key.clone());
        counter += 1;
        let mut frames = vec![Frame {
            pos: root,
            key: root_key,
            next: 0,
        }];
        while let Some(frame) = frames.last_mut() {
            let moves = frame.pos.legal_moves();
            if frame.next < moves.len() {
                let mut child = frame.pos;
                child.play(moves[frame.next]);
                frame.next += 1;
                let ck = round_key(&child);
                match order.get(&ck) {
                    None => {
                        order.insert(ck.clone(), (counter, counter));
                        counter += 1;
                        on_stack.insert(ck.clone(), true);
                        stack.push(ck.clone());
                        frames.push(Frame {
                            pos: child,
                            key: ck,
                            next: 0,
                        });
                    }
                    Some(&(index, _)) => {
                        if on_stack.get(&ck) == Some(&true) {
                            let low = &mut order.get_mut(&frame.key).unwrap().1;
                            *low = (*low).min(index);
                        }
                    }
                }
            } else {
                let frame = frames.pop().unwrap();
                let (index, low) = order[&frame.key];
                if let Some(parent) = frames.last() {
                    let plow = &mut order.get_mut(&parent.key).unwrap().1;
                    *plow = (*plow).min(low);
                }
                if index == low {
                    loop {
                        let k = stack.pop().unwrap();
                        on_stack.insert(k.clone(), false);
                        let done = k == frame.key;
                        component.insert(k, comps);
                        if done {
                            break;
                        }
                    }
                    comps += 1;
                }
            }
        }
        component
    }

    /// One round test's search.
    struct Test<'a> {
        side: Side,
        goal: &'a dyn Fn(RoundOutcome) -> bool,
        component: &'a HashMap<Vec<u8>, u32>,
        memo: HashMap<(Vec<u8>, Multiset), bool>,
        nodes: &'a mut u64,
        budget: u64,
    }

    impl Test<'_> {
        /// Whether `side` forces the goal from here; `layer` counts the positions of the
        /// current layer on the line, the current one included.
        fn forces(&mut self, game: &mut Game, layer: &mut Multiset) -> Result<bool, OutOfNodes> {
            let pos = *game.position();
            let key = round_key(&pos);
            let c = self.component[&key];
            let relevant: Multiset = layer
                .iter()
                .filter(|(k, _)| {
                    let mut full = k.clone();
                    full.extend(Side::ALL.map(|s| pos.captured(s) as u8));
                    self.component.get(&full) == Some(&c)
                })
                .cloned()
                .collect();
            let memo_key = (key, relevant);
            if let Some(&known) = self.memo.get(&memo_key) {
                return Ok(known);
            }
            *self.nodes += 1;
            if *self.nodes > self.budget {
                return Err(OutOfNodes(self.budget));
            }
            let mine = pos.to_move() == self.side;
            let mut answer = !mine;
            let rounds = game.rounds().len();
            for &mv in &game.legal_moves() {
                game.try_play(mv).expect("a legal move");
                let wins = if game.rounds().len() != rounds {
                    Ok((self.goal)(game.round_outcome().expect("the round ended")))
                } else if game.position().on_board() != pos.on_board() {
                    let mut fresh = vec![(board_key(game.position()), 1)];
                    self.forces(game, &mut fresh)
                } else {
                    let k = board_key(game.position());
                    super::add(layer, k.clone());
                    let w = self.forces(game, layer);
                    remove(layer, &k);
                    w
                };
                game.undo();
                if wins? == mine {
                    answer = mine;
                    break;
                }
            }
            self.memo.insert(memo_key, answer);
            Ok(answer)
        }
    }

    /// Every round start's value (set up as round 2), with the search nodes it took; gives up
    /// after `budget` nodes.
    pub fn every_round_start(
        rules: Rules,
        budget: u64,
    ) -> Result<(Vec<(RoundStart, MatchValue)>, u64), OutOfNodes> {
        deep(move || {
            let starts: Vec<RoundStart> = RoundStart::all(rules).collect();
            let slot: HashMap<RoundStart, usize> =
                starts.iter().enumerate().map(|(i, &s)| (s, i)).collect();
            // The components of each round start's round (round starts that set up the same
            // board share them: the keys hold no reserves).
            let mut by_board: HashMap<Vec<u8>, HashMap<Vec<u8>, u32>> = HashMap::new();
            let mut ranks = [vec![None; starts.len()], vec![None; starts.len()]];
            let mut nodes = 0u64;
            for k in 1u32.. {
                let before = ranks.clone();
                let mut added = false;
                for side in Side::ALL {
                    for (i, &start) in starts.iter().enumerate() {
                        if before[side.index()][i].is_some() {
                            continue;
                        }
                        let root = start.position(2).expect("round 2");
                        let component = by_board
                            .entry(round_key(&root))
                            .or_insert_with(|| components(root));
                        let won = &before[side.index()];
                        let goal = |o: RoundOutcome| match o {
                            RoundOutcome::MatchWon(w) => w == side,
                            RoundOutcome::Next(n) => won[slot[&n]].is_some(),
                        };
                        let mut test = Test {
                            side,
                            goal: &goal,
                            component,
                            memo: HashMap::new(),
                            nodes: &mut nodes,
                            budget,
                        };
                        let mut game = Game::from_position(root);
                        let mut layer = vec![(board_key(&root), 1)];
                        if test.forces(&mut game, &mut layer)? {
                            ranks[side.index()][i] = Some(k);
                            added = true;
                        }
                    }
                }
                if !added {
                    break;
                }
            }
            let values = starts
                .iter()
                .enumerate()
                .map(|(i, &s)| {
                    let v = match (ranks[0][i], ranks[1][i]) {
                        (Some(rounds), None) => MatchValue::Won {
                            winner: Side::South,
                            rounds,
                        },
                        (None, Some(rounds)) => MatchValue::Won {
                            winner: Side::North,
                            rounds,
                        },
                        (None, None) => MatchValue::Drawn,
                        (Some(_), Some(_)) => panic!("{s:?} won by both sides"),
                    };
                    (s, v)
                })
                .collect();
            Ok((values, nodes))
        })
    }
}
