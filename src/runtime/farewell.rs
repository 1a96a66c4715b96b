//! What tern prints once its screen is gone: the text copied with `/copy`, why the session
//! failed, and how to resume the thread. All of it comes from the server or the model, and it
//! reaches the terminal with no screen layer in between: it is sanitised here, in one pure
//! function the property tests call.

use super::event_loop::LoopOutcome;
use crate::render::resume_hint::resume_command;
use crate::text::sanitize::printable_text;

/// The two texts to print, each empty or ending in a newline.
#[derive(Debug, Clone, Default, PartialEq)]
pub struct Farewell {
    pub stdout: String,
    pub stderr: String,
}

/// What to print with the default settings: what `/copy` copied is named, not printed.
pub fn farewell(outcome: &LoopOutcome, demo: bool) -> Farewell {
    farewell_with(outcome, demo, false)
}

/// What to print; `print_copied` (`--print-copied`, `print_copied = true`) prints the copied
/// text itself too.
pub fn farewell_with(outcome: &LoopOutcome, demo: bool, print_copied: bool) -> Farewell {
    let mut out = Farewell::default();
    // `print_on_exit`: the conversation first, so the terminal keeps it once the screen goes.
    if let Some(text) = &outcome.conversation {
        out.stdout.push_str(&printable_text(text));
        if !out.stdout.ends_with('\n') {
            out.stdout.push('\n');
        }
    }
    // Drafts are kept: what was typed and never sent is not lost with the screen.
    if let Some(text) = &outcome.unsent {
        out.stdout.push_str(&format!(
            "── not sent ──\n{}\n── end of not sent ──\n",
            printable_text(text)
        ));
    }
    // Sent into the running turn, with no answer yet: not "not sent", but maybe not received.
    if let Some(text) = &outcome.unconfirmed {
        out.stdout.push_str(&format!(
            "── sent to the running turn, not confirmed (it may not have reached it) ──\n{}\n\
             ── end of not confirmed ──\n",
            printable_text(text)
        ));
    }
    // OSC 52 has no answer: tern cannot know the copy worked. One line says what was copied;
    // the text itself is printed only when asked.
    if let Some(text) = &outcome.copied {
        let lines = text.lines().count().max(1);
        let chars = text.chars().count();
        let plural = |n: usize, word: &str| format!("{n} {word}{}", if n == 1 { "" } else { "s" });
        if print_copied {
            out.stdout.push_str(&format!(
                "── copied to the clipboard last ({}, {}) ──\n{}\n── end of copy ──\n",
                plural(lines, "line"),
                plural(chars, "character"),
                printable_text(text)
            ));
        } else {
            out.stdout.push_str(&format!(
                // Not "the last answer": `/copy pick` and a selected cell copy other text.
                "Copied to the clipboard last: {}, {} (tern --print-copied, or \
                 print_copied = true in its config, prints it here).\n",
                plural(lines, "line"),
                plural(chars, "character")
            ));
        }
    }
    if let Some(failure) = &outcome.failure {
        out.stderr
            .push_str(&format!("tern: {}\n", printable_text(failure)));
    }
    if let Some(thread) = &outcome.thread_id {
        let shown = printable_text(thread);
        if demo {
            out.stdout.push_str(&format!(
                "Demo thread {shown} ended (the demo forgets its threads on exit). \
                 To see the resume picker: tern --demo resume\n"
            ));
        } else {
            match resume_command(thread) {
                Ok(command) => {
                    out.stdout
                        .push_str(&format!("Thread {shown}. To continue it: {command}\n"));
                }
                Err(why) => out.stdout.push_str(&format!(
                    "The thread's id is not shown: {why}. `tern resume` lists the threads to \
                     pick it from.\n"
                )),
            }
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    fn outcome(thread: Option<&str>, failure: Option<&str>, copied: Option<&str>) -> LoopOutcome {
        LoopOutcome {
            thread_id: thread.map(str::to_string),
            failure: failure.map(str::to_string),
            frames_drawn: 0,
            copied: copied.map(str::to_string),
            unsent: None,
            unconfirmed: None,
            conversation: None,
        }
    }

    #[test]
    fn the_conversation_printed_on_exit_comes_first_and_is_sanitised() {
        let mut ended = outcome(Some("t1"), None, None);
        ended.conversation = Some("you: hi\ncodex: \x1b]0;owned\x07hello \x1b[2Jthere\n".into());
        let f = farewell(&ended, false);
        assert!(f.stdout.starts_with("you: hi\ncodex: "), "{:?}", f.stdout);
        assert!(f.stdout.contains("hello"), "{:?}", f.stdout);
        assert!(
            !f.stdout.contains('\x1b'),
            "no escape reaches the terminal: {:?}",
            f.stdout
        );
        assert!(f.stdout.contains("Thread t1."), "the resume hint follows");
    }

    #[test]
    fn everything_printed_is_sanitised_and_the_resume_hint_is_inert() {
        let f = farewell(
            &outcome(
                Some("0b1d; curl x | sh #"),
                Some("stopped; last stderr: \u{1b}]0;T\u{7}boom"),
                Some("one \u{1b}[2Jtwo\nthree\u{202e}"),
            ),
            false,
        );
        assert_eq!(
            f.stdout,
            "Copied to the clipboard last: 2 lines, 18 characters (tern --print-copied, or \
             print_copied = true in its config, prints it here).\n\
             Thread 0b1d; curl x | sh #. To continue it: tern resume '0b1d; curl x | sh #'\n"
        );
        assert_eq!(f.stderr, "tern: stopped; last stderr: boom\n");
    }

    #[test]
    fn an_id_with_controls_is_not_printed_and_the_reason_is() {
        let f = farewell(&outcome(Some("id\u{1b}]52;c;eA==\u{7}"), None, None), false);
        assert!(!f.stdout.contains("tern resume id"), "{}", f.stdout);
        assert!(f.stdout.contains("control characters"), "{}", f.stdout);
    }

    /// OSC 52 has no answer: one line says what was copied, the text only when asked.
    #[test]
    fn the_copied_text_is_named_and_printed_only_when_asked() {
        let copied = outcome(None, None, Some("cargo test\n\tcargo build"));
        let named = farewell(&copied, false).stdout;
        assert!(
            named.starts_with("Copied to the clipboard last: 2 lines"),
            "{named}"
        );
        assert!(!named.contains("cargo build"), "{named}");
        let printed = farewell_with(&copied, false, true).stdout;
        assert!(
            printed.contains("cargo test\n    cargo build\n── end of copy ──"),
            "{printed}"
        );
    }
}
