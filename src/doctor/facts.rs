//! What the runtime knows for the doctor's report: the codex binary and how it was found, the
//! settings in force and where each came from (`--print-config`'s lines), and the terminal as
//! its environment describes it.

use crate::config::{Effective, Loaded};
use crate::runtime::codex_bin::{Located, NotFound};
use crate::session::state::first_run::DoctorSection;
use std::path::Path;

/// The codex binary: where, how it was found, or what was tried.
pub fn codex_section(codex: Option<&Result<Located, NotFound>>, demo: bool) -> DoctorSection {
    let rows = match codex {
        _ if demo => vec![("binary".into(), "none: the embedded demo".into())],
        None => vec![(
            "binary".into(),
            "none: codex runs elsewhere (--remote)".into(),
        )],
        Some(Ok(found)) => {
            let mut rows = vec![
                ("binary".into(), found.path.display().to_string()),
                ("found by".into(), found.how.clone()),
            ];
            if !crate::runtime::codex_bin::is_executable(&found.path) {
                rows.push(("problem".into(), "it is not executable".into()));
            }
            rows
        }
        Some(Err(missing)) => missing
            .tried
            .iter()
            .map(|line| ("not found".to_string(), line.clone()))
            .collect(),
    };
    DoctorSection {
        title: "codex binary".into(),
        rows,
    }
}

/// tern's settings in force and where each came from.
pub fn settings_section(
    effective: &Effective,
    loaded: &Loaded,
    looked_at: Option<&Path>,
) -> DoctorSection {
    let printed = crate::config::print_config(effective, loaded, looked_at);
    let rows = printed
        .lines()
        .map(|line| match line.strip_prefix("# ") {
            Some(comment) => match comment.split_once(": ") {
                Some((label, value)) => (label.to_string(), value.to_string()),
                None => ("note".to_string(), comment.to_string()),
            },
            None => match line.split_once(" = ") {
                Some((key, rest)) => {
                    let (value, source) = rest.split_once("  # ").unwrap_or((rest, ""));
                    (key.to_string(), format!("{value} · {source}"))
                }
                None => ("".to_string(), line.to_string()),
            },
        })
        .collect();
    DoctorSection {
        title: "tern's settings".into(),
        rows,
    }
}
