//! How often level 7's goal search (docs/STRENGTH.md, "Level 7", step 2) finds a match win
//! that a larger search finds: the measure of what a strong table would add (docs/SOLVING.md,
//! section 7.8).
//!
//! ```text
//! cargo run --release -p rajapasu-ai --example goal_reach -- --positions 100 --seed 1
//! ```
//!
//! Positions of the canonical match's first round, each reached by random moves from the
//! start (4 to 40 of them, the round not over, no position of the layer repeated). For the
//! player to move, the search of level 7 (within `GOAL_VISITS` positions) looks for a strategy
//! that ends the round in a match it wins or at a round start it wins; where it runs out of
//! positions, the same search with 10 times as many (`--reference`) answers in its place. A
//! miss is a position where the reference finds the win and the budget does not.

use rajapasu_ai::certify::{certify_round_goal, CertifyError, CertifyOptions};
use rajapasu_ai::match_solver::values::known;
use rajapasu_ai::perfect::strategy::GOAL_VISITS;
use rajapasu_engine::{Game, RoundStart, Rules, Side};
use std::time::Instant;

/// What one search said.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Answer {
    Win,
    None,
    OutOfBudget,
}

fn search(game: &Game, start: RoundStart, visits: u64) -> Answer {
    let values = known(&Rules::default()).expect("the canonical match's values are shipped");
    let options = CertifyOptions {
        max_visits: Some(visits),
        ..CertifyOptions::default()
    };
    let pos = game.position();
    match certify_round_goal(values.iter(), start, pos, pos.to_move(), &options) {
        Ok(_) => Answer::Win,
        Err(CertifyError::TooLarge { .. }) => Answer::OutOfBudget,
        Err(_) => Answer::None,
    }
}

fn main() {
    let mut positions = 100usize;
    let mut seed = 1u64;
    let mut reference = 10 * GOAL_VISITS;
    let mut args = std::env::args().skip(1);
    while let Some(a) = args.next() {
        let value = args.next().and_then(|v| v.parse::<u64>().ok());
        match (a.as_str(), value) {
            ("--positions", Some(v)) => positions = v as usize,
            ("--seed", Some(v)) => seed = v,
            ("--reference", Some(v)) => reference = v,
            _ => {
                eprintln!("error: {a}: give --positions N, --seed N or --reference VISITS");
                std::process::exit(2);
            }
        }
    }
    let rules = Rules::default();
    let start = RoundStart::new(rules, 49, Side::South).expect("the canonical start");
    // xorshift64*: the positions are the same on every machine for a seed.
    let mut state = seed.wrapping_mul(0x9E37_79B9_7F4A_7C15) | 1;
    let mut next = move |n: usize| -> usize {
        state ^= state >> 12;
        state ^= state << 25;
        state ^= state >> 27;
        (state.wrapping_mul(0x2545_F491_4F6C_DD1D) >> 33) as usize % n
    };
    let began = Instant::now();
    let (mut win, mut none, mut ref_win, mut ref_none, mut open) = (0, 0, 0, 0, 0);
    let mut sampled = 0;
    while sampled < positions {
        let mut game = Game::new(rules);
        let plies = 4 + next(37);
        for _ in 0..plies {
            let moves = game.legal_moves();
            if game.status().is_over() || game.position().round() != 1 || moves.is_empty() {
                break;
            }
            game.play(moves[next(moves.len())]);
        }
        if game.status().is_over() || game.position().round() != 1 || game.repeated_in_layer() {
            continue;
        }
        sampled += 1;
        match search(&game, start, GOAL_VISITS) {
            Answer::Win => win += 1,
            Answer::None => none += 1,
            Answer::OutOfBudget => match search(&game, start, reference) {
                Answer::Win => ref_win += 1,
                Answer::None => ref_none += 1,
                Answer::OutOfBudget => open += 1,
            },
        }
    }
    println!(
        "{sampled} positions of the first round (seed {seed}); {:.1} s",
        began.elapsed().as_secs_f64()
    );
    println!("within {GOAL_VISITS} positions: a win found at {win}, none at {none}");
    println!(
        "beyond it, within {reference}: a win found at {ref_win} (missed by level 7's budget), \
         none at {ref_none}, still open at {open}"
    );
}
