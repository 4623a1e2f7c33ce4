//! Raja Pasu's part of the terminal game ([`Variant`] for [`Game`]): the computer opponent,
//! the hint by `rajapasu_ai::analyze` and its score in words, moves typed by hole number, the
//! player's own side on the near row, and the round summary. Its drawing is `ui::board`.

use crate::anim::{self, BoardView, Frame};
use crate::variant::{Spot, Typed, Variant};
use rajapasu_ai::{Choice, Level, MoveScore};
use rajapasu_engine::rng::stream_seed;
use rajapasu_engine::{Event, Game, IllegalMove, Move, Position, RoundEnd, Side, Status};
use std::time::Duration;

/// How long a hint searches: as long as Mandiri's (`rajapasu_ai::mandiri::HINT_TIME`).
pub const HINT_TIME: Duration = Duration::from_millis(700);

/// The computer opponent.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Computer {
    /// The side it plays.
    pub side: Side,
    /// Its strength.
    pub level: Level,
    /// Drives the deliberate mistakes of the weaker levels.
    pub seed: u64,
}

impl Computer {
    /// The computer's move in `game`, from the seed of this move of the game: the same game
    /// and seed give the same moves in the terminal and line by line. Blocking for as long as
    /// the level thinks. `None` if the game is over.
    ///
    /// ```
    /// use rajapasu_ai::Level;
    /// use rajapasu_engine::{Game, Rules, Side};
    /// use rajapasu_tui::Computer;
    /// let computer = Computer { side: Side::South, level: Level::MIN, seed: 1 };
    /// let game = Game::new(Rules::default());
    /// let mv = computer.choose(&game).unwrap().mv;
    /// assert_eq!(computer.choose(&game).unwrap().mv, mv);
    /// ```
    pub fn choose(&self, game: &Game) -> Option<Choice> {
        let seed = stream_seed(self.seed, game.moves().len() as u64);
        rajapasu_ai::choose_move(game, self.level, seed)
    }
}

/// The side drawn on the near (lower) row: the player's own side against the computer,
/// South between two players.
pub fn near_side(computer: &Option<Computer>) -> Side {
    match computer {
        Some(c) => !c.side,
        None => Side::South,
    }
}

impl Variant for Game {
    type Players = Option<Computer>;
    type Hint = MoveScore;
    type Mover = Side;
    type Board = BoardView;
    type Typing = ();

    const SAVE: char = 's';
    const NEW_GAME: char = 'n';
    const HOW_TO_PICK: &'static str = "pick a hole";
    const FIRST_CURSOR: Move = match Move::new(1) {
        Some(mv) => mv,
        None => panic!("hole 1"),
    };
    const SEAT_ON_BOTH_ROWS: bool = false;
    const EXPLAINS_EVERY_MOVE: bool = true;

    fn is_computer(computer: &Option<Computer>, _: &Game, side: Side) -> bool {
        computer.is_some_and(|c| c.side == side)
    }
    fn computer_move(computer: &Option<Computer>, game: &Game) -> Option<Move> {
        computer
            .and_then(|c| c.choose(game))
            .map(|choice| choice.mv)
    }
    fn hint(game: &Game) -> Option<MoveScore> {
        rajapasu_ai::analyze(game, HINT_TIME).into_iter().next()
    }
    fn hint_move(hint: &MoveScore) -> Move {
        hint.mv
    }
    fn hint_words(best: &MoveScore) -> String {
        let line: Vec<String> = best.pv.iter().take(6).map(|m| m.to_string()).collect();
        format!(
            "hole {}, {}; expected line {}",
            best.mv,
            describe_move_score(best),
            line.join(" ")
        )
    }

    fn mover(game: &Game) -> Side {
        game.position().to_move()
    }
    fn seat_words(side: Side) -> String {
        side.to_string()
    }
    fn narrate(side: Side, events: &[Event]) -> Vec<String> {
        rajapasu_engine::text::narrate(side, events)
    }
    fn round_summary(game: &Game, events: &[Event]) -> Option<Vec<String>> {
        let ended = events.iter().any(|e| matches!(e, Event::RoundEnd { .. }));
        ended.then(|| round_summary(game))
    }
    fn refusal(_: &Game, error: &IllegalMove) -> String {
        let e = error.to_string();
        format!("{}{}", e[..1].to_uppercase(), &e[1..])
    }
    fn frames(before: &Position, side: Side, events: &[Event]) -> Vec<Frame> {
        anim::frames(before, side, events)
    }

    fn typed(_: &mut (), c: char) -> Typed<Move> {
        match c {
            '1'..='9' => Move::new(c as u8 - b'0').map_or(Typed::Nothing, Typed::Move),
            _ => Typed::Nothing,
        }
    }
    fn spot(computer: &Option<Computer>, game: &Game, mv: Move) -> Spot {
        // The mover's holes are all on one row.
        let near = game.position().to_move() == near_side(computer);
        Spot::of(mv.number(), game.rules().holes() as u8, near)
    }
}

/// The summary of the round just ended: how it ended, the next round's set-up or the match
/// result, and every round so far (the app adds how to go on).
pub fn round_summary(game: &Game) -> Vec<String> {
    let mut lines = Vec::new();
    let Some(r) = game.rounds().last() else {
        return lines;
    };
    let why = match r.ended_by {
        RoundEnd::NoMoves => "the player to move had no move",
        RoundEnd::Repetition => "a position occurred for the third time",
    };
    lines.push(format!("It ended because {why}."));
    lines.push(format!(
        "Captured: South {}, North {}: {}.",
        r.captured.south,
        r.captured.north,
        match r.winner {
            Some(w) => format!("{w} wins the round"),
            None => "the round is drawn".to_string(),
        }
    ));
    let pos = game.position();
    match game.status() {
        Status::Playing => {
            let fill = |s: Side| {
                format!(
                    "{s} fills {} holes (reserve {})",
                    pos.open_holes(s),
                    pos.reserve(s)
                )
            };
            lines.push(format!(
                "Round {}: {}, {}.",
                pos.round(),
                fill(Side::South),
                fill(Side::North)
            ));
            lines.push(format!("{} leads the next round.", pos.to_move()));
        }
        Status::RoundOver { .. } => lines.push("The game was a single round.".to_string()),
        Status::MatchOver {
            winner: Some(winner),
        } => lines.push(format!(
            "{} cannot fill a hole: the match is over, {winner} wins.",
            !winner
        )),
        Status::MatchOver { winner: None } => {
            lines.push("The same round start came a third time: the match is drawn.".to_string())
        }
    }
    if game.rounds().len() > 1 {
        lines.push(String::new());
        for r in game.rounds() {
            lines.push(format!(
                "Round {:>2}: South {:>2}, North {:>2}  ({})",
                r.round,
                r.captured.south,
                r.captured.north,
                r.winner.map_or("drawn".to_string(), |w| format!("{w}"))
            ));
        }
    }
    lines
}

/// The hint's value of a move in words, for the player who moves: the proven result where
/// the solver has one (as `rajapasu analyze` marks it `exact`), else the search's estimate.
///
/// ```
/// use rajapasu_ai::MoveScore;
/// use rajapasu_engine::Move;
/// let mv = Move::new(3).unwrap();
/// let score = MoveScore { mv, score: -1, pv: vec![mv], proven: None };
/// assert_eq!(rajapasu_tui::raja_pasu::describe_move_score(&score), "about 1 counter behind");
/// ```
pub fn describe_move_score(m: &MoveScore) -> String {
    match m.proven {
        Some(b) if b.lower == b.upper => format!("{} (proven)", proven(b.lower, RESULT)),
        Some(b) => format!(
            "{} (proven between {} and {})",
            describe_score(m.score),
            proven(b.lower, BOUND),
            proven(b.upper, BOUND)
        ),
        None => describe_score(m.score),
    }
}

/// The words of a proven value, as a result and as a bound: a draw, a win by, a loss by.
const RESULT: [&str; 3] = [
    "the round is drawn",
    "you win the round by",
    "you lose the round by",
];
const BOUND: [&str; 3] = ["a draw", "a win by", "a loss by"];

/// A proven single-round value (1000 + margin for a won round, its negative for a lost one) in
/// `words`.
fn proven(value: i32, [draw, win, loss]: [&str; 3]) -> String {
    match value {
        0 => draw.to_string(),
        v if v > 0 => format!("{win} {}", v - 1000),
        v => format!("{loss} {}", -(v + 1000)),
    }
}

/// A score in words, for the player who moves.
pub fn describe_score(score: i32) -> String {
    if rajapasu_ai::is_decided(score) {
        if score > 0 {
            "a won game with best play".to_string()
        } else {
            "a lost game with best play".to_string()
        }
    } else {
        match score {
            0 => "about even".to_string(),
            1 => "about 1 counter ahead".to_string(),
            -1 => "about 1 counter behind".to_string(),
            s if s > 0 => format!("about {s} counters ahead"),
            s => format!("about {} counters behind", -s),
        }
    }
}
