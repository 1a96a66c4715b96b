//! `/rules`: pure `update` transitions of the rules list (opening, loading, selecting, the
//! confirm step, the exact effect a deletion sends, reloading) and how it looks.

use crate::support::common::*;
use crossterm::event::{KeyCode, KeyEvent, KeyModifiers};
use serde_json::json;
use std::path::PathBuf;
use std::time::Instant;
use tern::app::layers::rules::{Listing, RulesList};
use tern::app::layers::Layer;
use tern::app::{update, AppEvent, AppState, Effect, RequestTag};
use tern::model::rules::RulesFileText;
use tern::model::NoticeLevel;

const HOME: &str = "/home/user";
const DIR: &str = "/home/user/.codex/rules";
const GIT: &str = r#"prefix_rule(pattern=["git", "status"], decision="allow")"#;
const GH: &str = r#"prefix_rule(pattern=["gh", "pr", ["view", "list"]], decision="prompt")"#;
const RM: &str =
    r#"prefix_rule(pattern=["rm", "-rf"], decision="forbidden", justification="never here")"#;

/// A thread ready, with the server's `codexHome` as given.
fn state_with_home(codex_home: Option<&str>, now: Instant) -> AppState {
    let mut config = config();
    config.home = Some(HOME.into());
    started(
        AppState::new(config),
        json!({"userAgent": "x", "codexHome": codex_home}),
        json!({
            "thread": {"id": THREAD, "preview": "", "turns": []},
            "model": "mock-model",
            "cwd": "/home/user/project",
        }),
        now,
    )
}

fn submit(state: &mut AppState, text: &str, now: Instant) -> Vec<Effect> {
    type_text(state, text, now);
    wire(update(state, key(KeyCode::Enter), now))
}

fn list(state: &AppState) -> &RulesList {
    match state.person_layers().last() {
        Some(Layer::Rules(list)) => list,
        other => panic!("no rules list on top: {other:?}"),
    }
}

fn files(entries: &[(&str, &str)]) -> AppEvent {
    AppEvent::RulesLoaded {
        dir: PathBuf::from(DIR),
        result: Ok(entries
            .iter()
            .map(|(name, text)| RulesFileText {
                path: PathBuf::from(DIR).join(name),
                text: Ok(text.to_string()),
            })
            .collect()),
    }
}

fn default_and_work() -> AppEvent {
    files(&[
        (
            "default.rules",
            &format!(
                "# Rules tern and codex wrote.\n{RM}\n{GH}\nprefix_rule(pattern=[\"x\"\n{GIT}\n"
            ),
        ),
        ("work.rules", "prefix_rule(pattern=[\"cargo\", \"test\"])\n"),
    ])
}

/// `/rules` typed and the folder read.
fn opened(now: Instant) -> AppState {
    let mut state = state_with_home(Some("/home/user/.codex"), now);
    submit(&mut state, "/rules", now);
    update(&mut state, default_and_work(), now);
    state
}

#[test]
fn slash_rules_opens_the_list_and_reads_the_server_codex_home() {
    let now = Instant::now();
    let mut state = state_with_home(Some("/srv/codex"), now);
    let effects = submit(&mut state, "/rules", now);
    assert_eq!(
        effects,
        [Effect::LoadRules {
            dir: PathBuf::from("/srv/codex/rules")
        }]
    );
    assert_eq!(list(&state).listing, Listing::Loading);
    assert!(state.draft_is_empty(), "the command is not left behind");
    assert!(state.queued().is_empty(), "and never sent as a prompt");
    let shown = screen(&mut state, 80, 24, now);
    assert!(shown.contains("Reading the rules…"), "{shown}");
}

#[test]
fn without_a_server_codex_home_the_one_found_at_startup_is_used() {
    let now = Instant::now();
    let mut config = config();
    config.codex_home = Some("/env/codex".into());
    let mut state = AppState::new(config);
    update(
        &mut state,
        reply(RequestTag::Initialize, Ok(json!({"userAgent": "x"}))),
        now,
    );
    assert_eq!(
        submit(&mut state, "/rules", now),
        [Effect::LoadRules {
            dir: PathBuf::from("/env/codex/rules")
        }]
    );

    let mut nowhere = state_with_home(None, now);
    assert!(submit(&mut nowhere, "/rules", now).is_empty());
    assert!(nowhere.person_layers().is_empty());
    assert_eq!(last_notice(&nowhere).0, NoticeLevel::Warning);
}

#[test]
fn loaded_rules_are_listed_with_their_decisions_and_broken_lines() {
    let now = Instant::now();
    let mut state = opened(now);
    assert_eq!(list(&state).rules().len(), 4);
    let shown = screen(&mut state, 80, 24, now);
    for expected in [
        "forbidden  rm -rf  — never here",
        "prompt     gh pr {view|list}",
        "allow      git status",
        "line 4 not understood: prefix_rule(pattern=[\"x\"",
        "allow      cargo test",
    ] {
        assert!(shown.contains(expected), "{expected:?} in\n{shown}");
    }
}

#[test]
fn arrows_select_within_the_rules_and_stop_at_the_ends() {
    let now = Instant::now();
    let mut state = opened(now);
    update(&mut state, key(KeyCode::Up), now);
    assert_eq!(list(&state).selected, 0);
    for _ in 0..10 {
        update(&mut state, key(KeyCode::Down), now);
    }
    assert_eq!(list(&state).selected, 3, "the last rule");
    update(&mut state, key(KeyCode::Char('k')), now);
    let (_, rule, _) = list(&state).selected_rule().unwrap();
    assert_eq!(rule.source, GIT, "broken lines are not selectable");
    assert!(state.draft_is_empty(), "keys stay in the list");
}

#[test]
fn deleting_asks_first_and_then_sends_exactly_that_rule() {
    let now = Instant::now();
    let mut state = opened(now);
    update(&mut state, key(KeyCode::Down), now);
    update(&mut state, key(KeyCode::Down), now);

    assert!(wire(update(&mut state, key(KeyCode::Char('d')), now)).is_empty());
    assert!(list(&state).confirming);
    let shown = screen(&mut state, 80, 24, now);
    assert!(
        shown.contains("Delete git status (allow) from ~/.codex/rules/default.rules, line 5?"),
        "{shown}"
    );
    assert!(
        shown.contains("y/Enter delete for good"),
        "hint bar: {shown}"
    );

    // Any other key keeps the rule.
    assert!(wire(update(&mut state, key(KeyCode::Char('n')), now)).is_empty());
    assert!(!list(&state).confirming);
    update(&mut state, key(KeyCode::Char('d')), now);
    assert!(wire(update(&mut state, key(KeyCode::Esc), now)).is_empty());
    assert!(
        !state.person_layers().is_empty(),
        "Esc leaves the question, not the list"
    );

    update(&mut state, key(KeyCode::Char('d')), now);
    let effects = wire(update(&mut state, key(KeyCode::Char('y')), now));
    assert_eq!(
        effects,
        [Effect::DeleteRule {
            file: PathBuf::from(DIR).join("default.rules"),
            source: GIT.into(),
            occurrence: 0,
        }]
    );
    assert!(list(&state).deleting);
    // A second delete while the first is being written does nothing.
    update(&mut state, key(KeyCode::Char('d')), now);
    assert!(wire(update(&mut state, key(KeyCode::Enter), now)).is_empty());
}

#[test]
fn modified_letters_do_not_delete() {
    let now = Instant::now();
    let mut state = opened(now);
    let ctrl_d = AppEvent::Key(KeyEvent::new(KeyCode::Char('d'), KeyModifiers::CONTROL));
    let alt_d = AppEvent::Key(KeyEvent::new(KeyCode::Char('d'), KeyModifiers::ALT));
    update(&mut state, ctrl_d, now);
    update(&mut state, alt_d, now);
    assert!(!list(&state).confirming);
    update(&mut state, key(KeyCode::Char('d')), now);
    let alt_y = AppEvent::Key(KeyEvent::new(KeyCode::Char('y'), KeyModifiers::ALT));
    assert!(wire(update(&mut state, alt_y, now)).is_empty());
}

#[test]
fn of_identical_rules_the_selected_one_is_named_by_its_place() {
    let now = Instant::now();
    let mut state = state_with_home(Some("/home/user/.codex"), now);
    submit(&mut state, "/rules", now);
    update(
        &mut state,
        files(&[("default.rules", &format!("{GIT}\n{GIT}\n"))]),
        now,
    );
    update(&mut state, key(KeyCode::Down), now);
    update(&mut state, key(KeyCode::Char('d')), now);
    let effects = wire(update(&mut state, key(KeyCode::Enter), now));
    assert_eq!(
        effects,
        [Effect::DeleteRule {
            file: PathBuf::from(DIR).join("default.rules"),
            source: GIT.into(),
            occurrence: 1,
        }]
    );
}

#[test]
fn a_deletion_is_reported_with_when_it_takes_effect_and_the_list_is_read_again() {
    let now = Instant::now();
    let mut state = opened(now);
    update(&mut state, key(KeyCode::End), now);
    update(&mut state, key(KeyCode::Up), now);
    update(&mut state, key(KeyCode::Char('d')), now);
    update(&mut state, key(KeyCode::Char('y')), now);
    let effects = wire(update(
        &mut state,
        AppEvent::RuleDeleted {
            file: PathBuf::from(DIR).join("default.rules"),
            source: GIT.into(),
            result: Ok(()),
        },
        now,
    ));
    assert_eq!(
        effects,
        [Effect::LoadRules {
            dir: PathBuf::from(DIR)
        }]
    );
    let (level, text) = last_notice(&state);
    assert_eq!(level, NoticeLevel::Info);
    assert_eq!(
        text,
        "Deleted the rule `git status` (allow) from ~/.codex/rules/default.rules. Threads already \
         running, this one included, keep applying it until tern is restarted: codex reads rules \
         when a thread starts. New threads and forks go without it."
    );
    assert!(!list(&state).deleting);

    // Read again without it: the selection moves to the rule now in its place.
    update(
        &mut state,
        files(&[
            ("default.rules", &format!("{RM}\n{GH}\n")),
            ("work.rules", "prefix_rule(pattern=[\"cargo\", \"test\"])\n"),
        ]),
        now,
    );
    let (_, rule, _) = list(&state).selected_rule().unwrap();
    assert_eq!(rule.summary(), "cargo test");
}

#[test]
fn a_failed_deletion_says_why_and_keeps_the_list() {
    let now = Instant::now();
    let mut state = opened(now);
    update(&mut state, key(KeyCode::Char('d')), now);
    update(&mut state, key(KeyCode::Char('y')), now);
    let effects = wire(update(
        &mut state,
        AppEvent::RuleDeleted {
            file: PathBuf::from(DIR).join("default.rules"),
            source: RM.into(),
            result: Err("Could not lock it: \u{1b}[31mbusy".into()),
        },
        now,
    ));
    assert_eq!(effects.len(), 1, "read again: {effects:?}");
    let (level, text) = last_notice(&state);
    assert_eq!(level, NoticeLevel::Error);
    assert!(
        text.contains("not deleted") && text.contains("␛[31mbusy"),
        "{text}"
    );
    let shown = screen(&mut state, 80, 24, now);
    assert!(shown.contains("Not deleted: Could not lock it"), "{shown}");
}

#[test]
fn r_reads_the_folder_again_and_esc_closes() {
    let now = Instant::now();
    let mut state = opened(now);
    assert_eq!(
        wire(update(&mut state, key(KeyCode::Char('r')), now)),
        [Effect::LoadRules {
            dir: PathBuf::from(DIR)
        }]
    );
    update(&mut state, key(KeyCode::Esc), now);
    assert!(state.person_layers().is_empty());
    // A late answer for a closed list changes nothing.
    update(&mut state, default_and_work(), now);
    assert!(state.person_layers().is_empty());
    update(&mut state, key(KeyCode::Char('q')), now);
    assert_eq!(state.draft(), "q", "keys reach the composer again");
}

#[test]
fn an_unknown_command_names_rules_as_the_closest() {
    let now = Instant::now();
    let mut state = ready_state(now);
    submit(&mut state, "/rulez", now);
    let (_, text) = last_notice(&state);
    assert_eq!(
        text,
        "Unknown command /rulez. Did you mean /rules? /help lists the commands."
    );
}

#[test]
fn escape_sequences_in_a_rules_file_are_shown_not_applied() {
    let now = Instant::now();
    let mut state = state_with_home(Some("/home/user/.codex"), now);
    submit(&mut state, "/rules", now);
    update(
        &mut state,
        files(&[(
            "evil\u{1b}]0;pwned\u{7}.rules",
            "prefix_rule(pattern=[\"ls\"], decision=\"allow\", justification=\"ok\u{1b}[2J\rhidden\")\n\u{1b}[31mbroken\n",
        )]),
        now,
    );
    let shown = screen(&mut state, 80, 24, now);
    assert!(
        !shown.contains('\u{1b}') && !shown.contains('\u{7}'),
        "{shown:?}"
    );
    assert!(shown.contains("evil␛]0;pwned␇.rules"), "{shown}");
    assert!(shown.contains("ok␛[2J␍hidden"), "{shown}");
    assert!(shown.contains("not understood: ␛[31mbroken"), "{shown}");
}

#[test]
fn rules_list_at_80x24() {
    let now = Instant::now();
    let mut state = opened(now);
    update(&mut state, key(KeyCode::Down), now);
    snapshot!("rules_list_80x24", &screen(&mut state, 80, 24, now));
    update(&mut state, key(KeyCode::Char('d')), now);
    snapshot!(
        "rules_delete_confirm_80x24",
        &screen(&mut state, 80, 24, now),
    );
}
