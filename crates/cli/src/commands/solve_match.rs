//! `rajapasu solve --match`: the value of the whole match at every round start, with its
//! progress, figures and the picture of the table.

use crate::common::CliError;
use rajapasu_ai::match_solver::exact_rounds::{narrow_to_exact, ExactOptions, ExactReport};
use rajapasu_ai::match_solver::fixpoint::{
    first_round_start, solve_match_resuming, MatchOptions, MatchState, MatchTable, MatchValue,
    Progress, RoundMethod,
};
use rajapasu_ai::match_solver::values::{short, MatchValues};
use rajapasu_ai::Limits;
use rajapasu_engine::{RoundStart, Rules, Side};
use std::path::Path;
use std::time::Instant;

/// What `solve --match` was asked.
pub struct MatchArgs<'a> {
    pub rules: Rules,
    pub state: Option<&'a Path>,
    pub svg: Option<&'a Path>,
    pub values: Option<&'a Path>,
    pub from_state: bool,
    pub meet: Option<&'a Path>,
    pub graph_counters: u32,
    pub table_bits: u32,
    pub exact_rounds: bool,
    pub search_visits: u64,
    pub round_nodes: Option<u64>,
}

pub fn run(args: MatchArgs) -> Result<(), CliError> {
    let rules = args.rules.match_play();
    let resume = match args.state {
        Some(path) if path.exists() => Some(read_state(path, &rules)?),
        _ => None,
    };
    if args.from_state {
        let (Some(path), Some(state)) = (args.state, &resume) else {
            return Err(CliError(
                "--from-state: no state to read (give --state FILE)".into(),
            ));
        };
        let table = MatchTable::from_state(rules, state).ok_or_else(|| {
            CliError(format!(
                "{}: the run has not finished its proven fixpoint yet; nothing is proven of \
                 every round start",
                path.display()
            ))
        })?;
        let mut values = MatchValues::from(&table);
        if let Some(other) = args.meet {
            let text = std::fs::read_to_string(other)
                .map_err(|e| CliError(format!("cannot read {}: {e}", other.display())))?;
            let other_values: MatchValues = text
                .parse()
                .map_err(|e| CliError(format!("{}: {e}", other.display())))?;
            values = values
                .meet(&other_values)
                .map_err(|e| CliError(format!("--meet {}: {e}", other.display())))?;
        }
        outln!(
            "what {} proves (proven fixpoint of {} iterations){}:",
            path.display(),
            state.iterations,
            match args.meet {
                Some(other) => format!(", met with {}", other.display()),
                None => String::new(),
            }
        );
        print_table(&values);
        print_findings(&values);
        return write_files(&args, &values);
    }
    if let (Some(path), Some(state)) = (args.state, &resume) {
        outln!(
            "resuming from {} after {} iterations",
            path.display(),
            state.iterations
        );
    }
    let table = rajapasu_ai::table::for_rules(&rules.single_round());
    outln!(
        "solving the match under {rules}: {} round starts{}",
        RoundStart::all(rules).count(),
        if table.is_some() {
            ", endgame table in use"
        } else {
            ", no endgame table"
        }
    );
    let options = MatchOptions {
        graph_counters: args.graph_counters,
        limits: match args.round_nodes {
            Some(n) => Limits::default().with_nodes(n),
            None => Limits::default(),
        },
        table_bits: args.table_bits,
        table,
        search_visits: args.search_visits,
    };
    let started = Instant::now();
    let mut save_error = None;
    let solved = solve_match_resuming(
        rules,
        &options,
        resume,
        &mut |p| print_progress(p, started),
        &mut |state| {
            if let Some(path) = args.state {
                if let Err(e) = write_state(path, state) {
                    save_error.get_or_insert(e);
                }
            }
        },
    );
    if let Some(e) = save_error {
        return Err(e);
    }
    let mut solved = solved;
    if args.exact_rounds && solved.iter().any(|(_, v)| v.exact().is_none()) {
        let report = narrow_to_exact(
            &mut solved,
            ExactOptions {
                graph_counters: args.graph_counters,
            },
        );
        print_exact_report(&report, started);
    }
    let values = MatchValues::from(&solved);
    print_table(&values);
    print_findings(&values);
    print_figures(&solved);
    write_files(&args, &values)
}

/// The picture and the values, where asked for.
fn write_files(args: &MatchArgs, values: &MatchValues) -> Result<(), CliError> {
    if let Some(path) = args.svg {
        std::fs::write(path, svg(values))
            .map_err(|e| CliError(format!("cannot write {}: {e}", path.display())))?;
        outln!("picture written to {}", path.display());
    }
    if let Some(path) = args.values {
        let text = format!(
            "# The value of every round start, proven by `rajapasu solve --match` (docs/SOLVING.md \
             §7):\n# South's holdings, then the value for South (S3 South wins in 3 rounds, D a \
             draw, N6..S9 bounds).\n{values}"
        );
        std::fs::write(path, text)
            .map_err(|e| CliError(format!("cannot write {}: {e}", path.display())))?;
        outln!("values written to {}", path.display());
    }
    Ok(())
}

/// Reads a saved state of `solve --match` for `rules` (also what `certify --match --state`
/// takes its values from).
pub(crate) fn read_state(path: &Path, rules: &Rules) -> Result<MatchState, CliError> {
    let text = std::fs::read_to_string(path)
        .map_err(|e| CliError(format!("cannot read {}: {e}", path.display())))?;
    let state: MatchState = serde_json::from_str(&text).map_err(|e| {
        CliError(format!(
            "{} is not a state of `solve --match`: {e}",
            path.display()
        ))
    })?;
    state
        .check(rules)
        .map_err(|e| CliError(format!("cannot resume from {}: {e}", path.display())))?;
    Ok(state)
}

fn write_state(path: &Path, state: &MatchState) -> Result<(), CliError> {
    let text = serde_json::to_string(state).expect("a state is plain data");
    // Written aside and renamed, so that a run stopped while saving keeps the last state whole.
    let part = path.with_extension("part");
    std::fs::write(&part, text)
        .and_then(|()| std::fs::rename(&part, path))
        .map_err(|e| CliError(format!("cannot write {}: {e}", path.display())))
}

fn print_progress(p: Progress, started: Instant) {
    let secs = started.elapsed().as_secs_f64();
    match p {
        Progress::Round {
            done,
            total,
            report,
        } => {
            let g = report.game;
            let how = match report.method {
                RoundMethod::Graph {
                    positions,
                    moves,
                    bytes,
                    cyclic,
                } => format!(
                    "whole graph, {positions} positions, {moves} moves, {:.0} MB{}",
                    bytes as f64 / 1e6,
                    if cyclic { ", with cycles" } else { "" }
                ),
                RoundMethod::Counters { bounds, nodes } => match bounds.exact() {
                    Some(v) => format!("counter value {v:+} for the leader, {nodes} nodes"),
                    None => format!(
                        "counter value between {:+} and {:+} for the leader, {nodes} nodes",
                        bounds.lower, bounds.upper
                    ),
                },
            };
            outln!(
                "round game {done}/{total}: {} leads, holes filled {}/{}: {how} [{secs:.1} s]",
                g.leader(),
                g.filled(Side::South),
                g.filled(Side::North)
            );
        }
        Progress::Iteration { k, won } => outln!(
            "iteration {k}: South wins from {} round starts, North from {} [{secs:.1} s]",
            won[0],
            won[1]
        ),
        Progress::Possible { k, won, fallen } => outln!(
            "where repetitions decide, pass {k}: South may win from {} round starts, \
             North from {}; {fallen} ranks fell [{secs:.1} s]",
            won[0],
            won[1]
        ),
    }
}

/// What the search of the round tests that repetitions decide took.
fn print_exact_report(report: &ExactReport, started: Instant) {
    let secs = started.elapsed().as_secs_f64();
    for s in &report.searched {
        outln!(
            "searched with its history: can South force the round from {} {} into a win within \
             {} rounds? {}: {} positions undecided by the bounds, {} states",
            s.start.south(),
            s.start.leader(),
            s.k,
            if s.answer.yes { "yes" } else { "no" },
            s.answer.undecided,
            s.answer.states
        );
    }
    let positions: usize = report.graphs.iter().map(|(_, n)| n).sum();
    outln!(
        "exact rounds: {} round tests searched on {} round games ({positions} positions){} \
         [{secs:.1} s]",
        report.searched.len(),
        report.graphs.len(),
        if report.unsearched > 0 {
            format!(
                "; {} tests on round games over --graph-counters left to the bounds",
                report.unsearched
            )
        } else {
            String::new()
        }
    );
}

fn print_table(table: &MatchValues) {
    outln!();
    outln!("value at each round start, by South's holdings (S3: South wins in 3 rounds; D: drawn)");
    for leader in Side::ALL {
        outln!("{leader} leads:");
        let row: Vec<String> = table
            .iter()
            .filter(|(s, _)| s.leader() == leader)
            .map(|(s, v)| format!("{}:{}", s.south(), short(v)))
            .collect();
        for chunk in row.chunks(10) {
            outln!("  {}", chunk.join(" "));
        }
    }
    if let Some(start) = first_round_start(table.rules()) {
        outln!();
        outln!(
            "the match from the start (South holds {} and leads): {}",
            start.south(),
            table.value(start).expect("a round start of the rules")
        );
    }
}

/// Where the value is not monotone in the holdings, and where the leader changes it.
fn print_findings(table: &MatchValues) {
    let exact: Vec<(RoundStart, i64)> = table
        .iter()
        .filter_map(|(s, v)| v.exact().map(|v| (s, v.score())))
        .collect();
    let mut falls = Vec::new();
    for leader in Side::ALL {
        let row: Vec<&(RoundStart, i64)> =
            exact.iter().filter(|(s, _)| s.leader() == leader).collect();
        for pair in row.windows(2) {
            let (a, b) = (pair[0], pair[1]);
            // Worse for South with more counters: a result that changes, not only its speed.
            if b.0.south() == a.0.south() + 1 && sign(b.1) < sign(a.1) {
                falls.push(format!("{}→{} ({leader} leads)", a.0.south(), b.0.south()));
            }
        }
    }
    let leader_matters = exact
        .iter()
        .filter(|(s, v)| {
            s.leader() == Side::South
                && exact
                    .iter()
                    .any(|(t, w)| t.south() == s.south() && t.leader() == Side::North && w != v)
        })
        .count();
    outln!(
        "one counter more is worse for South at {} places{}",
        falls.len(),
        if falls.is_empty() {
            String::new()
        } else {
            format!(": {}", falls.join(", "))
        }
    );
    outln!("who leads changes the value at {leader_matters} of South's holdings");
}

fn sign(x: i64) -> i64 {
    x.signum()
}

fn print_figures(table: &MatchTable) {
    let exact = table.iter().filter(|(_, v)| v.exact().is_some()).count();
    let (positions, nodes) = table
        .rounds
        .iter()
        .fold((0, 0), |(p, n), r| match r.method {
            RoundMethod::Graph { positions, .. } => (p + positions, n),
            RoundMethod::Counters { nodes, .. } => (p, n + nodes),
        });
    outln!(
        "exact at {exact} of {} round starts; {} iterations, {} round tests",
        table.iter().count(),
        table.iterations,
        table.tests
    );
    outln!(
        "round games: {positions} positions in whole graphs, {nodes} solver nodes; {:.1} s, \
         then the fixpoint {:.1} s; peak memory {}",
        table.build_time.as_secs_f64(),
        table.solve_time.as_secs_f64(),
        peak_memory().unwrap_or_else(|| "unknown".to_string())
    );
    for (g, searched) in &table.searched {
        if searched.tests.is_empty() {
            continue;
        }
        outln!(
            "round game {} leads, holes filled {}/{}: {} round tests its counter value could \
             not answer, {} settled by a strategy found; {} positions visited",
            g.leader(),
            g.filled(Side::South),
            g.filled(Side::North),
            searched.tests.len(),
            searched.settled(),
            searched.visits()
        );
        for t in &searched.tests {
            outln!(
                "  at {} {}, can {} force one of {} outcomes: {} ({} searches, {} positions)",
                t.start.south(),
                t.start.leader().letter(),
                t.player,
                t.goal_size,
                match t.answer {
                    Some(true) => "yes, its strategy found",
                    Some(false) => "no, the other player's strategy found",
                    None => "open, neither strategy found",
                },
                t.searches,
                t.visits
            );
        }
    }
}

/// The process's peak resident memory, from /proc where there is one.
fn peak_memory() -> Option<String> {
    let status = std::fs::read_to_string("/proc/self/status").ok()?;
    let line = status.lines().find(|l| l.starts_with("VmHWM:"))?;
    let kb: f64 = line.split_whitespace().nth(1)?.parse().ok()?;
    Some(format!("{:.2} GB", kb / 1e6))
}

/// The table as a picture: South's holdings across, the leader down, coloured by the result
/// and shaded by the rounds to it.
fn svg(table: &MatchValues) -> String {
    let rules = table.rules();
    let n = (rules.total() - 2 * rules.counters() + 1) as usize;
    let (cell, left, top) = (10usize, 70usize, 30usize);
    let width = left + n * cell + 20;
    let height = top + 2 * 3 * cell + 60;
    let mut out = format!(
        "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"{width}\" height=\"{height}\" \
         font-family=\"sans-serif\" font-size=\"11\">\n<title>The value of the match of {rules} \
         at every round start</title>\n"
    );
    let max_rounds = table
        .iter()
        .filter_map(|(_, v)| match v.exact()? {
            MatchValue::Win { rounds, .. } => Some(rounds),
            MatchValue::Draw => None,
        })
        .max()
        .unwrap_or(1);
    for (row, leader) in Side::ALL.into_iter().enumerate() {
        let y = top + row * 3 * cell;
        out += &format!(
            "<text x=\"4\" y=\"{}\">{leader} leads</text>\n",
            y + 2 * cell
        );
        for (s, v) in table.iter().filter(|(s, _)| s.leader() == leader) {
            let x = left + (s.south() - rules.counters()) as usize * cell;
            let fill = match v.exact() {
                Some(MatchValue::Win { winner, rounds }) => {
                    // Darker for a faster win.
                    let light = 35 + 45 * (rounds - 1) / max_rounds.max(1);
                    let hue = if winner == Side::South { 210 } else { 10 };
                    format!("hsl({hue},70%,{light}%)")
                }
                Some(MatchValue::Draw) => "#bbbbbb".to_string(),
                // The winner proven, the rounds only bounded: pale.
                None => match v.winner() {
                    Some(Side::South) => "hsl(210,70%,88%)".to_string(),
                    Some(Side::North) => "hsl(10,70%,88%)".to_string(),
                    None => "#ffffff".to_string(),
                },
            };
            out += &format!(
                "<rect x=\"{x}\" y=\"{y}\" width=\"{cell}\" height=\"{}\" fill=\"{fill}\" \
                 stroke=\"#ffffff\"><title>South holds {}, {leader} leads: {v}</title></rect>\n",
                3 * cell,
                s.south()
            );
        }
    }
    let axis = top + 6 * cell + 14;
    for h in (rules.counters()..=rules.total() - rules.counters()).step_by(7) {
        let x = left + (h - rules.counters()) as usize * cell;
        out += &format!("<text x=\"{x}\" y=\"{axis}\">{h}</text>\n");
    }
    out += &format!(
        "<text x=\"{left}\" y=\"{}\">South's holdings at the round start. Blue: South wins, \
         red: North wins (darker: fewer rounds; pale: the rounds only bounded), grey: drawn, white: \
         the result not proven.</text>\n</svg>\n",
        axis + 18
    );
    out
}
