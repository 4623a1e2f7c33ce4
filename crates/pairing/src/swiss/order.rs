//! The order in which a score bracket's candidate pairings are tried (FIDE Handbook C.04.3,
//! 2012 text, D.1 and D.2): transpositions of S2 in lexicographic order, then exchanges
//! between S1 and S2, fewest players first, the smallest difference of the numbers exchanged
//! first, and on a tie the one involving the lowest players of S1.

/// The most exchange options listed for one number of players exchanged: a bracket larger than
/// a club's is tried with the smaller exchanges only, so that a pairing never hangs.
pub const MAX_EXCHANGES: usize = 50_000;

/// One exchange: the positions (in the bracket, from 0) leaving S1 and those leaving S2.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Exchange {
    /// Positions moving from S1 to S2, ascending.
    pub from_s1: Vec<usize>,
    /// Positions moving from S2 to S1, ascending.
    pub from_s2: Vec<usize>,
}

/// Every exchange between an S1 of positions `0..s1` and an S2 of positions `s1..size`, in the
/// order they are tried; the empty exchange first.
///
/// ```
/// use rajapasu_pairing::swiss::order::exchanges;
/// // The handbook's example, numbers from 1: S1 = 1 2 3 4, S2 = 5 6 7 8. The first exchanges
/// // are 4 and 5, then 4 and 6, then 3 and 5.
/// let all: Vec<_> = exchanges(4, 8).collect();
/// let pairs: Vec<_> = all[1..4].iter().map(|e| (e.from_s1[0] + 1, e.from_s2[0] + 1)).collect();
/// assert_eq!(pairs, [(4, 5), (4, 6), (3, 5)]);
/// ```
pub fn exchanges(s1: usize, size: usize) -> impl Iterator<Item = Exchange> {
    let s2 = size - s1;
    let empty = Exchange {
        from_s1: Vec::new(),
        from_s2: Vec::new(),
    };
    // Each level is listed only when the search gets there: most brackets pair without any.
    std::iter::once(empty).chain(
        (1..=s1.min(s2))
            .take_while(move |&k| binomial(s1, k).saturating_mul(binomial(s2, k)) <= MAX_EXCHANGES)
            .flat_map(move |k| level(s1, size, k)),
    )
}

/// The exchanges of `k` players, in order.
fn level(s1: usize, size: usize, k: usize) -> Vec<Exchange> {
    let outs = subsets(0, s1, k);
    let ins = subsets(s1, size, k);
    let mut level: Vec<Exchange> = outs
        .iter()
        .flat_map(|o| {
            ins.iter().map(move |i| Exchange {
                from_s1: o.clone(),
                from_s2: i.clone(),
            })
        })
        .collect();
    level.sort_by_cached_key(|e| {
        let diff =
            e.from_s2.iter().sum::<usize>() as isize - e.from_s1.iter().sum::<usize>() as isize;
        let lowest_first: Vec<std::cmp::Reverse<usize>> = e
            .from_s1
            .iter()
            .rev()
            .map(|&p| std::cmp::Reverse(p))
            .collect();
        (diff, lowest_first, e.from_s2.clone())
    });
    level
}

/// Every subset of `k` of `from..to`, each ascending, in lexicographic order.
fn subsets(from: usize, to: usize, k: usize) -> Vec<Vec<usize>> {
    if k == 0 {
        return vec![Vec::new()];
    }
    (from..to)
        .flat_map(|first| {
            subsets(first + 1, to, k - 1)
                .into_iter()
                .map(move |rest| [vec![first], rest].concat())
        })
        .collect()
}

fn binomial(n: usize, k: usize) -> usize {
    (0..k).fold(1usize, |acc, i| acc.saturating_mul(n - i) / (i + 1))
}
