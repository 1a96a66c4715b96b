//! `/skills`: the skills codex finds for this directory (yours in `~/.codex/skills`, the
//! repository's in `.codex/skills` and `.agents/skills`, the built-in ones), each with what it
//! is for and where it comes from, and the skill files that did not load with why. Enter puts
//! `$name` in the composer: sent with the prompt, it makes the agent use the skill. Space turns
//! the selected skill on or off in codex's config (`skills/config/write`), as the official
//! TUI's "Enable/Disable Skills" does.

use super::{Ctx, LayerView, Outcome};
use crate::app::event::LayerEvent;
use crate::app::layer_types::{Hint, Input, Placement};
use crate::app::session::skills;
use crate::app::state::Session;
use crossterm::event::KeyCode;
use std::time::Instant;

#[derive(Debug, Clone, Default, PartialEq)]
pub struct SkillsView {
    pub selected: usize,
}

/// `/skills`: opens at once and asks for the list again (the files may have changed).
pub fn open(state: &mut Session) -> Outcome {
    let effects = skills::refresh(state);
    Outcome::Open(super::Layer::Skills(SkillsView::default()), effects)
}

impl LayerView for SkillsView {
    fn handle(&mut self, input: &Input<'_>, cx: &mut Ctx<'_>) -> Outcome {
        let Input::Key(key) = input else {
            return Outcome::Consumed(vec![]);
        };
        let n = cx.skills.list.len();
        match key.code {
            KeyCode::Esc | KeyCode::Char('q') => Outcome::Close(vec![]),
            KeyCode::Up if n > 0 => {
                self.selected = (self.selected + n - 1) % n;
                Outcome::Consumed(vec![])
            }
            KeyCode::Down if n > 0 => {
                self.selected = (self.selected + 1) % n;
                Outcome::Consumed(vec![])
            }
            KeyCode::Home => {
                self.selected = 0;
                Outcome::Consumed(vec![])
            }
            KeyCode::End => {
                self.selected = n.saturating_sub(1);
                Outcome::Consumed(vec![])
            }
            KeyCode::Char(' ') if n > 0 => {
                let skill = &cx.skills.list[self.selected.min(n - 1)];
                let (name, enabled) = (skill.name.clone(), !skill.enabled);
                Outcome::Consumed(skills::set_enabled(cx, &name, enabled))
            }
            KeyCode::Enter | KeyCode::Tab
                if n > 0 && cx.skills.list[self.selected.min(n - 1)].enabled =>
            {
                let name = cx.skills.list[self.selected.min(n - 1)].name.clone();
                let space = match cx.composer.char_before_cursor() {
                    Some(c) if !c.is_whitespace() => " ",
                    _ => "",
                };
                cx.composer.paste(&format!("{space}${name} "));
                Outcome::Close(vec![])
            }
            _ => Outcome::Consumed(vec![]),
        }
    }

    fn on_event(&mut self, event: &LayerEvent, cx: &mut Ctx<'_>) -> Outcome {
        if *event != LayerEvent::SkillsChanged {
            return Outcome::Ignored;
        }
        self.selected = self.selected.min(cx.skills.list.len().saturating_sub(1));
        Outcome::Consumed(vec![])
    }

    fn placement(&self) -> Placement {
        Placement::Popup
    }

    fn title(&self, _session: &Session) -> &'static str {
        "Skills"
    }

    fn rows(&self, _width: u16, session: &Session) -> usize {
        session.skills.list.len() + session.skills.errors.len() + 2
    }

    fn hints(&self, session: &Session, _now: Instant) -> Vec<Hint> {
        let mut hints = vec![Hint::new("↑/↓", "select")];
        let selected = session.skills.list.get(self.selected);
        if selected.is_some_and(|s| s.enabled) {
            hints.push(Hint::new("Enter", "put $name in the prompt"));
        }
        if let Some(skill) = selected {
            hints.push(Hint::new(
                "Space",
                if skill.enabled { "turn off" } else { "turn on" },
            ));
        }
        hints.push(Hint::new("Esc", "close"));
        hints
    }
}
