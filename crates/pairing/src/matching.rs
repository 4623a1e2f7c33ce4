//! How many pairs a set of players can make, each pair allowed: the Swiss completion test (a
//! bracket's pairing is taken only if everyone below it can still be paired) and the arena's
//! most pairs without an immediate rematch.
//!
//! A greedy pass settles the usual case at once; otherwise Edmonds' blossom algorithm finds a
//! maximum matching, exactly, in time cubic in the number of players.

const NONE: usize = usize::MAX;

/// Whether `players` can be split into pairs, every pair `allowed`.
pub fn can_pair(players: &[usize], allowed: &impl Fn(usize, usize) -> bool) -> bool {
    if players.len() % 2 == 1 {
        return false;
    }
    let mut m = Blossom::greedy(players, allowed);
    // A player with no augmenting path now never gets one later (Edmonds): stop at the first.
    (0..players.len()).all(|v| m.mate[v] != NONE || m.augment_from(v))
}

/// The most pairs `players` can make, every pair `allowed`.
pub fn max_pairs(players: &[usize], allowed: &impl Fn(usize, usize) -> bool) -> usize {
    let mut m = Blossom::greedy(players, allowed);
    for v in 0..players.len() {
        if m.mate[v] == NONE {
            m.augment_from(v);
        }
    }
    m.mate.iter().filter(|&&x| x != NONE).count() / 2
}

/// Edmonds' algorithm: augmenting paths through contracted odd cycles, over the players'
/// positions in the list given.
struct Blossom {
    adj: Vec<Vec<usize>>,
    mate: Vec<usize>,
    parent: Vec<usize>,
    base: Vec<usize>,
    used: Vec<bool>,
    in_blossom: Vec<bool>,
}

impl Blossom {
    /// The graph of allowed pairs, with a greedy matching to start from.
    fn greedy(players: &[usize], allowed: &impl Fn(usize, usize) -> bool) -> Blossom {
        let n = players.len();
        let adj: Vec<Vec<usize>> = (0..n)
            .map(|i| {
                (0..n)
                    .filter(|&j| j != i && allowed(players[i], players[j]))
                    .collect()
            })
            .collect();
        let mut mate = vec![NONE; n];
        for v in 0..n {
            if mate[v] == NONE {
                if let Some(&u) = adj[v].iter().find(|&&u| mate[u] == NONE) {
                    mate[v] = u;
                    mate[u] = v;
                }
            }
        }
        Blossom {
            adj,
            mate,
            parent: vec![NONE; n],
            base: (0..n).collect(),
            used: vec![false; n],
            in_blossom: vec![false; n],
        }
    }

    /// Looks for an augmenting path from the unmatched `root`, and flips it if found.
    fn augment_from(&mut self, root: usize) -> bool {
        let mut end = self.find_path(root);
        if end == NONE {
            return false;
        }
        while end != NONE {
            let p = self.parent[end];
            let next = self.mate[p];
            self.mate[end] = p;
            self.mate[p] = end;
            end = next;
        }
        true
    }

    fn find_path(&mut self, root: usize) -> usize {
        let n = self.adj.len();
        self.used.iter_mut().for_each(|u| *u = false);
        self.parent.iter_mut().for_each(|p| *p = NONE);
        for (i, b) in self.base.iter_mut().enumerate() {
            *b = i;
        }
        self.used[root] = true;
        let mut queue = std::collections::VecDeque::from([root]);
        while let Some(v) = queue.pop_front() {
            for k in 0..self.adj[v].len() {
                let to = self.adj[v][k];
                if self.base[v] == self.base[to] || self.mate[v] == to {
                    continue;
                }
                if to == root || (self.mate[to] != NONE && self.parent[self.mate[to]] != NONE) {
                    let cur = self.lca(v, to);
                    self.in_blossom.iter_mut().for_each(|b| *b = false);
                    self.mark_path(v, cur, to);
                    self.mark_path(to, cur, v);
                    for i in 0..n {
                        if self.in_blossom[self.base[i]] {
                            self.base[i] = cur;
                            if !self.used[i] {
                                self.used[i] = true;
                                queue.push_back(i);
                            }
                        }
                    }
                } else if self.parent[to] == NONE {
                    self.parent[to] = v;
                    if self.mate[to] == NONE {
                        return to;
                    }
                    self.used[self.mate[to]] = true;
                    queue.push_back(self.mate[to]);
                }
            }
        }
        NONE
    }

    fn lca(&self, mut a: usize, mut b: usize) -> usize {
        let mut seen = vec![false; self.adj.len()];
        loop {
            a = self.base[a];
            seen[a] = true;
            if self.mate[a] == NONE {
                break;
            }
            a = self.parent[self.mate[a]];
        }
        loop {
            b = self.base[b];
            if seen[b] {
                return b;
            }
            b = self.parent[self.mate[b]];
        }
    }

    fn mark_path(&mut self, mut v: usize, b: usize, mut child: usize) {
        while self.base[v] != b {
            self.in_blossom[self.base[v]] = true;
            self.in_blossom[self.base[self.mate[v]]] = true;
            self.parent[v] = child;
            child = self.mate[v];
            v = self.parent[self.mate[v]];
        }
    }
}

#[cfg(test)]
mod tests {
    use super::{can_pair, max_pairs};

    #[test]
    fn two_triangles_cannot_pair_but_a_six_cycle_can() {
        let triangles = |a: usize, b: usize| a / 3 == b / 3;
        assert!(!can_pair(&[0, 1, 2, 3, 4, 5], &triangles));
        let cycle = |a: usize, b: usize| (a + 1) % 6 == b || (b + 1) % 6 == a;
        assert!(can_pair(&[0, 1, 2, 3, 4, 5], &cycle));
        assert!(!can_pair(&[0, 1, 2], &|_, _| true));
        assert!(can_pair(&[], &|_, _| false));
    }

    #[test]
    fn a_blossom_is_found_where_greedy_fails() {
        // A triangle 0 1 2 with tails 0-3 and 2-4-5. Greedy pairs 0-1 first, and then 2-4,
        // leaving 3 and 5 alone; the one pairing is 3-0, 1-2, 4-5.
        let edges = [(0, 1), (1, 2), (2, 0), (0, 3), (2, 4), (4, 5)];
        let allowed = |a: usize, b: usize| edges.contains(&(a, b)) || edges.contains(&(b, a));
        assert!(can_pair(&[0, 1, 2, 3, 4, 5], &allowed));
        assert_eq!(max_pairs(&[0, 1, 2, 3, 4, 5], &allowed), 3);
        // Without 5, one of 3 and 4 is left over: two pairs.
        assert_eq!(max_pairs(&[0, 1, 2, 3, 4], &allowed), 2);
        assert_eq!(max_pairs(&[3, 4, 5], &allowed), 1);
    }
}
