//! The players Mandiri specs name, and how they are built and seeded ([`Playable`] for
//! [`mandiri::Game`]).

use crate::arena::random_line;
use crate::external::External;
use crate::mandiri::levels::level_player_with;
use crate::mandiri::player::{GreedyPlayer, Searcher};
use crate::player::{Player, PlayerError, RandomPlayer};
use crate::spec::{Kind, Playable, PlayerSpec};
use rajapasu_engine::mandiri;
use rajapasu_engine::rng::{stream_seed, Rng};
use rajapasu_engine::Hole;

impl Playable for mandiri::Game {
    const TITLE: &'static str = "Mandiri";
    const PLAYERS: &'static [&'static str] = &[
        "level", "paranoid", "maxn", "mcts", "random", "greedy", "cmd",
    ];

    /// A searcher given neither a depth nor a budget searches 200 ms a move
    /// ([`Limits::or_default`](crate::Limits::or_default)); MCTS counts its iterations as nodes.
    fn player(
        spec: &PlayerSpec<mandiri::Game>,
        rules: mandiri::Rules,
        seed: u64,
    ) -> Result<Box<dyn Player<mandiri::Game>>, PlayerError<mandiri::Game>> {
        let limits = spec.limits;
        Ok(match spec.kind() {
            Kind::Level(level) => level_player_with(*level, limits, seed),
            Kind::Paranoid => Searcher::Paranoid.player(limits.or_default(), seed),
            Kind::MaxN => Searcher::MaxN.player(limits.or_default(), seed),
            Kind::Mcts => Searcher::Mcts.player(limits.or_default(), seed),
            Kind::Random => Box::new(RandomPlayer::new(seed)),
            Kind::Greedy => Box::new(GreedyPlayer::new(seed, 0)),
            Kind::Command(words) => Box::new(External::spawn(words, rules, limits.movetime)?),
            // Parsing refuses the names of the other game's players, and the kind is read only.
            Kind::Search | Kind::Plain(_) => {
                unreachable!("a Mandiri spec names no two-player searcher")
            }
        })
    }

    fn participant(&self) -> usize {
        let pos = self.position();
        pos.player(pos.to_move()).index()
    }

    /// Player `k`'s seed is drawn from the game's seed with bit 0 flipped, as the published
    /// measurements were made (docs/STRENGTH.md, docs/VARIANTS.md).
    fn player_seed(seed: u64, k: usize) -> u64 {
        stream_seed(seed ^ 1, k as u64 + 1)
    }

    /// The seed of the opening, then of the seating (flipped back for [`Self::player_seed`]).
    fn seating_seed(seed: u64, _: usize, opening: usize, order: usize) -> u64 {
        stream_seed(stream_seed(seed, opening as u64 + 1), order as u64 + 1) ^ 1
    }

    /// Opening `k` is drawn from its own seed, so that every seating of it plays the same one.
    fn tournament_openings(
        start: &mandiri::Game,
        count: usize,
        plies: usize,
        seed: u64,
    ) -> Vec<Vec<Hole>> {
        (0..count)
            .map(|k| random_line(start, plies, &mut Rng::new(stream_seed(seed, k as u64 + 1))))
            .collect()
    }
}
