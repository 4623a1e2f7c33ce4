//! Who leads a Swiss game: each player's preference from the leads they had (FIDE Handbook
//! C.04.3, A.6 and E): strong and absolute preferences balance the leads, a mild one
//! alternates them, and the allocation rules E.1 to E.5 settle a pair.

/// Which of the two players of a game moves first.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub enum Lead {
    /// Leads (moves first): white, in chess.
    First,
    /// Answers: black, in chess.
    Second,
}

impl Lead {
    /// The other lead.
    ///
    /// ```
    /// use rajapasu_pairing::swiss::Lead;
    /// assert_eq!(Lead::First.other(), Lead::Second);
    /// ```
    pub fn other(self) -> Lead {
        match self {
            Lead::First => Lead::Second,
            Lead::Second => Lead::First,
        }
    }
}

/// How much a player wants a lead, weakest first.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum Strength {
    /// Leads balanced: the player would alternate with the last game.
    Mild,
    /// One lead more of one kind than of the other.
    Strong,
    /// Two more of one kind, or the same lead in the last two games: must get the other.
    Absolute,
}

/// A player's wish for the next game.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Preference {
    /// The lead wished for.
    pub lead: Lead,
    /// How strongly.
    pub strength: Strength,
}

/// The preference of a player whose games, round by round, had `leads` (`None` for a round
/// without a game); `None` before the first game.
///
/// ```
/// use rajapasu_pairing::swiss::{preference, Lead::*, Preference, Strength};
/// assert_eq!(preference(&[]), None);
/// assert_eq!(
///     preference(&[Some(First), Some(Second)]),
///     Some(Preference { lead: First, strength: Strength::Mild })
/// );
/// assert_eq!(preference(&[Some(First)]).unwrap().strength, Strength::Strong);
/// assert_eq!(
///     preference(&[Some(Second), None, Some(First), Some(First)]),
///     Some(Preference { lead: Second, strength: Strength::Absolute })
/// );
/// ```
pub fn preference(leads: &[Option<Lead>]) -> Option<Preference> {
    let played: Vec<Lead> = leads.iter().flatten().copied().collect();
    let last = *played.last()?;
    let firsts = played.iter().filter(|&&l| l == Lead::First).count() as isize;
    let diff = 2 * firsts - played.len() as isize;
    let lead_to_balance = if diff > 0 { Lead::Second } else { Lead::First };
    let twice = played.len() >= 2 && played[played.len() - 2] == last;
    let (lead, strength) = if diff.abs() > 1 {
        (lead_to_balance, Strength::Absolute)
    } else if twice {
        (last.other(), Strength::Absolute)
    } else if diff != 0 {
        (lead_to_balance, Strength::Strong)
    } else {
        (last.other(), Strength::Mild)
    };
    Some(Preference { lead, strength })
}

/// The strength of the preference that a game of `a` against `b` cannot grant, if their
/// preferences clash: the weaker of the two, since rule E.2 grants the stronger.
///
/// ```
/// use rajapasu_pairing::swiss::{clash, preference, Lead::*, Strength};
/// let (led, led_twice) = (preference(&[Some(First)]), preference(&[Some(First), Some(First)]));
/// assert_eq!(clash(led, led_twice), Some(Strength::Strong));
/// assert_eq!(clash(led, preference(&[Some(Second)])), None);
/// ```
pub fn clash(a: Option<Preference>, b: Option<Preference>) -> Option<Strength> {
    match (a, b) {
        (Some(x), Some(y)) if x.lead == y.lead => Some(x.strength.min(y.strength)),
        _ => None,
    }
}

/// Whether the higher-ranked player `high` (with the pairing number `high_seed`, from 0, and
/// round-by-round leads `high_leads`) leads against `low`, by rules E.1 to E.5; `initial` is
/// the lead the top seed has in round 1.
///
/// ```
/// use rajapasu_pairing::swiss::{high_leads, Lead::*};
/// // E.1: the higher-ranked player led last, the other answered: both wishes are granted.
/// assert!(!high_leads(0, &[Some(First)], &[Some(Second)], First));
/// // E.5: no games yet; pairing number 1 (seed 0) takes the initial lead, 2 the other.
/// assert!(high_leads(0, &[], &[], First));
/// assert!(!high_leads(1, &[], &[], First));
/// ```
pub fn high_leads(
    high_seed: usize,
    high_leads: &[Option<Lead>],
    low_leads: &[Option<Lead>],
    initial: Lead,
) -> bool {
    let (h, l) = (preference(high_leads), preference(low_leads));
    let lead = match (h, l) {
        // E.1: both preferences granted, or the only one there is.
        (Some(x), Some(y)) if x.lead != y.lead => Some(x.lead),
        (Some(x), None) => Some(x.lead),
        (None, Some(y)) => Some(y.lead.other()),
        // E.2: the stronger preference.
        (Some(x), Some(y)) if x.strength != y.strength => Some(if x.strength > y.strength {
            x.lead
        } else {
            x.lead.other()
        }),
        // E.3: alternate from the last round in which the two had different leads; E.4: the
        // higher-ranked player's preference.
        (Some(x), Some(_)) => Some(last_difference(high_leads, low_leads).unwrap_or(x.lead)),
        (None, None) => None,
    };
    // E.5: by pairing number, odd numbers (from 1) taking the initial lead.
    let lead = lead.unwrap_or(if high_seed % 2 == 0 {
        initial
    } else {
        initial.other()
    });
    lead == Lead::First
}

/// The lead `high` gets by alternating from the most recent game in which `high` and `low`
/// had different leads. Their games are compared from the last one back, rounds without a
/// game left out, as if those rounds had come first (C.04.2 D.5; F.3 of the 2012 text: a
/// history B W W - B counts as - B W W B).
fn last_difference(high: &[Option<Lead>], low: &[Option<Lead>]) -> Option<Lead> {
    let high = high.iter().flatten().rev();
    let low = low.iter().flatten().rev();
    high.zip(low).find_map(|(h, l)| (h != l).then(|| h.other()))
}

#[cfg(test)]
mod tests {
    use super::{last_difference, Lead::*};

    #[test]
    fn histories_are_compared_game_by_game_from_the_last() {
        // Game by game: S F against F S F. From the last, F and F, then S and S: no
        // difference. (Round by round, round 1 would differ: S against F.)
        let high = [Some(Second), None, Some(First)];
        let low = [Some(First), Some(Second), Some(First)];
        assert_eq!(last_difference(&high, &low), None);
        let high = [Some(First), None, Some(Second), Some(First)];
        let low = [Some(Second), Some(First), Some(First), Some(First)];
        // Game by game, F S F against S F F F: the last games agree, the ones before differ
        // (S against F): high answered then, so leads now.
        assert_eq!(last_difference(&high, &low), Some(First));
    }
}
