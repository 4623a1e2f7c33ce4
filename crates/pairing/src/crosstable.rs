//! The crosstable of an event: what each player scored against each other, game by game, as a
//! round-robin's results are published.

use crate::error::PairingError;
use crate::round::{check_history, Outcome, PlayedRound};

/// One game seen from one player's side.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub enum Mark {
    /// Won: `1`.
    Win,
    /// Drawn: `½`.
    Draw,
    /// Lost: `0`.
    Loss,
    /// Won by forfeit: `+`.
    ForfeitWin,
    /// Lost by forfeit: `-`.
    ForfeitLoss,
}

impl Mark {
    /// How a crosstable writes it.
    ///
    /// ```
    /// use rajapasu_pairing::crosstable::Mark;
    /// assert_eq!([Mark::Win, Mark::Draw, Mark::ForfeitLoss].map(Mark::text), ["1", "½", "-"]);
    /// ```
    pub fn text(self) -> &'static str {
        match self {
            Mark::Win => "1",
            Mark::Draw => "½",
            Mark::Loss => "0",
            Mark::ForfeitWin => "+",
            Mark::ForfeitLoss => "-",
        }
    }

    /// The marks of the leading player and of the other in a game that ended `outcome`.
    fn of(outcome: Outcome) -> [Mark; 2] {
        match outcome {
            Outcome::FirstWins => [Mark::Win, Mark::Loss],
            Outcome::Draw => [Mark::Draw, Mark::Draw],
            Outcome::SecondWins => [Mark::Loss, Mark::Win],
            Outcome::FirstWinsByForfeit => [Mark::ForfeitWin, Mark::ForfeitLoss],
            Outcome::SecondWinsByForfeit => [Mark::ForfeitLoss, Mark::ForfeitWin],
            Outcome::DoubleForfeit => [Mark::ForfeitLoss, Mark::ForfeitLoss],
        }
    }
}

/// Each player's marks against each other player, in the order the games were played.
#[derive(Clone, Debug, PartialEq, Eq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct Crosstable {
    /// `marks[a][b]`: player `a`'s games against `b`.
    marks: Vec<Vec<Vec<Mark>>>,
}

impl Crosstable {
    /// The crosstable of `rounds` of an event of `players` players.
    ///
    /// ```
    /// use rajapasu_pairing::crosstable::Crosstable;
    /// use rajapasu_pairing::{GameResult, Outcome, Pairing, PlayedRound};
    /// let game = |a, b, outcome| GameResult { pairing: Pairing::new(a, b), outcome, counters: [0, 0] };
    /// // A double round-robin of two: 0 wins leading, then the two draw.
    /// let rounds = [
    ///     PlayedRound { games: vec![game(0, 1, Outcome::FirstWins)], byes: vec![] },
    ///     PlayedRound { games: vec![game(1, 0, Outcome::Draw)], byes: vec![] },
    /// ];
    /// let table = Crosstable::new(2, &rounds).unwrap();
    /// assert_eq!(table.text(0, 1), "1½");
    /// assert_eq!(table.text(1, 0), "0½");
    /// assert_eq!(table.text(0, 0), "");
    /// ```
    pub fn new(players: usize, rounds: &[PlayedRound]) -> Result<Crosstable, PairingError> {
        check_history(players, rounds)?;
        let mut marks = vec![vec![Vec::new(); players]; players];
        for g in rounds.iter().flat_map(|r| &r.games) {
            let (a, b) = (g.pairing.first, g.pairing.second);
            let [ma, mb] = Mark::of(g.outcome);
            marks[a][b].push(ma);
            marks[b][a].push(mb);
        }
        Ok(Crosstable { marks })
    }

    /// The number of players.
    pub fn players(&self) -> usize {
        self.marks.len()
    }

    /// Player `a`'s marks against `b`, in the order played (none if they have not met).
    pub fn marks(&self, a: usize, b: usize) -> &[Mark] {
        &self.marks[a][b]
    }

    /// Player `a`'s marks against `b` as a crosstable writes them, one after the other (`1½`
    /// in a double round-robin); empty if they have not met.
    pub fn text(&self, a: usize, b: usize) -> String {
        self.marks[a][b].iter().map(|m| m.text()).collect()
    }
}
