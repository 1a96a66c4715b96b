//! `/pwd` and `/cd DIR`: the folder this session works in. `/cd` asks the server whether the
//! path is a folder (`fs/getMetadata`: its disk, which is not always this machine's), then
//! starts a new thread there; the folder a rewind may put files back in follows it, since the
//! person chose it. `/clear`: a new thread on a clean screen.

use super::effect::Effect;
use super::reply::Answer;
use super::request::ClientRequest;
use super::state::{Open, Session};
use crate::model::NoticeLevel;
use crate::protocol::fs::{FsGetMetadataResponse, FsPathParams};

/// `/pwd`.
pub(crate) fn pwd(state: &mut Session) -> Vec<Effect> {
    let cwd = super::threads::current_cwd(state);
    let text = if cwd.is_empty() {
        "No folder known yet: the thread has not started.".to_string()
    } else {
        format!("This thread works in {cwd}. /cd DIR starts a new thread in another folder.")
    };
    state.shown.transcript.notice(NoticeLevel::Info, text);
    vec![]
}

/// `/cd DIR`: the path made absolute, then checked by the server.
pub(crate) fn cd(state: &mut Session, dir: &str) -> Vec<Effect> {
    if dir.is_empty() {
        state.shown.transcript.notice(
            NoticeLevel::Warning,
            "Usage: /cd DIR (/pwd says where you are)",
        );
        state.composer.set_text("/cd ");
        return vec![];
    }
    if super::threads::busy(state, "change folder") {
        return vec![];
    }
    let base = super::threads::current_cwd(state);
    let path = absolute(dir, &base, state.config.home.as_deref());
    vec![Effect::Request(ClientRequest::CheckFolder(FsPathParams {
        path,
    }))]
}

/// The server said what `path` is: a new thread there, or why not.
pub(crate) fn checked(
    state: &mut Session,
    path: String,
    answer: Answer<FsGetMetadataResponse>,
) -> Vec<Effect> {
    let refusal = match answer {
        Ok(meta) if meta.is_directory => None,
        Ok(_) => Some(format!("{path} is not a folder: nothing changed.")),
        Err(e) => Some(format!("No folder {path} ({e}): nothing changed.")),
    };
    if let Some(text) = refusal {
        state.shown.transcript.notice(NoticeLevel::Warning, text);
        return vec![];
    }
    if super::threads::busy(state, "change folder") {
        return vec![];
    }
    state.config.settings.cwd = Some(path.clone());
    state.rewind.bound = Some(path.clone());
    let effects = super::lifecycle::new_thread(state);
    state.shown.transcript.notice(
        NoticeLevel::Info,
        format!("Now in {path}: a new thread starts there."),
    );
    effects
}

/// `/clear`: a new thread, and none of the old one's cells on screen (not even the line
/// saying how to resume it: `/resume` lists it).
pub(crate) fn clear(state: &mut Session) -> Vec<Effect> {
    if super::threads::busy(state, "clear") {
        return vec![];
    }
    super::switch::show_no_thread(state);
    super::lifecycle::open(state, Open::New)
}

/// `dir` as an absolute path: `~` is the home folder, a relative path is taken from `base`;
/// `.` and `..` are resolved by name (the server says whether the result exists).
fn absolute(dir: &str, base: &str, home: Option<&str>) -> String {
    let joined = match (dir.strip_prefix('~'), home) {
        (Some(rest), Some(home)) if rest.is_empty() || rest.starts_with('/') => {
            format!("{home}{rest}")
        }
        _ if dir.starts_with('/') => dir.to_string(),
        _ => format!("{}/{dir}", base.trim_end_matches('/')),
    };
    let mut parts: Vec<&str> = Vec::new();
    for part in joined.split('/') {
        match part {
            "" | "." => {}
            ".." => {
                parts.pop();
            }
            name => parts.push(name),
        }
    }
    format!("/{}", parts.join("/"))
}

#[cfg(test)]
mod tests {
    use super::absolute;

    #[test]
    fn a_folder_is_made_absolute_by_name() {
        let home = Some("/home/me");
        assert_eq!(absolute("src", "/work/repo", home), "/work/repo/src");
        assert_eq!(absolute("../other/", "/work/repo", home), "/work/other");
        assert_eq!(absolute("/etc/./x", "/work", home), "/etc/x");
        assert_eq!(absolute("~", "/work", home), "/home/me");
        assert_eq!(absolute("~/code", "/work", home), "/home/me/code");
        assert_eq!(absolute("~x", "/work", home), "/work/~x");
        assert_eq!(absolute("../../..", "/a", home), "/");
    }
}
