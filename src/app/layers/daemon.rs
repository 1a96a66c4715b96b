//! `/daemon`: codex's local app-server daemon — its version and status as `codex app-server
//! daemon version` prints them, read as the box opens; `s` starts the daemon and `t` stops it,
//! each after the one confirm box says which command runs; `v` reads the version again. ↑/↓
//! scroll what the last command printed. Local only (`session::daemon::unavailable` says why
//! not).

use super::{Confirm, Ctx, Layer, LayerView, Outcome, ViewCx};
use crate::app::layer_types::{Input, Placement};
use crate::controls::keys::{list_rows, Chord, KeyList, KeyRow, KeyTable, Move, Rest};
use crate::controls::pick_list::PickList;
use crate::model::NoticeLevel;
use crate::session::daemon;
use crate::session::event::{Confirmable, LayerEvent};
use crate::session::state::Session;

#[derive(Debug, Clone, Default, PartialEq)]
pub struct DaemonView {
    /// The line of the output scrolled to.
    pub scrolled: PickList,
}

/// `/daemon [start|stop]`: opens and reads the version; `start` or `stop` asks first.
pub(crate) fn open(state: &mut Session, args: &str) -> Outcome {
    if let Some(why) = daemon::unavailable(state) {
        state.shown.transcript.notice(NoticeLevel::Info, why);
        return Outcome::Consumed(vec![]);
    }
    let ask = match args.trim() {
        "" | "version" | "status" => None,
        "start" => Some("start"),
        "stop" => Some("stop"),
        other => {
            state.shown.transcript.notice(
                NoticeLevel::Warning,
                format!(
                    "/daemon takes start or stop (or nothing, for the version), not {}.",
                    crate::text::sanitize::visible_line(other)
                ),
            );
            return Outcome::Consumed(vec![]);
        }
    };
    let effects = daemon::run(state, "version");
    if let Some(subcommand) = ask {
        // Opens over the box as it opens (`layers::opened_by`).
        state
            .layer_events
            .push(LayerEvent::ConfirmWanted(Confirmable::DaemonCommand {
                subcommand,
            }));
    }
    Outcome::Open(Layer::Daemon(DaemonView::default()), effects)
}

/// The lines of what the last command printed.
pub(crate) fn output_lines(session: &Session) -> usize {
    session
        .account_tools
        .daemon
        .last
        .as_ref()
        .map_or(0, |run| run.output.lines().count())
}

/// What the keys of `/daemon` read.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) struct DaemonKeys {
    pub running: bool,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum DaemonKey {
    Move(Move),
    Version,
    Start,
    Stop,
    Close,
}

fn idle(k: &DaemonKeys) -> bool {
    !k.running
}

pub(crate) static KEYS: KeyTable<DaemonKeys, DaemonKey> = KeyTable::new(
    "daemon",
    "Daemon",
    &[
        list_rows::up_k(DaemonKey::Move(Move::Up), "scroll"),
        list_rows::down_j(DaemonKey::Move(Move::Down), "scroll"),
        KeyRow::new("version", &[Chord::ch('v')], DaemonKey::Version, "version")
            .explained("read the daemon's version and status again")
            .when("no daemon command is running", idle),
        KeyRow::new("start", &[Chord::ch('s')], DaemonKey::Start, "start")
            .explained("start the local app-server daemon (asks first)")
            .when("no daemon command is running", idle),
        KeyRow::new("stop", &[Chord::ch('t')], DaemonKey::Stop, "stop")
            .explained("stop the local app-server daemon (asks first)")
            .when("no daemon command is running", idle),
        list_rows::close_q(DaemonKey::Close, "close"),
        list_rows::first(DaemonKey::Move(Move::First), "first/last"),
        list_rows::last(DaemonKey::Move(Move::Last), "first/last"),
    ],
    Rest::SWALLOW,
);

/// The confirm box, asking whether to run `codex app-server daemon <subcommand>`.
fn ask(subcommand: &'static str) -> Outcome {
    let ask = Confirmable::DaemonCommand { subcommand };
    Outcome::Open(Layer::Confirm(Confirm { ask }), vec![])
}

impl DaemonView {
    fn facts(&self, session: &Session) -> DaemonKeys {
        DaemonKeys {
            running: session.account_tools.daemon.running.is_some(),
        }
    }

    fn key(&mut self, action: DaemonKey, cx: &mut Ctx<'_>) -> Outcome {
        match action {
            DaemonKey::Close => return Outcome::Close(vec![]),
            DaemonKey::Move(to) => {
                self.scrolled.go(to, output_lines(cx));
            }
            DaemonKey::Version => {
                return Outcome::Consumed(daemon::run(cx.session_mut(), "version"))
            }
            DaemonKey::Start => return ask("start"),
            DaemonKey::Stop => return ask("stop"),
        }
        Outcome::Consumed(vec![])
    }
}

impl LayerView for DaemonView {
    fn handle(&mut self, input: &Input<'_>, cx: &mut Ctx<'_>) -> Outcome {
        let Input::Key(key) = input else {
            return Outcome::Ignored;
        };
        let facts = self.facts(cx);
        Outcome::of_key(KEYS.resolve(key, &facts, &cx.config.keymap), |action| {
            self.key(action, cx)
        })
    }

    fn on_event(&mut self, event: &LayerEvent, cx: &mut Ctx<'_>) -> Outcome {
        if *event != LayerEvent::AccountToolsChanged {
            return Outcome::Ignored;
        }
        self.scrolled.clamp(output_lines(cx));
        Outcome::Consumed(vec![])
    }

    fn placement(&self) -> Placement {
        Placement::Popup
    }

    fn title(&self, _session: &Session) -> &'static str {
        "Daemon"
    }

    fn rows(&self, _width: u16, session: &Session) -> usize {
        output_lines(session) + 6
    }

    fn keys(&self, cx: &ViewCx<'_>) -> KeyList {
        KEYS.list(&self.facts(cx.session), &cx.config.keymap)
    }
}
