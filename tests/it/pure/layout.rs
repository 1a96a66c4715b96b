//! The test layout stays as `tests/it/main.rs` describes it: two integration binaries (each one
//! more relinks the whole crate), every snapshot in the folder of the test file that asserts it
//! and naming that file as its source, and no doc example in `src/` that rustdoc would compile
//! one by one.

use std::path::{Path, PathBuf};

fn root() -> &'static Path {
    Path::new(env!("CARGO_MANIFEST_DIR"))
}

fn files_under(dir: &Path, out: &mut Vec<PathBuf>) {
    for entry in std::fs::read_dir(dir).unwrap().flatten() {
        let path = entry.path();
        if path.is_dir() {
            files_under(&path, out);
        } else {
            out.push(path);
        }
    }
}

/// Cargo makes a test binary of every `tests/*.rs` and `tests/*/main.rs`.
#[test]
fn the_integration_tests_are_two_binaries() {
    let mut binaries = Vec::new();
    for entry in std::fs::read_dir(root().join("tests")).unwrap().flatten() {
        let path = entry.path();
        let name = entry.file_name().to_string_lossy().into_owned();
        if path.is_dir() && path.join("main.rs").is_file() {
            binaries.push(format!("tests/{name}/main.rs"));
        } else if path.extension().is_some_and(|e| e == "rs") {
            binaries.push(format!("tests/{name}"));
        }
    }
    binaries.sort();
    assert_eq!(
        binaries,
        ["tests/bench/main.rs", "tests/it/main.rs"],
        "a new test goes into a level folder of tests/it (a benchmark into tests/bench), \
         not a binary of its own: see tests/it/main.rs"
    );
}

/// `snapshots/<suite>/<name>.snap` with `source: tests/it/…/<suite>.rs`, a file that asserts it;
/// and no two files asserting snapshots share a name (they would share a folder).
#[test]
fn every_snapshot_lives_in_the_folder_of_the_test_file_that_owns_it() {
    let mut tests = Vec::new();
    files_under(&root().join("tests/it"), &mut tests);
    let mut owners: Vec<(String, String)> = tests
        .iter()
        .filter(|f| !f.ends_with("support/common.rs"))
        .filter(|f| std::fs::read_to_string(f).is_ok_and(|text| text.contains("snapshot!(")))
        .map(|f| {
            let stem = f.file_stem().unwrap().to_string_lossy().into_owned();
            (stem, f.strip_prefix(root()).unwrap().display().to_string())
        })
        .collect();
    owners.sort();
    for pair in owners.windows(2) {
        assert_ne!(
            pair[0].0, pair[1].0,
            "{pair:?} would share a snapshot folder"
        );
    }
    let mut files = Vec::new();
    files_under(&root().join("snapshots"), &mut files);
    assert!(!files.is_empty());
    for file in files {
        let relative = file.strip_prefix(root()).unwrap().display().to_string();
        if relative.ends_with(".snap.new") {
            continue; // a failing assertion's proposal, ignored by git; its test fails already
        }
        let suite = file
            .parent()
            .unwrap()
            .file_name()
            .unwrap()
            .to_string_lossy();
        assert_ne!(suite, "snapshots", "{relative}: not in a suite folder");
        assert!(relative.ends_with(".snap"), "{relative}: not a snapshot");
        let text = std::fs::read_to_string(&file).unwrap();
        let source = text
            .lines()
            .find_map(|line| line.strip_prefix("source: "))
            .unwrap_or_else(|| panic!("{relative}: no source in its header"));
        assert!(
            source.starts_with("tests/it/") && source.ends_with(&format!("/{suite}.rs")),
            "{relative}: its source is {source}, not a test file named after its folder"
        );
        let owner = std::fs::read_to_string(root().join(source))
            .unwrap_or_else(|e| panic!("{relative}: its source {source}: {e}"));
        assert!(
            owner.contains("snapshot!("),
            "{relative}: {source} asserts no snapshot"
        );
    }
}

/// Rustdoc compiles each Rust example of an edition-2021 crate as a program of its own:
/// examples in `src/` are `text` blocks (what the crate docs show) unless a test needs them.
#[test]
fn doc_examples_in_src_are_text() {
    let mut files = Vec::new();
    files_under(&root().join("src"), &mut files);
    let mut compiled = Vec::new();
    for file in files
        .iter()
        .filter(|f| f.extension().is_some_and(|e| e == "rs"))
    {
        let text = std::fs::read_to_string(file).unwrap();
        let mut open = false;
        for (number, line) in text.lines().enumerate() {
            let Some(doc) = ["///", "//!"]
                .iter()
                .find_map(|prefix| line.trim_start().strip_prefix(prefix))
            else {
                continue;
            };
            let Some(info) = doc.trim_start().strip_prefix("```") else {
                continue;
            };
            if !open && info.trim() != "text" {
                compiled.push(format!(
                    "{}:{}",
                    file.strip_prefix(root()).unwrap().display(),
                    number + 1
                ));
            }
            open = !open;
        }
    }
    assert!(
        compiled.is_empty(),
        "doc examples rustdoc would compile one by one (make them ```text): {compiled:?}"
    );
}
