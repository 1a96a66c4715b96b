//! The `$name` skill finder's keys. `$` typed at the start of the composer or after a space
//! opens it (its state is the composer's, `composer::popups`; the skills are asked for if tern
//! has none yet) and what follows narrows the skills by name. Tab or Enter puts `$name ` in
//! place of what was typed, and on sending, each known `$name` goes as a `skill` input
//! (`session::skills::inputs`). Esc leaves the text as typed.

use crate::app::base::composer_input;
use crate::app::composer::{ComposerPopup, SkillFinder};
use crate::app::layer_types::{Hint, Input};
use crate::app::layers::Outcome;
use crate::app::session::skills;
use crate::app::state::Session;
use crate::protocol::SkillMetadata;
use crossterm::event::{KeyCode, KeyEvent, KeyModifiers};
use std::time::Instant;

/// The most matches listed.
pub const MAX_SHOWN: usize = 8;

/// Whether a `$` typed now starts a mention: at the start of the composer or after whitespace.
pub fn starts_mention(state: &Session) -> bool {
    state
        .composer
        .char_before_cursor()
        .is_none_or(char::is_whitespace)
}

/// `$` was typed where a mention starts: it goes into the composer, and the finder opens.
pub fn open(state: &mut Session, key: KeyEvent, now: Instant) -> Outcome {
    let outcome = composer_input::key(state, key, now);
    state.composer.popup = Some(ComposerPopup::Skills(SkillFinder::default()));
    match outcome {
        Outcome::Consumed(mut effects) => {
            effects.extend(skills::ensure_listed(state));
            Outcome::Consumed(effects)
        }
        other => other,
    }
}

/// The skills matching `query`: names starting with it, then containing it, then holding its
/// letters in order.
pub fn matching<'a>(state: &'a Session, query: &str) -> Vec<&'a SkillMetadata> {
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

/// The finder's keys and pastes while it is open; the wheel goes to the transcript.
pub fn handle(state: &mut Session, input: &Input<'_>, now: Instant) -> Option<Outcome> {
    if matches!(input, Input::Mouse(_))
        || !matches!(state.composer.popup, Some(ComposerPopup::Skills(_)))
    {
        return None;
    }
    let Some(ComposerPopup::Skills(mut finder)) = state.composer.popup.take() else {
        return None;
    };
    let (outcome, stays) = on_input(&mut finder, state, input, now);
    if stays {
        state.composer.popup = Some(ComposerPopup::Skills(finder));
    }
    Some(outcome)
}

fn on_input(
    finder: &mut SkillFinder,
    state: &mut Session,
    input: &Input<'_>,
    now: Instant,
) -> (Outcome, bool) {
    let done = (Outcome::Consumed(vec![]), true);
    let key = match input {
        Input::Key(key) => *key,
        Input::Paste(text) => {
            composer_input::paste(state, text);
            // A pasted name goes on the query; anything else ends the mention.
            let stays = text.chars().all(skills::name_char);
            finder.query.push_str(text);
            finder.selected = 0;
            return (Outcome::Consumed(vec![]), stays);
        }
        Input::Mouse(_) => return (Outcome::Ignored, true),
    };
    let plain = !key
        .modifiers
        .intersects(KeyModifiers::CONTROL | KeyModifiers::ALT);
    let count = matching(state, &finder.query).len();
    match key.code {
        KeyCode::Esc => (Outcome::Consumed(vec![]), false),
        KeyCode::Up => {
            finder.selected = finder.selected.saturating_sub(1);
            done
        }
        KeyCode::Down => {
            if finder.selected + 1 < count.min(MAX_SHOWN) {
                finder.selected += 1;
            }
            done
        }
        KeyCode::Tab | KeyCode::Enter if plain => {
            let chosen = matching(state, &finder.query)
                .get(finder.selected)
                .map(|s| s.name.clone());
            match chosen {
                Some(name) => {
                    // `$query` goes; `$name ` takes its place.
                    for _ in 0..finder.query.chars().count() + 1 {
                        composer_input::key(state, KeyEvent::from(KeyCode::Backspace), now);
                    }
                    composer_input::paste(state, &format!("${name} "));
                    (Outcome::Consumed(vec![]), false)
                }
                // Nothing to choose: Enter sends the text as typed, Tab waits.
                None if key.code == KeyCode::Enter => (composer_input::key(state, key, now), false),
                None => done,
            }
        }
        KeyCode::Backspace if plain => {
            composer_input::key(state, key, now);
            finder.selected = 0;
            if finder.query.pop().is_none() {
                // The `$` itself went.
                return (Outcome::Consumed(vec![]), false);
            }
            done
        }
        KeyCode::Char(c) if plain && skills::name_char(c) => {
            composer_input::key(state, key, now);
            finder.query.push(c);
            finder.selected = 0;
            done
        }
        // A space or any other key ends the mention and goes to the composer.
        _ => (composer_input::key(state, key, now), false),
    }
}

pub fn hints() -> Vec<Hint> {
    vec![
        Hint::new("↑/↓", "choose"),
        Hint::new("Tab/Enter", "insert the skill"),
        Hint::new("Esc", "close, keep the text"),
    ]
}
