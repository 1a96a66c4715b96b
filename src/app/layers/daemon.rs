//! `/daemon`: codex's local app-server daemon — its version and status as `codex app-server
//! daemon version` prints them, read as the box opens; `s` starts the daemon and `t` stops it,
//! each after `y` (any other key runs nothing); `v` reads the version again. ↑/↓ scroll what
//! the last command printed. Local only (`session::daemon::unavailable` says why not).

use super::{Ctx, LayerView, Outcome, ViewCx};
use crate::app::layer_types::{Input, Placement};
use crate::controls::keys::{list_rows, Chord, Fate, KeyList, KeyRow, KeyTable, Move, Rest};
use crate::controls::pick_list::PickList;
use crate::model::NoticeLevel;
use crate::session::daemon;
use crate::session::event::LayerEvent;
use crate::session::state::Session;

#[derive(Debug, Clone, Default, PartialEq)]
pub struct DaemonView {
    /// The line of the output scrolled to.
    pub scrolled: PickList,
    /// `start` or `stop`, waiting for `y`.
    pub confirm: Option<&'static str>,
}

/// `/daemon [start|stop]`: opens and reads the version; `start` or `stop` asks first.
pub(crate) fn open(state: &mut Session, args: &str) -> Outcome {
    if let Some(why) = daemon::unavailable(state) {
        state.shown.transcript.notice(NoticeLevel::Info, why);
        return Outcome::Consumed(vec![]);
    }
    let confirm = match args.trim() {
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
    Outcome::Open(
        super::Layer::Daemon(DaemonView {
            scrolled: PickList::default(),
            confirm,
        }),
        effects,
    )
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
    pub confirming: bool,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum DaemonKey {
    Move(Move),
    Version,
    Start,
    Stop,
    Confirm,
    Close,
}

fn listing(k: &DaemonKeys) -> bool {
    !k.confirming
}

fn idle(k: &DaemonKeys) -> bool {
    !k.confirming && !k.running
}

pub(crate) static KEYS: KeyTable<DaemonKeys, DaemonKey> = KeyTable::new(
    "daemon",
    "Daemon",
    &[
        KeyRow::new(
            "confirm",
            &[Chord::ch('y'), Chord::ch('Y')],
            DaemonKey::Confirm,
            "yes",
        )
        .explained("run the daemon command asked about")
        .bar_keys(1)
        .when(
            "a start or stop waits for its confirmation",
            |k: &DaemonKeys| k.confirming,
        ),
        list_rows::up_k(DaemonKey::Move(Move::Up), "scroll").when("the output is shown", listing),
        list_rows::down_j(DaemonKey::Move(Move::Down), "scroll")
            .when("the output is shown", listing),
        KeyRow::new("version", &[Chord::ch('v')], DaemonKey::Version, "version")
            .explained("read the daemon's version and status again")
            .when("no daemon command is running", idle),
        KeyRow::new("start", &[Chord::ch('s')], DaemonKey::Start, "start")
            .explained("start the local app-server daemon (asks first)")
            .when("no daemon command is running", idle),
        KeyRow::new("stop", &[Chord::ch('t')], DaemonKey::Stop, "stop")
            .explained("stop the local app-server daemon (asks first)")
            .when("no daemon command is running", idle),
        list_rows::close_q(DaemonKey::Close, "close").when("the output is shown", listing),
        list_rows::first(DaemonKey::Move(Move::First), "first/last")
            .when("the output is shown", listing),
        list_rows::last(DaemonKey::Move(Move::Last), "first/last")
            .when("the output is shown", listing),
    ],
    Rest::SWALLOW,
)
.rest_by(|k| {
    if k.confirming {
        // Any other key runs nothing.
        Rest {
            chars: Fate::Take("runs nothing"),
            modified: Fate::Pass,
            other: Fate::Take("runs nothing"),
        }
    } else {
        Rest::SWALLOW
    }
});

impl DaemonView {
    fn facts(&self, session: &Session) -> DaemonKeys {
        DaemonKeys {
            running: session.account_tools.daemon.running.is_some(),
            confirming: self.confirm.is_some(),
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
            DaemonKey::Start => self.confirm = Some("start"),
            DaemonKey::Stop => self.confirm = Some("stop"),
            DaemonKey::Confirm => {
                if let Some(sub) = self.confirm.take() {
                    return Outcome::Consumed(daemon::run(cx.session_mut(), sub));
                }
            }
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
        Outcome::of_key_or_typed(
            KEYS.resolve(key, &facts, &cx.config.keymap),
            |row| match row {
                Some(action) => self.key(action, cx),
                None => {
                    self.confirm = None;
                    Outcome::Consumed(vec![])
                }
            },
        )
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
