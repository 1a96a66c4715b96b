use super::*;
use std::os::unix::fs::symlink;

const GIT: &str = r#"prefix_rule(pattern=["git", "status"], decision="allow")"#;
const RM: &str = r#"prefix_rule(pattern=["rm", "-rf"], decision="forbidden", justification="no")"#;
const APPENDED: &str = r#"prefix_rule(pattern=["cargo", "test"], decision="allow")"#;

fn seeded(content: &str) -> (tempfile::TempDir, PathBuf) {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("default.rules");
    fs::write(&path, content).unwrap();
    (dir, path)
}

/// Names in the folder: a leftover temporary file would show here.
fn listing(dir: &Path) -> Vec<String> {
    let mut names: Vec<String> = fs::read_dir(dir)
        .unwrap()
        .map(|e| e.unwrap().file_name().to_string_lossy().into_owned())
        .collect();
    names.sort();
    names
}

fn open_like_codex(path: &Path) -> File {
    fs::OpenOptions::new()
        .read(true)
        .append(true)
        .open(path)
        .unwrap()
}

/// Appends a line the way codex does: open, lock, make sure of the line break, write a line.
fn append_like_codex(path: &Path, line: &str) {
    append_to_open_file(open_like_codex(path), line);
}

fn append_to_open_file(mut file: File, line: &str) {
    // SAFETY: a descriptor `file` owns.
    assert_eq!(unsafe { libc::flock(file.as_raw_fd(), libc::LOCK_EX) }, 0);
    let mut text = String::new();
    (&file).read_to_string(&mut text).unwrap();
    if !text.is_empty() && !text.ends_with('\n') {
        file.write_all(b"\n").unwrap();
    }
    file.write_all(format!("{line}\n").as_bytes()).unwrap();
}

/// Until a process waits for the lock on the file of `meta`.
fn wait_for_a_waiter(meta: &Metadata) {
    let deadline = Instant::now() + Duration::from_secs(10);
    while !lock_waiters(meta) {
        assert!(
            Instant::now() < deadline,
            "the writer never waited for the lock"
        );
        std::thread::sleep(POLL);
    }
}

#[test]
fn deletes_one_rule_and_keeps_the_rest_byte_for_byte() {
    let (dir, path) = seeded(&format!("# mine\n{GIT}\n\n{RM}\n"));
    delete_rule(&path, GIT, 0).unwrap();
    assert_eq!(
        fs::read_to_string(&path).unwrap(),
        format!("# mine\n\n{RM}\n")
    );
    assert_eq!(listing(dir.path()), ["default.rules"]);
}

#[test]
fn a_rule_appended_between_the_read_and_the_rename_is_kept() {
    let (dir, path) = seeded(&format!("# mine\n{GIT}\n{RM}\n"));
    let mut calls = 0;
    delete_rule_with(&path, GIT, 0, &mut |stage, real| {
        if stage != Stage::BeforeRename {
            return;
        }
        calls += 1;
        if calls == 1 {
            // A writer that does not lock: caught by reading the file again before the rename.
            let mut file = fs::OpenOptions::new().append(true).open(real).unwrap();
            file.write_all(format!("{APPENDED}\n").as_bytes()).unwrap();
        }
    })
    .unwrap();
    assert_eq!(calls, 2, "the first rewrite was abandoned and done again");
    assert_eq!(
        fs::read_to_string(&path).unwrap(),
        format!("# mine\n{RM}\n{APPENDED}\n")
    );
    assert_eq!(listing(dir.path()), ["default.rules"]);
}

#[test]
fn codex_waiting_for_the_lock_appends_to_the_new_file_not_the_replaced_one() {
    let (_dir, path) = seeded(&format!("{GIT}\n{RM}"));
    let mut writer = None;
    let mut calls = 0;
    delete_rule_with(&path, GIT, 0, &mut |stage, real| {
        if stage != Stage::BeforeRename {
            return;
        }
        calls += 1;
        if calls > 1 {
            return;
        }
        // codex opens the file now and blocks on the lock tern holds.
        let target = real.to_path_buf();
        writer = Some(std::thread::spawn(move || {
            append_like_codex(&target, APPENDED)
        }));
        let meta = fs::metadata(real).unwrap();
        let deadline = Instant::now() + Duration::from_secs(10);
        while !lock_waiters(&meta) {
            assert!(
                Instant::now() < deadline,
                "the writer never waited for the lock"
            );
            std::thread::sleep(POLL);
        }
    })
    .unwrap();
    writer.unwrap().join().unwrap();
    assert_eq!(
        fs::read_to_string(&path).unwrap(),
        format!("{RM}\n{APPENDED}\n")
    );
}

#[test]
fn codex_opening_the_file_just_before_the_rename_has_its_rule_carried_over() {
    let (_dir, path) = seeded(&format!("{GIT}\n{RM}\n"));
    let mut opened = None;
    let mut writer = None;
    delete_rule_with(&path, GIT, 0, &mut |stage, real| match stage {
        // codex opens the file (the old one, about to be replaced)…
        Stage::BeforeRename => opened = Some(open_like_codex(real)),
        // …and asks for the lock only once the new file is in place.
        Stage::AfterRename => {
            let file = opened.take().unwrap();
            let meta = file.metadata().unwrap();
            writer = Some(std::thread::spawn(move || {
                append_to_open_file(file, APPENDED)
            }));
            wait_for_a_waiter(&meta);
        }
    })
    .unwrap();
    writer.unwrap().join().unwrap();
    assert_eq!(
        fs::read_to_string(&path).unwrap(),
        format!("{RM}\n{APPENDED}\n")
    );
}

#[test]
fn the_file_keeps_its_permissions() {
    for mode in [0o600, 0o640, 0o644] {
        let (_dir, path) = seeded(&format!("{GIT}\n{RM}\n"));
        fs::set_permissions(&path, fs::Permissions::from_mode(mode)).unwrap();
        delete_rule(&path, RM, 0).unwrap();
        let now = fs::metadata(&path).unwrap().permissions().mode() & 0o7777;
        assert_eq!(now, mode, "mode {mode:o} became {now:o}");
    }
}

#[test]
fn a_symlinked_file_stays_a_symlink() {
    let dir = tempfile::tempdir().unwrap();
    let target = dir.path().join("dotfiles.rules.txt");
    fs::write(&target, format!("{GIT}\n{RM}\n")).unwrap();
    let link = dir.path().join("default.rules");
    symlink(&target, &link).unwrap();
    delete_rule(&link, GIT, 0).unwrap();
    assert!(fs::symlink_metadata(&link)
        .unwrap()
        .file_type()
        .is_symlink());
    assert_eq!(fs::read_to_string(&target).unwrap(), format!("{RM}\n"));
}

#[test]
fn a_rule_that_is_gone_is_reported_and_nothing_is_written() {
    let (dir, path) = seeded("# only a comment\n");
    let error = delete_rule(&path, GIT, 0).unwrap_err();
    assert!(error.contains("no longer in"), "{error}");
    assert_eq!(fs::read_to_string(&path).unwrap(), "# only a comment\n");
    assert_eq!(listing(dir.path()), ["default.rules"]);
}

#[test]
fn loading_lists_rules_files_by_name_and_says_why_one_is_unreadable() {
    let dir = tempfile::tempdir().unwrap();
    fs::write(dir.path().join("z.rules"), GIT).unwrap();
    fs::write(dir.path().join("a.rules"), RM).unwrap();
    fs::write(dir.path().join("notes.txt"), "not rules").unwrap();
    fs::write(dir.path().join("bad.rules"), [0xff, 0xfe]).unwrap();
    let loaded = load_rules(dir.path()).unwrap();
    let names: Vec<_> = loaded
        .iter()
        .map(|f| f.path.file_name().unwrap().to_string_lossy().into_owned())
        .collect();
    assert_eq!(names, ["a.rules", "bad.rules", "z.rules"]);
    assert_eq!(loaded[0].text.as_deref(), Ok(RM));
    assert_eq!(loaded[1].text, Err("not UTF-8 text".to_string()));
    assert_eq!(load_rules(&dir.path().join("missing")), Ok(vec![]));
}

#[test]
fn device_numbers_split_as_proc_locks_prints_them() {
    assert_eq!(dev_parts(0xfe00), (0xfe, 0));
    assert_eq!(dev_parts(0x0803), (8, 3));
}
