//! The one yes/no question tern asks before replacing, removing, running or sending something:
//! `/init` where an `AGENTS.md` exists, `/export` over an existing file, `/archive` and
//! `/delete` of the shown thread, and the account and tool views' asks (`confirm_tools`).
//! `y` or Enter goes ahead; `n` or Esc keeps things as they are.

use super::{confirm_tools, Ctx, Layer, LayerView, Outcome, ViewCx};
use crate::app::layer_types::{Input, Placement};
use crate::controls::keys::{Chord, KeyList, KeyRow, KeyTable, Rest};
use crate::model::NoticeLevel;
use crate::session::event::{Confirmable, LayerEvent};
use crate::session::state::Session;
use crate::session::{export, init, marketplaces, thread_removal};
use crate::text::sanitize::{sanitize_line, visible_line};

#[derive(Debug, Clone, PartialEq)]
pub struct Confirm {
    pub ask: Confirmable,
}

impl Confirm {
    /// The question, as shown (paths sanitised where drawn).
    pub fn question(&self) -> String {
        match &self.ask {
            Confirmable::InitOverwrite { path } => {
                format!("{path} already exists. Let the agent write a new one over it?")
            }
            Confirmable::ExportOverwrite { path } => {
                format!(
                    "{} exists. Replace it with this conversation?",
                    path.display()
                )
            }
            Confirmable::ArchiveThread { title, .. } => format!(
                "Archive {}? It leaves the thread list (/resume, Ctrl+T lists archived threads \
                 and can unarchive it); a new thread starts here.",
                quoted(title)
            ),
            Confirmable::DeleteThread { title, .. } => format!(
                "Delete {} for good? Its whole conversation and its saved history \
                 (the rollout codex keeps) are lost, and it cannot be resumed or unarchived. \
                 A new thread starts here. (/archive only hides it.)",
                quoted(title)
            ),
            Confirmable::RemoveMarketplace { name } => format!(
                "Remove the marketplace “{}”? codex forgets it (and the copy it keeps) and its \
                 plugins leave the list; plugins installed from it stay installed.",
                visible_line(name)
            ),
            Confirmable::UpgradeMarketplace { name: Some(name) } => format!(
                "Upgrade the marketplace “{}”? codex pulls its newest plugins from git.",
                visible_line(name)
            ),
            Confirmable::UpgradeMarketplace { name: None } => {
                "Upgrade every marketplace added from git? codex pulls their newest plugins.".into()
            }
            ask => confirm_tools::question(ask).unwrap_or_default(),
        }
    }
}

/// A thread's name as the question says it (the server's text: sanitised).
fn quoted(title: &str) -> String {
    if title == "this thread" {
        title.into()
    } else {
        format!("“{}”", sanitize_line(title))
    }
}

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum ConfirmKey {
    Yes,
    No,
}

pub(crate) static KEYS: KeyTable<Confirm, ConfirmKey> = KeyTable::new(
    "confirm",
    "Confirm",
    &[
        KeyRow::new(
            "yes",
            &[Chord::ch('y'), Chord::ch('Y'), Chord::ENTER],
            ConfirmKey::Yes,
            "yes",
        )
        .explained("go ahead as the question says")
        .shown_as("y/Enter"),
        KeyRow::new(
            "no",
            &[Chord::ch('n'), Chord::ch('N'), Chord::ESC],
            ConfirmKey::No,
            "no",
        )
        .explained("change nothing: keep things as they are")
        .shown_as("n/Esc"),
    ],
    Rest::SWALLOW,
);

impl LayerView for Confirm {
    /// Another ask while this one waits (`layers::opened_by` opens only the first): it opens
    /// over this one, and each is answered in turn, the newest first.
    fn on_event(&mut self, event: &LayerEvent, _cx: &mut Ctx<'_>) -> Outcome {
        match event {
            LayerEvent::ConfirmWanted(ask) => {
                Outcome::Open(Layer::Confirm(Confirm { ask: ask.clone() }), vec![])
            }
            _ => Outcome::Ignored,
        }
    }

    fn handle(&mut self, input: &Input<'_>, cx: &mut Ctx<'_>) -> Outcome {
        let Input::Key(key) = input else {
            return Outcome::Consumed(vec![]);
        };
        let now = cx.now;
        Outcome::of_key(
            KEYS.resolve(key, self, &cx.config.keymap),
            |action| match action {
                ConfirmKey::Yes => Outcome::Close(match &self.ask {
                    Confirmable::InitOverwrite { .. } => init::send(cx.session_mut(), true, now),
                    Confirmable::ExportOverwrite { path } => {
                        export::write(cx, path.clone(), true, false)
                    }
                    Confirmable::RemoveMarketplace { name } => {
                        marketplaces::remove(cx.session_mut(), name)
                    }
                    Confirmable::UpgradeMarketplace { name } => {
                        marketplaces::upgrade(cx.session_mut(), name.as_deref())
                    }
                    ask => confirm_tools::go_ahead(ask, cx)
                        .unwrap_or_else(|| thread_removal::confirmed(ask)),
                }),
                // The view that asked is still below, as it was: nothing to say.
                ConfirmKey::No if confirm_tools::holds(&self.ask) => Outcome::Close(vec![]),
                ConfirmKey::No => {
                    let kept = match &self.ask {
                        Confirmable::InitOverwrite { .. } => {
                            "AGENTS.md is left as it is; nothing was sent."
                        }
                        Confirmable::ExportOverwrite { .. } => {
                            "The file is left as it is; nothing was saved."
                        }
                        Confirmable::ArchiveThread { .. } => "Not archived.",
                        Confirmable::DeleteThread { .. } => "Not deleted.",
                        Confirmable::RemoveMarketplace { .. } => "The marketplace is kept.",
                        Confirmable::UpgradeMarketplace { .. } => "Nothing was upgraded.",
                        _ => "Nothing was changed.",
                    };
                    cx.transcript_mut().notice(NoticeLevel::Info, kept);
                    Outcome::Close(vec![])
                }
            },
        )
    }

    fn placement(&self) -> Placement {
        Placement::Popup
    }

    fn title(&self, _session: &Session) -> &'static str {
        match self.ask {
            Confirmable::InitOverwrite { .. } => "Replace AGENTS.md?",
            Confirmable::ExportOverwrite { .. } => "Replace the file?",
            Confirmable::ArchiveThread { .. } => "Archive this thread?",
            Confirmable::DeleteThread { .. } => "Delete this thread?",
            Confirmable::RemoveMarketplace { .. } => "Remove the marketplace?",
            Confirmable::UpgradeMarketplace { .. } => "Upgrade marketplaces?",
            ref ask => confirm_tools::title(ask).unwrap_or("Go ahead?"),
        }
    }

    fn keys(&self, cx: &ViewCx<'_>) -> KeyList {
        KEYS.list(self, &cx.config.keymap)
    }
}
