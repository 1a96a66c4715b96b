//! The one entry point of the state machine: each event goes to the one place that handles it.
//! Input goes to the router, which walks what is on screen; server traffic and the runtime's
//! answers go to the session's handlers, which never see a layer, and what they have for the
//! layers (`LayerEvent`) the router hands on afterwards.

use super::base::composer_input;
use super::layer_types::Input;
use super::router;
use super::stacks::AppState;
use crate::session::effect::Effect;
use crate::session::event::{AppEvent, LayerEvent};
use crate::session::restart;
use crate::session::{actions, attention, health, lifecycle, notices, reconnect, responses};
use crate::session::{first_run, server_events, threads, timers, unseen};
use ratatui::layout::Rect;
use std::time::Instant;

/// The first thing the app asks for; a prompt given on the command line waits in the queue
/// for the thread, with its images (or the images wait in the composer).
pub fn start(state: &mut AppState) -> Vec<Effect> {
    let session = &mut state.session;
    let mut effects = lifecycle::start(session);
    let images = std::mem::take(&mut session.config.initial_images);
    match session.config.initial_prompt.take() {
        Some(prompt) => {
            // Files of this machine: copied to a server elsewhere before the prompt goes.
            if session.config.files_elsewhere {
                for path in &images {
                    effects.extend(crate::session::image_upload::upload(session, path.clone()));
                }
            }
            let message = crate::session::state::outbox::Message::new(prompt, images);
            session.outbox.queued.push_back(message);
        }
        None => {
            for path in images {
                effects.extend(crate::session::image_upload::attach_here(session, path));
            }
        }
    }
    effects
}

pub fn update(state: &mut AppState, event: AppEvent, now: Instant) -> Vec<Effect> {
    let before = attention::Watch::of(&state.session);
    // A kept thread's event asks for a frame only if it changed something on screen.
    let unseen = unseen::Glance::before(&state.session, &event);
    health::observe(&mut state.session, &event, now);
    let mut effects = match event {
        AppEvent::Key(key) => router::route(state, Input::Key(key), now),
        AppEvent::Paste(text) => router::route(state, Input::Paste(&text), now),
        AppEvent::Mouse(mouse) => router::route(state, Input::Mouse(mouse), now),
        AppEvent::Tick => {
            let mut effects = timers::tick(&mut state.session, now);
            effects.extend(router::tick(state, now));
            effects
        }
        event => on_session_event(state, event, now),
    };
    effects.extend(attention::alerts(&state.session, before));
    // Images read here before the server said where its home is go on once it has.
    let mut going_on = crate::session::image_upload::go_on(&mut state.session);
    // Scrolling up, a resize or a page that did not fill the screen: older turns come in.
    if state.session.shown.older_turns.is_some() {
        let transcript = state.areas().transcript;
        going_on.extend(threads::load_older(&mut state.session, transcript));
    }
    let unseen = unseen.filter(|glance| {
        going_on.is_empty()
            && state.session.layer_events.is_empty()
            && state.layers.person.is_empty()
            && state.layers.question.is_empty()
            && !glance.changed(&state.session)
    });
    effects.extend(going_on);
    // An endless stream of small items: the oldest cells go, every index kept follows.
    crate::session::cell_bound::keep_cells_bounded(&mut state.session);
    effects.extend(router::deliver(state, now));
    router::follow_question(state);
    if unseen.is_none() {
        effects.push(Effect::Redraw);
    }
    effects
}

/// Everything but input and time: the session's.
fn on_session_event(state: &mut AppState, event: AppEvent, now: Instant) -> Vec<Effect> {
    let session = &mut state.session;
    match event {
        AppEvent::Key(_) | AppEvent::Paste(_) | AppEvent::Mouse(_) | AppEvent::Tick => vec![],
        AppEvent::Resize(width, height) => {
            session.screen = Rect::new(0, 0, width, height);
            vec![]
        }
        AppEvent::Notification(n) => server_events::on_notification(session, n, now),
        AppEvent::ServerRequest { id, request } => {
            server_events::on_server_request(session, id, request, now)
        }
        AppEvent::Reply(reply) => responses::on_reply(session, reply, now),
        AppEvent::RulesLoaded { dir, result } => {
            session
                .layer_events
                .push(LayerEvent::RulesLoaded { dir, result });
            vec![]
        }
        AppEvent::RuleDeleted {
            file,
            source,
            result,
        } => {
            notices::rule_deleted(session, &file, &source, &result);
            session
                .layer_events
                .push(LayerEvent::RuleDeleted { result });
            vec![]
        }
        AppEvent::GitDiff { cwd, result } => {
            session
                .layer_events
                .push(LayerEvent::GitDiff { cwd, result });
            vec![]
        }
        AppEvent::ThemesLoaded(result) => {
            session.layer_events.push(LayerEvent::ThemesLoaded(result));
            vec![]
        }
        AppEvent::SettingSaved {
            key,
            value,
            file,
            result,
        } => {
            crate::session::theme::setting_saved(session, &key, &value, &file, &result);
            vec![]
        }
        AppEvent::Disconnected(reason) => restart::on_disconnected(session, reason),
        AppEvent::LinkDropped(reason) => reconnect::on_link_dropped(session, reason, now),
        AppEvent::Redialing { attempt, why } => reconnect::on_redialing(session, attempt, why),
        AppEvent::EditorDone(result) => {
            let effects = composer_input::editor_done(session, result);
            router::keep_cursor_in_view(state);
            effects
        }
        AppEvent::Terminate => actions::quit(session),
        AppEvent::Focus(focused) => {
            session.focused = focused;
            // Back from fixing codex's config file in another window: try it at once.
            if focused {
                first_run::retry_config(session, now)
            } else {
                vec![]
            }
        }
        AppEvent::ServerRestarted(result) => restart::on_restarted(session, result, now),
        AppEvent::ExportWritten {
            path,
            result,
            exists,
        } => {
            crate::session::export::written(session, &path, result, exists);
            vec![]
        }
        AppEvent::AgentsFileChecked { path, exists } => {
            crate::session::init::checked(session, &path, exists, now)
        }
        AppEvent::GitRefs { kind, result } => {
            session
                .layer_events
                .push(LayerEvent::GitRefs { kind, result });
            vec![]
        }
        AppEvent::ClipboardImage(result) => crate::session::image_upload::pasted(session, result),
        AppEvent::ImageReadForServer { path, result } => {
            crate::session::image_upload::read(session, &path, result)
        }
        AppEvent::ImageProbed { path, result } => {
            crate::session::images::probed(session, &path, &result);
            match result {
                Ok(info) => session.shown.transcript.set_image_info(&path, info),
                Err(why) => tracing::debug!("could not read the image {path}: {why}"),
            }
            vec![]
        }
        AppEvent::RestorePreview { thread_id, result } => {
            session
                .layer_events
                .push(LayerEvent::RestorePreview { thread_id, result });
            vec![]
        }
        AppEvent::FilesRestored(outcomes) => {
            crate::session::rewind::files_restored(session, &outcomes);
            vec![]
        }
        AppEvent::ServerInspected { pid, process } => {
            health::inspected(session, pid, process);
            vec![]
        }
    }
}
