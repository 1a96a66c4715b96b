//! Where everything goes on a screen of a given size. One pure function, used by `update` (how
//! far a page scrolls, how wide cells are laid out) and by `ui` (where to draw), so the two
//! always agree.

use crate::render::question::question_lines;
use crate::session::state::Session;
use ratatui::layout::Rect;

/// The most rows the composer grows to before it scrolls.
pub(crate) const COMPOSER_MAX_ROWS: u16 = 8;
/// Below this height the hint bar gives its row to the transcript.
const HINT_BAR_MIN_HEIGHT: u16 = 10;
/// Below this height a draft typed under a question is not shown beside it.
const DRAFT_UNDER_QUESTION_MIN_HEIGHT: u16 = 14;

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Areas {
    /// The scrolling transcript.
    pub transcript: Rect,
    /// The side pane (`/side`) while a side conversation is open: the right half of the
    /// transcript's rows, the transcript keeping the left; all of them on a narrow screen.
    pub side: Option<Rect>,
    /// The running turn's checklist on one line (`turn/plan/updated`), just under the
    /// transcript; no rows when there is none.
    pub checklist: Rect,
    /// The agents strip: one row naming each sub-agent at work, above the queued messages;
    /// no rows when none works.
    pub agents: Rect,
    /// Messages waiting for the turn (steers on their way, queued ones), just above the
    /// bottom box; no rows when there are none.
    pub queued: Rect,
    /// The composer, or the bottom layer on top (search bar, the server's question).
    pub bottom: Rect,
    /// Where the composer is drawn: the bottom box, under a question when a draft is being
    /// typed there, or nowhere.
    pub composer: Option<Rect>,
    /// Everything above the status line: where full-screen layers go.
    pub main: Rect,
    pub status: Rect,
    /// Key hints of the top layer; empty on very short screens.
    pub hints: Rect,
}

/// The topmost layer placed in the composer's place, as far as where things go depends on it.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) struct BottomBox {
    /// Rows it wants inside its borders.
    pub rows: usize,
    /// The draft stays in view under it even with no question up (the server-down box: typing
    /// goes on there).
    pub keeps_draft: bool,
}

/// Everything above the status line, on a screen of this size.
pub(crate) fn main_area(screen: Rect) -> Rect {
    let hint_rows = u16::from(screen.height >= HINT_BAR_MIN_HEIGHT);
    let status_rows = screen.height.min(1);
    Rect::new(
        screen.x,
        screen.y,
        screen.width,
        screen.height - hint_rows - status_rows,
    )
}

/// Where everything goes: `bottom` is the topmost layer shown in the composer's place, if any.
pub(crate) fn areas(screen: Rect, state: &Session, bottom: Option<BottomBox>) -> Areas {
    let hint_rows = u16::from(screen.height >= HINT_BAR_MIN_HEIGHT);
    let status_rows = screen.height.min(1);
    let main = main_area(screen);
    let main_height = main.height;
    let top_bottom = bottom;
    let composer_rows = state
        .composer
        .rows(screen.width.saturating_sub(2).max(1))
        .clamp(1, COMPOSER_MAX_ROWS as usize) as u16
        + 2;
    let (wanted, draft_rows) = match top_bottom {
        None => (composer_rows, 0),
        Some(entry) => {
            let wanted = u16::try_from(entry.rows)
                .unwrap_or(u16::MAX)
                .saturating_add(2);
            // A draft typed while a question is up stays in view under it; under the
            // server-down box the composer stays, since typing goes on there.
            let draft = (entry.keeps_draft
                || !state.questions.is_empty() && !state.composer.is_empty())
                && main_height >= DRAFT_UNDER_QUESTION_MIN_HEIGHT;
            (wanted, if draft { composer_rows.min(5) } else { 0 })
        }
    };
    // The transcript keeps at least one row; the bottom box at least its borders and a line.
    let room = main_height.saturating_sub(1).max(main_height.min(3));
    let draft_rows = draft_rows.min(room.saturating_sub(3));
    let bottom_height = wanted.min(room - draft_rows);
    let below_transcript = main_height - bottom_height - draft_rows;
    let queued_rows = queued_rows(state, below_transcript);
    let checklist_rows = checklist_rows(state, below_transcript - queued_rows);
    let agent_rows = agent_rows(state, below_transcript - queued_rows - checklist_rows);
    let transcript_height = below_transcript - queued_rows - checklist_rows - agent_rows;
    let whole = Rect::new(main.x, main.y, main.width, transcript_height);
    let (transcript, side) = side_split(whole, state);
    let checklist = Rect::new(main.x, whole.bottom(), main.width, checklist_rows);
    let agents = Rect::new(main.x, checklist.bottom(), main.width, agent_rows);
    let queued = Rect::new(main.x, agents.bottom(), main.width, queued_rows);
    let bottom = Rect::new(main.x, queued.bottom(), main.width, bottom_height);
    let composer = match top_bottom {
        None => Some(bottom),
        Some(_) if draft_rows > 0 => {
            Some(Rect::new(main.x, bottom.bottom(), main.width, draft_rows))
        }
        Some(_) => None,
    };
    let status = Rect::new(screen.x, main.bottom(), screen.width, status_rows);
    let hints = Rect::new(screen.x, status.bottom(), screen.width, hint_rows);
    Areas {
        transcript,
        side,
        checklist,
        agents,
        queued,
        bottom,
        composer,
        main,
        status,
        hints,
    }
}

/// The narrowest screen a side conversation sits beside the main thread on (half each).
const SIDE_BESIDE_FROM: u16 = 100;

/// The transcript's rows `whole`, split with the side pane while a side conversation is open.
fn side_split(whole: Rect, state: &Session) -> (Rect, Option<Rect>) {
    if !state.side.active() {
        return (whole, None);
    }
    if whole.width < SIDE_BESIDE_FROM {
        return (whole, Some(whole));
    }
    let left = whole.width / 2;
    let transcript = Rect::new(whole.x, whole.y, left, whole.height);
    let side = Rect::new(whole.x + left, whole.y, whole.width - left, whole.height);
    (transcript, Some(side))
}

/// The most rows the list of waiting messages takes; more are summed up in its last row.
pub(crate) const QUEUED_MAX_ROWS: u16 = 4;

/// Rows for the messages waiting for the turn, out of `room` left above the bottom box: the
/// transcript keeps at least three.
fn queued_rows(state: &Session, room: u16) -> u16 {
    let waiting = state.outbox.steering.len() + state.outbox.queued.len();
    let wanted = u16::try_from(waiting)
        .unwrap_or(u16::MAX)
        .min(QUEUED_MAX_ROWS);
    wanted.min(room.saturating_sub(3))
}

/// One row for the running turn's checklist, out of `room` left above the bottom box and the
/// queued messages: the transcript keeps at least three.
fn checklist_rows(state: &Session, room: u16) -> u16 {
    let shown = state
        .active_turn_id()
        .and_then(|turn| state.shown.transcript.checklist(turn))
        .is_some_and(|steps| !steps.is_empty());
    u16::from(shown && room > 3)
}

/// The agents strip's row while a sub-agent works or one is watched, out of `room` left: the
/// transcript keeps at least three.
fn agent_rows(state: &Session, room: u16) -> u16 {
    let wanted = state.agents.live() > 0 || crate::session::agent_switch::watching(state).is_some();
    u16::from(wanted && room > 3)
}

/// A box of at most `width`×`height` centred in `within`, with a margin where there is room.
pub(crate) fn popup(within: Rect, width: u16, height: u16) -> Rect {
    let w = width.min(within.width.saturating_sub(4).max(within.width.min(20)));
    let h = height.min(within.height.saturating_sub(2).max(within.height.min(5)));
    Rect::new(
        within.x + (within.width - w) / 2,
        within.y + (within.height - h) / 2,
        w,
        h,
    )
}

/// How a question's body and options share its box: the options always show; the body gets the
/// rest, and when it does not fit its last visible row says how much more there is.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) struct QuestionFit {
    /// Rows of body text shown (not counting the "more" marker).
    pub body_rows: usize,
    /// A "… N more lines" row is shown after the body.
    pub marker: bool,
    /// A blank row between body and options.
    pub gap: bool,
    /// The furthest the body can be scrolled.
    pub max_offset: usize,
}

pub(crate) fn fit(body: usize, options: usize, inner: usize) -> QuestionFit {
    // A blank row between body and options, unless the body needs it more.
    let gap = inner > options + body || inner >= options + 8;
    let room = inner.saturating_sub(options + usize::from(gap));
    if body <= room {
        return QuestionFit {
            body_rows: body,
            marker: false,
            gap,
            max_offset: 0,
        };
    }
    let body_rows = room.saturating_sub(1);
    QuestionFit {
        body_rows,
        marker: room > 0,
        gap,
        max_offset: body - body_rows,
    }
}

/// The front question's fit in its box, `bottom`.
pub(crate) fn question_fit(state: &Session, bottom: Rect) -> Option<QuestionFit> {
    let front = state.questions.front()?;
    let lines = question_lines(
        &front.question,
        front.selected,
        front.form.as_ref(),
        bottom.width,
        state.question_look(),
    );
    let inner = bottom.height.saturating_sub(2) as usize;
    Some(fit(lines.body.len(), lines.options.len(), inner))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn options_always_fit_and_the_body_says_what_is_hidden() {
        assert_eq!(
            fit(5, 3, 20),
            QuestionFit {
                body_rows: 5,
                marker: false,
                gap: true,
                max_offset: 0
            }
        );
        // A cut body keeps every row: no gap before the options.
        let tall = fit(80, 3, 10);
        assert_eq!((tall.body_rows, tall.marker, tall.gap), (6, true, false));
        assert_eq!(tall.max_offset, 74);
        let roomy = fit(80, 3, 30);
        assert_eq!((roomy.body_rows, roomy.marker, roomy.gap), (25, true, true));
        // Tiny: no gap, one body row as the marker.
        let tiny = fit(34, 5, 6);
        assert_eq!((tiny.body_rows, tiny.marker, tiny.gap), (0, true, false));
        assert_eq!(tiny.body_rows + usize::from(tiny.marker) + 5, 6);
        let small = fit(6, 4, 7);
        assert_eq!((small.body_rows, small.marker, small.gap), (2, true, false));
    }
}
