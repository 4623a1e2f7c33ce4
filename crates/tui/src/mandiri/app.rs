//! The state of a Mandiri game in the terminal and what each key does to it, without a
//! terminal: `mandiri::run` feeds keys and clock ticks, `mandiri::ui` draws.

use crate::app::{NoUndo, Overlay};
use crate::controls::{self, Controls, Searches};
use crate::mandiri::anim::{self, MandiriBoard, MandiriFrame};
use crate::mandiri::{MandiriConfig, Who};
use crate::playback::{self, Playback};
use rajapasu_ai::mandiri::{hint, Analysis};
use rajapasu_engine::mandiri::text as words;
use rajapasu_engine::mandiri::{self, Player, Seat};
use rajapasu_engine::record::SaveError;
use rajapasu_engine::rng::stream_seed;
use rajapasu_engine::{Hole, Side};
use ratatui::crossterm::event::KeyCode;
use std::path::{Path, PathBuf};
use std::time::Instant;

/// A window drawn over the board, as in the two-player game: the keys, the last move in full
/// (scrolled by some lines), or the round just ended ([`MandiriApp::summary`]).
pub type MandiriOverlay = Overlay;

/// The last move, for the explanation panel.
#[derive(Clone, Debug, Default)]
pub struct LastMove {
    /// The seat and player that played it, and the hole.
    pub played: Option<(Seat, Player, Hole)>,
    /// The move in sentences.
    pub lines: Vec<String>,
}

/// A Mandiri game being played in the terminal.
pub struct MandiriApp {
    /// The game.
    pub game: mandiri::Game,
    /// Who plays, and how.
    pub config: MandiriConfig,
    /// The hole under the cursor, for a person to move.
    pub cursor: Hole,
    /// The row typed as the first letter of a hole name (`S` of `S4`), waiting for its number.
    pub typed: Option<Side>,
    /// The last move and its explanation.
    pub last: LastMove,
    /// A one-line message: errors, hints, where the game was saved.
    pub message: String,
    /// The best move found by a hint, for the position it was asked in.
    pub hint: Option<Analysis>,
    /// The window over the board, if any.
    pub overlay: Option<MandiriOverlay>,
    /// The round summary: how the round ended and what happened between rounds.
    pub summary: Vec<String>,
    /// Lines of the round summary scrolled away at its top.
    pub summary_scroll: usize,
    /// Where the record was last written.
    pub saved: Option<PathBuf>,
    /// The records of the earlier games of this session (before a new game), oldest first.
    pub saved_before: Vec<PathBuf>,
    /// Why the record could not be written when the game ended, if it could not.
    pub save_error: Option<SaveError>,
    /// Set when the player asked to leave.
    pub quit: bool,
    /// Animation speed: frame times are divided by this.
    pub speed: u32,
    animation: Option<Playback<MandiriBoard>>,
    searches: Searches<Reply>,
    pending: Option<Hole>,
}

/// A search's answer, for the position of its generation.
enum Reply {
    /// A computer's move.
    Computer(u64, Option<Hole>),
    /// A hint's search.
    Hint(u64, Option<Analysis>),
}

impl MandiriApp {
    controls::commands!();

    /// A game in the terminal, from `game` (the start or a loaded record).
    pub fn new(game: mandiri::Game, config: MandiriConfig) -> MandiriApp {
        let mut app = MandiriApp {
            cursor: "S5".parse().expect("a hole"),
            game,
            config,
            typed: None,
            last: LastMove::default(),
            message: String::new(),
            hint: None,
            overlay: None,
            summary: Vec::new(),
            summary_scroll: 0,
            saved: None,
            saved_before: Vec::new(),
            save_error: None,
            quit: false,
            speed: 1,
            animation: None,
            searches: Searches::default(),
            pending: None,
        };
        app.last = explain(&app.game, app.game.moves().len());
        app.after_change();
        if app.human_to_move() {
            app.message = format!(
                "Seat {} to move: pick a hole, or type its name such as S4 (? for help).",
                app.to_move()
            );
        }
        app
    }

    /// The seat to move.
    pub fn to_move(&self) -> Seat {
        self.game.position().to_move()
    }

    /// Who plays `player`.
    pub fn who(&self, player: Player) -> Who {
        self.config.players[player.index()]
    }

    /// Whether the player in `seat` is the computer.
    pub fn is_computer(&self, seat: Seat) -> bool {
        matches!(
            self.who(self.game.position().player(seat)),
            Who::Computer(_)
        )
    }

    /// Whether a person is to pick a move now.
    pub fn human_to_move(&self) -> bool {
        self.game.status() == mandiri::Status::Playing && !self.is_computer(self.to_move())
    }

    /// The frame being shown, while a move is animated.
    pub fn frame(&self) -> Option<&MandiriFrame> {
        self.animation.as_ref().map(Playback::frame)
    }

    /// Plays `hole` for the seat to move, with its animation and explanation.
    pub fn play(&mut self, hole: Hole) -> Result<(), mandiri::IllegalMove> {
        let before = *self.game.position();
        let mover = before.to_move();
        let mut events: Vec<mandiri::Event> = Vec::new();
        self.game.play_traced(hole, &mut events)?;
        self.last = LastMove {
            played: Some((mover, before.player(mover), hole)),
            lines: words::narrate(mover, &events),
        };
        self.message.clear();
        self.typed = None;
        if self.config.animate {
            if let Some(p) = Playback::of(anim::frames(&before, mover, &events)) {
                self.animation = Some(p);
            }
        }
        if let Some(k) = events
            .iter()
            .position(|e| matches!(e, mandiri::Event::RoundEnd { .. }))
        {
            self.summary = round_summary(&self.game, &events[k..]);
            self.summary_scroll = 0;
            self.overlay = Some(MandiriOverlay::RoundOver);
        }
        self.autosave();
        self.after_change();
        Ok(())
    }

    fn after_change(&mut self) {
        self.searches.next();
        self.pending = None;
        self.hint = None;
        let legal = self.game.legal_moves();
        if !legal.contains(&self.cursor) {
            if let Some(&first) = legal.first() {
                self.cursor = first;
            }
        }
        self.start_computer();
    }

    fn start_computer(&mut self) {
        if self.game.status() != mandiri::Status::Playing {
            return;
        }
        let player = self.game.position().player(self.to_move());
        let Who::Computer(level) = self.who(player) else {
            return;
        };
        self.searches.thinking = true;
        let game = self.game.clone();
        // The seed of this move of the game: the same game and seed give the same moves.
        let seed = stream_seed(self.config.seed, game.moves().len() as u64);
        self.searches.spawn(move |generation| {
            let mv = rajapasu_ai::mandiri::level_player(level, seed)
                .choose(&game)
                .ok();
            Reply::Computer(generation, mv)
        });
    }

    fn computer_replied(&mut self, mv: Option<Hole>) {
        self.pending = mv;
        if mv.is_none() {
            // Not expected while the game goes on; say so rather than wait forever.
            self.message = "The computer found no move: u takes back, q quits.".into();
        }
    }

    fn show_hint(&mut self, analysis: Option<Analysis>) {
        let Some(a) = analysis else {
            self.message = "No move to suggest.".to_string();
            return;
        };
        self.message = format!(
            "Hint for seat {}: {}, {}.",
            self.to_move(),
            a.best,
            describe_value(a.value)
        );
        if self.human_to_move() {
            self.cursor = a.best;
        }
        self.hint = Some(a);
    }

    /// Advances the clock: animation frames and the computers' replies. Returns whether
    /// anything changed.
    pub fn tick(&mut self, now: Instant) -> bool {
        let mut changed = self.take_replies();
        changed |= playback::tick(&mut self.animation, now, self.speed);
        // The computer's move waits for the last move's animation and for the summary to close.
        if self.animation.is_none() && self.overlay.is_none() {
            if let Some(mv) = self.pending.take() {
                let seat = self.to_move();
                let player = self.game.position().player(seat);
                if self.play(mv).is_ok() {
                    self.message =
                        format!("The computer (player {player}, seat {seat}) played {mv}.");
                }
                changed = true;
            }
        }
        changed
    }

    /// The legal moves in the order the cursor visits them: the far row as drawn (N7 to N1),
    /// then the near row (S1 to S7).
    fn cursor_order(&self) -> Vec<Hole> {
        let legal = self.game.legal_moves();
        let far = (1..=7).rev().map(|k| Hole::new(Side::North, k));
        let near = (1..=7).map(|k| Hole::new(Side::South, k));
        far.chain(near)
            .flatten()
            .filter(|h| legal.contains(h))
            .collect()
    }

    /// Moves the cursor to the mover's next hole to the left (`left`) or right as drawn.
    pub fn move_cursor(&mut self, left: bool) {
        let order = self.cursor_order();
        let Some(k) = order.iter().position(|&h| h == self.cursor) else {
            if let Some(&first) = order.first() {
                self.cursor = first;
            }
            return;
        };
        let next = if left {
            k.checked_sub(1)
        } else {
            Some(k + 1).filter(|&n| n < order.len())
        };
        if let Some(n) = next {
            self.cursor = order[n];
        }
    }

    /// Moves the cursor to the other row, to the mover's hole nearest the same column.
    pub fn switch_row(&mut self) {
        let column = |h: Hole| match h.side() {
            Side::North => 7 - i32::from(h.number()),
            Side::South => i32::from(h.number()) - 1,
        };
        let here = self.cursor;
        if let Some(&best) = self
            .cursor_order()
            .iter()
            .filter(|h| h.side() != here.side())
            .min_by_key(|&&h| (column(h) - column(here)).abs())
        {
            self.cursor = best;
        }
    }
}

impl Controls for MandiriApp {
    // `s` and `n` begin hole names.
    controls::same_in_both_games!(save: 'w', new_game: 'g');

    fn restart(&mut self) {
        self.game = mandiri::Game::from_position(*self.game.start());
    }
    fn write_record(&self, path: &Path) -> Result<(), SaveError> {
        let record = mandiri::Record::from_game(&self.game, self.config.tags.clone());
        let json = path.extension().is_some_and(|e| e == "json");
        let text = if json {
            record.to_json() + "\n"
        } else {
            record.to_text()
        };
        std::fs::write(path, text).map_err(|error| SaveError {
            path: path.to_path_buf(),
            error,
        })
    }
    fn undoable(&self) -> Result<usize, NoUndo> {
        moves_to_undo(&self.game, &self.config)
    }
    fn to_move_words(&self) -> String {
        format!("seat {}", self.to_move())
    }

    fn start_hint(&mut self) {
        self.searches.hinting = true;
        let game = self.game.clone();
        self.searches
            .spawn(move |generation| Reply::Hint(generation, hint(&game, None)));
    }
    fn explain(&mut self) {
        self.overlay = Some(Overlay::Explain(0));
    }
    fn is_move_key(code: KeyCode) -> bool {
        matches!(
            code,
            KeyCode::Left
                | KeyCode::Right
                | KeyCode::Up
                | KeyCode::Down
                | KeyCode::Enter
                | KeyCode::Char(_)
        )
    }
    fn cancel(&mut self) {
        self.typed = None;
    }

    fn move_key(&mut self, code: KeyCode) {
        if !self.human_to_move() {
            if self.game.status().is_over() {
                self.message =
                    "The game is over: g starts a new one, u takes back a move, q quits."
                        .to_string();
            } else if matches!(code, KeyCode::Enter | KeyCode::Char(_)) {
                self.message = "The computer is thinking...".to_string();
            }
            return;
        }
        let hole = match code {
            KeyCode::Left => return self.move_cursor(true),
            KeyCode::Right => return self.move_cursor(false),
            KeyCode::Up | KeyCode::Down => return self.switch_row(),
            KeyCode::Enter => self.cursor,
            KeyCode::Char(c) => match (self.typed, Side::from_letter(c.to_ascii_uppercase())) {
                (_, Some(side)) => {
                    self.typed = Some(side);
                    self.message = format!("{}: now the hole's number, 1 to 7.", side.letter());
                    return;
                }
                (Some(side), None) if c.is_ascii_digit() => {
                    self.typed = None;
                    match Hole::new(side, c as u8 - b'0') {
                        Some(h) => h,
                        None => {
                            self.message = format!(
                                "There is no hole {}{c}: holes are numbered 1 to 7.",
                                side.letter()
                            );
                            return;
                        }
                    }
                }
                (None, None) if c.is_ascii_digit() => {
                    self.message =
                        "A hole is named by its row and number: type S or N first, as in S4."
                            .to_string();
                    return;
                }
                _ => return,
            },
            _ => return,
        };
        if let Err(e) = self.play(hole) {
            self.message = match e {
                // Shorter than the engine's sentence, and with the holes that can be played.
                mandiri::IllegalMove::NotYours { hole, seat } => {
                    let mine: Vec<String> = self
                        .game
                        .legal_moves()
                        .iter()
                        .map(|h| h.to_string())
                        .collect();
                    format!(
                        "{hole} is seat {}'s hole: seat {seat} plays {}.",
                        Seat::owner(hole),
                        mine.join(" ")
                    )
                }
                e => {
                    let e = e.to_string();
                    format!("{}{}.", e[..1].to_uppercase(), &e[1..])
                }
            };
        }
    }
}

/// The explanation of move `ply` of `game` (1 for the first), found by replaying the game to
/// it. Empty for ply 0 or past the end.
pub fn explain(game: &mandiri::Game, ply: usize) -> LastMove {
    if ply == 0 || ply > game.moves().len() {
        return LastMove::default();
    }
    let mut replay = mandiri::Game::from_position(*game.start());
    for &mv in &game.moves()[..ply - 1] {
        if replay.try_play(mv).is_err() {
            return LastMove::default();
        }
    }
    let mv = game.moves()[ply - 1];
    let pos = *replay.position();
    let mover = pos.to_move();
    let mut events = Vec::new();
    match replay.play_traced(mv, &mut events) {
        Ok(()) => LastMove {
            played: Some((mover, pos.player(mover), mv)),
            lines: words::narrate(mover, &events),
        },
        Err(_) => LastMove::default(),
    }
}

/// A search's value of a move in words, for the player who moves: what the seat is worth to
/// its player (its captures of the round, in a match its player's reserve, and half of the
/// counters in its own holes) as far as the search sees.
///
/// ```
/// use rajapasu_tui::mandiri::app::describe_value;
/// assert_eq!(describe_value(145), "worth about 14.5 counters to you");
/// assert_eq!(describe_value(10), "worth about 1 counter to you");
/// ```
pub fn describe_value(tenths: i32) -> String {
    let counters = if tenths % 10 == 0 {
        (tenths / 10).to_string()
    } else {
        format!("{:.1}", f64::from(tenths) / 10.0)
    };
    let noun = if tenths == 10 { "counter" } else { "counters" };
    format!("worth about {counters} {noun} to you")
}

/// How many moves undo takes back: the last one, and every computer's move back to the last
/// turn of a person (players keep their numbers when they move seats).
///
/// ```
/// use rajapasu_engine::mandiri;
/// use rajapasu_tui::mandiri::app::moves_to_undo;
/// use rajapasu_tui::mandiri::MandiriConfig;
/// let mut game = mandiri::Game::new(mandiri::Rules::default());
/// for mv in ["S5", "S6", "N6"] {
///     game.try_play(mv.parse().unwrap()).unwrap();
/// }
/// // Player 1 against two computers: back to player 1's move.
/// assert_eq!(moves_to_undo(&game, &MandiriConfig::new()), Ok(3));
/// ```
pub fn moves_to_undo(game: &mandiri::Game, config: &MandiriConfig) -> Result<usize, NoUndo> {
    if game.moves().is_empty() {
        return Err(NoUndo::NoMove);
    }
    let mut replay = game.clone();
    let mut taken = 0;
    while replay.undo().is_some() {
        taken += 1;
        let pos = replay.position();
        if config.players[pos.player(pos.to_move()).index()] == Who::Human {
            return Ok(taken);
        }
    }
    Err(NoUndo::OnlyComputers)
}

/// The summary of a round just ended: its end, what happened between rounds (`after`: the
/// events from the round end on), who sits where next, or the end of the game.
pub fn round_summary(game: &mandiri::Game, after: &[mandiri::Event]) -> Vec<String> {
    let mut lines: Vec<String> = after.iter().filter_map(words::between).collect();
    let pos = game.position();
    if game.status() == mandiri::Status::Playing {
        lines.push(String::new());
        lines.push(format!("Round {} starts:", pos.round()));
        for seat in Seat::ALL {
            let p = pos.player(seat);
            let role = match seat {
                Seat::C => format!(
                    "Raja (round {} of {} in office)",
                    pos.office(),
                    pos.rules().term
                ),
                Seat::R => "the right end".to_string(),
                Seat::L => "the left end".to_string(),
            };
            let what = if pos.is_out(p) {
                "out of the match, the seat closed".to_string()
            } else {
                let open = seat.holes().filter(|&h| pos.count(h).is_some()).count();
                let all = seat.holes().count();
                format!("{open} of {all} holes open, reserve {}", pos.reserve(p))
            };
            lines.push(format!("  {seat}: player {p}, {role}: {what}."));
        }
    }
    lines.push(String::new());
    lines.push(if game.status().is_over() {
        "Enter closes; g starts a new game.".to_string()
    } else {
        "Press Enter to go on.".to_string()
    });
    lines
}
