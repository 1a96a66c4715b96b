//! `/skills`: a box over the transcript listing the skills (name, where it comes from, what it
//! is for), then the skill files that did not load and why. Everything in it comes from skill
//! files: sanitised and cut to the box.

use super::chrome::menu_row;
use super::list::{cut, pointer, ListBox};
use crate::app::layers::skills::SkillsView;
use crate::session::state::Session;
use crate::text::sanitize::sanitize_line;
use crate::theme::Palette;
use ratatui::layout::Rect;
use ratatui::style::Style;
use ratatui::text::{Line, Span};
use ratatui::Frame;
use unicode_width::UnicodeWidthStr;

pub(super) fn draw(
    frame: &mut Frame<'_>,
    within: Rect,
    view: &SkillsView,
    session: &Session,
    palette: &Palette,
) {
    let skills = &session.skills;
    let inner_width = usize::from(within.width.saturating_sub(6)).min(110);
    let names: Vec<String> = skills
        .list
        .iter()
        .map(|s| format!("${}", cut(&sanitize_line(&s.name), 30)))
        .collect();
    let name_width = names.iter().map(|n| n.width()).max().unwrap_or(0);
    let scope_width = skills
        .list
        .iter()
        .map(|s| cut(&sanitize_line(&s.scope), 8).width())
        .max()
        .unwrap_or(0);
    let mut lines: Vec<Line<'static>> = Vec::new();
    let status = match (&skills.error, skills.loading, skills.loaded) {
        (Some(e), _, _) => Some((format!("Could not list the skills: {}", sanitize_line(e)), palette.error)),
        (None, true, false) => Some(("Reading the skills…".into(), palette.dim)),
        (None, false, true) if skills.list.is_empty() => Some((
            "No skills here. A skill is a folder holding a SKILL.md, in ~/.codex/skills/ (yours) or .codex/skills/ (this repository's).".into(),
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
    let list_start = lines.len();
    for (i, (skill, name)) in skills.list.iter().zip(names).enumerate() {
        let selected = view.selected.index(skills.list.len()) == Some(i);
        let scope = cut(&sanitize_line(&skill.scope), 8);
        let room = inner_width.saturating_sub(2 + name_width + 2 + scope_width + 2);
        let line = Line::from(vec![
            Span::raw(pointer(selected)),
            Span::styled(
                format!("{name}{}  ", " ".repeat(name_width - name.width())),
                if skill.enabled {
                    palette.accent
                } else {
                    palette.dim
                },
            ),
            Span::styled(
                format!("{scope}{}  ", " ".repeat(scope_width - scope.width())),
                if selected {
                    Style::default()
                } else {
                    palette.dim
                },
            ),
            if skill.enabled {
                Span::raw(cut(&sanitize_line(skill.summary()), room))
            } else {
                Span::styled(
                    format!(
                        "(off) {}",
                        cut(&sanitize_line(skill.summary()), room.saturating_sub(6))
                    ),
                    palette.dim,
                )
            },
        ]);
        lines.push(menu_row(line, selected, palette));
    }
    if !skills.errors.is_empty() {
        lines.push(Line::default());
        lines.push(Line::from(Span::styled(
            "Skill files that did not load:",
            palette.warning,
        )));
        for error in &skills.errors {
            let text = format!(
                "{}: {}",
                sanitize_line(&error.path),
                sanitize_line(&error.message)
            );
            lines.push(Line::from(Span::styled(
                format!("  {}", cut(&text, inner_width.saturating_sub(2))),
                palette.dim,
            )));
        }
    }
    let selected = view.selected.index(skills.list.len()).unwrap_or(0);
    ListBox {
        title: "Skills".into(),
        footer: Some(Line::from(Span::styled(
            " Enter puts $name in the prompt · Space on/off · Esc closes ",
            palette.dim,
        ))),
        width: ListBox::fitting(&lines, 50, u16::MAX),
        selected_line: Some(list_start + selected),
        lines,
    }
    .draw(frame, within, palette);
}

impl super::draw::Draw for crate::app::layers::skills::SkillsView {
    fn draw(&self, frame: &mut Frame<'_>, cx: &super::draw::DrawCx<'_>) {
        draw(frame, cx.areas.main, self, cx.session, cx.palette);
    }
}
