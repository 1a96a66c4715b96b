//! Skills: `$` at the start of a word opens the skill finder and asks for `skills/list` once;
//! Tab/Enter complete `$name`; a prompt naming known skills sends each as a `skill` input
//! beside the text (the exact JSON of `turn/start` and `turn/steer`); `skills/changed` asks
//! again with `forceReload`; `/skills` lists them and Enter puts `$name` in the composer.

use crate::support::common::*;
use crossterm::event::KeyCode;
use serde_json::{json, Value};
use std::time::Instant;
use tern::app::layers::Layer;
use tern::app::{update, AppEvent, AppState, Effect, RequestTag};

fn skills_answer() -> AppEvent {
    reply(
        RequestTag::ListSkills,
        Ok(json!({"data": [{"cwd": "/home/user/project", "skills": [
            {"name": "user-skill", "description": "Says hello", "path": "/h/.codex/skills/user-skill/SKILL.md", "scope": "user", "enabled": true},
            {"name": "repo-lint", "description": "Lints the repository", "path": "/home/user/project/.codex/skills/repo-lint/SKILL.md", "scope": "repo", "enabled": true},
            {"name": "off", "description": "Disabled", "path": "/x/SKILL.md", "scope": "user", "enabled": false},
            {"name": "user-skill", "description": "A second one of the same name", "path": "/y/SKILL.md", "scope": "system", "enabled": true}
        ], "errors": [{"path": "/h/.codex/skills/bad/SKILL.md", "message": "missing YAML frontmatter delimited by ---"}]}]})),
    )
}

fn requests(effects: &[Effect]) -> Vec<(&'static str, Value)> {
    effects.iter().filter_map(request_json).collect()
}

fn type_keys(state: &mut AppState, text: &str, now: Instant) -> Vec<Effect> {
    let mut effects = Vec::new();
    for c in text.chars() {
        effects.extend(wire(update(state, key(KeyCode::Char(c)), now)));
    }
    effects
}

fn finder_open(state: &AppState) -> bool {
    matches!(state.composer_list(), Some(Layer::SkillFinder(_)))
}

#[test]
fn dollar_opens_the_finder_and_asks_for_the_skills_once() {
    let now = Instant::now();
    let mut state = ready_state(now);
    let effects = type_keys(&mut state, "use $", now);
    assert!(finder_open(&state));
    assert_eq!(
        requests(&effects),
        [("skills/list", json!({"cwds": ["/home/user/project"]}))]
    );
    let again = type_keys(&mut state, "us", now);
    assert!(requests(&again).is_empty(), "one list is enough: {again:?}");
    update(&mut state, skills_answer(), now);
    let names: Vec<&str> = state
        .session
        .skills
        .list
        .iter()
        .map(|s| s.name.as_str())
        .collect();
    assert_eq!(
        names,
        ["repo-lint", "user-skill", "off"],
        "once each, the repository's first, the ones turned off last"
    );
    assert_eq!(state.session.skills.errors.len(), 1);
    // Closed and opened again: no new list.
    update(&mut state, key(KeyCode::Esc), now);
    assert!(!finder_open(&state));
    let effects = type_keys(&mut state, " $", now);
    assert!(finder_open(&state));
    assert!(requests(&effects).is_empty());
}

#[test]
fn a_dollar_inside_a_word_is_just_a_letter() {
    let now = Instant::now();
    let mut state = ready_state(now);
    let effects = type_keys(&mut state, "costs US$5", now);
    assert!(!finder_open(&state));
    assert!(requests(&effects).is_empty());
}

#[test]
fn tab_completes_and_the_prompt_sends_each_named_skill() {
    let now = Instant::now();
    let mut state = ready_state(now);
    type_keys(&mut state, "please $us", now);
    update(&mut state, skills_answer(), now);
    update(&mut state, key(KeyCode::Tab), now);
    assert!(!finder_open(&state));
    assert_eq!(state.draft(), "please $user-skill ");
    type_keys(&mut state, "and $repo-lint, not $nope or $off", now);
    let effects = wire(update(&mut state, key(KeyCode::Enter), now));
    let sent = requests(&effects);
    assert_eq!(sent.len(), 1, "{sent:?}");
    assert_eq!(sent[0].0, "turn/start");
    assert_eq!(
        sent[0].1["input"],
        json!([
            {"type": "text", "text": "please $user-skill and $repo-lint, not $nope or $off", "text_elements": []},
            {"type": "skill", "name": "user-skill", "path": "/h/.codex/skills/user-skill/SKILL.md"},
            {"type": "skill", "name": "repo-lint", "path": "/home/user/project/.codex/skills/repo-lint/SKILL.md"}
        ])
    );
}

#[test]
fn a_steer_carries_its_skills_too() {
    let now = Instant::now();
    let mut state = running_state(now);
    update(&mut state, skills_answer(), now);
    state
        .session
        .composer
        .set_text("also $repo-lint $repo-lint");
    let effects = wire(update(&mut state, key(KeyCode::Enter), now));
    let sent = requests(&effects);
    assert_eq!(sent[0].0, "turn/steer");
    assert_eq!(
        sent[0].1["input"],
        json!([
            {"type": "text", "text": "also $repo-lint $repo-lint", "text_elements": []},
            {"type": "skill", "name": "repo-lint", "path": "/home/user/project/.codex/skills/repo-lint/SKILL.md"}
        ])
    );
}

#[test]
fn enter_with_no_match_sends_the_text_as_typed() {
    let now = Instant::now();
    let mut state = ready_state(now);
    type_keys(&mut state, "$zzz", now);
    update(&mut state, skills_answer(), now);
    let effects = wire(update(&mut state, key(KeyCode::Enter), now));
    let sent = requests(&effects);
    assert_eq!(sent[0].0, "turn/start");
    assert_eq!(
        sent[0].1["input"],
        json!([{"type": "text", "text": "$zzz", "text_elements": []}])
    );
}

#[test]
fn skills_changed_lists_again_with_force_reload_once_they_were_listed() {
    let now = Instant::now();
    let mut state = ready_state(now);
    let effects = wire(update(&mut state, notify("skills/changed", json!({})), now));
    assert!(
        requests(&effects).is_empty(),
        "never listed: nothing to refresh"
    );
    type_keys(&mut state, "$", now);
    update(&mut state, skills_answer(), now);
    let effects = wire(update(&mut state, notify("skills/changed", json!({})), now));
    assert_eq!(
        requests(&effects),
        [(
            "skills/list",
            json!({"cwds": ["/home/user/project"], "forceReload": true})
        )]
    );
}

#[test]
fn slash_skills_lists_and_enter_puts_the_name_in_the_composer() {
    let now = Instant::now();
    let mut state = ready_state(now);
    state.set_draft("/skills");
    let effects = wire(update(&mut state, key(KeyCode::Enter), now));
    assert_eq!(
        requests(&effects),
        [("skills/list", json!({"cwds": ["/home/user/project"]}))]
    );
    assert!(matches!(state.layers.person.last(), Some(Layer::Skills(_))));
    update(&mut state, skills_answer(), now);
    update(&mut state, key(KeyCode::Down), now);
    update(&mut state, key(KeyCode::Enter), now);
    assert!(state.layers.person.is_empty());
    assert_eq!(state.draft(), "$user-skill ");
    // Again, after text: a space before the name.
    state.set_draft("first");
    state.set_draft("first");
    state.set_draft("/skills");
    let effects = wire(update(&mut state, key(KeyCode::Enter), now));
    assert_eq!(
        requests(&effects),
        [(
            "skills/list",
            json!({"cwds": ["/home/user/project"], "forceReload": true})
        )],
        "opened again, it reads the files again"
    );
}

#[test]
fn a_failed_list_is_said_and_nothing_is_attached() {
    let now = Instant::now();
    let mut state = ready_state(now);
    type_keys(&mut state, "$x", now);
    update(
        &mut state,
        reply(
            RequestTag::ListSkills,
            Err("skills/list failed: nope (code -32601)".into()),
        ),
        now,
    );
    assert!(state.session.skills.error.is_some());
    assert!(!state.session.skills.loading);
}

#[test]
fn space_turns_a_skill_off_and_on_with_skills_config_write() {
    let now = Instant::now();
    let mut state = ready_state(now);
    state.set_draft("/skills");
    update(&mut state, key(KeyCode::Enter), now);
    update(&mut state, skills_answer(), now);
    // repo-lint is selected: off.
    let effects = wire(update(&mut state, key(KeyCode::Char(' ')), now));
    assert_eq!(
        requests(&effects),
        [(
            "skills/config/write",
            json!({"path": "/home/user/project/.codex/skills/repo-lint/SKILL.md", "enabled": false})
        )]
    );
    let effects = wire(update(
        &mut state,
        reply(
            RequestTag::WriteSkillConfig {
                name: "repo-lint".into(),
                enabled: false,
            },
            Ok(json!({"effectiveEnabled": false})),
        ),
        now,
    ));
    assert_eq!(
        requests(&effects),
        [(
            "skills/list",
            json!({"cwds": ["/home/user/project"], "forceReload": true})
        )],
        "the list is read again once codex wrote it"
    );
    assert!(last_notice(&state).1.contains("Skill $repo-lint is off."));
    // The one turned off (last in the list) goes back on.
    update(&mut state, key(KeyCode::End), now);
    let effects = wire(update(&mut state, key(KeyCode::Char(' ')), now));
    assert_eq!(
        requests(&effects),
        [(
            "skills/config/write",
            json!({"path": "/x/SKILL.md", "enabled": true})
        )]
    );
    // Enter on a skill that is off puts nothing in the composer.
    update(&mut state, key(KeyCode::Enter), now);
    assert_eq!(state.draft(), "");
}

#[test]
fn a_refused_or_overruled_switch_is_said() {
    let now = Instant::now();
    let mut state = ready_state(now);
    let tag = || RequestTag::WriteSkillConfig {
        name: "lint\u{1b}[31m".into(),
        enabled: true,
    };
    update(
        &mut state,
        reply(tag(), Ok(json!({"effectiveEnabled": false}))),
        now,
    );
    let said = last_notice(&state).1;
    assert!(said.contains("stays off"), "{said}");
    assert!(!said.contains('\u{1b}'), "{said:?}");
    update(
        &mut state,
        reply(
            tag(),
            Err("skills/config/write failed: no such skill (code -32600)".into()),
        ),
        now,
    );
    assert!(last_notice(&state).1.contains("Could not turn the skill"));
}
