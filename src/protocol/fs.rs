//! `fs/*`: the server's own filesystem, for what tern reads and writes on a server elsewhere
//! (the exec-policy rules under its `codexHome`). Contents travel base64-encoded.

use serde::{Deserialize, Serialize};

pub(crate) const FS_READ_DIRECTORY: &str = "fs/readDirectory";
pub(crate) const FS_READ_FILE: &str = "fs/readFile";
pub(crate) const FS_WRITE_FILE: &str = "fs/writeFile";
/// `fs/getMetadata`: whether a path is a folder (`/cd`).
pub(crate) const FS_GET_METADATA: &str = "fs/getMetadata";

/// `FsGetMetadataResponse`, the part tern reads.
#[derive(Debug, Clone, Default, PartialEq, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct FsGetMetadataResponse {
    #[serde(default)]
    pub is_directory: bool,
    /// A regular file (a review's revert writes only those).
    #[serde(default)]
    pub is_file: bool,
    /// The path itself is a symbolic link (`fs/*` follows it: a revert refuses it).
    #[serde(default)]
    pub is_symlink: bool,
}

/// `fs/readDirectory`, `fs/readFile` and `fs/getMetadata`: an absolute path on the server.
#[derive(Debug, Clone, PartialEq, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct FsPathParams {
    pub path: String,
}

#[derive(Debug, Clone, PartialEq, Deserialize)]
#[serde(rename_all = "camelCase")]
pub(crate) struct FsReadDirectoryResponse {
    #[serde(default)]
    pub entries: Vec<FsReadDirectoryEntry>,
}

#[derive(Debug, Clone, PartialEq, Deserialize)]
#[serde(rename_all = "camelCase")]
pub(crate) struct FsReadDirectoryEntry {
    pub file_name: String,
    #[serde(default)]
    pub is_file: bool,
}

#[derive(Debug, Clone, PartialEq, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct FsReadFileResponse {
    pub data_base64: String,
}

#[derive(Debug, Clone, PartialEq, Serialize)]
#[serde(rename_all = "camelCase")]
pub(crate) struct FsWriteFileParams {
    pub path: String,
    pub data_base64: String,
}
