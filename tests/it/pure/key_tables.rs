//! Every key table against its view. In each fixture (a view in one of its states):
//! - every key of a row that applies does something — its view does not ignore it, or acts
//!   before passing it on — and no earlier row that applies has the same key (a listed key
//!   cannot be dead or shadowed);
//! - every other key meets the table's rest rule: passed on (ignored), or swallowed with
//!   nothing changed, or taken (typing) — so a view handles no key its table does not list.
//!
//! And every table in `app::reference` is shown by some fixture, so a new view's table is
//! tried as soon as it is listed there.

use crate::support::common::*;
use crate::support::plan_fixtures;
use crossterm::event::{KeyCode, KeyEvent, KeyModifiers};
use serde_json::json;
use std::time::Instant;
use tern::app::layer_types::Input;
use tern::app::layers::question::FrontQuestion;
use tern::app::layers::rewind::{Files, Preview, RewindView};
use tern::app::layers::server_down::ServerDownBox;
use tern::app::layers::{Ctx, Layer, LayerView, Outcome};
use tern::app::{update, AppEvent, AppState, RequestTag};
use tern::controls::keys::{Chord, Fate, KeyList, Keymap};
use tern::model::rewind::{FileRestore, RestoreAction, RestorePlan};
use tern::model::{CellKind, MarkdownText};
use tern::protocol::LoginKind;

/// Which view of the fixture is tried.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Target {
    /// The top of the person's stack.
    Layer,
    Question,
    ServerDown,
    /// The conversation itself (the composer's lists closed).
    Base,
    /// The list open over the composer (slash commands, files or skills).
    Popup,
}

struct Fixture {
    name: &'static str,
    target: Target,
    build: fn(Instant) -> AppState,
}

/// Every key worth trying: characters, named keys, with and without modifiers.
fn universe() -> Vec<KeyEvent> {
    let mut keys = Vec::new();
    let chars = ('a'..='z')
        .chain(['A', 'G', 'R', 'Z'])
        .chain('0'..='9')
        .chain(['?', '/', '@', ' ', '[', ']', '.', '-']);
    for c in chars {
        for mods in [KeyModifiers::NONE, KeyModifiers::CONTROL, KeyModifiers::ALT] {
            keys.push(KeyEvent::new(KeyCode::Char(c), mods));
        }
    }
    let named = [
        KeyCode::Enter,
        KeyCode::Esc,
        KeyCode::Tab,
        KeyCode::BackTab,
        KeyCode::Backspace,
        KeyCode::Delete,
        KeyCode::Up,
        KeyCode::Down,
        KeyCode::Left,
        KeyCode::Right,
        KeyCode::Home,
        KeyCode::End,
        KeyCode::PageUp,
        KeyCode::PageDown,
        KeyCode::F(1),
        KeyCode::Insert,
    ];
    for code in named {
        for mods in [
            KeyModifiers::NONE,
            KeyModifiers::CONTROL,
            KeyModifiers::ALT,
            KeyModifiers::SHIFT,
        ] {
            keys.push(KeyEvent::new(code, mods));
        }
    }
    keys
}

fn view_list(state: &AppState, target: Target, now: Instant) -> KeyList {
    let cx = state.view_cx(now);
    match target {
        Target::Layer => state.person_layers().last().unwrap().view().keys(&cx),
        Target::Question => FrontQuestion.keys(&cx),
        Target::ServerDown => ServerDownBox.keys(&cx),
        Target::Base => tern::app::base::key_list(&cx),
        Target::Popup => state.composer_list().unwrap().view().keys(&cx),
    }
}

/// What the target view makes of one key.
fn outcome(state: &mut AppState, target: Target, key: KeyEvent, now: Instant) -> Outcome {
    let input = Input::Key(key);
    let areas = state.areas();
    let layer_open = state.layer_open();
    let AppState { layers, session } = state;
    let mut cx = Ctx::new(session, now, areas, layer_open);
    match target {
        Target::Layer => layers
            .person
            .last_mut()
            .unwrap()
            .view_mut()
            .handle(&input, &mut cx),
        Target::Question => FrontQuestion.handle(&input, &mut cx),
        Target::ServerDown => ServerDownBox.handle(&input, &mut cx),
        Target::Base => tern::app::base::handle(&mut cx, &input),
        Target::Popup => layers
            .composer
            .last_mut()
            .unwrap()
            .view_mut()
            .handle(&input, &mut cx),
    }
}

/// What a view is, for "nothing changed": the layer (or the composer's list) and the session.
fn snapshot_of(state: &AppState, target: Target) -> String {
    let top = match target {
        Target::Layer => format!("{:?}", state.person_layers().last()),
        _ => String::new(),
    };
    format!("{top}\n{:?}\n{:?}", state.composer_list(), state.session)
}

fn check(fixture: &Fixture) -> Vec<String> {
    let now = Instant::now();
    let at = read(now);
    let mut problems = Vec::new();
    let state = (fixture.build)(now);
    let list = view_list(&state, fixture.target, at);
    let name = fixture.name;
    // Listed keys do something, and only one row has each.
    for (index, row) in list.rows.iter().enumerate() {
        if !row.applies {
            continue;
        }
        for chord in &row.keys {
            if let Some(earlier) = list.rows[..index]
                .iter()
                .find(|other| other.applies && other.keys.contains(chord))
            {
                problems.push(format!(
                    "{name}: {} of `{}` is shadowed by `{}`",
                    chord.label(),
                    row.name,
                    earlier.name
                ));
            }
            if *chord == Chord::ctrl('c') && fixture.target != Target::Layer {
                // The router's, before any view: tried in the router's tests.
                continue;
            }
            let mut fresh = (fixture.build)(now);
            let before = snapshot_of(&fresh, fixture.target);
            let outcome = outcome(&mut fresh, fixture.target, chord.event(), at);
            // Dead: ignored and nothing changed (the slash popup's Enter puts the command's
            // name in the composer, then lets the composer's Enter run it).
            let ignored = matches!(outcome, Outcome::Ignored)
                && before == snapshot_of(&fresh, fixture.target);
            if row.passes && !ignored {
                problems.push(format!(
                    "{name}: {} of `{}` should go on below: {outcome:?}",
                    chord.label(),
                    row.name
                ));
            }
            if !row.passes && ignored {
                problems.push(format!(
                    "{name}: {} of `{}` is listed but ignored",
                    chord.label(),
                    row.name
                ));
            }
        }
    }
    // Every other key meets the rest rule.
    for key in universe() {
        let chord = Chord::of(&key);
        if chord == Chord::ctrl('c')
            || list
                .rows
                .iter()
                .any(|r| r.applies && r.keys.contains(&chord))
        {
            continue;
        }
        let mut fresh = (fixture.build)(now);
        let before = snapshot_of(&fresh, fixture.target);
        let outcome = outcome(&mut fresh, fixture.target, key, at);
        let after = snapshot_of(&fresh, fixture.target);
        let fate = list.rest.fate(&chord);
        let label = chord.label();
        match (fate, &outcome) {
            // Passed on: ignored, or (a finder) closed with the key going on below.
            (Fate::Pass, Outcome::Ignored | Outcome::CloseAndFallThrough) => {}
            (Fate::Pass, _) if fixture.target == Target::Base => {
                // Nothing is below the conversation.
            }
            (Fate::Pass, other) => problems.push(format!(
                "{name}: {label} is in no row but handled: {other:?}"
            )),
            (Fate::Swallow, Outcome::Consumed(effects))
                if effects.is_empty() && before == after => {}
            (Fate::Swallow, other) => problems.push(format!(
                "{name}: {label} is in no row and should do nothing, but: {other:?}{}",
                if before == after {
                    ""
                } else {
                    " (and changed the state)"
                }
            )),
            (Fate::Take(_), Outcome::Ignored) if before == after => {
                problems.push(format!("{name}: {label} should be taken, but is ignored"))
            }
            (Fate::Take(_), _) => {}
        }
    }
    problems
}

mod fixtures;
mod fixtures_account;
mod fixtures_feedback;
mod fixtures_more;
mod fixtures_plugins;
mod fixtures_settings;
mod states;

use fixtures::fixtures;

#[test]
fn every_listed_key_works_and_every_other_key_meets_the_rest_rule() {
    let problems: Vec<String> = fixtures().iter().flat_map(check).collect();
    assert!(problems.is_empty(), "{}", problems.join("\n"));
}

#[test]
fn every_table_is_shown_by_a_fixture() {
    let now = Instant::now();
    let shown: Vec<&'static str> = fixtures()
        .iter()
        .map(|fixture| view_list(&(fixture.build)(now), fixture.target, read(now)).section)
        .collect();
    for table in tern::app::reference::tables(&Keymap::default()) {
        assert!(
            shown.contains(&table.list.section),
            "no fixture shows the table {:?} ({}): add one",
            table.list.section,
            table.list.title
        );
    }
}
