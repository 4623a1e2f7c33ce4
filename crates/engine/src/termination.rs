//! How a game ended, as a record's `Termination` tag says it (RULES.md section 7), and the
//! result each ending gives. The one place where these words are written and read.
//!
//! A game ended by the rules has the result its moves give. A game ended otherwise (a
//! resignation, a time-out, a draw agreed, players who never came to a tournament game) is
//! not over on the board: its result is the one its termination gives.
//!
//! ```
//! use rajapasu_engine::record::{Recorded, Termination};
//! use rajapasu_engine::{Game, Rules, Side};
//! let game = Game::new(Rules::default());
//! let t = Termination::<Game>::Resigned(Side::North);
//! assert_eq!(t.to_string(), "North resigned");
//! assert_eq!(Termination::<Game>::parse("North resigned"), Some(t.clone()));
//! assert_eq!(t.result(&game), "S");
//! assert_eq!(Termination::<Game>::Agreement.result(&game), "draw");
//! ```

use crate::recorded::Recorded;
use core::fmt;

/// Why a game ended: the value of a record's `Termination` tag.
pub enum Termination<G: Recorded> {
    /// The rules ended the game: a match won, or the round of a single-round game over.
    Rules,
    /// A match drawn because the same round start came a third time (decision 11; rule M10
    /// in Mandiri): the rules end it too, by a rule of their own.
    Repetition,
    /// Every player agreed to a draw.
    Agreement,
    /// A player resigned.
    Resigned(G::Party),
    /// A player ran out of time.
    Time(G::Party),
    /// These players never came to a tournament game within its window (no move was played).
    Forfeit(Vec<G::Party>),
}

// By hand: derives would ask the game itself to be cloneable, comparable and printable.
impl<G: Recorded> Clone for Termination<G> {
    fn clone(&self) -> Self {
        match self {
            Termination::Rules => Termination::Rules,
            Termination::Repetition => Termination::Repetition,
            Termination::Agreement => Termination::Agreement,
            Termination::Resigned(p) => Termination::Resigned(*p),
            Termination::Time(p) => Termination::Time(*p),
            Termination::Forfeit(ps) => Termination::Forfeit(ps.clone()),
        }
    }
}

impl<G: Recorded> PartialEq for Termination<G> {
    fn eq(&self, other: &Self) -> bool {
        use Termination as T;
        match (self, other) {
            (T::Rules, T::Rules) | (T::Repetition, T::Repetition) => true,
            (T::Agreement, T::Agreement) => true,
            (T::Resigned(a), T::Resigned(b)) | (T::Time(a), T::Time(b)) => a == b,
            (T::Forfeit(a), T::Forfeit(b)) => a == b,
            _ => false,
        }
    }
}

impl<G: Recorded> Eq for Termination<G> {}

impl<G: Recorded> fmt::Debug for Termination<G> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "Termination({self})")
    }
}

/// The words of each termination but those naming players.
const RULES: &str = "ended by the rules";
const REPETITION: &str = "drawn by repetition (decision 11)";
const AGREEMENT: &str = "drawn by agreement";
/// What follows the player's name.
const RESIGNED: &str = " resigned";
const TIME: &str = " ran out of time";
const FORFEIT: &str = " forfeited";
/// Between the names of players who forfeited together.
const AND: &str = " and ";

impl<G: Recorded> fmt::Display for Termination<G> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Termination::Rules => f.write_str(RULES),
            Termination::Repetition => f.write_str(REPETITION),
            Termination::Agreement => f.write_str(AGREEMENT),
            Termination::Resigned(p) => write!(f, "{}{RESIGNED}", G::party_name(*p)),
            Termination::Time(p) => write!(f, "{}{TIME}", G::party_name(*p)),
            Termination::Forfeit(ps) => {
                let names: Vec<String> = ps.iter().map(|&p| G::party_name(p)).collect();
                write!(f, "{}{FORFEIT}", names.join(AND))
            }
        }
    }
}

impl<G: Recorded> Termination<G> {
    /// The termination a tag's value names, as [`Termination`]'s `Display` writes it (case
    /// aside); `None` if it names none.
    ///
    /// ```
    /// use rajapasu_engine::mandiri::{Game, Player};
    /// use rajapasu_engine::record::Termination;
    /// let p = |n| Player::new(n).unwrap();
    /// let t = Termination::<Game>::Forfeit(vec![p(2), p(3)]);
    /// assert_eq!(t.to_string(), "player 2 and player 3 forfeited");
    /// assert_eq!(Termination::<Game>::parse(&t.to_string()), Some(t));
    /// assert_eq!(Termination::<Game>::parse("player 4 resigned"), None);
    /// ```
    pub fn parse(text: &str) -> Option<Termination<G>> {
        let text = text.trim();
        let party = |name: &str| {
            G::PARTIES
                .iter()
                .copied()
                .find(|&p| G::party_name(p).eq_ignore_ascii_case(name.trim()))
        };
        let strip = |suffix: &str| {
            let cut = text.len().checked_sub(suffix.len())?;
            let (head, tail) = (text.get(..cut)?, text.get(cut..)?);
            tail.eq_ignore_ascii_case(suffix).then_some(head)
        };
        if text.eq_ignore_ascii_case(RULES) {
            Some(Termination::Rules)
        } else if text.eq_ignore_ascii_case(REPETITION) {
            Some(Termination::Repetition)
        } else if text.eq_ignore_ascii_case(AGREEMENT) {
            Some(Termination::Agreement)
        } else if let Some(name) = strip(RESIGNED) {
            party(name).map(Termination::Resigned)
        } else if let Some(name) = strip(TIME) {
            party(name).map(Termination::Time)
        } else if let Some(names) = strip(FORFEIT) {
            // Names compare without case, so the words between them may be lowered.
            let names = names.to_ascii_lowercase();
            let ps: Option<Vec<G::Party>> = names.split(AND).map(party).collect();
            ps.filter(|ps| !ps.is_empty()).map(Termination::Forfeit)
        } else {
            None
        }
    }

    /// Whether the rules ended the game: its moves give its result.
    pub fn by_the_rules(&self) -> bool {
        matches!(self, Termination::Rules | Termination::Repetition)
    }

    /// The result token this termination gives to `game`, the game as its moves leave it:
    /// by the rules, the result of its moves; a draw agreed, [`Recorded::agreed_draw`]; a
    /// resignation, a time-out or a forfeit, [`Recorded::result_without`] the players who
    /// lost that way.
    pub fn result(&self, game: &G) -> String {
        match self {
            Termination::Rules | Termination::Repetition => G::result_token(game.status()),
            Termination::Agreement => game.agreed_draw(),
            Termination::Resigned(p) | Termination::Time(p) => game.result_without(&[*p]),
            Termination::Forfeit(ps) => game.result_without(ps),
        }
    }

    /// The termination of a game ended by the rules: [`Termination::Repetition`] for a match
    /// drawn by a repeated round start, else [`Termination::Rules`]; `None` while it goes on.
    pub fn of_rules(game: &G) -> Option<Termination<G>> {
        let status = game.status();
        if !game.is_over() {
            None
        } else if G::drawn_by_repetition(status) {
            Some(Termination::Repetition)
        } else {
            Some(Termination::Rules)
        }
    }

    /// Every form a termination takes, for messages: `ended by the rules`, ... `<player>
    /// forfeited`.
    pub fn forms() -> String {
        format!(
            "`{RULES}`, `{REPETITION}`, `{AGREEMENT}`, `<player>{RESIGNED}`, `<player>{TIME}`, \
             `<player>{FORFEIT}` (players joined by `{}`)",
            AND.trim()
        )
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::{Game, Side};

    #[test]
    fn every_termination_reads_back_as_written() {
        let all: Vec<Termination<Game>> = vec![
            Termination::Rules,
            Termination::Repetition,
            Termination::Agreement,
            Termination::Resigned(Side::South),
            Termination::Time(Side::North),
            Termination::Forfeit(vec![Side::North]),
            Termination::Forfeit(vec![Side::South, Side::North]),
        ];
        for t in all {
            assert_eq!(Termination::parse(&t.to_string()), Some(t.clone()), "{t}");
            assert_eq!(
                Termination::parse(&t.to_string().to_uppercase()),
                Some(t.clone())
            );
        }
        for bad in [
            "",
            "resigned",
            "East resigned",
            " forfeited",
            "North and forfeited",
        ] {
            assert_eq!(Termination::<Game>::parse(bad), None, "{bad:?}");
        }
    }

    #[test]
    fn a_double_forfeit_has_no_winner() {
        let game = Game::new(Default::default());
        let both = Termination::<Game>::Forfeit(vec![Side::South, Side::North]);
        assert_eq!(both.result(&game), "*");
        assert_eq!(Termination::<Game>::Time(Side::South).result(&game), "N");
    }
}
