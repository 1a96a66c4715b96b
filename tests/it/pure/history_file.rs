//! The prompt history file: kept across runs, private, tolerant of a torn or garbage line, and
//! whole lines when appended from many writers at once.

use std::os::unix::fs::PermissionsExt;
use std::path::Path;
use tern::runtime::history_file::{append, load};

fn lines_of(path: &Path) -> Vec<String> {
    std::fs::read_to_string(path)
        .unwrap()
        .lines()
        .map(str::to_string)
        .collect()
}

#[test]
fn entries_survive_a_restart_and_the_file_is_private() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("data/tern/history.jsonl");
    append(&path, "first prompt").unwrap();
    append(&path, "two\nlines with \"quotes\" and \u{1b}[31m").unwrap();
    assert_eq!(
        load(&path).unwrap(),
        ["first prompt", "two\nlines with \"quotes\" and \u{1b}[31m"]
    );
    assert_eq!(lines_of(&path).len(), 2, "one JSON string per line");
    let mode = std::fs::metadata(&path).unwrap().permissions().mode();
    assert_eq!(mode & 0o777, 0o600);
    // A file made public by someone else is made private again on the next append.
    std::fs::set_permissions(&path, std::fs::Permissions::from_mode(0o644)).unwrap();
    append(&path, "third").unwrap();
    let mode = std::fs::metadata(&path).unwrap().permissions().mode();
    assert_eq!(mode & 0o777, 0o600);
}

#[test]
fn a_torn_last_line_and_garbage_are_skipped_and_the_next_entry_is_whole() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("history.jsonl");
    std::fs::write(&path, "\"kept\"\nnot json\n\u{0}\u{ff}\n\"torn in the midd").unwrap();
    assert_eq!(load(&path).unwrap(), ["kept"]);
    append(&path, "after the crash").unwrap();
    assert_eq!(load(&path).unwrap(), ["kept", "after the crash"]);
}

#[test]
fn the_file_is_read_from_its_end_within_a_cap() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("history.jsonl");
    let mut text = String::new();
    for i in 0..3000 {
        text.push_str(&serde_json::to_string(&format!("prompt {i}")).unwrap());
        text.push('\n');
    }
    std::fs::write(&path, text).unwrap();
    let entries = load(&path).unwrap();
    assert_eq!(entries.len(), tern::controls::prompt_history::MAX_ENTRIES);
    assert_eq!(entries.last().map(String::as_str), Some("prompt 2999"));
}

#[test]
fn concurrent_appends_interleave_whole_lines() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("history.jsonl");
    let writers = 8;
    let each = 200;
    let threads: Vec<_> = (0..writers)
        .map(|w| {
            let path = path.clone();
            std::thread::spawn(move || {
                // Long entries, so a torn write would show.
                let filler = "x".repeat(3000);
                for i in 0..each {
                    append(&path, &format!("writer {w} entry {i} {filler}")).unwrap();
                }
            })
        })
        .collect();
    for thread in threads {
        thread.join().unwrap();
    }
    // The check for a torn last line can race another writer's append and end the file with
    // a newline of its own: a blank line, which reading skips.
    let lines: Vec<String> = lines_of(&path)
        .into_iter()
        .filter(|l| !l.is_empty())
        .collect();
    assert_eq!(lines.len(), writers * each);
    for line in &lines {
        let entry: String = serde_json::from_str(line).expect("every line is a whole entry");
        assert!(entry.starts_with("writer "));
    }
    for w in 0..writers {
        let mine: Vec<usize> = lines
            .iter()
            .map(|l| serde_json::from_str::<String>(l).unwrap())
            .filter(|e| e.starts_with(&format!("writer {w} ")))
            .map(|e| e.split(' ').nth(3).unwrap().parse().unwrap())
            .collect();
        assert_eq!(
            mine,
            (0..each).collect::<Vec<_>>(),
            "each writer's order is kept"
        );
    }
}
