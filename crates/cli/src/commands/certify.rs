//! `rajapasu certify`: writes the proof of a bound on a round's result as a certificate that
//! `rajapasu check` verifies with the rules engine alone (docs/CERTIFICATES.md).

use crate::common::{CliError, GameArgs};
use clap::Args;
use rajapasu_ai::certify::{certify_round, CertifyOptions, MatchClaim, Progress};
use rajapasu_ai::match_solver::fixpoint::{solve_match, MatchOptions, MatchTable, Proven};
use rajapasu_ai::match_solver::values;
use rajapasu_ai::solver::Solver;
use rajapasu_engine::{Game, RoundStart, Side};
use std::io::Write;
use std::path::PathBuf;
use std::time::Instant;

/// Arguments of `rajapasu certify`.
#[derive(Args, Debug)]
#[command(
    after_help = "The certificate holds the prover's strategy down to the ends of the \
round: one move at each of its positions, every reply of the other player, each position once. \
The round is played alone (mode=round) from the position, taken as set up, with no history. A \
FILE ending in .gz is written compressed.\n\nThe first round's two bounds:\n  rajapasu certify \
--prover S --margin 16 --out first-round-south.cert.gz\n  rajapasu certify --prover N --margin \
-16 --out first-round-north.cert.gz\n\nThe principal match from the start:\n  rajapasu \
--tablebase /nonexistent certify --match \"49 S\" --principal\n\nBoth sides of a round start, \
and the exact number of rounds they prove:\n  rajapasu certify --match \"57 S\" --out win.cert\n  \
rajapasu certify --match \"57 S\" --loser --out hold.cert\n  rajapasu check --exact win.cert \
hold.cert"
)]
pub struct CertifyArgs {
    #[command(flatten)]
    game: GameArgs,
    /// The player whose strategy the certificate holds (default: the player to move).
    #[arg(long, value_name = "S|N")]
    prover: Option<String>,
    /// A match certificate instead: the winner's proof from the round start where South holds
    /// H counters and L leads ("H L", e.g. "4 S"), ranked by the match's values: the table the
    /// program ships for the rules (the canonical one), else a solve as `solve --match` does.
    #[arg(long = "match", value_name = "H L", conflicts_with_all = ["prover", "margin", "position", "moves"])]
    round_start: Option<String>,
    /// With --match: prove instead that this player does not lose the match from the round
    /// start (a win, or a draw by decision 11), where the match's values say so.
    #[arg(long, value_name = "S|N", requires = "round_start")]
    no_loss: Option<String>,
    /// With --match: prove instead the loser's hold-out, that the winner of the round start
    /// does not win the match in fewer rounds than the match's values give (the fewest, where
    /// only bounds are proven). With the winner's certificate, `rajapasu check --exact` proves
    /// the exact number of rounds.
    #[arg(long, requires = "round_start", conflicts_with_all = ["no_loss", "principal"])]
    loser: bool,
    /// With --match: take the match's values from this saved state of `solve --match --state
    /// FILE` (its proven fixpoint finished; bounds from its possible fixpoint as far as it
    /// went) instead of the table the program ships or a solve.
    #[arg(long, value_name = "FILE", requires = "round_start")]
    state: Option<PathBuf>,
    /// The bound: the prover's final margin (its captures in the round less the other
    /// player's, the end-of-round award included) is at least M. Negative: the prover loses by
    /// at most -M.
    #[arg(
        long,
        value_name = "M",
        allow_hyphen_values = true,
        required_unless_present = "round_start"
    )]
    margin: Option<i32>,
    /// Where to write the certificate.
    #[arg(long, value_name = "FILE", required_unless_present = "principal")]
    out: Option<PathBuf>,
    /// With --match: print the principal match, round by round: the winner follows the
    /// certificate's strategy, and the loser plays at each of its moves the reply that lets the
    /// match last longest under it (the most rounds left at the round start reached, over the
    /// section's graph; among equals, the most counters it can force in the round). Past a D leaf, where the strategy leaves
    /// the winner free, both play the round's best move by counters (the solver within
    /// 2,000,000 nodes a move). Reproducible with --tablebase /nonexistent.
    #[arg(long, requires = "round_start", conflicts_with = "no_loss")]
    principal: bool,
    /// Size of the solver's table of proven bounds (which orders the moves), as a power of two.
    #[arg(long, default_value_t = 22, value_name = "BITS")]
    table_bits: u32,
    /// Give up beyond this many nodes.
    #[arg(long, value_name = "N")]
    max_nodes: Option<u64>,
    /// Every leaf a round end by rule 8(a): no D leaves (positions the counters decide).
    #[arg(long)]
    round_ends_only: bool,
    #[command(flatten)]
    table: crate::table::TableArgs,
}

pub fn run(args: CertifyArgs) -> Result<(), CliError> {
    if !(10..=30).contains(&args.table_bits) {
        return Err(CliError("--table-bits must be between 10 and 30".into()));
    }
    if let Some(start) = &args.round_start {
        return certify_match(&args, start);
    }
    let margin = args.margin.expect("clap requires --margin without --match");
    let mut game_args = args.game.clone();
    game_args.single_round = true;
    let rules = game_args.two_player_rules("certify")?;
    let game: Game = game_args.game(rules)?;
    let root = *game.position();
    let prover = match args.prover.as_deref() {
        None => root.to_move(),
        Some(s) => {
            Side::from_name(s).ok_or_else(|| CliError(format!("--prover {s}: give S or N")))?
        }
    };
    crate::table::prepare(args.table, &rules, crate::table::When::First)?;
    let mut solver = Solver::new(args.table_bits);
    let table = rajapasu_ai::table::for_rules(&rules);
    outln!(
        "root {root}: {prover} gets margin>={margin}, {}",
        if table.is_some() {
            "the endgame table orders the moves"
        } else {
            "no endgame table"
        }
    );
    solver.set_table(table);
    let options = CertifyOptions {
        max_nodes: args.max_nodes,
        decided_leaves: !args.round_ends_only,
        ..CertifyOptions::default()
    };
    let start = Instant::now();
    let mut report = |p: &Progress| {
        eprintln!(
            "{} nodes, {} positions visited, {} solver questions ({} nodes), {:.0} s",
            p.nodes,
            p.visits,
            p.queries,
            p.solver_nodes,
            p.time.as_secs_f64()
        );
    };
    let cert = certify_round(&root, prover, margin, &mut solver, &options, &mut report)
        .map_err(|e| CliError(e.to_string()))?;
    let searched = start.elapsed();
    let written = Instant::now();
    let path = args
        .out
        .as_ref()
        .expect("clap requires --out without --principal");
    let (bytes, on_disk, gzip) = save(path, |out| cert.write(out))?;
    outln!(
        "certificate {}: {} nodes ({} leaves), {bytes} bytes of text{}; root value {}; \
         search {:.1} s, writing {:.1} s",
        path.display(),
        cert.nodes(),
        cert.leaves(),
        if gzip {
            format!(", {on_disk} bytes compressed")
        } else {
            String::new()
        },
        cert.root_value(),
        searched.as_secs_f64(),
        written.elapsed().as_secs_f64()
    );
    Ok(())
}

/// Writes a certificate to `path` with `write` (compressed if the name ends in `.gz`), through
/// a temporary file renamed when whole: the bytes of text, the bytes on disk, and whether
/// compressed.
fn save(
    path: &std::path::Path,
    write: impl FnOnce(&mut dyn Write) -> std::io::Result<u64>,
) -> Result<(u64, u64, bool), CliError> {
    let io = |e: std::io::Error| CliError(format!("{}: {e}", path.display()));
    let tmp = path.with_extension("part");
    let mut file =
        std::io::BufWriter::with_capacity(1 << 20, std::fs::File::create(&tmp).map_err(io)?);
    let gzip = path.extension().is_some_and(|e| e == "gz");
    let bytes = if gzip {
        let mut z = flate2::write::GzEncoder::new(file, flate2::Compression::default());
        let n = write(&mut z).map_err(io)?;
        z.finish().map_err(io)?.flush().map_err(io)?;
        n
    } else {
        let n = write(&mut file).map_err(io)?;
        file.flush().map_err(io)?;
        n
    };
    std::fs::rename(&tmp, path).map_err(io)?;
    let on_disk = std::fs::metadata(path).map_err(io)?.len();
    Ok((bytes, on_disk, gzip))
}

/// `certify --match "H L"`: solves the match, then writes the winner's certificate.
fn certify_match(args: &CertifyArgs, start: &str) -> Result<(), CliError> {
    let rules = args.game.two_player_rules("certify --match")?.match_play();
    let bad = || {
        CliError(format!(
            "--match {start}: give South's holdings and the leader, e.g. \"4 S\""
        ))
    };
    let mut words = start.split_whitespace();
    let (Some(h), Some(l), None) = (words.next(), words.next(), words.next()) else {
        return Err(bad());
    };
    let south: u32 = h.parse().map_err(|_| bad())?;
    let leader = Side::from_name(l).ok_or_else(bad)?;
    let start = RoundStart::new(rules, south, leader).map_err(|e| CliError(e.to_string()))?;
    // A saved state's values, else the values the program ships for these rules, else a solve.
    let known = values::known(&rules).filter(|_| args.state.is_none());
    let values: Vec<(RoundStart, Proven)> = match known {
        _ if args.state.is_some() => {
            let path = args.state.as_deref().expect("matched");
            let state = super::solve_match::read_state(path, &rules)?;
            let table = MatchTable::from_state(rules, &state).ok_or_else(|| {
                CliError(format!(
                    "{}: the run has not finished its proven fixpoint yet; nothing is proven of \
                     every round start",
                    path.display()
                ))
            })?;
            outln!(
                "match values: the state {} (proven fixpoint of {} iterations)",
                path.display(),
                state.iterations
            );
            table.iter().collect()
        }
        Some(known) => {
            outln!("match values: the table shipped for {}", known.rules());
            known.iter().collect()
        }
        None => {
            let began = Instant::now();
            let table = solve_match(rules, &MatchOptions::default(), &mut |_| {});
            outln!("match solved in {:.1} s", began.elapsed().as_secs_f64());
            table.iter().collect()
        }
    };
    if let Some((_, v)) = values.iter().find(|(r, _)| *r == start) {
        outln!("from this round start: {v}");
    }
    let options = CertifyOptions {
        max_nodes: args.max_nodes,
        decided_leaves: !args.round_ends_only,
        ..CertifyOptions::default()
    };
    let began = Instant::now();
    let cert = match &args.no_loss {
        None if args.loser => rajapasu_ai::certify::certify_hold_out(
            values.iter().copied(),
            start,
            &options,
            &mut |_| {},
        ),
        None => rajapasu_ai::certify::certify_match(
            values.iter().copied(),
            start,
            &options,
            &mut |_| {},
        ),
        Some(p) => {
            let prover = Side::from_name(p)
                .ok_or_else(|| CliError(format!("--no-loss {p}: give S or N")))?;
            rajapasu_ai::certify::certify_no_loss(
                values.iter().copied(),
                start,
                prover,
                &options,
                &mut |_| {},
            )
        }
    }
    .map_err(|e| CliError(e.to_string()))?;
    let searched = began.elapsed();
    if args.principal {
        outln!(
            "certificate: {} round sections, {} nodes; search {:.1} s",
            cert.sections(),
            cert.nodes(),
            searched.as_secs_f64()
        );
        super::principal::show(&cert, &values, args.table_bits)?;
    }
    let Some(path) = &args.out else {
        return Ok(());
    };
    let (bytes, on_disk, gzip) = save(path, |out| cert.write(out))?;
    outln!(
        "certificate {}: {}, {} round sections, {} nodes, {bytes} bytes of \
         text{}; search {:.1} s",
        path.display(),
        match cert.claim() {
            MatchClaim::Within(k) => format!(
                "a win within {}",
                crate::common::plural(k, "round", "rounds")
            ),
            MatchClaim::NoLoss => format!("{} does not lose", cert.prover()),
            MatchClaim::HoldsOut(k) => format!(
                "{} holds out: {} does not win in fewer than {}",
                cert.prover(),
                !cert.prover(),
                crate::common::plural(k, "round", "rounds")
            ),
        },
        cert.sections(),
        cert.nodes(),
        if gzip {
            format!(", {on_disk} bytes compressed")
        } else {
            String::new()
        },
        searched.as_secs_f64()
    );
    Ok(())
}
