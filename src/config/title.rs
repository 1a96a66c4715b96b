//! `title`: what the window title shows. `false` leaves the terminal's title alone; a list
//! names the parts (`["thread", "state"]` by default; `true` is the default list).

use serde::Deserialize;

#[derive(Debug, Clone, Copy, PartialEq, Eq, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum TitleItem {
    /// The thread's name, once it has one.
    Thread,
    /// Working, waiting for you, done.
    State,
    /// The folder tern runs in (its last component).
    Folder,
}

/// The key as written: a switch or a list of parts.
#[derive(Debug, Clone, PartialEq, Eq, Deserialize)]
#[serde(untagged)]
pub enum TitleSetting {
    Switch(bool),
    Items(Vec<TitleItem>),
}

pub const DEFAULT_TITLE: &[TitleItem] = &[TitleItem::Thread, TitleItem::State];

impl TitleSetting {
    /// The parts shown; `None`: no title at all.
    pub(crate) fn items(&self) -> Option<Vec<TitleItem>> {
        match self {
            TitleSetting::Switch(false) => None,
            TitleSetting::Switch(true) => Some(DEFAULT_TITLE.to_vec()),
            TitleSetting::Items(items) => Some(items.clone()),
        }
    }

    /// As `--print-config` writes it.
    pub(crate) fn shown(&self) -> String {
        match self.items() {
            None => "false".into(),
            Some(items) => {
                let names: Vec<String> = items
                    .iter()
                    .map(|item| {
                        let name = match item {
                            TitleItem::Thread => "thread",
                            TitleItem::State => "state",
                            TitleItem::Folder => "folder",
                        };
                        format!("\"{name}\"")
                    })
                    .collect();
                format!("[{}]", names.join(", "))
            }
        }
    }
}
