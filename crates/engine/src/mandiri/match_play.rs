//! The match between rounds (rules M8 to M11): debts, the gift, the office, players out, the
//! refill, and what identifies a round start for the match's third-repetition draw.

use crate::mandiri::position::{Debt, Position, PER_HOLE};
use crate::mandiri::seat::{BySeat, Player, Seat, HOLES};
use crate::mandiri::trace::{Event, Tracer};
use crate::rules::MAX_HOLES;

/// What comes after a round of a match.
pub(crate) enum Between {
    /// The board is filled for the next round.
    NextRound,
    /// Only this player can still fill a hole (rule M10).
    MatchOver(Player),
}

/// What identifies the start of a round for rule M10's draw: the board (which tells the closed
/// holes too), every reserve and debt, who sits where, who is out, and the Raja's office.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct RoundStart {
    board: [u8; MAX_HOLES],
    reserve: [u16; 3],
    debts: [Option<Debt>; 3],
    seats: BySeat<Player>,
    out: [bool; 3],
    office: u8,
}

impl RoundStart {
    pub(crate) fn of(pos: &Position) -> RoundStart {
        RoundStart {
            board: pos.board,
            reserve: pos.reserve,
            debts: pos.debts,
            seats: pos.seats,
            out: pos.out,
            office: pos.office,
        }
    }
}

/// The seats from the Raja's on, in turn order.
fn turn_order(pos: &Position) -> [Seat; 3] {
    let order = pos.rules.order;
    let second = Seat::C.next(order);
    [Seat::C, second, second.next(order)]
}

/// Takes the board from the end of a round (every counter captured) to the start of the next,
/// or ends the match; a finished match leaves the position as its last round ended.
pub(crate) fn between_rounds<T: Tracer>(end: &mut Position, t: &mut T) -> Between {
    let mut next = *end;
    let pos = &mut next;
    let mut held = pos.reserve.map(u32::from);
    for s in Seat::ALL {
        held[pos.seats[s].index()] += u32::from(pos.captured[s]);
    }
    pos.captured = BySeat::default();
    let seats = turn_order(pos);
    repay_debts(pos, &mut held, &seats, t);
    give_gift(pos, &mut held, &seats, t);
    // M8.2: whether the office passes is decided now, before anyone is out.
    let term_over = pos.office >= pos.rules.term;
    borrow_or_go_out(pos, &mut held, &seats, t);
    let players_in: Vec<Player> = Player::ALL.into_iter().filter(|&p| is_in(pos, p)).collect();
    if let [winner] = players_in[..] {
        return Between::MatchOver(winner);
    }
    pass_office(pos, term_over, t);
    refill(pos, &held, t);
    *end = next;
    Between::NextRound
}

/// Whether player `p` is still in the match.
fn is_in(pos: &Position, p: Player) -> bool {
    !pos.out[p.index()]
}

/// M11: debts are paid back first, as far as the borrower's holdings go.
fn repay_debts<T: Tracer>(pos: &mut Position, held: &mut [u32; 3], seats: &[Seat; 3], t: &mut T) {
    for &s in seats {
        let p = pos.seats[s];
        if let Some(d) = pos.debts[p.index()] {
            let pay = u32::from(d.amount).min(held[p.index()]);
            held[p.index()] -= pay;
            held[d.lender.index()] += pay;
            let left = d.amount - pay as u16;
            pos.debts[p.index()] = (left > 0).then_some(Debt { amount: left, ..d });
            if pay > 0 {
                t.happened(Event::Repay {
                    from: p,
                    to: d.lender,
                    count: pay as u16,
                });
            }
        }
    }
}

/// M8.1: the Raja's gift, the next seat in turn order first.
fn give_gift<T: Tracer>(pos: &Position, held: &mut [u32; 3], seats: &[Seat; 3], t: &mut T) {
    let raja = pos.seats[Seat::C];
    for &s in &seats[1..] {
        let p = pos.seats[s];
        if !is_in(pos, p) {
            continue;
        }
        let g = u32::from(pos.rules.gift).min(held[raja.index()]);
        if g > 0 {
            held[raja.index()] -= g;
            held[p.index()] += g;
            t.happened(Event::Gift {
                from: raja,
                to: p,
                count: g as u16,
            });
        }
    }
}

/// M8.3 and M11: players who cannot fill a hole borrow or are out.
fn borrow_or_go_out<T: Tracer>(
    pos: &mut Position,
    held: &mut [u32; 3],
    seats: &[Seat; 3],
    t: &mut T,
) {
    for &s in seats {
        let p = pos.seats[s];
        if !is_in(pos, p) || held[p.index()] >= PER_HOLE {
            continue;
        }
        let short = PER_HOLE - held[p.index()];
        let lender = if pos.rules.borrow && pos.debts[p.index()].is_none() {
            // The player who holds the most; the earlier seat in turn order on a tie. The lender
            // must still be able to fill a hole (decision of RULES.md 9.2, rule M11).
            seats
                .iter()
                .map(|&s| pos.seats[s])
                .filter(|&q| q != p && is_in(pos, q))
                .fold(None, |best: Option<Player>, q| match best {
                    Some(b) if held[b.index()] >= held[q.index()] => Some(b),
                    _ => Some(q),
                })
                .filter(|q| held[q.index()] >= short + PER_HOLE)
        } else {
            None
        };
        match lender {
            Some(q) => {
                held[q.index()] -= short;
                held[p.index()] += short;
                pos.debts[p.index()] = Some(Debt {
                    lender: q,
                    amount: short as u16,
                });
                t.happened(Event::Borrow {
                    player: p,
                    lender: q,
                    count: short as u16,
                });
            }
            None => {
                pos.out[p.index()] = true;
                t.happened(Event::Out { player: p });
            }
        }
    }
}

/// M9: the office passes after its term, or at once if the Raja is out; the players move one
/// seat along the turn order, skipping players who are out.
fn pass_office<T: Tracer>(pos: &mut Position, term_over: bool, t: &mut T) {
    if !term_over && is_in(pos, pos.seats[Seat::C]) {
        pos.office += 1;
        return;
    }
    let order = pos.rules.order;
    loop {
        let old = pos.seats;
        for s in Seat::ALL {
            pos.seats[s] = old[s.next(order)];
        }
        if is_in(pos, pos.seats[Seat::C]) {
            break;
        }
    }
    pos.office = 1;
    t.happened(Event::Office {
        raja: pos.seats[Seat::C],
    });
}

/// M8.4: filling in the fixed order; a seat of a player who is out stays closed.
fn refill<T: Tracer>(pos: &mut Position, held: &[u32; 3], t: &mut T) {
    let mut board = [0u8; MAX_HOLES];
    let mut open = 0u32;
    let mut filled = BySeat([0u8; 3]);
    for s in Seat::ALL {
        let p = pos.seats[s];
        let h = held[p.index()];
        let k = if is_in(pos, p) {
            (h / PER_HOLE).min(s.fill_order().len() as u32) as usize
        } else {
            0
        };
        for &i in &s.fill_order()[..k] {
            board[i] = PER_HOLE as u8;
            open |= 1 << i;
        }
        filled[s] = k as u8;
        pos.reserve[p.index()] = (h - PER_HOLE * k as u32) as u16;
    }
    debug_assert!(open < 1 << HOLES);
    pos.board = board;
    pos.open = open;
    pos.to_move = Seat::C;
    pos.round += 1;
    pos.link();
    t.happened(Event::Refill {
        round: pos.round,
        filled,
        reserve: pos.reserve,
    });
}
