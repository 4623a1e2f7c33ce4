//! The move being shown on the screen: its frames one after the other, each for its time at
//! the chosen speed. The same for both games, whatever their board ([`Frame`]).

use crate::anim::Frame;
use std::time::{Duration, Instant};

/// The move being shown: its frames, the one on the screen, and when the next is due (set
/// on the first tick after the frame appears, so that a slow search does not eat its time).
pub(crate) struct Playback<B> {
    frames: Vec<Frame<B>>,
    index: usize,
    due: Option<Instant>,
}

impl<B> Playback<B> {
    /// The playback of `frames`, if there are any.
    pub fn of(frames: Vec<Frame<B>>) -> Option<Playback<B>> {
        (!frames.is_empty()).then_some(Playback {
            frames,
            index: 0,
            due: None,
        })
    }

    /// The frame on the screen.
    pub fn frame(&self) -> &Frame<B> {
        &self.frames[self.index]
    }

    /// When the next frame is due, for the event loop's wait.
    pub fn due(&self) -> Option<Instant> {
        self.due
    }
}

/// Shows the next frame of `playback`; false (and the playback is over) after the last.
pub(crate) fn step<B>(playback: &mut Option<Playback<B>>) -> bool {
    if let Some(p) = playback {
        if p.index + 1 < p.frames.len() {
            p.index += 1;
            p.due = None;
            return true;
        }
    }
    *playback = None;
    false
}

/// Advances `playback` to `now` at animation speed `speed` (frame times are divided by it);
/// whether the frame changed.
pub(crate) fn tick<B>(playback: &mut Option<Playback<B>>, now: Instant, speed: u32) -> bool {
    let Some(p) = playback else {
        return false;
    };
    let millis = p.frames[p.index].millis / u64::from(speed.max(1));
    match p.due {
        None => {
            p.due = Some(now + Duration::from_millis(millis));
            false
        }
        Some(due) if now >= due => {
            step(playback);
            true
        }
        Some(_) => false,
    }
}
