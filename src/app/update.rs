//! The one entry point of the state machine: each event goes to the one place that handles it.
//! Input walks the layer stack (`layers::route`); server traffic goes to its handlers.

use super::effect::Effect;
use super::event::AppEvent;
use super::layers::{self, Input};
use super::state::AppState;
use super::{actions, responses, server_events};
use ratatui::layout::Rect;
use std::time::Instant;

pub use super::responses::start;

pub fn update(state: &mut AppState, event: AppEvent, now: Instant) -> Vec<Effect> {
    let before = super::attention::Watch::of(state);
    super::health::observe(state, &event, now);
    let mut effects = match event {
        AppEvent::Key(key) => layers::route(state, Input::Key(key), now),
        AppEvent::Paste(text) => layers::route(state, Input::Paste(&text), now),
        AppEvent::Mouse(mouse) => layers::route(state, Input::Mouse(mouse), now),
        AppEvent::Resize(width, height) => {
            state.screen = Rect::new(0, 0, width, height);
            vec![]
        }
        AppEvent::Notification(n) => server_events::on_notification(state, n, now),
        AppEvent::ServerRequest { id, request } => {
            server_events::on_server_request(state, id, request, now)
        }
        AppEvent::Response { tag, result } => responses::on_response(state, tag, result, now),
        AppEvent::RulesLoaded { dir, result } => layers::rules::on_loaded(state, dir, result),
        AppEvent::RuleDeleted {
            file,
            source,
            result,
        } => layers::rules::on_deleted(state, file, source, result),
        AppEvent::GitDiff { cwd, result } => layers::diff::on_git_diff(state, &cwd, result),
        AppEvent::Disconnected(reason) => super::restart::on_disconnected(state, reason),
        AppEvent::EditorDone(result) => super::composer_input::editor_done(state, result),
        AppEvent::Terminate => actions::quit(state),
        AppEvent::Focus(focused) => {
            state.focused = focused;
            vec![]
        }
        AppEvent::ServerRestarted(result) => super::restart::on_restarted(state, result, now),
        AppEvent::Tick => {
            super::health::check(state, now);
            layers::tick(state, now)
        }
    };
    effects.extend(super::attention::alerts(state, before));
    // Scrolling up, a resize or a page that did not fill the screen: older turns come in.
    effects.extend(super::threads::load_older(state));
    effects.push(Effect::Redraw);
    effects
}
