//! The `$name` skill finder: the skills matching what follows `$`, just above the composer,
//! each with what it is for. Names and descriptions come from skill files: sanitised, cut.

use super::chrome::{draw_popup, popup_box, row_style, title};
use crate::app::base::skills::{matching, MAX_SHOWN};
use crate::controls::composer::SkillFinder;
use crate::session::state::Session;
use crate::text::sanitize::sanitize_line;
use crate::theme::Palette;
use ratatui::layout::Rect;
use ratatui::text::{Line, Span};
use ratatui::widgets::Paragraph;
use ratatui::Frame;
use unicode_width::UnicodeWidthStr;

/// `above`: the area the list sits at the bottom of (the transcript's).
pub fn draw(
    frame: &mut Frame<'_>,
    above: Rect,
    finder: &SkillFinder,
    session: &Session,
    palette: &Palette,
) {
    let found = matching(session, &finder.query);
    let rows = found.len().clamp(1, MAX_SHOWN) as u16;
    let height = (rows + 2).min(above.height);
    if height < 3 {
        return;
    }
    let area = Rect::new(above.x, above.bottom() - height, above.width, height);
    let border = palette.border_focused;
    let heading = Line::from(vec![
        title(" $ ", border),
        Span::raw(sanitize_line(&finder.query)),
        " ".into(),
    ]);
    let status = if session.skills.loading {
        " reading the skills… "
    } else {
        ""
    };
    let block = popup_box(heading, border)
        .title_bottom(Line::from(Span::styled(status, palette.dim)).right_aligned());
    let inner = draw_popup(frame, area, block);
    let width = usize::from(inner.width);
    let lines: Vec<Line<'static>> = if found.is_empty() {
        let text = match (&session.skills.error, session.skills.loaded) {
            (Some(e), _) => format!("could not list the skills: {}", sanitize_line(e)),
            (None, false) => "reading the skills…".into(),
            (None, true) if session.skills.enabled().next().is_none() => {
                "no skills here (a skill is a folder with a SKILL.md in ~/.codex/skills/ or .codex/skills/)"
                    .into()
            }
            (None, true) => "no skill matches".into(),
        };
        vec![Line::from(Span::styled(cut(&text, width), palette.dim))]
    } else {
        let names: Vec<String> = found
            .iter()
            .take(MAX_SHOWN)
            .map(|s| format!("${}", cut(&sanitize_line(&s.name), 32)))
            .collect();
        let name_width = names.iter().map(|n| n.width()).max().unwrap_or(0);
        found
            .iter()
            .zip(names)
            .enumerate()
            .map(|(i, (skill, name))| {
                let selected = finder.selected.index(found.len().min(MAX_SHOWN)) == Some(i);
                let base = row_style(selected, palette);
                let pad = " ".repeat(name_width - name.width());
                let room = width.saturating_sub(name_width + 4);
                Line::from(vec![
                    Span::styled(if selected { "› " } else { "  " }, base),
                    Span::styled(format!("{name}{pad}  "), base.patch(palette.accent)),
                    Span::styled(
                        cut(&sanitize_line(skill.summary()), room),
                        if selected { base } else { palette.dim },
                    ),
                ])
            })
            .collect()
    };
    frame.render_widget(Paragraph::new(lines), inner);
}

/// `text` cut to `width` columns, with `…` when cut.
pub fn cut(text: &str, width: usize) -> String {
    if text.width() <= width {
        return text.to_string();
    }
    let mut out = String::new();
    for c in text.chars() {
        if out.width() + c.to_string().width() + 1 > width {
            break;
        }
        out.push(c);
    }
    out.push('…');
    out
}
