//! Every view in the states its key table distinguishes, each a fixture the key-table test
//! feeds every key to.

use super::states::*;
use super::*;

pub(super) fn fixtures() -> Vec<Fixture> {
    vec![
        Fixture {
            name: "conversation, idle, empty",
            target: Target::Base,
            build: ready_state,
        },
        Fixture {
            name: "conversation, idle, a draft",
            target: Target::Base,
            build: |now| {
                let mut state = ready_state(now);
                type_text(&mut state, "a draft", now);
                state
            },
        },
        Fixture {
            name: "conversation, running, empty",
            target: Target::Base,
            build: running_state,
        },
        Fixture {
            name: "conversation, running, a draft, a message queued",
            target: Target::Base,
            build: |now| {
                let mut state = running_state(now);
                type_text(&mut state, "next", now);
                update(&mut state, key(KeyCode::Tab), now);
                type_text(&mut state, "more", now);
                state
            },
        },
        Fixture {
            name: "conversation, reading back",
            target: Target::Base,
            build: |now| {
                let mut state = long(now);
                update(&mut state, key(KeyCode::PageUp), now);
                state
            },
        },
        Fixture {
            name: "slash popup",
            target: Target::Popup,
            build: |now| {
                let mut state = ready_state(now);
                type_text(&mut state, "/m", now);
                state
            },
        },
        Fixture {
            name: "file finder",
            target: Target::Popup,
            build: |now| {
                let mut state = ready_state(now);
                type_text(&mut state, "@ma", now);
                state
            },
        },
        Fixture {
            name: "queued messages",
            target: Target::Layer,
            build: |now| {
                let mut state = running_state(now);
                for text in ["one", "two"] {
                    type_text(&mut state, text, now);
                    update(&mut state, key(KeyCode::Tab), now);
                }
                update(&mut state, key(KeyCode::Up), now);
                state
            },
        },
        Fixture {
            name: "history search",
            target: Target::Layer,
            build: |now| {
                let mut state = with_history(now);
                update(&mut state, ctrl('r'), now);
                state
            },
        },
        Fixture {
            name: "transcript search",
            target: Target::Layer,
            build: |now| {
                let mut state = long(now);
                update(&mut state, ctrl('f'), now);
                type_text(&mut state, "answer", now);
                state
            },
        },
        Fixture {
            name: "selected cell",
            target: Target::Layer,
            build: |now| {
                let mut state = long(now);
                update(
                    &mut state,
                    AppEvent::Key(KeyEvent::new(KeyCode::Up, KeyModifiers::ALT)),
                    now,
                );
                state
            },
        },
        Fixture {
            name: "help",
            target: Target::Layer,
            build: |now| {
                let mut state = long(now);
                update(&mut state, key(KeyCode::Char('?')), now);
                state
            },
        },
        Fixture {
            name: "approvals",
            target: Target::Layer,
            build: |now| {
                let mut state = ready_state(now);
                type_text(&mut state, "/approvals", now);
                update(&mut state, key(KeyCode::Esc), now);
                update(&mut state, key(KeyCode::Enter), now);
                state
            },
        },
        Fixture {
            name: "status",
            target: Target::Layer,
            build: |now| {
                let mut state = ready_state(now);
                open(&mut state, Layer::Status(tern::app::layers::StatusView));
                state
            },
        },
        Fixture {
            name: "rules",
            target: Target::Layer,
            build: rules,
        },
        Fixture {
            name: "rules, confirming a deletion",
            target: Target::Layer,
            build: rules_confirming,
        },
        Fixture {
            name: "diff",
            target: Target::Layer,
            build: diff,
        },
        Fixture {
            name: "diff, copy mode",
            target: Target::Layer,
            build: diff_copy_mode,
        },
        Fixture {
            name: "review, targets",
            target: Target::Layer,
            build: review,
        },
        Fixture {
            name: "review, a base branch",
            target: Target::Layer,
            build: review_branches,
        },
        Fixture {
            name: "review, custom instructions",
            target: Target::Layer,
            build: review_custom,
        },
        Fixture {
            name: "copy pick",
            target: Target::Layer,
            build: copy_pick,
        },
        Fixture {
            name: "replace a file?",
            target: Target::Layer,
            build: confirm,
        },
        Fixture {
            name: "picker",
            target: Target::Layer,
            build: picker,
        },
        Fixture {
            name: "picker, filtered",
            target: Target::Layer,
            build: picker_filtered,
        },
        Fixture {
            name: "picker, renaming",
            target: Target::Layer,
            build: picker_renaming,
        },
        Fixture {
            name: "picker, confirming",
            target: Target::Layer,
            build: picker_confirming,
        },
        Fixture {
            name: "command question",
            target: Target::Question,
            build: command_question,
        },
        Fixture {
            name: "command question, an answer chosen",
            target: Target::Question,
            build: |now| {
                let mut state = command_question(now);
                update(&mut state, key(KeyCode::Char('a')), read(now));
                update(&mut state, AppEvent::Tick, later(read(now), 100));
                state
            },
        },
        Fixture {
            name: "form question",
            target: Target::Question,
            build: form_question,
        },
        Fixture {
            name: "form question, typing",
            target: Target::Question,
            build: |now| {
                let mut state = form_question(now);
                for at in [300, 600] {
                    update(&mut state, key(KeyCode::Down), later(read(now), at));
                }
                state
            },
        },
        Fixture {
            name: "prefix chooser",
            target: Target::Layer,
            build: |now| {
                let mut state = command_question(now);
                let offer = tern::model::execpolicy::Offer::Prefix {
                    words: vec!["git".into(), "status".into(), "-s".into()],
                    proposed_len: 2,
                };
                open(
                    &mut state,
                    Layer::Prefix(tern::app::layers::PrefixChooser::new(offer)),
                );
                state
            },
        },
        Fixture {
            name: "full view",
            target: Target::Layer,
            build: |now| {
                let mut state = command_question(now);
                open(&mut state, Layer::QuestionView(Default::default()));
                state
            },
        },
        Fixture {
            name: "hunk review",
            target: Target::Layer,
            build: |now| hunk_review(now, "nx"),
        },
        Fixture {
            name: "hunk review, writing a comment",
            target: Target::Layer,
            build: |now| hunk_review(now, "jc"),
        },
        Fixture {
            name: "review findings",
            target: Target::Layer,
            build: |now| review_findings(now, &[KeyCode::Esc]),
        },
        Fixture {
            name: "review findings, writing a comment",
            target: Target::Layer,
            build: |now| review_findings(now, &[]),
        },
        Fixture {
            name: "agents",
            target: Target::Layer,
            build: |now| agents_list(now, false),
        },
        Fixture {
            name: "agents, watching one",
            target: Target::Layer,
            build: |now| agents_list(now, true),
        },
        Fixture {
            name: "background terminals",
            target: Target::Layer,
            build: |now| terminals(now, None),
        },
        Fixture {
            name: "background terminals, confirming a stop",
            target: Target::Layer,
            build: |now| terminals(now, Some(KeyCode::Char('x'))),
        },
        Fixture {
            name: "background terminals, an output",
            target: Target::Layer,
            build: |now| terminals(now, Some(KeyCode::Enter)),
        },
        Fixture {
            name: "a first shell command",
            target: Target::Layer,
            build: |now| {
                let mut state = ready_state(now);
                type_text(&mut state, "!ls", now);
                update(&mut state, key(KeyCode::Enter), now);
                state
            },
        },
        Fixture {
            name: "the folder-trust question",
            target: Target::Layer,
            build: trust_asked,
        },
        Fixture {
            name: "skill finder",
            target: Target::Popup,
            build: |now| {
                let mut state = ready_state(now);
                type_text(&mut state, "$", now);
                update(&mut state, skills_answer(), now);
                type_text(&mut state, "li", now);
                state
            },
        },
    ]
    .into_iter()
    .chain(super::fixtures_more::fixtures())
    .chain(super::fixtures_account::fixtures())
    .chain(super::fixtures_plugins::fixtures())
    .chain(super::fixtures_settings::fixtures())
    .chain(super::fixtures_feedback::fixtures())
    .collect()
}
