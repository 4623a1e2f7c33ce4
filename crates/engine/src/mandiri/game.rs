//! A Mandiri game: the position with the history that round ends (rule M5), repetitions, round
//! winners (M6), single rounds (M7) and the match (M8 to M11) need, with undo.

use crate::hole::Hole;
use crate::mandiri::match_play::{self, Between};
use crate::mandiri::position::{MandiriIllegalMove, MandiriPosition};
use crate::mandiri::rules::{MandiriRules, RoundEndRule};
use crate::mandiri::seat::{BySeat, Player, Players, Seat, HOLES};
use crate::mandiri::trace::MandiriEvent;
use crate::rules::Mode;
use crate::trace::{Event, Tracer};

/// How a Mandiri round ended.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize))]
#[cfg_attr(feature = "serde", serde(rename_all = "snake_case"))]
pub enum MandiriRoundEnd {
    /// Rule M5 (or the `quiet` and `below4` options): no capture is left to make; the last
    /// mover took the board.
    NoCapture,
    /// A position came for the third time; each seat took the counters in its own holes.
    Repetition,
}

/// Where a Mandiri game stands.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum MandiriStatus {
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

impl MandiriStatus {
    /// True unless the game goes on.
    pub fn is_over(self) -> bool {
        self != MandiriStatus::Playing
    }
}

/// A finished round.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct MandiriRoundResult {
    /// The round's number.
    pub round: u32,
    /// Who sat where.
    pub seats: BySeat<Player>,
    /// Counters each seat captured, the end-of-round award included.
    pub captured: BySeat<u16>,
    /// The players who captured the most (rule M6).
    pub winners: Players,
    /// How it ended.
    pub ended_by: MandiriRoundEnd,
}

/// The state before a move, for undo.
#[derive(Clone, Debug)]
struct Saved {
    pos: MandiriPosition,
    seen: Vec<([u8; HOLES], Seat)>,
    quiet: u32,
    status: MandiriStatus,
    rounds: usize,
    round_starts: usize,
}

/// A Mandiri game from a start position.
///
/// ```
/// use rajapasu_engine::mandiri::{MandiriGame, MandiriRules, Seat};
/// let mut game = MandiriGame::new(MandiriRules::default());
/// game.try_play("S5".parse().unwrap()).unwrap();
/// assert_eq!(game.position().to_move(), Seat::R);
/// game.undo();
/// assert_eq!(game.position(), &game.start());
/// ```
#[derive(Clone, Debug)]
pub struct MandiriGame {
    start: MandiriPosition,
    pos: MandiriPosition,
    moves: Vec<Hole>,
    history: Vec<Saved>,
    /// Positions since the last capture (or the round's start), for the third repetition.
    seen: Vec<([u8; HOLES], Seat)>,
    /// Moves in a row without a capture, for `round-end=quiet`.
    quiet: u32,
    status: MandiriStatus,
    rounds: Vec<MandiriRoundResult>,
    round_starts: Vec<match_play::RoundStart>,
}

fn seen_key(pos: &MandiriPosition) -> ([u8; HOLES], Seat) {
    let mut board = [0; HOLES];
    board.copy_from_slice(pos.counts());
    (board, pos.to_move())
}

impl MandiriGame {
    /// A match (or a round, with `mode=round`) from the start.
    pub fn new(rules: MandiriRules) -> MandiriGame {
        MandiriGame::from_position(MandiriPosition::start(rules))
    }

    /// A game from a set-up position; repetitions are counted from it.
    pub fn from_position(pos: MandiriPosition) -> MandiriGame {
        let mut game = MandiriGame {
            start: pos,
            pos,
            moves: Vec::new(),
            history: Vec::new(),
            seen: vec![seen_key(&pos)],
            quiet: 0,
            status: MandiriStatus::Playing,
            rounds: Vec::new(),
            round_starts: vec![match_play::RoundStart::of(&pos)],
        };
        // A set-up position with an empty board has no move to end its round: end it now.
        if pos.on_board() == 0 {
            game.end_round(MandiriRoundEnd::NoCapture, pos.to_move(), &mut ());
        }
        game
    }

    /// The current position.
    pub fn position(&self) -> &MandiriPosition {
        &self.pos
    }

    /// The position the game started from.
    pub fn start(&self) -> MandiriPosition {
        self.start
    }

    /// Where the game stands.
    pub fn status(&self) -> MandiriStatus {
        self.status
    }

    /// The moves played, in order.
    pub fn moves(&self) -> &[Hole] {
        &self.moves
    }

    /// The position before each move, in order: the one before move `k + 1` is at `k`.
    ///
    /// ```
    /// use rajapasu_engine::mandiri::{MandiriGame, MandiriRules, Seat};
    /// let mut game = MandiriGame::new(MandiriRules::default());
    /// game.try_play("S5".parse().unwrap()).unwrap();
    /// let reply = game.legal_moves()[0];
    /// game.try_play(reply).unwrap();
    /// let movers: Vec<Seat> = game.before_moves().map(|p| p.to_move()).collect();
    /// assert_eq!(movers, [Seat::C, Seat::R]);
    /// ```
    pub fn before_moves(&self) -> impl ExactSizeIterator<Item = &MandiriPosition> + '_ {
        self.history.iter().map(|saved| &saved.pos)
    }

    /// The ply at which each round began: 0, then the ply after every move that ended a round
    /// of a match (the position after such a move is the next round's start).
    ///
    /// ```
    /// use rajapasu_engine::mandiri::{MandiriGame, MandiriRules};
    /// let mut game = MandiriGame::new(MandiriRules::default());
    /// game.try_play("S5".parse().unwrap()).unwrap();
    /// assert_eq!(game.round_start_plies(), [0]);
    /// ```
    pub fn round_start_plies(&self) -> Vec<usize> {
        let after = self.history.iter().skip(1).map(|saved| &saved.pos);
        let mut out = vec![0];
        for (k, (before, after)) in self
            .before_moves()
            .zip(after.chain([&self.pos]))
            .enumerate()
        {
            if after.round() != before.round() {
                out.push(k + 1);
            }
        }
        out
    }

    /// The rounds finished so far.
    pub fn rounds(&self) -> &[MandiriRoundResult] {
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
    pub fn try_play(&mut self, hole: Hole) -> Result<(), MandiriIllegalMove> {
        self.play_traced(hole, &mut ())
    }

    /// Plays `hole` if it is legal, reporting what happens (the sowing, passes, the round end,
    /// the refill) to `tracer`.
    pub fn play_traced<T: Tracer<Seat> + MandiriTracer>(
        &mut self,
        hole: Hole,
        tracer: &mut T,
    ) -> Result<(), MandiriIllegalMove> {
        if self.status.is_over() {
            return Err(MandiriIllegalMove::GameOver);
        }
        self.pos.check_move(hole)?;
        self.history.push(Saved {
            pos: self.pos,
            seen: self.seen.clone(),
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
            tracer.happened(MandiriEvent::Pass { seat });
            seat = seat.next(order);
        }
        if self.pos.on_board() != before {
            self.seen.clear();
            self.quiet = 0;
        } else {
            self.quiet += 1;
        }
        self.seen.push(seen_key(&self.pos));
        self.check_round_end(mover, tracer);
        Ok(())
    }

    /// Takes back the last move; false if there is none.
    pub fn undo(&mut self) -> bool {
        let Some(saved) = self.history.pop() else {
            return false;
        };
        self.moves.pop();
        self.pos = saved.pos;
        self.seen = saved.seen;
        self.quiet = saved.quiet;
        self.status = saved.status;
        self.rounds.truncate(saved.rounds);
        self.round_starts.truncate(saved.round_starts);
        true
    }

    /// Ends the round if it is over after `mover`'s move (rule M5 and the options).
    fn check_round_end<T: MandiriTracer>(&mut self, mover: Seat, tracer: &mut T) {
        let pos = &self.pos;
        let key = seen_key(pos);
        let reason = if self.seen.iter().filter(|&&k| k == key).count() >= 3 {
            Some(MandiriRoundEnd::Repetition)
        } else {
            let over = match pos.rules.round_end {
                RoundEndRule::Unreachable => !pos.capture_reachable(),
                RoundEndRule::Quiet => {
                    pos.on_board() == 0 || self.quiet >= pos.seats_in_play().count() as u32
                }
                RoundEndRule::Below4 => pos.on_board() < 4,
            };
            over.then_some(MandiriRoundEnd::NoCapture)
        };
        if let Some(reason) = reason {
            self.end_round(reason, mover, tracer);
        }
    }

    fn end_round<T: MandiriTracer>(&mut self, reason: MandiriRoundEnd, mover: Seat, t: &mut T) {
        let mut award = BySeat([0u16; 3]);
        for i in 0..HOLES {
            let c = self.pos.board[i];
            let to = match reason {
                MandiriRoundEnd::NoCapture => mover,
                MandiriRoundEnd::Repetition => Seat::of_index(i),
            };
            award[to] += u16::from(c);
            self.pos.board[i] = 0;
        }
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
        self.rounds.push(MandiriRoundResult {
            round: self.pos.round(),
            seats: self.pos.seats,
            captured,
            winners,
            ended_by: reason,
        });
        t.happened(MandiriEvent::RoundEnd {
            reason,
            award,
            captured,
            winners,
        });
        if self.pos.rules.mode == Mode::SingleRound {
            self.status = MandiriStatus::RoundOver { winners };
            t.happened(MandiriEvent::GameOver { winners });
            return;
        }
        match match_play::between_rounds(&mut self.pos, t) {
            Between::MatchOver(winner) => {
                let winners = Players::EMPTY.with(winner);
                self.status = MandiriStatus::MatchOver { winners };
                t.happened(MandiriEvent::GameOver { winners });
            }
            Between::NextRound => {
                let start = match_play::RoundStart::of(&self.pos);
                self.round_starts.push(start);
                if self.round_starts.iter().filter(|&&s| s == start).count() >= 3 {
                    let winners = self
                        .pos
                        .seats_in_play()
                        .fold(Players::EMPTY, |w, s| w.with(self.pos.seats[s]));
                    self.status = MandiriStatus::MatchOver { winners };
                    t.happened(MandiriEvent::GameOver { winners });
                    return;
                }
                self.seen = vec![seen_key(&self.pos)];
                self.quiet = 0;
            }
        }
    }
}

/// Receives the events of a Mandiri game beyond the sowing: passes, round ends, the match.
/// `()` ignores them; `Vec<MandiriEvent>` keeps them, with the sowing's events too.
pub trait MandiriTracer {
    /// Receives one event.
    fn happened(&mut self, event: MandiriEvent);
}

impl MandiriTracer for () {
    #[inline(always)]
    fn happened(&mut self, _: MandiriEvent) {}
}

impl MandiriTracer for Vec<MandiriEvent> {
    fn happened(&mut self, event: MandiriEvent) {
        self.push(event);
    }
}

impl Tracer<Seat> for Vec<MandiriEvent> {
    const ENABLED: bool = true;
    fn event(&mut self, event: Event<Seat>) {
        self.push(MandiriEvent::Sow(event));
    }
}
