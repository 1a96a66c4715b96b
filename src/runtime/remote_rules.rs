//! `/rules` on a server elsewhere: its rules folder (under the `codexHome` it named) is read and
//! a rule deleted through the server's `fs/*` methods, since the paths are the other machine's.
//!
//! Locally a deletion takes codex's own `flock` on the file (`rules_file`); `fs/*` has no lock.
//! So tern reads the file, removes the rule, reads it again just before writing and starts over
//! if it changed: an append by codex in the instant between that check and the write could
//! still be lost, a window tern can narrow but not close over this protocol.

use crate::model::rules::{self, RemoveError, RulesFileText};
use crate::protocol::fs::{
    FsPathParams, FsReadDirectoryResponse, FsReadFileResponse, FsWriteFileParams,
    FS_READ_DIRECTORY, FS_READ_FILE, FS_WRITE_FILE,
};
use crate::rpc::Connection;
use base64::Engine;
use std::path::Path;

/// Rules files bigger than this are not read (as locally).
const MAX_FILE_BYTES: usize = 1 << 20;
/// Rounds of read, check and write before giving up on a file that keeps changing.
const ATTEMPTS: usize = 5;
/// Files listed at most: a folder of thousands is not a rules folder.
const MAX_FILES: usize = 200;

/// Every `*.rules` file in the server's folder `dir`, by name; a missing folder has none.
pub(crate) async fn load_rules(
    connection: &Connection,
    dir: &Path,
) -> Result<Vec<RulesFileText>, String> {
    let shown = dir.display();
    let listing = connection
        .request(
            FS_READ_DIRECTORY,
            to_value(&FsPathParams {
                path: path_text(dir),
            }),
        )
        .await;
    let listing: FsReadDirectoryResponse = match listing {
        Ok(value) => serde_json::from_value(value)
            .map_err(|e| format!("The server's listing of {shown} was unreadable: {e}"))?,
        Err(e) if looks_missing(&e.to_string()) => return Ok(Vec::new()),
        Err(e) => return Err(format!("Could not read {shown} on the server: {e}")),
    };
    let mut names: Vec<String> = listing
        .entries
        .into_iter()
        .filter(|entry| entry.is_file && entry.file_name.ends_with(".rules"))
        // A name is one path component: nothing that walks out of the folder.
        .filter(|entry| !entry.file_name.contains('/') && entry.file_name != "..")
        .map(|entry| entry.file_name)
        .collect();
    names.sort();
    names.truncate(MAX_FILES);
    let mut files = Vec::with_capacity(names.len());
    for name in names {
        let path = dir.join(&name);
        let text = read_text(connection, &path).await;
        files.push(RulesFileText { path, text });
    }
    Ok(files)
}

/// Deletes the `occurrence`-th rule whose text is `source` from the server's `file`.
pub(crate) async fn delete_rule(
    connection: &Connection,
    file: &Path,
    source: &str,
    occurrence: usize,
) -> Result<(), String> {
    let shown = file.display();
    for _ in 0..ATTEMPTS {
        let before = read_text(connection, file).await?;
        let after = rules::remove(&before, source, occurrence).map_err(|e| match e {
            RemoveError::NotFound => format!("That rule is no longer in {shown}."),
            RemoveError::SharesLine => {
                format!(
                    "That rule shares its line with other code in {shown}; edit the file by hand."
                )
            }
        })?;
        // An append that landed meanwhile is kept: start over from the new text.
        if read_text(connection, file).await? != before {
            continue;
        }
        let params = FsWriteFileParams {
            path: path_text(file),
            data_base64: base64::engine::general_purpose::STANDARD.encode(after),
        };
        return connection
            .request(FS_WRITE_FILE, to_value(&params))
            .await
            .map(|_| ())
            .map_err(|e| format!("Could not write {shown} on the server: {e}"));
    }
    Err(format!(
        "{shown} kept changing while tern rewrote it; nothing was deleted. Try again."
    ))
}

async fn read_text(connection: &Connection, path: &Path) -> Result<String, String> {
    let answer = connection
        .request(
            FS_READ_FILE,
            to_value(&FsPathParams {
                path: path_text(path),
            }),
        )
        .await
        .map_err(|e| e.to_string())?;
    let answer: FsReadFileResponse =
        serde_json::from_value(answer).map_err(|e| format!("an unreadable answer: {e}"))?;
    // Base64 is 4 characters for 3 bytes: the size is known before decoding.
    if answer.data_base64.len() / 4 * 3 > MAX_FILE_BYTES + 3 {
        return Err("too large to be a rules file".into());
    }
    let bytes = base64::engine::general_purpose::STANDARD
        .decode(answer.data_base64.trim())
        .map_err(|_| "the server sent contents that are not base64".to_string())?;
    String::from_utf8(bytes).map_err(|_| "not UTF-8 text".to_string())
}

/// The server's words for a path that does not exist (it names no error code for it).
fn looks_missing(error: &str) -> bool {
    let error = error.to_ascii_lowercase();
    error.contains("no such file")
        || error.contains("not found")
        || error.contains("does not exist")
}

fn path_text(path: &Path) -> String {
    path.to_string_lossy().into_owned()
}

fn to_value<T: serde::Serialize>(params: &T) -> serde_json::Value {
    serde_json::to_value(params).unwrap_or_default()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rpc::memory::memory_pair;
    use serde_json::{json, Value};
    use std::collections::BTreeMap;
    use std::sync::{Arc, Mutex};
    use tokio::io::{AsyncBufReadExt, AsyncWriteExt, BufReader};

    type Files = Arc<Mutex<BTreeMap<String, String>>>;

    /// A server whose filesystem is `files` (path → text), answering `fs/*` as codex does;
    /// `append_once` is appended to the first file read a second time (codex adding a rule
    /// between tern's read and its write).
    fn serve(files: Files, append_once: Option<&'static str>) -> Connection {
        let (transport, server) = memory_pair();
        let (connection, _inbound) = Connection::start(Box::new(transport));
        tokio::spawn(async move {
            let (reader, mut writer) = tokio::io::split(server);
            let mut lines = BufReader::new(reader).lines();
            let mut reads = 0;
            let mut append = append_once;
            while let Ok(Some(line)) = lines.next_line().await {
                let message: Value = serde_json::from_str(&line).unwrap();
                let id = message["id"].clone();
                let path = message["params"]["path"]
                    .as_str()
                    .unwrap_or_default()
                    .to_string();
                let b64 = &base64::engine::general_purpose::STANDARD;
                let reply = match message["method"].as_str().unwrap() {
                    FS_READ_DIRECTORY => {
                        let prefix = format!("{path}/");
                        let entries: Vec<Value> = files
                            .lock()
                            .unwrap()
                            .keys()
                            .filter_map(|p| p.strip_prefix(&prefix))
                            .map(|name| json!({"fileName": name, "isDirectory": false, "isFile": true}))
                            .collect();
                        if entries.is_empty() {
                            json!({"id": id, "error": {"code": -32603, "message": format!("No such file or directory (os error 2): {path}")}})
                        } else {
                            json!({"id": id, "result": {"entries": entries}})
                        }
                    }
                    FS_READ_FILE => {
                        reads += 1;
                        if reads == 2 {
                            if let Some(extra) = append.take() {
                                files
                                    .lock()
                                    .unwrap()
                                    .get_mut(&path)
                                    .unwrap()
                                    .push_str(extra);
                            }
                        }
                        let text = files
                            .lock()
                            .unwrap()
                            .get(&path)
                            .cloned()
                            .unwrap_or_default();
                        json!({"id": id, "result": {"dataBase64": b64.encode(text)}})
                    }
                    FS_WRITE_FILE => {
                        let data = message["params"]["dataBase64"].as_str().unwrap();
                        let text = String::from_utf8(b64.decode(data).unwrap()).unwrap();
                        files.lock().unwrap().insert(path, text);
                        json!({"id": id, "result": {}})
                    }
                    other => panic!("unexpected {other}"),
                };
                writer
                    .write_all(format!("{reply}\n").as_bytes())
                    .await
                    .unwrap();
            }
        });
        connection
    }

    const RULE_A: &str = "prefix_rule(pattern=[\"git\", \"status\"], decision=\"allow\")";
    const RULE_B: &str = "prefix_rule(pattern=[\"ls\"], decision=\"allow\")";

    #[tokio::test]
    async fn the_servers_rules_are_listed_and_a_rule_deleted_through_fs() {
        let files: Files = Arc::new(Mutex::new(BTreeMap::from([
            (
                "/srv/codex/rules/default.rules".to_string(),
                format!("{RULE_A}\n{RULE_B}\n"),
            ),
            (
                "/srv/codex/rules/notes.txt".to_string(),
                "not rules".to_string(),
            ),
        ])));
        let connection = serve(files.clone(), None);
        let dir = Path::new("/srv/codex/rules");
        let listed = load_rules(&connection, dir).await.unwrap();
        assert_eq!(listed.len(), 1);
        assert_eq!(listed[0].path, dir.join("default.rules"));
        assert_eq!(
            listed[0].text.as_deref(),
            Ok(format!("{RULE_A}\n{RULE_B}\n").as_str())
        );
        delete_rule(&connection, &dir.join("default.rules"), RULE_A, 0)
            .await
            .unwrap();
        assert_eq!(
            files.lock().unwrap()["/srv/codex/rules/default.rules"],
            format!("{RULE_B}\n")
        );
        // A folder the server does not have holds no rules.
        assert_eq!(
            load_rules(&connection, Path::new("/nowhere")).await,
            Ok(vec![])
        );
    }

    #[tokio::test]
    async fn a_rule_appended_during_a_deletion_is_kept() {
        let files: Files = Arc::new(Mutex::new(BTreeMap::from([(
            "/h/rules/default.rules".to_string(),
            format!("{RULE_A}\n"),
        )])));
        let connection = serve(
            files.clone(),
            Some("prefix_rule(pattern=[\"pwd\"], decision=\"allow\")\n"),
        );
        delete_rule(&connection, Path::new("/h/rules/default.rules"), RULE_A, 0)
            .await
            .unwrap();
        assert_eq!(
            files.lock().unwrap()["/h/rules/default.rules"],
            "prefix_rule(pattern=[\"pwd\"], decision=\"allow\")\n"
        );
    }
}
