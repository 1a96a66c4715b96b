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
    let mut after = AfterEvent {
        before: attention::Watch::of(&state.session),
        // A kept thread's event asks for a frame only if it changed something on screen.
        unseen: unseen::Glance::before(&state.session, &event),
        going_on: false,
        effects: Vec::new(),
    };
    health::observe(&mut state.session, &event, now);
    if matches!(event, AppEvent::Key(_) | AppEvent::Paste(_)) {
        state.session.attention.last_typed = Some(now);
    }
    after.effects = match event {
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
    for (_name, chore) in AFTER_EVENT {
        chore(state, &mut after, now);
    }
    after.effects
}

/// What the chores after an event share: what was seen before it, and the effects so far.
struct AfterEvent {
    /// Questions waiting and the turn running, before the event (for the alerts).
    before: attention::Watch,
    /// A glance at a kept thread before its event; `None` once a frame is wanted.
    unseen: Option<unseen::Glance>,
    /// An upload or a page of older turns went on: the event was not without consequence.
    going_on: bool,
    effects: Vec<Effect>,
}

type Chore = fn(&mut AppState, &mut AfterEvent, Instant);

/// What follows every event, whatever it was, in this order. The order matters: the unseen
/// filter asks whether the uploads and older turns before it went on and whether news for the
/// layers is waiting, so it comes after those two and before the layers are handed their news
/// (which empties it), and the cell bound posts its news before that; the layers opened from a question follow the front question only once
/// the news (which may answer or open one) is delivered; the frame is asked for last.
const AFTER_EVENT: [(&str, Chore); 9] = [
    ("alerts", alerts),
    ("window title", window_title),
    ("uploads", uploads),
    ("older turns", older_turns),
    ("unseen filtering", unseen_filtering),
    ("bounded cells", bounded_cells),
    ("layer news", layer_news),
    ("following the question", following_the_question),
    ("a frame", frame),
];

/// The bell or a desktop notification for a question that came or a turn that ended.
fn alerts(state: &mut AppState, after: &mut AfterEvent, now: Instant) {
    let alerts = attention::alerts(&mut state.session, after.before.clone(), now);
    after.effects.extend(alerts);
}

/// The window title, when what it says changed.
fn window_title(state: &mut AppState, after: &mut AfterEvent, _now: Instant) {
    let title = crate::session::window_title::refresh(&mut state.session);
    after.effects.extend(title);
}

/// Images read here before the server said where its home is go on once it has.
fn uploads(state: &mut AppState, after: &mut AfterEvent, _now: Instant) {
    let going_on = crate::session::image_upload::go_on(&mut state.session);
    after.going_on |= !going_on.is_empty();
    after.effects.extend(going_on);
}

/// Scrolling up, a resize or a page that did not fill the screen: older turns come in.
fn older_turns(state: &mut AppState, after: &mut AfterEvent, _now: Instant) {
    if state.session.shown.older_turns.is_some() {
        let transcript = state.areas().transcript;
        let going_on = threads::load_older(&mut state.session, transcript);
        after.going_on |= !going_on.is_empty();
        after.effects.extend(going_on);
    }
}

/// A kept thread's event that changed nothing on screen, set nothing going and left no news
/// asks for no frame.
fn unseen_filtering(state: &mut AppState, after: &mut AfterEvent, _now: Instant) {
    let going_on = after.going_on;
    after.unseen = after.unseen.filter(|glance| {
        !going_on
            && state.session.layer_events.is_empty()
            && state.layers.person.is_empty()
            && state.layers.question.is_empty()
            && !glance.changed(&state.session)
    });
}

/// An endless stream of small items: the oldest cells go, every index kept follows (the views
/// that keep one hear of it as news, so this comes before the news is handed out).
fn bounded_cells(state: &mut AppState, _after: &mut AfterEvent, _now: Instant) {
    crate::session::cell_bound::keep_cells_bounded(&mut state.session);
}

/// The session's news for the layers, handed out by the router.
fn layer_news(state: &mut AppState, after: &mut AfterEvent, now: Instant) {
    after.effects.extend(router::deliver(state, now));
}

/// The layers opened from a question close when it goes.
fn following_the_question(state: &mut AppState, _after: &mut AfterEvent, _now: Instant) {
    router::follow_question(state);
}

/// A frame, unless the event was a kept thread's that changed nothing seen.
fn frame(_state: &mut AppState, after: &mut AfterEvent, _now: Instant) {
    if after.unseen.is_none() {
        after.effects.push(Effect::Redraw);
    }
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
        AppEvent::FeedbackPrepared(result) => crate::session::feedback::prepared(session, result),
        AppEvent::FeedbackRedacted(result) => crate::session::feedback::redacted(session, result),
        AppEvent::FeedbackWritten(result) => crate::session::feedback::written(session, result),
        AppEvent::FeedbackStaged(result) => crate::session::feedback::staged(session, result),
        AppEvent::EvidenceRead { source, result } => {
            crate::session::evidence_file::read(session, source, result, now)
        }
        AppEvent::GitDiff { cwd, result } => {
            crate::session::git_review::diff_read(session, &cwd, &result);
            session
                .layer_events
                .push(LayerEvent::GitDiff { cwd, result });
            vec![]
        }
        AppEvent::WorktreeCreated { fresh, result } => {
            crate::session::worktree::created(session, fresh, result)
        }
        AppEvent::WorktreesListed(result) => {
            crate::session::worktree::listed(session, result);
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
        AppEvent::ConfigValueSaved {
            keys,
            value,
            file,
            result,
        } => crate::session::config_save::saved(session, &keys, &value, &file, &result),
        AppEvent::Disconnected(reason) => restart::on_disconnected(session, reason),
        AppEvent::LinkDropped(reason) => reconnect::on_link_dropped(session, reason, now),
        AppEvent::Redialing {
            attempt,
            why,
            nobody_listens,
        } => reconnect::on_redialing(session, attempt, why, nobody_listens),
        AppEvent::EditorDone(result) => {
            let effects = composer_input::editor_done(session, result);
            router::keep_cursor_in_view(state);
            effects
        }
        AppEvent::Terminate => actions::quit(session),
        AppEvent::Focus(focused) => {
            session.focused = focused;
            session.attention.focus_reported = true;
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
        AppEvent::ReviewFilesRead { item_id, files } => {
            crate::session::hunk_review::files_read(session, item_id, files);
            vec![]
        }
        AppEvent::DaemonRan { subcommand, result } => {
            crate::session::daemon::ran(session, &subcommand, result);
            vec![]
        }
        AppEvent::HunksReverted(outcomes) => {
            crate::session::hunk_review::reverted(session, &outcomes, now)
        }
        AppEvent::ServerInspected { pid, process } => {
            health::inspected(session, pid, process);
            vec![]
        }
    }
}
