//! Skills: the list of the session's directory (`skills/list`, asked for when first wanted and
//! again after `skills/changed`), and what a prompt sends for the skills it names: each
//! `$name` of a known skill becomes a `skill` input beside the text, as the official TUI sends
//! it (`{"type":"skill","name","path"}`, the path of its `SKILL.md`).

use crate::model::NoticeLevel;
use crate::protocol::{
    SkillsConfigWriteParams, SkillsConfigWriteResponse, SkillsListParams, SkillsListResponse,
    UserInput,
};
use crate::session::effect::Effect;
use crate::session::event::LayerEvent;
use crate::session::reply::{shown, Answer};
use crate::session::request::ClientRequest;
use crate::session::state::Session;
use crate::text::sanitize::sanitize_line;

/// The most skills kept, and the most load errors.
pub(crate) const MAX_SKILLS: usize = 500;
const MAX_ERRORS: usize = 50;

/// Asks for the skills unless they are known or asked for already.
pub(crate) fn ensure_listed(state: &mut Session) -> Vec<Effect> {
    if state.skills.loaded || state.skills.loading {
        return vec![];
    }
    request(state, false)
}

/// `skills/changed`: the files changed; asked for again if tern had them.
pub(crate) fn changed(state: &mut Session) -> Vec<Effect> {
    if !state.skills.loaded || state.skills.loading {
        return vec![];
    }
    request(state, true)
}

/// `/skills`: asks again (the files may have changed outside codex's watch).
pub(crate) fn refresh(state: &mut Session) -> Vec<Effect> {
    if state.skills.loading {
        return vec![];
    }
    request(state, state.skills.loaded)
}

fn request(state: &mut Session, force_reload: bool) -> Vec<Effect> {
    state.skills.loading = true;
    let cwds = state.work_folder().into_iter().collect();
    vec![Effect::Request(ClientRequest::ListSkills(
        SkillsListParams { cwds, force_reload },
    ))]
}

/// The list came: the skills (each name once; the ones turned off too, so they can be turned
/// on), and the files that did not load.
pub(crate) fn listed(state: &mut Session, answer: Answer<SkillsListResponse>) {
    let skills = &mut state.skills;
    skills.loading = false;
    let parsed = shown(answer);
    match parsed {
        Ok(answer) => {
            skills.list.clear();
            skills.errors.clear();
            for entry in answer.data {
                for skill in entry.skills {
                    // A name `$` cannot spell (controls, spaces) could be neither typed nor
                    // found in a prompt: it is listed with the files that did not load.
                    if skill.name.is_empty() || !skill.name.chars().all(name_char) {
                        if skills.errors.len() < MAX_ERRORS {
                            skills.errors.push(crate::protocol::SkillErrorInfo {
                                path: skill.path,
                                message: format!(
                                    "the name `{}` cannot follow $ (letters, digits, - _ : . only)",
                                    skill.name
                                ),
                            });
                        }
                        continue;
                    }
                    let fresh = !skills.list.iter().any(|s| s.name == skill.name);
                    if fresh && skills.list.len() < MAX_SKILLS {
                        skills.list.push(skill);
                    }
                }
                let room = MAX_ERRORS.saturating_sub(skills.errors.len());
                skills.errors.extend(entry.errors.into_iter().take(room));
            }
            // The ones that are on first; yours and the repository's, then the built-in ones.
            let rank = |scope: &str| match scope {
                "repo" => 0,
                "user" => 1,
                "admin" => 2,
                "system" => 3,
                _ => 4,
            };
            skills
                .list
                .sort_by_key(|s| (!s.enabled, rank(&s.scope), s.name.clone()));
            skills.loaded = true;
            skills.error = None;
        }
        Err(e) => skills.error = Some(e),
    }
    state.layer_events.push(LayerEvent::SkillsChanged);
}

/// Turns the skill `name` on or off in codex's config (`skills/config/write`); the list is
/// asked for again once codex has written it.
pub(crate) fn set_enabled(state: &mut Session, name: &str, enabled: bool) -> Vec<Effect> {
    let Some(skill) = state.skills.list.iter().find(|s| s.name == name) else {
        return vec![];
    };
    vec![Effect::Request(ClientRequest::WriteSkillConfig {
        params: SkillsConfigWriteParams {
            path: skill.path.clone(),
            enabled,
        },
        name: name.to_string(),
    })]
}

/// codex wrote the setting (or refused): said, and the list read again.
pub(crate) fn written(
    state: &mut Session,
    name: &str,
    enabled: bool,
    answer: Answer<SkillsConfigWriteResponse>,
) -> Vec<Effect> {
    let shown_name = sanitize_line(name);
    let (level, text) = match shown(answer) {
        Ok(done) if done.effective_enabled == enabled => (
            NoticeLevel::Info,
            format!(
                "Skill ${shown_name} is {}.",
                if enabled { "on" } else { "off" }
            ),
        ),
        Ok(_) => (
            NoticeLevel::Warning,
            format!(
                "Skill ${shown_name} stays {}: another setting of codex's decides.",
                if enabled { "off" } else { "on" }
            ),
        ),
        Err(e) => (
            NoticeLevel::Warning,
            format!(
                "Could not turn the skill ${shown_name} {}: {}",
                if enabled { "on" } else { "off" },
                sanitize_line(&e)
            ),
        ),
    };
    state.shown.transcript.notice(level, text);
    if state.skills.loading {
        return vec![];
    }
    request(state, true)
}

/// `inputs` (the text, its images) and a skill input for each known `$name` in `prompt`, once.
pub(crate) fn with_skills(
    state: &Session,
    mut inputs: Vec<UserInput>,
    prompt: &str,
) -> Vec<UserInput> {
    for name in mentions(prompt) {
        let Some(skill) = state.skills.named(name) else {
            continue;
        };
        let input = UserInput::Skill {
            name: skill.name.clone(),
            path: skill.path.clone(),
        };
        if !inputs.contains(&input) {
            inputs.push(input);
        }
    }
    inputs
}

/// Whether `c` can be part of a skill's name after `$`.
pub(crate) fn name_char(c: char) -> bool {
    c.is_alphanumeric() || matches!(c, '-' | '_' | ':' | '.')
}

/// The names after each `$` that starts a word (at the start or after whitespace), without a
/// trailing full stop (`use $lint.`).
pub(crate) fn mentions(text: &str) -> Vec<&str> {
    let mut found = Vec::new();
    let mut previous: Option<char> = None;
    for (at, c) in text.char_indices() {
        if c == '$' && previous.is_none_or(char::is_whitespace) {
            let rest = &text[at + 1..];
            let end = rest.find(|c: char| !name_char(c)).unwrap_or(rest.len());
            let name = rest[..end].trim_end_matches('.');
            if !name.is_empty() {
                found.push(name);
            }
        }
        previous = Some(c);
    }
    found
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn mentions_start_words_and_lose_a_trailing_stop() {
        assert_eq!(
            mentions("$lint then use $fmt-all. Not a$b, nor $ alone; $a:b\n$x.y"),
            ["lint", "fmt-all", "a:b", "x.y"]
        );
        assert!(mentions("costs $5").contains(&"5"));
        assert!(mentions("").is_empty());
    }
}
