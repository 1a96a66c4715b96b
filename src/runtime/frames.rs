//! Frames: requests coalesce and draws the server causes are capped at 60 per second, and at 10
//! while the server sends faster than anyone reads (a screen scrolling by in a blur costs a
//! sixth of the frames and shows the same); a frame asked for by input is drawn at once.
//! Nothing draws on a timer unless something animates.
//! A frame is drawn whole (a synchronized update), with its URLs made hyperlinks after it.

use super::backend::SyncedBackend;
use super::hyperlinks;
pub use super::image_preview::Previews;
use super::wide_repaint::WideRepaint;
use crate::app::AppState;
use ratatui::Terminal;
use std::io;
use std::time::{Duration, Instant};

pub(crate) const MIN_FRAME_INTERVAL: Duration = Duration::from_micros(16_667);

/// The frame interval while the server floods: 10 frames a second (each one jumps dozens of
/// lines; more frames would show nothing more).
pub(crate) const FLOOD_FRAME_INTERVAL: Duration = Duration::from_millis(100);

/// Server messages between two frames above which the server sends faster than a person reads:
/// a model streaming a hundred tokens a second sends two or three per frame; the benchmark's
/// 10,000-delta answer, three hundred.
pub(crate) const FLOOD_MESSAGES: usize = 64;

#[derive(Debug, Default)]
pub(crate) struct FrameScheduler {
    due: Option<Instant>,
    last_draw: Option<Instant>,
    /// Server messages applied since the last frame.
    messages: usize,
    /// More than [`FLOOD_MESSAGES`] came between the last two frames.
    flooded: bool,
}

impl FrameScheduler {
    /// Asks for a frame as soon as the rate cap allows.
    pub(crate) fn request(&mut self, now: Instant) {
        let interval = if self.flooded {
            FLOOD_FRAME_INTERVAL
        } else {
            MIN_FRAME_INTERVAL
        };
        let earliest = self
            .last_draw
            .map_or(now, |last| (last + interval).max(now));
        self.request_at(earliest);
    }

    /// More server messages came since the last frame than anyone reads.
    pub(crate) fn flooding(&self) -> bool {
        self.messages > FLOOD_MESSAGES
    }

    /// Counts server messages applied, which set the next frames' pace.
    pub(crate) fn server_messages(&mut self, count: usize) {
        self.messages = self.messages.saturating_add(count);
    }

    /// A turn ended: whatever flood it was is over, so its last lines are drawn in the next
    /// 60 fps slot, coloured, instead of up to a flood frame's interval later.
    pub(crate) fn flood_over(&mut self, now: Instant) {
        self.flooded = false;
        self.messages = 0;
        self.request(now);
    }

    /// Asks for a frame now, whatever the cap: what the person typed must not wait for the slot
    /// a stream keeps busy. Input already waiting is still read before this frame is drawn.
    pub(crate) fn request_now(&mut self, now: Instant) {
        self.request_at(now);
    }

    /// Asks for a frame at `at` (an animation); an earlier request wins.
    pub(crate) fn request_at(&mut self, at: Instant) {
        self.due = Some(self.due.map_or(at, |due| due.min(at)));
    }

    pub(crate) fn due(&self) -> Option<Instant> {
        self.due
    }

    pub(crate) fn drawn(&mut self, now: Instant) {
        self.due = None;
        self.last_draw = Some(now);
        self.flooded = std::mem::take(&mut self.messages) > FLOOD_MESSAGES;
    }
}

/// What is written over a frame, between frames: image previews, and characters older
/// terminals draw narrower than tern lays them out.
#[derive(Debug, Default)]
pub struct Overlays {
    pub previews: Previews,
    pub wide: WideRepaint,
}

/// Draws the screen for `state` at `now`, then the hyperlinks and overlays over it.
pub fn draw<B: SyncedBackend>(
    terminal: &mut Terminal<B>,
    state: &AppState,
    now: Instant,
    overlays: &mut Overlays,
) -> io::Result<()> {
    // Back from a stop (job control): the screen shows what the shell left, not the last frame.
    if super::terminal::take_needs_clear() {
        super::terminal::clear_all(terminal).map_err(io::Error::other)?;
        overlays.previews.forget_screen();
        overlays.wide.forget_screen();
    }
    terminal.backend_mut().begin_frame();
    let config = &state.session.config;
    let mut placements = Vec::new();
    let result = terminal
        .draw(|frame| placements = crate::ui::draw_frame(frame, state, now))
        .map(|frame| {
            let links = config
                .hyperlinks
                .then(|| hyperlinks::find_links(frame.buffer));
            let wide = overlays.wide.frame(frame.buffer);
            let images = overlays
                .previews
                .frame(config.images, placements, frame.buffer);
            (links, wide, images)
        });
    if let Ok((links, wide, images)) = &result {
        if !wide.is_empty() {
            terminal.backend_mut().overlay(wide);
        }
        if let Some(links) = links.as_ref().filter(|l| !l.is_empty()) {
            let bytes = hyperlinks::overlay(links);
            terminal.backend_mut().overlay(&bytes);
        }
        if !images.is_empty() {
            terminal.backend_mut().overlay(images);
        }
    }
    terminal.backend_mut().end_frame();
    result.map(|_| ()).map_err(io::Error::other)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn requests_coalesce_and_respect_the_cap() {
        let t0 = Instant::now();
        let mut f = FrameScheduler::default();
        assert_eq!(f.due(), None, "idle means no frame");
        f.request(t0);
        f.request(t0 + Duration::from_millis(1));
        assert_eq!(f.due(), Some(t0));
        f.drawn(t0);
        f.request(t0 + Duration::from_millis(2));
        assert_eq!(f.due(), Some(t0 + MIN_FRAME_INTERVAL));
        f.request_at(t0 + Duration::from_secs(1));
        assert_eq!(f.due(), Some(t0 + MIN_FRAME_INTERVAL));
    }

    #[test]
    fn input_frames_skip_the_cap_and_server_frames_keep_it() {
        let t0 = Instant::now();
        let mut f = FrameScheduler::default();
        f.drawn(t0);
        f.request(t0 + Duration::from_millis(1));
        assert_eq!(f.due(), Some(t0 + MIN_FRAME_INTERVAL), "a stream waits");
        f.request_now(t0 + Duration::from_millis(2));
        assert_eq!(
            f.due(),
            Some(t0 + Duration::from_millis(2)),
            "a key does not"
        );
        f.drawn(t0 + Duration::from_millis(2));
        f.request(t0 + Duration::from_millis(3));
        assert_eq!(
            f.due(),
            Some(t0 + Duration::from_millis(2) + MIN_FRAME_INTERVAL),
            "the cap counts from the input frame"
        );
    }

    #[test]
    fn a_flood_of_server_messages_slows_its_frames_and_never_a_key() {
        let t0 = Instant::now();
        let mut f = FrameScheduler::default();
        f.server_messages(FLOOD_MESSAGES);
        f.drawn(t0);
        f.request(t0);
        assert_eq!(f.due(), Some(t0 + MIN_FRAME_INTERVAL), "a model's pace");
        f.server_messages(FLOOD_MESSAGES + 1);
        f.drawn(t0);
        f.request(t0);
        assert_eq!(f.due(), Some(t0 + FLOOD_FRAME_INTERVAL), "a flood");
        f.request_now(t0 + Duration::from_millis(1));
        assert_eq!(f.due(), Some(t0 + Duration::from_millis(1)), "a key");
        f.drawn(t0 + Duration::from_millis(1));
        f.request(t0 + Duration::from_millis(2));
        assert_eq!(
            f.due(),
            Some(t0 + Duration::from_millis(1) + MIN_FRAME_INTERVAL),
            "the flood ended: no message came since the last frame"
        );
    }

    #[test]
    fn a_turn_ending_in_a_flood_is_drawn_in_the_next_slot_and_coloured() {
        let t0 = Instant::now();
        let mut f = FrameScheduler::default();
        f.server_messages(FLOOD_MESSAGES + 1);
        f.drawn(t0);
        f.server_messages(FLOOD_MESSAGES + 1);
        f.request(t0);
        assert_eq!(f.due(), Some(t0 + FLOOD_FRAME_INTERVAL), "still flooding");
        f.flood_over(t0);
        assert_eq!(f.due(), Some(t0 + MIN_FRAME_INTERVAL));
        assert!(!f.flooding(), "the frame shows code coloured");
    }
}
