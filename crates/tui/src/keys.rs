//! What each key does, the same in both games: quitting, help, the move in full, the round
//! summary, saving, undo, hints, the animation's speed, and picking a move with the cursor or
//! by typing it. The game's [`Variant`] gives its letters for saving and a new game, and how a
//! move is typed.

use crate::app::{App, Overlay};
use crate::variant::{Typed, Variant};
use ratatui::crossterm::event::{KeyCode, KeyEvent, KeyEventKind, KeyModifiers};

impl<G: Variant> App<G> {
    /// Handles one key.
    pub fn key(&mut self, key: KeyEvent) {
        if key.kind == KeyEventKind::Release {
            return;
        }
        if key.modifiers.contains(KeyModifiers::CONTROL)
            && matches!(key.code, KeyCode::Char('c') | KeyCode::Char('d'))
        {
            self.request_quit();
            return;
        }
        if let Some(overlay) = self.overlay {
            return self.overlay_key(overlay, key.code);
        }
        let (animating, over) = (self.animating(), self.game.is_over());
        match key.code {
            KeyCode::Char('q') => self.request_quit(),
            KeyCode::Char('?') | KeyCode::F(1) => self.overlay = Some(Overlay::Help),
            KeyCode::Char('e') => self.explain(),
            KeyCode::Char(c) if c == G::NEW_GAME && over => self.new_game(),
            KeyCode::Char(c) if c == G::SAVE => self.save_with_message(),
            KeyCode::Char('u') | KeyCode::Backspace => self.undo(),
            KeyCode::Char('h') => self.ask_hint(),
            KeyCode::Char('+') | KeyCode::Char('=') => self.change_speed(|s| (s * 2).min(16)),
            KeyCode::Char('-') => self.change_speed(|s| (s / 2).max(1)),
            KeyCode::Char(' ') | KeyCode::Esc if animating => self.skip_animation(),
            KeyCode::Esc => self.cancel(),
            code if is_move_key::<G>(code) => {
                if animating {
                    self.skip_animation();
                    if code == KeyCode::Enter {
                        return;
                    }
                }
                self.move_key(code);
            }
            _ => {}
        }
    }

    /// A key while a window is open over the board.
    fn overlay_key(&mut self, overlay: Overlay, code: KeyCode) {
        match overlay {
            Overlay::Explain(scroll) => {
                // The drawing clamps the scroll to the text.
                self.overlay = match code {
                    KeyCode::Down | KeyCode::PageDown | KeyCode::Char('j') => {
                        Some(Overlay::Explain(scroll + 1))
                    }
                    KeyCode::Up | KeyCode::PageUp | KeyCode::Char('k') => {
                        Some(Overlay::Explain(scroll.saturating_sub(1)))
                    }
                    // The keys that step to another move keep the window open.
                    code if G::EXPLAINS_EVERY_MOVE && self.step_explanation(code) => return,
                    _ => None,
                };
            }
            // The popup says that any key closes it: `q` too, rather than quitting the game.
            Overlay::Help => self.overlay = None,
            Overlay::RoundOver if self.animating() => {
                if code == KeyCode::Char('q') {
                    self.request_quit();
                } else {
                    self.skip_animation();
                }
            }
            Overlay::RoundOver => match code {
                KeyCode::Char('q') => self.request_quit(),
                KeyCode::Char('u') => self.undo(),
                KeyCode::Char(c) if c == G::SAVE => self.save_with_message(),
                KeyCode::Char(c) if c == G::NEW_GAME && self.game.is_over() => self.new_game(),
                // A long match's summary is taller than the screen; the drawing clamps the
                // scroll.
                KeyCode::Down | KeyCode::PageDown | KeyCode::Char('j') => self.summary_scroll += 1,
                KeyCode::Up | KeyCode::PageUp | KeyCode::Char('k') => {
                    self.summary_scroll = self.summary_scroll.saturating_sub(1)
                }
                _ => self.overlay = None,
            },
        }
    }

    /// Steps the move-in-full window to another move of the game (from its top); whether
    /// `code` is a key that steps, even past the first or last move, where it does nothing.
    fn step_explanation(&mut self, code: KeyCode) -> bool {
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

    /// A key for picking and playing a move.
    fn move_key(&mut self, code: KeyCode) {
        if !self.human_to_move() {
            if self.game.is_over() {
                self.message = format!(
                    "The game is over: {} starts a new one, u takes back a move, q quits.",
                    G::NEW_GAME
                );
            } else if code == KeyCode::Enter || self.types_a_move(code) {
                self.message = "The computer is thinking...".to_string();
            }
            return;
        }
        let mv = match code {
            KeyCode::Left => return self.move_cursor(true),
            KeyCode::Right => return self.move_cursor(false),
            KeyCode::Up | KeyCode::Down => return self.switch_row(),
            KeyCode::Enter => self.cursor,
            KeyCode::Char(c) => match G::typed(&mut self.typing, c) {
                Typed::Move(mv) => mv,
                Typed::Begun(message) | Typed::Wrong(message) => {
                    self.message = message;
                    return;
                }
                Typed::Nothing => return,
            },
            _ => return,
        };
        if let Err(e) = self.play(mv) {
            self.message = G::refusal(&self.game, &e);
        }
    }

    /// Whether `code` types (part of) a move, without typing it.
    fn types_a_move(&self, code: KeyCode) -> bool {
        let KeyCode::Char(c) = code else {
            return false;
        };
        G::typed(&mut self.typing.clone(), c) != Typed::Nothing
    }
}

/// Whether `code` is one of the keys that pick and play a move.
fn is_move_key<G: Variant>(code: KeyCode) -> bool {
    match code {
        KeyCode::Left | KeyCode::Right | KeyCode::Enter | KeyCode::Char(_) => true,
        KeyCode::Up | KeyCode::Down => G::SEAT_ON_BOTH_ROWS,
        _ => false,
    }
}
