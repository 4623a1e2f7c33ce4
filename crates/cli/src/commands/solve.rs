//! `rajapasu solve`: proven bounds on a position's single-round value and on each legal move's.

use crate::common::{CliError, GameArgs};
use clap::Args;
use rajapasu_ai::solver::{gain, Bounds, Solver};
use rajapasu_ai::Limits;
use rajapasu_engine::{Game, Move};
use std::path::PathBuf;
use std::time::{Duration, Instant};

/// Arguments of `rajapasu solve`.
#[derive(Args, Debug)]
#[command(
    after_help = "Values are counters for the player to move: the round's final capture \
difference with best play, proven under the rules, the repetition rule included \
(docs/SOLVING.md). The solver works in passes; each pass gives every unsolved move twice the time \
of the last. With --state FILE, the proven bounds are saved after each pass and loaded at the \
start, so a long run can be stopped and resumed.\n\nExamples:\n  rajapasu solve --position \
\"0,0,1,0,1,0,1/0,0,0,1,1,0,0 N 45 48\"\n  rajapasu solve --minutes 60 --state start.solve"
)]
pub struct SolveArgs {
    #[command(flatten)]
    game: GameArgs,
    /// Stop after this many minutes (default: until solved).
    #[arg(long, value_name = "M")]
    minutes: Option<f64>,
    /// Save the proven bounds here after each pass, and resume from them.
    #[arg(long, value_name = "FILE")]
    state: Option<PathBuf>,
    /// Size of the solver's table of proven bounds, as a power of two (24 bytes an entry).
    #[arg(long, default_value_t = 26, value_name = "BITS")]
    table_bits: u32,
    /// Solve the whole match: the value of every round start (who wins, in how many rounds, or
    /// a draw), by the round starts' fixpoint (docs/SOLVING.md, "The match"). With --state FILE
    /// the run saves its state after every iteration and resumes from it.
    #[arg(long = "match", conflicts_with_all = ["position", "moves", "minutes", "single_round"])]
    whole_match: bool,
    /// With --match: round games with at most this many counters on the board are solved on
    /// their whole graph, larger ones by their counter value (91: every canonical round game but
    /// the first round's, which its counter value answers; 84 leaves bounds around an even
    /// split; the memory each needs: docs/FIGURES.md, "The solved match's memory").
    #[arg(long, default_value_t = 91, value_name = "N", requires = "whole_match")]
    graph_counters: u32,
    /// With --match: where repetitions decide a round test (the proven and the possible
    /// fixpoints disagree), search it with the round's history, so that the number of rounds
    /// comes out exact (docs/SOLVING.md 7.10). Round games over --graph-counters keep their
    /// bounds.
    #[arg(long, requires = "whole_match", conflicts_with = "from_state")]
    exact_rounds: bool,
    /// With --match: where the counter value of a round game with no graph (over
    /// --graph-counters) cannot answer a round test, search the real round for either
    /// player's strategy, visiting at most N positions a search (0: no search; docs/SOLVING.md
    /// 7.11).
    #[arg(long, default_value_t = 1 << 24, value_name = "N", requires = "whole_match")]
    search_visits: u64,
    /// With --match: stop each counter solve of a round game with no graph after N nodes; its
    /// value then stays between proven bounds, wider, and the searches of the real round
    /// settle what those leave open (for rules whose first round is not solved in reasonable
    /// time, such as `stoneshark`; docs/SOLVING.md 7.7).
    #[arg(long, value_name = "N", requires = "whole_match")]
    round_nodes: Option<u64>,
    /// With --match: draw the table of values as an SVG picture in FILE.
    #[arg(long, value_name = "FILE", requires = "whole_match")]
    svg: Option<PathBuf>,
    /// With --match: write every round start's value as text in FILE, the form the program
    /// ships and reads (`crates/ai/data/match-canonical.txt`).
    #[arg(long, value_name = "FILE", requires = "whole_match")]
    values: Option<PathBuf>,
    /// With --match and --state: solve nothing, and show what the saved state proves so far
    /// (the table, the picture, the values), for a run still going or stopped.
    #[arg(long, requires = "state")]
    from_state: bool,
    /// With --from-state: meet what the state proves with a values file of the same rules
    /// (another run's `--values`): each value between the better worst and the worse best.
    #[arg(long, value_name = "FILE", requires = "from_state")]
    meet: Option<PathBuf>,
    #[command(flatten)]
    table: crate::table::TableArgs,
}

pub fn run(args: SolveArgs) -> Result<(), CliError> {
    if !(10..=30).contains(&args.table_bits) {
        return Err(CliError("--table-bits must be between 10 and 30".into()));
    }
    if args.whole_match {
        return super::solve_match::run(super::solve_match::MatchArgs {
            rules: args.game.two_player_rules("solve --match")?,
            state: args.state.as_deref(),
            svg: args.svg.as_deref(),
            values: args.values.as_deref(),
            from_state: args.from_state,
            meet: args.meet.as_deref(),
            graph_counters: args.graph_counters,
            table_bits: args.table_bits,
            exact_rounds: args.exact_rounds,
            search_visits: args.search_visits,
            round_nodes: args.round_nodes,
        });
    }
    let game = position(&args)?;
    let deadline = match args.minutes {
        Some(m) if !(m > 0.0 && m.is_finite()) => {
            return Err(CliError("--minutes must be a positive number".into()))
        }
        Some(m) => Some(Instant::now() + Duration::from_secs_f64(m * 60.0)),
        None => None,
    };
    let mut solver = Solver::new(args.table_bits);
    let rules = *game.rules();
    crate::table::prepare(args.table, &rules, crate::table::When::First)?;
    let table = rajapasu_ai::table::for_rules(&rules);
    let in_use = if table.is_some() {
        ", endgame table in use"
    } else {
        ", no endgame table"
    };
    solver.set_table(table);
    if let Some(path) = &args.state {
        if let Ok(bytes) = std::fs::read(path) {
            let n = solver.load(&bytes);
            outln!("resumed {n} proven bounds from {}", path.display());
        }
    }
    let pos = *game.position();
    let me = pos.to_move();
    outln!("position {pos}");
    outln!(
        "{me} to move, {} counters on the board{in_use}",
        pos.on_board()
    );
    let start = Instant::now();
    let (moves, nodes) = solve_moves(&game, &mut solver, deadline, args.state.as_ref())?;
    outln!("move  final margin for {me}");
    let show = |b: Bounds| match b.exact() {
        Some(x) => format!("{x:+}"),
        None => format!("between {:+} and {:+}", b.lower, b.upper),
    };
    for (m, b) in &moves {
        outln!("{:>4}  {}", m.to_string(), show(*b));
    }
    let best = Bounds {
        lower: moves.iter().map(|(_, b)| b.lower).max().unwrap_or(0),
        upper: moves.iter().map(|(_, b)| b.upper).max().unwrap_or(0),
    };
    outln!(
        "value: {} for {me}, {nodes} nodes in {:.1} s",
        show(best),
        start.elapsed().as_secs_f64()
    );
    Ok(())
}

/// The position to solve: a single round in play, with no position of its layer seen twice.
fn position(args: &SolveArgs) -> Result<Game, CliError> {
    let mut game_args = args.game.clone();
    game_args.single_round = true;
    let rules = game_args.two_player_rules("solve")?;
    let game: Game = game_args.game(rules)?;
    if game.status().is_over() {
        return Err(CliError(
            "the round is over: there is nothing to solve".into(),
        ));
    }
    if game.repeated_in_layer() {
        return Err(CliError(
            "a position of the current layer has occurred twice: no value is proven then \
             (docs/SOLVING.md)"
                .into(),
        ));
    }
    Ok(game)
}

/// Proven bounds on the mover's final margin after each legal move, in passes that give every
/// unsolved move twice the time of the last, until all are exact or the deadline passes; the
/// state saved after each pass. The nodes searched come back too.
fn solve_moves(
    game: &Game,
    solver: &mut Solver,
    deadline: Option<Instant>,
    state: Option<&PathBuf>,
) -> Result<(Vec<(Move, Bounds)>, u64), CliError> {
    let pos = *game.position();
    let me = pos.to_move();
    let ahead = pos.lead(me);
    // Each move: its result, and proven bounds on the mover's final margin.
    let mut moves: Vec<(Move, Option<Bounds>)> = Vec::new();
    for &m in game.legal_moves().iter() {
        let mut g = game.clone();
        g.play(m);
        let known = if g.status().is_over() {
            let r = g.rounds().last().expect("a finished round");
            let d = r.captured[me] as i32 - r.captured[!me] as i32;
            Some(Bounds { lower: d, upper: d })
        } else {
            None
        };
        moves.push((m, known));
    }
    let start = Instant::now();
    let (mut nodes, mut slice, mut pass) = (0u64, Duration::from_millis(200), 0);
    loop {
        pass += 1;
        for (m, bounds) in moves.iter_mut() {
            if bounds.is_some_and(|b| b.exact().is_some()) {
                continue;
            }
            let mut g = game.clone();
            g.play(*m);
            let after = *g.position();
            let movetime = match deadline {
                Some(d) => slice.min(d.saturating_duration_since(Instant::now())),
                None => slice,
            };
            let solved = solver.solve(&after, &Limits::default().with_movetime(movetime));
            nodes += solved.nodes;
            let b = solved.bounds.after(gain(&pos, &after, me));
            *bounds = Some(Bounds {
                lower: ahead + b.lower,
                upper: ahead + b.upper,
            });
        }
        let done = moves
            .iter()
            .filter(|(_, b)| b.is_some_and(|b| b.exact().is_some()))
            .count();
        outln!(
            "pass {pass}: {done} of {} solved, {nodes} nodes, {:.1} s",
            crate::common::plural(moves.len() as u64, "move", "moves"),
            start.elapsed().as_secs_f64()
        );
        if let Some(path) = state {
            save(solver, path)?;
        }
        if done == moves.len() || deadline.is_some_and(|d| Instant::now() >= d) {
            break;
        }
        slice *= 2;
    }
    let tried = moves
        .into_iter()
        .map(|(m, b)| (m, b.expect("every move was tried")));
    Ok((tried.collect(), nodes))
}

/// Saves the solver's bounds: to a temporary file renamed into place, so that a stopped run
/// never leaves half a state.
fn save(solver: &Solver, path: &PathBuf) -> Result<(), CliError> {
    let tmp = path.with_extension("part");
    let mut f = std::io::BufWriter::new(
        std::fs::File::create(&tmp).map_err(|e| CliError(format!("{}: {e}", tmp.display())))?,
    );
    solver
        .save(&mut f)
        .map_err(|e| CliError(format!("{}: {e}", tmp.display())))?;
    drop(f);
    std::fs::rename(&tmp, path).map_err(|e| CliError(format!("{}: {e}", path.display())))?;
    Ok(())
}
