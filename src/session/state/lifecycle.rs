//! Where the session stands with its server and its thread, as data: the one state machine of
//! connecting, opening a thread (new, resumed, forked, the newest of the directory, the
//! picker's, the same one again after a restart) and ready. The session's `lifecycle` module
//! moves it; everything else reads it.
//!
//! ```text
//! Connecting{then} --initialize ok--> Opening(then) | Picking      (then = Pick)
//!                  --initialize ok--> Trusting(then)   (a folder codex has no trust for)
//! Trusting(then)   --config read, person answered--> Opening(then) | Picking
//!                  --refused-------> Failed
//! Picking          --person picks--> Opening(Resume|Fork|New)
//! Opening(Last)    --thread/list---> Opening(Resume) | Opening(New)
//! Opening(..)      --answer ok-----> Ready                          (adopt_thread)
//!                  --refused-------> Ready (a thread is shown) | Failed
//! Ready            --/new, /fork, picker--> Opening(..)
//! any              --Ctrl+R-------> Restarting{thread} --server up--> Connecting{then: Restore}
//! any              --connection lost--> Failed
//! ```

use super::Resume;

/// The session's stage.
#[derive(Debug, Clone, PartialEq)]
pub enum Lifecycle {
    /// `initialize` is on its way (at startup, or to a server started again: `again`), and
    /// what to open once it is answered.
    Connecting { then: Open, again: bool },
    /// At startup, before anything opens: codex's trust for the folder is read, and asked of
    /// the person when codex has none (`session::trust`); then `Open` opens.
    Trusting(Open),
    /// At startup (`tern resume`): the picker is open and the person chooses a thread.
    Picking,
    /// What opens a thread is on its way (the thread shown until then, if any, stays).
    Opening(Open),
    /// A thread is open: the person's messages go out.
    Ready,
    /// The runtime is starting a new server (Ctrl+R); the thread to resume on it.
    Restarting { thread: Option<String> },
    /// The session cannot go on: what happened and what to do.
    Failed(String),
}

/// What the session opens.
#[derive(Debug, Clone, PartialEq)]
pub enum Open {
    /// A new thread (`thread/start`).
    New,
    /// A thread by its id (`thread/resume`).
    Resume(String),
    /// A copy of a thread, opened in its place (`thread/fork`).
    Fork(String),
    /// The newest thread of this directory (`thread/list`, then a resume).
    Last,
    /// The picker, at startup: the person chooses.
    Pick,
    /// The thread that was open, on a server started again (`thread/resume`).
    Restore(String),
    /// One of the main thread's sub-agents, or the main thread again from one of them
    /// (`thread/resume` without the person's settings: an agent keeps its own model).
    Agent(String),
}

impl Open {
    /// What a session asked to start as `resume` opens first.
    pub(crate) fn first(resume: &Resume) -> Open {
        match resume {
            Resume::New => Open::New,
            Resume::Thread(id) => Open::Resume(id.clone()),
            Resume::Last => Open::Last,
            Resume::Pick => Open::Pick,
        }
    }
}

impl Lifecycle {
    /// A thread is open and the person's messages go out.
    pub fn is_ready(&self) -> bool {
        *self == Lifecycle::Ready
    }

    /// Why the session cannot go on, if it cannot.
    pub fn failure(&self) -> Option<&str> {
        match self {
            Lifecycle::Failed(why) => Some(why),
            _ => None,
        }
    }
}
