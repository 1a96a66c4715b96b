//! `/skills`: the skills codex finds for this directory (yours in `~/.codex/skills`, the
//! repository's in `.codex/skills` and `.agents/skills`, the built-in ones), each with what it
//! is for and where it comes from, and the skill files that did not load with why. Enter puts
//! `$name` in the composer: sent with the prompt, it makes the agent use the skill. Space turns
//! the selected skill on or off in codex's config (`skills/config/write`), as the official
//! TUI's "Enable/Disable Skills" does.

use super::{Ctx, LayerView, Outcome, ViewCx};
use crate::app::layer_types::{Input, Placement};
use crate::controls::keys::{list_rows, Chord, KeyList, KeyRow, KeyTable, Move, Rest, Words};
use crate::controls::pick_list::PickList;
use crate::session::event::LayerEvent;
use crate::session::skills;
use crate::session::state::Session;

#[derive(Debug, Clone, Default, PartialEq)]
pub struct SkillsView {
    pub selected: PickList,
}

/// `/skills`: opens at once and asks for the list again (the files may have changed).
pub(crate) fn open(state: &mut Session) -> Outcome {
    let effects = skills::refresh(state);
    Outcome::Open(super::Layer::Skills(SkillsView::default()), effects)
}

/// What the keys of `/skills` read: whether a skill is selected, and whether it is on.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) struct SkillsKeys {
    pub selected: Option<bool>,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum SkillsKey {
    Move(Move),
    Mention,
    Switch,
    Close,
}

fn switch_words(s: &SkillsKeys) -> Words {
    match s.selected {
        Some(false) => Words {
            bar: "turn on",
            help: "turn the skill on in codex's config",
        },
        _ => Words {
            bar: "turn off",
            help: "turn the skill off in codex's config",
        },
    }
}

pub(crate) static KEYS: KeyTable<SkillsKeys, SkillsKey> = KeyTable::new(
    "skills",
    "Skills",
    &[
        list_rows::up_k(SkillsKey::Move(Move::Up), "select"),
        list_rows::down_j(SkillsKey::Move(Move::Down), "select"),
        KeyRow::new(
            "mention",
            &[Chord::ENTER, Chord::TAB],
            SkillsKey::Mention,
            "put $name in the prompt",
        )
        .explained("put $name in the prompt: sent with it, the agent uses the skill")
        .bar_keys(1)
        .when("the skill is on", |s: &SkillsKeys| s.selected == Some(true)),
        KeyRow::new("switch", &[Chord::ch(' ')], SkillsKey::Switch, "turn off")
            .words_by(switch_words)
            .when("a skill is selected", |s: &SkillsKeys| s.selected.is_some()),
        list_rows::close_q(SkillsKey::Close, "close"),
        list_rows::first(SkillsKey::Move(Move::First), "first/last"),
        list_rows::last(SkillsKey::Move(Move::Last), "first/last"),
    ],
    Rest::SWALLOW,
);

impl SkillsView {
    fn facts(&self, session: &Session) -> SkillsKeys {
        let list = &session.skills.list;
        SkillsKeys {
            selected: self.selected.index(list.len()).map(|at| list[at].enabled),
        }
    }
}

impl LayerView for SkillsView {
    fn handle(&mut self, input: &Input<'_>, cx: &mut Ctx<'_>) -> Outcome {
        let Input::Key(key) = input else {
            // The wheel scrolls the transcript; a paste lands in the composer, not lost.
            return Outcome::Ignored;
        };
        let n = cx.skills.list.len();
        let facts = self.facts(cx);
        Outcome::of_key(KEYS.resolve(key, &facts, &cx.config.keymap), |action| {
            let selected = self.selected.index(n).map(|at| &cx.skills.list[at]);
            match action {
                SkillsKey::Close => return Outcome::Close(vec![]),
                SkillsKey::Move(to) => {
                    self.selected.go(to, n);
                }
                SkillsKey::Switch => {
                    let Some(skill) = selected else {
                        return Outcome::Consumed(vec![]);
                    };
                    let (name, enabled) = (skill.name.clone(), !skill.enabled);
                    return Outcome::Consumed(skills::set_enabled(
                        cx.session_mut(),
                        &name,
                        enabled,
                    ));
                }
                SkillsKey::Mention => {
                    let Some(name) = selected.map(|s| s.name.clone()) else {
                        return Outcome::Consumed(vec![]);
                    };
                    let space = match cx.composer.char_before_cursor() {
                        Some(c) if !c.is_whitespace() => " ",
                        _ => "",
                    };
                    cx.composer_mut().paste(&format!("{space}${name} "));
                    return Outcome::Close(vec![]);
                }
            }
            Outcome::Consumed(vec![])
        })
    }

    fn on_event(&mut self, event: &LayerEvent, cx: &mut Ctx<'_>) -> Outcome {
        if *event != LayerEvent::SkillsChanged {
            return Outcome::Ignored;
        }
        self.selected.clamp(cx.skills.list.len());
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

    fn keys(&self, cx: &ViewCx<'_>) -> KeyList {
        KEYS.list(&self.facts(cx.session), &cx.config.keymap)
    }
}
