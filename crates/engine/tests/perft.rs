//! Perft counts from the data files in `tests/perft/` (one per preset, and set-up positions).
//!
//! Each count is checked against the engine. The small ones (depth 6 and below, and any count
//! small enough to be quick) are also checked against [`Simple`], a second implementation of
//! the rules written here straight from RULES.md, with nothing optimised away: no unrecorded
//! short moves, no repetition window, no undo. Two implementations that agree on every line of
//! play are much less likely to share a mistake.
//!
//! A data file holds blocks separated by blank lines, `#` starting a comment:
//!
//! ```text
//! id start
//! rules canonical
//! position startpos
//! perft 1 7
//! perft 2 34
//! ```

use rajapasu_engine::{
    perft, ClosedEnd, EmptyBoardLead, Endless, FinalFour, FourRecipient, Game, Mode, NextLeader,
    Position, Pussa, Rules, Side,
};
use std::path::{Path, PathBuf};

/// Counts up to this many sequences are checked against the simple implementation at any depth.
const SIMPLE_MAX_COUNT: u64 = 25_000;
/// Every count at this depth or below is checked against the simple implementation.
const SIMPLE_MAX_DEPTH: u32 = 6;

/// One block of a data file.
struct Case {
    id: String,
    rules: Rules,
    start: Position,
    counts: Vec<(u32, u64)>,
}

fn data_dir() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/perft")
}

fn read_cases(name: &str) -> Vec<Case> {
    let path = data_dir().join(name);
    let text = std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("{name}: {e}"));
    let mut cases = Vec::new();
    for block in text.split("\n\n") {
        let mut id = None;
        let mut rules = None;
        let mut position = None;
        let mut counts = Vec::new();
        for line in block.lines().map(str::trim) {
            if line.is_empty() || line.starts_with('#') {
                continue;
            }
            let (key, value) = line.split_once(' ').expect("`key value` lines");
            match key {
                "id" => id = Some(value.to_string()),
                "rules" => rules = Some(value.parse::<Rules>().expect("a rule set")),
                "position" => position = Some(value.to_string()),
                "perft" => {
                    let (d, n) = value.split_once(' ').expect("`perft DEPTH COUNT`");
                    counts.push((d.parse().expect("a depth"), n.parse().expect("a count")));
                }
                _ => panic!("{name}: unknown key `{key}`"),
            }
        }
        let Some(id) = id else { continue };
        let rules = rules.unwrap_or_else(|| panic!("{name} {id}: no rules"));
        let start = match position.as_deref() {
            None | Some("startpos") => Position::start(rules),
            Some(code) => Position::from_code(code, rules).expect("a position code"),
        };
        assert!(!counts.is_empty(), "{name} {id}: no counts");
        cases.push(Case {
            id,
            rules,
            start,
            counts,
        });
    }
    assert!(!cases.is_empty(), "{name}: no cases");
    cases
}

fn check_file(name: &str) {
    for case in read_cases(name) {
        let mut game = Game::from_position(case.start);
        let simple = Simple::new(&case.start);
        for &(depth, expected) in &case.counts {
            let what = format!("{name} {} ({}), depth {depth}", case.id, case.rules);
            assert_eq!(perft(&mut game, depth), expected, "{what}: engine");
            if depth <= SIMPLE_MAX_DEPTH || expected <= SIMPLE_MAX_COUNT {
                assert_eq!(
                    simple.perft(depth),
                    expected,
                    "{what}: simple implementation"
                );
            }
        }
    }
}

/// Every data file, each checked: one for each preset, and the set-up positions.
#[test]
fn every_data_file_is_checked_and_every_preset_has_one() {
    let mut files: Vec<String> = std::fs::read_dir(data_dir())
        .unwrap()
        .map(|e| e.unwrap().file_name().to_string_lossy().into_owned())
        .collect();
    files.sort();
    let mut expected: Vec<String> = Rules::presets()
        .map(|(name, _, _)| format!("{name}.perft"))
        .chain(["positions.perft".to_string()])
        .collect();
    expected.sort();
    assert_eq!(files, expected);
    for name in &files {
        check_file(name);
    }
}

/// The perft table of docs/CLI.md is the start of `canonical.perft`.
#[test]
fn the_documented_table_matches_the_data() {
    let doc =
        std::fs::read_to_string(Path::new(env!("CARGO_MANIFEST_DIR")).join("../../docs/CLI.md"))
            .unwrap();
    let row = |label: &str| -> Vec<u64> {
        let line = doc
            .lines()
            .find(|l| l.starts_with(&format!("| {label} |")))
            .unwrap_or_else(|| panic!("docs/CLI.md has no `{label}` row"));
        line.split('|')
            .skip(2)
            .filter(|c| !c.trim().is_empty())
            .map(|c| c.trim().parse().unwrap())
            .collect()
    };
    let depths = row("depth");
    let counts = row("sequences");
    let case = read_cases("canonical.perft")
        .into_iter()
        .find(|c| c.id == "start")
        .unwrap();
    let table: Vec<(u32, u64)> = depths.iter().map(|&d| d as u32).zip(counts).collect();
    assert_eq!(table, case.counts);
}

/// The rules of RULES.md sections 3 and 4 with every option of section 6, as plainly as they
/// are written there. Holes run in sowing order, S1..Sn then N1..Nn; `None` is a closed hole;
/// players are 0 (South) and 1 (North).
#[derive(Clone)]
struct Simple {
    rules: Rules,
    n: usize,
    holes: Vec<Option<u32>>,
    to_move: usize,
    captured: [u32; 2],
    reserve: [u32; 2],
    leader: usize,
    over: bool,
    /// The positions of this round, for rule 8(b): counts, closed holes and side to move.
    seen: Vec<(Vec<Option<u32>>, usize)>,
    /// The starts of the rounds that followed a refill, for decision 11.
    round_starts: Vec<(Vec<Option<u32>>, [u32; 2], usize)>,
}

enum End {
    NoMoves,
    Repetition,
}

impl Simple {
    fn new(pos: &Position) -> Simple {
        let player = |s: Side| usize::from(s == Side::North);
        let holes: Vec<Option<u32>> = pos
            .row(Side::South)
            .chain(pos.row(Side::North))
            .map(|c| c.map(u32::from))
            .collect();
        let to_move = player(pos.to_move());
        let mut s = Simple {
            rules: *pos.rules(),
            n: pos.rules().holes(),
            seen: vec![(holes.clone(), to_move)],
            holes,
            to_move,
            captured: [pos.captured(Side::South), pos.captured(Side::North)],
            reserve: [pos.reserve(Side::South), pos.reserve(Side::North)],
            leader: to_move,
            over: false,
            round_starts: Vec::new(),
        };
        // Decision 6: a set-up position whose player to move has no move ends the round at once.
        if s.legal_moves().is_empty() {
            s.end_round(End::NoMoves);
        }
        s
    }

    fn perft(&self, depth: u32) -> u64 {
        if depth == 0 {
            return 1;
        }
        if self.over {
            return 0;
        }
        self.legal_moves()
            .into_iter()
            .map(|hole| {
                let mut next = self.clone();
                next.play(hole);
                next.perft(depth - 1)
            })
            .sum()
    }

    fn owner(&self, hole: usize) -> usize {
        hole / self.n
    }

    /// The next open hole after `hole`, anticlockwise (decision 1: closed holes are absent).
    fn next(&self, hole: usize) -> usize {
        let mut h = (hole + 1) % self.holes.len();
        while self.holes[h].is_none() {
            h = (h + 1) % self.holes.len();
        }
        h
    }

    fn count(&self, hole: usize) -> u32 {
        self.holes[hole].unwrap_or(0)
    }

    /// Rule 3: the open, non-empty holes of the player to move; with `endless=forbid`, not those
    /// whose sowing never ends.
    fn legal_moves(&self) -> Vec<usize> {
        (self.to_move * self.n..(self.to_move + 1) * self.n)
            .filter(|&h| self.count(h) > 0)
            .filter(|&h| self.rules.endless == Endless::EndMove || !self.clone().sow(h))
            .collect()
    }

    /// Rules 3 to 6 for the player to move, from `hole`. True if the sowing was endless.
    fn sow(&mut self, hole: usize) -> bool {
        let mover = self.to_move;
        let mut lifts: Vec<(usize, Vec<Option<u32>>)> = Vec::new();
        let mut lift = hole;
        loop {
            // Rule 6: a lift that repeats an earlier lift of the move, board and all, ends it.
            let state = (lift, self.holes.clone());
            if lifts.contains(&state) {
                return true;
            }
            lifts.push(state);
            let mut hand = self.count(lift);
            self.holes[lift] = Some(0);
            let mut at = lift;
            while hand > 0 {
                at = self.next(at);
                if self.rules.skip_origin && at == lift {
                    at = self.next(at);
                }
                hand -= 1;
                let c = self.count(at) + 1;
                self.holes[at] = Some(c);
                // Rule 4, and the final-four option for the lap's last drop.
                if c == 4 && !(hand == 0 && self.rules.final_four == FinalFour::Exempt) {
                    self.holes[at] = Some(0);
                    let to = match self.rules.fours {
                        FourRecipient::RowOwner => self.owner(at),
                        FourRecipient::Sower => mover,
                    };
                    self.captured[to] += 4;
                    if hand == 0 && self.rules.final_four == FinalFour::CaptureEndMove {
                        return false;
                    }
                }
            }
            // Rule 5: relay from y, or capture z beyond an empty y.
            let y = self.next(at);
            if self.count(y) > 0 {
                lift = y;
                continue;
            }
            let mut z = self.next(y);
            while self.count(z) > 0 {
                self.captured[mover] += self.count(z);
                self.holes[z] = Some(0);
                let gap = self.next(z);
                if self.rules.pussa == Pussa::Single || self.count(gap) > 0 {
                    break;
                }
                z = self.next(gap);
            }
            return false;
        }
    }

    /// Rule 7, then rule 8: the turn passes; a third occurrence or a player without a move ends
    /// the round.
    fn play(&mut self, hole: usize) {
        self.sow(hole);
        self.to_move = 1 - self.to_move;
        let now = (self.holes.clone(), self.to_move);
        self.seen.push(now.clone());
        if self.seen.iter().filter(|s| **s == now).count() >= 3 {
            self.end_round(End::Repetition);
        } else if self.legal_moves().is_empty() {
            self.end_round(End::NoMoves);
        }
    }

    /// Rules 8 to 10 and decisions 9 to 11.
    fn end_round(&mut self, end: End) {
        let taker = 1 - self.to_move;
        let left: u32 = (0..self.holes.len()).map(|h| self.count(h)).sum();
        for h in 0..self.holes.len() {
            let c = self.count(h);
            if c > 0 {
                let to = match end {
                    End::NoMoves => taker,
                    End::Repetition => self.owner(h),
                };
                self.captured[to] += c;
                self.holes[h] = Some(0);
            }
        }
        if self.rules.mode == Mode::SingleRound {
            self.over = true;
            return;
        }
        let winner = match self.captured[0].cmp(&self.captured[1]) {
            std::cmp::Ordering::Greater => Some(0),
            std::cmp::Ordering::Less => Some(1),
            std::cmp::Ordering::Equal => None,
        };
        let other = 1 - self.leader;
        let leader = match (self.rules.leader, end, winner) {
            // Decision 12: nothing left on the board, nobody took it.
            (NextLeader::TookRemaining, End::NoMoves, _) if left == 0 => {
                match self.rules.empty_board {
                    EmptyBoardLead::LastMover => taker,
                    EmptyBoardLead::SameLeader => self.leader,
                    EmptyBoardLead::OtherLeader => other,
                }
            }
            (NextLeader::TookRemaining, End::NoMoves, _) => taker,
            (NextLeader::TookRemaining, End::Repetition, _) => other,
            (NextLeader::Loser, _, Some(w)) => 1 - w,
            (NextLeader::Loser, _, None) => other,
            (NextLeader::Alternate, _, _) => other,
        };
        let per_hole = self.rules.counters();
        let holdings = [
            self.reserve[0] + self.captured[0],
            self.reserve[1] + self.captured[1],
        ];
        if holdings.iter().any(|&h| h < per_hole) {
            self.over = true;
            return;
        }
        for (player, &held) in holdings.iter().enumerate() {
            let k = (held / per_hole).min(self.n as u32) as usize;
            for number in 1..=self.n {
                let open = match self.rules.closed {
                    ClosedEnd::Left => number > self.n - k,
                    ClosedEnd::Right => number <= k,
                };
                self.holes[player * self.n + number - 1] = open.then_some(per_hole);
            }
            self.reserve[player] = held - per_hole * k as u32;
        }
        self.captured = [0, 0];
        self.to_move = leader;
        self.leader = leader;
        self.seen = vec![(self.holes.clone(), leader)];
        let start = (self.holes.clone(), self.reserve, leader);
        if self.round_starts.iter().filter(|s| **s == start).count() >= 2 {
            self.over = true;
        }
        self.round_starts.push(start);
    }
}
