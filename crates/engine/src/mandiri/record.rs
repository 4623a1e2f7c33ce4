//! Records of Mandiri games: the records of [`crate::record`], with moves named by hole and
//! the winners as the result (RULES.md section 7 and 9.7).
//!
//! ```text
//! [Event "Club evening"]
//! [Rules "mandiri"]
//! [Result "*"]
//!
//! {Round 1} S5 S6
//! *
//! ```

#[cfg(feature = "serde")]
use crate::hole::Hole;
use crate::mandiri::game::{Game, Status};
use crate::mandiri::seat::{Player, Players};
use crate::record::Recorded;

/// A Mandiri game record: tags, rule set, start position and moves.
///
/// ```
/// use rajapasu_engine::mandiri::Record;
/// let rec = Record::parse_text("[Rules \"mandiri/gift=2\"]\n{Round 1} S5 S6 *").unwrap();
/// assert_eq!(rec.moves.len(), 2);
/// assert_eq!(rec.replay().unwrap().moves().len(), 2);
/// assert_eq!(Record::parse_text(&rec.to_text()).unwrap(), rec);
/// ```
pub type Record = crate::record::GameRecord<Game>;

/// Why a Mandiri record was rejected.
pub type RecordError = crate::record::GameRecordError<Game>;

impl Recorded for Game {
    const NUMBERED: bool = false;
    const MOVE_FORM: &'static str = "a hole name such as S4 or N6";

    /// `*` while the game goes on, else its winners (`1`, or `1,3` shared).
    fn result_token(status: Status) -> String {
        match status {
            Status::Playing => "*".to_string(),
            Status::RoundOver { winners } | Status::MatchOver { winners } => winners.to_string(),
        }
    }

    fn is_result(token: &str) -> bool {
        token == "*" || token.split(',').all(|p| matches!(p, "1" | "2" | "3"))
    }

    /// The winners in order, once each: `3,1` is `1,3`.
    fn normal_result(token: &str) -> String {
        let mut winners = Players::EMPTY;
        for n in token.split(',') {
            match n.parse().ok().and_then(Player::new) {
                Some(p) => winners = winners.with(p),
                None => return token.to_string(),
            }
        }
        winners.to_string()
    }

    type Party = Player;
    const PARTIES: &'static [Player] = &Player::ALL;

    fn party_name(player: Player) -> String {
        format!("player {player}")
    }

    fn result_without(&self, losers: &[Player]) -> String {
        let pos = self.position();
        let winners = Player::ALL
            .into_iter()
            .filter(|&p| !pos.is_out(p) && !losers.contains(&p))
            .fold(Players::EMPTY, Players::with);
        if winners.is_empty() {
            "*".to_string()
        } else {
            winners.to_string()
        }
    }

    fn agreed_draw(&self) -> String {
        self.result_without(&[])
    }

    /// A match is won by one player: shared, it was drawn by a round start repeated.
    fn drawn_by_repetition(status: Status) -> bool {
        matches!(status, Status::MatchOver { winners } if winners.len() > 1)
    }

    #[cfg(feature = "serde")]
    fn move_to_json(mv: Hole) -> serde_json::Value {
        mv.to_string().into()
    }

    #[cfg(feature = "serde")]
    fn move_from_json(value: &serde_json::Value) -> Option<Hole> {
        value.as_str()?.parse().ok()
    }
}
