//! The state of a game in the terminal and what each key does to it. No terminal here: the
//! event loop in `lib.rs` feeds keys and clock ticks, `ui.rs` draws.

use crate::anim::{self, BoardView, Frame};
use crate::controls::{self, Controls, Searches};
use crate::playback::{self, Playback};
use crate::Config;
use rajapasu_ai::{Choice, MoveScore};
use rajapasu_engine::record::{Record, SaveError};
use rajapasu_engine::{Event, Game, IllegalMove, Move, Side, Status};
use ratatui::crossterm::event::KeyCode;
use std::path::{Path, PathBuf};
use std::time::Instant;

/// A window drawn over the board (in both games).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Overlay {
    /// The keys and a summary of the rules.
    Help,
    /// Every sentence of the explanation of the move [`App::explained_ply`], scrolled by
    /// `usize` lines.
    Explain(usize),
    /// A round (and perhaps the match) has just ended.
    RoundOver,
}

/// The last move, for the explanation panel.
#[derive(Clone, Debug, Default)]
pub struct LastMove {
    /// Who played it and what.
    pub played: Option<(Side, Move)>,
    /// The move in sentences.
    pub lines: Vec<String>,
}

enum Reply {
    Computer(u64, Option<Choice>),
    Hint(u64, Vec<MoveScore>),
}

/// A game being played in the terminal.
pub struct App {
    /// The game.
    pub game: Game,
    /// Who plays what, and how.
    pub config: Config,
    /// The hole under the cursor, for the player to move.
    pub cursor: u8,
    /// The last move and its explanation.
    pub last: LastMove,
    /// A one-line message: errors, hints, where the game was saved.
    pub message: String,
    /// The window over the board, if any.
    pub overlay: Option<Overlay>,
    /// The best move found by a hint, for the position it was asked in.
    pub hint: Option<MoveScore>,
    /// Where the record was last written.
    pub saved: Option<PathBuf>,
    /// The records of the earlier games of this session (before `n`), oldest first.
    pub saved_before: Vec<PathBuf>,
    /// Why the record could not be written when the game ended, if it could not.
    pub save_error: Option<SaveError>,
    /// Set when the player asked to leave.
    pub quit: bool,
    /// Animation speed: frame times are divided by this.
    pub speed: u32,
    /// The move (1 for the first) whose explanation the `e` window shows.
    pub explained_ply: usize,
    /// Lines of the round summary scrolled away at its top.
    pub summary_scroll: usize,
    animation: Option<Playback<BoardView>>,
    searches: Searches<Reply>,
    pending: Option<Choice>,
}

impl App {
    controls::commands!();

    /// A game in the terminal, from `game` (the start or a loaded record).
    pub fn new(game: Game, config: Config) -> App {
        let mut app = App {
            game,
            config,
            cursor: 1,
            last: LastMove::default(),
            message: String::new(),
            overlay: None,
            hint: None,
            saved: None,
            saved_before: Vec::new(),
            save_error: None,
            quit: false,
            speed: 1,
            explained_ply: 0,
            summary_scroll: 0,
            animation: None,
            searches: Searches::default(),
            pending: None,
        };
        // A loaded game tells its last move too.
        app.last = explain(&app.game, app.game.moves().len());
        app.after_change();
        if app.human_to_move() {
            app.message = format!("{} to move: pick a hole (? for help).", app.to_move());
        }
        app
    }

    /// The side to move.
    pub fn to_move(&self) -> Side {
        self.game.position().to_move()
    }

    /// Whether `side` is played by the computer.
    pub fn is_computer(&self, side: Side) -> bool {
        self.config.computer.is_some_and(|c| c.side == side)
    }

    /// Whether a person is to pick a move now.
    pub fn human_to_move(&self) -> bool {
        self.game.status() == Status::Playing && !self.is_computer(self.to_move())
    }

    /// The frame being shown, while a move is animated.
    pub fn frame(&self) -> Option<&Frame> {
        self.animation.as_ref().map(Playback::frame)
    }

    /// The side drawn on the near (lower) row: the player's own side against the computer,
    /// South between two players.
    pub fn near_side(&self) -> Side {
        match self.config.computer {
            Some(c) => !c.side,
            None => Side::South,
        }
    }

    /// Plays `mv` for the player to move, with its animation and explanation.
    pub fn play(&mut self, mv: Move) -> Result<(), IllegalMove> {
        let before = *self.game.position();
        let mover = before.to_move();
        let mut events: Vec<Event> = Vec::new();
        self.game.play_traced(mv, &mut events)?;
        self.last = LastMove {
            played: Some((mover, mv)),
            lines: rajapasu_engine::text::narrate(mover, &events),
        };
        self.message.clear();
        if self.config.animate {
            if let Some(p) = Playback::of(anim::frames(&before, mover, &events)) {
                self.animation = Some(p);
            }
        }
        if events.iter().any(|e| matches!(e, Event::RoundEnd { .. })) {
            self.overlay = Some(Overlay::RoundOver);
            self.summary_scroll = 0;
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
        if !legal.contains(Move::new(self.cursor).unwrap_or(Move::new(1).unwrap())) {
            self.cursor = legal.first().map_or(1, |m| m.number());
        }
        self.start_computer();
    }

    fn start_computer(&mut self) {
        let Some(c) = self.config.computer else {
            return;
        };
        if self.game.status() != Status::Playing || self.to_move() != c.side {
            return;
        }
        self.searches.thinking = true;
        let game = self.game.clone();
        self.searches
            .spawn(move |generation| Reply::Computer(generation, c.choose(&game)));
    }

    /// The explanation the `e` window shows.
    pub fn explained(&self) -> LastMove {
        explain(&self.game, self.explained_ply)
    }

    /// Advances the clock: animation frames, replies of the computer and of hints. Returns
    /// whether anything changed.
    pub fn tick(&mut self, now: Instant) -> bool {
        let mut changed = self.take_replies();
        changed |= playback::tick(&mut self.animation, now, self.speed);
        if self.animation.is_none() && self.overlay.is_none() {
            if let Some(choice) = self.pending.take() {
                let mover = self.to_move();
                if self.play(choice.mv).is_ok() {
                    self.message = format!("The computer ({mover}) played {}.", choice.mv);
                }
                changed = true;
            }
        }
        changed
    }

    fn computer_replied(&mut self, choice: Option<Choice>) {
        self.pending = choice;
    }

    fn show_hint(&mut self, scores: Vec<MoveScore>) {
        match scores.into_iter().next() {
            Some(best) => {
                let line: Vec<String> = best.pv.iter().take(6).map(|m| m.to_string()).collect();
                self.message = format!(
                    "Hint for {}: hole {}, {}; expected line {}.",
                    self.to_move(),
                    best.mv,
                    describe_move_score(&best),
                    line.join(" ")
                );
                if self.human_to_move() {
                    self.cursor = best.mv.number();
                }
                self.hint = Some(best);
            }
            None => self.message = "No move to suggest.".to_string(),
        }
    }

    /// Moves the cursor one open, non-empty hole to the left (`left`) or right as drawn.
    pub fn move_cursor(&mut self, left: bool) {
        let legal = self.game.legal_moves();
        if legal.is_empty() {
            return;
        }
        // On the near row hole numbers grow to the right; on the far row, to the left.
        let up = left == (self.to_move() != self.near_side());
        let n = self.game.rules().holes() as i32;
        let mut k = i32::from(self.cursor);
        for _ in 0..n {
            k += if up { 1 } else { -1 };
            if k < 1 || k > n {
                return;
            }
            if legal.contains(Move::new(k as u8).expect("hole number")) {
                self.cursor = k as u8;
                return;
            }
        }
    }
}

impl Controls for App {
    controls::same_in_both_games!(save: 's', new_game: 'n');

    fn restart(&mut self) {
        self.game = Game::from_position(*self.game.start());
    }
    fn write_record(&self, path: &Path) -> Result<(), SaveError> {
        Record::from_game(&self.game, self.config.tags.clone()).save(path)
    }
    fn undoable(&self) -> Result<usize, NoUndo> {
        moves_to_undo(&self.game, self.config.computer.map(|c| c.side))
    }
    fn to_move_words(&self) -> String {
        self.to_move().to_string()
    }

    fn start_hint(&mut self) {
        self.searches.hinting = true;
        let (game, time) = (self.game.clone(), self.config.hint_time);
        self.searches
            .spawn(move |generation| Reply::Hint(generation, rajapasu_ai::analyze(&game, time)));
    }
    fn explain(&mut self) {
        self.explained_ply = self.game.moves().len();
        self.overlay = Some(Overlay::Explain(0));
    }

    /// Steps through the game's moves, each with its explanation.
    fn explanation_key(&mut self, code: KeyCode) -> bool {
        let plies = self.game.moves().len();
        let ply = match code {
            KeyCode::Left | KeyCode::Char('p') if self.explained_ply > 1 => self.explained_ply - 1,
            KeyCode::Right | KeyCode::Char('n') if self.explained_ply < plies => {
                self.explained_ply + 1
            }
            KeyCode::Home => plies.min(1),
            KeyCode::End => plies,
            KeyCode::Left | KeyCode::Right | KeyCode::Char('p') | KeyCode::Char('n') => {
                return true
            }
            _ => return false,
        };
        self.explained_ply = ply;
        self.overlay = Some(Overlay::Explain(0));
        true
    }

    fn is_move_key(code: KeyCode) -> bool {
        matches!(
            code,
            KeyCode::Left | KeyCode::Right | KeyCode::Enter | KeyCode::Char(_)
        )
    }

    fn move_key(&mut self, code: KeyCode) {
        if !self.human_to_move() {
            if self.game.status().is_over() {
                self.message =
                    "The game is over: n starts a new one, u takes back a move, q quits."
                        .to_string();
            } else if matches!(code, KeyCode::Enter | KeyCode::Char('1'..='9')) {
                self.message = "The computer is thinking...".to_string();
            }
            return;
        }
        let mv = match code {
            KeyCode::Left => return self.move_cursor(true),
            KeyCode::Right => return self.move_cursor(false),
            KeyCode::Enter => Move::new(self.cursor),
            KeyCode::Char(c @ '1'..='9') => Move::new(c as u8 - b'0'),
            _ => return,
        };
        let Some(mv) = mv else { return };
        if let Err(e) = self.play(mv) {
            let e = e.to_string();
            self.message = format!("{}{}", e[..1].to_uppercase(), &e[1..]);
        }
    }
}

/// The explanation of move `ply` of `game` (1 for the first), found by replaying the game to
/// it: nothing needs storing, so undo and a loaded record keep every move's explanation.
/// Empty for ply 0 or past the end.
pub fn explain(game: &Game, ply: usize) -> LastMove {
    if ply == 0 || ply > game.moves().len() {
        return LastMove::default();
    }
    let mut replay = Game::from_position(*game.start());
    for &mv in &game.moves()[..ply - 1] {
        replay.play(mv);
    }
    let mv = game.moves()[ply - 1];
    let mover = replay.position().to_move();
    let mut events: Vec<Event> = Vec::new();
    match replay.play_traced(mv, &mut events) {
        Ok(()) => LastMove {
            played: Some((mover, mv)),
            lines: rajapasu_engine::text::narrate(mover, &events),
        },
        Err(_) => LastMove::default(),
    }
}

/// Why undo takes nothing back, in either game.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum NoUndo {
    /// No move has been played.
    NoMove,
    /// Every move so far is the computer's: taking them back would only have it play again.
    OnlyComputer,
    /// Mandiri: every move so far is one of the two computers'.
    OnlyComputers,
}

impl std::fmt::Display for NoUndo {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(match self {
            NoUndo::NoMove => "No move to take back.",
            NoUndo::OnlyComputer => {
                "No move of yours to take back: the computer's opening move stays."
            }
            NoUndo::OnlyComputers => "No move of a person to take back: the computers' moves stay.",
        })
    }
}

/// How many moves undo takes back: the last one, and against the computer (playing
/// `computer`) every move back to the player's last turn.
pub fn moves_to_undo(game: &Game, computer: Option<Side>) -> Result<usize, NoUndo> {
    if game.moves().is_empty() {
        return Err(NoUndo::NoMove);
    }
    let mut replay = game.clone();
    let mut taken = 0;
    while replay.undo().is_some() {
        taken += 1;
        if computer != Some(replay.position().to_move()) {
            return Ok(taken);
        }
    }
    Err(NoUndo::OnlyComputer)
}

/// The hint's value of a move in words, for the player who moves: the proven result where
/// the solver has one (as `rajapasu analyze` marks it `exact`), else the search's estimate.
pub fn describe_move_score(m: &MoveScore) -> String {
    match m.proven {
        Some(b) if b.lower == b.upper => format!("{} (proven)", proven_result(b.lower)),
        Some(b) => format!(
            "{} (proven between {} and {})",
            describe_score(m.score),
            proven_bound(b.lower),
            proven_bound(b.upper)
        ),
        None => describe_score(m.score),
    }
}

/// A proven single-round value: 1000 + margin for a won round, its negative for a lost one.
fn proven_result(value: i32) -> String {
    let margin = if value > 0 {
        value - 1000
    } else {
        value + 1000
    };
    match value {
        0 => "the round is drawn".to_string(),
        v if v > 0 => format!("you win the round by {margin}"),
        _ => format!("you lose the round by {}", -margin),
    }
}

fn proven_bound(value: i32) -> String {
    match value {
        0 => "a draw".to_string(),
        v if v > 0 => format!("a win by {}", v - 1000),
        v => format!("a loss by {}", -(v + 1000)),
    }
}

/// A score in words, for the player who moves.
pub fn describe_score(score: i32) -> String {
    if rajapasu_ai::is_decided(score) {
        if score > 0 {
            "a won game with best play".to_string()
        } else {
            "a lost game with best play".to_string()
        }
    } else {
        match score {
            0 => "about even".to_string(),
            1 => "about 1 counter ahead".to_string(),
            -1 => "about 1 counter behind".to_string(),
            s if s > 0 => format!("about {s} counters ahead"),
            s => format!("about {} counters behind", -s),
        }
    }
}
