//! `r` in `/diff`'s git-diff view: the review of the person's uncommitted work, asking before
//! a revert with a prompt that names the file — with a hostile file name, hunk lines and a
//! pasted comment. Nothing of the escapes reaches the screen, the prompt included.

use crate::support::common::*;
use crossterm::event::KeyCode;
use std::time::Instant;
use tern::app::{update, AppEvent, GitDiffOutput};

#[test]
fn git_diff_review_asking_to_revert_a_hostile_file() {
    let now = Instant::now();
    let mut state = ready_state(now);
    let name = "src/\u{1b}]0;pwned\u{7}ev\u{202e}il\r.rs";
    let diff = format!(
        "diff --git a/{name} b/{name}\nindex 1111111..2222222 100644\n--- a/{name}\n+++ b/{name}\n\
         @@ -1,3 +1,3 @@\n fn main() {{\n-    let x = 1;\n+    let x = \"\u{1b}[31mred\u{202e}gnp.exe\";\n }}\n\
         @@ -10,2 +10,3 @@\n a\n-b\n+B\n+\u{1b}[2Jcleared\n"
    );
    type_text(&mut state, "/diff", now);
    update(&mut state, key(KeyCode::Enter), now);
    update(
        &mut state,
        AppEvent::GitDiff {
            cwd: "/home/user/project".into(),
            result: Ok(GitDiffOutput {
                text: diff,
                truncated: false,
                root: Some("/home/user/project".into()),
            }),
        },
        now,
    );
    let at = read(now);
    press(&mut state, KeyCode::Char('r'), at);
    // Hunk 1 reverted (n: its row); a comment pasted on its added line.
    for c in "nxjjj".chars() {
        press(&mut state, KeyCode::Char(c), at);
    }
    press(&mut state, KeyCode::Char('c'), at);
    update(
        &mut state,
        AppEvent::Paste("why \u{1b}[8mhidden\u{7}\nthis?".into()),
        at,
    );
    press(&mut state, KeyCode::Enter, at);
    // Files not read yet: Enter still asks first.
    press(&mut state, KeyCode::Enter, at);
    for (w, h) in [(120, 40), (80, 24)] {
        let shown = screen(&mut state, w, h, at);
        assert!(
            !shown.contains('\u{1b}') && !shown.contains('\u{7}') && !shown.contains('\u{202e}'),
            "{shown}"
        );
        assert!(shown.contains("Revert 1 hunk in src/"), "{shown}");
        snapshot!(&format!("git_review_confirm_{w}x{h}"), &shown);
    }
}
