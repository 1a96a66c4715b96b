//! The person's messages not yet in a turn, as data (what sends, queues and takes them back is
//! the session's `outbox` module).

use std::collections::VecDeque;

/// The person's messages not yet in a turn.
#[derive(Debug, Clone, Default, PartialEq)]
pub struct Outbox {
    /// Messages waiting for a new turn (sent while a turn runs, or before the thread is ready),
    /// sent in order afterwards.
    pub queued: VecDeque<Message>,
    /// Messages sent into the running turn (`turn/steer`) and not yet seen in it.
    pub steering: Vec<PendingSteer>,
    /// The images of the turn being started (`turn/start` in flight), given back to the
    /// composer if the server refuses it.
    pub starting_images: Vec<String>,
    /// Images attached from this machine on a remote session, on their way to the server's
    /// disk (`session::image_upload`), by their path here. A message holding one waits.
    pub uploads: std::collections::BTreeMap<String, Upload>,
}

impl Outbox {
    /// Whether `message` holds an image still on its way to the server.
    pub(crate) fn waits_for_upload(&self, message: &Message) -> bool {
        message
            .images
            .iter()
            .any(|path| self.uploads.contains_key(path))
    }
}

/// Where an image attached from this machine is on its way to the server.
#[derive(Debug, Clone, PartialEq)]
pub enum Upload {
    /// The runtime is reading it here.
    Reading,
    /// Read, waiting for the server to say where its home is (`initialize`'s `codexHome`).
    Read(crate::session::event::LocalImageBytes),
    /// Its folder on the server is being made (`fs/createDirectory`); then `data` goes to
    /// `remote` (`fs/writeFile`).
    Folder { remote: String, data: String },
    /// `fs/writeFile` of it to `remote` is under way.
    Writing { remote: String },
}

/// A message for the model: its text and the image files attached to it (sent as
/// `localImage` inputs). Reads as its text (`Deref`), so a queue compares with strings.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct Message {
    pub text: String,
    pub images: Vec<String>,
}

impl Message {
    pub fn new(text: String, images: Vec<String>) -> Self {
        Message { text, images }
    }
}

impl From<String> for Message {
    fn from(text: String) -> Self {
        Message {
            text,
            images: Vec::new(),
        }
    }
}

impl std::ops::Deref for Message {
    type Target = str;

    fn deref(&self) -> &str {
        &self.text
    }
}

impl PartialEq<str> for Message {
    fn eq(&self, other: &str) -> bool {
        self.text == other
    }
}

impl PartialEq<&str> for Message {
    fn eq(&self, other: &&str) -> bool {
        self.text == *other
    }
}

impl PartialEq<String> for Message {
    fn eq(&self, other: &String) -> bool {
        &self.text == other
    }
}

/// A steer sent and not yet seen in the turn.
#[derive(Debug, Clone, PartialEq)]
pub struct PendingSteer {
    pub prompt: String,
    /// Its images, kept so a refused steer goes out whole as a new turn.
    pub images: Vec<String>,
    /// The server said yes; its echo (the user message in the turn) has not come yet.
    pub accepted: bool,
}
