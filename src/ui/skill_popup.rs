//! The `$name` skill finder: the skills matching what follows `$`, just above the composer,
//! each with what it is for. Names and descriptions come from skill files: sanitised, cut.

use super::chrome::row_style;
use super::draw::{Draw, DrawCx};
use super::finder::{self, Found};
use super::list::{cut, pointer};
use crate::app::layers::skill_finder::{matching, MAX_SHOWN};
use crate::controls::composer::SkillFinder;
use crate::session::state::Session;
use crate::text::sanitize::sanitize_line;
use crate::theme::Palette;
use ratatui::layout::Rect;
use ratatui::text::{Line, Span};
use ratatui::Frame;
use unicode_width::UnicodeWidthStr;

impl Draw for SkillFinder {
    fn draw(&self, frame: &mut Frame<'_>, cx: &DrawCx<'_>) {
        draw(frame, cx.areas.transcript, self, cx.session, cx.palette);
    }
}

/// `above`: the area the list sits at the bottom of (the transcript's).
fn draw(
    frame: &mut Frame<'_>,
    above: Rect,
    finder: &SkillFinder,
    session: &Session,
    palette: &Palette,
) {
    let found = matching(session, &finder.query);
    let found = &found[..found.len().min(MAX_SHOWN)];
    let width = finder::inner_width(above);
    let names: Vec<String> = found
        .iter()
        .map(|s| format!("${}", cut(&sanitize_line(&s.name), 32)))
        .collect();
    let name_width = names.iter().map(|n| n.width()).max().unwrap_or(0);
    let row = |i: usize, selected: bool| {
        let (skill, name) = (found[i], &names[i]);
        let base = row_style(selected, palette);
        let pad = " ".repeat(name_width - name.width());
        let room = width.saturating_sub(name_width + 4);
        Line::from(vec![
            Span::styled(pointer(selected), base),
            Span::styled(format!("{name}{pad}  "), base.patch(palette.accent)),
            Span::styled(
                cut(&sanitize_line(skill.summary()), room),
                if selected { base } else { palette.dim },
            ),
        ])
    };
    let shown = if found.is_empty() {
        let text = match (&session.skills.error, session.skills.loaded) {
            (Some(e), _) => format!("could not list the skills: {}", sanitize_line(e)),
            (None, false) => "reading the skills…".into(),
            (None, true) if session.skills.enabled().next().is_none() => {
                "no skills here (a skill is a folder with a SKILL.md in ~/.codex/skills/ or .codex/skills/)"
                    .into()
            }
            (None, true) => "no skill matches".into(),
        };
        Found::Nothing(cut(&text, width), palette.dim)
    } else {
        Found::Rows(found.len(), finder.selected.index(found.len()), &row)
    };
    let reading = if session.skills.loading {
        "reading the skills…"
    } else {
        ""
    };
    let heading = ("$", finder.query.as_str());
    finder::draw(frame, above, heading, reading, found.len(), shown, palette);
}
