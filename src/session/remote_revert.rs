//! A review's reverts on a server elsewhere (`--remote` over ws, wss or ssh), through the
//! server's `fs/*`: its files are the other machine's. When the review opens, each file is read
//! with `fs/readFile` (what a revert puts back); once the patch lands, each file to put back,
//! one at a time, is checked to be a regular file and no symbolic link (`fs/getMetadata`),
//! read again and checked to be exactly what the patch produced (its blob id, as on this
//! machine), then written with `fs/writeFile` and read once more: that write is in place, not
//! atomic, so a file that does not then hold what was written is a failure naming it. A file
//! that changed since the patch is refused and nothing is written to it. The outcomes are the
//! local restore's (`RestoreOutcome`), so what the agent is told is the same. Paths stay
//! inside the session's folder as written; a link among its folders cannot be seen from here
//! (`fs/getMetadata` speaks of the path itself). A file that would be deleted is refused
//! (tern removes no file through `fs/*`).

use crate::model::rewind::blob::blob_id;
use crate::model::rewind::{within, FileRestore, RestoreAction, RestoreOutcome};
use crate::protocol::fs::{FsGetMetadataResponse, FsReadFileResponse};
use crate::protocol::FsWriteFileParams;
use crate::session::effect::Effect;
use crate::session::reply::{Answer, ReplyError};
use crate::session::request::ClientRequest;
use crate::session::state::hunk_review::Before;
use crate::session::state::Session;
use base64::Engine;

/// A review's files as read before its patch: its item, and each path with what it held.
pub(crate) type FilesRead = (String, Vec<(String, Before)>);

/// The effects reading the review's files, and the files themselves when none is left to read.
pub(crate) type ReadStep = (Vec<Effect>, Option<FilesRead>);

/// Where the reverts are: requests to send next, or every file's outcome (the caller says
/// them: `hunk_review::reverted`, which this module does not call, being below it).
#[derive(Debug)]
pub(crate) enum Step {
    Ask(Vec<Effect>),
    Reverted(Vec<RestoreOutcome>),
}

/// Files bigger than this are neither read nor put back (as on this machine).
const MAX_FILE_BYTES: usize = 16 << 20;

/// The review's read of its files before the patch: here by the runtime, or through the
/// server's `fs/readFile` when its files are elsewhere.
pub(crate) fn read_for_review(
    state: &mut Session,
    cwd: String,
    item_id: String,
    paths: Vec<String>,
) -> ReadStep {
    if !state.config.files_elsewhere {
        let effects = vec![Effect::ReadForReview {
            cwd,
            item_id,
            paths,
        }];
        return (effects, None);
    }
    let mut reading = Vec::new();
    let mut effects = Vec::new();
    for path in paths {
        if within(&path, &cwd) {
            effects.push(Effect::Request(ClientRequest::ReviewReadRemote {
                path: path.clone(),
                item_id: item_id.clone(),
            }));
            reading.push((path, None));
        } else {
            reading.push((path, Some(Err("outside the session's folder".into()))));
        }
    }
    state.hunk_review.remote.reading = Some((item_id.clone(), reading));
    (effects, finish_reading(state))
}

/// A file read for the review: once every file is in, the review has them.
pub(crate) fn review_read(
    state: &mut Session,
    path: &str,
    item_id: &str,
    answer: Answer<FsReadFileResponse>,
) -> Option<FilesRead> {
    let (item, files) = state.hunk_review.remote.reading.as_mut()?;
    if item != item_id {
        return None;
    }
    let text = match answer {
        Err(ReplyError::Refused(why)) if looks_missing(&why) => Ok(None),
        other => content(other).and_then(|bytes| {
            String::from_utf8(bytes)
                .map(Some)
                .map_err(|_| "not text".to_string())
        }),
    };
    if let Some((_, slot)) = files
        .iter_mut()
        .find(|(p, slot)| p == path && slot.is_none())
    {
        *slot = Some(text);
    }
    finish_reading(state)
}

/// Every file read: the review's files, taken out of the waiting reads.
fn finish_reading(state: &mut Session) -> Option<FilesRead> {
    let done = state
        .hunk_review
        .remote
        .reading
        .as_ref()
        .is_some_and(|(_, files)| files.iter().all(|(_, slot)| slot.is_some()));
    if !done {
        return None;
    }
    let (item_id, files) = state.hunk_review.remote.reading.take()?;
    let files: Vec<(String, Before)> = files
        .into_iter()
        .filter_map(|(path, slot)| slot.map(|read| (path, read)))
        .collect();
    Some((item_id, files))
}

/// Puts `files` back: here by the runtime, or one by one through the server's `fs/*`.
pub(crate) fn revert(state: &mut Session, cwd: String, files: Vec<FileRestore>) -> Step {
    if !state.config.files_elsewhere {
        return Step::Ask(vec![Effect::RevertHunks { cwd, files }]);
    }
    let remote = &mut state.hunk_review.remote;
    remote.outcomes.clear();
    remote.queue.clear();
    for file in files {
        let refused = if !within(&file.path, &cwd) {
            Some("outside the session's folder")
        } else if file.action == RestoreAction::Delete {
            Some("it would be deleted, and tern removes no file on a server elsewhere")
        } else {
            None
        };
        match refused {
            Some(why) => remote.outcomes.push(RestoreOutcome {
                path: file.path,
                result: Err(why.into()),
            }),
            None => remote.queue.push_back(file),
        }
    }
    next(state)
}

/// The front file's check read, or the outcomes once every file is done.
fn next(state: &mut Session) -> Step {
    let remote = &mut state.hunk_review.remote;
    match remote.queue.front() {
        Some(file) => ask(ClientRequest::RevertStatRemote {
            path: file.path.clone(),
        }),
        None => Step::Reverted(std::mem::take(&mut remote.outcomes)),
    }
}

fn ask(request: ClientRequest) -> Step {
    Step::Ask(vec![Effect::Request(request)])
}

/// The front file is done with `result`: on to the next.
fn settle(state: &mut Session, result: Result<(), String>) -> Step {
    let remote = &mut state.hunk_review.remote;
    if let Some(file) = remote.queue.pop_front() {
        remote.outcomes.push(RestoreOutcome {
            path: file.path,
            result,
        });
    }
    next(state)
}

/// The front file's metadata: a regular file is read to be checked; a symbolic link (which
/// `fs/*` would follow, perhaps out of the folder) or anything else is refused.
pub(crate) fn revert_stat(
    state: &mut Session,
    path: &str,
    answer: Answer<FsGetMetadataResponse>,
) -> Step {
    let front = state.hunk_review.remote.queue.front();
    if front.is_none_or(|file| file.path != path) {
        return Step::Ask(vec![]);
    }
    match answer {
        Ok(meta) if meta.is_symlink => settle(
            state,
            Err("a symbolic link: tern does not follow it".into()),
        ),
        Ok(meta) if !meta.is_file => settle(state, Err("not a regular file".into())),
        Ok(_) => ask(ClientRequest::RevertReadRemote {
            path: path.to_string(),
            verify: false,
        }),
        Err(e) => settle(state, Err(e.to_string())),
    }
}

/// The front file read: before the write, it must be what the patch produced; after it, what
/// was written.
pub(crate) fn revert_read(
    state: &mut Session,
    path: &str,
    verify: bool,
    answer: Answer<FsReadFileResponse>,
) -> Step {
    let Some(file) = state.hunk_review.remote.queue.front() else {
        return Step::Ask(vec![]);
    };
    if file.path != path {
        return Step::Ask(vec![]);
    }
    let RestoreAction::Write(text) = &file.action else {
        return settle(state, Err("nothing to write".into()));
    };
    let bytes = match content(answer) {
        Ok(bytes) => bytes,
        Err(why) if verify => {
            let why = format!("written in place, then could not be read back ({why})");
            return settle(state, Err(why));
        }
        Err(why) => return settle(state, Err(why)),
    };
    if verify {
        let result = if bytes == text.as_bytes() {
            Ok(())
        } else {
            Err(
                "written in place, but it does not hold what was written: check it by hand"
                    .to_string(),
            )
        };
        return settle(state, result);
    }
    if Some(blob_id(&bytes)) != file.expected {
        return settle(state, Err("it changed since the patch".into()));
    }
    ask(ClientRequest::RevertWriteRemote(FsWriteFileParams {
        path: file.path.clone(),
        data_base64: base64::engine::general_purpose::STANDARD.encode(text.as_bytes()),
    }))
}

/// The front file written: read it back to see the write took.
pub(crate) fn revert_written(state: &mut Session, path: &str, answer: Answer<()>) -> Step {
    let front = state.hunk_review.remote.queue.front();
    if front.is_none_or(|file| file.path != path) {
        return Step::Ask(vec![]);
    }
    match answer {
        Ok(()) => ask(ClientRequest::RevertReadRemote {
            path: path.to_string(),
            verify: true,
        }),
        Err(e) => settle(state, Err(format!("the server did not write it: {e}"))),
    }
}

/// A read's bytes, or why there are none.
fn content(answer: Answer<FsReadFileResponse>) -> Result<Vec<u8>, String> {
    let answer = answer.map_err(|e| e.to_string())?;
    // Base64 is 4 characters for 3 bytes: the size is known before decoding.
    if answer.data_base64.len() / 4 * 3 > MAX_FILE_BYTES + 3 {
        return Err("too large".into());
    }
    base64::engine::general_purpose::STANDARD
        .decode(answer.data_base64.trim())
        .map_err(|_| "the server sent contents that are not base64".to_string())
}

/// The server's refusal of a read says the file does not exist.
fn looks_missing(error: &str) -> bool {
    let error = error.to_ascii_lowercase();
    error.contains("no such file")
        || error.contains("not found")
        || error.contains("does not exist")
}
