//! `/hooks`: a box over the transcript listing the hooks by event — each with its trust, what it
//! runs and where it comes from — then what codex warned of and the hook files that did not
//! load. Everything in it comes from config files: sanitised and cut to the box.

use super::chrome::menu_row;
use super::list::{cut, pointer, ListBox};
use crate::app::layers::hooks::HooksView;
use crate::protocol::HookMetadata;
use crate::session::hooks::what_it_runs;
use crate::session::state::Session;
use crate::text::sanitize::visible_line;
use crate::theme::Palette;
use ratatui::layout::Rect;
use ratatui::style::Style;
use ratatui::text::{Line, Span};
use ratatui::Frame;
use unicode_width::UnicodeWidthStr;

/// The trust as a word, and its colour.
fn trust(hook: &HookMetadata, palette: &Palette) -> (&'static str, Style) {
    match hook.trust_status.as_str() {
        "trusted" => ("trusted  ", palette.success),
        "managed" => ("managed  ", palette.dim),
        "modified" => ("changed  ", palette.warning),
        "untrusted" => ("untrusted", palette.warning),
        _ => ("unknown  ", palette.dim),
    }
}

pub(super) fn draw(
    frame: &mut Frame<'_>,
    within: Rect,
    view: &HooksView,
    session: &Session,
    palette: &Palette,
) {
    let hooks = &session.hooks;
    let inner_width = usize::from(within.width.saturating_sub(6)).min(110);
    let mut lines: Vec<Line<'static>> = Vec::new();
    let status = match (&hooks.error, hooks.loading, hooks.loaded) {
        (Some(e), _, _) => Some((
            format!("Could not list the hooks: {}", visible_line(e)),
            palette.error,
        )),
        (None, true, false) => Some(("Reading the hooks…".into(), palette.dim)),
        (None, false, true) if hooks.list.is_empty() => Some((
            "No hooks here. Hooks are set in codex's config.toml ([hooks]) or hooks.json.".into(),
            palette.dim,
        )),
        _ => None,
    };
    if let Some((text, style)) = status {
        lines.extend(crate::render::wrap::wrap_spans(
            &[Span::styled(text, style)],
            inner_width.max(20),
            &[],
            &[],
        ));
    }
    let selected = view.selected.index(hooks.list.len());
    let mut selected_line = None;
    let mut event: Option<&str> = None;
    for (i, hook) in hooks.list.iter().enumerate() {
        if event != Some(hook.event_name.as_str()) {
            event = Some(hook.event_name.as_str());
            lines.push(Line::from(Span::styled(
                cut(&visible_line(&hook.event_name), inner_width),
                palette.heading,
            )));
        }
        let is_selected = selected == Some(i);
        if is_selected {
            selected_line = Some(lines.len());
        }
        let (word, style) = trust(hook, palette);
        let source = cut(&visible_line(&hook.source), 10);
        let off = if hook.enabled { "" } else { "(off) " };
        let room = inner_width.saturating_sub(2 + 9 + 2 + off.len() + 2 + source.width() + 2);
        let runs = format!("{off}{}", cut(&visible_line(&what_it_runs(hook)), room));
        let line = Line::from(vec![
            Span::raw(pointer(is_selected)),
            Span::styled(word, style),
            Span::raw("  "),
            Span::styled(
                runs,
                if hook.enabled {
                    Style::default()
                } else {
                    palette.dim
                },
            ),
            Span::raw("  "),
            Span::styled(source, palette.dim),
        ]);
        lines.push(menu_row(line, is_selected, palette));
    }
    if !hooks.warnings.is_empty() || !hooks.errors.is_empty() {
        lines.push(Line::default());
        lines.push(Line::from(Span::styled(
            "What codex said of the hooks:",
            palette.warning,
        )));
        let said = hooks.warnings.iter().map(|w| visible_line(w)).chain(
            hooks
                .errors
                .iter()
                .map(|e| format!("{}: {}", visible_line(&e.path), visible_line(&e.message))),
        );
        for text in said {
            lines.push(Line::from(Span::styled(
                format!("  {}", cut(&text, inner_width.saturating_sub(2))),
                palette.dim,
            )));
        }
    }
    let footer = match &view.confirm {
        Some((key, yes)) => {
            let what = hooks
                .list
                .iter()
                .find(|h| &h.key == key)
                .map(|h| cut(&visible_line(&what_it_runs(h)), 40))
                .unwrap_or_default();
            let question = if *yes {
                format!(" Trust `{what}`? codex will run it unasked. y: trust · any other key: no ")
            } else {
                format!(" Stop trusting `{what}`? y: untrust · any other key: no ")
            };
            Line::from(Span::styled(question, palette.attention))
        }
        None => Line::from(Span::styled(
            " t trusts · u untrusts (each asks first) · Esc closes ",
            palette.dim,
        )),
    };
    let footer_width = u16::try_from(footer.width() + 4).unwrap_or(u16::MAX);
    ListBox {
        title: "Hooks".into(),
        footer: Some(footer),
        // Wide enough for the question in the footer, which names what it would trust.
        width: ListBox::fitting(&lines, 60.max(footer_width), u16::MAX),
        selected_line,
        lines,
    }
    .draw(frame, within, palette);
}

impl super::draw::Draw for HooksView {
    fn draw(&self, frame: &mut Frame<'_>, cx: &super::draw::DrawCx<'_>) {
        draw(frame, cx.areas.main, self, cx.session, cx.palette);
    }
}
