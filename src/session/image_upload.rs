//! Images attached from this machine (`--image`, Ctrl+V) on a session whose server reads
//! another machine's files (`--remote` over ws, wss or ssh): a `localImage` input names a path
//! the server reads from its own disk, so the image is first copied there, as the official TUI
//! copies a plan's attachment: read here by the runtime, then `fs/createDirectory` of
//! `<server's CODEX_HOME>/attachments/<sha1 of the bytes>` and `fs/writeFile` of the file in it.
//! The message then goes out as a local session's would (`localImage` with the server's path):
//! the server labels it `[Image #n]`, resizes it and keeps its path in the thread's history.
//!
//! Why not an inline `image` input with a `data:` URL (the schema's other choice)? The server
//! passes that to the model as it is: no label, no resizing, and the whole file in base64 in the
//! thread's history on every later request.
//!
//! A message holding an image still on its way waits in the queue and goes once it is there;
//! an image that cannot be copied is taken off with why. Images named by the `@` finder are on
//! the server already and go as they are (`images::attach`).

use super::images;
use crate::model::NoticeLevel;
use crate::protocol::{FsCreateDirectoryParams, FsWriteFileParams};
use crate::session::effect::Effect;
use crate::session::event::LocalImageBytes;
use crate::session::reply::Answer;
use crate::session::request::ClientRequest;
use crate::session::state::outbox::Upload;
use crate::session::state::Session;
use crate::text::sanitize::sanitize_line;
use std::time::Instant;

/// Attaches an image file of this machine to the draft: as it is when the server shares this
/// machine's files, else copied to the server first.
pub(crate) fn attach_here(state: &mut Session, path: String) -> Vec<Effect> {
    if !state.config.files_elsewhere {
        return images::attach(state, path);
    }
    if state.composer.images.contains(&path) {
        return vec![];
    }
    state.composer.attach_image(path.clone());
    upload(state, path)
}

/// Ctrl+V: the clipboard's image, saved by the runtime to a file, is attached; or why not.
pub(crate) fn pasted(state: &mut Session, result: Result<String, String>) -> Vec<Effect> {
    match result {
        // The clipboard's image is saved on this machine.
        Ok(path) => attach_here(state, path),
        Err(why) => {
            state.shown.transcript.notice(
                NoticeLevel::Warning,
                format!("No image pasted: {}", sanitize_line(&why)),
            );
            vec![]
        }
    }
}

/// Starts copying `path` (an image of this machine) to the server, unless it is on its way.
pub(crate) fn upload(state: &mut Session, path: String) -> Vec<Effect> {
    if state.outbox.uploads.contains_key(&path) {
        return vec![];
    }
    state.outbox.uploads.insert(path.clone(), Upload::Reading);
    vec![Effect::ReadImageForServer { path }]
}

/// The runtime read the image here: its folder on the server is made next.
pub(crate) fn read(
    state: &mut Session,
    local: &str,
    result: Result<LocalImageBytes, String>,
) -> Vec<Effect> {
    if state.outbox.uploads.get(local) != Some(&Upload::Reading) {
        return vec![];
    }
    let bytes = match result {
        Ok(bytes) => bytes,
        Err(why) => return failed(state, local, &why),
    };
    let plain_digest =
        bytes.digest.len() == 40 && bytes.digest.bytes().all(|b| b.is_ascii_hexdigit());
    if !plain_digest {
        return failed(state, local, "its digest could not be read");
    }
    if state.server.is_none() {
        // Read before `initialize` was answered (`--image` at startup): it goes on then.
        state
            .outbox
            .uploads
            .insert(local.to_string(), Upload::Read(bytes));
        return vec![];
    }
    copy(state, local, bytes)
}

/// After any event: images read before the server said where its home is are copied now that
/// it has. Nothing to do (the usual case) costs a look at an empty map.
pub(crate) fn go_on(state: &mut Session) -> Vec<Effect> {
    if state.server.is_none() || state.outbox.uploads.is_empty() {
        return vec![];
    }
    let parked: Vec<String> = state
        .outbox
        .uploads
        .iter()
        .filter(|(_, upload)| matches!(upload, Upload::Read(_)))
        .map(|(local, _)| local.clone())
        .collect();
    let mut effects = vec![];
    for local in parked {
        if let Some(Upload::Read(bytes)) = state.outbox.uploads.remove(&local) {
            effects.extend(copy(state, &local, bytes));
        }
    }
    effects
}

/// Its folder on the server is made, then the file written there.
fn copy(state: &mut Session, local: &str, bytes: LocalImageBytes) -> Vec<Effect> {
    let Some(home) = server_home(state) else {
        return failed(
            state,
            local,
            "the server did not say where its CODEX_HOME is, so there is nowhere to copy it",
        );
    };
    let folder = format!("{home}/attachments/{}", bytes.digest);
    let remote = format!("{folder}/{}", remote_name(local));
    state.outbox.uploads.insert(
        local.to_string(),
        Upload::Folder {
            remote,
            data: bytes.base64,
        },
    );
    vec![Effect::Request(ClientRequest::UploadImageFolder {
        params: FsCreateDirectoryParams {
            path: folder,
            recursive: true,
        },
        local: local.to_string(),
    })]
}

/// The folder is there (or not): the file is written next.
pub(crate) fn folder_made(state: &mut Session, local: &str, answer: Answer<()>) -> Vec<Effect> {
    let Some(Upload::Folder { remote, data }) = state.outbox.uploads.remove(local) else {
        return vec![];
    };
    if let Err(e) = answer {
        return failed(state, local, &e.to_string());
    }
    state.outbox.uploads.insert(
        local.to_string(),
        Upload::Writing {
            remote: remote.clone(),
        },
    );
    vec![Effect::Request(ClientRequest::UploadImageFile {
        params: FsWriteFileParams {
            path: remote,
            data_base64: data,
        },
        local: local.to_string(),
    })]
}

/// The file is on the server: the draft and the queued messages name it by its path there,
/// and a message that waited for it goes.
pub(crate) fn written(
    state: &mut Session,
    local: &str,
    answer: Answer<()>,
    now: Instant,
) -> Vec<Effect> {
    let Some(Upload::Writing { remote }) = state.outbox.uploads.remove(local) else {
        return vec![];
    };
    if let Err(e) = answer {
        return failed(state, local, &e.to_string());
    }
    let rename = |images: &mut Vec<String>| {
        for path in images.iter_mut().filter(|p| p.as_str() == local) {
            *path = remote.clone();
        }
    };
    rename(&mut state.composer.images);
    if let Some(info) = state.composer.image_info.remove(local) {
        state.composer.image_info.insert(remote.clone(), info);
    }
    for message in state.outbox.queued.iter_mut() {
        rename(&mut message.images);
    }
    super::outbox::send_next(state, now)
}

/// The image could not be copied: it is taken off the draft and the queued messages, with why;
/// a message that waited for it goes without it.
fn failed(state: &mut Session, local: &str, why: &str) -> Vec<Effect> {
    state.outbox.uploads.remove(local);
    state.composer.images.retain(|p| p != local);
    let mut waited = false;
    for message in state.outbox.queued.iter_mut() {
        let before = message.images.len();
        message.images.retain(|p| p != local);
        waited |= message.images.len() != before;
    }
    state.shown.transcript.notice(
        NoticeLevel::Warning,
        format!(
            "{} was not attached: it could not be copied to the server ({}){}",
            sanitize_line(local),
            sanitize_line(why),
            if waited {
                "; the message that held it goes without it"
            } else {
                ""
            }
        ),
    );
    // Nothing waits for it any more.
    super::outbox::send_next(state, Instant::now())
}

/// The server's `CODEX_HOME` (from `initialize`), when it is an absolute path: this machine's
/// says nothing of the other's.
fn server_home(state: &Session) -> Option<String> {
    let home = state.server.as_ref()?.codex_home.clone()?;
    (home.starts_with('/') && !home.contains('\0')).then(|| home.trim_end_matches('/').to_string())
}

/// The file's name on the server: its name here when that is a plain name (letters, digits,
/// `.`, `-`, `_`; at most 64 bytes; not hidden), else `image.<ending>`. Nothing in it can climb
/// out of its folder or hide a control character.
pub(crate) fn remote_name(local: &str) -> String {
    let name = local.rsplit('/').next().unwrap_or_default();
    let plain = !name.is_empty()
        && name.len() <= 64
        && !name.starts_with('.')
        && name
            .chars()
            .all(|c| c.is_ascii_alphanumeric() || matches!(c, '.' | '-' | '_'));
    if plain {
        return name.to_string();
    }
    let ending = std::path::Path::new(name)
        .extension()
        .and_then(|e| e.to_str())
        .map(str::to_ascii_lowercase)
        .filter(|e| images::is_image_path(&format!("x.{e}")))
        .unwrap_or_else(|| "png".into());
    format!("image.{ending}")
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn names_on_the_server_are_plain() {
        assert_eq!(remote_name("/home/me/shot.png"), "shot.png");
        assert_eq!(remote_name("/tmp/Screen Shot 2026.PNG"), "image.png");
        assert_eq!(remote_name("/tmp/\u{1b}[31m.jpeg"), "image.jpeg");
        assert_eq!(remote_name("/tmp/.hidden.gif"), "image.gif");
        assert_eq!(remote_name("/tmp/..png"), "image.png");
        assert_eq!(remote_name("weird"), "weird");
    }
}
