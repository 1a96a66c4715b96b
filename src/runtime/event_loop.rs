//! One `tokio::select!` over terminal events, server messages, finished work and the frame
//! deadline. The app decides; this loop only carries events in and effects out.
//!
//! Answers to tern's requests are server messages like the rest: they come through the
//! inbound queue in the order the server sent them, so a notification sent after an answer is
//! applied after it (kept by `asked::Asked`, decoded by `replies`).
//!
//! The order is what keeps tern responsive: input and signals are read before server messages;
//! server messages are applied in batches of at most [`SERVER_BATCH`]; a frame asked for by
//! input is drawn at once, frames the server causes at most 60 times a second, 10 while it
//! floods ([`FrameScheduler`]); and nothing wakes the loop while nothing happens (no idle ticks).

use super::asked::Asked;
use super::delta_runs::join_delta_run;
use super::effects::{self, Deferred, World};
use super::frames::{self, FrameScheduler};
use super::inbound::inbound_event;
use super::input::{terminal_event, Input};
use super::restart::{self, Spawner};
use crate::app::{self, AppEvent, AppState, Effect};
use crate::protocol::ServerNotification;
use crate::rpc::{Connection, Inbound, InboundReceiver};
use crossterm::event::Event;
use futures::Stream;
use ratatui::Terminal;
use std::io;
use std::time::Instant;
use tokio::sync::mpsc;
use tokio::time::sleep_until;

pub use super::backend::SyncedBackend;
pub use super::effects::alert_bytes;

#[derive(Debug, Clone, PartialEq)]
pub struct LoopOutcome {
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
    /// The conversation as text, to print after the screen is restored (`print_on_exit`).
    pub conversation: Option<String>,
}

pub struct LoopIo<S> {
    pub terminal_events: S,
    pub connection: Connection,
    pub inbound: InboundReceiver,
    /// Signals and test hooks that become app events (e.g. `AppEvent::Terminate`).
    pub external: mpsc::UnboundedReceiver<AppEvent>,
    /// Makes a new terminal input stream, for the external editor (see [`Input::renew`]).
    /// `None` where input is not the terminal.
    pub renew_input: Option<fn() -> S>,
}

/// The tracing target of the event each time the loop wakes (at `trace` level: free when the
/// log is off). Tests count these to prove that an idle tern wakes up zero times.
pub const WAKE_TARGET: &str = "tern::wake";

/// Server messages applied in one go before input is read again.
const SERVER_BATCH: usize = 64;

pub async fn run_loop<B, S>(
    terminal: &mut Terminal<B>,
    io: LoopIo<S>,
    state: AppState,
) -> io::Result<(LoopOutcome, AppState)>
where
    B: SyncedBackend,
    S: Stream<Item = io::Result<Event>> + Unpin,
{
    run_loop_restartable(terminal, io, state, None).await
}

/// `run_loop` with a way to start a new server when the app asks (`Effect::RestartServer`).
pub async fn run_loop_restartable<B, S>(
    terminal: &mut Terminal<B>,
    io: LoopIo<S>,
    state: AppState,
    spawner: Option<Spawner>,
) -> io::Result<(LoopOutcome, AppState)>
where
    B: SyncedBackend,
    S: Stream<Item = io::Result<Event>> + Unpin,
{
    // Declared first, dropped last: /feedback's temp folders go however the loop ends.
    let _left_behind = super::feedback_temp::LeftBehind::new();
    let mut the_loop = Loop::new(terminal, io, state, spawner);
    let mut deferred = the_loop.start()?;
    while !the_loop.state.session.quitting {
        // What the last effects left to the loop, before anything else is read.
        if let Some(draft) = deferred.editor.take() {
            deferred.merge(the_loop.edit(&draft));
            continue;
        }
        if let Some(kill) = deferred.restart.take() {
            deferred.merge(the_loop.restart(kill));
            continue;
        }
        if let Some((socket, kill)) = deferred.join.take() {
            deferred.merge(the_loop.join(&socket, kill));
            continue;
        }
        if let Some(inline) = deferred.screen.take() {
            the_loop.switch_screen(inline)?;
            continue;
        }
        let wake = the_loop.wake().await;
        tracing::trace!(target: WAKE_TARGET, why = wake.why(), "the loop woke");
        match wake {
            Wake::Input(event) => {
                let now = Instant::now();
                deferred.merge(the_loop.apply(event, now));
                // What the person did shows at once, not in the streaming frame slot.
                the_loop.frames.request_now(now);
            }
            Wake::Finished(event) => deferred.merge(the_loop.apply(event, Instant::now())),
            Wake::Server(first) => deferred.merge(the_loop.apply_server_batch(first)),
            Wake::Frame => the_loop.draw()?,
            Wake::Nothing => {}
        }
    }
    Ok(the_loop.finish())
}

/// Why the loop woke.
enum Wake {
    /// Something the person did (a key, a paste, a signal, a held key's tick): drawn at once.
    Input(AppEvent),
    /// Work tern started finished (a file read, `git diff`, a request that could not go out).
    Finished(AppEvent),
    /// A message from the server: the first of a batch.
    Server(Inbound),
    /// The frame is due.
    Frame,
    /// A source closed, or sent something the app has no use for.
    Nothing,
}

impl Wake {
    fn why(&self) -> &'static str {
        match self {
            Wake::Input(_) => "input",
            Wake::Finished(_) => "finished work",
            Wake::Server(_) => "server",
            Wake::Frame => "frame",
            Wake::Nothing => "nothing",
        }
    }
}

/// The loop's resources.
struct Loop<'t, B: SyncedBackend, S> {
    terminal: &'t mut Terminal<B>,
    state: AppState,
    input: Input<S>,
    external: mpsc::UnboundedReceiver<AppEvent>,
    external_open: bool,
    connection: Connection,
    inbound: InboundReceiver,
    inbound_open: bool,
    /// tern's requests on this connection waiting for their answers (which arrive through
    /// `inbound`, in the server's order among its notifications).
    asked: Asked,
    /// Where finished work reports back; replaced with the server, so what an old server's
    /// session still owes goes to the old channel, unread.
    responses_tx: mpsc::UnboundedSender<AppEvent>,
    responses: mpsc::UnboundedReceiver<AppEvent>,
    spawner: Option<Spawner>,
    frames: FrameScheduler,
    /// What is written over the frame: image previews (only where the terminal answered for
    /// them) and characters older terminals draw narrower.
    overlays: frames::Overlays,
    frames_drawn: u64,
    /// Inline mode's screen (the scrollback and the live area); `None` in full screen.
    inline: Option<super::inline::InlineScreen>,
}

impl<'t, B, S> Loop<'t, B, S>
where
    B: SyncedBackend,
    S: Stream<Item = io::Result<Event>> + Unpin,
{
    fn new(
        terminal: &'t mut Terminal<B>,
        io: LoopIo<S>,
        state: AppState,
        spawner: Option<Spawner>,
    ) -> Self {
        let (responses_tx, responses) = mpsc::unbounded_channel();
        Loop {
            terminal,
            input: Input::new(io.terminal_events, io.renew_input),
            external: io.external,
            external_open: true,
            connection: io.connection,
            inbound: io.inbound,
            inbound_open: true,
            asked: Asked::default(),
            responses_tx,
            responses,
            spawner,
            frames: FrameScheduler::default(),
            overlays: frames::Overlays::default(),
            frames_drawn: 0,
            inline: state
                .session
                .config
                .inline
                .then(super::inline::InlineScreen::default),
            state,
        }
    }

    /// Tells the app the screen's size before anything is laid out (later sizes arrive as
    /// resize events), starts the session and asks for the first frame.
    fn start(&mut self) -> io::Result<Deferred> {
        let size = self.terminal.size().map_err(io::Error::other)?;
        let now = Instant::now();
        // Its effects run too: the window's first title goes out with them.
        let mut effects = app::update(
            &mut self.state,
            AppEvent::Resize(size.width, size.height),
            now,
        );
        effects.extend(app::update::start(&mut self.state));
        let deferred = self.run_effects(effects);
        self.frames.request(now);
        Ok(deferred)
    }

    /// Waits for the next thing to do. Input and signals come first: under a steady stream of
    /// server messages a key is read on the next turn of the loop, never after the backlog.
    async fn wake(&mut self) -> Wake {
        let deadline = self.frames.due();
        let tick = self.state.next_tick(Instant::now());
        tokio::select! {
            biased;
            // A panic elsewhere (a task, a blocking thread) ends the session as one here does.
            _ = super::panic_note::panicked_elsewhere() => {
                panic!("a task of tern panicked (see above): the session ends")
            }
            event = self.external.recv(), if self.external_open => match event {
                Some(event) => Wake::Input(event),
                None => {
                    self.external_open = false;
                    Wake::Nothing
                }
            },
            event = self.input.next(), if self.input.open => match event {
                Some(Ok(event)) => terminal_event(event).map_or(Wake::Nothing, Wake::Input),
                Some(Err(e)) => {
                    tracing::error!("terminal input failed: {e}");
                    self.input.open = false;
                    Wake::Input(AppEvent::Terminate)
                }
                None => {
                    self.input.open = false;
                    Wake::Input(AppEvent::Terminate)
                }
            },
            // A key held at a question decides now: that is input too, drawn at once.
            _ = wait_until(tick), if tick.is_some() => Wake::Input(AppEvent::Tick),
            _ = wait_until(deadline), if deadline.is_some() => Wake::Frame,
            Some(event) = self.responses.recv() => Wake::Finished(event),
            message = self.inbound.recv(), if self.inbound_open => match message {
                Some(message) => Wake::Server(message),
                None => {
                    self.inbound_open = false;
                    Wake::Nothing
                }
            },
        }
    }

    fn apply(&mut self, event: AppEvent, now: Instant) -> Deferred {
        let effects = app::update(&mut self.state, event, now);
        self.run_effects(effects)
    }

    /// A bounded batch: what has already arrived is applied together before the next frame,
    /// and input is looked at again after at most [`SERVER_BATCH`] messages.
    fn apply_server_batch(&mut self, first: Inbound) -> Deferred {
        let mut deferred = Deferred::default();
        let mut next = Some(first);
        let mut applied = 0;
        let mut turn_ended = false;
        while let Some(message) = next.take() {
            applied += 1;
            let inbound = &mut self.inbound;
            let (message, after, joined) =
                join_delta_run(message, SERVER_BATCH.saturating_sub(applied), || {
                    inbound.try_recv().ok()
                });
            applied += joined;
            if let Some(event) = inbound_event(message, &self.connection, &mut self.asked) {
                turn_ended |= matches!(
                    event,
                    AppEvent::Notification(ServerNotification::TurnCompleted(_))
                );
                deferred.merge(self.apply(event, Instant::now()));
            }
            next = after;
            if next.is_none() && applied < SERVER_BATCH && !self.state.session.quitting {
                next = self.inbound.try_recv().ok();
            }
        }
        self.frames.server_messages(applied);
        if turn_ended {
            self.frames.flood_over(Instant::now());
        }
        deferred
    }

    fn run_effects(&mut self, effects: Vec<Effect>) -> Deferred {
        let world = World {
            connection: &self.connection,
            asked: &mut self.asked,
            responses: &self.responses_tx,
            frames: &mut self.frames,
            terminal: self.terminal,
        };
        effects::run_effects(effects, world)
    }

    fn draw(&mut self) -> io::Result<()> {
        let now = Instant::now();
        // A frame in a flood shows code plain; the frame after it brings the colours.
        let hurried = self.frames.flooding();
        self.state.session.hurried = hurried;
        let hold_ends = match self.inline.as_mut() {
            Some(inline) => inline.draw(self.terminal, &self.state, now, &mut self.overlays)?,
            None => {
                frames::draw(self.terminal, &self.state, now, &mut self.overlays)?;
                None
            }
        };
        self.frames_drawn += 1;
        self.frames.drawn(now);
        if hurried {
            self.frames.request(now);
        }
        if let Some(at) = self.state.next_animation(now) {
            self.frames.request_at(at);
        }
        // Inline: a cell holding finished ones is written as it stands when the bound is up.
        if let Some(at) = hold_ends {
            self.frames.request_at(at);
        }
        Ok(())
    }

    /// `/screen`: the terminal moved to the other mode. Going inline, the first frame writes
    /// into the scrollback every cell not yet there (the whole conversation, the first time);
    /// going full screen, the live area is cleared first and the screen drawn whole.
    fn switch_screen(&mut self, inline: bool) -> io::Result<()> {
        if self.inline.is_some() == inline {
            return Ok(());
        }
        let mut out = Vec::new();
        if let Some(mut screen) = self.inline.take() {
            out.extend(screen.leave());
        }
        out.extend(super::terminal::switch_screen_bytes(inline));
        self.terminal.backend_mut().overlay(&out);
        if inline {
            self.inline = Some(super::inline::InlineScreen::default());
        } else {
            super::terminal::clear_all(self.terminal).map_err(io::Error::other)?;
        }
        self.frames.request_now(Instant::now());
        Ok(())
    }

    /// Ctrl+G: the draft in the external editor, with a fresh input stream afterwards (the
    /// old one would read the keys meant for the editor); the loop is blocked meanwhile.
    fn edit(&mut self, draft: &str) -> Deferred {
        self.input.renew();
        let result = super::editor::edit_suspended(self.terminal, draft);
        let now = Instant::now();
        let deferred = self.apply(AppEvent::EditorDone(result), now);
        self.frames.request_now(now);
        deferred
    }

    /// A new server in place of the old one (killed first if `kill` names it), and a new
    /// connection over its pipes.
    fn restart(&mut self, kill: Option<u32>) -> Deferred {
        let event = match restart::respawn(self.spawner.as_mut(), kill) {
            Ok(spawned) => {
                (self.connection, self.inbound) = Connection::start(spawned.transport);
                self.inbound_open = true;
                self.asked.forget();
                (self.responses_tx, self.responses) = mpsc::unbounded_channel();
                AppEvent::ServerRestarted(Ok(spawned.pid))
            }
            Err(e) => AppEvent::ServerRestarted(Err(e)),
        };
        let now = Instant::now();
        let deferred = self.apply(event, now);
        self.frames.request_now(now);
        deferred
    }

    /// Leaves this window's own server for the local codex service at `socket`: a connection
    /// that dials it in the background replaces the old one, the old child (`kill`) is killed
    /// with its process group, and later restarts redial the service instead of starting one.
    fn join(&mut self, socket: &str, kill: Option<u32>) -> Deferred {
        let args = super::connect::RemoteArgs {
            url: format!("unix://{socket}"),
            ..Default::default()
        };
        let event = match super::connect::Remote::from_args(&args, None) {
            Ok(remote) => {
                let mut spawner = remote.spawner();
                match spawner() {
                    Ok(spawned) => {
                        (self.connection, self.inbound) = Connection::start(spawned.transport);
                        self.inbound_open = true;
                        self.asked.forget();
                        (self.responses_tx, self.responses) = mpsc::unbounded_channel();
                        self.spawner = Some(spawner);
                        restart::kill_group(kill);
                        AppEvent::ServerRestarted(Ok(None))
                    }
                    Err(e) => AppEvent::ServerRestarted(Err(e)),
                }
            }
            Err(e) => AppEvent::ServerRestarted(Err(e)),
        };
        let now = Instant::now();
        let deferred = self.apply(event, now);
        self.frames.request_now(now);
        deferred
    }

    fn finish(mut self) -> (LoopOutcome, AppState) {
        // Inline: the conversation is left whole in the terminal's scrollback.
        if let Some(inline) = self.inline.as_mut() {
            inline.finish(self.terminal, &self.state);
        }
        let state = self.state;
        // Full screen takes the conversation with it when it leaves: printed if asked.
        let conversation = (self.inline.is_none() && state.session.config.print_on_exit)
            .then(|| crate::ui::scrollback::conversation_text(&state))
            .filter(|text| !text.is_empty());
        let failure = state.session.lifecycle.failure().map(str::to_string);
        let outcome = LoopOutcome {
            thread_id: state.session.thread_id().map(str::to_string),
            failure,
            frames_drawn: self.frames_drawn,
            copied: state.session.copied.clone(),
            unsent: crate::session::outbox::unsent_text(&state.session),
            unconfirmed: crate::session::outbox::unconfirmed_steers(&state.session),
            conversation,
        };
        (outcome, state)
    }
}

/// Ready when the frame at `deadline` is due. A deadline already passed completes at once
/// instead of going through the timer, which would round it up to its next millisecond tick.
async fn wait_until(deadline: Option<Instant>) {
    if let Some(at) = deadline {
        if at > Instant::now() {
            sleep_until(at.into()).await;
        }
    }
}
