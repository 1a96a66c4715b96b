//! Images attached to the draft: from `--image`, `@` on an image file, or Ctrl+V. Each becomes
//! a chip in the composer (`[image 1: name.png 1280×720]` once the runtime read its size) and
//! goes out with the message as a `localImage` input, which the server reads from its disk.

use crate::model::{ImageInfo, NoticeLevel};
use crate::session::effect::Effect;
use crate::session::state::Session;
use crate::text::sanitize::sanitize_line;

/// File name endings taken for images (what the Responses API accepts, and a few the server
/// converts).
const IMAGE_EXTENSIONS: &[&str] = &["png", "jpg", "jpeg", "gif", "webp", "bmp", "tif", "tiff"];

/// Whether `path` names an image file, by its ending.
pub(crate) fn is_image_path(path: &str) -> bool {
    std::path::Path::new(path)
        .extension()
        .and_then(|e| e.to_str())
        .is_some_and(|e| IMAGE_EXTENSIONS.contains(&e.to_ascii_lowercase().as_str()))
}

/// Attaches `path` to the draft; the runtime reads its size for the chip (on this machine only:
/// a server elsewhere reads its own files).
pub(crate) fn attach(state: &mut Session, path: String) -> Vec<Effect> {
    state.composer.attach_image(path.clone());
    if state.config.connected_to.is_some() {
        return vec![];
    }
    vec![Effect::ProbeImage { path }]
}

/// The runtime read an attached image: its chip shows the size, or it is taken off with why.
pub(crate) fn probed(state: &mut Session, path: &str, result: &Result<ImageInfo, String>) {
    if !state.composer.images.iter().any(|p| p == path) {
        return;
    }
    match result {
        Ok(info) => {
            state.composer.image_info.insert(path.to_string(), *info);
        }
        Err(why) => {
            state.composer.images.retain(|p| p != path);
            state.shown.transcript.notice(
                NoticeLevel::Warning,
                format!(
                    "{} was not attached: {}",
                    sanitize_line(path),
                    sanitize_line(why)
                ),
            );
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn images_are_told_by_their_ending() {
        assert!(is_image_path("shots/a.PNG"));
        assert!(is_image_path("/x/y.jpeg"));
        assert!(!is_image_path("src/main.rs"));
        assert!(!is_image_path("png"));
    }
}
