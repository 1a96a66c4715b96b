//! `/feedback`: the box choosing a report's kind and reason, then the redacted ZIP's contents —
//! every entry with its size and how many secrets were replaced, and a preview of the selected
//! one — before anything is kept or sent. Entry names and text come from codex's logs and
//! tern's: sanitised and cut to the box.

use super::chrome::menu_row;
use super::list::{cut, pointer, ListBox};
use super::report_lines::{footer, heading, say};
use crate::app::layers::feedback::{FeedbackView, PREVIEW_LINES};
use crate::session::feedback_report::RedactedZip;
use crate::session::state::feedback::{FeedbackStage, CLASSIFICATIONS};
use crate::session::state::Session;
use crate::text::sanitize::{visible_line, visible_text};
use crate::theme::Palette;
use ratatui::layout::Rect;
use ratatui::style::Style;
use ratatui::text::{Line, Span};
use ratatui::Frame;

fn size(bytes: u64) -> String {
    match bytes {
        b if b >= 1 << 20 => format!("{:.1} MB", b as f64 / f64::from(1 << 20)),
        b if b >= 1 << 10 => format!("{:.1} KB", b as f64 / 1024.0),
        b => format!("{b} B"),
    }
}

fn choosing(
    lines: &mut Vec<Line<'static>>,
    view: &FeedbackView,
    width: usize,
    p: &Palette,
) -> Option<usize> {
    say(
        lines,
        "How was this? The report is redacted and shown before anything is kept or sent.".into(),
        Style::default(),
        0,
        width,
    );
    lines.push(Line::default());
    let selected = view.selected.index(CLASSIFICATIONS.len());
    let mut selected_line = None;
    for (i, (_, words)) in CLASSIFICATIONS.iter().enumerate() {
        let is_selected = selected == Some(i);
        if is_selected {
            selected_line = Some(lines.len());
        }
        let line = Line::from(vec![
            Span::raw(pointer(is_selected)),
            Span::raw(cut(words, width.saturating_sub(2))),
        ]);
        lines.push(menu_row(line, is_selected, p));
    }
    heading(lines, "Reason (optional, type it):", p.heading);
    let reason = visible_line(view.reason.as_str());
    lines.push(Line::from(vec![
        Span::raw("  "),
        Span::raw(cut(&reason, width.saturating_sub(4))),
        Span::styled("▏", p.attention),
    ]));
    selected_line
}

fn contents(
    lines: &mut Vec<Line<'static>>,
    view: &FeedbackView,
    zip: &RedactedZip,
    width: usize,
    p: &Palette,
) -> Option<usize> {
    let total: usize = zip.entries.iter().map(|e| e.redactions).sum();
    say(lines, format!("The report, redacted ({} entries, {total} secrets replaced). Nothing is kept or sent yet:", zip.entries.len()), Style::default(), 0, width);
    let selected = view.selected.index(zip.entries.len());
    let mut selected_line = None;
    for (i, entry) in zip.entries.iter().enumerate() {
        let is_selected = selected == Some(i);
        if is_selected {
            selected_line = Some(lines.len());
        }
        let facts = format!(" · {} · {} redacted", size(entry.size), entry.redactions);
        let room = width.saturating_sub(2 + facts.chars().count());
        let line = Line::from(vec![
            Span::raw(pointer(is_selected)),
            Span::raw(cut(&visible_line(&entry.name), room)),
            Span::styled(facts, p.dim),
        ]);
        lines.push(menu_row(line, is_selected, p));
    }
    let Some(entry) = selected.and_then(|i| zip.entries.get(i)) else {
        return selected_line;
    };
    heading(
        lines,
        &format!(
            "Preview of {}",
            cut(&visible_line(&entry.name), width.saturating_sub(12))
        ),
        p.heading,
    );
    match &entry.preview {
        None => say(lines, "(not text: kept as it is)".into(), p.dim, 2, width),
        Some(text) => {
            let all = visible_text(text);
            let from = view.scroll.min(all.len().saturating_sub(1));
            for line in all.iter().skip(from).take(PREVIEW_LINES) {
                lines.push(Line::from(Span::styled(
                    format!("  {}", cut(line, width.saturating_sub(2))),
                    p.dim,
                )));
            }
        }
    }
    selected_line
}

pub(super) fn draw(
    frame: &mut Frame<'_>,
    within: Rect,
    view: &FeedbackView,
    session: &Session,
    p: &Palette,
) {
    let width = usize::from(within.width.saturating_sub(6)).min(110);
    let mut lines: Vec<Line<'static>> = Vec::new();
    let mut selected_line = None;
    let mut keys = "Esc closes";
    match &session.feedback.stage {
        FeedbackStage::Choosing => {
            selected_line = choosing(&mut lines, view, width, p);
            keys = "↑↓ kind · type a reason · Enter makes the report · Esc closes";
        }
        FeedbackStage::Preparing | FeedbackStage::Saving { .. } => say(
            &mut lines,
            "codex is writing the report into a private temp folder…".into(),
            p.dim,
            0,
            width,
        ),
        FeedbackStage::Redacting { .. } => {
            say(&mut lines, "Redacting the report…".into(), p.dim, 0, width)
        }
        FeedbackStage::Shown { zip, .. } => {
            selected_line = contents(&mut lines, view, zip, width, p);
            keys = "s saves · u uploads (both ask first) · PgUp/PgDn preview · Esc closes (nothing kept)";
        }
        FeedbackStage::Writing => say(
            &mut lines,
            "Writing the redacted report…".into(),
            p.dim,
            0,
            width,
        ),
        FeedbackStage::Uploading { .. } => say(
            &mut lines,
            "Sending the redacted report to OpenAI…".into(),
            p.dim,
            0,
            width,
        ),
        FeedbackStage::Written { path } => say(
            &mut lines,
            format!(
                "Saved (redacted) to {}. Nothing was sent.",
                visible_line(path)
            ),
            p.success,
            0,
            width,
        ),
        FeedbackStage::Uploaded => say(
            &mut lines,
            "Sent to OpenAI's feedback service (redacted, without codex's own logs).".into(),
            p.success,
            0,
            width,
        ),
        FeedbackStage::Failed(why) => say(&mut lines, visible_line(why), p.error, 0, width),
    }
    let footer = footer(keys, p.dim);
    let footer_width = u16::try_from(footer.width() + 4).unwrap_or(u16::MAX);
    ListBox {
        title: "Feedback".into(),
        footer: Some(footer),
        width: ListBox::fitting(&lines, 60.max(footer_width), u16::MAX),
        selected_line,
        lines,
    }
    .draw(frame, within, p);
}

impl super::draw::Draw for FeedbackView {
    fn draw(&self, frame: &mut Frame<'_>, cx: &super::draw::DrawCx<'_>) {
        draw(frame, cx.areas.main, self, cx.session, cx.palette);
    }
}
