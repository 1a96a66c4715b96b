//! The board's data (`/threads`): every thread loaded on the server, as the last
//! `thread/loaded/list` answered, and the status the server last told of each thread
//! (`thread/status/changed` reaches every connection of a shared service, for every thread).
//! Both are bounded: a server with thousands of idle threads costs a fixed amount here.

use crate::protocol::ThreadStatus;
use std::collections::{HashMap, VecDeque};

/// Threads the board lists at most (and statuses kept at most).
pub(crate) const BOARD_THREADS: usize = 200;
/// `thread/read`s of threads whose status is unknown on their way at most: a board of two
/// hundred such threads asks a few at a time, never all at once.
pub(crate) const READS_AT_ONCE: usize = 4;
/// The most of a thread's first message kept for its row.
const PREVIEW_MAX: usize = 160;

#[derive(Debug, Clone, Default, PartialEq)]
pub struct Board {
    /// The loaded threads' ids, in the server's order, at most [`BOARD_THREADS`].
    pub loaded: Vec<String>,
    /// A `thread/loaded/list` page is on its way.
    pub listing: bool,
    /// The listing stopped at the bound: more threads are loaded than the board shows.
    pub cut: bool,
    /// Why the last listing failed, if it did.
    pub error: Option<String>,
    statuses: HashMap<String, ThreadStatus>,
    /// Ids in `statuses`, oldest news first (what goes when the bound is reached).
    order: Vec<String>,
    /// Listed threads whose status is unknown, still to read (`thread/read`), in list order.
    pub(crate) to_read: VecDeque<String>,
    /// The threads whose `thread/read` is on its way, at most [`READS_AT_ONCE`].
    pub(crate) reading: Vec<String>,
    /// The first message of threads read, for their rows (only listed ones are kept).
    previews: HashMap<String, String>,
    /// Where threads read work and with which model (`thread/read`'s `cwd` and `model`), for
    /// the details pane; bounded like the previews.
    places: HashMap<String, Place>,
    /// Why the `thread/read` of a listed thread failed, until the next listing (bounded).
    read_errors: HashMap<String, String>,
}

/// Where a thread works and with which model, as `thread/read` told.
#[derive(Debug, Clone, Default, PartialEq)]
pub(crate) struct Place {
    pub(crate) cwd: Option<String>,
    pub(crate) model: Option<String>,
}

impl Board {
    /// The server told of thread `id`'s status.
    pub(crate) fn status_changed(&mut self, id: &str, status: ThreadStatus) {
        if self.statuses.insert(id.to_string(), status).is_some() {
            self.order.retain(|known| known != id);
        } else if self.order.len() >= BOARD_THREADS {
            let oldest = self.order.remove(0);
            self.statuses.remove(&oldest);
        }
        self.order.push(id.to_string());
    }

    /// What the server last said of thread `id`.
    pub(crate) fn status(&self, id: &str) -> Option<&ThreadStatus> {
        self.statuses.get(id)
    }

    /// What `thread/read` told of thread `id`: its status, unless the server's news came
    /// first (that is newer), and its first message, one line, bounded.
    pub(crate) fn read(&mut self, id: &str, status: Option<ThreadStatus>, preview: &str) {
        if let Some(status) = status.filter(|_| self.status(id).is_none()) {
            self.status_changed(id, status);
        }
        let Some(line) = preview.lines().map(str::trim).find(|l| !l.is_empty()) else {
            return;
        };
        if self.previews.len() >= BOARD_THREADS {
            let loaded = &self.loaded;
            self.previews.retain(|known, _| loaded.contains(known));
            if self.previews.len() >= BOARD_THREADS {
                return;
            }
        }
        let mut end = line.len().min(PREVIEW_MAX);
        while !line.is_char_boundary(end) {
            end -= 1;
        }
        self.previews
            .insert(id.to_string(), line[..end].to_string());
    }

    /// What `thread/read` told of where thread `id` works (kept for listed threads only).
    pub(crate) fn read_place(&mut self, id: &str, cwd: Option<String>, model: Option<String>) {
        if self.places.len() >= BOARD_THREADS {
            let loaded = &self.loaded;
            self.places.retain(|known, _| loaded.contains(known));
            if self.places.len() >= BOARD_THREADS {
                return;
            }
        }
        self.places.insert(id.to_string(), Place { cwd, model });
    }

    /// Where thread `id` works, when `thread/read` told it.
    pub(crate) fn place(&self, id: &str) -> Option<&Place> {
        self.places.get(id)
    }

    /// The `thread/read` of thread `id` failed with `error` (said on its row until the next
    /// listing reads it again).
    pub(crate) fn read_failed(&mut self, id: &str, error: &str) {
        if self.read_errors.len() < BOARD_THREADS {
            let end = crate::render::text_chunks::floor_char_boundary(error, PREVIEW_MAX);
            self.read_errors
                .insert(id.to_string(), error[..end].to_string());
        }
    }

    /// Why the `thread/read` of thread `id` failed, if it did.
    pub(crate) fn read_error(&self, id: &str) -> Option<&str> {
        self.read_errors.get(id).map(String::as_str)
    }

    /// Thread `id`'s first message, when `thread/read` told it.
    pub(crate) fn preview(&self, id: &str) -> Option<&str> {
        self.previews.get(id).map(String::as_str)
    }

    /// A listing starts again from its first page.
    pub(crate) fn start_listing(&mut self) {
        self.to_read.clear();
        self.read_errors.clear();
        self.loaded.clear();
        self.listing = true;
        self.cut = false;
        self.error = None;
    }

    /// A page of ids came; whether there is room for more.
    pub(crate) fn add_page(&mut self, ids: Vec<String>) -> bool {
        for id in ids {
            if self.loaded.len() >= BOARD_THREADS {
                self.cut = true;
                return false;
            }
            if !self.loaded.contains(&id) {
                self.loaded.push(id);
            }
        }
        true
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn statuses_and_listings_stay_bounded() {
        let mut board = Board::default();
        for n in 0..BOARD_THREADS + 50 {
            board.status_changed(&format!("t{n}"), ThreadStatus::Idle);
        }
        assert_eq!(board.statuses.len(), BOARD_THREADS);
        assert!(board.status("t0").is_none());
        assert!(board.status(&format!("t{}", BOARD_THREADS + 49)).is_some());
        board.start_listing();
        let ids: Vec<String> = (0..BOARD_THREADS + 1).map(|n| format!("t{n}")).collect();
        assert!(!board.add_page(ids));
        assert_eq!(board.loaded.len(), BOARD_THREADS);
        assert!(board.cut);
    }

    #[test]
    fn previews_are_one_bounded_line_kept_for_listed_threads_only() {
        let mut board = Board::default();
        board.start_listing();
        board.add_page((0..BOARD_THREADS).map(|n| format!("t{n}")).collect());
        // Threads read and then gone from the listing fill the store first.
        for n in 0..BOARD_THREADS {
            board.read(&format!("gone{n}"), None, "old");
        }
        board.read(
            "t0",
            Some(ThreadStatus::Idle),
            &format!("\n  {}é\nmore", "x".repeat(300)),
        );
        let preview = board
            .preview("t0")
            .expect("room made from threads no longer listed");
        assert!(preview.len() <= PREVIEW_MAX && preview.starts_with("xxx"));
        assert!(board.preview("gone0").is_none());
        assert_eq!(board.status("t0"), Some(&ThreadStatus::Idle));
        // News that came first is newer than a read.
        board.status_changed("t1", ThreadStatus::SystemError);
        board.read("t1", Some(ThreadStatus::Idle), "");
        assert_eq!(board.status("t1"), Some(&ThreadStatus::SystemError));
        assert!(board.preview("t1").is_none());
    }
}
