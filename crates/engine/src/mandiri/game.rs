//! A Mandiri game: the position with the history that round ends (rule M5), repetitions, round
//! winners (M6), single rounds (M7) and the match (M8 to M11) need, with undo.

use crate::hole::Hole;
use crate::mandiri::code::CodeError;
use crate::mandiri::match_play::{self, Between};
use crate::mandiri::position::{IllegalMove, Position};
use crate::mandiri::rules::{RoundEndRule, Rules};
use crate::mandiri::seat::{BySeat, Player, Players, Seat, HOLES};
use crate::mandiri::trace::{Event, RoundEnd, Tracer};
use crate::rules::Mode;
use crate::sow::Sowing;

/// Where a Mandiri game stands.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Status {
    /// The game goes on.
    Playing,
    /// `mode=round`: the round is over and these players won it (more than one: shared).
    RoundOver {
        /// The round's winners.
        winners: Players,
    },
    /// The match is over: one player won it, or a drawn match is shared by the players still in.
    MatchOver {
        /// The winner, or the players sharing a drawn match.
        winners: Players,
    },
}

impl Status {
    /// True unless the game goes on.
    pub fn is_over(self) -> bool {
        self != Status::Playing
    }
}

/// A finished round.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct RoundResult {
    /// The round's number.
    pub round: u32,
    /// Who sat where.
    pub seats: BySeat<Player>,
    /// Counters each seat captured, the end-of-round award included.
    pub captured: BySeat<u16>,
    /// The players who captured the most (rule M6).
    pub winners: Players,
    /// How it ended.
    pub ended_by: RoundEnd,
}

/// What identifies a position for the third-repetition rule: the board and the seat to move.
type Seen = ([u8; HOLES], Seat);

/// The state before a move, for undo. The positions seen are restored by length and window,
/// not copied: only a move that ended a round keeps the list it replaced.
#[derive(Clone, Debug)]
struct Saved {
    pos: Position,
    seen: usize,
    window: usize,
    /// The previous round's positions, kept only when the move ended a round.
    old_seen: Option<Vec<Seen>>,
    quiet: u32,
    status: Status,
    rounds: usize,
    round_starts: usize,
}

/// A Mandiri game from a start position.
///
/// ```
/// use rajapasu_engine::mandiri::{Game, Rules, Seat};
/// let mut game = Game::new(Rules::default());
/// game.try_play("S5".parse().unwrap()).unwrap();
/// assert_eq!(game.position().to_move(), Seat::R);
/// game.undo();
/// assert_eq!(game.position(), game.start());
/// ```
#[derive(Clone, Debug)]
pub struct Game {
    start: Position,
    pos: Position,
    moves: Vec<Hole>,
    history: Vec<Saved>,
    /// Positions of the current round, for the third repetition.
    seen: Vec<Seen>,
    /// Where in `seen` the positions since the last capture begin: a capture makes every
    /// earlier position unreachable, so the repetition test looks no further back.
    window: usize,
    /// Moves in a row without a capture, for `round-end=quiet`.
    quiet: u32,
    status: Status,
    rounds: Vec<RoundResult>,
    round_starts: Vec<match_play::RoundStart>,
}

impl Game {
    /// A match (or a round, with `mode=round`) from the start.
    pub fn new(rules: Rules) -> Game {
        Game::from_position(Position::start(rules))
    }

    /// A game from a set-up position; repetitions are counted from it.
    pub fn from_position(pos: Position) -> Game {
        let mut game = Game {
            start: pos,
            pos,
            moves: Vec::new(),
            history: Vec::new(),
            seen: vec![pos.repetition_key()],
            window: 0,
            quiet: 0,
            status: Status::Playing,
            rounds: Vec::new(),
            round_starts: vec![match_play::RoundStart::of(&pos)],
        };
        // A set-up position with an empty board has no move to end its round: end it now.
        if pos.on_board() == 0 {
            game.end_round(RoundEnd::NoCapture, pos.to_move(), &mut ());
        }
        game
    }

    /// The current position.
    pub fn position(&self) -> &Position {
        &self.pos
    }

    /// The position the game started from.
    pub fn start(&self) -> &Position {
        &self.start
    }

    /// Where the game stands.
    pub fn status(&self) -> Status {
        self.status
    }

    /// The moves played, in order.
    pub fn moves(&self) -> &[Hole] {
        &self.moves
    }

    /// The position before each move, in order: the one before move `k + 1` is at `k`.
    ///
    /// ```
    /// use rajapasu_engine::mandiri::{Game, Rules, Seat};
    /// let mut game = Game::new(Rules::default());
    /// game.try_play("S5".parse().unwrap()).unwrap();
    /// let reply = game.legal_moves()[0];
    /// game.try_play(reply).unwrap();
    /// let movers: Vec<Seat> = game.before_moves().map(|p| p.to_move()).collect();
    /// assert_eq!(movers, [Seat::C, Seat::R]);
    /// ```
    pub fn before_moves(&self) -> impl ExactSizeIterator<Item = &Position> + '_ {
        self.history.iter().map(|saved| &saved.pos)
    }

    /// The rounds finished so far.
    pub fn rounds(&self) -> &[RoundResult] {
        &self.rounds
    }

    /// The legal moves (none once the game is over).
    pub fn legal_moves(&self) -> Vec<Hole> {
        if self.status.is_over() {
            return Vec::new();
        }
        self.pos.legal_moves()
    }

    /// Plays `hole` if it is legal.
    pub fn try_play(&mut self, hole: Hole) -> Result<(), IllegalMove> {
        self.play_traced(hole, &mut ())
    }

    /// Plays `hole` if it is legal, reporting what happens (the sowing, passes, the round end,
    /// the refill) to `tracer`.
    pub fn play_traced<T: Tracer>(
        &mut self,
        hole: Hole,
        tracer: &mut T,
    ) -> Result<(), IllegalMove> {
        if self.status.is_over() {
            return Err(IllegalMove::GameOver);
        }
        self.pos.check_move(hole)?;
        self.history.push(Saved {
            pos: self.pos,
            seen: self.seen.len(),
            window: self.window,
            old_seen: None,
            quiet: self.quiet,
            status: self.status,
            rounds: self.rounds.len(),
            round_starts: self.round_starts.len(),
        });
        self.moves.push(hole);
        let mover = self.pos.to_move();
        let before = self.pos.on_board();
        self.pos.play_traced(hole, tracer);
        let order = self.pos.rules.order;
        let mut seat = mover.next(order);
        while seat != self.pos.to_move() && self.pos.on_board() > 0 {
            tracer.happened(Event::Pass { seat });
            seat = seat.next(order);
        }
        if self.pos.on_board() != before {
            self.window = self.seen.len();
            self.quiet = 0;
        } else {
            self.quiet += 1;
        }
        self.seen.push(self.pos.repetition_key());
        self.check_round_end(mover, tracer);
        Ok(())
    }

    /// Takes back the last move; returns it, or `None` if no move was played.
    pub fn undo(&mut self) -> Option<Hole> {
        let saved = self.history.pop()?;
        self.pos = saved.pos;
        if let Some(old) = saved.old_seen {
            self.seen = old;
        }
        self.seen.truncate(saved.seen);
        self.window = saved.window;
        self.quiet = saved.quiet;
        self.status = saved.status;
        self.rounds.truncate(saved.rounds);
        self.round_starts.truncate(saved.round_starts);
        self.moves.pop()
    }

    /// Ends the round if it is over after `mover`'s move (rule M5 and the options).
    fn check_round_end<T: Tracer>(&mut self, mover: Seat, tracer: &mut T) {
        let pos = &self.pos;
        let key = pos.repetition_key();
        let layer = &self.seen[self.window..];
        let reason = if layer.iter().filter(|&&k| k == key).count() >= 3 {
            Some(RoundEnd::Repetition)
        } else {
            let over = match pos.rules.round_end {
                RoundEndRule::Unreachable => !pos.capture_reachable(),
                RoundEndRule::Quiet => {
                    pos.on_board() == 0 || self.quiet >= pos.seats_in_play().count() as u32
                }
                RoundEndRule::Below4 => pos.on_board() < 4,
            };
            over.then_some(RoundEnd::NoCapture)
        };
        if let Some(reason) = reason {
            self.end_round(reason, mover, tracer);
        }
    }

    fn end_round<T: Tracer>(&mut self, reason: RoundEnd, mover: Seat, t: &mut T) {
        let award = self
            .pos
            .clear_board((reason == RoundEnd::NoCapture).then_some(mover));
        for s in Seat::ALL {
            self.pos.captured[s] += award[s];
        }
        let captured = self.pos.captured;
        let best = self
            .pos
            .seats_in_play()
            .map(|s| captured[s])
            .max()
            .unwrap_or(0);
        let winners = self
            .pos
            .seats_in_play()
            .filter(|&s| captured[s] == best)
            .fold(Players::EMPTY, |w, s| w.with(self.pos.seats[s]));
        self.rounds.push(RoundResult {
            round: self.pos.round(),
            seats: self.pos.seats,
            captured,
            winners,
            ended_by: reason,
        });
        t.happened(Event::RoundEnd {
            reason,
            award,
            captured,
            winners,
        });
        if self.pos.rules.mode == Mode::SingleRound {
            self.status = Status::RoundOver { winners };
            t.happened(Event::GameOver { winners });
            return;
        }
        match match_play::between_rounds(&mut self.pos, t) {
            Between::MatchOver(winner) => {
                let winners = Players::EMPTY.with(winner);
                self.status = Status::MatchOver { winners };
                t.happened(Event::GameOver { winners });
            }
            Between::NextRound => {
                let start = match_play::RoundStart::of(&self.pos);
                self.round_starts.push(start);
                if self.round_starts.iter().filter(|&&s| s == start).count() >= 3 {
                    let winners = self
                        .pos
                        .seats_in_play()
                        .fold(Players::EMPTY, |w, s| w.with(self.pos.seats[s]));
                    self.status = Status::MatchOver { winners };
                    t.happened(Event::GameOver { winners });
                    return;
                }
                let old = core::mem::replace(&mut self.seen, vec![self.pos.repetition_key()]);
                if let Some(saved) = self.history.last_mut() {
                    saved.old_seen = Some(old);
                }
                self.window = 0;
                self.quiet = 0;
            }
        }
    }
}

impl crate::SowingGame for Game {
    type Rules = Rules;
    type Position = Position;
    type Move = Hole;
    type Seat = Seat;
    type Status = Status;
    type RoundResult = RoundResult;
    type Event = Event;
    type IllegalMove = IllegalMove;
    type CodeError = CodeError;
    type Moves = Vec<Hole>;

    const NAME: &'static str = crate::mandiri::NAME;
    const SEATS: usize = 3;

    fn new(rules: Rules) -> Game {
        Game::new(rules)
    }
    fn from_position(pos: Position) -> Game {
        Game::from_position(pos)
    }
    fn start_position(rules: Rules) -> Position {
        Position::start(rules)
    }
    /// Mandiri's codes name their rule set: it must be `rules`.
    fn parse_position(code: &str, rules: Rules) -> Result<Position, CodeError> {
        let pos = Position::from_code(code)?;
        if pos.rules != rules {
            return Err(CodeError::RulesDiffer {
                expected: rules,
                found: pos.rules,
            });
        }
        Ok(pos)
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
    fn to_move(&self) -> Seat {
        self.pos.to_move()
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
    fn moves(&self) -> &[Hole] {
        &self.moves
    }
    fn before_moves(&self) -> impl ExactSizeIterator<Item = &Position> + '_ {
        Game::before_moves(self)
    }
    fn legal_moves(&self) -> Vec<Hole> {
        Game::legal_moves(self)
    }
    fn try_play(&mut self, mv: Hole) -> Result<(), IllegalMove> {
        Game::try_play(self, mv)
    }
    fn play_traced(&mut self, mv: Hole, events: &mut Vec<Event>) -> Result<(), IllegalMove> {
        Game::play_traced(self, mv, events)
    }
    fn undo(&mut self) -> Option<Hole> {
        Game::undo(self)
    }
}
