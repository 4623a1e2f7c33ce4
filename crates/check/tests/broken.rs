//! The checker accepts good certificates and refuses broken ones, each for its own reason.
//!
//! The good certificates in `data/` are the two bounds of the round on the 2 x 5 board with 4
//! counters a hole (value 0: `rajapasu certify --rules canonical/holes=5,counters=4 --prover
//! S --margin 0`, and `--prover N`). Each broken one is the north certificate (or, where a
//! node with two parents is needed, the south one) with one edit.

use rajapasu_check::{check, CheckError};

const NORTH: &str = include_str!("data/holes5-counters4-north.cert");
const SOUTH: &str = include_str!("data/holes5-counters4-south.cert");

/// A certificate as lines, to edit: the header is lines 0 to 5, node `k` is line `6 + k`.
struct Cert(Vec<String>);

const HEADER: usize = 6;

impl Cert {
    fn of(text: &str) -> Cert {
        Cert(text.lines().map(str::to_string).collect())
    }

    fn text(&self) -> String {
        self.0.join("\n") + "\n"
    }

    fn nodes(&self) -> usize {
        self.0.len() - HEADER - 1
    }

    /// Node `k`'s fields: id, kind, value, then the rest.
    fn node(&self, k: usize) -> Vec<String> {
        self.0[HEADER + k]
            .split_whitespace()
            .map(str::to_string)
            .collect()
    }

    fn set(&mut self, k: usize, fields: &[String]) {
        self.0[HEADER + k] = fields.join(" ");
    }

    /// The first node of `kind` that `pred` accepts.
    fn find(&self, kind: &str, pred: impl Fn(&[String]) -> bool) -> usize {
        (0..self.nodes())
            .find(|&k| {
                let f = self.node(k);
                f[1] == kind && pred(&f)
            })
            .unwrap_or_else(|| panic!("the certificate has a {kind} node as the test needs"))
    }

    /// The ids of node `k`'s children.
    fn children(&self, k: usize) -> Vec<usize> {
        let f = self.node(k);
        let from = if f[1] == "P" { 4 } else { 3 };
        f[from..].iter().map(|c| c.parse().unwrap()).collect()
    }

    fn refused(&self) -> CheckError {
        check(self.text().as_bytes()).expect_err("the broken certificate is refused")
    }
}

#[test]
fn the_good_certificates_are_accepted() {
    for (text, nodes, leaves) in [(NORTH, 169, 45), (SOUTH, 49, 15)] {
        let accepted = check(text.as_bytes()).unwrap();
        assert_eq!((accepted.nodes, accepted.leaves), (nodes, leaves));
        assert_eq!(accepted.root_value, 0);
    }
}

#[test]
fn an_illegal_move_is_refused() {
    let mut c = Cert::of(NORTH);
    let p = c.find("P", |_| true);
    let mut f = c.node(p);
    f[3] = "9".into(); // a row of 5 holes
    c.set(p, &f);
    assert!(matches!(c.refused(), CheckError::IllegalMove { node, .. } if node == p as u64));
}

#[test]
fn a_move_whose_subtree_is_worth_less_than_claimed_is_refused() {
    // The prover's node claims one counter more than the position its move leads to: the move
    // misses the goal it claims.
    let mut c = Cert::of(NORTH);
    let p = c.find("P", |_| true);
    let child = c.children(p)[0];
    let mut f = c.node(p);
    let claimed: i32 = f[2].parse::<i32>().unwrap() + 1;
    f[2] = claimed.to_string();
    c.set(p, &f);
    assert!(matches!(
        c.refused(),
        CheckError::BelowParent { node, parent, needed, .. }
            if node == child as u64 && parent == p as u64 && needed == claimed
    ));
}

#[test]
fn a_missing_reply_is_refused() {
    let mut c = Cert::of(NORTH);
    let o = c.find("O", |f| f.len() > 4);
    let mut f = c.node(o);
    f.pop();
    c.set(o, &f);
    assert!(matches!(c.refused(), CheckError::MissingReply { node, .. } if node == o as u64));
}

#[test]
fn an_extra_reply_is_refused() {
    let mut c = Cert::of(NORTH);
    let o = c.find("O", |_| true);
    let mut f = c.node(o);
    f.push(f.last().unwrap().clone());
    c.set(o, &f);
    assert!(matches!(c.refused(), CheckError::ExtraReply { node, .. } if node == o as u64));
}

#[test]
fn a_cycle_is_refused() {
    // A reply leading back to the node itself: a child id not after its parent.
    let mut c = Cert::of(NORTH);
    let o = c.find("O", |_| true);
    let mut f = c.node(o);
    f[3] = o.to_string();
    c.set(o, &f);
    assert!(matches!(
        c.refused(),
        CheckError::ChildNotAfterParent { node, child } if node == o as u64 && child == o as u64
    ));
}

#[test]
fn the_same_position_under_two_ids_is_refused() {
    // A node with two parents gets a copy at the end, and its second parent leads there.
    let mut c = Cert::of(SOUTH);
    let n = c.nodes();
    let mut parents = vec![Vec::new(); n];
    for k in 0..n {
        for child in c.children(k) {
            parents[child].push(k);
        }
    }
    let shared = (0..n).find(|&k| parents[k].len() > 1).unwrap();
    let second = parents[shared][1];
    let mut f = c.node(second);
    let at = f.iter().rposition(|x| *x == shared.to_string()).unwrap();
    f[at] = n.to_string();
    c.set(second, &f);
    let mut copy = c.node(shared);
    copy[0] = n.to_string();
    c.0.insert(HEADER + n, copy.join(" "));
    c.0[5] = format!("nodes {}", n + 1);
    assert!(matches!(
        c.refused(),
        CheckError::RepeatedPosition { node, first } if node == n as u64 && first == shared as u64
    ));
}

#[test]
fn a_leaf_where_a_move_exists_is_refused() {
    let mut c = Cert::of(NORTH);
    let p = c.find("P", |_| true);
    let f = c.node(p);
    c.set(p, &[f[0].clone(), "E".into(), f[2].clone()]);
    assert!(matches!(c.refused(), CheckError::NotOver { node } if node == p as u64));
}

#[test]
fn a_wrong_leaf_value_is_refused() {
    for kind in ["E", "D"] {
        let mut c = Cert::of(NORTH);
        let e = c.find(kind, |_| true);
        let mut f = c.node(e);
        let stated = f[2].parse::<i32>().unwrap() + 1;
        f[2] = stated.to_string();
        c.set(e, &f);
        assert!(matches!(
            c.refused(),
            CheckError::WrongLeafValue { node, stated: s, actual }
                if node == e as u64 && s == stated && actual == stated - 1
        ));
    }
}

#[test]
fn a_root_bound_one_counter_too_high_is_refused() {
    let c = Cert::of(&NORTH.replace("claim margin>=0", "claim margin>=1"));
    assert!(matches!(
        c.refused(),
        CheckError::ClaimTooHigh {
            claimed: 1,
            root: 0
        }
    ));
}

#[test]
fn wrong_rules_are_refused() {
    // Another board: the root's code does not fit it.
    let c = Cert::of(&NORTH.replace("holes=5,counters=4", "holes=4,counters=5"));
    assert!(matches!(c.refused(), CheckError::Root(_)));
    let c = Cert::of(&NORTH.replace("rules canonical/", "rules nonsense/"));
    assert!(matches!(c.refused(), CheckError::Rules(_)));
}

#[test]
fn a_round_certificate_under_match_rules_is_refused() {
    // The same round, but under rules played as a match: the round certificate's margins are
    // about a round played alone, so the rule set must say `mode=round`.
    let c = Cert::of(&NORTH.replace(",mode=round", ""));
    let err = c.refused();
    assert!(
        matches!(
            err,
            CheckError::WrongMode {
                line: 3,
                match_certificate: false,
                ..
            }
        ),
        "{err:?}"
    );
    let text = err.to_string();
    assert!(
        text.contains("round certificate") && text.contains("mode=round"),
        "{text}"
    );
}

#[test]
fn a_truncated_certificate_is_refused() {
    let c = Cert::of(NORTH);
    let half = Cert(c.0[..HEADER + c.nodes() / 2].to_vec());
    assert!(matches!(
        half.refused(),
        CheckError::Truncated {
            expected: "a node line"
        }
    ));
    let no_end = Cert(c.0[..c.0.len() - 1].to_vec());
    assert!(matches!(
        no_end.refused(),
        CheckError::Truncated { expected: "`end`" }
    ));
    let no_nodes = Cert(c.0[..3].to_vec());
    assert!(matches!(no_nodes.refused(), CheckError::Truncated { .. }));
}

#[test]
fn other_malformed_certificates_are_refused_where_they_go_wrong() {
    let good = Cert::of(NORTH);
    // Two node lines swapped.
    let mut c = Cert::of(NORTH);
    c.0.swap(HEADER + 1, HEADER + 2);
    assert!(matches!(
        c.refused(),
        CheckError::OutOfOrder {
            expected: 1,
            found: 2,
            ..
        }
    ));
    // An opponent's node written as the prover's.
    let mut c = Cert::of(NORTH);
    let o = c.find("O", |_| true);
    let f = c.node(o);
    c.set(
        o,
        &[
            f[0].clone(),
            "P".into(),
            f[2].clone(),
            "1".into(),
            f[3].clone(),
        ],
    );
    assert!(matches!(c.refused(), CheckError::WrongSide { node } if node == o as u64));
    // A round end written as a prover's node.
    let mut c = Cert::of(NORTH);
    let e = c.find("E", |_| true);
    let f = c.node(e);
    let next = (e + 1).to_string();
    c.set(
        e,
        &[f[0].clone(), "P".into(), f[2].clone(), "1".into(), next],
    );
    assert!(matches!(c.refused(), CheckError::Over { node } if node == e as u64));
    // A child beyond the last node.
    let mut c = Cert::of(NORTH);
    let p = c.find("P", |_| true);
    let mut f = c.node(p);
    f[4] = good.nodes().to_string();
    c.set(p, &f);
    assert!(matches!(c.refused(), CheckError::ChildOutOfRange { node, .. } if node == p as u64));
    // A prover's move pointed at a later node that another parent reached first: the two
    // parents disagree on its position.
    let mut c = Cert::of(NORTH);
    let mut first_parent = vec![usize::MAX; good.nodes()];
    for k in 0..good.nodes() {
        for child in good.children(k) {
            first_parent[child] = first_parent[child].min(k);
        }
    }
    let (p, target) = (0..good.nodes())
        .filter(|&k| good.node(k)[1] == "P")
        .find_map(|p| {
            let own = good.children(p)[0];
            (p + 1..good.nodes())
                .find(|&x| x != own && first_parent[x] < p)
                .map(|x| (p, x))
        })
        .unwrap();
    let mut f = c.node(p);
    f[4] = target.to_string();
    c.set(p, &f);
    let err = c.refused();
    assert!(
        matches!(err, CheckError::ParentsDisagree { node, parent } if node == target as u64 && parent == p as u64),
        "{err}"
    );
    // A node no one leads to: the last node's parent points elsewhere, as in the edit above,
    // is covered there; here an extra node is appended.
    let mut c = Cert::of(NORTH);
    let n = good.nodes();
    c.0.insert(HEADER + n, format!("{n} E 0"));
    c.0[5] = format!("nodes {}", n + 1);
    assert!(matches!(c.refused(), CheckError::Unreachable { node } if node == n as u64));
    // Garbage, an unknown version, text after the end.
    let mut c = Cert::of(NORTH);
    let mut f = c.node(3);
    f[1] = "Q".into();
    c.set(3, &f);
    assert!(matches!(c.refused(), CheckError::Syntax { line: 10, .. }));
    let c = Cert::of(&NORTH.replace("rajapasu-certificate 1", "rajapasu-certificate 2"));
    assert!(matches!(c.refused(), CheckError::Version { .. }));
    let c = Cert::of(&(NORTH.to_string() + "more\n"));
    assert!(matches!(c.refused(), CheckError::TrailingText { .. }));
}

#[test]
fn gzip_is_read_as_well() {
    use std::io::Write;
    let mut z = flate2::write::GzEncoder::new(Vec::new(), flate2::Compression::fast());
    z.write_all(NORTH.as_bytes()).unwrap();
    let bytes = z.finish().unwrap();
    let accepted = rajapasu_check::check_reader(bytes.as_slice()).unwrap();
    assert_eq!(accepted.nodes, 169);
    // Cut short, it is refused, not accepted in part.
    assert!(rajapasu_check::check_reader(&bytes[..bytes.len() / 2]).is_err());
}
