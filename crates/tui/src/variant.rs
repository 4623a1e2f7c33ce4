//! What differs between the two games in the terminal, as one trait: who plays and how the
//! computer and the hint search, how a move is typed and where its hole is drawn, the words
//! of a move, a seat and a round's end, and a move's frames. Everything else (the keys, undo,
//! hints, saving, the searches beside the game, the animation's clock) is written once in
//! [`crate::app::App`] over any [`Variant`]; drawing is [`crate::Screen`].

use crate::anim::Frame;
use rajapasu_engine::record::Recorded;
use std::fmt::{Debug, Display};

/// A game as the terminal plays it: Raja Pasu ([`rajapasu_engine::Game`], in
/// [`crate::raja_pasu`]) and Raja Pasu Mandiri ([`rajapasu_engine::mandiri::Game`], in
/// [`crate::mandiri`]).
///
/// ```
/// use rajapasu_engine::{mandiri, Game, SowingGame};
/// use rajapasu_tui::Variant;
/// /// Who is to move, in the message line's words, in either game.
/// fn to_move<G: Variant>(game: &G) -> String {
///     format!("{} to move", G::seat_words(game.to_move()))
/// }
/// assert_eq!(to_move(&Game::new(Default::default())), "South to move");
/// assert_eq!(to_move(&mandiri::Game::new(Default::default())), "seat C to move");
/// ```
pub trait Variant: Recorded {
    /// Who plays: Raja Pasu's computer opponent, if any; who plays each Mandiri player.
    type Players: Clone + Debug + Default + Send + 'static;
    /// A hint search's best move, with what the search says of it.
    type Hint: Clone + Debug + Send + 'static;
    /// Who played a move, as the explanation names it: a side; a seat and its player.
    type Mover: Copy + Debug + PartialEq + Display;
    /// The board as the animation draws it.
    type Board: Clone + Debug;
    /// What has been typed of a move's name so far (Mandiri's row letter, as in `S` of `S4`).
    type Typing: Copy + Debug + Default + PartialEq;

    /// The letter that saves the record.
    const SAVE: char;
    /// The letter that starts a new game once the game is over.
    const NEW_GAME: char;
    /// How a person picks a move, for the first message.
    const HOW_TO_PICK: &'static str;
    /// Where the cursor starts.
    const FIRST_CURSOR: Self::Move;
    /// Whether a seat's holes lie on both rows (Mandiri): Up and Down then move the cursor
    /// from one row to the other.
    const SEAT_ON_BOTH_ROWS: bool;
    /// Whether the move-in-full window steps through every move of the game (`<-` `->`), or
    /// shows the last one only.
    const EXPLAINS_EVERY_MOVE: bool;

    /// Whether the computer plays `seat` of `game`.
    fn is_computer(players: &Self::Players, game: &Self, seat: Self::Seat) -> bool;
    /// The computer's move for the seat to move, from the seed of this move of the game (the
    /// same game and seed give the same moves); blocking for as long as its level thinks.
    fn computer_move(players: &Self::Players, game: &Self) -> Option<Self::Move>;
    /// The best move for the seat to move, blocking for as long as the hint searches; `None`
    /// when the game is over.
    fn hint(game: &Self) -> Option<Self::Hint>;
    /// The move a hint suggests.
    fn hint_move(hint: &Self::Hint) -> Self::Move;
    /// A hint in words, after "Hint for South: ".
    fn hint_words(hint: &Self::Hint) -> String;

    /// Who is to move now, as the explanation of their move will name them.
    fn mover(game: &Self) -> Self::Mover;
    /// A seat in the message line's words ("South", "seat C").
    fn seat_words(seat: Self::Seat) -> String;
    /// The move `seat` played, whose trace is `events`, in sentences.
    fn narrate(seat: Self::Seat, events: &[Self::Event]) -> Vec<String>;
    /// When `events` (a move's trace, played in `game`) end a round: the summary of the round
    /// just ended and of what comes next (the app adds the keys that go on).
    fn round_summary(game: &Self, events: &[Self::Event]) -> Option<Vec<String>>;
    /// Why a move was refused, in the message line's words.
    fn refusal(game: &Self, error: &Self::IllegalMove) -> String;
    /// The frames of the move `seat` played from `before`, whose trace is `events`.
    fn frames(
        before: &Self::Position,
        seat: Self::Seat,
        events: &[Self::Event],
    ) -> Vec<Frame<Self::Board>>;

    /// What typing `c` makes of the move being typed.
    fn typed(typing: &mut Self::Typing, c: char) -> Typed<Self::Move>;
    /// Where the hole of the legal move `mv` of the seat to move is drawn.
    fn spot(players: &Self::Players, game: &Self, mv: Self::Move) -> Spot;
}

/// What a typed character makes of a move.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Typed<M> {
    /// A whole move, to play.
    Move(M),
    /// The start of a move's name, with what to type next.
    Begun(String),
    /// A mistake, and what to type instead.
    Wrong(String),
    /// No key of a move.
    Nothing,
}

/// Where a hole is drawn, in the order the cursor visits the holes: the far row left to
/// right, then the near row left to right.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord)]
pub struct Spot {
    /// On the near (lower) row.
    pub near: bool,
    /// The column, 0 at the left.
    pub column: u8,
}

impl Spot {
    /// Where hole `number` of a row of `holes` is drawn: on the near row hole numbers grow to
    /// the right, on the far row to the left.
    ///
    /// ```
    /// use rajapasu_tui::variant::Spot;
    /// assert_eq!(Spot::of(1, 7, false), Spot { near: false, column: 6 });
    /// ```
    pub fn of(number: u8, holes: u8, near: bool) -> Spot {
        let column = if near { number - 1 } else { holes - number };
        Spot { near, column }
    }
}
