//! What every game of the family offers, as one trait: Raja Pasu ([`crate::Game`]) and Raja Pasu
//! Mandiri ([`crate::mandiri::Game`]) both implement [`SowingGame`], so a capability written
//! once over the trait (perft, records, the command line, the server, the terminal game) serves
//! both. [`crate::AnyGame`] holds either, for a choice made at run time.
//!
//! ```
//! use rajapasu_engine::{mandiri, perft, Game, SowingGame};
//!
//! /// The first legal move and what the game looks like after it, for any game of the family.
//! fn first_move<G: SowingGame>(mut game: G) -> String {
//!     let mv = game.legal_moves()[0];
//!     game.try_play(mv).unwrap();
//!     format!("{mv}: {}", game.position())
//! }
//! assert!(first_move(Game::new(Default::default())).starts_with("1: "));
//! assert!(first_move(mandiri::Game::new(Default::default())).starts_with("S3: "));
//! assert_eq!(perft(&mut mandiri::Game::new(Default::default()), 2), 15);
//! ```

use crate::rules::RulesError;
use core::fmt::{Debug, Display};
use core::hash::Hash;
use core::str::FromStr;

/// A game of the family: a position with the history that rounds, repetitions, matches and
/// undo need. Everything a layer needs to play, record, replay and show a game of either kind.
pub trait SowingGame: Clone + Debug + Send + Sync + Sized + 'static {
    /// The rule set, with its options; written as in RULES.md section 6 (`canonical/pussa=chain`,
    /// `mandiri/gift=2`).
    type Rules: Copy
        + Eq
        + Default
        + Debug
        + Display
        + FromStr<Err = RulesError>
        + Send
        + Sync
        + 'static;
    /// A position within a round; its `Display` is its position code.
    type Position: Copy + Eq + Debug + Display + Send + Sync + 'static;
    /// A move; its `Display` and `FromStr` are its name in records and on the command line.
    type Move: Copy + Eq + Hash + Debug + Display + FromStr + Send + Sync + 'static;
    /// Who moves: a side of the board, or a seat.
    type Seat: Copy + Eq + Hash + Debug + Display + Send + Sync + 'static;
    /// Where the game stands.
    type Status: Copy + Eq + Debug + Send + Sync + 'static;
    /// A finished round.
    type RoundResult: Clone + Debug + Send + Sync + 'static;
    /// One step of a move or of what follows it (round ends, refills, the end of the game).
    type Event: Clone + Debug + Send + Sync + 'static;
    /// Why a move cannot be played.
    type IllegalMove: std::error::Error + Clone + Eq + Send + Sync + 'static;
    /// Why a position code was rejected.
    type CodeError: std::error::Error + Clone + Eq + Send + Sync + 'static;
    /// The legal moves of a position.
    type Moves: core::ops::Deref<Target = [Self::Move]>;

    /// The game's name, as the rule set names it (`canonical` is one of Raja Pasu's presets).
    const NAME: &'static str;
    /// How many seats the board has.
    const SEATS: usize;

    /// A game from the start of a match (or a round, in single-round mode) under `rules`.
    fn new(rules: Self::Rules) -> Self;
    /// A game from a set-up position; repetitions are counted from it.
    fn from_position(pos: Self::Position) -> Self;
    /// The start of a match under `rules`.
    fn start_position(rules: Self::Rules) -> Self::Position;
    /// Reads a position code under `rules`.
    fn parse_position(code: &str, rules: Self::Rules) -> Result<Self::Position, Self::CodeError>;

    /// The rule set.
    fn rules(&self) -> &Self::Rules;
    /// The current position.
    fn position(&self) -> &Self::Position;
    /// The position the game was set up from.
    fn start(&self) -> &Self::Position;
    /// Who is to move.
    fn to_move(&self) -> Self::Seat;
    /// The round of `pos`, from 1.
    fn position_round(pos: &Self::Position) -> u32;
    /// The round being played (or the last one, once the game is over), from 1.
    fn round(&self) -> u32 {
        Self::position_round(self.position())
    }
    /// Where the game stands.
    fn status(&self) -> Self::Status;
    /// True once the game is over: no move can be played.
    fn is_over(&self) -> bool;
    /// The finished rounds, in order.
    fn rounds(&self) -> &[Self::RoundResult];
    /// The moves played since the game was set up.
    fn moves(&self) -> &[Self::Move];
    /// The position before each move: the one before move `k + 1` is at `k`. Read from the
    /// history the game keeps for undo, so nothing is replayed.
    fn before_moves(&self) -> impl ExactSizeIterator<Item = &Self::Position> + '_;
    /// The ply at which each round began: 0, then the ply after every move that ended a round
    /// of a match (the position after such a move is the next round's start).
    ///
    /// ```
    /// use rajapasu_engine::{Game, Move, Rules, SowingGame};
    /// let mut game = Game::from_code("0,0,0,0,0,1,0/0,2,0,0,0,0,0 S 60 35", Rules::default()).unwrap();
    /// game.play(Move::new(6).unwrap());
    /// game.play(Move::new(1).unwrap());
    /// assert_eq!(game.round_start_plies(), [0, 1]);
    /// ```
    fn round_start_plies(&self) -> Vec<usize> {
        let afters = self.before_moves().skip(1).chain([self.position()]);
        let mut out = vec![0];
        for (k, (before, after)) in self.before_moves().zip(afters).enumerate() {
            if Self::position_round(after) != Self::position_round(before) {
                out.push(k + 1);
            }
        }
        out
    }

    /// The legal moves; none once the game is over.
    fn legal_moves(&self) -> Self::Moves;
    /// Plays `mv` if it is legal.
    fn try_play(&mut self, mv: Self::Move) -> Result<(), Self::IllegalMove>;
    /// Plays `mv` if it is legal, appending every event of the move and of what follows it.
    fn play_traced(
        &mut self,
        mv: Self::Move,
        events: &mut Vec<Self::Event>,
    ) -> Result<(), Self::IllegalMove>;
    /// Takes back the last move; returns it, or `None` if no move was played.
    fn undo(&mut self) -> Option<Self::Move>;

    /// The position code of the current position.
    fn code(&self) -> String {
        self.position().to_string()
    }
    /// Whether `mv` is legal now.
    fn is_legal(&self, mv: Self::Move) -> bool {
        self.legal_moves().contains(&mv)
    }
}

/// The number of legal move sequences of exactly `depth` moves from the game's current state,
/// for either game. A line on which the game ends sooner counts nothing; a round end inside a
/// match does not stop a line.
///
/// ```
/// use rajapasu_engine::{mandiri, perft, Game, Rules};
/// assert_eq!(perft(&mut Game::new(Rules::default()), 1), 7);
/// assert_eq!(perft(&mut mandiri::Game::new(mandiri::Rules::default()), 1), 6);
/// ```
pub fn perft<G: SowingGame>(game: &mut G, depth: u32) -> u64 {
    if depth == 0 {
        return 1;
    }
    let moves = game.legal_moves();
    if depth == 1 {
        return moves.len() as u64;
    }
    let mut n = 0;
    for &m in moves.iter() {
        game.try_play(m).expect("a legal move");
        n += perft(game, depth - 1);
        game.undo();
    }
    n
}

/// [`perft`] split by first move.
///
/// ```
/// use rajapasu_engine::{perft_split, Game, Rules};
/// let split = perft_split(&mut Game::new(Rules::default()), 2);
/// assert_eq!(split.len(), 7);
/// ```
pub fn perft_split<G: SowingGame>(game: &mut G, depth: u32) -> Vec<(G::Move, u64)> {
    if depth == 0 {
        return Vec::new();
    }
    let moves = game.legal_moves();
    moves
        .iter()
        .map(|&m| {
            game.try_play(m).expect("a legal move");
            let n = perft(game, depth - 1);
            game.undo();
            (m, n)
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::{mandiri, Game, Move, Rules};

    /// Both games keep the same undo and history conventions.
    fn conventions<G: SowingGame>(mut game: G) {
        let start = *game.position();
        assert_eq!(game.undo(), None);
        let mv = game.legal_moves()[0];
        game.try_play(mv).unwrap();
        assert_eq!(game.moves(), [mv]);
        assert_eq!(game.before_moves().collect::<Vec<_>>(), [&start]);
        assert_eq!(game.round_start_plies(), [0]);
        assert_eq!(game.undo(), Some(mv));
        assert_eq!(game.position(), &start);
        assert_eq!(game.start(), &start);
        assert!(game.moves().is_empty());
    }

    #[test]
    fn both_games_keep_one_convention() {
        conventions(Game::new(Rules::default()));
        conventions(mandiri::Game::new(mandiri::Rules::default()));
    }

    #[test]
    fn a_traced_move_is_the_move() {
        let mut a = Game::new(Rules::default());
        let mut b = a.clone();
        let mut events = Vec::new();
        SowingGame::play_traced(&mut a, Move::new(3).unwrap(), &mut events).unwrap();
        b.try_play(Move::new(3).unwrap()).unwrap();
        assert_eq!(a.position(), b.position());
        assert!(!events.is_empty());
    }
}
