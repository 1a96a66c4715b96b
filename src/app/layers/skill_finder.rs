//! The `$name` skill finder. `$` typed at the start of the composer or after a space opens it
//! over the composer (`Placement::OverComposer`; its state is `composer::popups::SkillFinder`;
//! the skills are asked for if tern has none yet) and what follows narrows the skills by name. Tab or Enter puts `$name ` in
//! place of what was typed, and on sending, each known `$name` goes as a `skill` input
//! (`session::skills::inputs`). Esc leaves the text as typed.

use super::finder::{self, FinderKey};
use super::{Ctx, Layer, LayerView, Outcome, ViewCx};
use crate::app::base::composer_input;
use crate::app::layer_types::{Input, Placement};
use crate::controls::composer::{Edit, SkillFinder};
use crate::controls::keys::{Chord, KeyList, KeyRow, KeyTable, Resolved};
use crate::controls::line_input::pasted_line;
use crate::protocol::SkillMetadata;
use crate::session::skills;
use crate::session::state::Session;

/// The most matches listed.
pub(crate) const MAX_SHOWN: usize = 8;

static ROWS: [KeyRow<SkillFinder, FinderKey>; 5] = finder::rows(
    (
        "insert the skill",
        "put $name in place of what was typed (Enter with none: send the text)",
    ),
    "delete back (past the $: the list closes)",
);

// A name's characters go into the query (and the composer); anything else ends the mention
// and goes to the composer.
pub(crate) static KEYS: KeyTable<SkillFinder, FinderKey> =
    KeyTable::new("skill_finder", "Skills after $", &ROWS, finder::REST);

/// `$` was typed where a mention starts: it goes into the composer, the finder opens, and the
/// skills are asked for if tern has none yet.
pub(crate) fn open(state: &mut Session) -> Outcome {
    state.composer.type_char('$');
    let listing = skills::ensure_listed(state);
    Outcome::Open(Layer::SkillFinder(SkillFinder::default()), listing)
}

/// The skills matching `query`: names starting with it, then containing it, then holding its
/// letters in order.
pub(crate) fn matching<'a>(state: &'a Session, query: &str) -> Vec<&'a SkillMetadata> {
    let query = query.to_lowercase();
    let mut found: Vec<&SkillMetadata> = Vec::new();
    let tiers: [&dyn Fn(&str) -> bool; 3] = [
        &|name| name.starts_with(&query),
        &|name| name.contains(&query),
        &|name| {
            let mut letters = name.chars();
            query.chars().all(|q| letters.any(|c| c == q))
        },
    ];
    for tier in tiers {
        for skill in state.skills.enabled() {
            let name = skill.name.to_lowercase();
            if tier(&name) && !found.iter().any(|f| f.name == skill.name) {
                found.push(skill);
            }
        }
    }
    found
}

impl LayerView for SkillFinder {
    /// Keys and pastes while it is open; a key it has no use for closes it and goes on to the
    /// composer.
    fn handle(&mut self, input: &Input<'_>, cx: &mut Ctx<'_>) -> Outcome {
        finder::outcome(input, || {
            on_input(self, cx.session_mut(), input).map(|stays| (vec![], stays))
        })
    }

    fn placement(&self) -> Placement {
        Placement::OverComposer
    }

    fn title(&self, _session: &Session) -> &'static str {
        "Skills after $"
    }

    fn keys(&self, cx: &ViewCx<'_>) -> KeyList {
        KEYS.list(self, &cx.config.keymap)
    }
}

/// What the finder does with one input, and whether it stays open; `None` when the input goes
/// on to the composer (the finder closed).
fn on_input(finder: &mut SkillFinder, state: &mut Session, input: &Input<'_>) -> Option<bool> {
    let key = match input {
        Input::Key(key) => *key,
        Input::Paste(text) => {
            let line = pasted_line(text);
            composer_input::paste(state, &line);
            // A pasted name goes on the query; anything else ends the mention.
            finder.query.paste(&line);
            finder.selected.first();
            return Some(line.chars().all(skills::name_char));
        }
        Input::Mouse(_) => return None,
    };
    let count = matching(state, &finder.query).len().min(MAX_SHOWN);
    let action = match KEYS.resolve(&key, finder, &state.config.keymap) {
        Resolved::Row(action) => action,
        Resolved::Take => match Chord::typed_char(&key) {
            Some(c) if skills::name_char(c) => {
                state.composer.type_char(c);
                finder.query.type_char(c);
                finder.selected.first();
                return Some(true);
            }
            // A space or a mark ends the mention.
            _ => return None,
        },
        Resolved::Pass | Resolved::Swallow => return None,
    };
    match action {
        FinderKey::Close => Some(false),
        FinderKey::Move(to) => {
            finder.selected.go(to, count);
            Some(true)
        }
        FinderKey::Insert => {
            let chosen = finder.selected.index(count).and_then(|at| {
                matching(state, &finder.query)
                    .get(at)
                    .map(|s| s.name.clone())
            });
            match chosen {
                Some(name) => {
                    // `$query` goes; `$name ` takes its place.
                    for _ in 0..finder.query.chars().count() + 1 {
                        state.composer.edit(Edit::DeleteBack, 1);
                    }
                    composer_input::paste(state, &format!("${name} "));
                    Some(false)
                }
                // Nothing to choose: Enter goes on to the composer (the text is sent as
                // typed), Tab waits.
                None if Chord::ENTER.matches(&key) => None,
                None => Some(true),
            }
        }
        FinderKey::Backspace => {
            state.composer.edit(Edit::DeleteBack, 1);
            finder.selected.first();
            // Past the `$` itself: the list closes.
            Some(finder.query.backspace())
        }
    }
}
