//! Where `/export` alone proposes to write: never the work tree (an export dropped into the
//! repository gets committed by the next `git add -A`). The person's downloads folder when
//! there is one (a desktop: where files a program saved for them are looked for), else
//! `exports` in tern's data folder (a server has no downloads folder; tern's own folder exists
//! or can be made, and keeps the exports together). `$TERN_EXPORT_DIR` names another (tests).

use crate::session::state::SessionConfig;
use std::path::{Path, PathBuf};

pub(crate) fn default_dir() -> Option<PathBuf> {
    if let Some(dir) = std::env::var_os("TERN_EXPORT_DIR").filter(|d| !d.is_empty()) {
        return Some(PathBuf::from(dir));
    }
    let downloads = directories::UserDirs::new()
        .and_then(|dirs| dirs.download_dir().map(Path::to_path_buf))
        .filter(|dir| dir.is_dir());
    downloads.or_else(|| {
        directories::ProjectDirs::from("", "", "tern").map(|dirs| dirs.data_dir().join("exports"))
    })
}

/// The session's config with the folder named.
pub fn with_export_dir(mut config: SessionConfig) -> SessionConfig {
    config.export_dir = default_dir();
    config
}

/// Makes the proposed folder (private: exports quote the whole conversation).
pub(crate) fn make(folder: &Path) -> std::io::Result<()> {
    use std::os::unix::fs::DirBuilderExt;
    std::fs::DirBuilder::new()
        .recursive(true)
        .mode(0o700)
        .create(folder)
}
