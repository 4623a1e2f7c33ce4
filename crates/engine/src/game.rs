//! Games: a position with the history that rounds, repetitions and matches need. The end of a
//! round (rule 8), its winner (rule 9), who leads the next (rule 10), the end of a match, and
//! decisions 5 to 8, 10 and 11 of RULES.md.

use crate::by_side::BySide;
use crate::hole::{Move, MoveList};
use crate::position::{IllegalMove, Position};
use crate::round::{next_leader, Ending, RoundOutcome, RoundStart};
use crate::rules::{Mode, Rules, MAX_HOLES};
use crate::side::Side;
use crate::sow::Sowing;
use crate::trace::{Event, RoundEnd, Tracer};

/// Where a game stands.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Status {
    /// The player to move has a move.
    Playing,
    /// Single-round mode: the round, and with it the game, is over.
    RoundOver {
        /// The round's winner, if not drawn.
        winner: Option<Side>,
    },
    /// Match play: a player could not fill a hole and the other won the match; or the same
    /// round start came round a third time and the match is drawn (`winner` is `None`).
    MatchOver {
        /// The match winner; `None` for a match drawn by repeated round starts.
        winner: Option<Side>,
    },
}

impl Status {
    /// True unless the game goes on.
    pub fn is_over(self) -> bool {
        self != Status::Playing
    }

    /// The winner of a finished game, if it was not drawn.
    pub fn winner(self) -> Option<Side> {
        match self {
            Status::Playing => None,
            Status::RoundOver { winner } => winner,
            Status::MatchOver { winner } => winner,
        }
    }
}

/// A finished round, as the game keeps it and as the JSON view writes it.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize))]
pub struct RoundResult {
    /// The round's number.
    pub round: u32,
    /// Who led it.
    pub leader: Side,
    /// Counters each player captured in it, the end-of-round award included.
    pub captured: BySide<u16>,
    /// Who won it, if not drawn (null in JSON).
    pub winner: Option<Side>,
    /// How it ended: `no_moves` or `repetition` in JSON.
    pub ended_by: RoundEnd,
}

/// A move of a game with what it was played from: its player, its round and the position
/// before it. See [`Game::plies`].
///
/// ```
/// use rajapasu_engine::{Game, Move, Rules, Side};
/// let mut game = Game::new(Rules::default());
/// game.play(Move::new(1).unwrap());
/// let ply = game.plies().next().unwrap();
/// assert_eq!((ply.number, ply.mv.number(), ply.side(), ply.round()), (1, 1, Side::South, 1));
/// assert_eq!(ply.before, game.start());
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Ply<'a> {
    /// The move's number in the game, from 1.
    pub number: usize,
    /// The move.
    pub mv: Move,
    /// The position it was played from.
    pub before: &'a Position,
}

impl Ply<'_> {
    /// Who played the move.
    #[inline]
    pub fn side(&self) -> Side {
        self.before.to_move()
    }

    /// The round the move was played in.
    #[inline]
    pub fn round(&self) -> u32 {
        self.before.round()
    }
}

/// What identifies a position for the repetition rule: the hole counts, as three words (a
/// comparison is three word compares). Closed holes never change within a round, and positions
/// are only compared within a round.
///
/// The side to move is not stored: the turn passes at every move, so within a round's list of
/// positions (`Game::seen`, which starts afresh with each round) the side to move alternates,
/// and two entries have the same side to move exactly when their indices have the same parity.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
struct Seen([u64; 3]);

const _: () = assert!(
    MAX_HOLES == 24,
    "Seen holds a board of 24 holes in three words"
);

impl Seen {
    #[inline]
    fn of(pos: &Position) -> Seen {
        let word =
            |k: usize| u64::from_le_bytes(pos.board[8 * k..8 * k + 8].try_into().expect("8 holes"));
        Seen([word(0), word(1), word(2)])
    }
}

/// What a move changed, to take it back. What only a round's end changes is in [`RoundUndo`],
/// so the record pushed at every move stays small.
#[derive(Clone, Debug)]
struct Undo {
    /// The position before the move: also what [`Game::plies`] shows.
    pos: Position,
    /// `Game::legal` before the move.
    legal: u32,
    /// `Game::window` before the move (a round's positions are far fewer than 2^32).
    window: u32,
    /// `Game::twice` before the move.
    twice: u32,
}

/// What a move that ended a round changed besides its [`Undo`].
#[derive(Clone, Debug)]
struct RoundUndo {
    /// The index of the move in `Game::undo`.
    ply: usize,
    leader: Side,
    rounds: usize,
    round_starts: usize,
    /// The ended round's positions, when a refill started a new list.
    old_seen: Option<Vec<Seen>>,
}

/// A game: moves, round ends, refills and the end of the match, with undo.
///
/// ```
/// use rajapasu_engine::{BySide, Game, Move, Rules, Status, Side};
/// let mut game = Game::from_code("0,0,0,0,0,1,0/0,2,0,0,0,0,0 S 60 35", Rules::default()).unwrap();
/// game.play(Move::new(6).unwrap());
/// assert_eq!(game.rounds()[0].captured, BySide::new(63, 35));
/// assert_eq!(game.position().to_string(), "7,7,7,7,7,7,7/x,x,7,7,7,7,7 S 0 0 14 0 2");
/// assert_eq!(game.status(), Status::Playing);
/// game.undo();
/// assert_eq!(game.position().to_string(), "0,0,0,0,0,1,0/0,2,0,0,0,0,0 S 60 35");
/// ```
#[derive(Clone, Debug)]
pub struct Game {
    start: Position,
    pos: Position,
    leader: Side,
    status: Status,
    /// The legal moves of `pos` as a bit set (bit `k`: hole `k + 1`); none once the game is
    /// over. Found once after each move: it ends the round when empty, checks the next move
    /// and serves the player choosing it.
    legal: u32,
    rounds: Vec<RoundResult>,
    /// The starts of the rounds that followed a refill: what decision 11 compares (the holdings
    /// fix the board, the closed holes and the reserves).
    round_starts: Vec<RoundStart>,
    /// Where each finished round of the match led, one for each of `rounds` (none in
    /// single-round mode). Kept beside `rounds` rather than in each move's undo record, so that
    /// a move that ends no round costs nothing more.
    outcomes: Vec<RoundOutcome>,
    /// Positions of the current round, from its start or from the game's setup.
    seen: Vec<Seen>,
    /// Where in `seen` the positions with the current board total begin: a capture makes every
    /// earlier position unreachable, so the repetition test need not look further back.
    window: usize,
    /// Positions of the current layer that have occurred twice (none occurs three times in a
    /// round that goes on).
    twice: usize,
    moves: Vec<Move>,
    undo: Vec<Undo>,
    /// One record for each move in `undo` that ended a round, in order.
    round_undo: Vec<RoundUndo>,
    /// Whether moves are kept (`moves`, `undo`); see [`Game::unrecorded`].
    recorded: bool,
}

impl Game {
    /// A new game from the start under `rules`.
    pub fn new(rules: Rules) -> Game {
        Game::from_position(Position::start(rules))
    }

    /// A game from a position code under `rules`.
    pub fn from_code(code: &str, rules: Rules) -> Result<Game, crate::ParseError> {
        Ok(Game::from_position(Position::from_code(code, rules)?))
    }

    /// A game from `pos`, whose player to move is taken as the leader of its round. If that
    /// player has no move, the round ends at once (rule 8a).
    pub fn from_position(pos: Position) -> Game {
        let mut game = Game {
            start: pos,
            pos,
            leader: pos.to_move,
            status: Status::Playing,
            legal: 0,
            rounds: Vec::new(),
            round_starts: Vec::new(),
            outcomes: Vec::new(),
            seen: Vec::new(),
            window: 0,
            twice: 0,
            moves: Vec::new(),
            undo: Vec::new(),
            round_undo: Vec::new(),
            recorded: true,
        };
        game.reset(pos);
        game
    }

    /// A game from `pos` that plays by the same rules but keeps no record of its moves: for
    /// playouts and batches of games, which never look back. Repetitions, round ends and
    /// matches are followed exactly as in [`Game::from_position`]; but [`Game::moves`],
    /// [`Game::plies`] and [`Game::before_moves`] stay empty and [`Game::undo`] returns `None`.
    ///
    /// ```
    /// use rajapasu_engine::{Game, Position, Rules};
    /// let start = Position::start(Rules::default());
    /// let (mut kept, mut unrecorded) = (Game::from_position(start), Game::unrecorded(start));
    /// for _ in 0..3 {
    ///     let mv = kept.legal_moves()[0];
    ///     kept.play(mv);
    ///     unrecorded.play(mv);
    /// }
    /// assert_eq!(kept.position(), unrecorded.position());
    /// assert_eq!(kept.moves().len(), 3);
    /// assert!(unrecorded.moves().is_empty() && unrecorded.undo().is_none());
    /// ```
    pub fn unrecorded(pos: Position) -> Game {
        let mut game = Game::from_position(pos);
        game.recorded = false;
        game
    }

    /// Starts again from `pos`, keeping the memory already allocated (for playout loops), and
    /// whether moves are recorded.
    pub fn reset(&mut self, pos: Position) {
        self.start = pos;
        self.pos = pos;
        self.leader = pos.to_move;
        self.status = Status::Playing;
        self.rounds.clear();
        self.round_starts.clear();
        self.outcomes.clear();
        self.seen.clear();
        self.seen.push(Seen::of(&pos));
        self.window = 0;
        self.twice = 0;
        self.moves.clear();
        self.undo.clear();
        self.round_undo.clear();
        self.legal = self.pos.legal_mask();
        if self.legal == 0 {
            self.end_round(RoundEnd::NoMoves, &mut ());
        }
    }

    /// The current position.
    #[inline]
    pub fn position(&self) -> &Position {
        &self.pos
    }

    /// The position the game was set up from.
    pub fn start(&self) -> &Position {
        &self.start
    }

    /// The rule set.
    pub fn rules(&self) -> &Rules {
        &self.pos.rules
    }

    /// Where the game stands.
    #[inline]
    pub fn status(&self) -> Status {
        self.status
    }

    /// Who led the current round.
    pub fn leader(&self) -> Side {
        self.leader
    }

    /// The finished rounds, in order.
    pub fn rounds(&self) -> &[RoundResult] {
        &self.rounds
    }

    /// The moves played since the game was set up.
    pub fn moves(&self) -> &[Move] {
        &self.moves
    }

    /// The moves played since the game was set up, each with its player, its round and the
    /// position it was played from: read off the positions the game keeps for undo, so nothing
    /// is replayed.
    ///
    /// ```
    /// use rajapasu_engine::{Game, Move, Rules, Side};
    /// let mut game = Game::from_code("0,0,0,0,0,1,0/0,2,0,0,0,0,0 S 60 35", Rules::default()).unwrap();
    /// for n in [6, 1] {
    ///     game.play(Move::new(n).unwrap());
    /// }
    /// // South's 6 ends round 1; South leads round 2 too.
    /// let who: Vec<(usize, Side, u32)> = game.plies().map(|p| (p.number, p.side(), p.round())).collect();
    /// assert_eq!(who, [(1, Side::South, 1), (2, Side::South, 2)]);
    /// assert_eq!(game.plies().last().unwrap().before.to_string(), "7,7,7,7,7,7,7/x,x,7,7,7,7,7 S 0 0 14 0 2");
    /// ```
    pub fn plies(&self) -> impl DoubleEndedIterator<Item = Ply<'_>> + ExactSizeIterator + '_ {
        self.undo
            .iter()
            .zip(&self.moves)
            .enumerate()
            .map(|(k, (u, &mv))| Ply {
                number: k + 1,
                mv,
                before: &u.pos,
            })
    }

    /// The position before each move, in order: the one before move `k + 1` is at `k`.
    pub fn before_moves(&self) -> impl DoubleEndedIterator<Item = &Position> + ExactSizeIterator {
        self.undo.iter().map(|u| &u.pos)
    }

    /// The legal moves; none once the game is over.
    pub fn legal_moves(&self) -> MoveList {
        MoveList::from_mask(self.legal)
    }

    /// The legal moves as a bit set: bit `k` is hole `k + 1`; none once the game is over.
    ///
    /// ```
    /// use rajapasu_engine::{Game, Rules};
    /// let game = Game::from_code("0,1,0,2,0,0,3/0,0,1,0,3,0,2 S 40 46", Rules::default()).unwrap();
    /// assert_eq!(game.legal_mask(), 0b100_1010);
    /// ```
    #[inline]
    pub fn legal_mask(&self) -> u32 {
        self.legal
    }

    /// How often the current position occurred in this round (1 the first time).
    pub fn occurrences(&self) -> usize {
        let last = self.seen.len() - 1;
        self.seen_in_layer(&self.seen[last], last)
    }

    /// How often `key`, a position with the side to move of `seen[at]`, occurred since the last
    /// capture, up to `at`: only the entries of that side are compared (see [`Seen`]).
    #[inline(always)]
    fn seen_in_layer(&self, key: &Seen, at: usize) -> usize {
        let first = self.window + (at - self.window) % 2;
        self.seen[first..]
            .iter()
            .take(at + 1 - first)
            .step_by(2)
            .filter(|s| *s == key)
            .count()
    }

    /// Whether a position of the current layer (the positions since the last capture, which
    /// all hold the same number of counters on the board), other than the current one, has
    /// occurred twice in this round. While it has not, a line that never repeats a position
    /// cannot end the round by repetition (rule 8b); the values of endgame tables and of the
    /// exact search rest on that (docs/SOLVING.md).
    #[inline]
    pub fn repeated_in_layer(&self) -> bool {
        // The count includes the current position when this is its second occurrence.
        match self.twice {
            0 => false,
            1 => self.occurrences() != 2,
            _ => true,
        }
    }

    /// Where the last finished round of a match led: the match won, or the next round start
    /// (rules 8 and 10). `None` before the first round ends, and in single-round mode, where no
    /// round follows.
    pub fn round_outcome(&self) -> Option<RoundOutcome> {
        self.outcomes.last().copied()
    }

    /// Whether a round start other than the current round's has come twice since the first
    /// refill. While none has, decision 11 can end the match only at a round start that comes
    /// back to the current one, and the values of round starts rest on that (the match-level
    /// counterpart of [`Game::repeated_in_layer`]).
    ///
    /// ```
    /// use rajapasu_engine::{Game, Move, Rules, Status};
    /// // Decision 11's example (RULES.md): rounds 2 and 4 start as A, rounds 3 and 5 as B.
    /// let rules = "canonical/holes=3,counters=1".parse().unwrap();
    /// let mut game = Game::new(rules);
    /// let mut repeated = Vec::new();
    /// for (k, n) in [1, 1, 2, 2, 2, 2, 2, 2, 2, 2].into_iter().enumerate() {
    ///     game.play(Move::new(n).unwrap());
    ///     if k % 2 == 1 {
    ///         repeated.push(game.repeated_round_start());
    ///     }
    /// }
    /// // Round 5 (B again) is the first to see another start (A) twice; A's third start ends it.
    /// assert_eq!(repeated, [false, false, false, true, true]);
    /// assert_eq!(game.status(), Status::MatchOver { winner: None });
    /// ```
    pub fn repeated_round_start(&self) -> bool {
        let Some((current, earlier)) = self.round_starts.split_last() else {
            return false;
        };
        earlier
            .iter()
            .filter(|s| *s != current)
            .any(|s| earlier.iter().filter(|t| *t == s).count() >= 2)
    }

    /// Plays `mv` if it is legal.
    pub fn try_play(&mut self, mv: Move) -> Result<(), IllegalMove> {
        self.play_traced(mv, &mut ())
    }

    /// Plays a legal move.
    ///
    /// # Panics
    /// If the move is illegal; see [`Game::try_play`].
    pub fn play(&mut self, mv: Move) {
        if let Err(e) = self.try_play(mv) {
            panic!("{e} in {}", self.pos);
        }
    }

    /// Plays `mv` if it is legal, reporting every event (sowing, round end, refill, game over).
    ///
    /// ```
    /// use rajapasu_engine::{Event, Game, Move, Rules};
    /// let mut game = Game::new(Rules::default());
    /// let mut events = Vec::new();
    /// game.play_traced(Move::new(1).unwrap(), &mut events).unwrap();
    /// let lifts = events.iter().filter(|e| matches!(e, Event::Lift { .. })).count();
    /// assert_eq!(lifts, 12);
    /// ```
    pub fn play_traced<T: Tracer>(&mut self, mv: Move, tracer: &mut T) -> Result<(), IllegalMove> {
        if self.status.is_over() {
            return Err(IllegalMove::GameOver);
        }
        if self.legal & (1 << (mv.number() - 1)) == 0 {
            // Not among the legal moves: the position's own check names why.
            self.pos.check_move(mv)?;
            unreachable!(
                "the legal moves and Position::check_move disagree on {mv} in {}",
                self.pos
            );
        }
        if self.recorded {
            self.undo.push(Undo {
                pos: self.pos,
                legal: self.legal,
                window: self.window as u32,
                twice: self.twice as u32,
            });
            self.moves.push(mv);
        }
        let captured_before = self.pos.captured.total();
        self.pos.play_checked(mv, tracer);
        if self.pos.captured.total() != captured_before {
            self.window = self.seen.len();
            self.twice = 0;
        }
        let now = Seen::of(&self.pos);
        let repeats = self.seen_in_layer(&now, self.seen.len());
        self.seen.push(now);
        if repeats == 1 {
            self.twice += 1;
        }
        if repeats >= 2 {
            self.end_round(RoundEnd::Repetition, tracer);
        } else {
            self.legal = self.pos.legal_mask();
            if self.legal == 0 {
                self.end_round(RoundEnd::NoMoves, tracer);
            }
        }
        Ok(())
    }

    /// Takes back the last move; returns it, or `None` if no move was played.
    pub fn undo(&mut self) -> Option<Move> {
        let u = self.undo.pop()?;
        self.pos = u.pos;
        // A move is only played while the game goes on.
        self.status = Status::Playing;
        self.legal = u.legal;
        self.window = u.window as usize;
        self.twice = u.twice as usize;
        if self
            .round_undo
            .last()
            .is_some_and(|r| r.ply == self.undo.len())
        {
            let r = self.round_undo.pop().expect("just seen");
            self.leader = r.leader;
            self.rounds.truncate(r.rounds);
            self.round_starts.truncate(r.round_starts);
            self.outcomes.truncate(r.rounds);
            if let Some(old) = r.old_seen {
                self.seen = old;
            }
        }
        // The position the move led to.
        self.seen.pop();
        self.moves.pop()
    }

    fn end_round<T: Tracer>(&mut self, reason: RoundEnd, tracer: &mut T) {
        // Ended by the last move played; nothing to undo at the game's setup or in a game that
        // records no moves.
        if let Some(ply) = self.undo.len().checked_sub(1) {
            self.round_undo.push(RoundUndo {
                ply,
                leader: self.leader,
                rounds: self.rounds.len(),
                round_starts: self.round_starts.len(),
                old_seen: None,
            });
        }
        self.legal = 0;
        let taker = !self.pos.to_move;
        let ending = match reason {
            RoundEnd::NoMoves => Ending::NoMoves {
                stuck: self.pos.to_move,
                left: self.pos.on_board(),
            },
            RoundEnd::Repetition => Ending::Repetition,
        };
        let award = self
            .pos
            .clear_board((reason == RoundEnd::NoMoves).then_some(taker));
        self.pos.captured = self.pos.captured.zip(award).map(|(c, a)| c + a);
        let captured = self.pos.captured;
        let winner = captured.larger();
        self.rounds.push(RoundResult {
            round: self.pos.round(),
            leader: self.leader,
            captured,
            winner,
            ended_by: reason,
        });
        if T::ENABLED {
            tracer.event(Event::RoundEnd {
                reason,
                award,
                captured,
                winner,
            });
        }
        if self.pos.rules.mode == Mode::SingleRound {
            self.status = Status::RoundOver { winner };
            if T::ENABLED {
                tracer.event(Event::GameOver { winner });
            }
            return;
        }
        let next = next_leader(&self.pos.rules, ending, winner, self.leader);
        let refilled = self.pos.refill(next);
        self.outcomes.push(match refilled {
            Ok(_) => RoundOutcome::Next(RoundStart::of_refilled(&self.pos, next)),
            Err(winner) => RoundOutcome::MatchWon(winner),
        });
        match refilled {
            Ok(filled) => {
                self.leader = next;
                self.legal = self.pos.legal_mask();
                let old = core::mem::replace(&mut self.seen, vec![Seen::of(&self.pos)]);
                if !self.undo.is_empty() {
                    self.round_undo.last_mut().expect("pushed above").old_seen = Some(old);
                }
                self.window = 0;
                self.twice = 0;
                if T::ENABLED {
                    tracer.event(Event::Refill {
                        round: self.pos.round,
                        filled,
                        reserve: self.pos.reserve,
                        leader: next,
                    });
                }
                let start = RoundStart::of_refilled(&self.pos, next);
                let earlier = self.round_starts.iter().filter(|s| **s == start).count();
                self.round_starts.push(start);
                if earlier >= 2 {
                    self.game_over(None, tracer);
                }
            }
            Err(winner) => self.game_over(Some(winner), tracer),
        }
    }

    fn game_over<T: Tracer>(&mut self, winner: Option<Side>, tracer: &mut T) {
        self.status = Status::MatchOver { winner };
        self.legal = 0;
        if T::ENABLED {
            tracer.event(Event::GameOver { winner });
        }
    }
}

impl crate::SowingGame for Game {
    type Rules = Rules;
    type Position = Position;
    type Move = Move;
    type Seat = Side;
    type Status = Status;
    type RoundResult = RoundResult;
    type Event = Event;
    type IllegalMove = IllegalMove;
    type CodeError = crate::ParseError;
    type Moves = MoveList;

    const NAME: &'static str = "rajapasu";
    const SEATS: usize = 2;

    fn new(rules: Rules) -> Game {
        Game::new(rules)
    }
    fn from_position(pos: Position) -> Game {
        Game::from_position(pos)
    }
    fn start_position(rules: Rules) -> Position {
        Position::start(rules)
    }
    fn parse_position(code: &str, rules: Rules) -> Result<Position, crate::ParseError> {
        Position::from_code(code, rules)
    }
    fn rules(&self) -> &Rules {
        &self.pos.rules
    }
    fn position(&self) -> &Position {
        &self.pos
    }
    fn start(&self) -> &Position {
        &self.start
    }
    fn to_move(&self) -> Side {
        self.pos.to_move
    }
    fn position_round(pos: &Position) -> u32 {
        pos.round()
    }
    fn status(&self) -> Status {
        self.status
    }
    fn is_over(&self) -> bool {
        self.status.is_over()
    }
    fn rounds(&self) -> &[RoundResult] {
        &self.rounds
    }
    fn moves(&self) -> &[Move] {
        &self.moves
    }
    fn before_moves(&self) -> impl ExactSizeIterator<Item = &Position> + '_ {
        Game::before_moves(self)
    }
    fn legal_moves(&self) -> MoveList {
        Game::legal_moves(self)
    }
    fn try_play(&mut self, mv: Move) -> Result<(), IllegalMove> {
        Game::try_play(self, mv)
    }
    fn play_traced(&mut self, mv: Move, events: &mut Vec<Event>) -> Result<(), IllegalMove> {
        Game::play_traced(self, mv, events)
    }
    fn undo(&mut self) -> Option<Move> {
        Game::undo(self)
    }
}
