//! The numbers a rating may hold: one definition, read by the ratings' checks
//! ([`glicko2`](crate::glicko2)) and by their errors ([`error`](crate::error)).

/// The ratings a [`Rating`](crate::Rating) may hold, on the Glicko scale: wide enough for any
/// player (the strongest rated players of chess's largest sites stay below 3500), narrow enough
/// that the update's arithmetic stays far from overflow. An update that would leave it is held at its
/// edge.
pub const RATING_BOUNDS: (f64, f64) = (0.0, 4000.0);
/// The deviations a [`Rating`](crate::Rating) may hold: [`Config`](crate::Config)'s floor and ceiling lie within them.
pub const DEVIATION_BOUNDS: (f64, f64) = (30.0, 350.0);
/// The volatilities a [`Rating`](crate::Rating) may hold: the paper's new player has 0.06; a volatility that
/// leaves these is held at its edge by the update.
pub const VOLATILITY_BOUNDS: (f64, f64) = (0.01, 0.5);
