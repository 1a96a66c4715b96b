//! What the picker hears while it is open (`LayerEvent`): the pages and matches it asked for,
//! what became of its renames, archives, deletes and opens, and threads renamed, archived or
//! deleted elsewhere.

use super::ThreadPicker;
use crate::app::layers::Outcome;
use crate::session::event::LayerEvent;

impl ThreadPicker {
    /// News for the picker: pages and matches it asked for, what became of its actions, threads
    /// renamed or archived elsewhere, and the thread it opened.
    pub(super) fn news(&mut self, event: &LayerEvent) -> Outcome {
        let effects = match event {
            LayerEvent::ThreadPage {
                generation,
                fast,
                result,
            } => self.on_page(*generation, *fast, result.clone()),
            LayerEvent::ThreadMatches { generation, result } => {
                self.on_search(*generation, result.clone());
                vec![]
            }
            LayerEvent::ThreadPeek { thread_id, result } => self.on_peek(thread_id, result.clone()),
            LayerEvent::RenameAnswered {
                thread_id,
                name,
                result,
            } => {
                self.message = Some(match result {
                    Ok(()) => {
                        self.renamed(thread_id, Some(name));
                        "Renamed.".into()
                    }
                    Err(e) => format!("Could not rename: {e}"),
                });
                vec![]
            }
            LayerEvent::ArchiveAnswered {
                thread_id,
                archiving,
                result,
            } => {
                self.message = Some(match result {
                    Ok(()) => {
                        self.remove(thread_id);
                        if *archiving {
                            "Archived (Ctrl+T lists archived threads).".into()
                        } else {
                            "Unarchived.".into()
                        }
                    }
                    Err(e) => {
                        let verb = if *archiving { "archive" } else { "unarchive" };
                        format!("Could not {verb}: {e}")
                    }
                });
                vec![]
            }
            LayerEvent::DeleteAnswered { thread_id, result } => {
                self.message = Some(match result {
                    Ok(()) => {
                        self.remove(thread_id);
                        "Deleted for good.".into()
                    }
                    Err(e) => format!("Could not delete: {e}"),
                });
                vec![]
            }
            LayerEvent::ThreadDeleted { thread_id } => {
                self.remove(thread_id);
                vec![]
            }
            LayerEvent::ThreadRenamed { thread_id, name } => {
                self.renamed(thread_id, name.as_deref());
                vec![]
            }
            // Gone from this listing: archived in the live one, unarchived in the archived one.
            LayerEvent::ThreadArchived {
                thread_id,
                archived,
            } => {
                if self.archived != *archived {
                    self.remove(thread_id);
                }
                vec![]
            }
            LayerEvent::ThreadOpened => return Outcome::Close(vec![]),
            // The server would not open it: say so here and stay usable.
            LayerEvent::OpenRefused { error } => {
                self.opening = None;
                self.message = Some(format!("Could not open that thread: {error}"));
                vec![]
            }
            // Another codex writes to it: the locked-thread box opens over the picker.
            LayerEvent::ThreadLocked { .. } => {
                self.opening = None;
                self.message = Some("That thread is open in another codex.".into());
                vec![]
            }
            _ => return Outcome::Ignored,
        };
        Outcome::Consumed(effects)
    }
}
