//! `/ps`: the background terminals, each with its command, how long it has run and its last
//! line of output, and the stop question; Enter's full-screen output of one. Commands and
//! output come from the model's commands: sanitised.

use super::chrome::{draw_popup, popup_box, row_style, title};
use crate::app::geometry::popup;
use crate::app::layers::terminals::{OutputView, Stop, Terminals};
use crate::app::Session;
use crate::model::agents::last_line;
use crate::model::{Cell, CellKind};
use crate::protocol::BackgroundTerminal;
use crate::render::agent_cells::elapsed;
use crate::render::fit::{cells, follow, window};
use crate::render::wrap::wrap_spans;
use crate::text::sanitize::{sanitize_line, sanitize_text};
use crate::theme::Palette;
use ratatui::layout::Rect;
use ratatui::style::Stylize;
use ratatui::text::{Line, Span};
use ratatui::widgets::{Padding, Paragraph};
use ratatui::Frame;
use std::time::Instant;

/// The widest the list gets.
const MAX_WIDTH: u16 = 100;
/// Bytes of output looked at for a row's last line.
const TAIL_BYTES: usize = 4096;

pub(super) fn draw(
    frame: &mut Frame<'_>,
    within: Rect,
    list: &Terminals,
    state: &Session,
    now: Instant,
) {
    let palette = state.config.theme.palette();
    if let Some(view) = &list.output {
        return draw_output(frame, within, view, state, palette);
    }
    // Each terminal takes two rows; only those in view are laid out (a server may list
    // thousands).
    let count = list.rows().len();
    let question = list
        .confirm
        .as_ref()
        .map(|stop| confirm_spans(stop, palette));
    let question_rows = question.as_ref().map_or(0, |_| 2);
    let wanted = count.max(1).saturating_mul(2).saturating_add(question_rows);
    let area = popup(within, MAX_WIDTH, cells(wanted).saturating_add(2));
    let border = if list.confirm.is_some() {
        palette.border_attention
    } else {
        palette.border_focused
    };
    let heading = if list.stopping {
        format!(" Stop a background terminal ({count}) ")
    } else {
        format!(" Background terminals ({count}) ")
    };
    let block = popup_box(title(heading, border), border).padding(Padding::horizontal(1));
    let inner = draw_popup(frame, area, block);
    if let Some(question) = question {
        let question = wrap_spans(&question, inner.width as usize, &[], &[]);
        let rows = cells(question.len()).min(inner.height);
        let at = Rect::new(inner.x, inner.bottom() - rows, inner.width, rows);
        frame.render_widget(Paragraph::new(question), at);
    }
    let height = inner.height.saturating_sub(cells(question_rows));
    let lines: Vec<Line<'static>> = match &list.listed {
        None => vec![Line::from(Span::styled("Asking codex…", palette.dim))],
        Some(Err(e)) => vec![Line::from(Span::styled(
            format!("codex could not list them: {}", sanitize_line(e)),
            palette.error,
        ))],
        Some(Ok(rows)) if rows.is_empty() => vec![Line::from(
            "No background terminals running.".dim().italic(),
        )],
        Some(Ok(rows)) => {
            let per_view = (usize::from(height) / 2).max(1);
            let first = follow(list.selected, per_view);
            window(rows, first, per_view)
                .iter()
                .enumerate()
                .flat_map(|(i, row)| {
                    row_lines(row, first + i == list.selected, state, now, palette)
                })
                .collect()
        }
    };
    let at = Rect::new(inner.x, inner.y, inner.width, height);
    frame.render_widget(Paragraph::new(lines), at);
}

fn confirm_spans(stop: &Stop, palette: &Palette) -> Vec<Span<'static>> {
    let what = match stop {
        Stop::One { command, .. } => format!(
            "Stop `{}`? ",
            crate::model::agents::command_first_line(command)
        ),
        Stop::All => "Stop every background terminal? ".to_string(),
    };
    vec![
        Span::styled(what, palette.attention.bold()),
        Span::styled("y", palette.key),
        Span::styled(" stop · ", palette.dim),
        Span::styled("any other key", palette.key),
        Span::styled(" keep it running", palette.dim),
    ]
}

/// The command's cell as tern recorded it, if it has one.
fn cell_of<'a>(state: &'a Session, item_id: &str) -> Option<&'a Cell> {
    let started = state.beside.command_clock.find(item_id);
    state
        .shown
        .transcript
        .item_cell(started.map(|s| s.turn_id.as_str()), item_id)
        .or_else(|| state.shown.transcript.item_cell(None, item_id))
}

fn row_lines(
    row: &BackgroundTerminal,
    selected: bool,
    state: &Session,
    now: Instant,
    palette: &Palette,
) -> Vec<Line<'static>> {
    let command = crate::model::agents::command_first_line(&row.command);
    let more = if row.command.trim().lines().nth(1).is_some() {
        " [...]"
    } else {
        ""
    };
    let mut head = vec![
        Span::raw(if selected { "▸ " } else { "  " }),
        Span::styled("● ", palette.working),
        Span::raw(command).bold(),
        Span::styled(more, palette.dim),
    ];
    if let Some(started) = state.beside.command_clock.find(&row.item_id) {
        let ran = now.saturating_duration_since(started.at);
        head.push(Span::styled(format!("  {}", elapsed(ran)), palette.dim));
    }
    let output = match cell_of(state, &row.item_id).map(Cell::kind) {
        Some(CellKind::Command(cmd)) => {
            let from = cmd.output.len().saturating_sub(TAIL_BYTES);
            let from = (from..cmd.output.len())
                .find(|&i| cmd.output.is_char_boundary(i))
                .unwrap_or(cmd.output.len());
            last_line(&cmd.output[from..]).map(sanitize_line)
        }
        _ => None,
    };
    let detail = match output {
        Some(line) => Span::raw(format!("    ⤷ {line}")),
        None => Span::styled("    (no output yet)", palette.dim),
    };
    let mut lines = vec![Line::from(head), Line::from(detail)];
    if selected {
        // One even highlight: the spans' own colours would clash with it.
        let style = row_style(true, palette);
        for span in lines.iter_mut().flat_map(|l| l.spans.iter_mut()) {
            span.style = style;
        }
    }
    lines
}

/// One terminal's output, full screen, scrolled `from_end` rows back from its end.
fn draw_output(
    frame: &mut Frame<'_>,
    within: Rect,
    view: &OutputView,
    state: &Session,
    palette: &Palette,
) {
    let border = palette.border_focused;
    let heading = format!(
        " Output of `{}` ",
        crate::model::agents::command_first_line(&view.command)
    );
    let block = popup_box(title(heading, border), border).padding(Padding::horizontal(1));
    let inner = draw_popup(frame, within, block);
    let height = inner.height as usize;
    let lines: Vec<Line<'static>> = match cell_of(state, &view.item_id).map(Cell::kind) {
        Some(CellKind::Command(cmd)) if !cmd.output.is_empty() => {
            // Only the lines that can show are laid out: a long output costs its window.
            let want = height.saturating_add(view.from_end);
            let start = cmd
                .output
                .trim_end_matches('\n')
                .rmatch_indices('\n')
                .nth(want)
                .map_or(0, |(i, _)| i + 1);
            sanitize_text(&cmd.output[start..])
                .into_iter()
                .map(Line::from)
                .collect()
        }
        Some(CellKind::Command(_)) => vec![Line::from("No output yet.".dim())],
        _ => vec![Line::from(
            "tern has no record of this command's output (it started before tern looked).".dim(),
        )],
    };
    let bottom = lines.len().saturating_sub(height);
    let offset = bottom.saturating_sub(view.from_end);
    let shown: Vec<Line<'static>> = window(&lines, offset, height).to_vec();
    frame.render_widget(Paragraph::new(shown), inner);
}

impl super::draw::Draw for crate::app::layers::Terminals {
    fn draw(&self, frame: &mut Frame<'_>, cx: &super::draw::DrawCx<'_>) {
        draw(frame, cx.areas.main, self, cx.session, cx.now);
    }
}
