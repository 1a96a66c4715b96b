//! The layers: everything the person (or a server question) opens over the transcript and
//! composer, each kind one arm of [`Layer`] and one file here.
//!
//! A layer is given an event and a [`Ctx`] — the session, the time and where things are on
//! screen, but never the stacks it sits in — and says by what it returns what becomes of
//! itself: consumed (with effects), ignored (the event falls to the layer below), closed,
//! closed with the event falling through, replaced, or another layer opened on top (see
//! `layer_types::Outcome`). Only the router (`router`) changes a stack.
//!
//! Every kind implements [`LayerView`] (its keys, placement, title, hints and rows); the server's
//! front question and the server-down box implement it too. Adding a view: one entry in the
//! registry ([`with_views`]), which makes its arm of [`Layer`], [`Layer::view`]'s dispatch, its
//! reference table and its draw arm in `ui`; one file here for its state, keys and hints, one
//! file in `ui` that draws it (`impl Draw`); a view that opens on the session's news, one arm
//! in [`opened_by`]. The lists the composer opens over itself (`slash`, `file_finder`,
//! `skill_finder`) are views like the others, placed `Placement::OverComposer`: their state is
//! `controls::composer::popups`', their keys, handling and placement are here.

pub(crate) mod agents;
pub(crate) mod apps;
pub(crate) mod board;
pub mod choice;
pub(crate) mod config_view;
pub mod confirm;
mod confirm_tools;
pub(crate) mod copy_pick;
pub(crate) mod daemon;
pub mod diff;
pub(crate) mod diff_copy;
mod diff_copy_keys;
mod diff_review;
pub(crate) mod doctor_settings;
pub(crate) mod doctor_view;
pub(crate) mod experimental;
pub mod feedback;
pub(crate) mod file_finder;
pub(crate) mod finder;
mod git_review;
pub(crate) mod help;
pub(crate) mod history_search;
pub(crate) mod hooks;
pub(crate) mod hunk_review;
pub(crate) mod import;
pub(crate) mod inbox;
pub(crate) mod items_checklist;
pub(crate) mod keymap_view;
pub(crate) mod locked_thread;
pub mod mcp;
pub(crate) mod memories;
pub(crate) mod plugins;
pub(crate) mod prefix;
pub mod question;
pub(crate) mod question_view;
pub(crate) mod queue;
pub(crate) mod remote_control;
pub(crate) mod review;
pub(crate) mod review_asked;
pub(crate) mod review_findings;
pub mod rewind;
pub mod rules;
pub(crate) mod search;
pub(crate) mod selected;
pub mod server_down;
pub(crate) mod shell_confirm;
pub(crate) mod side;
pub mod sign_in;
pub(crate) mod skill_finder;
pub(crate) mod skills;
pub(crate) mod slash;
pub mod status_view;
pub(crate) mod terminals;
pub(crate) mod theme_picker;
pub mod thread_picker;
pub(crate) mod trust_folder;
pub(crate) mod usage;
pub(crate) mod warnings;
pub mod worktree;

pub use agents::AgentsList;
pub use board::BoardView;
pub use choice::Choice;
pub use confirm::Confirm;
pub use copy_pick::CopyPick;
pub use diff::DiffPager;
pub use doctor_view::DoctorView;
pub use help::Help;
pub use history_search::HistorySearch;
pub use hunk_review::HunkReview;
pub use inbox::InboxView;
pub use locked_thread::LockedThread;
pub use prefix::PrefixChooser;
pub use question_view::QuestionView;
pub use queue::QueueFocus;
pub use review::ReviewChooser;
pub use review_findings::ReviewFindings;
pub use rewind::RewindView;
pub use rules::RulesList;
pub use search::Search;
pub use selected::SelectedCell;
pub use shell_confirm::ShellConfirm;
pub use sign_in::SignIn;
pub use status_view::StatusView;
pub use terminals::Terminals;
pub use theme_picker::ThemePicker;
pub use thread_picker::ThreadPicker;
pub use trust_folder::TrustFolder;

use super::geometry::Areas;
use super::layer_types::{Hint, Input, Placement};
use crate::controls::composer::{Composer, FileFinder, SkillFinder, SlashPopup};
use crate::controls::keys::{KeyList, Keymap};
use crate::controls::scroll::Scroll;
use crate::controls::view::View;
use crate::model::Transcript;
use crate::session::effect::Effect;
use crate::session::event::LayerEvent;
use crate::session::state::beside::Beside;
use crate::session::state::choice_gate::ChoiceGate;
use crate::session::state::outbox::Outbox;
use crate::session::state::questions::QuestionQueue;
use crate::session::state::rewind::Rewind;
use crate::session::state::Session;
use ratatui::layout::Rect;
use std::ops::Deref;
use std::time::Instant;

/// What a layer answers (see `layer_types::Outcome`), naming the layer kinds it may open.
pub type Outcome = super::layer_types::Outcome<Layer>;

/// The registry of views: every kind of layer, once, in the order of the key reference
/// (`tern --keys`, `/help`). Each entry names its arm of [`Layer`], its state and its key
/// table; from this one list come the enum, [`Layer::view`]'s dispatch, the reference's
/// tables ([`tables`]) and, in `ui`, the draw dispatch (each view's state implements `ui`'s
/// `Draw` in its own file there, so `app` names nothing of `ui`). Adding a view is one entry
/// here and its files.
///
/// `with_views!(callback)` hands the list to `callback!`, a macro that takes entries of the
/// form `$(#[$doc:meta])* $arm:ident($state:ty) keys $keys:path;`.
macro_rules! with_views {
    ($then:ident) => {
        $then! {
            /// `/` in an empty composer: the commands matching what follows it.
            Commands(SlashPopup) keys slash::KEYS;
            /// `@` where a mention starts: files of the session's directory.
            Files(FileFinder) keys file_finder::KEYS;
            /// `$` where a mention starts: the skills.
            SkillFinder(SkillFinder) keys skill_finder::KEYS;
            /// ↑ from the composer into the messages queued for the next turn.
            Queue(QueueFocus) keys queue::KEYS;
            /// Ctrl+R: earlier prompts, filtered as you type.
            HistorySearch(HistorySearch) keys history_search::KEYS;
            Search(Search) keys search::KEYS;
            /// Alt+↑: a cell of the transcript selected, to copy, or to open its diff or a file.
            Selected(SelectedCell) keys selected::KEYS;
            Help(Help) keys help::KEYS;
            /// `/model`, `/approvals`.
            Choice(Choice) keys choice::KEYS;
            /// `/status`.
            Status(StatusView) keys status_view::KEYS;
            Rules(RulesList) keys rules::KEYS;
            /// `/review`: what to review.
            Review(ReviewChooser) keys review::KEYS;
            /// `/copy pick`: an earlier answer or a code block.
            CopyPick(CopyPick) keys copy_pick::KEYS;
            /// Yes or no before replacing a file (`/init`, `/export`).
            Confirm(Confirm) keys confirm::KEYS;
            Diff(DiffPager) keys diff::KEYS;
            /// Esc Esc, `/rewind`: back to before an earlier message, files included.
            Rewind(RewindView) keys rewind::KEYS;
            /// `tern resume`, `/resume`: past threads to reopen.
            ThreadPicker(Box<ThreadPicker>) keys thread_picker::keys::KEYS;
            /// Opened from a command question: the exact exec-policy rule to write.
            Prefix(PrefixChooser) keys prefix::KEYS;
            /// Opened from a question: its whole body, full screen.
            QuestionView(QuestionView) keys question_view::KEYS;
            /// `r` on a file-change question: keep or revert each hunk, comment on lines.
            HunkReview(HunkReview) keys hunk_review::KEYS;
            /// `m` on a selected `/review` cell: keep or drop its findings, comment, send.
            ReviewFindings(ReviewFindings) keys review_findings::KEYS;
            /// `/agents`: this thread's sub-agents.
            Agents(AgentsList) keys agents::KEYS;
            /// `/ps`, `/stop`: the background terminals.
            Terminals(Box<Terminals>) keys terminals::KEYS;
            /// The first `!` command of a session: run it unsandboxed?
            ShellConfirm(ShellConfirm) keys shell_confirm::KEYS;
            /// Signing in (at startup, a prompt sent signed out, `/login`), and `/logout`'s box.
            SignIn(Box<SignIn>) keys sign_in::keys::KEYS;
            /// Before the first thread, in a folder codex has no trust for: trust it?
            TrustFolder(TrustFolder) keys trust_folder::KEYS;
            /// A thread another codex is writing to: retry, fork, or a new thread.
            LockedThread(LockedThread) keys locked_thread::KEYS;
            /// `/doctor`: what a bug report needs.
            Doctor(DoctorView) keys doctor_view::KEYS;
            /// `/theme`: the themes, previewed as the selection moves.
            ThemePicker(ThemePicker) keys theme_picker::KEYS;
            /// `/skills`: the skills of this directory.
            Skills(skills::SkillsView) keys skills::KEYS;
            /// `/hooks`: the hooks of this directory and their trust.
            Hooks(hooks::HooksView) keys hooks::KEYS;
            /// `/side`: a side conversation beside the main thread, or the earlier ones.
            Side(side::SidePane) keys side::KEYS;
            /// `/mcp`: the MCP servers, their tools and sign-in.
            Mcp(mcp::McpView) keys mcp::KEYS;
            /// Ctrl+T, `/inbox`: every question waiting for the person, in every thread.
            Inbox(InboxView) keys inbox::KEYS;
            /// `/threads`: every thread loaded on the server.
            Board(BoardView) keys board::KEYS;
            /// `/usage`: the account's limits and token activity, and a reset of the limits.
            Usage(usage::UsageView) keys usage::KEYS;
            /// `/import`: another agent's setup and chats, shown, then imported into codex.
            Import(import::ImportView) keys import::KEYS;
            /// `/rc`: remote control's status, pairing and paired clients.
            RemoteControl(remote_control::RcView) keys remote_control::KEYS;
            /// `/daemon`: codex's local app-server daemon, its version, start and stop.
            Daemon(daemon::DaemonView) keys daemon::KEYS;
            /// `/experimental`: codex's beta features, turned on and off.
            Experimental(experimental::ExperimentalView) keys experimental::KEYS;
            /// `/memories`: this thread's memory mode, codex's memory, a reset.
            Memories(memories::MemoriesView) keys memories::KEYS;
            /// `/plugins`: the marketplaces' plugins, read, installed and uninstalled.
            Plugins(plugins::PluginsView) keys plugins::KEYS;
            /// `/apps`: the apps (connectors) and their state.
            Apps(apps::AppsView) keys apps::KEYS;
            /// `/worktree`: continue or start a conversation in a new worktree, or browse them.
            Worktree(worktree::WorktreeView) keys worktree::KEYS;
            /// `/config`: every setting in force and where it came from.
            Config(config_view::ConfigView) keys config_view::KEYS;
            /// `/warnings`: the warnings kept this session, with their details.
            Warnings(warnings::WarningsView) keys warnings::KEYS;
            /// `/statusline`, `/title`: which parts they show.
            ItemsChecklist(items_checklist::ItemsChecklist) keys items_checklist::KEYS;
            /// `/keymap`: every remappable action's keys, changed and saved.
            Keymap(keymap_view::KeymapView) keys keymap_view::KEYS;
            /// `/feedback`: a redacted report, shown, then saved or uploaded.
            Feedback(feedback::FeedbackView) keys feedback::KEYS;
        }
    };
}
pub(crate) use with_views;

/// What the registry makes here: the enum of layer kinds, the one match that yields a layer
/// as a [`LayerView`], and the list of key tables.
macro_rules! declare_layers {
    ($( $(#[$doc:meta])* $arm:ident($state:ty) keys $keys:path; )*) => {
        /// Every kind of layer (see [`with_views`]).
        #[derive(Debug)]
        pub enum Layer {
            $( $(#[$doc])* $arm($state), )*
        }

        impl Layer {
            /// The layer as what every layer is.
            pub fn view(&self) -> &dyn LayerView {
                match self {
                    $( Layer::$arm(view) => view, )*
                }
            }

            pub fn view_mut(&mut self) -> &mut dyn LayerView {
                match self {
                    $( Layer::$arm(view) => view, )*
                }
            }
        }

        /// Every layer's key table, in the registry's order, as the reference reads it: the
        /// rows with `keymap` applied, and the action names the config file's `[keys]` may use.
        pub fn tables(keymap: &Keymap) -> Vec<(KeyList, Vec<&'static str>)> {
            vec![ $( ($keys.reference(keymap), $keys.names().collect()), )* ]
        }
    };
}

with_views!(declare_layers);

impl Layer {
    /// Both are layers of one kind (two pickers, whatever each shows).
    pub(crate) fn same_kind(&self, other: &Layer) -> bool {
        std::mem::discriminant(self) == std::mem::discriminant(other)
    }
}

/// The layer a piece of news opens, with what it asks for as it opens: the router asks this
/// of every `LayerEvent` (`router::deliver`), and opens the layer unless one of its kind is
/// open, which then takes the news itself. The layers open hear the news first either way. A
/// view that opens on news adds its arm here; the router names no view.
pub(crate) fn opened_by(
    event: &LayerEvent,
    session: &Session,
    now: Instant,
) -> Option<(Layer, Vec<Effect>)> {
    match event {
        LayerEvent::PickerWanted => Some(thread_picker::startup(session)),
        LayerEvent::TrustWanted => {
            Some((Layer::TrustFolder(TrustFolder::new(session, now)), vec![]))
        }
        LayerEvent::ConfirmWanted(ask) => {
            Some((Layer::Confirm(Confirm { ask: ask.clone() }), vec![]))
        }
        // Sign-in is needed (at startup, or a prompt sent signed out).
        LayerEvent::SignInWanted => {
            Some((Layer::SignIn(Box::new(SignIn::new(session, now))), vec![]))
        }
        // Another codex writes to the thread: retry, fork or a new thread (over a picker,
        // which hears it first and stops waiting).
        LayerEvent::ThreadLocked { thread_id, error } => Some((
            Layer::LockedThread(LockedThread::new(thread_id.clone(), error.clone())),
            vec![],
        )),
        _ => None,
    }
}

/// What a layer is to the router, the geometry, the hint bar and `?` help.
pub trait LayerView {
    /// Answers an input; what becomes of the layer is in what it returns.
    fn handle(&mut self, input: &Input<'_>, cx: &mut Ctx<'_>) -> Outcome;

    /// News from the session (see `LayerEvent`): `Ignored` when it is not this layer's.
    fn on_event(&mut self, _event: &LayerEvent, _cx: &mut Ctx<'_>) -> Outcome {
        Outcome::Ignored
    }

    fn placement(&self) -> Placement;

    /// Clears the whole of what it is placed in before drawing (a full-screen pager or
    /// review): nothing under it shows, so nothing under it is drawn.
    fn hides_what_is_under(&self) -> bool {
        false
    }

    /// Works on the transcript as drawn (a selection, a search's matches): inline mode, whose
    /// live area shows no transcript, opens it full screen in the alternate screen meanwhile.
    fn works_on_the_transcript(&self) -> bool {
        false
    }

    fn title(&self, session: &Session) -> &'static str;

    /// Its key table as it stands now (`controls::keys`): what the hint bar, help, the router and
    /// the reference read. The same table its `handle` resolves keys through.
    fn keys(&self, cx: &ViewCx<'_>) -> KeyList;

    /// The keys the hint bar shows now, most useful first.
    fn hints(&self, cx: &ViewCx<'_>) -> Vec<Hint> {
        self.keys(cx).bar()
    }

    /// Rows wanted inside the box, `width` columns wide with borders. Full-screen layers and
    /// popups that size themselves when drawn want none.
    fn rows(&self, _width: u16, _session: &Session) -> usize {
        0
    }

    /// A view that takes no text (a screen of choices) has a type-ahead gate: the router
    /// refuses typing and pastes there whole and holds a key until it is clear that no other
    /// followed (`choice_gate`); the view takes the held key when its moment comes
    /// (`LayerEvent::LayerTimer`). `None`: keys come straight to `handle`.
    fn type_ahead(&mut self) -> Option<&mut ChoiceGate> {
        None
    }
}

impl<T: LayerView + ?Sized> LayerView for Box<T> {
    fn handle(&mut self, input: &Input<'_>, cx: &mut Ctx<'_>) -> Outcome {
        (**self).handle(input, cx)
    }
    fn on_event(&mut self, event: &LayerEvent, cx: &mut Ctx<'_>) -> Outcome {
        (**self).on_event(event, cx)
    }
    fn placement(&self) -> Placement {
        (**self).placement()
    }
    fn title(&self, session: &Session) -> &'static str {
        (**self).title(session)
    }
    fn keys(&self, cx: &ViewCx<'_>) -> KeyList {
        (**self).keys(cx)
    }
    fn rows(&self, width: u16, session: &Session) -> usize {
        (**self).rows(width, session)
    }
    fn type_ahead(&mut self) -> Option<&mut ChoiceGate> {
        (**self).type_ahead()
    }
}

/// What a handler is given: everything but the layer stacks. It reads the session freely
/// (`Deref`), and writes only what it names: the parts views change themselves (the composer,
/// the transcript, the front question, …, one accessor each below) or, through
/// [`Ctx::session_mut`], the session tier's own operations (`crate::session::…`), which change
/// the session by their own rules. There is no blanket mutable deref: a write says what it writes.
pub struct Ctx<'a> {
    session: &'a mut Session,
    /// The time of the event (the app reads no clock).
    pub now: Instant,
    /// Where everything is on screen as the event arrives.
    pub areas: Areas,
    /// Some layer (or the server's question) is open over the conversation.
    pub layer_open: bool,
}

impl<'a> Ctx<'a> {
    pub fn new(session: &'a mut Session, now: Instant, areas: Areas, layer_open: bool) -> Self {
        Ctx {
            session,
            now,
            areas,
            layer_open,
        }
    }
}

impl Ctx<'_> {
    /// The same context, read-only.
    pub fn view(&self) -> ViewCx<'_> {
        ViewCx {
            session: self.session,
            now: self.now,
            areas: self.areas,
            layer_open: self.layer_open,
        }
    }

    /// The session, handed to an operation of the session tier (open a thread, restart, send,
    /// answer a question: `crate::session::…`) or to a view's own opener. Not for writing a
    /// field here: a field a view writes has its accessor.
    pub(crate) fn session_mut(&mut self) -> &mut Session {
        self.session
    }

    /// The composer: typing, pasting and replacing its text.
    pub(crate) fn composer_mut(&mut self) -> &mut Composer {
        &mut self.session.composer
    }

    /// The person's messages not yet in a turn (the queue, edited from its list).
    pub(crate) fn outbox_mut(&mut self) -> &mut Outbox {
        &mut self.session.outbox
    }

    /// Ctrl+O: command output and reasoning in full, or collapsed again.
    pub(crate) fn toggle_expanded(&mut self) {
        self.session.expanded = !self.session.expanded;
    }

    /// The transcript on screen (a notice said in it).
    pub(crate) fn transcript_mut(&mut self) -> &mut Transcript {
        &mut self.session.shown.transcript
    }

    /// The server's questions (the front one's choices).
    pub(crate) fn questions_mut(&mut self) -> &mut QuestionQueue {
        &mut self.session.questions
    }

    /// Esc Esc's state: armed, or a rewind on its way.
    pub(crate) fn rewind_mut(&mut self) -> &mut Rewind {
        &mut self.session.rewind
    }

    /// `!` commands: the person's confirmation that they run unsandboxed.
    pub(crate) fn beside_mut(&mut self) -> &mut Beside {
        &mut self.session.beside
    }

    /// The mouse's selection of the transcript.
    pub(crate) fn pointer_mut(&mut self) -> &mut crate::controls::pointer::PointerSelect {
        &mut self.session.pointer
    }

    /// Moves the view of the transcript shown in `area` (see `Session::scroll_with`).
    pub(crate) fn scroll_with(&mut self, area: Rect, f: impl FnOnce(&mut Scroll, &View<'_>)) {
        self.session.scroll_with(area, f);
    }
}

/// What a view reads its keys in: the session, the time and the areas, read-only.
#[derive(Clone, Copy)]
pub struct ViewCx<'a> {
    pub session: &'a Session,
    pub now: Instant,
    pub areas: Areas,
    pub layer_open: bool,
}

impl Deref for ViewCx<'_> {
    type Target = Session;

    fn deref(&self) -> &Session {
        self.session
    }
}

impl Deref for Ctx<'_> {
    type Target = Session;

    fn deref(&self) -> &Session {
        self.session
    }
}

#[cfg(test)]
mod tests {
    use std::path::Path;

    /// Every `.rs` file under `dir`, with its text.
    fn sources(dir: &Path, out: &mut Vec<(String, String)>) {
        for entry in std::fs::read_dir(dir).unwrap().flatten() {
            let path = entry.path();
            if path.is_dir() {
                sources(&path, out);
            } else if path.extension().is_some_and(|e| e == "rs") {
                let text = std::fs::read_to_string(&path).unwrap();
                out.push((path.display().to_string(), text));
            }
        }
    }

    /// `Ctx::session_mut` hands the session to an operation and nothing else: it is an
    /// argument, never kept in a binding nor used to reach a field, so a view's write to a
    /// field of the session always names its accessor.
    #[test]
    fn the_whole_session_is_only_handed_to_operations() {
        // Spelled in pieces, so that this test does not find itself.
        let call = concat!("cx.", "session", "_mut()");
        let app = Path::new(env!("CARGO_MANIFEST_DIR")).join("src/app");
        let mut files = Vec::new();
        sources(&app, &mut files);
        let mut wrong = Vec::new();
        let mut seen = 0;
        for (path, text) in &files {
            for (n, line) in text.lines().enumerate() {
                let code = line.split("//").next().unwrap_or_default();
                for (at, _) in code.match_indices(call) {
                    seen += 1;
                    let after = code[at + call.len()..].trim_start();
                    let argument = after.is_empty() || after.starts_with([',', ')']);
                    let kept = code[..at].trim_end().ends_with('=');
                    if !argument || kept {
                        wrong.push(format!("{path}:{}: {}", n + 1, line.trim()));
                    }
                }
            }
        }
        assert!(
            seen > 0,
            "no handler hands the session on: is the test looking in the right place?"
        );
        assert!(
            wrong.is_empty(),
            "the session kept or written through session_mut:\n{}",
            wrong.join("\n")
        );
    }
}
