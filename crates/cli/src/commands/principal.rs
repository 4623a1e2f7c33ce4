//! `rajapasu certify --match "H L" --principal`: the principal match of a match certificate,
//! printed round by round (docs/SOLVING.md, section 7.6).

use crate::common::CliError;
use rajapasu_ai::certify::{principal_match, MatchCertificate, PrincipalRound};
use rajapasu_ai::match_solver::fixpoint::Proven;
use rajapasu_ai::match_solver::values::short;
use rajapasu_ai::solver::Solver;
use rajapasu_engine::{RoundEnd, RoundOutcome, RoundStart, Side};
use std::time::Instant;

/// Plays out and prints the principal match of `cert`, with each round start's value from
/// `values`; the solver's table (for the moves past a D leaf) of `2^table_bits` entries.
pub fn show(
    cert: &MatchCertificate,
    values: &[(RoundStart, Proven)],
    table_bits: u32,
) -> Result<(), CliError> {
    let began = Instant::now();
    // No endgame table: the line depends on this source alone.
    let mut solver = Solver::new(table_bits);
    let line = principal_match(cert, &mut solver).map_err(|e| CliError(e.to_string()))?;
    let start = cert.start();
    outln!(
        "principal match from South holding {} and {} leading: {} follows its certified \
         strategy; the loser holds out as long as that strategy lets it",
        start.south(),
        start.leader(),
        line.winner
    );
    outln!("round  South  leads  closed S N  value   held  margin  remainder       next");
    for r in &line.rounds {
        let value = values
            .iter()
            .find(|(s, _)| *s == r.start)
            .map_or("?".to_string(), |(_, v)| short(*v));
        outln!(
            "{:>5}  {:>5}  {:<5}  {:>8} {}  {:<6} {:>5}  {:>+6}  {:<14}  {}",
            r.number,
            r.start.south(),
            r.start.leader().letter(),
            closed(r, Side::South),
            closed(r, Side::North),
            value,
            r.held,
            r.margin(),
            remainder(r),
            next(r.outcome)
        );
    }
    let moves: usize = line.rounds.iter().map(|r| r.moves.len()).sum();
    let inside: usize = line.rounds.iter().map(|r| r.in_section).sum();
    outln!(
        "{} wins in {}; {moves} moves, {inside} of them inside the certificate's sections; \
         {:.1} s",
        line.winner,
        crate::common::plural(line.rounds.len() as u32, "round", "rounds"),
        began.elapsed().as_secs_f64()
    );
    outln!("the moves of each round:");
    for r in &line.rounds {
        let text: Vec<String> = r.moves.iter().map(|m| m.number().to_string()).collect();
        outln!("{:>5}: {}", r.number, text.join(" "));
    }
    Ok(())
}

/// The holes `side` has closed at the round's start (rule 10).
fn closed(r: &PrincipalRound, side: Side) -> u32 {
    let pos = r
        .start
        .position(r.number)
        .expect("a round start of the line");
    r.start.rules().holes() as u32 - pos.open_holes(side)
}

/// Who took the counters left at the round's end (rule 8(a)), or how else it ended.
fn remainder(r: &PrincipalRound) -> String {
    match (r.ended_by, r.remainder) {
        (RoundEnd::NoMoves, Some((side, n))) => format!("{} took {n}", side.letter()),
        (RoundEnd::Repetition, _) => "repetition".to_string(),
        _ => "no moves".to_string(),
    }
}

/// Where the round led: the next round start ("57 S"), or the match won.
fn next(outcome: RoundOutcome) -> String {
    match outcome {
        RoundOutcome::Next(s) => format!("{} {}", s.south(), s.leader().letter()),
        RoundOutcome::MatchWon(side) => format!("{side} wins the match"),
    }
}
