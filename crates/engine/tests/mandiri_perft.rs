//! Mandiri perft counts, pinned and checked against [`Simple`], a second implementation of
//! RULES.md section 9 (rules M1 to M5 within a round) written here from the text, slowly and
//! plainly: holes named by string, every lift of every move recorded, the whole layer searched.
//! Lines stop at the round's end (`mode=round`), or run within the first round of a match.

use rajapasu_engine::mandiri;
use std::collections::HashSet;

/// Board order S1..S7, N1..N7, which is also the sowing order; each hole's seat from 9.1.
const HOLES: [(&str, char); 14] = [
    ("S1", 'L'),
    ("S2", 'L'),
    ("S3", 'C'),
    ("S4", 'C'),
    ("S5", 'C'),
    ("S6", 'R'),
    ("S7", 'R'),
    ("N1", 'R'),
    ("N2", 'R'),
    ("N3", 'C'),
    ("N4", 'C'),
    ("N5", 'C'),
    ("N6", 'L'),
    ("N7", 'L'),
];

#[derive(Clone, PartialEq, Eq, Hash, Debug)]
struct Simple {
    /// `None`: closed.
    holes: Vec<Option<u32>>,
    /// Seat to move: 'C', 'R' or 'L'.
    to_move: char,
    /// Captures by seat letter, C R L.
    captured: [u32; 3],
    fours_to_sower: bool,
    clockwise: bool,
    /// Positions (holes, seat) since the last capture, for the third repetition.
    seen: Vec<(Vec<Option<u32>>, char)>,
    over: bool,
}

fn seat_ix(seat: char) -> usize {
    "CRL".find(seat).unwrap()
}

impl Simple {
    /// Reads the fields of a Mandiri code that a round needs: the rules, board, seat, captures.
    fn parse(code: &str) -> Simple {
        let f: Vec<&str> = code.split_whitespace().collect();
        let (near, far) = f[1].split_once('/').unwrap();
        let holes = near
            .split(',')
            .chain(far.split(','))
            .map(|t| {
                if t == "x" {
                    None
                } else {
                    Some(t.parse().unwrap())
                }
            })
            .collect();
        let caps: Vec<u32> = f[3].split(',').map(|c| c.parse().unwrap()).collect();
        let mut s = Simple {
            holes,
            to_move: f[2].chars().next().unwrap(),
            captured: [caps[0], caps[1], caps[2]],
            fours_to_sower: f[0].contains("fours=sower"),
            clockwise: f[0].contains("order=clockwise"),
            seen: Vec::new(),
            over: false,
        };
        s.seen.push((s.holes.clone(), s.to_move));
        s
    }

    fn next_open(&self, i: usize) -> usize {
        let mut j = (i + 1) % 14;
        while self.holes[j].is_none() {
            j = (j + 1) % 14;
        }
        j
    }

    fn on_board(&self) -> u32 {
        self.holes.iter().flatten().sum()
    }

    fn has_counters(&self, seat: char) -> bool {
        (0..14).any(|i| HOLES[i].1 == seat && self.holes[i].unwrap_or(0) > 0)
    }

    fn moves(&self) -> Vec<usize> {
        if self.over {
            return Vec::new();
        }
        (0..14)
            .filter(|&i| HOLES[i].1 == self.to_move && self.holes[i].unwrap_or(0) > 0)
            .collect()
    }

    /// Rules M3 and M4 with rules 3, 5 and 6: one move's sowing, then the turn (M2).
    fn sow(&mut self, start: usize) {
        let mover = self.to_move;
        let mut lifts: Vec<(usize, Vec<Option<u32>>)> = Vec::new();
        let mut at = start;
        loop {
            if lifts.contains(&(at, self.holes.clone())) {
                break; // endless sowing: the move ends before this lift
            }
            lifts.push((at, self.holes.clone()));
            let mut hand = self.holes[at].unwrap();
            self.holes[at] = Some(0);
            let mut pos = at;
            while hand > 0 {
                pos = self.next_open(pos);
                hand -= 1;
                let c = self.holes[pos].unwrap() + 1;
                if c == 4 {
                    self.holes[pos] = Some(0);
                    let to = if self.fours_to_sower {
                        mover
                    } else {
                        HOLES[pos].1
                    };
                    self.captured[seat_ix(to)] += 4;
                } else {
                    self.holes[pos] = Some(c);
                }
            }
            let y = self.next_open(pos);
            if self.holes[y].unwrap() > 0 {
                at = y;
                continue;
            }
            let z = self.next_open(y);
            let c = self.holes[z].unwrap();
            self.holes[z] = Some(0);
            self.captured[seat_ix(mover)] += c;
            break;
        }
        let order: Vec<char> = if self.clockwise { "CLR" } else { "CRL" }.chars().collect();
        let k = order.iter().position(|&s| s == mover).unwrap();
        self.to_move = order[(k + 1) % 3];
        for d in 1..=3 {
            let s = order[(k + d) % 3];
            if self.has_counters(s) {
                self.to_move = s;
                break;
            }
        }
    }

    /// Rule M5: can any line of moves from here capture?
    fn capture_reachable(&self) -> bool {
        let total = self.on_board();
        let mut seen = HashSet::new();
        let mut todo = vec![(self.holes.clone(), self.to_move)];
        seen.insert(todo[0].clone());
        while let Some((holes, to_move)) = todo.pop() {
            let here = Simple {
                holes,
                to_move,
                seen: Vec::new(),
                over: false,
                ..self.clone()
            };
            for m in here.moves() {
                let mut child = here.clone();
                child.sow(m);
                if child.on_board() != total {
                    return true;
                }
                let key = (child.holes.clone(), child.to_move);
                if seen.insert(key.clone()) {
                    todo.push(key);
                }
            }
        }
        false
    }

    /// A move and what ends the round after it (M5, with the third repetition).
    fn play(&mut self, m: usize) {
        let before = self.on_board();
        self.sow(m);
        if self.on_board() != before {
            self.seen.clear();
        }
        let key = (self.holes.clone(), self.to_move);
        self.seen.push(key.clone());
        let third = self.seen.iter().filter(|k| **k == key).count() >= 3;
        self.over = third || !self.capture_reachable();
    }

    fn perft(&self, depth: u32) -> u64 {
        if depth == 0 {
            return 1;
        }
        let moves = self.moves();
        if depth == 1 {
            return moves.len() as u64;
        }
        moves
            .into_iter()
            .map(|m| {
                let mut child = self.clone();
                child.play(m);
                child.perft(depth - 1)
            })
            .sum()
    }
}

/// (code, depth, count): the start, Example M1 and M2 positions, and small endgames in which
/// rounds end by rule M5. The start is symmetric under a half turn of the board, which swaps R
/// and L, so both turn orders count the same there; fours change no count within a round.
const CASES: [(&str, u32, u64); 8] = [
    (
        "mandiri 7,7,7,7,7,7,7/7,7,7,7,7,7,7 C 0,0,0 1,2,3 0,0,0 1 1",
        6,
        740,
    ),
    (
        "mandiri/fours=sower 7,7,7,7,7,7,7/7,7,7,7,7,7,7 C 0,0,0 1,2,3 0,0,0 1 1",
        6,
        740,
    ),
    (
        "mandiri/order=clockwise 7,7,7,7,7,7,7/7,7,7,7,7,7,7 C 0,0,0 1,2,3 0,0,0 1 1",
        6,
        740,
    ),
    (
        "mandiri/mode=round 0,0,1,0,0,0,3/0,0,3,0,2,0,0 R 30,30,29 1,2,3 0,0,0 1 1",
        12,
        25,
    ),
    (
        "mandiri/mode=round 1,2,0,3,1,0,0/2,0,0,0,1,2,0 L 30,28,28 1,2,3 0,0,0 1 1",
        10,
        298,
    ),
    (
        "mandiri/mode=round 0,0,1,0,0,0,0/1,0,0,1,0,0,0 C 32,32,31 1,2,3 0,0,0 1 1",
        14,
        28,
    ),
    (
        "mandiri/mode=round 2,1,0,0,1,0,1/0,1,0,2,0,1,0 C 30,30,29 1,2,3 0,0,0 1 1",
        10,
        231,
    ),
    (
        "mandiri/mode=round,fours=sower 3,0,1,2,0,1,0/1,0,2,0,1,3,1 R 28,28,27 1,2,3 0,0,0 1 1",
        8,
        254,
    ),
];

#[test]
fn engine_and_simple_implementation_agree() {
    let mut report = Vec::new();
    for (code, depth, expected) in CASES {
        let pos: mandiri::Position = code.parse().unwrap_or_else(|e| panic!("{code}: {e}"));
        let simple = Simple::parse(code);
        for d in 1..=depth {
            let mut game = mandiri::Game::from_position(pos);
            let engine = rajapasu_engine::perft(&mut game, d);
            assert_eq!(engine, simple.perft(d), "{code} depth {d}");
            if d == depth {
                report.push(format!("{code} {d} {engine}"));
                assert_eq!(engine, expected, "{code} depth {d}");
            }
        }
    }
    println!("{}", report.join("\n"));
}
