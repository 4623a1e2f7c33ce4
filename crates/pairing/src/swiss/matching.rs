//! Whether a set of players can all be paired, each pair allowed (the completion test of the
//! Dutch rules: a bracket's pairing is taken only if everyone below it can still be paired).

/// How many pairings the search looks at before it takes a set as pairable: far more than any
/// club event needs, and a bound so that a large event never hangs.
const BUDGET: usize = 200_000;

/// Whether `players` can be split into pairs, every pair `allowed`.
pub fn can_pair(players: &[usize], allowed: &impl Fn(usize, usize) -> bool) -> bool {
    if players.len() % 2 == 1 {
        return false;
    }
    let mut budget = BUDGET;
    search(players.to_vec(), allowed, &mut budget)
}

fn search(rest: Vec<usize>, allowed: &impl Fn(usize, usize) -> bool, budget: &mut usize) -> bool {
    if rest.is_empty() {
        return true;
    }
    if *budget == 0 {
        return true;
    }
    *budget -= 1;
    // The player with the fewest possible opponents first: a dead end shows at once.
    let options = |p: usize| rest.iter().filter(|&&q| q != p && allowed(p, q)).count();
    let &p = rest.iter().min_by_key(|&&p| options(p)).expect("not empty");
    let partners: Vec<usize> = rest
        .iter()
        .copied()
        .filter(|&q| q != p && allowed(p, q))
        .collect();
    partners.into_iter().any(|q| {
        let left = rest.iter().copied().filter(|&x| x != p && x != q).collect();
        search(left, allowed, budget)
    })
}
