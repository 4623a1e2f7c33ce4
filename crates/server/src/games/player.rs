//! The players of a game, whichever game: what seats, clocks and tokens are kept by.

/// One of the people at a game: a side of the board in Raja Pasu, a player (1 to 3, whatever
/// seat the office gives them) in Mandiri. Tokens, presence, names and resignations are theirs.
pub trait Player: Copy + Eq + std::fmt::Debug + Send + Sync + 'static {
    /// Every player, in the order of their index.
    const ALL: &'static [Self];

    /// The place of the player in [`Player::ALL`].
    fn index(self) -> usize;
}
