//! One `tokio::select!` over terminal events, server messages, finished requests and the frame
//! deadline. The app decides; this loop only carries events in and effects out.

use super::frames::FrameScheduler;
use super::hyperlinks;
use super::rules_file;
use crate::app::{self, AppEvent, AppState, Effect};
use crate::protocol::{ServerNotification, ServerRequest};
use crate::rpc::{Connection, Inbound, InboundReceiver};
use crossterm::event::Event;
use futures::{Stream, StreamExt};
use ratatui::backend::{Backend, CrosstermBackend, TestBackend};
use ratatui::Terminal;
use std::io::{self, Write};
use std::time::Instant;
use tokio::sync::mpsc;
use tokio::time::sleep_until;

/// Backends that can wrap a frame in a synchronized update, so the terminal shows it whole.
/// ratatui 0.30 gives each backend its own error type (crossterm's is `io::Error`, the test
/// backend's `Infallible`); the loop reports them as `io::Error`.
pub trait SyncedBackend: Backend<Error: Send + Sync + 'static> {
    fn begin_frame(&mut self) {}
    fn end_frame(&mut self) {}
    /// Asks the terminal to put `text` on the clipboard.
    fn copy_to_clipboard(&mut self, _text: &str) {}
    /// Writes bytes that decorate the frame just drawn (hyperlinks).
    fn overlay(&mut self, _bytes: &[u8]) {}
    /// Gives the terminal back (main screen, cooked mode) for an external program, and takes it
    /// again.
    fn suspend(&mut self) {}
    fn resume(&mut self) {}
}

impl<W: Write> SyncedBackend for CrosstermBackend<W> {
    fn copy_to_clipboard(&mut self, text: &str) {
        self.overlay(osc52(text).as_bytes());
    }
    fn overlay(&mut self, bytes: &[u8]) {
        let _ = self.write_all(bytes);
        let _ = Write::flush(self);
    }
    fn begin_frame(&mut self) {
        let _ = crossterm::queue!(self, crossterm::terminal::BeginSynchronizedUpdate);
    }
    fn end_frame(&mut self) {
        let _ = crossterm::execute!(self, crossterm::terminal::EndSynchronizedUpdate);
    }
    fn suspend(&mut self) {
        super::terminal::suspend();
    }
    fn resume(&mut self) {
        super::terminal::resume();
    }
}

impl SyncedBackend for TestBackend {}

/// The OSC 52 request that sets the clipboard (`c`) to `text`.
pub fn osc52(text: &str) -> String {
    use base64::Engine;
    let encoded = base64::engine::general_purpose::STANDARD.encode(text);
    format!("\x1b]52;c;{encoded}\x07")
}

#[derive(Debug, Clone, PartialEq)]
pub struct SessionOutcome {
    pub thread_id: Option<String>,
    /// Why the session could not go on, if it failed.
    pub failure: Option<String>,
    pub frames_drawn: u64,
    /// What the person copied last, to print after the screen is restored.
    pub copied: Option<String>,
    /// What the person typed and never sent (queued prompts, then the draft).
    pub unsent: Option<String>,
    /// Steers sent and not yet accepted or refused by the server.
    pub unconfirmed: Option<String>,
}

pub struct SessionIo<S> {
    pub terminal_events: S,
    pub connection: Connection,
    pub inbound: InboundReceiver,
    /// Signals and test hooks that become app events (e.g. `AppEvent::Terminate`).
    pub external: mpsc::UnboundedReceiver<AppEvent>,
    /// Makes a new terminal input stream. The external editor (Ctrl+G) needs the old one gone
    /// while it runs: crossterm's stream keeps a thread blocked reading the terminal, which
    /// would take the keys typed into the editor. `None` where input is not the terminal.
    pub renew_input: Option<fn() -> S>,
}

pub async fn run_session<B, S>(
    terminal: &mut Terminal<B>,
    io: SessionIo<S>,
    state: AppState,
) -> io::Result<(SessionOutcome, AppState)>
where
    B: SyncedBackend,
    S: Stream<Item = io::Result<Event>> + Unpin,
{
    run_session_restartable(terminal, io, state, None).await
}

/// `run_session` with a way to start a new server when the app asks (`Effect::RestartServer`).
pub async fn run_session_restartable<B, S>(
    terminal: &mut Terminal<B>,
    io: SessionIo<S>,
    mut state: AppState,
    mut spawner: Option<super::restart::Spawner>,
) -> io::Result<(SessionOutcome, AppState)>
where
    B: SyncedBackend,
    S: Stream<Item = io::Result<Event>> + Unpin,
{
    let SessionIo {
        mut terminal_events,
        mut connection,
        mut inbound,
        mut external,
        renew_input,
    } = io;
    let (mut responses_tx, mut responses) = mpsc::unbounded_channel::<AppEvent>();
    // A restart the app asked for (with the old server's pid to kill), done at the top of the
    // loop, where nothing borrows the connection.
    let mut restart: Option<Option<u32>> = None;
    // A draft for the external editor, run at the top of the loop, where the input stream can be
    // replaced.
    let mut editor: Option<String> = None;
    let mut frames = FrameScheduler::default();
    let mut frames_drawn = 0u64;
    let mut inbound_open = true;
    let mut external_open = true;
    let mut terminal_open = true;

    // The app knows the screen's size before anything is laid out; later sizes arrive as
    // resize events.
    let size = terminal.size().map_err(io::Error::other)?;
    app::update(
        &mut state,
        AppEvent::Resize(size.width, size.height),
        Instant::now(),
    );
    let start = app::update::start(&mut state);
    run_effects(start, &connection, &responses_tx, &mut frames, terminal);
    frames.request(Instant::now());

    while !state.quitting {
        if let Some(draft) = editor.take() {
            if let Some(renew) = renew_input {
                // The old stream goes first: dropping it wakes its thread out of its blocking
                // read of the terminal, and making the new one takes crossterm's reader lock,
                // so it returns only once that thread has let go and stopped reading.
                drop(terminal_events);
                terminal_events = renew();
            }
            let result = super::editor::edit_suspended(terminal, &draft);
            let now = Instant::now();
            let effects = app::update(&mut state, AppEvent::EditorDone(result), now);
            restart = restart.or(super::restart::wanted(&effects));
            run_effects(effects, &connection, &responses_tx, &mut frames, terminal);
            frames.request_now(now);
            continue;
        }
        if let Some(kill) = restart.take() {
            let event = match super::restart::respawn(spawner.as_mut(), kill) {
                Ok(spawned) => {
                    (connection, inbound) = Connection::start(spawned.transport);
                    inbound_open = true;
                    // Answers still owed by the old server go to the old channel, unread.
                    (responses_tx, responses) = mpsc::unbounded_channel::<AppEvent>();
                    AppEvent::ServerRestarted(Ok(spawned.pid))
                }
                Err(e) => AppEvent::ServerRestarted(Err(e)),
            };
            let now = Instant::now();
            let effects = app::update(&mut state, event, now);
            restart = super::restart::wanted(&effects);
            run_effects(effects, &connection, &responses_tx, &mut frames, terminal);
            frames.request_now(now);
            continue;
        }
        let deadline = frames.due();
        let tick = state.next_tick(Instant::now());
        // Input and signals come first: under a steady stream of server messages a key is read
        // on the next turn of the loop, never after the backlog.
        let (event, input) = tokio::select! {
            biased;
            event = external.recv(), if external_open => match event {
                Some(event) => (event, true),
                None => {
                    external_open = false;
                    continue;
                }
            },
            event = terminal_events.next(), if terminal_open => match event {
                Some(Ok(event)) => match terminal_event(event) {
                    Some(event) => (event, true),
                    None => continue,
                },
                Some(Err(e)) => {
                    tracing::error!("terminal input failed: {e}");
                    terminal_open = false;
                    (AppEvent::Terminate, true)
                }
                None => {
                    terminal_open = false;
                    (AppEvent::Terminate, true)
                }
            },
            // A key held at a prompt decides now: that is input too, drawn at once.
            _ = wait_until(tick), if tick.is_some() => (AppEvent::Tick, true),
            _ = wait_until(deadline), if deadline.is_some() => {
                let now = Instant::now();
                draw(terminal, &state, now)?;
                frames_drawn += 1;
                frames.drawn(now);
                if let Some(at) = state.next_animation(now) {
                    frames.request_at(at);
                }
                continue;
            }
            Some(event) = responses.recv() => (event, false),
            message = inbound.recv(), if inbound_open => match message {
                Some(message) => {
                    // A bounded batch: what has already arrived is applied together before the
                    // next frame, and input is looked at again after at most this many.
                    let mut next = Some(message);
                    let mut applied = 0;
                    while let Some(message) = next.take() {
                        if let Some(event) = inbound_event(message, &connection) {
                            let effects = app::update(&mut state, event, Instant::now());
                            restart = restart.or(super::restart::wanted(&effects));
                            editor = editor.or(super::editor::wanted(&effects));
                            run_effects(effects, &connection, &responses_tx, &mut frames, terminal);
                        }
                        applied += 1;
                        if applied < SERVER_BATCH && !state.quitting {
                            next = inbound.try_recv().ok();
                        }
                    }
                    continue;
                }
                None => {
                    inbound_open = false;
                    continue;
                }
            },
        };
        let now = Instant::now();
        let effects = app::update(&mut state, event, now);
        restart = restart.or(super::restart::wanted(&effects));
        editor = editor.or(super::editor::wanted(&effects));
        run_effects(effects, &connection, &responses_tx, &mut frames, terminal);
        if input {
            // What the person did shows at once, not in the streaming frame slot.
            frames.request_now(now);
        }
    }

    let failure = match &state.conn {
        app::ConnState::Failed(reason) => Some(reason.clone()),
        _ => None,
    };
    let outcome = SessionOutcome {
        thread_id: state.thread_id().map(str::to_string),
        failure,
        frames_drawn,
        copied: state.copied.clone(),
        unsent: crate::app::restart::unsent_text(&state),
        unconfirmed: crate::app::restart::unconfirmed_steers(&state),
    };
    Ok((outcome, state))
}

/// Server messages applied in one go before input is read again.
const SERVER_BATCH: usize = 64;

/// Ready when the frame at `deadline` is due. A deadline already passed completes at once
/// instead of going through the timer, which would round it up to its next millisecond tick.
async fn wait_until(deadline: Option<Instant>) {
    if let Some(at) = deadline {
        if at > Instant::now() {
            sleep_until(at.into()).await;
        }
    }
}

fn draw<B: SyncedBackend>(
    terminal: &mut Terminal<B>,
    state: &AppState,
    now: Instant,
) -> io::Result<()> {
    terminal.backend_mut().begin_frame();
    let result = terminal
        .draw(|frame| crate::ui::draw(frame, state, now))
        .map(|frame| {
            state
                .config
                .hyperlinks
                .then(|| hyperlinks::find_links(frame.buffer))
        });
    if let Ok(Some(links)) = &result {
        if !links.is_empty() {
            let bytes = hyperlinks::overlay(links);
            terminal.backend_mut().overlay(&bytes);
        }
    }
    terminal.backend_mut().end_frame();
    result.map(|_| ()).map_err(io::Error::other)
}

fn run_effects<B: SyncedBackend>(
    effects: Vec<Effect>,
    connection: &Connection,
    responses: &mpsc::UnboundedSender<AppEvent>,
    frames: &mut FrameScheduler,
    terminal: &mut Terminal<B>,
) {
    for effect in effects {
        // A server elsewhere: effects on this machine's files for its paths are refused.
        if !connection.is_local() {
            if let Some(refusal) = super::connect::local_only_refusal(&effect) {
                let _ = responses.send(refusal);
                continue;
            }
        }
        match effect {
            Effect::Request(request) => {
                let connection = connection.clone();
                let responses = responses.clone();
                let tag = request.tag();
                let params = request.params();
                tokio::spawn(async move {
                    let result = match params {
                        Ok(params) => connection
                            .request(request.method(), params)
                            .await
                            .map_err(|e| e.to_string()),
                        Err(e) => Err(format!("tern could not encode the request: {e}")),
                    };
                    let _ = responses.send(AppEvent::Response { tag, result });
                });
            }
            Effect::Notify { method, params } => connection.notify(method, params),
            Effect::Respond { id, result } => connection.respond(&id, result),
            Effect::RespondError { id, code, message } => {
                connection.respond_error(&id, code, &message)
            }
            Effect::CopyToClipboard(text) => terminal.backend_mut().copy_to_clipboard(&text),
            Effect::LoadRules { dir } => {
                let responses = responses.clone();
                tokio::task::spawn_blocking(move || {
                    let result = rules_file::load_rules(&dir);
                    let _ = responses.send(AppEvent::RulesLoaded { dir, result });
                });
            }
            Effect::DeleteRule {
                file,
                source,
                occurrence,
            } => {
                let responses = responses.clone();
                tokio::task::spawn_blocking(move || {
                    let result = rules_file::delete_rule(&file, &source, occurrence);
                    let _ = responses.send(AppEvent::RuleDeleted {
                        file,
                        source,
                        result,
                    });
                });
            }
            Effect::ReadGitDiff { cwd } => {
                let responses = responses.clone();
                tokio::spawn(async move {
                    let result = super::git::read_git_diff("git", &cwd).await;
                    let _ = responses.send(AppEvent::GitDiff { cwd, result });
                });
            }
            Effect::Alert { bell, notification } => {
                terminal
                    .backend_mut()
                    .overlay(alert_bytes(bell, notification.as_deref()).as_bytes());
            }
            // Carried out by the loop (`restart`), which owns the connection.
            Effect::RestartServer { .. } => {}
            Effect::AppendHistory { file, entry } => {
                tokio::task::spawn_blocking(move || {
                    if let Err(e) = super::history_file::append(&file, &entry) {
                        tracing::warn!("could not append to {}: {e}", file.display());
                    }
                });
            }
            // Carried out by the loop (`editor`), which owns the input stream.
            Effect::EditInEditor { .. } => {}
            Effect::Redraw => frames.request(Instant::now()),
            Effect::Quit => {}
        }
    }
}

/// The bell (BEL) and a desktop notification (OSC 9 `message` BEL). The message goes through
/// `sanitize_line`, so nothing in it can end the sequence early or start another.
pub fn alert_bytes(bell: bool, notification: Option<&str>) -> String {
    let mut out = String::new();
    if let Some(message) = notification {
        let message = crate::text::sanitize::sanitize_line(message);
        out.push_str(&format!("\x1b]9;{message}\x07"));
    }
    if bell {
        out.push('\x07');
    }
    out
}

fn inbound_event(message: Inbound, connection: &Connection) -> Option<AppEvent> {
    match message {
        Inbound::Notification { method, params } => {
            match ServerNotification::from_parts(&method, params) {
                Ok(ServerNotification::Other(method)) => {
                    tracing::trace!(method, "notification not used by tern");
                    None
                }
                Ok(n) => Some(AppEvent::Notification(n)),
                Err(e) => {
                    tracing::warn!(method, "notification did not match the schema: {e}");
                    None
                }
            }
        }
        Inbound::Request { id, method, params } => {
            match ServerRequest::from_parts(&method, params) {
                Ok(request) => Some(AppEvent::ServerRequest { id, request }),
                Err(e) => {
                    tracing::warn!(method, "server request did not match the schema: {e}");
                    connection.respond_error(
                        &id,
                        -32602,
                        &format!("tern could not read the `{method}` request: {e}"),
                    );
                    None
                }
            }
        }
        Inbound::Problem(text) => Some(AppEvent::Notification(ServerNotification::Warning(
            crate::protocol::WarningNotification {
                thread_id: None,
                message: text,
            },
        ))),
        Inbound::Closed(reason) => Some(AppEvent::Disconnected(reason)),
    }
}

fn terminal_event(event: Event) -> Option<AppEvent> {
    match event {
        Event::Key(key) => Some(AppEvent::Key(key)),
        Event::Paste(text) => Some(AppEvent::Paste(text)),
        Event::Mouse(mouse) => match mouse.kind {
            crossterm::event::MouseEventKind::Moved => None,
            _ => Some(AppEvent::Mouse(mouse)),
        },
        Event::Resize(w, h) => Some(AppEvent::Resize(w, h)),
        Event::FocusGained => Some(AppEvent::Focus(true)),
        Event::FocusLost => Some(AppEvent::Focus(false)),
    }
}

#[cfg(test)]
mod tests {
    #[test]
    fn osc52_carries_the_text_in_base64() {
        assert_eq!(super::osc52("hi ✓"), "\x1b]52;c;aGkg4pyT\x07");
    }
}
